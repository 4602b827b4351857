package dev.coderag.store.spi;

/**
 * The hand-written Porter (1980) stemmer the store used until it took OpenNLP's, kept unchanged as the oracle
 * of {@link PorterStemmerParityTest}: existing stores were indexed with its stems, so the stemmer in use must
 * give the very same ones (a library upgrade that changes a stem would change rankings). Pure and thread-safe;
 * words of one or two letters and words with characters other than a-z are returned unchanged.
 */
final class ReferencePorterStemmer {
    private ReferencePorterStemmer() {}

    static String stem(String word) {
        int n = word.length();
        if (n <= 2) {
            return word;
        }
        for (int i = 0; i < n; i++) {
            char c = word.charAt(i);
            if (c < 'a' || c > 'z') {
                return word;
            }
        }
        return new Run(word).stem();
    }

    /** One stemming run over a mutable buffer; {@code k} is the index of the last char, {@code j} a cut point. */
    private static final class Run {
        private final char[] b;
        private int k;
        private int j;

        Run(String word) {
            this.b = word.toCharArray();
            this.k = b.length - 1;
        }

        String stem() {
            step1ab();
            if (k > 0) {
                step1c();
                step2();
                step3();
                step4();
                step5();
            }
            return new String(b, 0, k + 1);
        }

        /** True when b[i] is a consonant. */
        private boolean cons(int i) {
            switch (b[i]) {
                case 'a', 'e', 'i', 'o', 'u' -> {
                    return false;
                }
                case 'y' -> {
                    return i == 0 || !cons(i - 1);
                }
                default -> {
                    return true;
                }
            }
        }

        /** The number of VC sequences in b[0..j]. */
        private int m() {
            int count = 0;
            int i = 0;
            while (true) {
                if (i > j) {
                    return count;
                }
                if (!cons(i)) {
                    break;
                }
                i++;
            }
            i++;
            while (true) {
                while (true) {
                    if (i > j) {
                        return count;
                    }
                    if (cons(i)) {
                        break;
                    }
                    i++;
                }
                i++;
                count++;
                while (true) {
                    if (i > j) {
                        return count;
                    }
                    if (!cons(i)) {
                        break;
                    }
                    i++;
                }
                i++;
            }
        }

        /** True when b[0..j] contains a vowel. */
        private boolean vowelInStem() {
            for (int i = 0; i <= j; i++) {
                if (!cons(i)) {
                    return true;
                }
            }
            return false;
        }

        /** True when b[i-1..i] is a double consonant. */
        private boolean doublec(int i) {
            return i >= 1 && b[i] == b[i - 1] && cons(i);
        }

        /** True when b[i-2..i] is consonant-vowel-consonant and the last is not w, x or y. */
        private boolean cvc(int i) {
            if (i < 2 || !cons(i) || cons(i - 1) || !cons(i - 2)) {
                return false;
            }
            char c = b[i];
            return c != 'w' && c != 'x' && c != 'y';
        }

        private boolean ends(String s) {
            int l = s.length();
            int o = k - l + 1;
            if (o < 0) {
                return false;
            }
            for (int i = 0; i < l; i++) {
                if (b[o + i] != s.charAt(i)) {
                    return false;
                }
            }
            j = k - l;
            return true;
        }

        /** Replaces b[j+1..k] with s. */
        private void setto(String s) {
            int l = s.length();
            int o = j + 1;
            for (int i = 0; i < l; i++) {
                b[o + i] = s.charAt(i);
            }
            k = j + l;
        }

        private void r(String s) {
            if (m() > 0) {
                setto(s);
            }
        }

