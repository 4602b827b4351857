package dev.coderag.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.coderag.chat.ApiContract;
import dev.coderag.ingest.IngestSummary;
import dev.coderag.ingest.RepoSources;
import dev.coderag.store.IndexState;
import dev.coderag.store.RepoInfo;
import dev.coderag.types.ChunkKind;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * The CLI's output: the {@code --json} contracts and the human summaries. Pure; thread-safe.
 *
 * <p>Ingest JSON: {@code {"files": {"new", "changed", "unchanged", "deleted", "skipped", "skipped_by_reason"},
 * "chunks": {"inserted", "deleted", "embedded", "reused"}, "seconds": {"parse", "embed", "write", "resolve", "total"},
 * "dry_run", "repos": [{"name", "source", "commit", "files", "chunks"}]}}. Status JSON: {@code {"model",
 * "repos": [{"name", "source", "commit", "indexed_at", "state" ("complete" or "partial"), "pending_files", "files",
 * "chunks": {"code", "readme", "manifest", "module_doc"}, "languages": {…}}]}}.
 */
final class Reports {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Reports() {}

    static String ingestJson(IngestSummary s, boolean dryRun) {
        ObjectNode root = JSON.createObjectNode();
        root.set("files", files(s.files()));
        root.set("chunks", chunks(s.chunks()));
        ObjectNode seconds = root.putObject("seconds");
        seconds.put("parse", ApiContract.round3(s.seconds().parse()));
        seconds.put("embed", ApiContract.round3(s.seconds().embed()));
        seconds.put("write", ApiContract.round3(s.seconds().write()));
        seconds.put("resolve", ApiContract.round3(s.seconds().resolve()));
        seconds.put("history", ApiContract.round3(s.seconds().history()));
        seconds.put("total", ApiContract.round3(s.seconds().total()));
        root.put("commits", s.commits());
        root.put("dry_run", dryRun);
        ArrayNode repos = root.putArray("repos");
        for (IngestSummary.RepoResult r : s.repos()) {
            ObjectNode repo = repos.addObject();
            repo.put("name", r.name());
            repo.put("source", r.source());
            repo.put("commit", r.commit());
            repo.set("files", files(r.files()));
            repo.set("chunks", chunks(r.chunks()));
        }
        return write(root);
    }

    static String statusJson(String modelId, List<RepoInfo> repos) {
        ObjectNode root = JSON.createObjectNode();
        root.put("model", modelId);
        ArrayNode list = root.putArray("repos");
        for (RepoInfo r : repos) {
            ObjectNode repo = list.addObject();
            repo.put("name", r.name());
            repo.put("source", r.source());
            repo.put("commit", r.commit());
            repo.put("branch", r.branch());
            if (r.indexedAt().isPresent()) {
                repo.put("indexed_at", r.indexedAt().get().toString());
            } else {
                repo.putNull("indexed_at");
            }
            repo.put("state", r.state().id());
            repo.put("pending_files", r.pendingFiles());
            repo.put("vectors", r.staticVectors() > 0 ? "static" : "full");
            repo.put("static_vectors", r.staticVectors());
            repo.put("files", r.files());
            ObjectNode chunks = repo.putObject("chunks");
            for (ChunkKind kind : ChunkKind.values()) {
                chunks.put(kind.table(), r.chunks().getOrDefault(kind, 0));
            }
            ObjectNode languages = repo.putObject("languages");
            new TreeMap<>(r.languages()).forEach(languages::put);
        }
        return write(root);
    }

    static String ingestHuman(IngestSummary s, boolean dryRun) {
        StringBuilder sb = new StringBuilder();
        if (dryRun) {
            sb.append("Dry run: nothing was written; the plan:\n");
        }
        for (IngestSummary.RepoResult r : s.repos()) {
            sb.append(r.name());
            if (!r.commit().isEmpty()) {
                sb.append(" @ ").append(shortCommit(r.commit()));
            }
            sb.append(" (").append(r.source()).append(")\n");
            sb.append("  files:  ").append(filesLine(r.files())).append('\n');
            sb.append("  chunks: ").append(chunksLine(r.chunks(), dryRun)).append('\n');
        }
        if (s.repos().size() > 1) {
            sb.append("total\n");
            sb.append("  files:  ").append(filesLine(s.files())).append('\n');
            sb.append("  chunks: ").append(chunksLine(s.chunks(), dryRun)).append('\n');
        }
        sb.append(String.format(
                Locale.ROOT,
                "  time:   parse %.1f s, embed %.1f s, write %.1f s, resolve %.1f s, history %.1f s (%d commits), total %.1f s%n",
                s.seconds().parse(),
                s.seconds().embed(),
                s.seconds().write(),
                s.seconds().resolve(),
                s.seconds().history(),
                s.commits(),
                s.seconds().total()));
        return sb.toString();
    }

