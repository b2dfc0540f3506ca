import Media

/// `animvid hash FILE`: decoded frame checksums, line for line as `ffmpeg -i FILE -f framemd5 -`.
enum HashCommand {
    static let help = """
    usage: animvid hash FILE

    Decodes the first video stream of FILE and prints one line per frame in the format of
    ffmpeg's framemd5 muxer: stream, dts, pts, duration, size, and the MD5 of the frame's planes
    packed without padding. The lines equal those of: ffmpeg -i FILE -f framemd5 -
    """

    static func run(_ arguments: [String]) throws(CLIError) {
        let args = Arguments(arguments, command: "hash")
        if args.wantsHelp {
            print(help)
            return
        }
        let files = try args.positionals()
        guard files.count == 1, let file = files.first else { throw .usage("hash takes one video file") }
        do {
            for line in try FrameMD5.report(path: file) { print(line) }
        } catch {
            throw .runtime("\(error)")
        }
    }
}
