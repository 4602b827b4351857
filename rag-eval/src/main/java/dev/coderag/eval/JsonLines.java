package dev.coderag.eval;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/** The one reader of the JSON-lines files {@code ./rag eval} asks (queries, history questions). Pure but for I/O. */
final class JsonLines {
    private JsonLines() {}

    /** {@code file}'s text; EvalException with one line when it is missing or unreadable. */
    static String text(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new EvalException("query file not found: " + file);
        } catch (IOException e) {
            throw new EvalException("cannot read query file " + file + ": " + e.getMessage());
        }
    }

    /**
     * The entries of {@code text}, one per non-blank line in order, each parsed by {@code parse} (given the line and
     * {@code file:line} for its messages).
     *
     * @param noun what an entry is called in messages ("query", "question"), and {@code plural} its plural
     * @throws EvalException for an id used twice, or when there is no entry
     */
    static <T> List<T> parse(
            Path file,
            String text,
            BiFunction<String, String, T> parse,
            Function<T, String> id,
            String noun,
            String plural) {
        List<String> lines = text.lines().toList();
        List<T> out = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty()) {
                continue;
            }
            String where = file + ":" + (i + 1);
            T entry = parse.apply(line, where);
            if (!ids.add(id.apply(entry))) {
                throw new EvalException(where + ": duplicate " + noun + " id '" + id.apply(entry) + "'");
            }
            out.add(entry);
        }
        if (out.isEmpty()) {
            throw new EvalException("query file " + file + " holds no " + plural);
        }
        return List.copyOf(out);
    }
}
