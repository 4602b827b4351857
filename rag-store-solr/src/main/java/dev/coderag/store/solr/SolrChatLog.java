package dev.coderag.store.solr;

import dev.coderag.store.ChatLog;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.solr.client.solrj.request.UpdateRequest;
import org.apache.solr.client.solrj.response.QueryResponse;
import org.apache.solr.common.SolrDocument;
import org.apache.solr.common.SolrInputDocument;
import org.apache.solr.common.params.ModifiableSolrParams;

/**
 * {@link ChatLog} in the store's collection, so that every server of a cluster sees every chat (a follow-up may
 * reach another server than the question before it). A chat is one document ({@code doc:chat}: repo, times, title,
 * the sequence numbers of its kept turns, their size); each turn another ({@code doc:turn}, id from the chat and
 * the turn's number). Chats and turns are read by id with real-time get (a turn is readable the moment it is
 * saved, on any server); an append reserves the turn's number by replacing the chat document at the version it
 * read (optimistic concurrency: two servers appending to one chat both succeed, one after the other), then writes
 * the turn. Every change ends with a soft commit, so that {@link #list} — a search — sees it. The bounds are the
 * embedded store's: chats beyond {@link #MAX_CHATS} go least recently used first, turns beyond {@link #MAX_TURNS}
 * oldest first, and above {@link #MAX_BYTES} of turns whole chats go. Thread-safe.
 */
final class SolrChatLog implements ChatLog {
    private static final int MAX_ATTEMPTS = 20;
    /**
     * A chat's owner is kept in {@code holder}, an indexed string field the schema already has (the write lease's),
     * so that stores created before owners were kept need no new schema version; their chats have none.
     */
    private static final String OWNER = "holder";

    private static final String FIELDS =
            "id,chat_id,repo,created_at,updated_at,turns,first_turn,title,bytes," + OWNER + ",_version_";

    private final SolrConnection solr;
    private final SolrReads reads;
    private final long maxBytes;
    private final int maxChats;

    SolrChatLog(SolrConnection solr, SolrReads reads) {
        this(solr, reads, MAX_BYTES, MAX_CHATS);
    }

    SolrChatLog(SolrConnection solr, SolrReads reads, long maxBytes, int maxChats) {
        this.solr = solr;
        this.reads = reads;
        this.maxBytes = maxBytes;
        this.maxChats = maxChats;
    }

