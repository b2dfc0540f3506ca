import Documents
import Foundation

/// Where a path a user wrote points (docs/presets.md, "Paths"): relative to the file that writes
/// it — a preset (a base preset's own folder) or a batch's table — or, given on the command line,
/// to the working folder. Pictures, soundtracks, scene files and outputs alike.
enum WrittenPath {
    /// What a `--set` value's position names as its source (`--set KEY`).
    static let setSource = "--set "

    /// `path` from `folder`; a whole path, an empty one or a `data:` URI stays as it is.
    static func whole(_ path: String, from folder: URL) -> String {
        path.isEmpty || path.hasPrefix("/") || path.hasPrefix("data:") ? path : folder.appendingPathComponent(path).path
    }

    /// `path` from where it was written: the folder of the file at `position` (`file`, the preset
    /// loaded, when the position names none), or the working folder for a `--set` value.
    static func located(_ path: String, writtenAt position: JSONPosition, in file: String) -> String {
        whole(path, from: folder(writtenAt: position, in: file))
    }

    /// An output's `path` as `located` finds it, but left as written when it is written from the
    /// working folder (the file is the same; messages and reports show it as the user wrote it).
    static func output(_ path: String, writtenAt position: JSONPosition, in file: String) -> String {
        let folder = folder(writtenAt: position, in: file)
        return folder.standardizedFileURL == workingFolder.standardizedFileURL ? path : whole(path, from: folder)
    }

    /// The folder a path written at `position` starts from.
    private static func folder(writtenAt position: JSONPosition, in file: String) -> URL {
        let source = position.source ?? file
        return source.hasPrefix(setSource) ? workingFolder : URL(fileURLWithPath: source).deletingLastPathComponent()
    }

    /// The folder the command runs in.
    static var workingFolder: URL { URL(fileURLWithPath: FileManager.default.currentDirectoryPath) }
}
