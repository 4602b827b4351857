package dev.coderag.ingest;

/**
 * Forwards one repository's progress, holding back its {@link IngestPhase#DONE} until {@link #release()}: reference
 * resolution runs after the write commits, and a listener that saw {@code done} first would show a finished
 * repository while {@link IngestPhase#RESOLVE} is still to come. Not thread-safe (the ingesting thread only).
 */
final class DoneAfterResolve implements ProgressListener {
    private final ProgressListener target;
    private final boolean hold;
    private IngestProgress done;

    /** @param hold whether resolution follows; when it does not, {@code done} passes at once */
    DoneAfterResolve(ProgressListener target, boolean hold) {
        this.target = target;
        this.hold = hold;
    }

    @Override
    public void onProgress(IngestProgress progress) {
        if (hold && progress.phase() == IngestPhase.DONE) {
            done = progress;
        } else {
            target.onProgress(progress);
        }
    }

    /** Reports the held {@code done}, if any, once. */
    void release() {
        if (done != null) {
            IngestProgress held = done;
            done = null;
            target.onProgress(held);
        }
    }
}
