/**
 * The language-model providers behind the {@link dev.coderag.chat.answer.Generator} contract: LangChain4j's
 * chat-model modules (OpenAI-compatible, Azure OpenAI through the OpenAI module, Gemini, Ollama, Anthropic,
 * Mistral) on one bounded transport of our own, with retries, timeouts and failures that never carry the key;
 * their configuration (keys from the environment only, never logged) and {@link
 * dev.coderag.chat.llm.Generators}, which builds the generator a configuration asks for. May import {@code
 * answer} and LangChain4j; never the web server or the store.
 */
package dev.coderag.chat.llm;
