/**
 * The embedded store's SQLite plumbing, shared by its rows, lexical and vector packages: connections and errors
 * ({@code Sql}), the schema and its upgrades ({@code Schema}), the pool of read connections that see one commit,
 * the cross-process write lock, search filters as SQL, and the store's tuning options. Depends on nothing else of
 * the module.
 */
package dev.coderag.store.embedded.db;
