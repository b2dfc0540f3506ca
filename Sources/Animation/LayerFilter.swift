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
