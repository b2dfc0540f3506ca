import Geometry

/// A filter in a layer's `filters`: applied to what the layer and its sublayers draw, as one group.
public enum LayerFilter: Hashable, Sendable {
    /// `CIGaussianBlur`: blurs with standard deviation `radius` points of the layer's space
    /// (its `inputRadius`), scaled with the layer's transform as a shadow's radius is.
    case gaussianBlur(radius: Double)
    /// `CIColorMatrix`: each straight colour channel a row · (r, g, b, a) plus a bias.
    case colorMatrix(ColorMatrix)
    /// After Effects' Tint (an animvid filter): greys mapped from black…white to
    /// `black`…`white`, at `amount` over the original (`ColorFilter.tint`).
    case tint(black: Color, white: Color, amount: Double)

    /// The filter's name in key paths and scene files (`filters.gaussianBlur.inputRadius`).
    public var name: String {
        switch self {
        case .gaussianBlur: "gaussianBlur"
        case .colorMatrix: "colorMatrix"
        case .tint: "tint"
        }
    }
}

extension [LayerFilter] {
    /// The blur all the Gaussian blurs make together (variances add), in points.
    public var blurRadius: Double {
        reduce(0) { total, filter in
            switch filter {
            case .gaussianBlur(let r): (total * total + r * r).squareRoot()
            case .colorMatrix, .tint: total
            }
        }
    }

    /// The colour filters, in order (applied before the blur).
    public var colorFilters: [ColorFilter] {
        compactMap { filter in
            switch filter {
            case .gaussianBlur: nil
            case .colorMatrix(let m): .matrix(m)
            case let .tint(black, white, amount):
                .tint(black: SIMD3(black.red, black.green, black.blue), white: SIMD3(white.red, white.green, white.blue), amount: amount)
            }
        }
    }

    /// The bias vector (`inputBiasVector`) and alpha row (`inputAVector`) of the first colour
    /// matrix, four numbers each: what `filters.colorMatrix.…` key paths animate (zeros, and
    /// nothing set, when there is none).
    var colorMatrixBias: [Double] {
        get { firstMatrix.map { [$0.bias.x, $0.bias.y, $0.bias.z, $0.bias.w] } ?? [0, 0, 0, 0] }
        set { updateFirstMatrix { $0.bias = Self.vector(newValue, $0.bias) } }
    }

    var colorMatrixAlpha: [Double] {
        get { firstMatrix.map { [$0.alpha.x, $0.alpha.y, $0.alpha.z, $0.alpha.w] } ?? [0, 0, 0, 1] }
        set { updateFirstMatrix { $0.alpha = Self.vector(newValue, $0.alpha) } }
    }

    /// The first tint's colours and amount (`filters.tint.mapBlackTo`, `.mapWhiteTo`, `.amount`).
    var tintBlack: Color {
        get { for case .tint(let black, _, _) in self { return black }; return .black }
        set { updateFirstTint { ($0, $1, $2) = (newValue, $1, $2) } }
    }

    var tintWhite: Color {
        get { for case .tint(_, let white, _) in self { return white }; return .white }
        set { updateFirstTint { ($0, $1, $2) = ($0, newValue, $2) } }
    }

    var tintAmount: Double {
        get { for case .tint(_, _, let amount) in self { return amount }; return 1 }
        set { updateFirstTint { ($0, $1, $2) = ($0, $1, Swift.min(Swift.max(newValue, 0), 1)) } }
    }

    private var firstMatrix: ColorMatrix? {
        for case .colorMatrix(let m) in self { return m }
        return nil
    }

    private mutating func updateFirstMatrix(_ change: (inout ColorMatrix) -> Void) {
        guard let i = firstIndex(where: { if case .colorMatrix = $0 { true } else { false } }), case .colorMatrix(var m) = self[i] else { return }
        change(&m)
        self[i] = .colorMatrix(m)
    }

    private mutating func updateFirstTint(_ change: (inout Color, inout Color, inout Double) -> Void) {
        guard let i = firstIndex(where: { if case .tint = $0 { true } else { false } }), case .tint(var black, var white, var amount) = self[i] else { return }
        change(&black, &white, &amount)
        self[i] = .tint(black: black, white: white, amount: amount)
    }

    /// Four numbers as a vector; `fallback` when there are not four.
    private static func vector(_ v: [Double], _ fallback: SIMD4<Double>) -> SIMD4<Double> {
        v.count == 4 ? SIMD4(v[0], v[1], v[2], v[3]) : fallback
    }

    /// The radius of the first Gaussian blur, 0 when there is none.
    var gaussianBlurRadius: Double {
        get {
            for case .gaussianBlur(let r) in self { return r }
            return 0
        }
        set {
            guard let i = firstIndex(where: { if case .gaussianBlur = $0 { true } else { false } }) else { return }
            self[i] = .gaussianBlur(radius: Swift.max(newValue, 0))
        }
    }
}
