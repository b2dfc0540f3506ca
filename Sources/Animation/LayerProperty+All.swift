import Geometry

extension LayerProperty {
    /// The properties a change in a callback animates (a layer's action runs): every animatable
    /// one but the flags (`hidden`, `masksToBounds`), which change at once.
    public static let implicitlyAnimated = all.filter { $0.isAnimatable && $0.type != .boolean }

    /// Every layer property, in the order scene files are written. Adding a property is an
    /// entry here, its stored value in `LayerValues`, and its drawing.
    public static let all: [LayerProperty] = [
        // Geometry
        .animatable("bounds", \.bounds, subPaths: [
            .part("bounds.origin", \.bounds.origin), .part("bounds.size", \.bounds.size),
            .number("bounds.origin.x", \.bounds.origin.x), .number("bounds.origin.y", \.bounds.origin.y),
            .number("bounds.size.width", \.bounds.size.width), .number("bounds.size.height", \.bounds.size.height),
        ]),
        .animatable("position", \.position, subPaths: [.number("position.x", \.position.x), .number("position.y", \.position.y)]),
        .animatable("zPosition", \.zPosition),
        .animatable("anchorPoint", \.anchorPoint, subPaths: [.number("anchorPoint.x", \.anchorPoint.x), .number("anchorPoint.y", \.anchorPoint.y)]),
        .animatable("anchorPointZ", \.anchorPointZ),
        .animatable("transform", \.transform, subPaths: LayerKeyPath.components(of: "transform", \.transform)),
        .animatable("sublayerTransform", \.sublayerTransform, subPaths: LayerKeyPath.components(of: "sublayerTransform", \.sublayerTransform)),
        // Appearance
        .animatable("opacity", \.opacity),
        .animatable("hidden", \.isHidden),
        .boolean("doubleSided", \.isDoubleSided),
        .boolean("geometryFlipped", \.isGeometryFlipped),
        .boolean("allowsGroupOpacity", \.allowsGroupOpacity),
        .boolean("allowsEdgeAntialiasing", \.allowsEdgeAntialiasing),
        .boolean("shouldRasterize", \.shouldRasterize),
        .number("rasterizationScale", \.rasterizationScale, in: 0.01...100),
        .animatable("backgroundColor", \.backgroundColor),
        .animatable("cornerRadius", \.cornerRadius),
        .animatable("masksToBounds", \.masksToBounds),
        .animatable("borderWidth", \.borderWidth),
        .animatable("borderColor", \.borderColor),
        .animatable("contents", \.contents),
        .animatable("contentsRect", \.contentsRect),
        .animatable("contentsCenter", \.contentsCenter),
        .animatable("shadowColor", \.shadowColor),
        .animatable("shadowOpacity", \.shadowOpacity),
        .animatable("shadowOffset", \.shadowOffset, subPaths: [
            .number("shadowOffset.width", \.shadowOffset.width), .number("shadowOffset.height", \.shadowOffset.height),
        ]),
        .animatable("shadowRadius", \.shadowRadius),
        .animatable("shadowPath", \.shadowPath),
        // Shape layers
        .animatable("path", \.path, kinds: [.shape]),
        .animatable("fillColor", \.fillColor, kinds: [.shape]),
        .animatable("strokeColor", \.strokeColor, kinds: [.shape]),
        .animatable("lineWidth", \.lineWidth, kinds: [.shape]),
        .animatable("miterLimit", \.miterLimit, kinds: [.shape]),
        .animatable("lineDashPattern", \.lineDashPattern, kinds: [.shape]),
        .animatable("lineDashPhase", \.lineDashPhase, kinds: [.shape]),
        .animatable("strokeStart", \.strokeStart, kinds: [.shape]),
        .animatable("strokeEnd", \.strokeEnd, kinds: [.shape]),
        // Gradient layers
        .animatable("colors", \.colors, kinds: [.gradient]),
        .animatable("locations", \.locations, kinds: [.gradient]),
        .animatable("startPoint", \.startPoint, kinds: [.gradient]),
        .animatable("endPoint", \.endPoint, kinds: [.gradient]),
        .animatable("gradientFocus", \.gradientFocus, kinds: [.gradient]),
        // Replicator layers
        .animatable("instanceTransform", \.instanceTransform, kinds: [.replicator],
                    subPaths: LayerKeyPath.components(of: "instanceTransform", \.instanceTransform)),
        .animatable("instanceDelay", \.instanceDelay, kinds: [.replicator]),
        .animatable("instanceColor", \.instanceColor, kinds: [.replicator]),
        .animatable("instanceRedOffset", \.instanceRedOffset, kinds: [.replicator]),
        .animatable("instanceGreenOffset", \.instanceGreenOffset, kinds: [.replicator]),
        .animatable("instanceBlueOffset", \.instanceBlueOffset, kinds: [.replicator]),
        .animatable("instanceAlphaOffset", \.instanceAlphaOffset, kinds: [.replicator]),
        // Text layers
        .text("string", \.string, kinds: [.text]),
        .string("font", \.font, kinds: [.text]),
        .animatable("fontSize", \.fontSize, kinds: [.text]),
        .animatable("foregroundColor", \.foregroundColor, kinds: [.text]),
        .choice("alignmentMode", \.alignmentMode, kinds: [.text]),
        .boolean("wrapped", \.isWrapped, kinds: [.text]),
        .choice("truncationMode", \.truncationMode, kinds: [.text]),
        .choice("verticalAlignment", \.verticalAlignment, kinds: [.text]),
        .choice("textFit", \.textFit, kinds: [.text]),
        .number("minimumScaleFactor", \.minimumScaleFactor, in: 0.01...1, kinds: [.text]),
        .integer("numberOfLines", \.numberOfLines, in: 0...1000, kinds: [.text]),
        .number("lineHeightMultiple", \.lineHeightMultiple, in: 0.1...10, kinds: [.text]),
        .choice("staggerUnit", \.staggerUnit, kinds: [.text]),
        .number("staggerDelay", \.staggerDelay, in: -3600...3600, kinds: [.text]),
        // Emitter layers
        .animatable("emitterPosition", \.emitterPosition, kinds: [.emitter]),
        .animatable("emitterSize", \.emitterSize, kinds: [.emitter]),
        .animatable("emitterZPosition", \.emitterZPosition, kinds: [.emitter]),
        .animatable("emitterDepth", \.emitterDepth, kinds: [.emitter]),
        .animatable("birthRate", \.birthRate, kinds: [.emitter]),
        .animatable("lifetime", \.lifetime, kinds: [.emitter]),
        .animatable("velocity", \.velocity, kinds: [.emitter]),
        .animatable("scale", \.scale, kinds: [.emitter]),
        .animatable("spin", \.spin, kinds: [.emitter]),
        // Not animatable
        .choice("contentsGravity", \.contentsGravity),
        .number("contentsScale", \.contentsScale, in: 0.01...100),
        .choice("minificationFilter", \.minificationFilter),
        .choice("magnificationFilter", \.magnificationFilter),
        .integer("maskedCorners", \.maskedCorners.rawValue, in: 0...15),
        .choice("cornerCurve", \.cornerCurve),
        .choice("compositingFilter", \.compositingFilter),
        .choice("maskMode", \.maskMode),
        .boolean("shadowOnly", \.shadowOnly),
        .boolean("superlayerDrawing", \.isSuperlayerDrawing),
        // Each input by its type's name (the first filter of the type); named filters' inputs
        // are parsed by LayerKeyPath.init.
        .filters("filters", \.filters, subPaths: FilterInput.allCases.map { .filterInput($0, of: $0.typeName) }),
        .number("beginTime", \.timing.beginTime, in: numberRange),
        .number("speed", \.timing.speed, in: -1000...1000),
        .number("timeOffset", \.timing.timeOffset, in: numberRange),
        .number("duration", \.timing.duration, in: 0...1e9),
        .number("repeatCount", \.timing.repeatCount, in: 0...Double.infinity),
        .number("repeatDuration", \.timing.repeatDuration, in: 0...Double.infinity),
        .boolean("autoreverses", \.timing.autoreverses),
        .choice("fillMode", \.timing.fillMode),
        .boolean("remapsTime", \.remapsTime),
        .animatable("remappedTime", \.remappedTime),
        .choice("fillRule", \.fillRule, kinds: [.shape]),
        .choice("lineCap", \.lineCap, kinds: [.shape]),
        .choice("lineJoin", \.lineJoin, kinds: [.shape]),
        .choice("gradientType", \.gradientType, kinds: [.gradient]),
        .integer("instanceCount", \.instanceCount, in: 0...10_000, kinds: [.replicator]),
        .boolean("preservesDepth", \.preservesDepth, kinds: [.replicator, .emitter]),
        .choice("emitterShape", \.emitterShape, kinds: [.emitter]),
        .choice("emitterMode", \.emitterMode, kinds: [.emitter]),
        .choice("renderMode", \.renderMode, kinds: [.emitter]),
        .integer("seed", \.seed, in: 0...Int(UInt32.max), kinds: [.emitter]),
        .cells("emitterCells", \.emitterCells, kinds: [.emitter]),
    ]

    /// The properties by name.
    public static let named: [String: LayerProperty] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
}
