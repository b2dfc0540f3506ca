import RasterCore

/// An 8-bit RGBA colour with premultiplied alpha, the rasterizer's pixel format (defined in
/// RasterCore with the arithmetic on it).
public typealias PremultipliedColor = RasterCore.PremultipliedColor
