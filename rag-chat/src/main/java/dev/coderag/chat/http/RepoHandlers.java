package dev.coderag.chat.http;

import static dev.coderag.chat.http.Requests.optionalText;

import com.fasterxml.jackson.databind.JsonNode;
import dev.coderag.chat.ChatException;
import dev.coderag.chat.ChatService;
import dev.coderag.chat.repos.RepoManager;
import dev.coderag.chat.repos.RepoStatus;
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
    private final Requests requests;

    RepoHandlers(RepoManager repos, Requests requests) {
        this.repos = repos;
        this.requests = requests;
    }

    /** {@code GET /api/repos}. */
    void list(Context ctx) {
        ctx.json(Map.of("repos", repos.list()));
    }

    /**
     * {@code POST /api/repos}: {@code path} or {@code url}, optional {@code name}, optional {@code replace}
     * (true to replace a repository of that name indexed from another source; without it that is a 409).
     */
    void add(Context ctx) {
        JsonNode body = requests.jsonBody(ctx);
        RepoStatus status = repos.add(
                optionalText(body, "path"), optionalText(body, "url"), optionalText(body, "name"), replace(body));
        ctx.status(202).header("Location", "/api/repos/" + status.name()).json(status);
    }

    /** {@code GET /api/repos/{name}}. */
    void get(Context ctx) {
        String name = ctx.pathParam("name");
        ctx.json(repos.get(name)
                .orElseThrow(() -> new ChatException(
                        ChatException.Reason.NOT_FOUND, "unknown repository '" + ChatService.abbreviate(name) + "'")));
    }

    /** {@code GET /ui/repos}: the list fragment (it polls itself while something is indexing). */
    void listFragment(Context ctx) {
        ctx.html(WebUi.repoList(repos.list()).render());
    }

    /**
     * {@code POST /ui/repos}: the form's {@code source} is a git URL or a local path, {@code name} optional, a
     * non-empty {@code replace} field as {@code "replace": true}. A refused form keeps the list and shows why,
     * with the error's status.
     */
    void addFromForm(Context ctx) {
        String source = Requests.formText(ctx, "source");
        Optional<String> name = Requests.optionalForm(ctx, "name");
        boolean replace = Requests.optionalForm(ctx, "replace").isPresent();
        try {
            repos.add(source, name, replace);
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
