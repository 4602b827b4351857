/** Benchmark harnesses; run them with {@code rag-bench/run <MainClass>}; results go to docs/BENCHMARKS.md. */
package dev.coderag.bench;