    @Override
    public synchronized void create(String id, Optional<String> repo, String owner, Instant at) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(repo, "repo");
        Objects.requireNonNull(owner, "owner");
        if (chat(id) != null) {
            return;
        }
        SolrInputDocument d = new SolrInputDocument();
        d.setField("id", SolrDocs.chatId(id));
        d.setField("doc", SolrDocs.CHAT);
        d.setField("chat_id", id);
        repo.ifPresent(r -> d.setField("repo", r));
        if (!owner.isEmpty()) {
            d.setField(OWNER, owner);
        }
        d.setField("created_at", at.toEpochMilli());
        d.setField("updated_at", at.toEpochMilli());
        d.setField("turns", 0);
        d.setField("first_turn", 1);
        d.setField("title", "");
        d.setField("bytes", 0L);
        d.setField("_version_", -1L);
        try {
            solr.write(new UpdateRequest().add(d), "save a chat");
        } catch (SolrConnection.Conflict exists) {
            return; // created meanwhile (or our own retried write): an existing id is left as it is
        }
        solr.commit("save a chat");
        // Beyond the bound, the least recently used chats go.
        ModifiableSolrParams p = SolrReads.params("*:*", List.of(SolrDocs.is("doc", SolrDocs.CHAT)), FIELDS, 100);
        p.set("sort", "updated_at desc,chat_id asc");
        p.set("start", maxChats);
        List<SolrDocument> extra = new ArrayList<>(reads.query(p, "list chats").getResults());
        for (SolrDocument old : extra) {
            deleteChat(old);
        }
        if (!extra.isEmpty()) {
            solr.commit("prune chats");
        }
    }

    @Override
    public synchronized boolean append(String chatId, String title, String json, Instant at) {
        Objects.requireNonNull(chatId, "chatId");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(json, "json");
        String kept = title.length() > 200 ? title.substring(0, 200) : title;
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            SolrDocument chat = chat(chatId);
            if (chat == null) {
                return false;
            }
            int first = (int) SolrDocs.number(chat, "first_turn");
            int turns = (int) SolrDocs.number(chat, "turns");
            int seq = first + turns;
            List<Integer> dropped = new ArrayList<>();
            int newFirst = first;
            int newTurns = turns + 1;
            while (newTurns > MAX_TURNS) {
                dropped.add(newFirst++);
                newTurns--;
            }
            String oldTitle = SolrDocs.string(chat, "title");
            SolrInputDocument d = copy(chat);
            d.setField("updated_at", at.toEpochMilli());
            d.setField("title", oldTitle.isEmpty() ? kept : oldTitle);
            d.setField("turns", newTurns);
            d.setField("first_turn", newFirst);
            d.setField("bytes", SolrDocs.number(chat, "bytes") + json.length()); // dropped turns' size: below
            d.setField("_version_", SolrDocs.number(chat, "_version_"));
            try {
                solr.write(new UpdateRequest().add(d), "save a chat turn");
            } catch (SolrConnection.Conflict raced) {
                continue; // another server appended first: read again and take the next number
            }
            SolrInputDocument turn = new SolrInputDocument();
            turn.setField("id", SolrDocs.turnId(chatId, seq));
            turn.setField("doc", SolrDocs.TURN);
            turn.setField("chat_id", chatId);
            turn.setField("json", json);
            turn.setField("at", at.toEpochMilli());
            turn.setField("bytes", (long) json.length());
            UpdateRequest write = new UpdateRequest().add(turn);
            for (int old : dropped) {
                write.deleteById(SolrDocs.turnId(chatId, old));
            }
            solr.write(write, "save a chat turn");
            if (!dropped.isEmpty()) {
                recount(chatId);
            }
            solr.commit("save a chat turn");
            pruneBytes(chatId);
            return true;
        }
        throw new IllegalStateException("chat " + chatId + " changed " + MAX_ATTEMPTS + " times while appending");
    }

    @Override
    public synchronized Optional<ChatRow> get(String id) {
        Objects.requireNonNull(id, "id");
        SolrDocument chat = chat(id);
        return chat == null ? Optional.empty() : Optional.of(row(chat));
    }

    @Override
    public synchronized List<ChatRow> list(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0: " + limit);
        }
        solr.checkOpen();
        if (limit == 0) {
            return List.of();
        }
        return rows(List.of(SolrDocs.is("doc", SolrDocs.CHAT)), limit);
    }

    @Override
    public synchronized List<ChatRow> list(String owner, int limit) {
        if (limit < 0 || owner.isBlank()) {
            throw new IllegalArgumentException("an owner and a limit >= 0 are needed: '" + owner + "', " + limit);
        }
        solr.checkOpen();
        if (limit == 0) {
            return List.of();
        }
        return rows(List.of(SolrDocs.is("doc", SolrDocs.CHAT), SolrDocs.is(OWNER, owner)), limit);
    }

    private List<ChatRow> rows(List<String> filters, int limit) {
        ModifiableSolrParams p = SolrReads.params("*:*", filters, FIELDS, Math.min(limit, 10_000));
        p.set("sort", "updated_at desc,chat_id asc");
        List<ChatRow> out = new ArrayList<>();
        reads.query(p, "list chats").getResults().forEach(d -> out.add(row(d)));
        return out;
    }

    @Override
    public synchronized List<TurnRow> turns(String chatId) {
        Objects.requireNonNull(chatId, "chatId");
        SolrDocument chat = chat(chatId);
        if (chat == null) {
            return List.of();
        }
        List<String> ids = turnIds(chatId, chat);
        if (ids.isEmpty()) {
            return List.of();
        }
        Map<String, SolrDocument> byId = new HashMap<>();
        for (SolrDocument d : solr.retry("read a chat's turns", SolrConnection.READ_RETRY, () -> solr.client()
                .getById(solr.url().collection(), ids))) {
            byId.put(SolrDocs.string(d, "id"), d);
        }
        List<TurnRow> out = new ArrayList<>();
        for (String id : ids) {
            SolrDocument t = byId.get(id);
            if (t != null) { // a turn whose writer died after reserving its number is skipped
                out.add(new TurnRow(SolrDocs.string(t, "json"), Instant.ofEpochMilli(SolrDocs.number(t, "at"))));
            }
        }
        return out;
    }

    @Override
    public synchronized boolean delete(String id) {
        Objects.requireNonNull(id, "id");
        SolrDocument chat = chat(id);
        if (chat == null) {
            return false;
        }
        deleteChat(chat);
        solr.commit("delete a chat");
        return true;
    }

    /** Over the byte bound: whole chats go, least recently used first, then this chat's oldest turns. */
    private void pruneBytes(String current) {
        while (totalBytes() > maxBytes) {
            ModifiableSolrParams p = SolrReads.params(
                    "*:*",
                    List.of(SolrDocs.is("doc", SolrDocs.CHAT), "-" + SolrDocs.is("chat_id", current)),
                    FIELDS,
                    1);
            p.set("sort", "updated_at asc,chat_id asc");
            List<SolrDocument> eldest = reads.query(p, "prune chats").getResults();
            if (!eldest.isEmpty()) {
                deleteChat(eldest.get(0));
            } else {
                SolrDocument chat = chat(current);
                if (chat == null || SolrDocs.number(chat, "turns") <= 1) {
                    return;
                }
                SolrInputDocument d = copy(chat);
                int first = (int) SolrDocs.number(chat, "first_turn");
                d.setField("first_turn", first + 1);
                d.setField("turns", SolrDocs.number(chat, "turns") - 1);
                d.setField("_version_", SolrDocs.number(chat, "_version_"));
                try {
                    solr.write(new UpdateRequest().add(d).deleteById(SolrDocs.turnId(current, first)), "prune chats");
                } catch (SolrConnection.Conflict raced) {
                    continue;
                }
                recount(current);
            }
            solr.commit("prune chats");
        }
    }

    private long totalBytes() {
        ModifiableSolrParams p = SolrReads.params("*:*", List.of(SolrDocs.is("doc", SolrDocs.CHAT)), "id", 0);
        p.set("json.facet", "{\"total\": \"sum(bytes)\"}");
        QueryResponse r = reads.query(p, "measure chats");
        if (r.getResponse().get("facets") instanceof org.apache.solr.common.util.NamedList<?> f
                && f.get("total") instanceof Number n) {
            return n.longValue();
        }
        return 0;
    }

    /** Sets a chat's size to the sum of its kept turns' (after turns were dropped). */
    private void recount(String chatId) {
        for (int attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
            SolrDocument chat = chat(chatId);
            if (chat == null) {
                return;
            }
            long bytes = 0;
            for (SolrDocument t : solr.retry("measure a chat", SolrConnection.READ_RETRY, () -> solr.client()
                    .getById(solr.url().collection(), turnIds(chatId, chat)))) {
                bytes += SolrDocs.number(t, "bytes");
            }
            SolrInputDocument d = copy(chat);
            d.setField("bytes", bytes);
            d.setField("_version_", SolrDocs.number(chat, "_version_"));
            try {
                solr.write(new UpdateRequest().add(d), "measure a chat");
                return;
            } catch (SolrConnection.Conflict raced) {
                // Changed meanwhile: measure again.
            }
        }
    }

    private void deleteChat(SolrDocument chat) {
        String id = SolrDocs.string(chat, "chat_id");
        UpdateRequest delete = new UpdateRequest().deleteById(SolrDocs.chatId(id));
        for (String turn : turnIds(id, chat)) {
            delete.deleteById(turn);
        }
        solr.write(delete, "delete a chat");
    }

    private static List<String> turnIds(String chatId, SolrDocument chat) {
        int first = (int) SolrDocs.number(chat, "first_turn");
        int turns = (int) SolrDocs.number(chat, "turns");
        List<String> ids = new ArrayList<>();
        for (int s = first; s < first + turns; s++) {
            ids.add(SolrDocs.turnId(chatId, s));
        }
        return ids;
    }

    private SolrDocument chat(String id) {
        return solr.retry("read a chat", SolrConnection.READ_RETRY, () -> solr.client()
                .getById(solr.url().collection(), SolrDocs.chatId(id)));
    }

    private static SolrInputDocument copy(SolrDocument chat) {
        SolrInputDocument d = new SolrInputDocument();
        for (String f : FIELDS.split(",")) {
            Object v = chat.getFirstValue(f);
            if (v != null && !f.equals("_version_")) {
                d.setField(f, v);
            }
        }
        d.setField("doc", SolrDocs.CHAT);
        return d;
    }

    private static ChatRow row(SolrDocument d) {
        Object repo = d.getFirstValue("repo");
        return new ChatRow(
                SolrDocs.string(d, "chat_id"),
                repo == null ? Optional.empty() : Optional.of(repo.toString()),
                Instant.ofEpochMilli(SolrDocs.number(d, "created_at")),
                Instant.ofEpochMilli(SolrDocs.number(d, "updated_at")),
                (int) SolrDocs.number(d, "turns"),
                SolrDocs.string(d, "title"),
                SolrDocs.string(d, OWNER));
    }
}
