import Geometry

/// The blend modes' arithmetic on one pixel, in floating point: W3C Compositing and Blending
/// Level 1, with premultiplied colours in and out. Only groups with a blend mode other than
/// normal come here; source-over stays on the 8-bit paths of `Blend`.
enum BlendFunctions {
    /// `source` (premultiplied, 0…1) composited onto `backdrop` with `mode`:
    /// co = cs·(1 − αb) + cb·(1 − αs) + αs·αb·B(Cb, Cs), αo = αs + αb − αs·αb.
    static func composite(_ s: SIMD4<Float>, onto b: SIMD4<Float>, mode: BlendMode) -> SIMD4<Float> {
        let (sa, ba) = (s.w, b.w)
        if mode == .plusLighter { return pointwiseMin(s + b, SIMD4(repeating: 1)) }
        if sa == 0 { return b }
        if ba == 0 { return s }
        let cs = SIMD3(s.x, s.y, s.z) / sa, cb = SIMD3(b.x, b.y, b.z) / ba
        let mixed = blend(cb, cs, mode)
        let rgb = SIMD3(s.x, s.y, s.z) * (1 - ba) + SIMD3(b.x, b.y, b.z) * (1 - sa) + sa * ba * mixed
        return SIMD4(rgb.x, rgb.y, rgb.z, sa + ba - sa * ba)
    }

    /// B(Cb, Cs) on straight colours.
    static func blend(_ cb: SIMD3<Float>, _ cs: SIMD3<Float>, _ mode: BlendMode) -> SIMD3<Float> {
        switch mode {
        case .normal, .plusLighter: return cs
        case .multiply: return cb * cs
        case .screen: return cb + cs - cb * cs
        case .overlay: return each(cs, cb, hardLight)
        case .darken: return pointwiseMin(cb, cs)
        case .lighten: return pointwiseMax(cb, cs)
        case .colorDodge: return each(cb, cs) { b, s in b == 0 ? 0 : s >= 1 ? 1 : min(1, b / (1 - s)) }
        case .colorBurn: return each(cb, cs) { b, s in b >= 1 ? 1 : s <= 0 ? 0 : 1 - min(1, (1 - b) / s) }
        case .hardLight: return each(cb, cs, hardLight)
        case .softLight: return each(cb, cs, softLight)
        case .difference: return each(cb, cs) { b, s in abs(b - s) }
        case .exclusion: return cb + cs - 2 * cb * cs
        case .hue: return setLum(setSat(cs, sat(cb)), lum(cb))
        case .saturation: return setLum(setSat(cb, sat(cs)), lum(cb))
        case .color: return setLum(cs, lum(cb))
        case .luminosity: return setLum(cb, lum(cs))
        }
    }

    private static func each(_ b: SIMD3<Float>, _ s: SIMD3<Float>, _ f: (Float, Float) -> Float) -> SIMD3<Float> {
        SIMD3(f(b.x, s.x), f(b.y, s.y), f(b.z, s.z))
    }

    private static func hardLight(_ b: Float, _ s: Float) -> Float {
        s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)
    }

    private static func softLight(_ b: Float, _ s: Float) -> Float {
        if s <= 0.5 { return b - (1 - 2 * s) * b * (1 - b) }
        let d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : b.squareRoot()
        return b + (2 * s - 1) * (d - b)
    }

    private static func lum(_ c: SIMD3<Float>) -> Float { 0.3 * c.x + 0.59 * c.y + 0.11 * c.z }

    private static func setLum(_ c: SIMD3<Float>, _ l: Float) -> SIMD3<Float> {
        let moved = c + (l - lum(c))
        let (lm, n, x) = (lum(moved), moved.min(), moved.max())
        var out = moved
        if n < 0 { out = lm + (out - lm) * lm / (lm - n) }
        if x > 1 { out = lm + (out - lm) * (1 - lm) / (x - lm) }
        return out
    }

    private static func sat(_ c: SIMD3<Float>) -> Float { c.max() - c.min() }

    /// The colour with saturation `s`, keeping the order of its components.
    private static func setSat(_ c: SIMD3<Float>, _ s: Float) -> SIMD3<Float> {
        let (n, x) = (c.min(), c.max())
        guard x > n else { return .zero }
        return (c - n) * s / (x - n)
    }
}
