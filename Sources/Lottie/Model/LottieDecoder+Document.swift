import Animation
import Documents
import Foundation
import Geometry
import Media

extension LottieDecoder {
    /// The document at `path` as its model: rate, span, size, image assets (read with
    /// `decodeImage`), fonts, glyphs, and the layers of the main composition and of every
    /// precomposition a drawn layer shows.
    func animation(_ document: JSONValue, path: String, decodeImage: SceneFile.ImageDecoder) throws(DocumentError) -> LottieAnimation {
        let images = try imageAssets(document, path: path, decodeImage: decodeImage)
        let rate = try number(Self.member(document, "fr"), "fr")
        guard rate > 0, rate <= 240 else { throw fail("fr", Self.member(document, "fr"), "the frame rate must be more than 0 and at most 240 frames a second") }
        let inPoint = try number(Self.member(document, "ip"), "ip")
        let outPoint = try number(Self.member(document, "op"), "op")
        guard outPoint > inPoint, (outPoint - inPoint) / rate <= 3600 else {
            throw fail("op", Self.member(document, "op"), "the out-point must come after the in-point, within an hour")
        }
        let width = try number(Self.member(document, "w"), "w")
        let height = try number(Self.member(document, "h"), "h")
        guard (1...LottieFile.maximumSide).contains(width), (1...LottieFile.maximumSide).contains(height) else {
            throw fail("w", Self.member(document, "w"), "the size must be 1…\(Int(LottieFile.maximumSide)) pixels a side")
        }
        let name = try string(Self.member(document, "nm"), "nm")
        var decoder = self
        if Self.hasExpressions(document) { decoder.expressions = try? LottieExpressions(frameRate: rate) }
        return try decoder.animation(document, rate: rate, span: inPoint...outPoint, size: Size(width, height), name: name, images: images)
    }

    /// The rest of `animation(_:path:decodeImage:)`, with the file's expressions ready.
    private func animation(_ document: JSONValue, rate: Double, span: ClosedRange<Double>, size: Size, name: String?,
                           images: [String: LottieImageAsset]) throws(DocumentError) -> LottieAnimation {
        var assets = Assets(images: images, frameRate: rate, span: span)
        if case let .array(items, _)? = Self.member(document, "assets") {
            for (i, item) in items.enumerated() {
                if let id = try string(Self.member(item, "id"), "assets[\(i)].id") { assets.all[id] = (item, i) }
            }
        }
        try LottieBudget.checkExpandedKeyframes(of: Self.member(document, "layers"), assets: assets.all.mapValues(\.value), decoder: self)
        let layers = try layerList(Self.member(document, "layers"), path: "layers", size: size, assets: &assets)
        return LottieAnimation(frameRate: rate, inPoint: span.lowerBound, outPoint: span.upperBound, width: size.width, height: size.height, name: name,
                               layers: layers, precompositions: assets.decoded, images: images,
                               fonts: try fonts(Self.member(document, "fonts")), glyphs: try glyphs(Self.member(document, "chars")))
    }

    /// The document's assets by id, and the precompositions decoded so far (each once, when a
    /// drawn layer first shows it).
    private struct Assets {
        let images: [String: LottieImageAsset]
        /// The document's frame rate and span, which expressions of layers without their own span run over.
        let frameRate: Double
        let span: ClosedRange<Double>
        var all: [String: (value: JSONValue, index: Int)] = [:]
        var decoded: [String: LottieLayerList] = [:]
        /// The precompositions being decoded (one that shows itself is reported by the mapping).
        var decoding: Set<String> = []
    }

    /// The image assets (assets without layers), decoded by id: a `data:` URI, or a file under
    /// the document's folder (its `u` folder and `p` name); a missing file draws nothing, warned.
    private func imageAssets(_ document: JSONValue, path: String, decodeImage: SceneFile.ImageDecoder) throws(DocumentError) -> [String: LottieImageAsset] {
        guard case let .array(assets, _)? = Self.member(document, "assets") else { return [:] }
        var images: [String: LottieImageAsset] = [:]
        for (i, asset) in assets.enumerated() where Self.member(asset, "layers") == nil {
            guard let id = try string(Self.member(asset, "id"), "assets[\(i)].id"),
                  let name = try string(Self.member(asset, "p"), "assets[\(i)].p") else { continue }
            let folder = try string(Self.member(asset, "u"), "assets[\(i)].u") ?? ""
            let w = try number(Self.member(asset, "w"), "assets[\(i)].w", default: 0)
            let h = try number(Self.member(asset, "h"), "assets[\(i)].h", default: 0)
            let size = w > 0 && h > 0 ? Size(w, h) : nil
            let location: String
            if name.hasPrefix("data:") {
                location = name
            } else {
                // An absolute "u" is read as under the file's folder, as players do.
                let reference = (folder.hasPrefix("/") ? "." + folder : folder) + (folder.isEmpty || folder.hasSuffix("/") ? "" : "/") + name
                guard let confined = DocumentFolder.confined(reference, inFolderOf: path) else {
                    throw fail("assets[\(i)].u", Self.member(asset, "u") ?? asset, DocumentFolder.outsideMessage(reference))
                }
                location = confined
            }
            SourceFiles.noteRead(location)
            // A picture left out of the file's folder (a file exported without its images
            // folder) draws nothing, as in the players, and says so.
            if !name.hasPrefix("data:"), !FileManager.default.fileExists(atPath: location) {
                images[id] = LottieImageAsset(image: nil, size: size)
                warnings.notice("image assets whose file is missing, drawn as nothing", at: "assets[\(i)].p")
                continue
            }
            do {
                images[id] = LottieImageAsset(image: try decodeImage(location), size: size)
            } catch {
                throw fail("assets[\(i)].p", Self.member(asset, "p"), "\(error)")
            }
        }
        return images
    }

