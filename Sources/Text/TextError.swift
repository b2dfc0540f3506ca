/// Why text cannot be set: a font that is not installed or cannot be read.
public struct TextError: Error, CustomStringConvertible, Equatable {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
