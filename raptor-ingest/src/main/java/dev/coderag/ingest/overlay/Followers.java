package dev.coderag.ingest.overlay;

import dev.coderag.ingest.IngestSummary;
import dev.coderag.store.BranchNames;
import dev.coderag.store.RepoInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * Which branch overlays an ingest run reconciles after their bases (docs/STORE.md, "Branches"): an overlay shows its
 * base's files and shares its base's chunks, so once a base changed, each of its overlays is read again — unless the
 * run ingested that overlay after the base already. Pure.
 */
public final class Followers {
    private Followers() {}

    /** An overlay to ingest again: its stored name, source and branch. */
    public record Follow(String name, String source, String branch) {}

    /**
     * @param done the run's repositories in the order ingested
     * @param stored the store's repositories
     * @return the overlays due, in the order of their bases, each once
     */
    public static List<Follow> due(List<IngestSummary.RepoResult> done, List<RepoInfo> stored) {
        List<Follow> out = new ArrayList<>();
        for (int i = 0; i < done.size(); i++) {
            IngestSummary.RepoResult base = done.get(i);
            if (!changed(base)) {
                continue;
            }
            List<IngestSummary.RepoResult> after = done.subList(i + 1, done.size());
            for (RepoInfo r : stored) {
                boolean overlay =
                        BranchNames.base(r.name()).filter(base.name()::equals).isPresent();
                boolean followed = overlay
                        && (after.stream().anyMatch(a -> a.name().equals(r.name()))
                                || out.stream().anyMatch(f -> f.name().equals(r.name())));
                if (overlay && !followed && !r.branch().isEmpty()) {
                    out.add(new Follow(r.name(), r.source(), r.branch()));
                }
            }
        }
        return out;
    }

    /** Whether a repository's ingest changed what it stores. */
    static boolean changed(IngestSummary.RepoResult r) {
        return r.files().newFiles() + r.files().changed() + r.files().deleted() > 0
                || r.chunks().inserted() + r.chunks().deleted() > 0;
    }
}
