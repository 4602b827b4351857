package dev.coderag.chat.web;

import static j2html.TagCreator.span;

import dev.coderag.chat.ApiContract;
import dev.coderag.chat.Source;
import j2html.tags.DomContent;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A source of kind {@code commit} as the page shows it: short id, date and author before the file, and a link that
 * opens the commit (message and diffs) in the viewer instead of the file's lines.
 *
 * <p>The commit's fields are read from the source as {@code /api/chat} serialises it ({@code sha}, {@code date},
 * {@code author}), so the page shows exactly what the API gives. A source without {@code sha} (an answer saved
 * before sources carried it) still opens its commit: the viewer finds it by file, line span and subject ({@code
 * GET /ui/commit}'s locator form).
 *
 * @param sha the full id, or "" when the source does not carry it
 */
record CommitSource(Source source, String sha, String date, String author) {
    /** The table commit sources come from. */
    static final String KIND = "commit";

    /** The source as a commit, or null when it is not one. */
    static CommitSource of(Source s) {
        if (!KIND.equals(s.kind())) {
            return null;
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> fields = ApiContract.mapper().convertValue(s, Map.class);
        return new CommitSource(s, text(fields.get("sha")), text(fields.get("date")), text(fields.get("author")));
    }

    private static String text(Object v) {
        return v instanceof String t ? t : "";
    }

    /** The short id, date and author, each only when known. */
    DomContent header() {
        return span(
                        sha.length() >= 7 ? span(sha.substring(0, 7)).withClass("commit-sha") : null,
                        date.isEmpty() ? null : span(CommitView.visible(date)).withClass("commit-date"),
                        author.isEmpty()
                                ? null
                                : span(CommitView.visible(author)).withClass("commit-author"))
                .withClass("commit-meta")
                .withData("testid", "source-commit");
    }

    /** Where the commit opens: the viewer fragment, or (without script) the page on the commit or its JSON. */
    String url(boolean fragment) {
        Source s = source;
        if (!sha.isEmpty()) {
            return fragment
                    ? CommitView.commitUrl(s.repo(), sha, s.path())
                    : "/api/commit?repo=" + enc(s.repo()) + "&sha=" + enc(sha);
        }
        return (fragment ? "/ui/commit" : "/api/commit") + "?repo=" + enc(s.repo()) + "&path=" + enc(s.path())
                + "&start=" + s.startLine() + "&end=" + s.endLine() + "&subject="
                + enc(subjectStart(s.symbol() == null ? "" : s.symbol()));
    }

    /** Characters of the subject a locator carries: enough to tell a file's commits of one span apart. */
    static final int LOCATOR_SUBJECT_CHARS = 200;

    private static String subjectStart(String subject) {
        if (subject.length() <= LOCATOR_SUBJECT_CHARS) {
            return subject;
        }
        int end = Character.isHighSurrogate(subject.charAt(LOCATOR_SUBJECT_CHARS - 1))
                ? LOCATOR_SUBJECT_CHARS - 1
                : LOCATOR_SUBJECT_CHARS;
        return subject.substring(0, end);
    }

    private static String enc(String v) {
        return URLEncoder.encode(v, StandardCharsets.UTF_8);
    }
}
