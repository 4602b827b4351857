package dev.coderag.ingest;

import java.util.Locale;

/**
 * The phases one repository's ingest goes through, in this order: {@link #SCAN} (resolve the source),
 * {@link #PARSE} (walk, hash, parse), {@link #EMBED} (commit new chunks' text when
 * embedding takes more than one batch, then embed them and insert their vectors), {@link #WRITE} (deletes and
 * the commit), {@link #RESOLVE} (the compiler's references of the changed Java files, after the commit: search
 * already sees the new files) and {@link #DONE}. A dry run goes from {@code PARSE} straight to {@code DONE}; a run
 * with nothing to resolve skips {@code RESOLVE}.
 *
 * <p>{@link #wireName()} (also {@link #toString()}) is the phase as the JSON API, progress lines and logs show
 * it: {@code scan}, {@code parse}, {@code embed}, {@code write}, {@code resolve}, {@code done}. Those strings are a stable
 * contract; {@link #fromWireName} reads them back.
 */
public enum IngestPhase {
    SCAN,
    PARSE,
    EMBED,
    WRITE,
    /** Files resolved so far of those to resolve, in {@code filesDone}/{@code filesTotal}. */
    RESOLVE,
    DONE;

    private final String wireName = name().toLowerCase(Locale.ROOT);

    /** The stable lower-case name: {@code scan}, {@code parse}, {@code embed}, {@code write}, {@code resolve} or {@code done}. */
    public String wireName() {
        return wireName;
    }

    /** The {@link #wireName()}, so that string concatenation and {@code %s} print what they always printed. */
    @Override
    public String toString() {
        return wireName;
    }

    /**
     * The phase with this wire name.
     *
     * @throws IllegalArgumentException for any other string (case matters)
     */
    public static IngestPhase fromWireName(String wireName) {
        for (IngestPhase phase : values()) {
            if (phase.wireName.equals(wireName)) {
                return phase;
            }
        }
        throw new IllegalArgumentException("unknown ingest phase '" + wireName + "'");
    }
}