    /// A composition's layers, decoded from the bottom up as they are composited; the
    /// precompositions its drawn layers show are decoded into `assets`.
    private func layerList(_ value: JSONValue?, path: String, size: Size, assets: inout Assets) throws(DocumentError) -> LottieLayerList {
        guard case let .array(items, _)? = value else { throw fail(path, value, "expected a list of layers") }
        var layers: [LottieLayerModel] = []
        if let expressions {
            // Its layers' expressions run over their spans within the document's (the document's when they give none).
            let span = assets.span
            let described = items.enumerated().map { i, item in
                func frame(_ key: String) -> Double? { if case .number(let n, _)? = Self.member(item, key) { n } else { nil } }
                return LottieExpressions.Layer(name: (try? string(Self.member(item, "nm"), "")) ?? "", index: Self.index(Self.member(item, "ind")) ?? i + 1,
                                               parent: Self.index(Self.member(item, "parent")),
                                               inPoint: max(frame("ip") ?? span.lowerBound, span.lowerBound),
                                               outPoint: min(frame("op") ?? span.upperBound, span.upperBound), startTime: frame("st") ?? 0)
            }
            expressions.enter(LottieExpressions.Composition(path: path, items: items, layers: described, width: size.width, height: size.height, span: span))
        }
        defer { expressions?.leaveComposition() }
        for (i, item) in items.enumerated().reversed() {
            expressions?.enter(layer: i)
            defer { expressions?.leave() }
            layers.append(try layer(item, path: "\(path)[\(i)]", assets: &assets))
        }
        return LottieLayerList(layers: layers.reversed(), place: place(path, value))
    }

