import CFFmpeg

/// Memory the process has freed, handed back to the system.
public enum FreedMemory {
    /// Returns what glibc keeps in its per-thread arenas after an encoder and its frames are
    /// freed. A session opens an encoder per segment; without this its peak memory creeps up
    /// segment by segment (measured by bench/encode.sh: 60 s against 4 s of 1080p H.264).
    public static func release() {
        cffmpeg_release_freed_memory()
    }
}
