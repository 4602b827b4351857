/**
 * The store API: {@link dev.coderag.store.Store} keeps the chunks of every ingested repository and answers by concern
 * — {@code chunks()}, {@code vectors()}, {@code lexical()}, {@code files()}, {@code calls()}, {@code repos()},
 * {@code chats()} — with one writer at a time ({@link dev.coderag.store.WriteTransaction}); its records, the
 * {@link dev.coderag.store.SearchFilter} and {@link dev.coderag.store.StoreException}. Holds no backend: every
 * location, a directory included, is served by the {@link dev.coderag.store.spi.StoreBackend} that
 * {@link java.util.ServiceLoader} finds (rag-store-embedded, rag-store-solr). May import rag-types and the JDK only.
 */
package dev.coderag.store;
