package dev.coderag.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@code up} runs: the {@code serve} command line, derived from its own, with each source to index as
 * {@code --ingest SOURCE} (the server ingests them in the background and answers meanwhile). Options not given are
 * left out, so the environment (RAG_DB, RAG_HOST, RAG_PORT…) and serve's defaults apply exactly as they would to
 * {@code ./rag serve}.
 *
 * @param sources the repositories to index (paths or URLs; the current directory when none was given)
 * @param serveArgs the full {@code serve …} argument list
 * @param help true when {@code --help} was asked for (then nothing should run)
 */
record UpPlan(List<String> sources, List<String> serveArgs, boolean help) {
    static final String USAGE = """
            Usage: ./rag up [PATH|URL ...] [--db DIR] [--store URL] [--host HOST] [--port PORT] [--allow-path DIR]...
                            [--allow-git-host HOST]... [--no-watch] [--watch-poll SECONDS]
                            [--refresh-every DURATION] [--stale warn|refuse]

            Serves the web chat and the JSON API at once (it prints the URL) and indexes the given
            repositories (local directories or git URLs; default: the current directory) in the background.
            Answers start from the first committed files: keyword, symbol and call-graph evidence within
            seconds, vector evidence as the embeddings land; until the index is built, answers, GET /api/repos
            and the page say so (and how far it is). Ingest is incremental, so a second ./rag up only
            re-embeds what changed, and while it runs an edited, added or deleted file is indexed again
            within seconds (GET /api/repos and the page show each repository's freshness). Stop the
            server with Ctrl-C (a running ingest stops at its next batch, committed; the next ./rag up
            finishes it).

              --db DIR       store directory (env RAG_DB, default .rag)
              --store URL    a remote store instead, e.g. solr://host:8983/solr?collection=coderag
                             (env RAG_STORE; docs/SCALE.md); --db then only holds git clones
              --host HOST    interface to listen on (env RAG_HOST, default 127.0.0.1)
              --port PORT    port to listen on (env RAG_PORT, default 3000)
              --allow-path DIR
                             where the page and POST /api/repos may index local paths; repeatable
                             (env RAG_ALLOW_PATHS; default: your home directory on 127.0.0.1, else none)
              --allow-git-host HOST
                             a host the page and POST /api/repos may clone from; repeatable
                             (env RAG_ALLOW_GIT_HOSTS; default: any host, https only)
              --no-watch     do not watch the repositories (env RAG_WATCH=false); by default a local
                             one is indexed again (incrementally) once its changed files are quiet
              --watch-poll SECONDS
                             how often a repository without file events is checked (env
                             RAG_WATCH_POLL, default 10)
              --refresh-every DURATION
                             fetch git URLs again this often, e.g. 15m (env RAG_REFRESH_EVERY;
                             default never)
              --stale warn|refuse
                             what an answer from a stale repository does (env RAG_STALE, default warn)
              -h, --help     this help

            ./rag ingest --help and ./rag serve --help list the other options (as RAG_* variables they
            apply to up too).
            """;

    UpPlan {
        sources = List.copyOf(sources);
        serveArgs = List.copyOf(serveArgs);
    }

    /**
     * Parses {@code up}'s arguments (after the word {@code up}).
     *
     * @param currentDir the directory ingested when no source is given
     * @throws IllegalArgumentException with a one-line reason for an unknown option or a missing value
     */
    static UpPlan parse(String[] args, String currentDir) {
        List<String> sources = new ArrayList<>();
        List<String> db = new ArrayList<>();
        List<String> serve = new ArrayList<>();
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("-") || arg.equals("-")) {
                sources.add(arg);
                continue;
            }
            int eq = arg.indexOf('=');
            String name = eq < 0 ? arg : arg.substring(0, eq);
            switch (name) {
                case "-h", "--help" -> help = true;
                case "--no-watch" -> serve.add(name);
                case "--db",
                        "--store",
                        "--host",
                        "--port",
                        "--allow-path",
                        "--allow-git-host",
                        "--watch-poll",
                        "--refresh-every",
                        "--stale" -> {
                    String value;
                    if (eq >= 0) {
                        value = arg.substring(eq + 1);
                    } else if (i + 1 < args.length) {
                        value = args[++i];
                    } else {
                        throw new IllegalArgumentException(name + " needs a value");
                    }
                    if (value.isBlank()) {
                        throw new IllegalArgumentException(name + " needs a value");
                    }
                    List<String> target = name.equals("--db") || name.equals("--store") ? db : serve;
                    target.add(name);
                    target.add(value);
                }
                default -> throw new IllegalArgumentException("unknown option '" + name + "'");
            }
        }
        if (sources.isEmpty()) {
            sources.add(currentDir);
        }
        List<String> serveArgs = new ArrayList<>();
        serveArgs.add("serve");
        serveArgs.addAll(db);
        serveArgs.addAll(serve);
        for (String source : sources) {
            serveArgs.add("--ingest");
            serveArgs.add(source);
        }
        return new UpPlan(sources, serveArgs, help);
    }
}
