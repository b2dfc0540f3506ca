/// An error in a preset or scene file: where it is (file, line, column), which field (a JSON path such
/// as `outputs[1].crf`), and what was expected.
public struct DocumentError: Error, Equatable, CustomStringConvertible {
    /// The file's path as given, or `--set` for a value from the command line.
    public let file: String
    /// The line and column; nil when the error has no place in a text (an unreadable file, a
    /// command-line value).
    public let position: JSONPosition?
    /// The JSON path of the field at fault (`outputs[1].crf`); empty for the whole document.
    public let path: String
    /// What was wrong and what was expected.
    public let message: String

    /// An error in `file` at `position`, at the field `path`.
    public init(file: String, position: JSONPosition?, path: String, message: String) {
        (self.file, self.position, self.path, self.message) = (file, position, path, message)
    }

    /// An error at a value's position: in the file the value came from (`fallback` when that is
    /// not known), without line and column for values from the command line.
    package init(at position: JSONPosition, in fallback: String, path: String, message: String) {
        self.init(file: position.source ?? fallback, position: position.line > 0 ? position : nil, path: path, message: message)
    }

    public var description: String {
        let place = position.map { "\(file):\($0.line):\($0.column)" } ?? file
        return path.isEmpty ? "\(place): \(message)" : "\(place): \(path): \(message)"
    }
}
