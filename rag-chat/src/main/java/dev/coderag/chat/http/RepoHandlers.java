package dev.coderag.chat.http;

import static dev.coderag.chat.http.Requests.optionalText;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.chat.ApiContract;
import dev.coderag.chat.ChatException;
import dev.coderag.chat.repos.RepoManager;
import dev.coderag.chat.repos.RepoStatus;
import dev.coderag.chat.repos.RepoWatcher;
import dev.coderag.chat.web.WebUi;
import io.javalin.http.Context;
import java.util.Map;
import java.util.Optional;

/**
 * Repositories: listed, added (ingested in the background, 202 with a {@code Location} to poll) and looked up,
 * as JSON for the API and as the page's repository-list fragment for htmx.
 */
final class RepoHandlers {
    private final RepoManager repos;
    private final RepoWatcher watcher;
    private final Requests requests;

    RepoHandlers(RepoManager repos, RepoWatcher watcher, Requests requests) {
        this.repos = repos;
        this.watcher = watcher;
        this.requests = requests;
    }

    /** {@code GET /api/repos}. */
    void list(Context ctx) {
        ctx.json(Map.of("repos", repos.list()));
    }

    /**
     * {@code POST /api/repos}: {@code path} or {@code url}, optional {@code name}, optional {@code branch} (git
     * URLs only), optional {@code replace} (true to replace a repository of that name indexed from another
     * source; without it that is a 409).
     */
    void add(Context ctx) {
        JsonNode body = requests.jsonBody(ctx);
        RepoStatus status = repos.add(
                optionalText(body, "path"),
                optionalText(body, "url"),
                optionalText(body, "name"),
                optionalText(body, "branch"),
                replace(body));
        accepted(ctx, status);
    }

    /** {@code POST /api/repos/{name}/reindex}: indexes it again from its recorded source and branch (202). */
    void reindex(Context ctx) {
        accepted(ctx, repos.reindex(ctx.pathParam("name")));
    }

    /**
     * {@code POST /api/repos/{name}/refresh} (webhook-style): indexes it again from its recorded source now — a git
     * URL is fetched again — or once the ingest of it that runs has ended; coalesced with a refresh already pending
     * (202 either way).
     */
    void refresh(Context ctx) {
        String name = ctx.pathParam("name");
        watcher.refresh(name);
        accepted(
                ctx,
                repos.get(name)
                        .orElseThrow(() -> new ChatException(
                                ChatException.Reason.NOT_FOUND,
                                "unknown repository '" + ApiContract.abbreviate(name) + "'")));
    }

    private static void accepted(Context ctx, RepoStatus status) {
        ctx.status(202).header("Location", "/api/repos/" + status.name()).json(status);
    }

    /**
     * {@code DELETE /api/repos/{name}}: 200 {@code {"name", "removed": true}} once the repository and its clone
     * are gone; 202 {@code {"removed": false}} when the removal waits behind a running ingest (poll
     * {@code GET /api/repos/{name}} for the 404).
     */
    void remove(Context ctx) {
        String name = ctx.pathParam("name");
        boolean done = repos.remove(name);
        ctx.status(done ? 200 : 202).json(Map.of("name", name, "removed", done));
    }

    /** {@code GET /api/repos/{name}/skipped}: the files its last ingest left out, with why. */
    void skipped(Context ctx) {
        String name = ctx.pathParam("name");
        ctx.json(Map.of("name", name, "skipped", repos.skipped(name)));
    }

    /** {@code GET /api/repos/{name}}. */
    void get(Context ctx) {
        String name = ctx.pathParam("name");
        ctx.json(repos.get(name)
                .orElseThrow(() -> new ChatException(
                        ChatException.Reason.NOT_FOUND, "unknown repository '" + ApiContract.abbreviate(name) + "'")));
    }

    /** {@code GET /ui/repos}: the list fragment (it polls itself while something is indexing). */
    void listFragment(Context ctx) {
        ctx.html(WebUi.repoList(repos.list()).render());
    }

    /**
     * {@code POST /ui/repos}: the form's {@code source} is a git URL or a local path, {@code name} and {@code
     * branch} optional, a non-empty {@code replace} field as {@code "replace": true}. A refused form keeps the
     * list and shows why, with the error's status.
     */
    void addFromForm(Context ctx) {
        String source = Requests.formText(ctx, "source");
        Optional<String> name = Requests.optionalForm(ctx, "name");
        Optional<String> branch = Requests.optionalForm(ctx, "branch");
        boolean replace = Requests.optionalForm(ctx, "replace").isPresent();
        listAfter(ctx, () -> repos.add(source, name, branch, replace));
    }

    /** {@code POST /ui/repos/{name}/reindex}: the re-index button; answers with the list. */
    void reindexFromPage(Context ctx) {
        listAfter(ctx, () -> repos.reindex(ctx.pathParam("name")));
    }

    /** {@code DELETE /ui/repos/{name}}: the remove button; answers with the list. */
    void removeFromPage(Context ctx) {
        listAfter(ctx, () -> repos.remove(ctx.pathParam("name")));
    }

    /** {@code GET /ui/repos/{name}/skipped}: the skipped-files fragment of a repository. */
    void skippedFragment(Context ctx) {
        String name = ctx.pathParam("name");
        ctx.html(WebUi.skippedFiles(name, repos.skipped(name)).render());
    }

    /** Runs a page action, then shows the list; a refused action keeps the list and shows why, with its status. */
    private void listAfter(Context ctx, Runnable action) {
        try {
            action.run();
            ctx.html(WebUi.repoList(repos.list()).render());
        } catch (ChatException e) {
            HttpErrors.status(ctx, HttpErrors.status(e.reason()))
                    .html(WebUi.repoList(repos.list(), HttpErrors.of(e).message())
                            .render());
        }
    }

    /** The optional boolean {@code replace}; false when absent or null. */
    private static boolean replace(JsonNode body) {
        JsonNode v = body.get("replace");
        if (v == null || v.isNull()) {
            return false;
        }
        if (!v.isBoolean()) {
            throw new ChatException(ChatException.Reason.BAD_REQUEST, "\"replace\" must be true or false");
        }
        return v.booleanValue();
    }
}
