package dev.coderag.ingest.parse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Module names derived from repo-relative paths. Pure. */
public final class ModuleNames {
    private ModuleNames() {}

    public static String fileName(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? path : path.substring(slash + 1);
    }

    public static String directoryOf(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash);
    }

    private static String withoutExtension(String name) {
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /**
     * Python's dotted module path: {@code src/shop/cart.py} is {@code shop.cart}, a package's
     * {@code __init__.py} is the package itself. Everything up to a {@code src/} directory (the src
     * layout) is dropped.
     */
    public static String python(String path) {
        List<String> parts = new ArrayList<>(Arrays.asList(path.split("/")));
        parts.set(parts.size() - 1, withoutExtension(parts.getLast()));
        int src = parts.subList(0, parts.size() - 1).lastIndexOf("src");
        if (src >= 0) {
            parts = new ArrayList<>(parts.subList(src + 1, parts.size()));
        }
        if (parts.size() > 1 && parts.getLast().equals("__init__")) {
            parts.removeLast();
        }
        return String.join(".", parts);
    }

    /**
     * Rust's module path: the crate directory (the one holding {@code src/}, or the repo when
     * {@code src/} is at the top) followed by the modules below {@code src/};
     * {@code crates/http/src/router/mod.rs} is {@code http::router}, {@code src/lib.rs} is the crate.
     */
    public static String rust(String path, String repo) {
        List<String> parts = new ArrayList<>(Arrays.asList(path.split("/")));
        parts.set(parts.size() - 1, withoutExtension(parts.getLast()));
        int src = parts.lastIndexOf("src");
        String crate;
        List<String> modules;
        if (src >= 0) {
            crate = src == 0 ? repo : parts.get(src - 1);
            modules = new ArrayList<>(parts.subList(src + 1, parts.size()));
        } else {
            crate = parts.size() > 1 ? parts.getFirst() : repo;
            modules = new ArrayList<>(parts.subList(parts.size() > 1 ? 1 : 0, parts.size()));
        }
        if (!modules.isEmpty()) {
            String last = modules.getLast();
            if (last.equals("mod") || (modules.size() == 1 && (last.equals("lib") || last.equals("main")))) {
                modules.removeLast();
            }
        }
        List<String> all = new ArrayList<>();
        all.add(crate.replace('-', '_'));
        all.addAll(modules);
        return String.join("::", all);
    }
}
