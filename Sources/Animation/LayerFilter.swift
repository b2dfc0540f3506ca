/// A filter in a layer's `filters`: applied to what the layer and its sublayers draw, as one group.
public enum LayerFilter: Hashable, Sendable {
    /// `CIGaussianBlur`: blurs with standard deviation `radius` points of the layer's space
    /// (its `inputRadius`), scaled with the layer's transform as a shadow's radius is.
    case gaussianBlur(radius: Double)

    /// The filter's name in key paths and scene files (`filters.gaussianBlur.inputRadius`).
    public var name: String {
        switch self {
        case .gaussianBlur: "gaussianBlur"
        }
    }
}

extension [LayerFilter] {
    /// The blur all the Gaussian blurs make together (variances add), in points.
    public var blurRadius: Double {
        reduce(0) { total, filter in
            switch filter {
            case .gaussianBlur(let r): (total * total + r * r).squareRoot()
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
