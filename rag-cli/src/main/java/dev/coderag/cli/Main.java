package dev.coderag.cli;

import java.io.PrintStream;
import java.util.Arrays;

/**
 * Entry point of {@code ./rag} and of the Docker images: the first argument names the command, the rest are
 * that command's own options. Each module owns its commands' options and help; this class only dispatches
 * and composes them ({@code up} = serve, indexing its repositories in the background).
 */
public final class Main {
    static final String USAGE = """
            coderag: ask grounded questions about code repositories, offline.

            Usage: ./rag <command> [options]        (./rag <command> --help for its options)

            Commands:
              up [PATH|URL ...]   serve the web chat and JSON API (http://127.0.0.1:3000 by default) at
                                  once and index the repositories (default: the current directory) in
                                  the background; answers say while the index is still being built
              ingest PATH|URL...  add or update repositories in the store (incremental; --full re-embeds)
              status              what the store holds: repositories, files, chunks, model
              reindex NAME...     index repositories of the store again from their recorded sources
              skipped NAME        the files a repository's last ingest left out, and why
              remove NAME...      remove repositories from the store (and their clones)
              serve               serve the web chat and the JSON API over an existing store
              ask "question"      answer one question from the command line (--json for scripts)
              mcp                 the MCP server on stdio, for coding agents (Claude Code, Cursor, …);
                                  ./rag serve offers it over HTTP at /mcp
              eval                measure retrieval quality on a benchmark (Hit@k, MRR@10, MAP@10)
              migrate --from DIR --to URL
                                  copy a store (vectors included, nothing re-embedded), e.g. to SolrCloud
              dev-cluster start|stop
                                  a local SolrCloud (ZooKeeper + Solr nodes) for development and tests

            Options are flags or environment variables: --db / RAG_DB (default .rag), --store / RAG_STORE
            (a SolrCloud store instead of the one in --db: solr://host:8983/solr?collection=coderag, see
            docs/SCALE.md), --host / RAG_HOST, --port / RAG_PORT, --model / RAG_MODEL, --llm / RAG_LLM;
            RAG_HEAP sets the JVM heap (default 2g).
            """;

    private Main() {}

    public static void main(String[] args) {
        // Exit explicitly: native libraries (ONNX Runtime, the web server) may leave non-daemon threads.
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Runs one command; never throws for bad input.
     *
     * @return the process exit code: 0 ok, 2 bad usage, other non-zero codes from the command
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        if (args.length == 0) {
            out.print(USAGE);
            return 0;
        }
        return switch (args[0]) {
            case "ingest", "status", "reindex", "skipped", "remove" -> IngestCli.run(args, out, err);
            case "serve", "ask", "mcp" -> ChatCli.run(args, out, err);
            case "eval" -> EvalCli.run(args, out, err);
            case "migrate" -> MigrateCli.run(Arrays.copyOfRange(args, 1, args.length), out, err);
            case "dev-cluster" -> {
                err.println("rag: dev-cluster runs through the ./rag launcher (it starts the rag-solr-cluster"
                        + " module's JVMs): ./rag dev-cluster --help");
                yield 2;
            }
            case "up" -> up(Arrays.copyOfRange(args, 1, args.length), out, err);
            case "-h", "--help", "help" -> {
                out.print(USAGE);
                yield 0;
            }
            default -> {
                err.println("rag: unknown command '" + args[0]
                        + "' (commands: up, ingest, status, reindex, skipped, remove, serve, ask, mcp, eval, migrate,"
                        + " dev-cluster;"
                        + " ./rag --help)");
                yield 2;
            }
        };
    }

    private static int up(String[] args, PrintStream out, PrintStream err) {
        UpPlan plan;
        try {
            plan = UpPlan.parse(args, System.getProperty("user.dir"));
        } catch (IllegalArgumentException e) {
            err.println("rag up: " + e.getMessage() + " (./rag up --help)");
            return 2;
        }
        if (plan.help()) {
            out.print(UpPlan.USAGE);
            return 0;
        }
        // serve at once; the server ingests the sources in the background (serve --ingest)
        return ChatCli.run(plan.serveArgs().toArray(String[]::new), out, err);
    }
}
