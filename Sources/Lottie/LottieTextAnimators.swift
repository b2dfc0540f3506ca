import Animation
import Documents
import Foundation
import Geometry

/// Lottie text animators (`t.a`), as lottie-web applies them: each animator's range selector
/// weighs every character by its index (start, end and offset in percent or in characters; the
/// six selector shapes; ease high and low; the amount), and the weight scales what the animator
/// sets — opacity, position, scale, skew, turns, anchor, tracking, fill colour, hue, saturation
/// and brightness, stroke width and colour (`Pose`, `trackingShifts`). Indices count characters, or
/// characters but spaces, words or lines, as the selector is based (lottie-web's counting). The
/// weights are sampled every frame of the animators' keyframes into animations of one layer
/// per character. A randomized selector takes the characters in an order shuffled by its seed.
struct LottieTextAnimators {
    let context: LottieContext

    /// One character's layers: `holder` at the middle of its advance on the baseline (where it
    /// turns and scales, as lottie-web's letters do), its glyph `shape` inside, and the layer
    /// that carries its stroke when the text is stroked.
    typealias Character = (holder: Layer, shape: ShapeLayer, position: Point, stroke: ShapeLayer?)

    /// The layers of a character whose `outline` has its pen position at the origin, placed
    /// with its pen position at `origin`.
    static func characterLayer(_ outline: Path, origin: Point, advance: Double, color: Color?, stroke: TextStroke? = nil) -> Character {
        let shape = ShapeLayer()
        shape.anchorPoint = .zero
        shape.position = Point(-advance / 2, 0)
        shape.path = outline
        shape.fillColor = color
        let holder = Layer()
        holder.position = Point(origin.x + advance / 2, origin.y)
        let (drawn, stroked) = stroke?.outlined(shape) ?? (shape, nil)
        holder.addSublayer(drawn)
        return (holder, shape, holder.position, stroked)
    }

    /// Refuses animated text of more characters than a file may have layers (each character is
    /// a layer of its own).
    static func checkCharacterCount(_ count: Int, path: String, context: LottieContext) throws(DocumentError) {
        guard count <= LottieFile.maximumLayers else {
            throw context.fail(path + ".t.a", "text animators over \(count) characters; at most \(LottieFile.maximumLayers)")
        }
    }

    /// The index of each character of `text` but line breaks, and how many indices there are, as
    /// lottie-web counts them for a selector based on `basedOn`: characters (1), characters but
    /// spaces (2), words (3: a space ends one) or lines (4). A character takes the count so far.
    static func indices(of text: String, basedOn: Int) -> (indices: [Int], count: Int) {
        let letters = Array(text)
        var indices: [Int] = [], count = 0
        for (e, letter) in letters.enumerated() {
            let isBreak = letter == "\n"
            if !isBreak { indices.append(count) }
            let last = e == letters.count - 1
            let next = switch basedOn {
            case 2: !isBreak && letter != " "
            case 3: isBreak || letter == " " || last
            case 4: isBreak || last
            default: !isBreak
            }
            if next { count += 1 }
        }
        return (indices, count)
    }

    /// What the animators make of a character at one frame, as lottie-web combines them.
    struct Pose {
        var opacity = 1.0
        /// From the character's place: position animators' and tracking's.
        var offset = Point(0, 0)
        /// Every animator's scale, then each one's skew and turns in order.
        var transform = Transform3D.identity
        var anchor = Point(0, 0)
        /// Straight r, g, b in 0…1.
        var fill: [Double]
        /// The stroke's width and straight r, g, b (the document's stroke, or none).
        var strokeWidth = 0.0
        var stroke: [Double] = [0, 0, 0]
    }

