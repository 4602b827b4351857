package dev.coderag.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coderag.ingest.IngestException;
import dev.coderag.ingest.IngestOptions;
import dev.coderag.ingest.IngestRequest;
import dev.coderag.ingest.Ingester;
import dev.coderag.ingest.RepoSources;
import dev.coderag.store.RepoCatalog;
import dev.coderag.store.RepoInfo;
import dev.coderag.store.SkippedFile;
import dev.coderag.store.Store;
import dev.coderag.store.StoreLocation;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code reindex NAME…} and {@code skipped NAME}: what the server's repository page offers for a repository already
 * in the store ({@code POST /api/repos/{name}/reindex}, {@code GET /api/repos/{name}/skipped}), from the command
 * line and over the same store. Both fail with one line for a name the store does not hold.
 */
final class RepoCommands {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Paths longer than this do not widen the table's first column. */
    private static final int PATH_COLUMN = 60;

    private RepoCommands() {}

    /** The request that indexes {@code r} again: its recorded source, under its name, on its recorded branch. */
    static IngestRequest recorded(RepoInfo r) {
        return new IngestRequest(
                r.source(), Optional.of(r.name()), Optional.of(r.branch()).filter(b -> !b.isEmpty()));
    }

    @Command(
            name = "reindex",
            mixinStandardHelpOptions = true,
            description = {
                "Index repositories of the store again from the source each was indexed from (its directory, or its"
                        + " git URL and branch as recorded, credentials redacted), incrementally, as ingest does:"
                        + " only changed files are parsed and embedded, with the store's model. Every name is checked"
                        + " before anything is indexed.",
                ""
            },
            footer = {
                "",
                "Exit codes: 0 success, 1 failure (an unknown name, a repository without a recorded source; the"
                        + " reason is printed on one line), 2 bad usage."
            })
    static final class ReindexCommand implements Callable<Integer> {
        @ParentCommand
        IngestCli cli;

        @Parameters(arity = "1..*", paramLabel = "NAME", description = "Repository names (see status).")
        List<String> names;

        @Mixin
        IngestCli.StoreDir store;

        @Option(names = "--dry-run", description = "Compute and print the plan; write and embed nothing.")
        boolean dryRun;

        @Option(names = "--json", description = "Print the summary as JSON on stdout.")
        boolean json;

        @Override
        public Integer call() {
            StoreLocation location = store.location();
            String modelId = IngestCli.storedModel(location);
            List<IngestRequest> requests = new ArrayList<>();
            try (Store s = Store.open(location, modelId, IngestCli.STORE_DIMENSION)) {
                for (String name : new LinkedHashSet<>(names)) {
                    RepoInfo r = known(s, location, name);
                    if (r.source().isEmpty()) {
                        throw new IngestException(
                                IngestException.Reason.BAD_SOURCE,
                                "repository '" + name + "' has no recorded source to index again; ingest it with a"
                                        + " path or URL");
                    }
                    requests.add(recorded(r));
                }
            }
            IngestOptions options =
                    IngestOptions.defaults(CliSupport.path(store.db, "--db")).withDryRun(dryRun);
            for (IngestRequest r : requests) {
                Ingester.check(r, options); // a directory that is gone fails here, before the model loads
            }
            return cli.ingest(location, null, options, requests, json);
        }
    }

    @Command(
            name = "skipped",
            mixinStandardHelpOptions = true,
            description = {
                "List the files the last ingest of a repository left out of the index, with why (unsupported,"
                        + " too_large, binary, minified, unreadable, symlink, unparsable), by path; the store keeps"
                        + " at most " + RepoCatalog.MAX_SKIPPED + " per repository. Needs no model.",
                ""
            },
            footer = {
                "",
                "Exit codes: 0 success, 1 failure (e.g. an unknown name; the reason is printed on one line),"
                        + " 2 bad usage."
            })
    static final class SkippedCommand implements Callable<Integer> {
        @ParentCommand
        IngestCli cli;

        @Parameters(arity = "1", paramLabel = "NAME", description = "A repository name (see status).")
        String name;

        @Mixin
        IngestCli.StoreDir store;

        @Option(
                names = "--json",
                description = "Print {\"name\": NAME, \"skipped\": [{\"path\", \"reason\"}]} on stdout, as GET"
                        + " /api/repos/{name}/skipped does.")
        boolean json;

        @Override
        public Integer call() {
            StoreLocation location = store.location();
            List<SkippedFile> files;
            try (Store s = Store.open(location, IngestCli.storedModel(location), IngestCli.STORE_DIMENSION)) {
                known(s, location, name);
                files = s.repos().skipped(name, RepoCatalog.MAX_SKIPPED);
            }
            cli.out.print(json ? skippedJson(name, files) + "\n" : skippedTable(name, files));
            cli.out.flush();
            return 0;
        }
    }

    /** The repository {@code name} of the store; a one-line failure naming the indexed ones when it has none. */
    private static RepoInfo known(Store store, StoreLocation location, String name) {
        return store.repos()
                .get(name)
                .orElseThrow(() -> new IngestException(
                        IngestException.Reason.BAD_SOURCE,
                        "no repository named '" + RepoSources.redact(name) + "' in " + location.describe()
                                + " (indexed: "
                                + store.repos().list().stream()
                                        .map(RepoInfo::name)
                                        .collect(Collectors.joining(", "))
                                + ")"));
    }

    static String skippedJson(String name, List<SkippedFile> files) {
        ObjectNode root = JSON.createObjectNode().put("name", name);
        ArrayNode list = root.putArray("skipped");
        files.forEach(f -> list.addObject().put("path", f.path()).put("reason", f.reason()));
        return root.toString();
    }

    /** A table of path and reason; control characters in a path (a file may be named so) print as {@code ?}. */
    static String skippedTable(String name, List<SkippedFile> files) {
        if (files.isEmpty()) {
            return "The last ingest of " + name + " skipped no files.\n";
        }
        int width = Math.min(
                PATH_COLUMN,
                files.stream().mapToInt(f -> printable(f.path()).length()).max().orElse(0));
        StringBuilder sb = new StringBuilder(String.format("%-" + width + "s  %s\n", "PATH", "REASON"));
        for (SkippedFile f : files) {
            sb.append(String.format("%-" + width + "s  %s\n", printable(f.path()), printable(f.reason())));
        }
        sb.append(files.size())
                .append(files.size() == 1 ? " file" : " files")
                .append(" skipped by the last ingest of ")
                .append(name)
                .append(files.size() == RepoCatalog.MAX_SKIPPED ? " (the store keeps the first by path)" : "")
                .append(".\n");
        return sb.toString();
    }

    private static String printable(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        s.codePoints().forEach(c -> sb.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return sb.toString();
    }
}
