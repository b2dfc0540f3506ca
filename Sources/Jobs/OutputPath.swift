import Foundation
import Media
import Pipeline
import Sessions

/// The checks an output path passes before anything is rendered: a name file systems take, a
/// folder that can be written, and no file of the user's replaced without their say.
public enum OutputPath {
    /// Checks `output` for an encode of `frames` into `container`. A file there is refused
    /// without `overwrite`, unless a session (`resumable`) of it put it there and was stopped
    /// before it cleaned up.
    static func check(_ output: String, container: Container, frames: Range<Int>, overwrite: Bool, resumable: Bool) throws(JobError) {
        if container == .pngSequence {
            guard ImageSequence.fileName(URL(fileURLWithPath: output).lastPathComponent, frame: 1) != nil,
                  let first = ImageSequence.fileName(output, frame: 1) else {
                throw .usage("\(output): a PNG sequence needs exactly one frame number such as %05d in its file name (%% for a percent sign)")
            }
            try checkName(of: first)
            try checkFolder(of: first)
            if !overwrite, let taken = (1...frames.count).lazy.compactMap({ ImageSequence.fileName(output, frame: $0) })
                .first(where: OutputFile.isTaken) {
                throw .usage("\(taken) already exists; pass -y or --overwrite to replace the sequence")
            }
        } else if output != "-" {
            try checkWritable(output, overwrite: overwrite || (resumable && FinishedOutput.of(output: output) != nil))
        }
    }

    /// Refuses an existing output without `overwrite`, and a folder that cannot be written.
    public static func checkWritable(_ output: String, overwrite: Bool) throws(JobError) {
        try checkName(of: output)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) {
            if isFolder.boolValue { throw .usage("\(output) is a folder, not a file") }
            if !overwrite { throw .usage("\(output) already exists; pass -y or --overwrite to replace it") }
        } else if !overwrite, let target = try? FileManager.default.destinationOfSymbolicLink(atPath: output) {
            // A link to nothing is still a name taken: -y replaces the link, never what it names.
            throw .usage("\(output) already exists (a symbolic link to \(target), which does not exist); pass -y or --overwrite to replace the link")
        }
        try checkFolder(of: output)
    }

    /// Refuses a file name longer than file systems take.
    static func checkName(of output: String) throws(JobError) {
        let name = URL(fileURLWithPath: output).lastPathComponent
        guard name.utf8.count <= OutputFile.longestName else {
            throw .usage("\(name.prefix(40))…: a file name is at most \(OutputFile.longestName) bytes; this one is \(name.utf8.count)")
        }
    }

    /// Makes the output's folder when it is missing (a batch's `clips/{name}/card.mp4`), and
    /// refuses one that cannot be written.
    static func checkFolder(of output: String) throws(JobError) {
        let folder = URL(fileURLWithPath: output).deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                isFolder = true
            } catch {
                throw .runtime("cannot make the folder \(folder) for \(output)")
            }
        }
        guard isFolder.boolValue else { throw .runtime("cannot make the folder \(folder) for \(output): a file has its name") }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw .runtime("cannot write to the folder \(folder)")
        }
    }
}