    /// The pose of character `index` at `frame` (`tracking`: its shift from tracking there;
    /// `stroke`: the document's, which stroke animators change).
    static func pose(of index: Int, at frame: Double, animators: [LottieTextAnimator], indexing: [(indices: [Int], count: Int)], color: Color?,
                     stroke: TextStroke?, tracking: Double) -> Pose {
        var pose = Pose(offset: Point(tracking, 0), fill: color.map { [$0.red, $0.green, $0.blue] } ?? [0, 0, 0],
                        strokeWidth: stroke?.width ?? 0, stroke: stroke.map { [$0.color.red, $0.color.green, $0.color.blue] } ?? [0, 0, 0])
        var scale = Point(1, 1), turn = Transform3D.identity
        for (a, (indices, count)) in zip(animators, indexing) {
            let w = weight(a, character: index, indexing: (indices, count), at: frame)
            if let v = a.opacity?.value(at: frame).first { pose.opacity += (v / 100 * w - pose.opacity) * w }
            if let v = a.position?.value(at: frame), v.count >= 2 { pose.offset = Point(pose.offset.x + v[0] * w, pose.offset.y + v[1] * w) }
            if let v = a.scale?.value(at: frame), v.count >= 2 { scale = Point(scale.x * (1 + (v[0] / 100 - 1) * w), scale.y * (1 + (v[1] / 100 - 1) * w)) }
            if let v = a.skew?.value(at: frame).first {
                turn = turn.concatenating(skew(by: -v * w * .pi / 180, alongAxis: (a.skewAxis?.value(at: frame).first ?? 0) * w * .pi / 180))
            }
            if let v = a.rotation?.value(at: frame).first { turn = turn.concatenating(Transform3D(rotationAngle: v * w * .pi / 180)) }
            // lottie-web's turns about y and x are this engine's the other way round.
            if let v = a.rotationY?.value(at: frame).first { turn = turn.concatenating(Transform3D(rotationAngle: -v * w * .pi / 180, x: 0, y: 1, z: 0)) }
            if let v = a.rotationX?.value(at: frame).first { turn = turn.concatenating(Transform3D(rotationAngle: -v * w * .pi / 180, x: 1, y: 0, z: 0)) }
            if let v = a.anchor?.value(at: frame), v.count >= 2 { pose.anchor = Point(pose.anchor.x + v[0] * w, pose.anchor.y + v[1] * w) }
            var c = pose.fill
            if let v = a.fillColor?.value(at: frame), v.count >= 3 { c = (0..<3).map { c[$0] + (v[$0] - c[$0]) * w } }
            if let v = a.fillHue?.value(at: frame).first { c = shifted(c) { $0.h += v * w / 360; $0.h -= $0.h > 1 ? 1 : $0.h < 0 ? -1 : 0 } }
            if let v = a.fillSaturation?.value(at: frame).first { c = shifted(c) { $0.s = min(max($0.s + v / 100 * w, 0), 1) } }
            if let v = a.fillBrightness?.value(at: frame).first { c = shifted(c) { $0.v = min(max($0.v + v / 100 * w, 0), 1) } }
            pose.fill = c
            // Stroke width added by the weight, stroke colour mixed in by it.
            if let v = a.strokeWidth?.value(at: frame).first { pose.strokeWidth += v * w }
            if let v = a.strokeColor?.value(at: frame), v.count >= 3 { pose.stroke = (0..<3).map { pose.stroke[$0] + (v[$0] - pose.stroke[$0]) * w } }
        }
        pose.fill = pose.fill.map { min(max($0, 0), 1) }
        pose.strokeWidth = max(pose.strokeWidth, 0)
        pose.stroke = pose.stroke.map { min(max($0, 0), 1) }
        pose.transform = Transform3D(scaleX: scale.x, y: scale.y).concatenating(turn)
        return pose
    }

