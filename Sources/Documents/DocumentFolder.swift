import Foundation

/// Where the files an animation names may be: in its own folder or below. A scene file or a
/// Lottie file often comes from someone else, so a path in it (`../`, an absolute path, a link
/// that leads out) never reaches the user's other files; a file from elsewhere is given on the
/// command line instead (`--param logo=…`).
package enum DocumentFolder {
    /// `reference`, a path written in the document at `document`, resolved against the
    /// document's folder; nil when it leads outside that folder (after following links).
    package static func confined(_ reference: String, inFolderOf document: String) -> String? {
        let folder = URL(fileURLWithPath: document).deletingLastPathComponent().standardizedFileURL
        let located = URL(fileURLWithPath: reference, relativeTo: folder).standardizedFileURL
        guard isInside(located.path, folder.path) else { return nil }
        // Links are followed as far as they exist: what is read is where they lead.
        guard isInside(located.resolvingSymlinksInPath().path, folder.resolvingSymlinksInPath().path) else { return nil }
        return located.path
    }

    private static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }

    /// The message for a path that leads outside the document's folder.
    package static func outsideMessage(_ reference: String) -> String {
        "\(reference) is outside the document's folder: a document reads files beside it or below it only "
            + "(give a file from elsewhere on the command line, e.g. --param)"
    }
}
