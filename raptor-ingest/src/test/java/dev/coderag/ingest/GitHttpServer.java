package dev.coderag.ingest;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;

/**
 * A real git server for tests: the JDK's HTTP server on a loopback port runs {@code git http-backend} (git's
 * own smart-HTTP CGI program) for every request, over the bare repositories under one directory, and — when
 * given credentials — answers 401 to any request without them in a Basic {@code Authorization} header.
 */
final class GitHttpServer implements AutoCloseable {
    private final HttpServer server;
    private final Path root;
    private final Optional<String> expected;

    /**
     * @param root the directory whose bare repositories are served ({@code /name.git/…})
     * @param basic {@code user:password} to demand, or empty for none
     */
    GitHttpServer(Path root, Optional<String> basic) throws IOException {
        this.root = root;
        this.expected =
                basic.map(b -> "Basic " + Base64.getEncoder().encodeToString(b.getBytes(StandardCharsets.UTF_8)));
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
    }

    /** {@code http://127.0.0.1:PORT/} */
    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
    }

    private void handle(HttpExchange ex) throws IOException {
        try (ex) {
            String auth = ex.getRequestHeaders().getFirst("Authorization");
            if (expected.isPresent() && !expected.get().equals(auth)) {
                ex.getResponseHeaders().add("WWW-Authenticate", "Basic realm=\"git\"");
                ex.sendResponseHeaders(401, -1);
                return;
            }
            ProcessBuilder pb = new ProcessBuilder("git", "http-backend");
            Map<String, String> env = pb.environment();
            env.keySet().removeIf(k -> k.startsWith("GIT_"));
            env.put("GIT_PROJECT_ROOT", root.toString());
            env.put("GIT_HTTP_EXPORT_ALL", "1");
            env.put("REQUEST_METHOD", ex.getRequestMethod());
            env.put("PATH_INFO", ex.getRequestURI().getPath());
            env.put(
                    "QUERY_STRING",
                    Optional.ofNullable(ex.getRequestURI().getRawQuery()).orElse(""));
            env.put("REMOTE_ADDR", "127.0.0.1");
            Optional.ofNullable(ex.getRequestHeaders().getFirst("Content-Type"))
                    .ifPresent(t -> env.put("CONTENT_TYPE", t));
            Optional.ofNullable(ex.getRequestHeaders().getFirst("Content-Encoding"))
                    .ifPresent(t -> env.put("HTTP_CONTENT_ENCODING", t));
            Process p = pb.start();
            Thread feeder = Thread.ofVirtual().start(() -> {
                try (InputStream in = ex.getRequestBody();
                        OutputStream out = p.getOutputStream()) {
                    in.transferTo(out);
                } catch (IOException e) {
                    // the backend ended early; its answer tells
                }
            });
            byte[] response = p.getInputStream().readAllBytes();
            feeder.join();
            p.waitFor();
            respond(ex, response);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Turns the CGI output (headers, blank line, body) into the HTTP response. */
    private static void respond(HttpExchange ex, byte[] cgi) throws IOException {
        int split = indexOf(cgi, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        int skip = 4;
        if (split < 0) {
            split = indexOf(cgi, "\n\n".getBytes(StandardCharsets.US_ASCII));
            skip = 2;
        }
        String head = new String(cgi, 0, Math.max(split, 0), StandardCharsets.ISO_8859_1);
        int status = 200;
        for (String line : head.split("\r?\n")) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String name = line.substring(0, colon).strip();
            String value = line.substring(colon + 1).strip();
            if (name.equalsIgnoreCase("Status")) {
                status = Integer.parseInt(value.split(" ")[0]);
            } else {
                ex.getResponseHeaders().add(name, value);
            }
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (split >= 0) {
            body.write(cgi, split + skip, cgi.length - split - skip);
        }
        ex.sendResponseHeaders(status, body.size() == 0 ? -1 : body.size());
        if (body.size() > 0) {
            ex.getResponseBody().write(body.toByteArray());
        }
    }

    private static int indexOf(byte[] data, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= data.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (data[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