    /// How far tracking animators move each character at `frame`, as lottie-web places them:
    /// along its line, each character by the tracking it and those before it on the line are
    /// given (value × weight; on a line set left, not the line's first), then a line set right or
    /// centred back by all or half of its line's total, and a centred one by half a tracking
    /// value more for each line begun so far (lottie-web's running sum, never reset). `lines`
    /// gives each character's line; each tracking is a value and a weight by character.
    static func trackingShifts(lines: [Int], justification: Int, _ trackings: [(value: Double, weight: (Int) -> Double)]) -> [Double] {
        var shifts = [Double](repeating: 0, count: lines.count)
        let share = justification == 2 ? -0.5 : -1
        let justified = justification == 1 || justification == 2
        var pen = 0.0, total = 0.0, perLine = 0.0, lineStart = 0
        func finishLine(before end: Int) {
            if justified, total != 0 {
                for k in lineStart..<end { shifts[k] += total + perLine }
            }
            (pen, total, lineStart) = (0, 0, end)
        }
        for k in lines.indices {
            if k > 0, lines[k] != lines[k - 1] { finishLine(before: k) }
            for tracking in trackings {
                if k == lineStart, justification == 2 { perLine += tracking.value * share }
                let added = tracking.value * tracking.weight(k)
                if justified { total += added * share }
                if !(k == lineStart && justification == 0) { pen += added }
            }
            shifts[k] += pen
        }
        finishLine(before: lines.count)
        return shifts
    }

    /// lottie-web's `skewFromAxis`: a shear by `angle` radians along the direction `axis`
    /// radians from the x axis (turned to that axis, sheared, turned back).
    static func skew(by angle: Double, alongAxis axis: Double) -> Transform3D {
        var shear = Transform3D.identity
        shear.m21 = tan(angle)
        return Transform3D(rotationAngle: axis).concatenating(shear).concatenating(Transform3D(rotationAngle: -axis))
    }

    /// `rgb` (0…1) changed in HSV by `change`, with lottie-web's conversions (a grey's hue 0).
    static func shifted(_ rgb: [Double], _ change: (inout (h: Double, s: Double, v: Double)) -> Void) -> [Double] {
        let (r, g, b) = (rgb[0], rgb[1], rgb[2])
        let high = max(r, g, b), low = min(r, g, b), range = high - low
        var hsv = (h: 0.0, s: high == 0 ? 0 : range / high, v: high)
        if range > 0 {
            hsv.h = high == r ? (g - b + range * (g < b ? 6 : 0)) / (6 * range) : high == g ? (b - r + 2 * range) / (6 * range) : (r - g + 4 * range) / (6 * range)
        }
        change(&hsv)
        let sector = (6 * hsv.h).rounded(.down), f = 6 * hsv.h - sector
        let (p, q, t) = (hsv.v * (1 - hsv.s), hsv.v * (1 - f * hsv.s), hsv.v * (1 - (1 - f) * hsv.s))
        switch Int(sector).quotientAndRemainder(dividingBy: 6).remainder {
        case 0: return [hsv.v, t, p]
        case 1: return [q, hsv.v, p]
        case 2: return [p, hsv.v, t]
        case 3: return [p, q, hsv.v]
        case 4: return [t, p, hsv.v]
        default: return [hsv.v, p, q]
        }
    }

    /// `indexing` with its indices in a shuffled order, the same for the same `seed` (as
    /// lottie-web gives each index a random one of them, characters sharing an index sharing the
    /// new one; lottie-web draws a new order at every load, After Effects one from its seed).
    static func shuffled(_ indexing: (indices: [Int], count: Int), seed: UInt64) -> (indices: [Int], count: Int) {
        var order = Array(0..<indexing.count)
        var generator = SplitMix64(seed: seed)
        for i in order.indices.reversed() where i > 0 { order.swapAt(i, Int(generator.next() % UInt64(i + 1))) }
        return (indexing.indices.map { order.indices.contains($0) ? order[$0] : $0 }, indexing.count)
    }

    /// The weight of the `character`th character (line breaks are no characters), by its index
    /// in `indexing` (a character past the indices, its own number).
    static func weight(_ a: LottieTextAnimator, character: Int, indexing: (indices: [Int], count: Int), at frame: Double) -> Double {
        weight(a, index: character < indexing.indices.count ? indexing.indices[character] : character, count: indexing.count, at: frame)
    }

