package dev.coderag.ingest.history;

/**
 * A commit message read line by line into subject and body, capped: the subject is the first paragraph on one
 * line (as git's {@code %s}), the body the rest without the blank lines around it. Cleaned ({@link Clean}).
 */
final class MessageText {
    private final int max;
    private final StringBuilder subject = new StringBuilder();
    private final StringBuilder body = new StringBuilder();
    private boolean inSubject;
    private boolean subjectDone;
    private int blankLines;
    private boolean cut;

    MessageText(int max) {
        this.max = max;
    }

    /** The next line, {@code bytes[from, to)}; {@code whole} false when the line was longer than what was kept. */
    void line(byte[] bytes, int from, int to, boolean whole) {
        if (cut) {
            return;
        }
        String s = Clean.text(bytes, from, to).stripTrailing() + (whole ? "" : "…");
        boolean blank = s.isBlank();
        if (!subjectDone) {
            if (blank) {
                subjectDone = inSubject;
            } else {
                append(subject, subject.isEmpty() ? "" : " ", s.strip());
                inSubject = true;
            }
        } else if (blank) {
            blankLines = body.isEmpty() ? 0 : blankLines + 1;
        } else {
            append(body, body.isEmpty() ? "" : "\n".repeat(blankLines + 1), s);
            blankLines = 0;
        }
    }

    String subject() {
        return subject.toString();
    }

    String body() {
        return body.toString();
    }

    private void append(StringBuilder to, String separator, String s) {
        int room = max - subject.length() - body.length() - separator.length();
        if (room <= 0) {
            cut = true;
            to.append('…');
            return;
        }
        to.append(separator);
        if (s.length() > room) {
            int end = Character.isHighSurrogate(s.charAt(room - 1)) ? room - 1 : room;
            to.append(s, 0, end).append('…');
            cut = true;
        } else {
            to.append(s);
        }
    }
}
