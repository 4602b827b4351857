package dev.coderag.store;

import dev.coderag.store.spi.StoreBackend;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;

/**
 * Where a store lives: the embedded store in a directory ({@link Directory}, the default), or a store served by a
 * backend named by a URL ({@link Remote}, e.g. {@code solr://host:8983/solr?collection=coderag}) that a
 * {@link StoreBackend} on the classpath serves. Both have a local directory: the embedded store's own, or for a
 * remote store the place for what stays on this machine (git clones under {@code repos/}).
 */
public sealed interface StoreLocation {

    /** The directory on this machine: the embedded store's, or a remote store's local working directory. */
    Path localDirectory();

    /** A name for messages: the directory, or the URL. */
    String describe();

    /** The embedded store (SQLite, JVector) in {@code dir}. */
    record Directory(Path dir) implements StoreLocation {
        public Directory {
            Objects.requireNonNull(dir, "dir");
        }

        @Override
        public Path localDirectory() {
            return dir;
        }

        @Override
        public String describe() {
            return dir.toString();
        }
    }

    /**
     * A store served by the backend for the URL's scheme.
     *
     * @param url the store URL, {@code <scheme>://…}; only its backend reads the rest
     * @param localDir where git clones go ({@code <localDir>/repos/<name>})
     */
    record Remote(String url, Path localDir) implements StoreLocation {
        public Remote {
            Objects.requireNonNull(url, "url");
            Objects.requireNonNull(localDir, "localDir");
            if (scheme(url).isEmpty()) {
                throw new IllegalArgumentException("a store URL starts with <scheme>:// (e.g. solr://), not: " + url);
            }
        }

        /** The URL's scheme, lower case ({@code solr}). */
        public String scheme() {
            return scheme(url);
        }

        @Override
        public Path localDirectory() {
            return localDir;
        }

        @Override
        public String describe() {
            return url;
        }

        private static String scheme(String url) {
            int i = url.indexOf("://");
            if (i <= 0) {
                return "";
            }
            String s = url.substring(0, i);
            for (int k = 0; k < s.length(); k++) {
                char c = s.charAt(k);
                if (!(Character.isLetterOrDigit(c) && c < 128 || c == '+' || c == '-' || c == '.')) {
                    return "";
                }
            }
            return s.toLowerCase(Locale.ROOT);
        }
    }
}