    /// A randomized selector's seed from `rs`: its whole part (0 when it is not a finite number).
    static func seed(_ value: Double) -> UInt64 {
        UInt64(bitPattern: Int64(value.isFinite ? max(min(value.rounded(.towardZero), 9e18), -9e18) : 0))
    }

    /// The weight lottie-web's selector gives character `index` of `count` at `frame`.
    static func weight(_ a: LottieTextAnimator, index: Int, count: Int, at frame: Double) -> Double {
        func scalar(_ p: LottieProperty<[Double]>?, _ fallback: Double) -> Double { p?.value(at: frame).first ?? fallback }
        let unit = a.inCharacters ? 1 : 100 / Double(max(count, 1))
        let offset = scalar(a.offset, 0) / unit
        var s = scalar(a.start, 0) / unit + offset, e = (a.inCharacters ? scalar(a.end, Double(count)) : scalar(a.end, 100)) / unit + offset
        if e < s { swap(&s, &e) }
        let t = Double(index)
        let high = scalar(a.easeHigh, 0) / 100, low = scalar(a.easeLow, 0) / 100
        let ease = TimingFunction(low > 0 ? low : 0, low > 0 ? 0 : -low, high > 0 ? 1 - high : 1, high > 0 ? 1 : 1 + high)
        func ramp() -> Double { max(0, min(0.5 / (e - s) + (t - s) / (e - s), 1)) }
        let mult: Double
        switch a.shape {
        case 2: mult = ease(e == s ? (t >= e ? 1 : 0) : ramp())
        case 3: mult = ease(e == s ? (t >= e ? 0 : 1) : 1 - ramp())
        case 4:
            guard e != s else { mult = 0; break }
            let n = ramp()
            mult = ease(n < 0.5 ? n * 2 : 1 - 2 * (n - 0.5))
        case 5:
            guard e != s else { mult = ease(0); break }
            let span = e - s, m = -span / 2 + min(max(0, t + 0.5 - s), span), r = span / 2
            mult = ease((max(0, 1 - m * m / (r * r))).squareRoot())
        case 6:
            guard e != s else { mult = ease(0); break }
            let u = min(max(0, t + 0.5 - s), e - s)
            mult = ease((1 + cos(.pi + 2 * .pi * u / (e - s))) / 2)
        default:
            let n = t >= s.rounded(.down) ? max(0, min(t - s < 0 ? min(e, 1) - (s - t) : e - t, 1)) : 0
            mult = ease(n)
        }
        return mult * scalar(a.amount, 100) / 100
    }

