/**
 * Writing an answer from retrieved evidence: numbered context within a token budget, the {@link
 * dev.coderag.chat.answer.Generator} contract and the offline extractive writer, citation clean-up, LLM prompts
 * and the Markdown-to-HTML rendering of answers. Pure functions; may import rag-retrieval and rag-types, never
 * the web server, the LLM clients or the store.
 */
package dev.coderag.chat.answer;
