/**
 * Branch overlays at chunk level (docs/STORE.md, "Branches"): which chunks of a file a branch changed an overlay
 * stores, and which it shows from its base repository at other lines. Pure functions; the planner reads the store.
 */
package dev.coderag.ingest.overlay;