        private void step1ab() {
            if (b[k] == 's') {
                if (ends("sses")) {
                    k -= 2;
                } else if (ends("ies")) {
                    setto("i");
                } else if (b[k - 1] != 's') {
                    k--;
                }
            }
            if (ends("eed")) {
                if (m() > 0) {
                    k--;
                }
            } else if ((ends("ed") || ends("ing")) && vowelInStem()) {
                k = j;
                if (ends("at")) {
                    setto("ate");
                } else if (ends("bl")) {
                    setto("ble");
                } else if (ends("iz")) {
                    setto("ize");
                } else if (doublec(k)) {
                    k--;
                    char c = b[k];
                    if (c == 'l' || c == 's' || c == 'z') {
                        k++;
                    }
                } else if (m() == 1 && cvc(k)) {
                    setto("e");
                }
            }
        }

        private void step1c() {
            if (ends("y") && vowelInStem()) {
                b[k] = 'i';
            }
        }

        private void step2() {
            if (k == 0) {
                return;
            }
            switch (b[k - 1]) {
                case 'a' -> {
                    if (ends("ational")) {
                        r("ate");
                    } else if (ends("tional")) {
                        r("tion");
                    }
                }
                case 'c' -> {
                    if (ends("enci")) {
                        r("ence");
                    } else if (ends("anci")) {
                        r("ance");
                    }
                }
                case 'e' -> {
                    if (ends("izer")) {
                        r("ize");
                    }
                }
                case 'l' -> {
                    if (ends("bli")) {
                        r("ble");
                    } else if (ends("alli")) {
                        r("al");
                    } else if (ends("entli")) {
                        r("ent");
                    } else if (ends("eli")) {
                        r("e");
                    } else if (ends("ousli")) {
                        r("ous");
                    }
                }
                case 'o' -> {
                    if (ends("ization")) {
                        r("ize");
                    } else if (ends("ation")) {
                        r("ate");
                    } else if (ends("ator")) {
                        r("ate");
                    }
                }
                case 's' -> {
                    if (ends("alism")) {
                        r("al");
                    } else if (ends("iveness")) {
                        r("ive");
                    } else if (ends("fulness")) {
                        r("ful");
                    } else if (ends("ousness")) {
                        r("ous");
                    }
                }
                case 't' -> {
                    if (ends("aliti")) {
                        r("al");
                    } else if (ends("iviti")) {
                        r("ive");
                    } else if (ends("biliti")) {
                        r("ble");
                    }
                }
                case 'g' -> {
                    if (ends("logi")) {
                        r("log");
                    }
                }
                default -> {}
            }
        }

        private void step3() {
            switch (b[k]) {
                case 'e' -> {
                    if (ends("icate")) {
                        r("ic");
                    } else if (ends("ative")) {
                        r("");
                    } else if (ends("alize")) {
                        r("al");
                    }
                }
                case 'i' -> {
                    if (ends("iciti")) {
                        r("ic");
                    }
                }
                case 'l' -> {
                    if (ends("ical")) {
                        r("ic");
                    } else if (ends("ful")) {
                        r("");
                    }
                }
                case 's' -> {
                    if (ends("ness")) {
                        r("");
                    }
                }
                default -> {}
            }
        }

        private void step4() {
            if (k == 0) {
                return;
            }
            boolean found =
                    switch (b[k - 1]) {
                        case 'a' -> ends("al");
                        case 'c' -> ends("ance") || ends("ence");
                        case 'e' -> ends("er");
                        case 'i' -> ends("ic");
                        case 'l' -> ends("able") || ends("ible");
                        case 'n' -> ends("ant") || ends("ement") || ends("ment") || ends("ent");
                        case 'o' -> (ends("ion") && j >= 0 && (b[j] == 's' || b[j] == 't')) || ends("ou");
                        case 's' -> ends("ism");
                        case 't' -> ends("ate") || ends("iti");
                        case 'u' -> ends("ous");
                        case 'v' -> ends("ive");
                        case 'z' -> ends("ize");
                        default -> false;
                    };
            if (found && m() > 1) {
                k = j;
            }
        }

        private void step5() {
            j = k;
            if (b[k] == 'e') {
                int a = m();
                if (a > 1 || (a == 1 && !cvc(k - 1))) {
                    k--;
                }
            }
            if (b[k] == 'l' && doublec(k) && m() > 1) {
                k--;
            }
        }
    }
}
