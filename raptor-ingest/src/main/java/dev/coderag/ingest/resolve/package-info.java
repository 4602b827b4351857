/**
 * Exact Java references: which declaration each name in a repository's Java sources refers to, as the compiler
 * sees it. Owns the resolution of calls, type names, field accesses, overrides, supertypes and imports to a
 * declaration in the repository (file and line of its name) or outside it (by qualified name), with Eclipse JDT's
 * ASTParser and its bindings; it tolerates missing dependencies (a reference whose target cannot be known is
 * counted, never guessed). {@link dev.coderag.ingest.resolve.JavaReferences} is the entry point; everything JDT
 * stays inside this package. Pure: reads the files it is given, writes nothing.
 */
package dev.coderag.ingest.resolve;
