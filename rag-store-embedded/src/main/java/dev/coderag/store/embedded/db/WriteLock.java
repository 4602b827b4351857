package dev.coderag.store.embedded.db;

import dev.coderag.store.StoreException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** The cross-process write lock: an OS lock on {@code write.lock}, released when the holder exits or dies. */
public final class WriteLock implements AutoCloseable {
    static final String LOCK_FILE = "write.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private WriteLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    public static WriteLock acquire(Path dir) {
        Path file = dir.resolve(LOCK_FILE);
        FileChannel channel;
        try {
            channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        } catch (IOException e) {
            throw new StoreException(
                    StoreException.Reason.IO,
                    "Store " + dir + ": could not open " + LOCK_FILE + " (" + Sql.firstLine(e.getMessage()) + ").",
                    e);
        }
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null; // held by another store object in this JVM
        } catch (IOException e) {
            closeQuietly(channel);
            throw new StoreException(
                    StoreException.Reason.IO,
                    "Store " + dir + ": could not lock " + LOCK_FILE + " (" + Sql.firstLine(e.getMessage()) + ").",
                    e);
        }
        if (lock == null) {
            closeQuietly(channel);
            throw new StoreException(
                    StoreException.Reason.LOCKED,
                    "Store " + dir + " is locked: another ingest is running (it holds " + file
                            + "); wait for it to finish and retry.");
        }
        return new WriteLock(channel, lock);
    }

    @Override
    public void close() {
        try {
            if (lock.isValid()) {
                lock.release();
            }
        } catch (IOException ignored) {
            // Closing the channel releases it too.
        }
        closeQuietly(channel);
    }

    private static void closeQuietly(FileChannel channel) {
        try {
            channel.close();
        } catch (IOException ignored) {
            // Nothing left to release.
        }
    }
}
