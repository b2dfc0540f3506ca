import CFFmpeg

/// FFmpeg's own logging: animvid reports failures itself, so only FFmpeg's errors get through.
enum FFmpegLog {
    static func quiet() {
        av_log_set_level(AV_LOG_ERROR)
    }
}
