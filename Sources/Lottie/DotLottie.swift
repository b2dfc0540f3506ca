import Documents
import Foundation

/// dotLottie archives (`.lottie`): a ZIP of a `manifest.json`, animations and their images. The
/// first animation the manifest lists is read, its images taken from the archive as `data:`
/// URIs so it needs nothing beside it.
enum DotLottie {
    /// The most an archive may inflate to, all entries read together.
    static let maximumInflated = 64 << 20

    /// The first animation of the archive in `data`, as a Lottie document.
    static func firstAnimation(of data: Data, path: String) throws(DocumentError) -> JSONValue {
        func fail(_ message: String) -> DocumentError { DocumentError(file: path, position: nil, path: "", message: message) }
        let archive: ZipArchive
        do {
            archive = try ZipArchive(data)
        } catch {
            throw fail("\(error)")
        }
        // Each entry inflated once, and at most `maximumInflated` bytes in all.
        var inflated: [String: Data?] = [:]
        var total = 0
        func entry(_ name: String) throws(DocumentError) -> Data? {
            if let known = inflated[name] { return known }
            let data: Data?
            do {
                data = try archive.contents(of: name)
            } catch {
                throw fail("\(error)")
            }
            total += data?.count ?? 0
            guard total <= maximumInflated else { throw fail("the archive holds more than \(maximumInflated >> 20) MiB once inflated") }
            inflated[name] = data
            return data
        }
        do {
            guard let manifestData = try entry("manifest.json"),
                  let manifest = try? JSONParser.parse(String(decoding: manifestData, as: UTF8.self)),
                  case let .array(animations, _)? = LottieDecoder.member(manifest, "animations"),
                  case .string(let id, _)? = LottieDecoder.member(animations.first, "id") else {
                throw fail("a dotLottie archive lists its animations in manifest.json")
            }
            // Version 1 keeps animations in animations/, version 2 in a/.
            var json = try entry("animations/\(id).json")
            if json == nil { json = try entry("a/\(id).json") }
            guard let json else {
                throw fail("the archive has no animation \(id)")
            }
            guard json.count <= SceneFileLimits.fileSize else { throw fail("its animation is larger than \(SceneFileLimits.fileSize) bytes") }
            let document: JSONValue
            do {
                document = try JSONParser.parse(String(decoding: json, as: UTF8.self))
            } catch {
                throw DocumentError(file: "\(path) (animation \(id))", position: error.position, path: "", message: error.message)
            }
            guard case let .array(assets, position)? = LottieDecoder.member(document, "assets") else { return document }
            var inlined: [JSONValue] = []
            for asset in assets {
                guard LottieDecoder.member(asset, "layers") == nil, case .string(let name, let at)? = LottieDecoder.member(asset, "p"),
                      !name.hasPrefix("data:") else {
                    inlined.append(asset)
                    continue
                }
                let folder = (LottieDecoder.member(asset, "u")).flatMap { if case .string(let s, _) = $0 { s } else { nil } } ?? ""
                let candidates = [folder + name, "images/" + name, "i/" + name].map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 }
                var picture: Data?
                for candidate in candidates where picture == nil { picture = try entry(candidate) }
                guard let picture else { throw fail("the archive has no image \(name)") }
                let type = name.lowercased().hasSuffix(".png") ? "png" : name.lowercased().hasSuffix(".webp") ? "webp" : "jpeg"
                var rewritten = LottieKeypaths.replacing("p", in: asset, with: .string("data:image/\(type);base64," + picture.base64EncodedString(), at))
                rewritten = LottieKeypaths.replacing("u", in: rewritten, with: .string("", at))
                inlined.append(rewritten)
            }
            return LottieKeypaths.replacing("assets", in: document, with: .array(inlined, position))
        }
    }
}
