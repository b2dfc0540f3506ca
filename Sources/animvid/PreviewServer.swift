import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The preview page over HTTP on the loopback interface, where its knobs can be edited: `GET /`
/// is the page (with the knobs as fields), `GET /NAME.preview.js` its version script, and
/// `POST /knobs` (`NAME=VALUE` lines, with the page's token in `X-Animvid-Token`) hands edited
/// knobs to the preview loop, which renders again. Only requests for this host and port are
/// answered, and only the page, which holds the token, can change knobs: another site's page can
/// neither read the token nor send the header without a preflight this server refuses.
final class PreviewServer: Sendable {
    /// What is served: the page and the version script, by the script's file name.
    struct Content: Sendable {
        var page = ""
        var script = ""
        var scriptName = ""
    }

    private struct State {
        var content = Content()
        /// Knob values sent from the page and not yet taken by the loop, by name.
        var edits: [String: String] = [:]
    }

    let port: Int
    /// The secret the page sends with its edits.
    let token: String
    private let listener: Int32
    private let state = Mutex(State())

    /// The largest request read, headers and body.
    static let largestRequest = 64 << 10

    /// Listens on 127.0.0.1 at `port` (0: one the system picks).
    init(port requested: Int) throws(CLIError) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .runtime("preview: no socket for the page's server (\(String(cString: strerror(errno))))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(requested).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .usage("--port \(requested): the page's server cannot listen there (\(reason))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        token = (0..<4).map { _ in String(format: "%08x", UInt32.random(in: .min ... .max)) }.joined()
    }

    /// The page's address.
    var address: String { "http://127.0.0.1:\(port)/" }

    /// Serves requests on a thread of its own until the process ends, one at a time: a client
    /// that sends nothing for `patience` seconds is dropped, so it cannot hold the others up.
    func start() {
        let thread = Thread { [self] in
            var patience = timeval(tv_sec: 2, tv_usec: 0)
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else {
                    usleep(100_000)  // out of descriptors, say: try again shortly rather than spin
                    continue
                }
                setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &patience, socklen_t(MemoryLayout<timeval>.size))
                answer(connection)
                close(connection)
            }
        }
        thread.start()
    }

    /// Replaces what is served (after each rendering).
    func publish(_ content: Content) {
        state.withLock { $0.content = content }
    }

    /// The knobs the page has changed since the last call, by name; nil when none.
    func takeEdits() -> [String: String]? {
        state.withLock { state in
            guard !state.edits.isEmpty else { return nil }
            defer { state.edits = [:] }
            return state.edits
        }
    }

    /// Reads one request from `connection` and writes its answer.
    private func answer(_ connection: Int32) {
        guard let request = Self.read(connection) else { return respond(connection, 400, "text/plain", "a malformed request") }
        let hosts = ["127.0.0.1:\(port)", "localhost:\(port)"]
        guard let host = request.headers["host"], hosts.contains(host) else { return respond(connection, 403, "text/plain", "not this server") }
        let path = String(request.target.prefix { $0 != "?" }).removingPercentEncoding ?? ""
        let content = state.withLock { $0.content }
        switch (request.method, path) {
        case ("GET", "/"):
            respond(connection, 200, "text/html; charset=utf-8", content.page)
        case ("GET", "/" + content.scriptName):
            respond(connection, 200, "text/javascript; charset=utf-8", content.script)
        case ("POST", "/knobs"):
            guard request.headers["x-animvid-token"] == token else { return respond(connection, 403, "text/plain", "no token") }
            var edits: [String: String] = [:]
            for line in String(decoding: request.body, as: UTF8.self).split(separator: "\n") {
                guard let equals = line.firstIndex(of: "="), equals != line.startIndex else { continue }
                edits[String(line[..<equals])] = String(line[line.index(after: equals)...])
            }
            guard !edits.isEmpty else { return respond(connection, 400, "text/plain", "no NAME=VALUE line") }
            state.withLock { $0.edits.merge(edits) { $1 } }
            respond(connection, 202, "text/plain", "rendering")
        default:
            respond(connection, 404, "text/plain", "not found")
        }
    }

    /// A request's method, target, headers (names in lower case) and body.
    struct Request {
        var method: String, target: String
        var headers: [String: String]
        var body: Data
    }

    /// Reads a request: its head up to the blank line, then `Content-Length` bytes of body.
    static func read(_ connection: Int32) -> Request? {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 8192)
        let blank = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        var expected = Int.max
        while received.count < largestRequest {
            if headEnd == nil, let found = received.range(of: blank) {
                headEnd = found
                let head = String(decoding: received[..<found.lowerBound], as: UTF8.self)
                let field = head.split(separator: "\r\n").dropFirst().first { $0.lowercased().hasPrefix("content-length:") }
                let length = field.map { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) } ?? 0
                guard let length, (0...largestRequest).contains(length) else { return nil }
                expected = found.upperBound + length
            }
            if received.count >= expected { break }
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received.append(contentsOf: buffer[0..<count])
        }
        guard let headEnd, received.count >= expected else { return nil }
        let lines = String(decoding: received[..<headEnd.lowerBound], as: UTF8.self).split(separator: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(method: String(parts[0]), target: String(parts[1]), headers: headers, body: received[headEnd.upperBound..<expected])
    }

    /// Writes a whole response and lets the connection close.
    private func respond(_ connection: Int32, _ status: Int, _ type: String, _ text: String) {
        let reasons = [200: "OK", 202: "Accepted", 400: "Bad Request", 403: "Forbidden", 404: "Not Found"]
        let body = Data(text.utf8)
        var message = Data(("HTTP/1.1 \(status) \(reasons[status] ?? "")\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
                            + "Cache-Control: no-store\r\nConnection: close\r\n\r\n").utf8)
        message.append(body)
        message.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let count = send(connection, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                guard count > 0 else { return }
                sent += count
            }
        }
    }
}
