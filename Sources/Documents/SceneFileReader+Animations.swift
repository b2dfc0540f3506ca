import Animation
import Geometry

/// Animations: basic, keyframe, spring, group and transition, with media timing exactly as `CAAnimation`'s.
extension SceneFileReader {
    static let timingFields = ["type", "name", "beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
                               "autoreverses", "fillMode", "timingFunction", "removedOnCompletion"]
    static let propertyFields = ["keyPath", "additive", "cumulative"]
    static let basicFields = ["fromValue", "toValue", "byValue", "valueFunction"]
    static let springFields = ["mass", "stiffness", "damping", "initialVelocity", "allowsOverdamping", "perceptualDuration", "bounce"]
    static let keyframeFields = ["values", "path", "keyTimes", "timingFunctions", "calculationMode", "tensionValues",
                                 "continuityValues", "biasValues", "rotationMode"]
    static let transitionFields = ["transition", "subtype", "startProgress", "endProgress"]
    static let animationTypes = ["basic", "keyframe", "spring", "group", "transition"]

    /// An entry of a layer's `animations`: an animation with an optional `key`, or
    /// `{"use": "template", "key": …}`.
    func attachedAnimation(_ value: JSONValue, _ path: String) throws(DocumentError) -> (Animation, String?) {
        guard case let .object(members, _) = value else { throw fail(path, value, "expected an animation (an object), not \(value.kindName)") }
        let key = try members.first { $0.key == "key" }.map { m throws(DocumentError) in try literal(m.value, join(path, "key")) }
        if members.contains(where: { $0.key == "use" }) {
            let fields = try object(value, path, allowed: ["use", "key"], what: "a use of a template")
            guard let use = fields["use"] else { throw fail(path, value, "missing \"use\"") }
            let template = try self.template(use, fields.path("use"))
            animationCount += Self.memberCount(template)
            guard animationCount <= SceneFileLimits.animations else { throw fail(path, value, "more than \(SceneFileLimits.animations) animations") }
            return (template, key)
        }
        let rest = JSONValue.object(members.filter { $0.key != "key" }, value.position)
        return (try animation(rest, path, extraFields: ["key"]), key)
    }

    /// The template called by the string `value`.
    func template(_ value: JSONValue, _ path: String) throws(DocumentError) -> Animation {
        let name = try literal(value, path)
        guard let found = templates[name] else {
            let hint = didYouMean(name, among: templates.keys)
            throw fail(path, value, "no animation template called \"\(name)\"\(hint)")
        }
        return found
    }

    /// An animation and the animations in it, as the limit counts them.
    static func memberCount(_ animation: Animation) -> Int {
        1 + ((animation as? AnimationGroup)?.animations.reduce(0) { $0 + memberCount($1) } ?? 0)
    }

    /// Reads an animation; `extraFields` are fields the caller handles (accepted, not read).
    func animation(_ value: JSONValue, _ path: String, extraFields: [String] = []) throws(DocumentError) -> Animation {
        animationCount += 1
        guard animationCount <= SceneFileLimits.animations else { throw fail(path, value, "more than \(SceneFileLimits.animations) animations") }
        guard case let .object(members, _) = value, let typeValue = members.first(where: { $0.key == "type" })?.value else {
            throw fail(path, value, "an animation needs a \"type\": \(Self.animationTypes.joined(separator: ", "))")
        }
        let type = try literal(typeValue, join(path, "type"))
        let specific: [String]
        switch type {
        case "basic": specific = Self.propertyFields + Self.basicFields
        case "spring": specific = Self.propertyFields + Self.basicFields + Self.springFields
        case "keyframe": specific = Self.propertyFields + Self.keyframeFields
        case "group": specific = ["animations"]
        case "transition": specific = Self.transitionFields
        default:
            let hint = didYouMean(type, among: Self.animationTypes)
            throw fail(join(path, "type"), typeValue, "unknown animation type \"\(type)\"\(hint) (one of: \(Self.animationTypes.joined(separator: ", ")))")
        }
        let fields = try object(value, path, allowed: Self.timingFields + specific + extraFields, what: "a \(type) animation")
        let animation: Animation
        switch type {
        case "group":
            let group = AnimationGroup()
            if let v = fields["animations"] {
                for (i, item) in try list(v, fields.path("animations")).enumerated() {
                    group.animations.append(try self.animation(item, "\(fields.path("animations"))[\(i)]"))
                }
            }
            animation = group
        case "keyframe":
            animation = try keyframes(fields)
        case "transition":
            let transition = TransitionAnimation()
            if let v = fields["transition"] { transition.type = try choice(v, fields.path("transition"), Transition.Kind.allCases) }
            if let v = fields["subtype"] { transition.subtype = try choice(v, fields.path("subtype"), Transition.Direction.allCases) }
            if let v = fields["startProgress"] { transition.startProgress = try number(v, fields.path("startProgress"), in: 0...1) }
            if let v = fields["endProgress"] { transition.endProgress = try number(v, fields.path("endProgress"), in: 0...1) }
            animation = transition
        default:
            animation = try basic(fields, spring: type == "spring")
        }
        try readTiming(fields, into: animation)
        if animation.repeatCount.isInfinite || animation.repeatDuration.isInfinite, animation.speed != 0 {
            // A period the file's cycle should be a whole number of, for a seamless loop.
            let simple = animation.duration > 0 ? animation.duration : AnimationSpec.defaultDuration
            repeating.append((path, value, simple * (animation.autoreverses ? 2 : 1) / abs(animation.speed)))
        }
        let spec: AnimationSpec
        do {
            spec = try animation.spec()
        } catch {
            throw fail(path, value, "\(error)")
        }
        if case .keyframes(let keyframes) = spec.content, keyframes.keyTimesAreIgnored, let at = fields["keyTimes"] {
            warnings.append(fail(fields.path("keyTimes"), at,
                                 "ignored: keyTimes need one time per frame (one more for discrete), rising from 0 to 1; the frames are spaced evenly"))
        }
        return animation
    }

