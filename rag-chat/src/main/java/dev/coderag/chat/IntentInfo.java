package dev.coderag.chat;

/** The classified intent of a question; {@code confidence} in [0, 1]. */
public record IntentInfo(String name, double confidence) {}