    /// One layer. A hidden one (`hd`, not a matte source), one of a type animvid does not draw
    /// (warned) or one never shown keeps only what its children need of it: its index and transform.
    private func layer(_ value: JSONValue, path: String, assets: inout Assets) throws(DocumentError) -> LottieLayerModel {
        guard case .object = value else { throw fail(path, value, "expected a layer object, not \(value.kindName)") }
        let isMatte = Self.member(value, "td").map { if case .number(let n, _) = $0 { n != 0 } else { false } } ?? false
        let hidden = Self.isTrue(value, "hd") && Self.member(value, "td") == nil
        var matte: (mode: MaskMode, place: LottiePlace)?
        if case .number(let mode, _)? = Self.member(value, "tt"), mode > 0, !hidden {
            let modes: [MaskMode] = [.alpha, .alphaInverted, .luminance, .luminanceInverted]
            guard let index = Int(exactly: mode).map({ $0 - 1 }), modes.indices.contains(index) else {
                throw fail(path + ".tt", Self.member(value, "tt"), "a matte type is 1…4 (alpha, inverted alpha, luma, inverted luma)")
            }
            matte = (modes[index], place(path + ".tt", Self.member(value, "tt")))
        }
        func model(content: LottieLayerModel.Content, inPoint: Double = -.greatestFiniteMagnitude, outPoint: Double = .greatestFiniteMagnitude,
                   masks: [LottieMask] = [], effects: [LottieEffect] = [], autoOrient: Bool = false,
                   blendMode: BlendMode? = nil) throws(DocumentError) -> LottieLayerModel {
            LottieLayerModel(place: place(path, value), index: Self.index(Self.member(value, "ind")), parent: Self.index(Self.member(value, "parent")),
                             isMatte: isMatte, matte: matte, matteSource: Self.index(Self.member(value, "tp")), inPoint: inPoint, outPoint: outPoint,
                             transform: try transform(Self.member(value, "ks"), path: path + ".ks"), autoOrient: autoOrient, blendMode: blendMode,
                             masks: masks, effects: effects, content: content)
        }
        guard !hidden else { return try model(content: .nothing) }
        let type = try integer(Self.member(value, "ty"), path + ".ty")
        let content: LottieLayerModel.Content
        switch type {
        case 0: content = .precomposition(try precomposition(value, path: path, assets: &assets))
        case 1:
            let w = try number(Self.member(value, "sw"), path + ".sw"), h = try number(Self.member(value, "sh"), path + ".sh")
            content = .solid(size: Size(w, h), color: Self.hexColor(try string(Self.member(value, "sc"), path + ".sc") ?? "#000000"))
        case 2:
            guard let id = try string(Self.member(value, "refId"), path + ".refId"), assets.images[id] != nil else {
                throw fail(path + ".refId", Self.member(value, "refId") ?? value, "no image asset with this id")
            }
            content = .image(id: id, place: place(path + ".refId", Self.member(value, "refId")))
        case 3: content = .null
        case 4: content = .shapes(try shapeList(Self.member(value, "shapes"), path: path + ".shapes"))
        case 5: content = .text(try text(value, path: path))
        default:
            warnings.note("layers of type \(type)", at: path)
            return try model(content: .nothing)
        }
        let inPoint = try number(Self.member(value, "ip"), path + ".ip", default: -Double.greatestFiniteMagnitude)
        let outPoint = try number(Self.member(value, "op"), path + ".op", default: Double.greatestFiniteMagnitude)
        guard outPoint > inPoint else { return try model(content: .nothing) }  // never shown
        // Masks count where the layer says it has them, as the players read them.
        var masks: [LottieMask] = []
        if Self.isTrue(value, "hasMask"), case let .array(items, _)? = Self.member(value, "masksProperties") {
            masks = try self.masks(items, path: path + ".masksProperties")
        }
        let effects: [LottieEffect] = if case .array(let items, _)? = Self.member(value, "ef") { try self.effects(items, path: path + ".ef") } else { [] }
        let autoOrient: Bool = if case .number(let n, _)? = Self.member(value, "ao") { n != 0 } else { false }
        let mode = try integer(Self.member(value, "bm"), path + ".bm", default: 0)
        let modes: [BlendMode] = [.normal, .multiply, .screen, .overlay, .darken, .lighten, .colorDodge, .colorBurn, .hardLight,
                                  .softLight, .difference, .exclusion, .hue, .saturation, .color, .luminosity]
        if mode != 0, !modes.indices.contains(mode) { warnings.note("blend mode \(mode)", at: path) }
        return try model(content: content, inPoint: inPoint, outPoint: outPoint, masks: masks, effects: effects, autoOrient: autoOrient,
                         blendMode: mode != 0 && modes.indices.contains(mode) ? modes[mode] : nil)
    }

    /// A precomposition layer's asset (decoded the first time it is shown) and timing.
    private func precomposition(_ value: JSONValue, path: String, assets: inout Assets) throws(DocumentError) -> LottiePrecompositionUse {
        guard let id = try string(Self.member(value, "refId"), path + ".refId"), let asset = assets.all[id] else {
            throw fail(path + ".refId", Self.member(value, "refId") ?? value, "no asset with this id")
        }
        if assets.decoded[id] == nil, !assets.decoding.contains(id) {
            assets.decoding.insert(id)
            let size = Size(try number(Self.member(asset.value, "w"), "assets[\(asset.index)].w", default: 0),
                            try number(Self.member(asset.value, "h"), "assets[\(asset.index)].h", default: 0))
            assets.decoded[id] = try layerList(Self.member(asset.value, "layers"), path: "assets[\(asset.index)].layers", size: size, assets: &assets)
            assets.decoding.remove(id)
        }
        let w = try number(Self.member(value, "w"), path + ".w", default: 0)
        let h = try number(Self.member(value, "h"), path + ".h", default: 0)
        let remap = try property(Self.member(value, "tm"), path + ".tm")
        var (start, stretch) = (0.0, 1.0)
        if remap == nil {
            start = try number(Self.member(value, "st"), path + ".st", default: 0)
            stretch = try number(Self.member(value, "sr"), path + ".sr", default: 1)
            guard stretch > 0, stretch.isFinite else { throw fail(path + ".sr", Self.member(value, "sr"), "the stretch must be positive") }
        }
        return LottiePrecompositionUse(id: id, place: place(path + ".refId", Self.member(value, "refId")), size: w > 0 && h > 0 ? Size(w, h) : nil,
                                       timeRemap: remap, start: start, stretch: stretch)
    }

