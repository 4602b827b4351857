package dev.coderag.store.spi;

/** How call names are matched to symbols: by their last segment ({@code this.parse}, {@code Foo::parse()} → parse). */
public final class CallKeys {
    private CallKeys() {}

    public static String key(String callee) {
        String name = callee.strip();
        if (name.endsWith("()")) {
            name = name.substring(0, name.length() - 2);
        }
        int cut = -1;
        for (String separator : new String[] {".", "::", "->", "#"}) {
            int i = name.lastIndexOf(separator);
            if (i >= 0) {
                cut = Math.max(cut, i + separator.length());
            }
        }
        return cut < 0 ? name : name.substring(cut);
    }
}
