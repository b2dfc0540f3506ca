import Documents
import Foundation
import Jobs
import Media
#if canImport(RasterAVX2)
import RasterAVX2
#endif
import Scenes

/// The animvid command line: `animvid COMMAND [options]`.
let usage = """
usage: animvid COMMAND [options]

Renders Core Animation scenes to video, headless.

commands:
  encode     render a scene and encode it to MP4 (animvid encode --help)
  scenes     list the built-in scenes (--verbose: with their knobs)
  scene      describe a scene and its knobs, or export it as JSON: animvid scene NAME [--export json]
  still      write one frame as PNG (animvid still --help)
  sheet      write a contact sheet of frames across a clip (animvid sheet --help)
  preview    an HTML page of a scene file or preset that follows its edits (animvid preview --help)
  inspect    print the presentation tree at a moment as JSON (animvid inspect --help)
  sessions   list unfinished encodes; resume OUTPUT continues one, abandon OUTPUT deletes it
  join       write a sharded encode's output from its shards' segments (animvid join --help)
  batch      one clip per row of a CSV table from a preset (animvid batch --help)
  validate   check a preset or a scene file (animvid validate --help)
  hash       print a video's decoded frame checksums in ffmpeg's framemd5 format
  help       show this help, or a command's: animvid help encode

options:
  --version  print the version
  -h, --help show this help

examples:
  animvid encode --scene loader --seconds 4 out.mp4
  animvid encode --preset presets/promo-instagram-square.json
"""

func runCommand(_ arguments: [String]) throws(CLIError) {
    guard let command = arguments.first else {
        print(usage)
        return
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "encode": try EncodeCommand.run(rest)
    case "scenes": try ScenesCommand.run(rest)
    case "hash": try HashCommand.run(rest)
    case "inspect": try InspectCommand.run(rest)
    case "scene": try SceneCommand.run(rest)
    case "sessions": try SessionsCommand.list(rest)
    case "validate": try ValidateCommand.run(rest)
    case "resume": try SessionsCommand.resume(rest)
    case "abandon": try SessionsCommand.abandon(rest)
    case "join": try JoinCommand.run(rest)
    case "batch": try BatchCommand.run(rest)
    case "still": try StillCommand.run(rest)
    case "sheet": try SheetCommand.run(rest)
    case "preview": try PreviewCommand.run(rest)
    case "help", "--help", "-h":
        switch rest.first {
        case "encode": print(EncodeCommand.help)
        case "scenes": print(ScenesCommand.help)
        case "hash": print(HashCommand.help)
        case "inspect": print(InspectCommand.help)
        case "scene": print(SceneCommand.help)
        case "sessions", "resume", "abandon": print(SessionsCommand.help)
        case "join": print(JoinCommand.help)
        case "batch": print(BatchCommand.help)
        case "validate": print(ValidateCommand.help)
        case "still": print(StillCommand.help)
        case "preview": print(PreviewCommand.help)
        case "sheet": print(SheetCommand.help)
        case nil: print(usage)
        case let other?: throw .usage("help: unknown command '\(other)' (commands: encode, scenes, scene, still, sheet, inspect, sessions, resume, abandon, join, batch, validate, hash)")
        }
    case "--version", "version": print("animvid \(animvidVersion)")
    default: throw .usage("unknown command '\(command)' (commands: encode, scenes, scene, still, sheet, inspect, sessions, resume, abandon, join, batch, validate, hash, help)")
    }
}

// A file-size limit (ulimit -f) makes writes fail with EFBIG instead of killing the process,
// so an encode that hits it reports the failure and cleans up like a full disk.
signal(SIGXFSZ, SIG_IGN)
#if canImport(RasterAVX2)
AVX2Kernels.install()
#endif

do {
    try runCommand(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("animvid: \(error.line)\n".utf8))
    exit(error.exitCode)
}
