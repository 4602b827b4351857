package dev.coderag.types;

/**
 * One hunk of a diff with no context lines ({@code git diff -U0}), as its {@code @@ -oldStart,oldCount
 * +newStart,newCount @@} header says: {@code oldCount} lines from {@code oldStart} of the file before the commit
 * were replaced by {@code newCount} lines from {@code newStart} of the file after it. A count of 0 is a pure
 * insertion (old side) or a pure deletion (new side); then the start is the line <em>after which</em> the change
 * sits, so it may be 0.
 *
 * <p>This is all a blame-like walk needs: which lines of a file a commit wrote, and how it moved the rest.
 */
public record HunkRange(int oldStart, int oldCount, int newStart, int newCount) {

    public HunkRange {
        if (oldStart < 0 || oldCount < 0 || newStart < 0 || newCount < 0) {
            throw new IllegalArgumentException(
                    "bad hunk -" + oldStart + "," + oldCount + " +" + newStart + "," + newCount);
        }
    }

    /** The header form without the {@code @@}: {@code -a,b +c,d}. */
    @Override
    public String toString() {
        return "-" + oldStart + ',' + oldCount + " +" + newStart + ',' + newCount;
    }
}
