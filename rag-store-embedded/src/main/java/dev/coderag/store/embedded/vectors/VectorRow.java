package dev.coderag.store.embedded.vectors;

import dev.coderag.types.Language;
import dev.coderag.types.SymbolKind;

/** One stored vector with the fields filters look at, as {@link VectorIndex} takes it in. */
record VectorRow(long rid, String repo, String path, Language language, SymbolKind symbolKind, float[] vector) {}
