package dev.coderag.chat.answer;

/**
 * The steps of a documentation section: its numbered and bulleted list items and its fenced code blocks, in
 * order, as Markdown to quote in an answer. Code blocks stay intact (their lines as written) but bounded; every
 * list item ends with the section's citation. One forward pass over the lines; linear in the text. Pure.
 */
final class DocSteps {
    /** List items quoted. */
    static final int MAX_ITEMS = 8;
    /** Code blocks quoted. */
    static final int MAX_BLOCKS = 3;
    /** Lines quoted of one code block. */
    static final int MAX_BLOCK_LINES = 12;
    /** Characters of one code line or list item. */
    static final int MAX_LINE = 200;
    /** Characters of section text looked at. */
    private static final int MAX_SCAN = 20_000;

    private DocSteps() {}

    /**
     * The steps of {@code text} as Markdown lines, each list item cited with {@code cite}; "" when the text has
     * no list item and no code block.
     */
    static String of(String text, String cite) {
        StringBuilder out = new StringBuilder();
        int items = 0;
        int blocks = 0;
        int numbered = 0;
        String fence = null; // the opening fence while inside a code block
        int fenceIndent = 0;
        StringBuilder block = new StringBuilder();
        int blockLines = 0;
        int len = Math.min(text.length(), MAX_SCAN);
        int start = 0;
        while (start < len) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 || nl > len ? len : nl;
            String raw = text.substring(start, end);
            start = end + 1;
            String line = raw.strip();
            if (fence != null) {
                if (line.startsWith(fence) && run(line, fence.charAt(0)) == line.length()) {
                    if (blocks < MAX_BLOCKS && blockLines > 0) {
                        appendBlock(out, block, blockLines > MAX_BLOCK_LINES);
                        blocks++;
                    }
                    fence = null;
                } else {
                    if (blockLines < MAX_BLOCK_LINES) {
                        block.append(Evidence.bound(dedent(raw, fenceIndent), MAX_LINE))
                                .append('\n');
                    }
                    blockLines++;
                }
                continue;
            }
            if (line.startsWith("```") || line.startsWith("~~~")) {
                fence = line.substring(0, run(line, line.charAt(0)));
                fenceIndent = raw.length() - raw.stripLeading().length();
                block.setLength(0);
                block.append(language(line.substring(fence.length()))).append('\n');
                blockLines = 0;
                continue;
            }
            int marker = numberedMarker(line);
            boolean bullet = line.length() > 2 && "-*+".indexOf(line.charAt(0)) >= 0 && line.charAt(1) == ' ';
            if ((marker > 0 || bullet) && items < MAX_ITEMS) {
                String item = Evidence.bound(Evidence.prose(line.substring(marker > 0 ? marker : 2)), MAX_LINE);
                if (!item.isEmpty()) {
                    out.append(marker > 0 ? ++numbered + ". " : "- ")
                            .append(item)
                            .append(' ')
                            .append(cite)
                            .append('\n');
                    items++;
                }
            }
        }
        if (fence != null && blocks < MAX_BLOCKS && blockLines > 0) {
            appendBlock(out, block, true); // the section ended inside a code block
        }
        return out.toString().stripTrailing();
    }

    /** The text before the first list item or code block (the section's own words), headings left out. */
    static String prose(String text) {
        StringBuilder out = new StringBuilder();
        int len = Math.min(text.length(), MAX_SCAN);
        int start = 0;
        while (start < len && out.length() < 4 * Evidence.MAX_QUOTE) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 || nl > len ? len : nl;
            String line = text.substring(start, end).strip();
            start = end + 1;
            boolean bullet = line.length() > 1 && "-*+".indexOf(line.charAt(0)) >= 0 && line.charAt(1) == ' ';
            if (line.startsWith("```") || line.startsWith("~~~") || bullet || numberedMarker(line) > 0) {
                break;
            }
            if (line.startsWith("#") || line.startsWith("|") || line.startsWith(">") && out.isEmpty()) {
                continue;
            }
            if (line.isEmpty() && !out.isEmpty()) {
                break;
            }
            out.append(line).append(' ');
        }
        return out.toString().strip();
    }

    /** Where the text of a numbered item starts ("12. x" → 4), or 0 when the line is none. */
    private static int numberedMarker(String line) {
        int i = 0;
        while (i < line.length() && i < 3 && Character.isDigit(line.charAt(i))) {
            i++;
        }
        if (i == 0 || i + 1 >= line.length()) {
            return 0;
        }
        char dot = line.charAt(i);
        return (dot == '.' || dot == ')') && line.charAt(i + 1) == ' ' ? i + 2 : 0;
    }

    private static void appendBlock(StringBuilder out, StringBuilder block, boolean cut) {
        if (cut) {
            block.append("…\n");
        }
        String body = block.toString();
        int nl = body.indexOf('\n');
        String lang = body.substring(0, nl);
        String lines = body.substring(nl + 1);
        // A quoted line that starts with ``` would end the block early (for CommonMark and for Citations, which
        // toggles on any such line): a zero-width space in front keeps it text inside the block.
        StringBuilder quoted = new StringBuilder(lines.length() + 8);
        int at = 0;
        while (at < lines.length()) {
            int lineEnd = lines.indexOf('\n', at);
            int lineStop = lineEnd < 0 ? lines.length() : lineEnd;
            String l = lines.substring(at, lineStop);
            quoted.append(l.stripLeading().startsWith("```") ? Citations.DEFUSED + l : l)
                    .append('\n');
            at = lineStop + 1;
        }
        String ticks = "```";
        out.append('\n')
                .append(ticks)
                .append(lang)
                .append('\n')
                .append(quoted)
                .append(ticks)
                .append("\n\n");
    }

    /** How many {@code c} the line starts with. */
    private static int run(String line, char c) {
        int i = 0;
        while (i < line.length() && line.charAt(i) == c) {
            i++;
        }
        return i;
    }

    /** A code block's language tag: letters, digits and {@code +#.-} only, at most 20 characters. */
    private static String language(String info) {
        StringBuilder out = new StringBuilder();
        String s = info.strip();
        for (int i = 0; i < s.length() && out.length() < 20; i++) {
            char c = s.charAt(i);
            if (!(Character.isLetterOrDigit(c) || "+#.-_".indexOf(c) >= 0)) {
                break;
            }
            out.append(c);
        }
        return out.toString();
    }

    private static String dedent(String raw, int indent) {
        int i = 0;
        while (i < indent && i < raw.length() && raw.charAt(i) == ' ') {
            i++;
        }
        return raw.substring(i).stripTrailing();
    }
}
