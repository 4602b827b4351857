package dev.coderag.chat;

/**
 * A stored chat.
 *
 * @param repo the repository the chat is restricted to, or null for all
 * @param messages number of messages (two per answered question)
 * @param title its first question ("" before the first), to list it by
 */
public record ChatInfo(String id, String repo, String createdAt, int messages, String title) {}
