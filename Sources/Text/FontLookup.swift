import CText
import Foundation

/// Finds font files: a path to a `.ttf`, `.otf` or `.ttc`, or a name fontconfig knows (a family,
/// "Family Style" such as "Inter Bold", a full or PostScript name such as "Inter-Bold").
/// fontconfig answers every query with some font; a name is accepted only when the font found
/// really has it, so a typo is an error naming the closest installed family, never a silent
/// substitute — except Apple's own families, for which documented fonts stand in
/// (`appleStandIns`; `standIn(for:)` says which was drawn, for a warning).
public enum FontLookup {
    /// The font every text layer uses unless told otherwise (installed by `make deps`).
    public static let defaultFont = "Inter"

    private static let lock = NSLock()
    /// Every name looked up, with what was found or why not (a missing font is not looked for
    /// again every frame).
    nonisolated(unsafe) private static var found: [String: Result<FontFile, TextError>] = [:]
    /// fontconfig's configuration and font list, loaded once (used under `lock`).
    nonisolated(unsafe) private static let configuration = FcInitLoadConfigAndFonts()

    /// The file and face index for `name`.
    public static func file(for name: String) throws(TextError) -> FontFile {
        lock.lock()
        defer { lock.unlock() }
        let result = found[name] ?? Result { () throws(TextError) in try look(up: name) }
        found[name] = result
        return try result.get()
    }

