package dev.coderag.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code --name value} and {@code --flag} arguments of a harness; an unknown name is a one-line error. */
final class BenchArgs {
    private final Map<String, List<String>> values = new LinkedHashMap<>();

    private BenchArgs() {}

    /**
     * @param valued options that take a value (may repeat)
     * @param flags options without a value
     */
    static BenchArgs parse(String[] args, Set<String> valued, Set<String> flags) {
        BenchArgs a = new BenchArgs();
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (flags.contains(name)) {
                a.values.computeIfAbsent(name, k -> new ArrayList<>()).add("true");
            } else if (valued.contains(name)) {
                if (i + 1 >= args.length) {
                    throw new IllegalArgumentException(name + " needs a value");
                }
                a.values.computeIfAbsent(name, k -> new ArrayList<>()).add(args[++i]);
            } else {
                throw new IllegalArgumentException(
                        "unknown option " + name + " (options: " + valued + " " + flags + ")");
            }
        }
        return a;
    }

    String get(String name, String fallback) {
        List<String> v = values.get(name);
        return v == null ? fallback : v.getLast();
    }

    int getInt(String name, int fallback) {
        return Integer.parseInt(get(name, Integer.toString(fallback)));
    }

    double getDouble(String name, double fallback) {
        return Double.parseDouble(get(name, Double.toString(fallback)));
    }

    boolean has(String name) {
        return values.containsKey(name);
    }

    /** All values of a repeatable option, or {@code fallback} when it was not given. */
    List<String> all(String name, List<String> fallback) {
        return values.getOrDefault(name, fallback);
    }

    /** A comma-separated list of integers, e.g. {@code 10000,100000}. */
    List<Integer> ints(String name, String fallback) {
        List<Integer> out = new ArrayList<>();
        for (String s : get(name, fallback).split(",")) {
            out.add(Integer.parseInt(s.strip()));
        }
        return out;
    }
}
