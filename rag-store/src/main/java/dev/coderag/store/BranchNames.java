package dev.coderag.store;

import java.util.Optional;

/**
 * How a branch overlay is named (docs/STORE.md, "Branches"): another branch of a stored repository is stored as a
 * repository of its own, {@code base@branch}, that holds only the files the branch changes or lacks. {@code @} is
 * never part of a repository name, so an overlay's name tells its base.
 */
public final class BranchNames {
    /** Separates the base repository's name from the branch. */
    public static final char SEPARATOR = '@';

    private BranchNames() {}

    /**
     * The overlay of {@code base} for {@code branch}: {@code base@branch}, with {@code /} (allowed in branch names)
     * written {@code +}, so that the name is one path segment (the overlay's clone directory).
     */
    public static String overlay(String base, String branch) {
        return base + SEPARATOR + branch.replace('/', '+');
    }

    /** The base repository of an overlay's name; empty for a name that is not an overlay's. */
    public static Optional<String> base(String name) {
        int at = name.indexOf(SEPARATOR);
        return at > 0 ? Optional.of(name.substring(0, at)) : Optional.empty();
    }
}