    /// Sets each character's layers (`holder`, its glyph `shape` inside) to its `Pose` — opacity,
    /// position (tracking's shift too, lines justified by `justification` as the document's `j`),
    /// transform, anchor and fill colour (none without the document's `color`, as lottie-web
    /// draws it) — and, on text with a `stroke`, its stroke's width and colour; sampled at
    /// `LottieSampling.frames` from the animators' first keyframe to their last (within the
    /// layer's span `frames` when it has one).
    func animate(_ characters: [Character], of text: String, with animators: [LottieTextAnimator], color: Color?, stroke: TextStroke?,
                 justification: Int, frames: ClosedRange<Double>) throws(DocumentError) {
        // Each animator's index of each character (line breaks are no characters), and its count.
        let indexing = animators.map { a in
            let indexing = Self.indices(of: text, basedOn: a.basedOn)
            return a.shuffleSeed.map { Self.shuffled(indexing, seed: $0) } ?? indexing
        }
        let properties = animators.flatMap { [$0.start, $0.end, $0.offset, $0.amount, $0.easeHigh, $0.easeLow,
                                              $0.opacity, $0.position, $0.scale, $0.rotation, $0.fillColor, $0.tracking,
                                              $0.strokeWidth, $0.strokeColor, $0.anchor, $0.fillHue, $0.fillSaturation,
                                              $0.fillBrightness, $0.skew, $0.skewAxis, $0.rotationY, $0.rotationX] }.compactMap { $0 }
        let keyed = properties.flatMap { $0.keyframes.map(\.frame) }
        var (first, last) = (keyed.min() ?? frames.lowerBound, keyed.max() ?? frames.lowerBound)
        if frames.upperBound > frames.lowerBound { (first, last) = (max(first, frames.lowerBound), min(max(last, first), frames.upperBound)) }
        let times = LottieSampling.frames(from: first, to: last, limit: LottieFile.maximumSamples)
        // A character a sample: a pose of every animator, and up to ten sampled values.
        try context.budget.charge(times.count * characters.count * (10 + animators.count), at: "text animators", in: context.file)
        // Each character's line (line breaks are no characters), and, a frame at a time, how far
        // tracking moves each character.
        var lines: [Int] = [], line = 0
        for letter in text { if letter == "\n" { line += 1 } else { lines.append(line) } }
        let tracked = animators.contains { $0.tracking != nil }
        let trackingShifts = tracked ? times.map { frame in
            Self.trackingShifts(lines: lines, justification: justification, animators.indices.compactMap { i in
                animators[i].tracking.map { tracking in
                    (value: tracking.value(at: frame).first ?? 0, weight: { Self.weight(animators[i], character: $0, indexing: indexing[i], at: frame) })
                }
            })
        } : []
        let anchored = animators.contains { $0.anchor != nil }
        let stroking = animators.contains { $0.strokeWidth != nil || $0.strokeColor != nil }
        for (index, character) in characters.enumerated() {
            let poses = times.enumerated().map { sample, frame in
                Self.pose(of: index, at: frame, animators: animators, indexing: indexing, color: color, stroke: stroke,
                          tracking: tracked && index < lines.count ? trackingShifts[sample][index] : 0)
            }
            let fills = poses.map { LottieDecoder.color($0.fill) }, strokes = poses.map { LottieDecoder.color($0.stroke) }
            // (Text with stroke animators always has a stroke, from its document or lottie-web's defaults.)
            let stroked = stroking ? character.stroke : nil
            let positions = poses.map { Point(character.position.x + $0.offset.x, character.position.y + $0.offset.y) }
            if poses.count == 1 {
                // Still: the values as the layers' own.
                character.holder.opacity = poses[0].opacity
                character.holder.position = positions[0]
                character.holder.transform = poses[0].transform
                character.holder.sublayerTransform = Transform3D(translationX: -poses[0].anchor.x, y: -poses[0].anchor.y)
                if color != nil { character.shape.fillColor = fills[0] }
                if let stroked { (stroked.lineWidth, stroked.strokeColor) = (poses[0].strokeWidth, strokes[0]) }
                continue
            }
            func add(_ keyPath: String, _ values: [AnimationValue], to layer: Layer) {
                layer.add(context.sampled(keyPath, values, over: times))
            }
            add("opacity", poses.map { .number($0.opacity) }, to: character.holder)
            add("position", positions.map { .point($0) }, to: character.holder)
            // The whole matrix: set a component at a time, a scale of 0 or below would not survive
            // the next component's decomposition.
            add("transform", poses.map { .transform($0.transform) }, to: character.holder)
            if anchored {
                // The glyph moved against the anchor inside the holder, which turns and scales about its position.
                add("sublayerTransform.translation.x", poses.map { .number(-$0.anchor.x) }, to: character.holder)
                add("sublayerTransform.translation.y", poses.map { .number(-$0.anchor.y) }, to: character.holder)
            }
            if color != nil { add("fillColor", fills.map { .color($0) }, to: character.shape) }
            if let stroked {
                add("lineWidth", poses.map { .number($0.strokeWidth) }, to: stroked)
                add("strokeColor", strokes.map { .color($0) }, to: stroked)
            }
        }
    }
}