    private func readTiming(_ fields: Fields, into a: Animation) throws(DocumentError) {
        func value(_ name: String) -> (JSONValue, String)? { fields[name].map { ($0, fields.path(name)) } }
        if let (v, p) = value("name") { a.name = try literal(v, p) }
        if let (v, p) = value("beginTime") { a.beginTime = try number(v, p) }
        if let (v, p) = value("duration") {
            if let spring = a as? SpringAnimation, case .string("settlingDuration", _) = try resolved(v, p) {
                a.duration = min(spring.settlingDuration, SceneFileLimits.duration)
            } else {
                a.duration = try number(v, p, in: 0...SceneFileLimits.duration)
            }
        }
        if let (v, p) = value("speed") { a.speed = try number(v, p, in: -1000...1000) }
        if let (v, p) = value("timeOffset") { a.timeOffset = try number(v, p) }
        if let (v, p) = value("repeatCount") { a.repeatCount = try number(v, p, in: 0...Double.infinity) }
        if let (v, p) = value("repeatDuration") { a.repeatDuration = try number(v, p, in: 0...Double.infinity) }
        if let (v, p) = value("autoreverses") { a.autoreverses = try bool(v, p) }
        if let (v, p) = value("fillMode") { a.fillMode = try choice(v, p, FillMode.allCases) }
        if let (v, p) = value("timingFunction") { a.timingFunction = try timingFunction(v, p) }
        if let (v, p) = value("removedOnCompletion") { a.isRemovedOnCompletion = try bool(v, p) }
    }

    /// A named function (`easeOut`, …) or the control points `[c1x, c1y, c2x, c2y]`.
    func timingFunction(_ value: JSONValue, _ path: String) throws(DocumentError) -> TimingFunction {
        if case .array = try resolved(value, path) {
            let c = try numbers(value, path, count: 4...4)
            return TimingFunction(c[0], c[1], c[2], c[3])
        }
        let name = try string(value, path)
        guard let function = TimingFunction.named[name] else {
            let names = TimingFunction.named.keys.sorted()
            let hint = didYouMean(name, among: names)
            throw fail(path, value, "unknown timing function \"\(name)\"\(hint) (one of: \(names.joined(separator: ", ")), or [c1x, c1y, c2x, c2y])")
        }
        return function
    }

    /// The key path, checked, with the type of value it takes.
    private func keyPath(_ fields: Fields) throws(DocumentError) -> (String, AnimationValue) {
        guard let v = fields["keyPath"] else { throw fail(fields.path, fields.value, "missing keyPath: the property the animation changes, such as \"opacity\"") }
        let name = try literal(v, fields.path("keyPath"))
        do {
            return (name, try LayerKeyPath(name).value(in: LayerValues()))
        } catch {
            throw fail(fields.path("keyPath"), v, "\(error)")
        }
    }

