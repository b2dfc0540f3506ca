import Media

/// Short, file-name-safe hashes of strings: session keys and registry entries.
package enum FrameHashName {
    package static func of(_ text: String) -> String {
        String(FrameMD5.md5(Array(text.utf8)).prefix(20))
    }
}