    /// A transform (`ks`, or a group's `tr` item); none: the identity.
    func transform(_ ks: JSONValue?, path: String) throws(DocumentError) -> LottieTransformModel {
        guard let ks else { return .identity }
        // Read in the order errors are reported: position, anchor, scale, rotation, skew.
        let p = Self.member(ks, "p")
        var position: LottieProperty<[Double]>?, positionX: LottieProperty<[Double]>?, positionY: LottieProperty<[Double]>?
        if Self.isTrue(p, "s") {
            positionX = try property(p, "x", at: path + ".p")
            positionY = try property(p, "y", at: path + ".p")
        } else {
            position = try property(p, path + ".p")
        }
        return LottieTransformModel(
            anchor: try property(ks, "a", at: path), position: position, positionX: positionX, positionY: positionY,
            scale: try property(ks, "s", at: path), rotation: try property(Self.member(ks, "r") ?? Self.member(ks, "rz"), path + ".r"),
            skew: try property(ks, "sk", at: path), axis: try property(ks, "sa", at: path),
            rotationX: try property(ks, "rx", at: path), rotationY: try property(ks, "ry", at: path), orientation: try property(ks, "or", at: path),
            opacity: try property(ks, "o", at: path))
    }

    /// A layer's masks; those of mode `n` (none) left out.
    private func masks(_ items: [JSONValue], path: String) throws(DocumentError) -> [LottieMask] {
        var masks: [LottieMask] = []
        for (i, mask) in items.enumerated() {
            let p = "\(path)[\(i)]"
            let mode = try string(Self.member(mask, "mode"), p + ".mode") ?? "a"
            if mode == "n" { continue }
            if !["a", "s", "i"].contains(mode) { warnings.note("mask mode \"\(mode)\": drawn as added", at: p) }
            if let feather = try property(mask, "f", at: p), feather.isAnimated || feather.initial.contains(where: { $0 != 0 }) {
                warnings.note("mask feather", at: p)
            }
            guard let shape = try pathProperty(mask, "pt", at: p) else { throw fail(p + ".pt", mask, "missing: a mask has a path pt") }
            var expansion = try property(mask, "x", at: p)
            if let x = expansion, !x.isAnimated, x.initial.first ?? 0 == 0 { expansion = nil }
            masks.append(LottieMask(place: place(p, mask), mode: mode, inverted: Self.isTrue(mask, "inv"), shape: shape,
                                    opacity: try property(mask, "o", at: p), expansion: expansion))
        }
        return masks
    }

    /// The effects animvid draws, with the values lottie-web reads (by position); those
    /// switched off (`en` 0) left out, others warned.
    private func effects(_ items: [JSONValue], path: String) throws(DocumentError) -> [LottieEffect] {
        var effects: [LottieEffect] = []
        for (i, effect) in items.enumerated() {
            let p = "\(path)[\(i)]"
            if case .number(0, _)? = Self.member(effect, "en") { continue }
            let type = try integer(Self.member(effect, "ty"), p + ".ty", default: -1)
            let values: [JSONValue] = if case let .array(values, _)? = Self.member(effect, "ef") { values } else { [] }
            /// The effect's `index`th value.
            func value(_ index: Int) throws(DocumentError) -> LottieProperty<[Double]>? {
                guard values.indices.contains(index) else { return nil }
                return try property(Self.member(values[index], "v"), "\(p).ef[\(index)].v")
            }
            var kind: LottieEffect.Kind?
            switch type {
            case 29:
                if let blurriness = try value(0) { kind = .gaussianBlur(blurriness: blurriness) }
            case 25:
                if let color = try value(0), let opacity = try value(1), let direction = try value(2), let distance = try value(3), let softness = try value(4) {
                    kind = .dropShadow(color: color, opacity: opacity, direction: direction, distance: distance, softness: softness, shadowOnly: try value(5))
                }
            case 21:
                if let color = try value(2), let opacity = try value(6) { kind = .fill(color: color, opacity: opacity) }
            case 20:
                if let black = try value(0), let white = try value(1), let amount = try value(2) { kind = .tint(black: black, white: white, amount: amount) }
            default: break
            }
            guard let kind else {
                // Expression controls and pseudo effects (RubberHose's, Duik's) hold values for
                // expressions and draw nothing, in After Effects as in the players.
                let match: String = if case .string(let m, _)? = Self.member(effect, "mn") { m } else { "" }
                if !(match.hasPrefix("ADBE ") && match.hasSuffix(" Control")) && !match.hasPrefix("Pseudo/") {
                    warnings.note("effects other than Gaussian blur, drop shadow, fill and tint", at: p)
                }
                continue
            }
            effects.append(LottieEffect(place: place(p, effect), order: i, kind: kind))
        }
        return effects
    }

    /// Whether some property of `value` has an expression.
    static func hasExpressions(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let members, _):
            if expression(of: value) != nil { return true }
            return members.contains { hasExpressions($0.value) }
        case .array(let items, _): return items.contains(where: hasExpressions)
        default: return false
        }
    }

    /// A solid's `#RRGGBB` colour.
    static func hexColor(_ text: String) -> Color {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return .black }
        return Color(red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255, blue: Double(value & 0xFF) / 255, alpha: 1)
    }
}