    private func basic(_ fields: Fields, spring: Bool) throws(DocumentError) -> BasicAnimation {
        let (name, sample) = try keyPath(fields)
        let a = spring ? SpringAnimation(keyPath: name) : BasicAnimation(keyPath: name)
        if let v = fields["valueFunction"] { a.valueFunction = try choice(v, fields.path("valueFunction"), ValueFunction.allCases) }
        /// With a value function the values are numbers (three for scale and translate).
        func read(_ v: JSONValue, _ path: String) throws(DocumentError) -> AnimationValue {
            guard a.valueFunction != nil else { return try animationValue(v, path, like: sample) }
            if case .array = try resolved(v, path) { return .numbers(try numbers(v, path, count: 3...3)) }
            return .number(try number(v, path))
        }
        if let v = fields["fromValue"] { a.fromValue = try read(v, fields.path("fromValue")) }
        if let v = fields["toValue"] { a.toValue = try read(v, fields.path("toValue")) }
        if let v = fields["byValue"] { a.byValue = try read(v, fields.path("byValue")) }
        if let v = fields["additive"] { a.isAdditive = try bool(v, fields.path("additive")) }
        if let v = fields["cumulative"] { a.isCumulative = try bool(v, fields.path("cumulative")) }
        if let s = a as? SpringAnimation { try readSpring(fields, into: s) }
        return a
    }

    /// A spring's fields (`springFields`): mass, stiffness and damping, or perceptualDuration
    /// and bounce; initialVelocity and allowsOverdamping.
    func readSpring(_ fields: Fields, into s: SpringAnimation) throws(DocumentError) {
        if let v = fields["perceptualDuration"] {
            if let other = ["mass", "stiffness", "damping"].first(where: { fields[$0] != nil }), let at = fields[other] {
                throw fail(fields.path(other), at, "a spring is given by perceptualDuration and bounce, or by mass, stiffness and damping, not both")
            }
            let d = try number(v, fields.path("perceptualDuration"), in: 1e-3...1e3)
            let b = try fields["bounce"].map { x throws(DocumentError) in try number(x, fields.path("bounce"), in: -0.999...0.999) } ?? 0
            let shaped = SpringAnimation(keyPath: s.keyPath, perceptualDuration: d, bounce: b)
            (s.mass, s.stiffness, s.damping) = (shaped.mass, shaped.stiffness, shaped.damping)
        } else if let b = fields["bounce"] {
            throw fail(fields.path("bounce"), b, "bounce goes with perceptualDuration")
        }
        if let v = fields["allowsOverdamping"] { s.allowsOverdamping = try bool(v, fields.path("allowsOverdamping")) }
        if let v = fields["mass"] { s.mass = try number(v, fields.path("mass"), in: 1e-6...1e6) }
        if let v = fields["stiffness"] { s.stiffness = try number(v, fields.path("stiffness"), in: 1e-6...1e6) }
        if let v = fields["damping"] { s.damping = try number(v, fields.path("damping"), in: 0...1e6) }
        if let v = fields["initialVelocity"] { s.initialVelocity = try number(v, fields.path("initialVelocity"), in: -1e6...1e6) }
    }

    private func keyframes(_ fields: Fields) throws(DocumentError) -> KeyframeAnimation {
        let (name, sample) = try keyPath(fields)
        let a = KeyframeAnimation(keyPath: name)
        if let v = fields["values"] {
            var values: [AnimationValue] = []
            for (i, item) in try list(v, fields.path("values")).enumerated() {
                values.append(try animationValue(item, "\(fields.path("values"))[\(i)]", like: sample))
            }
            a.values = values
        }
        if let v = fields["path"] {
            guard case .point = sample else {
                throw fail(fields.path("path"), v, "a keyframe path moves a point; key path \"\(name)\" takes a \(sample.typeName)")
            }
            a.path = try shapePath(v, fields.path("path"))
        }
        if let v = fields["keyTimes"] { a.keyTimes = try numbers(v, fields.path("keyTimes")) }
        if let v = fields["timingFunctions"] {
            var functions: [TimingFunction] = []
            for (i, item) in try list(v, fields.path("timingFunctions")).enumerated() {
                functions.append(try timingFunction(item, "\(fields.path("timingFunctions"))[\(i)]"))
            }
            a.timingFunctions = functions
        }
        if let v = fields["calculationMode"] { a.calculationMode = try choice(v, fields.path("calculationMode"), CalculationMode.allCases) }
        if let v = fields["tensionValues"] { a.tensionValues = try numbers(v, fields.path("tensionValues")) }
        if let v = fields["continuityValues"] { a.continuityValues = try numbers(v, fields.path("continuityValues")) }
        if let v = fields["biasValues"] { a.biasValues = try numbers(v, fields.path("biasValues")) }
        if let v = fields["rotationMode"] { a.rotationMode = try choice(v, fields.path("rotationMode"), [RotationMode.auto, .autoReverse]) }
        if let v = fields["additive"] { a.isAdditive = try bool(v, fields.path("additive")) }
        if let v = fields["cumulative"] { a.isCumulative = try bool(v, fields.path("cumulative")) }
        return a
    }
}
