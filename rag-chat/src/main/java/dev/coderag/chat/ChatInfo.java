package dev.coderag.chat;

/**
 * A stored chat.
 *
 * @param repo the repository the chat is restricted to, or null for all
 * @param messages number of messages (two per answered question)
 */
public record ChatInfo(String id, String repo, String createdAt, int messages) {}