    static String statusHuman(String dir, String modelId, List<RepoInfo> repos) {
        StringBuilder sb = new StringBuilder();
        sb.append("store ").append(dir).append(" (model ").append(modelId).append(")\n");
        if (repos.isEmpty()) {
            sb.append("  no repositories yet: run ingest <path-or-url>\n");
        }
        for (RepoInfo r : repos) {
            sb.append(r.name());
            if (!r.commit().isEmpty()) {
                sb.append(" @ ").append(shortCommit(r.commit()));
            }
            sb.append(" (").append(r.source());
            if (!r.branch().isEmpty()) {
                sb.append(", branch ").append(r.branch());
            }
            sb.append(")\n");
            sb.append("  indexed ")
                    .append(r.indexedAt().map(Object::toString).orElse("never"))
                    .append(", ")
                    .append(r.files())
                    .append(" files\n");
            if (r.state() == IndexState.PARTIAL) {
                sb.append("  partial: the last ingest stopped with ")
                        .append(r.pendingFiles())
                        .append(" files still to index; run ingest again to finish\n");
            }
            StringJoiner chunks = new StringJoiner(", ");
            for (ChunkKind kind : ChunkKind.values()) {
                chunks.add(kind.table() + " " + r.chunks().getOrDefault(kind, 0));
            }
            sb.append("  chunks: ").append(chunks).append('\n');
            if (r.staticVectors() > 0) {
                sb.append("  vectors: ")
                        .append(r.staticVectors())
                        .append(" chunks at the static tier (an ingest without --vectors static embeds them"
                                + " with the model)\n");
            }
            if (!r.languages().isEmpty()) {
                StringJoiner langs = new StringJoiner(", ");
                new TreeMap<>(r.languages()).forEach((l, n) -> langs.add(l + " " + n));
                sb.append("  languages: ").append(langs).append('\n');
            }
        }
        return sb.toString();
    }

    private static String filesLine(IngestSummary.Files f) {
        StringBuilder sb = new StringBuilder();
        sb.append("new ").append(f.newFiles());
        sb.append(", changed ").append(f.changed());
        sb.append(", unchanged ").append(f.unchanged());
        sb.append(", deleted ").append(f.deleted());
        sb.append(", skipped ").append(f.skipped());
        if (!f.skippedByReason().isEmpty()) {
            StringJoiner j = new StringJoiner(", ", " (", ")");
            new TreeMap<>(f.skippedByReason()).forEach((k, n) -> j.add(k + " " + n));
            sb.append(j);
        }
        return sb.toString();
    }

    private static String chunksLine(IngestSummary.Chunks c, boolean dryRun) {
        return dryRun
                ? "to insert " + c.inserted() + ", to delete " + c.deleted() + ", to embed " + c.embedded()
                        + ", reused " + c.reused()
                : "inserted " + c.inserted() + ", deleted " + c.deleted() + ", embedded " + c.embedded() + ", reused "
                        + c.reused();
    }

    private static ObjectNode files(IngestSummary.Files f) {
        ObjectNode files = JSON.createObjectNode();
        files.put("new", f.newFiles());
        files.put("changed", f.changed());
        files.put("unchanged", f.unchanged());
        files.put("deleted", f.deleted());
        files.put("skipped", f.skipped());
        ObjectNode reasons = files.putObject("skipped_by_reason");
        new TreeMap<>(f.skippedByReason()).forEach(reasons::put);
        return files;
    }

    private static ObjectNode chunks(IngestSummary.Chunks c) {
        ObjectNode chunks = JSON.createObjectNode();
        chunks.put("inserted", c.inserted());
        chunks.put("deleted", c.deleted());
        chunks.put("embedded", c.embedded());
        chunks.put("reused", c.reused());
        return chunks;
    }

    private static String shortCommit(String commit) {
        return commit.length() > 12 && !commit.endsWith(RepoSources.DIRTY_SUFFIX)
                ? commit.substring(0, 12)
                : commit.replaceFirst("^([0-9a-f]{12})[0-9a-f]*", "$1");
    }

    private static String write(ObjectNode node) {
        try {
            return JSON.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // a tree of plain values always serialises
        }
    }
}
