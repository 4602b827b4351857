package dev.coderag.types;

import java.util.StringJoiner;

/** The one definition of the text each chunk variant is embedded as. Pure; thread-safe. */
public final class EmbeddingText {
    private EmbeddingText() {}

    public static String of(Chunk chunk) {
        return switch (chunk) {
            case CodeChunk c -> code(c);
            case ReadmeChunk r -> readme(r);
            case ManifestChunk m -> manifest(m);
            case ModuleDocChunk d -> moduleDoc(d);
            case CommitChunk c -> commit(c);
        };
    }

    private static String code(CodeChunk c) {
        StringBuilder sb = new StringBuilder(c.code().length() + 128);
        sb.append(c.qualifiedName()).append(" (").append(c.language().id()).append(")\n");
        if (!c.docstring().isEmpty()) {
            sb.append(c.docstring()).append('\n');
        }
        sb.append(c.code());
        if (!c.calls().isEmpty()) {
            sb.append("\nCalls: ").append(String.join(", ", c.calls()));
        }
        return Hashing.normalizeNewlines(sb.toString());
    }

    private static String readme(ReadmeChunk r) {
        StringBuilder sb = new StringBuilder(r.text().length() + 64);
        sb.append("Project: ").append(r.repo()).append('\n');
        if (!r.headingPath().isEmpty()) {
            sb.append(String.join(" > ", r.headingPath())).append('\n');
        }
        sb.append(r.text());
        return Hashing.normalizeNewlines(sb.toString());
    }

    private static String manifest(ManifestChunk m) {
        StringJoiner sj = new StringJoiner("\n");
        sj.add("Package: " + m.name() + " (" + fileName(m.path()) + ")");
        if (!m.description().isEmpty()) {
            sj.add(m.description());
        }
        if (!m.dependencies().isEmpty()) {
            sj.add("Dependencies: " + String.join(", ", m.dependencies()));
        }
        return Hashing.normalizeNewlines(sj.toString());
    }

    private static String moduleDoc(ModuleDocChunk d) {
        return Hashing.normalizeNewlines(
                "Module: " + d.moduleName() + " (" + d.language().id() + ")\n" + d.text());
    }

    /** Message first (why), then the file and names (where), then the diff (what), cut to what the model reads. */
    private static String commit(CommitChunk c) {
        StringBuilder sb = new StringBuilder(1024);
        sb.append("Commit ")
                .append(c.shortSha())
                .append(": ")
                .append(c.subject())
                .append('\n');
        if (!c.body().isEmpty()) {
            sb.append(Texts.collapseWhitespace(c.body(), 600)).append('\n');
        }
        sb.append("File: ")
                .append(c.path())
                .append(" (")
                .append(c.change().name().toLowerCase(java.util.Locale.ROOT))
                .append(")\n");
        if (!c.touched().isEmpty()) {
            sb.append("Changes: ").append(String.join(", ", c.touched())).append('\n');
        }
        sb.append(c.omitted().isEmpty() ? c.diff() : "(" + c.omitted() + " diff not kept)");
        return Hashing.normalizeNewlines(sb.toString());
    }

    private static String fileName(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash + 1);
    }
}
