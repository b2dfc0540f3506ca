import CZlib
import Documents
import Foundation

/// The files of a ZIP archive (a dotLottie file is one), read from memory: stored and deflated
/// entries, found through the central directory. Entries larger than `maximumEntrySize` and
/// archives of more than `maximumEntries` files are refused.
struct ZipArchive {
    private let bytes: [UInt8]
    /// Entry names, in the central directory's order, and where each is.
    private var entries: [(name: String, method: Int, compressedSize: Int, size: Int, localHeader: Int)] = []

    static let maximumEntries = 10_000
    static let maximumEntrySize = 64 << 20

    /// Whether `data` starts as a ZIP archive does.
    static func isArchive(_ data: Data) -> Bool {
        data.count >= 4 && data.prefix(4).elementsEqual([0x50, 0x4B, 0x03, 0x04])
    }

    init(_ data: Data) throws(ZipError) {
        let bytes = [UInt8](data)
        self.bytes = bytes
        // The end-of-central-directory record: within the last 64 KiB + 22 bytes.
        func u16(_ i: Int) -> Int { i + 1 < bytes.count ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 : 0 }
        func u32(_ i: Int) -> Int { i + 3 < bytes.count ? u16(i) | u16(i + 2) << 16 : 0 }
        guard bytes.count >= 22, let end = stride(from: bytes.count - 22, through: max(0, bytes.count - 65_557), by: -1)
            .first(where: { u32($0) == 0x0605_4B50 }) else { throw ZipError("not a ZIP archive (no central directory)") }
        let count = u16(end + 10)
        guard count <= Self.maximumEntries else { throw ZipError("more than \(Self.maximumEntries) files") }
        var at = u32(end + 16)
        for _ in 0..<count {
            guard u32(at) == 0x0201_4B50 else { throw ZipError("a damaged central directory") }
            let nameLength = u16(at + 28)
            guard at + 46 + nameLength <= bytes.count else { throw ZipError("a damaged central directory") }
            let name = String(decoding: bytes[(at + 46)..<(at + 46 + nameLength)], as: UTF8.self)
            entries.append((name, u16(at + 10), u32(at + 20), u32(at + 24), u32(at + 42)))
            at += 46 + nameLength + u16(at + 30) + u16(at + 32)
        }
    }

    /// The contents of the entry called `name`, or nil when there is none.
    func contents(of name: String) throws(ZipError) -> Data? {
        guard let entry = entries.first(where: { $0.name == name }) else { return nil }
        guard entry.size <= Self.maximumEntrySize, entry.compressedSize <= Self.maximumEntrySize else { throw ZipError("\(name) is larger than 64 MiB") }
        let local = entry.localHeader
        func u16(_ i: Int) -> Int { i + 1 < bytes.count ? Int(bytes[i]) | Int(bytes[i + 1]) << 8 : 0 }
        guard local + 30 <= bytes.count, u16(local) | u16(local + 2) << 16 == 0x0403_4B50 else { throw ZipError("\(name): a damaged entry") }
        let start = local + 30 + u16(local + 26) + u16(local + 28)
        guard start + entry.compressedSize <= bytes.count else { throw ZipError("\(name): the archive is cut short") }
        let packed = Array(bytes[start..<(start + entry.compressedSize)])
        switch entry.method {
        case 0:
            return Data(packed)
        case 8:
            return try Self.inflate(packed, size: entry.size, name: name)
        default:
            throw ZipError("\(name): compression method \(entry.method) is not read (stored and deflated are)")
        }
    }

    /// Raw deflate data inflated to `size` bytes with zlib.
    private static func inflate(_ packed: [UInt8], size: Int, name: String) throws(ZipError) -> Data {
        var stream = z_stream()
        guard czlib_inflate_init_raw(&stream) == Z_OK else { throw ZipError("zlib cannot start") }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: max(size, 1))
        var input = packed
        let status = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == size else { throw ZipError("\(name): damaged compressed data") }
        return Data(output.prefix(size))
    }
}

/// A ZIP archive that cannot be read, and why.
struct ZipError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
