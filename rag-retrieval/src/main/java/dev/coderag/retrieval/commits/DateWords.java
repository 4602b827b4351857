package dev.coderag.retrieval.commits;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads the dates of a question ({@link TimeWindow#in}): ISO dates, days, months, years, "mid-March", "the second
 * half of 2025", "last month/week/year", "this year", "N days/weeks/months/years ago", and the words around them
 * ("since", "after", "before", "until"). Every date is a span (a day, a month, a year); the window runs from the
 * earliest span's start to the latest span's end, so "between November 2023 and January 2024", "in July and
 * August 2024" and "from 1 March to 31 March 2025" all read as written. A month without a year takes the year of
 * the next date that has one ("between 1 March and 31 March 2025"), else of the one before, else the current one.
 */
final class DateWords {
    private static final String[] MONTHS = {
        "january", "february", "march", "april", "may", "june",
        "july", "august", "september", "october", "november", "december"
    };
    /** Words longer than this are no date (and keep the scan cheap on hostile input). */
    private static final int MAX_WORD = 24;

    /** A named date: a span of days, its year perhaps still unknown (0). */
    private static class Span {
        int year;
        final int month; // 1-12, 0 for a whole year
        final int day; // 1-31, 0 for a whole month
        LocalDate start;
        LocalDate end; // exclusive

        Span(int year, int month, int day) {
            this.year = year;
            this.month = month;
            this.day = day;
        }

        void resolve() {
            if (month == 0) {
                start = LocalDate.of(year, 1, 1);
                end = start.plusYears(1);
            } else if (day == 0) {
                start = LocalDate.of(year, month, 1);
                end = start.plusMonths(1);
            } else {
                LocalDate first = LocalDate.of(year, month, 1);
                start = first.withDayOfMonth(Math.min(day, first.lengthOfMonth()));
                end = start.plusDays(1);
            }
        }
    }

    private DateWords() {}

    static Optional<TimeWindow> window(String question, Instant now) {
        List<String> words = words(question);
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        List<Span> spans = new ArrayList<>();
        boolean openEnd = false;
        boolean openStart = false;
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            String prev = i > 0 ? words.get(i - 1) : "";
            String next = i + 1 < words.size() ? words.get(i + 1) : "";
            int month = month(w, prev, next);
            int thisYear = today.getYear();
            Span span = null;
            if (w.length() == 10 && w.charAt(4) == '-' && w.charAt(7) == '-') {
                span = iso(w);
            } else if (month > 0) {
                int day = day(prev) > 0 ? day(prev) : day(next);
                String yearWord = day(next) > 0 ? at(words, i + 2) : next;
                span = new Span(year(yearWord, thisYear), month, day);
            } else if (w.startsWith("mid-") && month(w.substring(4), "", "") > 0) {
                span = new Span(year(next, thisYear), month(w.substring(4), "", ""), 15);
            } else if (year(w, thisYear) > 0 && !afterMonth(words, i)) {
                span = half(words, i, year(w, thisYear));
            } else if (prev.equals("last") || prev.equals("past") || prev.equals("this")) {
                span = relative(prev, w, today);
            } else if (w.equals("ago") && i >= 2) {
                span = ago(at(words, i - 2), prev, today);
            } else if (w.equals("yesterday")) {
                span = day(today.minusDays(1));
            }
            if (span != null) {
                spans.add(span);
                openEnd |= prevIsOneOf(words, i, "since", "after");
                openStart |= prevIsOneOf(words, i, "before", "until", "till");
            }
        }
        return spans.isEmpty() ? Optional.empty() : Optional.of(span(spans, today, openStart, openEnd));
    }

    private static TimeWindow span(List<Span> spans, LocalDate today, boolean openStart, boolean openEnd) {
        for (int i = 0; i < spans.size(); i++) {
            Span s = spans.get(i);
            if (s.year == 0) {
                s.year = yearNear(spans, i, today.getYear());
            }
            s.resolve();
        }
        LocalDate start = spans.getFirst().start;
        LocalDate end = spans.getFirst().end;
        for (Span s : spans) {
            start = s.start.isBefore(start) ? s.start : start;
            end = s.end.isAfter(end) ? s.end : end;
        }
        long from =
                openStart ? Long.MIN_VALUE : start.atStartOfDay(ZoneOffset.UTC).toEpochSecond();
        long to = openEnd ? Long.MAX_VALUE : end.atStartOfDay(ZoneOffset.UTC).toEpochSecond();
        return new TimeWindow(from, to);
    }

    /** The year of the next span that has one, else of the one before, else {@code current}. */
    private static int yearNear(List<Span> spans, int i, int current) {
        for (int j = i + 1; j < spans.size(); j++) {
            if (spans.get(j).year > 0) {
                return spans.get(j).year;
            }
        }
        for (int j = i - 1; j >= 0; j--) {
            if (spans.get(j).year > 0) {
                return spans.get(j).year;
            }
        }
        return current;
    }

    /** Whether the year at {@code i} belongs to the month before it ("March 2024", "1 March 2024", "mid-March 2024"). */
    private static boolean afterMonth(List<String> words, int i) {
        String prev = at(words, i - 1);
        return month(prev, at(words, i - 2), "2000") > 0
                || prev.startsWith("mid-")
                || (day(prev) > 0 && month(at(words, i - 2), at(words, i - 3), prev) > 0);
    }

    /** "the first/second half of 2025" or the year itself. */
    private static Span half(List<String> words, int i, int year) {
        if (i >= 3 && words.get(i - 1).equals("of") && words.get(i - 2).equals("half")) {
            String which = words.get(i - 3);
            LocalDate start = LocalDate.of(year, which.equals("second") || which.equals("latter") ? 7 : 1, 1);
            return fixed(start, start.plusMonths(6));
        }
        return new Span(year, 0, 0);
    }

    /** "last month", "last week", "last year", "past year", "this year", "this month". */
    private static Span relative(String which, String unit, LocalDate today) {
        LocalDate start;
        LocalDate end;
        switch (unit) {
            case "week" -> {
                start = today.minusDays(
                        which.equals("this") ? today.getDayOfWeek().getValue() - 1L : 7);
                end = today.plusDays(1);
            }
            case "month" -> {
                LocalDate first = today.withDayOfMonth(1);
                start = which.equals("this")
                        ? first
                        : which.equals("past") ? today.minusMonths(1) : first.minusMonths(1);
                end = which.equals("last") ? first : today.plusDays(1);
            }
            case "year" -> {
                LocalDate first = today.withDayOfYear(1);
                start = which.equals("this") ? first : which.equals("past") ? today.minusYears(1) : first.minusYears(1);
                end = which.equals("last") ? first : today.plusDays(1);
            }
            default -> {
                return null;
            }
        }
        return fixed(start, end);
    }

    /** "3 days ago", "two weeks ago": from then until now. */
    private static Span ago(String count, String unit, LocalDate today) {
        int n = number(count);
        if (n <= 0 || n > 1000) {
            return null;
        }
        LocalDate start =
                switch (unit.endsWith("s") ? unit.substring(0, unit.length() - 1) : unit) {
                    case "day" -> today.minusDays(n);
                    case "week" -> today.minusWeeks(n);
                    case "month" -> today.minusMonths(n);
                    case "year" -> today.minusYears(n);
                    default -> null;
                };
        return start == null ? null : fixed(start, today.plusDays(1));
    }

    private static Span day(LocalDate d) {
        return fixed(d, d.plusDays(1));
    }

    private static Span fixed(LocalDate start, LocalDate end) {
        Span s = new Span(start.getYear(), start.getMonthValue(), start.getDayOfMonth()) {
            @Override
            void resolve() {}
        };
        s.start = start;
        s.end = end;
        return s;
    }

    private static Span iso(String w) {
        int y = digits(w, 0, 4);
        int m = digits(w, 5, 7);
        int d = digits(w, 8, 10);
        if (y < 1970 || m < 1 || m > 12 || d < 1 || d > 31) {
            return null;
        }
        return new Span(y, m, d);
    }

    private static boolean prevIsOneOf(List<String> words, int i, String... any) {
        // "since March 2024", "since 1 March 2024", "before the end of March"
        for (int j = Math.max(0, i - 4); j < i; j++) {
            for (String a : any) {
                if (words.get(j).equals(a)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String at(List<String> words, int i) {
        return i >= 0 && i < words.size() ? words.get(i) : "";
    }

    /**
     * 1-12 for a month's name, else 0. "May" and the abbreviations ("mar", "sept") are common words too: they count
     * only beside a day or a year ("May 2024", "3 mar").
     */
    static int month(String w, String prev, String next) {
        if (w.length() < 3 || w.length() > 9) {
            return 0;
        }
        boolean dated = day(prev) > 0 || day(next) > 0 || (next.length() == 4 && digits(next, 0, 4) > 0);
        for (int m = 0; m < MONTHS.length; m++) {
            if (MONTHS[m].equals(w)) {
                return w.equals("may") && !dated ? 0 : m + 1;
            }
            if (dated && (w.length() == 3 || w.equals("sept")) && MONTHS[m].startsWith(w)) {
                return m + 1;
            }
        }
        return 0;
    }

    /** A day of the month: "1", "14", "1st", "22nd", "3rd", "14th"; else 0. */
    private static int day(String w) {
        String d = w.endsWith("st") || w.endsWith("nd") || w.endsWith("rd") || w.endsWith("th")
                ? w.substring(0, w.length() - 2)
                : w;
        if (d.isEmpty() || d.length() > 2) {
            return 0;
        }
        int n = digits(d, 0, d.length());
        return n >= 1 && n <= 31 ? n : 0;
    }

    /** A year from 1990 to next year (later numbers are limits and sizes, not dates), else 0. */
    private static int year(String w, int thisYear) {
        if (w.length() != 4) {
            return 0;
        }
        int y = digits(w, 0, 4);
        return y >= 1990 && y <= thisYear + 1 ? y : 0;
    }

    private static int number(String w) {
        return switch (w) {
            case "a", "an", "one" -> 1;
            case "two" -> 2;
            case "three" -> 3;
            case "four" -> 4;
            case "five" -> 5;
            case "six" -> 6;
            default -> w.length() <= 4 ? Math.max(0, digits(w, 0, w.length())) : 0;
        };
    }

    /** The decimal number in {@code w[from, to)}, or -1 when it is not all digits. */
    private static int digits(String w, int from, int to) {
        if (from >= to) {
            return -1;
        }
        int n = 0;
        for (int i = from; i < to; i++) {
            char c = w.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }

    /** The question's words, lower-cased: letters, digits and inner hyphens; words longer than 24 dropped. */
    static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ' ';
            if (Character.isLetterOrDigit(c) || (c == '-' && !w.isEmpty())) {
                w.append(Character.toLowerCase(c));
            } else if (!w.isEmpty()) {
                String word = w.charAt(w.length() - 1) == '-' ? w.substring(0, w.length() - 1) : w.toString();
                if (word.length() <= MAX_WORD) {
                    out.add(word.toLowerCase(Locale.ROOT));
                }
                w.setLength(0);
            }
        }
        return out;
    }
}
