package dev.coderag.ingest.parse;

/** Counts embedding-model tokens of a text; the ingester passes the real tokenizer. Thread-safe. */
@FunctionalInterface
public interface TokenCounter {
    int count(String text);

    /** A tokenizer-free estimate (about 3 characters per token for code), for tests and dry runs. */
    TokenCounter APPROXIMATE = text -> (text.length() + 2) / 3;
}