    /// The installed family fontconfig draws for a family that is not installed (its aliases
    /// and generic families: a sans serif for a sans serif it knows); nil when it finds none.
    public static func substitute(for family: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard let config = configuration, let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, FC_FAMILY, family)
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        return strings(font, FC_FAMILY).first
    }

    nonisolated(unsafe) private static var fallbacks: [FallbackKey: FontFile?] = [:]

    private struct FallbackKey: Hashable {
        let scalar: Unicode.Scalar
        let near: String
        let color: Bool
    }

    /// An installed font that has `scalar`, the closest fontconfig finds to the font `near`
    /// (fontconfig's fallback list: "Inter" falls back to DejaVu for Hebrew); nil when none has it.
    public static func fallback(for scalar: Unicode.Scalar, near: String, color: Bool = false) -> FontFile? {
        lock.lock()
        defer { lock.unlock() }
        let key = FallbackKey(scalar: scalar, near: near, color: color)
        if let known = fallbacks[key] { return known }
        var found: FontFile?
        if let config = configuration, let pattern = FcPatternCreate(), let charset = FcCharSetCreate() {
            FcCharSetAddChar(charset, scalar.value)
            FcPatternAddString(pattern, FC_FAMILY, near)
            FcPatternAddCharSet(pattern, FC_CHARSET, charset)
            if color { FcPatternAddBool(pattern, FC_COLOR, FcBool(FcTrue)) }
            FcConfigSubstitute(config, pattern, FcMatchPattern)
            FcDefaultSubstitute(pattern)
            var result = FcResultNoMatch
            if let font = FcFontMatch(config, pattern, &result) {
                var set: OpaquePointer?
                if FcPatternGetCharSet(font, FC_CHARSET, 0, &set) == FcResultMatch, let set, FcCharSetHasChar(set, scalar.value) != 0,
                   let path = strings(font, FC_FILE).first {
                    var index: Int32 = 0
                    FcPatternGetInteger(font, FC_INDEX, 0, &index)
                    found = FontFile(path: path, index: Int(index))
                }
                FcPatternDestroy(font)
            }
            FcCharSetDestroy(charset)
            FcPatternDestroy(pattern)
        }
        fallbacks[key] = found
        return found
    }

    private static func look(up name: String) throws(TextError) -> FontFile {
        let lower = name.lowercased()
        if name.contains("/") || [".ttf", ".otf", ".ttc"].contains(where: lower.hasSuffix) {
            // Only a regular file: a FIFO would block the reader for ever, a device never end.
            var status = stat()
            guard stat(name, &status) == 0, FileManager.default.isReadableFile(atPath: name) else { throw TextError("no font file at \(name)") }
            guard status.st_mode & S_IFMT == S_IFREG else { throw TextError("\(name): not a regular file") }
            return FontFile(path: name, index: 0)
        }
        guard let config = configuration else { throw TextError("fontconfig cannot start") }
        // "Family Style" is tried as a family with a style, as a full name, and as a PostScript name.
        var queries: [(String, String?)] = [(name, nil)]
        if let space = name.lastIndex(of: " ") {
            queries.append((String(name[..<space]), String(name[name.index(after: space)...])))
        }
        for (family, style) in queries {
            if let file = match(config, FC_FAMILY, family, style: style, wanting: name) { return file }
        }
        for property in [FC_FULLNAME, FC_POSTSCRIPT_NAME] {
            if let file = match(config, property, name, style: nil, wanting: name) { return file }
        }
        if let standIn = standIn(named: name) {
            let file = try look(up: standIn)
            standIns[name] = standIn
            return file
        }
        let families = installedFamilies(config)
        let closest = families.min { distance($0.lowercased(), lower) < distance($1.lowercased(), lower) }
        throw TextError("no installed font called \"\(name)\"" + (closest.map { "; the closest installed family is \"\($0)\"" } ?? ""))
    }

    /// The installed families that stand in for Apple's fonts when those are not installed
    /// (docs/core-animation.md, "Fonts"), by Apple's family in lower case: Helvetica and Arial take
    /// Liberation Sans, drawn to their metrics, so lines wrap and truncate where a device's do;
    /// the system font (San Francisco) takes Inter, the face closest to it; Times takes
    /// Liberation Serif, and Courier, Menlo and SF Mono Liberation Mono.
    public static let appleStandIns: [String: String] = {
        var table: [String: String] = [:]
        for family in ["helvetica", "helvetica neue", "arial"] { table[family] = "Liberation Sans" }
        for family in ["system font", "san francisco", "sf pro", "sf pro text", "sf pro display", ".sf ui text", ".sf ui display",
                       ".applesystemuifont", "-apple-system", "system-ui"] { table[family] = defaultFont }
        for family in ["times", "times new roman", "new york"] { table[family] = "Liberation Serif" }
        for family in ["courier", "courier new", "menlo", "monaco", "sf mono"] { table[family] = "Liberation Mono" }
        return table
    }()

    nonisolated(unsafe) private static var standIns: [String: String] = [:]

    /// The font `name` was drawn in instead of Apple's family it names, once it has been looked
    /// up and found not installed; nil for any other name.
    public static func standIn(for name: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return standIns[name]
    }

    /// `name` with its Apple family replaced by the family standing in for it, its style kept
    /// ("Helvetica Neue Bold" → "Liberation Sans Bold"); nil when it names no family of the table.
    private static func standIn(named name: String) -> String? {
        let lower = name.lowercased()
        let family = appleStandIns.keys.filter { lower == $0 || lower.hasPrefix($0 + " ") }.max { $0.count < $1.count }
        guard let family, let standIn = appleStandIns[family] else { return nil }
        return standIn + name.dropFirst(family.count)
    }

    /// The best match for a pattern of one property (a family, with a style; a full name; a
    /// PostScript name), kept only if the font found carries the name asked for.
    private static func match(_ config: OpaquePointer, _ property: String, _ value: String, style: String?, wanting name: String) -> FontFile? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, property, value)
        if let style { FcPatternAddString(pattern, FC_STYLE, style) }
        FcConfigSubstitute(config, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(font) }
        let names = [FC_FAMILY, FC_FULLNAME, FC_POSTSCRIPT_NAME].flatMap { strings(font, $0) }.map { $0.lowercased() }
        let styles = strings(font, FC_STYLE).map { $0.lowercased() }
        let wanted = name.lowercased()
        let matches = names.contains(wanted) || (style.map { names.contains(value.lowercased()) && styles.contains($0.lowercased()) } ?? false)
        guard matches, let path = strings(font, FC_FILE).first else { return nil }
        var index: Int32 = 0
        FcPatternGetInteger(font, FC_INDEX, 0, &index)
        return FontFile(path: path, index: Int(index))
    }

    /// Every value of a string property of a pattern.
    private static func strings(_ pattern: OpaquePointer, _ property: String) -> [String] {
        var values: [String] = []
        var n: Int32 = 0
        while true {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, property, n, &value) == FcResultMatch, let value else { break }
            values.append(String(cString: value))
            n += 1
        }
        return values
    }

    /// The families of every installed font, sorted.
    private static func installedFamilies(_ config: OpaquePointer) -> [String] {
        guard let pattern = FcPatternCreate() else { return [] }
        defer { FcPatternDestroy(pattern) }
        guard let set = FcFontList(config, pattern, nil) else { return [] }
        defer { FcFontSetDestroy(set) }
        var families = Set<String>()
        for i in 0..<Int(set.pointee.nfont) {
            if let font = set.pointee.fonts[i] { families.formUnion(strings(font, FC_FAMILY)) }
        }
        return families.sorted()
    }

    /// Levenshtein distance, for naming the closest family.
    private static func distance(_ a: String, _ b: String) -> Int {
        let (a, b) = (Array(a), Array(b))
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let old = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = old
            }
        }
        return row[b.count]
    }
}

/// A font file and the face in it (a `.ttc` holds several).
public struct FontFile: Hashable, Sendable {
    public let path: String
    public let index: Int
}
