package dev.coderag.chat.llm;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.http.client.HttpClient;
import dev.langchain4j.http.client.HttpClientBuilder;
import dev.langchain4j.http.client.HttpRequest;
import dev.langchain4j.http.client.SuccessfulHttpResponse;
import dev.langchain4j.http.client.sse.CancellationUnsupportedHandle;
import dev.langchain4j.http.client.sse.ServerSentEvent;
import dev.langchain4j.http.client.sse.ServerSentEventContext;
import dev.langchain4j.http.client.sse.ServerSentEventListener;
import dev.langchain4j.http.client.sse.ServerSentEventParser;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP transport under every LangChain4j chat model coderag builds, in place of langchain4j-http-client-jdk:
 * {@code java.net.http} over HTTP/1.1 without redirects, the connect timeout, a timeout for the response headers,
 * an idle timeout while a body streams, an error body read up to {@link #MAX_ERROR_BODY} bytes and a streamed
 * body cut at {@link #MAX_BODY} bytes. It never logs.
 *
 * <p>Unlike the SPI's description, {@link #execute(HttpRequest, ServerSentEventParser, ServerSentEventListener)}
 * runs on the calling thread: it returns once the listener has heard {@code onClose} or {@code onError}, so the
 * generator knows when a stream is over (a model that never completes cannot hang a request).
 */
final class LlmTransport implements HttpClient {
    static final int MAX_ERROR_BODY = 8 * 1024;
    static final long MAX_BODY = 16L << 20;

    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "llm-idle-watchdog");
        t.setDaemon(true);
        return t;
    });

    private final java.net.http.HttpClient client;
    private final Duration headersTimeout;
    private final Duration idleTimeout;

    LlmTransport(LlmConfig config) {
        this.client = java.net.http.HttpClient.newBuilder()
                .connectTimeout(config.connectTimeout())
                .followRedirects(java.net.http.HttpClient.Redirect.NEVER)
                .version(java.net.http.HttpClient.Version.HTTP_1_1)
                .build();
        this.headersTimeout = config.firstTokenTimeout();
        this.idleTimeout = config.idleTimeout();
    }

    /**
     * The builder the model builders are given. Its timeouts are {@link LlmConfig}'s: the models' own defaults
     * (which they set through this builder) are ignored.
     */
    static HttpClientBuilder builder(LlmConfig config) {
        return new HttpClientBuilder() {
            @Override
            public Duration connectTimeout() {
                return config.connectTimeout();
            }

            @Override
            public HttpClientBuilder connectTimeout(Duration timeout) {
                return this;
            }

            @Override
            public Duration readTimeout() {
                return config.firstTokenTimeout();
            }

            @Override
            public HttpClientBuilder readTimeout(Duration timeout) {
                return this;
            }

            @Override
            public HttpClient build() {
                return new LlmTransport(config);
            }
        };
    }

    /** A non-2xx answer; carries the server's Retry-After in seconds, when it sent one. */
    static final class StatusException extends HttpException {
        private static final long serialVersionUID = 1L;
        private final transient Optional<Duration> retryAfter;

        StatusException(int status, String body, Optional<Duration> retryAfter) {
            super(status, body);
            this.retryAfter = retryAfter;
        }

        Optional<Duration> retryAfter() {
            return retryAfter;
        }
    }

    /** The server went silent for longer than the idle timeout while a body streamed. */
    static final class IdleTimeoutException extends IOException {
        private static final long serialVersionUID = 1L;

        IdleTimeoutException(Duration idle) {
            super("the model went silent for " + LlmFailures.seconds(idle) + " while streaming");
        }
    }

    /** A body longer than {@link #MAX_BODY}. */
    static final class TooLargeException extends IOException {
        private static final long serialVersionUID = 1L;

        TooLargeException() {
            super("the model's reply exceeded " + (MAX_BODY >> 20) + " MiB");
        }
    }

    @Override
    public SuccessfulHttpResponse execute(HttpRequest request) {
        try {
            HttpResponse<InputStream> response = send(request);
            try (InputStream in = new GuardedStream(response.body(), idleTimeout)) {
                byte[] body = in.readAllBytes();
                return SuccessfulHttpResponse.builder()
                        .statusCode(response.statusCode())
                        .headers(response.headers().map())
                        .body(body)
                        .build();
            }
        } catch (IOException e) {
            throw new TransportException(e);
        }
    }

    @Override
    public void execute(HttpRequest request, ServerSentEventParser parser, ServerSentEventListener modelListener) {
        ServerSentEventListener listener = new FailFast(modelListener);
        HttpResponse<InputStream> response;
        try {
            response = send(request);
        } catch (StatusException | IOException e) {
            listener.onError(e);
            return;
        }
        listener.onOpen(SuccessfulHttpResponse.builder()
                .statusCode(response.statusCode())
                .headers(response.headers().map())
                .build());
        try (InputStream in = new GuardedStream(response.body(), idleTimeout)) {
            parser.parse(in, listener); // reports its read errors to the listener itself
        } catch (IOException e) {
            listener.onError(e);
            return;
        }
        listener.onClose();
    }

    /**
     * Makes a failure of the model's own event handling (say, a malformed JSON event) end the stream as an error.
     * LangChain4j's parsers log and skip such an event, after which some models would complete with part of an
     * answer, others never; here the model hears {@code onError} once, the parsing stops and nothing follows.
     */
    private static final class FailFast implements ServerSentEventListener {
        private final ServerSentEventListener delegate;
        private boolean failed;

        FailFast(ServerSentEventListener delegate) {
            this.delegate = delegate;
        }

        @Override
        public void onOpen(SuccessfulHttpResponse response) {
            delegate.onOpen(response);
        }

        @Override
        public void onEvent(ServerSentEvent event, ServerSentEventContext context) {
            if (failed) {
                return;
            }
            try {
                delegate.onEvent(event, context);
            } catch (RuntimeException e) {
                onError(e);
                context.parsingHandle().cancel();
            }
        }

        @Override
        public void onEvent(ServerSentEvent event) {
            onEvent(event, new ServerSentEventContext(new CancellationUnsupportedHandle()));
        }

        @Override
        public void onError(Throwable error) {
            if (!failed) {
                failed = true;
                delegate.onError(error);
            }
        }

        @Override
        public void onClose() {
            if (!failed) {
                delegate.onClose();
            }
        }
    }

    /** Sends the request; a non-2xx answer is a {@link StatusException} with at most {@link #MAX_ERROR_BODY}. */
    private HttpResponse<InputStream> send(HttpRequest request) throws IOException {
        if (!request.formDataFields().isEmpty() || !request.formDataFiles().isEmpty()) {
            throw new IOException("multipart requests are not supported");
        }
        java.net.http.HttpRequest.Builder rb =
                java.net.http.HttpRequest.newBuilder(URI.create(request.url())).timeout(headersTimeout);
        request.headers().forEach((name, values) -> {
            if (values != null) {
                values.forEach(v -> rb.header(name, v));
            }
        });
        rb.method(
                request.method().name(),
                request.body() == null
                        ? java.net.http.HttpRequest.BodyPublishers.noBody()
                        : java.net.http.HttpRequest.BodyPublishers.ofString(request.body(), StandardCharsets.UTF_8));
        HttpResponse<InputStream> response;
        try {
            response = client.send(rb.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        int status = response.statusCode();
        if (status >= 200 && status < 300) {
            return response;
        }
        String body;
        try (InputStream in = new GuardedStream(response.body(), idleTimeout)) {
            body = new String(in.readNBytes(MAX_ERROR_BODY), StandardCharsets.UTF_8);
        } catch (IOException e) {
            body = "";
        }
        throw new StatusException(status, body, retryAfter(response));
    }

    private static Optional<Duration> retryAfter(HttpResponse<?> response) {
        return response.headers().firstValue("retry-after").flatMap(v -> {
            try {
                return Optional.of(Duration.ofSeconds(Long.parseLong(v.strip())));
            } catch (NumberFormatException e) {
                return Optional.empty(); // the HTTP-date form: our own backoff applies
            }
        });
    }

    /** An I/O failure of the synchronous call, unchecked as the SPI wants. */
    static final class TransportException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TransportException(IOException cause) {
            super(cause.getMessage(), cause);
        }
    }

    /**
     * A response body under watch: a read that blocks longer than the idle timeout closes the stream and fails
     * with {@link IdleTimeoutException}; more than {@link #MAX_BODY} bytes fail with {@link TooLargeException}.
     */
    static final class GuardedStream extends FilterInputStream {
        private final Duration idle;
        private volatile boolean timedOut;
        private long total;

        GuardedStream(InputStream in, Duration idle) {
            super(in);
            this.idle = idle;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            int n = read(one, 0, 1);
            return n < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (total >= MAX_BODY) {
                if (in.read() < 0) {
                    return -1;
                }
                throw new TooLargeException();
            }
            int want = (int) Math.min(len, MAX_BODY - total);
            ScheduledFuture<?> watchdog = WATCHDOG.schedule(this::expire, idle.toMillis(), TimeUnit.MILLISECONDS);
            int n;
            try {
                n = super.read(b, off, want);
            } catch (IOException e) {
                throw timedOut ? new IdleTimeoutException(idle) : e;
            } finally {
                watchdog.cancel(false);
            }
            if (timedOut) {
                throw new IdleTimeoutException(idle);
            }
            if (n > 0) {
                total += n;
            }
            return n;
        }

        private void expire() {
            timedOut = true;
            try {
                in.close(); // unblocks the read
            } catch (IOException ignored) {
                // closing is how a blocked read is interrupted; nothing else to do
            }
        }
    }
}
