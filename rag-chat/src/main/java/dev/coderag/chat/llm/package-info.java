/**
 * The language-model clients (OpenAI-compatible chat completions, Gemini) behind the {@link
 * dev.coderag.chat.answer.Generator} contract, their configuration (keys from the environment only, never
 * logged) and {@link dev.coderag.chat.llm.Generators}, which builds the generator a configuration asks for. May
 * import {@code answer}; never the web server or the store.
 */
package dev.coderag.chat.llm;
