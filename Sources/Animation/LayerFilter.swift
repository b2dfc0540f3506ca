import Geometry

/// A filter in a layer's `filters`: applied to what the layer and its sublayers draw, as one group.
/// Key paths address its inputs as `filters.<name>.<input>`: by its own name when it has one
/// (Core Animation's `CIFilter.name`), or by its type's name, which addresses the first filter of
/// that type (`filters.gaussianBlur.inputRadius`).
public struct LayerFilter: Hashable, Sendable {
    /// What the filter does.
    public enum Effect: Hashable, Sendable {
        /// `CIGaussianBlur`: blurs with standard deviation `radius` points of the layer's space
        /// (its `inputRadius`), scaled with the layer's transform as a shadow's radius is.
        case gaussianBlur(radius: Double)
        /// `CIColorMatrix`: each straight colour channel a row · (r, g, b, a) plus a bias.
        case colorMatrix(ColorMatrix)
        /// After Effects' Tint (an animvid filter): greys mapped from black…white to
        /// `black`…`white`, at `amount` over the original (`ColorFilter.tint`).
        case tint(black: Color, white: Color, amount: Double)

        /// The type's name in scene files and key paths.
        public var typeName: String {
            switch self {
            case .gaussianBlur: "gaussianBlur"
            case .colorMatrix: "colorMatrix"
            case .tint: "tint"
            }
        }
    }

    /// What the filter does.
    public var effect: Effect
    /// The name key paths address it by; nil when it has none.
    public let name: String?

    /// A filter doing `effect`, named `name`, which must be a valid name (`isValidName`).
    public init(_ effect: Effect, name: String? = nil) {
        precondition(name.map(Self.isValidName) ?? true, "a filter's name is letters, digits and _, not starting with a digit, and not a filter type")
        self.effect = effect
        self.name = name
    }

    /// An unnamed `CIGaussianBlur` of standard deviation `radius` points.
    public static func gaussianBlur(radius: Double) -> LayerFilter { LayerFilter(.gaussianBlur(radius: radius)) }
    /// An unnamed `CIColorMatrix`.
    public static func colorMatrix(_ matrix: ColorMatrix) -> LayerFilter { LayerFilter(.colorMatrix(matrix)) }
    /// An unnamed tint.
    public static func tint(black: Color, white: Color, amount: Double) -> LayerFilter { LayerFilter(.tint(black: black, white: white, amount: amount)) }

    /// Whether `name` is one a filter can take: letters, digits and `_`, not starting with a
    /// digit, and not a type's name (those address the first filter of the type).
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first), !typeNames.contains(name) else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    /// Every type's name.
    public static let typeNames = ["gaussianBlur", "colorMatrix", "tint"]
}

extension [LayerFilter] {
    /// The blur all the Gaussian blurs make together (variances add), in points.
    public var blurRadius: Double {
        reduce(0) { total, filter in
            switch filter.effect {
            case .gaussianBlur(let r): (total * total + r * r).squareRoot()
            case .colorMatrix, .tint: total
            }
        }
    }

    /// The colour filters, in order (applied before the blur).
    public var colorFilters: [ColorFilter] {
        compactMap { filter in
            switch filter.effect {
            case .gaussianBlur: nil
            case .colorMatrix(let m): .matrix(m)
            case let .tint(black, white, amount):
                .tint(black: SIMD3(black.red, black.green, black.blue), white: SIMD3(white.red, white.green, white.blue), amount: amount)
            }
        }
    }

    /// The index of the filter `filters.<name>.…` addresses: the first of the type when `name`
    /// is a type's name (no filter can be named so), else the one named `name`; nil when there
    /// is none.
    func index(addressedBy name: String) -> Int? {
        LayerFilter.typeNames.contains(name) ? firstIndex { $0.effect.typeName == name } : firstIndex { $0.name == name }
    }
}

/// An input of a filter that key paths animate (`filters.<name>.<input>`).
enum FilterInput: String, CaseIterable, Sendable {
    case inputRadius, inputBiasVector, inputAVector, mapBlackTo, mapWhiteTo, amount

    /// The type of filter that has it.
    var typeName: String {
        switch self {
        case .inputRadius: "gaussianBlur"
        case .inputBiasVector, .inputAVector: "colorMatrix"
        case .mapBlackTo, .mapWhiteTo, .amount: "tint"
        }
    }

    /// Its value in `effect` (nil when the effect is of another type).
    func value(in effect: LayerFilter.Effect) -> AnimationValue? {
        switch (self, effect) {
        case (.inputRadius, .gaussianBlur(let r)): .number(r)
        case (.inputBiasVector, .colorMatrix(let m)): .numbers([m.bias.x, m.bias.y, m.bias.z, m.bias.w])
        case (.inputAVector, .colorMatrix(let m)): .numbers([m.alpha.x, m.alpha.y, m.alpha.z, m.alpha.w])
        case (.mapBlackTo, .tint(let black, _, _)): .color(black)
        case (.mapWhiteTo, .tint(_, let white, _)): .color(white)
        case (.amount, .tint(_, _, let amount)): .number(amount)
        default: nil
        }
    }

    /// Its value when no filter has it: what leaves the picture as it is, or the type's default.
    var absentValue: AnimationValue {
        switch self {
        case .inputRadius: .number(0)
        case .inputBiasVector: .numbers([0, 0, 0, 0])
        case .inputAVector: .numbers([0, 0, 0, 1])
        case .mapBlackTo: .color(.black)
        case .mapWhiteTo: .color(.white)
        case .amount: .number(1)
        }
    }

    /// `effect` with this input set to `value`, which is of the input's type; an effect of
    /// another type, or a vector of other than four numbers, is left as it is.
    func setting(_ value: AnimationValue, in effect: LayerFilter.Effect) -> LayerFilter.Effect {
        switch (self, effect, value) {
        case (.inputRadius, .gaussianBlur, .number(let r)):
            return .gaussianBlur(radius: Swift.max(r, 0))
        case (.inputBiasVector, .colorMatrix(var m), .numbers(let n)) where n.count == 4:
            m.bias = SIMD4(n[0], n[1], n[2], n[3])
            return .colorMatrix(m)
        case (.inputAVector, .colorMatrix(var m), .numbers(let n)) where n.count == 4:
            m.alpha = SIMD4(n[0], n[1], n[2], n[3])
            return .colorMatrix(m)
        case (.mapBlackTo, .tint(_, let white, let amount), .color(let black)):
            return .tint(black: black, white: white, amount: amount)
        case (.mapWhiteTo, .tint(let black, _, let amount), .color(let white)):
            return .tint(black: black, white: white, amount: amount)
        case (.amount, .tint(let black, let white, _), .number(let amount)):
            return .tint(black: black, white: white, amount: Swift.min(Swift.max(amount, 0), 1))
        default:
            return effect
        }
    }
}
