// swift-tools-version:6.0
import PackageDescription

// RasterCore (the pixel format, its blend arithmetic and the rasterizer's hot loops) is built a
// second time on x86-64 for x86-64-v3 processors (Haswell's feature set), from the same files
// (Sources/RasterCoreAVX2 is a link to Sources/RasterCore); RasterAVX2 hands that build's loops
// to Raster, which draws with them when the processor runs them. Their compiler flag keeps a
// package from being a versioned dependency, so they stay out of AnimvidKit: the animvid command
// and raster-bench link them. RasterCore's arithmetic is public and @inlinable, so that Raster's
// own loops inline it: this compiler does not inline a package-level @inlinable function across
// modules.
#if arch(x86_64)
let rasterCoreBuilds: [Target] = [
    .target(name: "RasterCoreAVX2", dependencies: ["Geometry", "CProcessor"], swiftSettings: [.unsafeFlags(["-target-cpu", "haswell"]), .define("X86_64_V3")]),
    .target(name: "RasterAVX2", dependencies: ["Raster", "RasterCoreAVX2", "CProcessor", "Geometry"]),
]
let fasterRaster: [Target.Dependency] = ["RasterAVX2"]
let fasterRasterProducts: [Product] = [.library(name: "RasterAVX2", targets: ["RasterAVX2"])]
#else
let rasterCoreBuilds: [Target] = []
let fasterRaster: [Target.Dependency] = []
let fasterRasterProducts: [Product] = []
#endif

let package = Package(
    name: "animvid",
    products: [
        .executable(name: "animvid", targets: ["animvid"]),
        .executable(name: "raster-bench", targets: ["raster-bench"]),
        .library(name: "AnimvidKit", targets: ["AnimvidKit"]),
        .library(name: "QuartzCoreCompat", targets: ["QuartzCoreCompat"]),
    ] + fasterRasterProducts,
    targets: [
        .systemLibrary(
            name: "CFFmpeg",
            path: "Sources/CFFmpeg",
            pkgConfig: "libavcodec libavformat libavfilter libswscale libswresample libavutil",
            providers: [.apt(["libavcodec-dev", "libavformat-dev", "libavfilter-dev", "libswscale-dev", "libswresample-dev", "libavutil-dev", "pkg-config"])]
        ),
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CText",
            path: "Sources/CText",
            pkgConfig: "freetype2 harfbuzz fribidi fontconfig",
            providers: [.apt(["libfreetype-dev", "libharfbuzz-dev", "libfribidi-dev", "libfontconfig-dev", "fonts-inter"])]
        ),
        .systemLibrary(name: "CProcessor", path: "Sources/CProcessor"),
        // Duktape, built from the source Debian's duktape-dev ships, with a time limit per run.
        .target(name: "CDuktape"),
        .target(name: "Geometry"),
        .target(name: "Text", dependencies: ["CText", "Geometry"]),
        .target(name: "Animation", dependencies: ["Geometry", "Text"]),
        .target(name: "RasterCore", dependencies: ["Geometry", "CProcessor"]),
        .target(name: "Raster", dependencies: ["Geometry", "CProcessor", "RasterCore"]),
        .target(name: "Media", dependencies: ["CFFmpeg"]),
        .target(name: "Pipeline", dependencies: ["Animation", "Raster", "Media", "Geometry"]),
        .target(name: "Sessions", dependencies: ["Pipeline", "Media"]),
        .target(name: "Scenes", dependencies: ["Animation", "Geometry"]),
        .target(name: "QuartzCoreCompat", dependencies: ["Scenes", "Animation", "Geometry", "Text", "Pipeline"]),
        // The seed documents' iOS code ported to QuartzCoreCompat (docs/quartzcore-compat.md).
        .target(name: "SeedPorts", dependencies: ["QuartzCoreCompat"], path: "Examples/SeedPorts"),
        .target(name: "Documents", dependencies: ["Scenes", "Animation", "Geometry", "Text", "Media", "Pipeline"]),
        .target(name: "Lottie", dependencies: ["CZlib", "CDuktape", "Documents", "Scenes", "Animation", "Geometry", "Text", "Media"]),
        .target(name: "Jobs", dependencies: ["Documents", "Lottie", "Pipeline", "Sessions", "Scenes", "Media", "Animation", "Geometry"]),
        .target(name: "AnimvidKit", dependencies: ["Geometry", "Animation", "Raster", "Media", "Pipeline", "Sessions", "Scenes", "Documents", "Lottie", "Jobs", "Text"]),
        .executableTarget(name: "raster-bench", dependencies: ["Pipeline", "Raster", "RasterCore", "Geometry", "Media", "Text"] + fasterRaster),
        .executableTarget(name: "animvid", dependencies: ["Jobs", "Lottie", "Documents", "Pipeline", "Sessions", "Scenes", "Media", "Animation", "Geometry", "Raster"] + fasterRaster),
        .target(name: "GoldenFiles", dependencies: ["Media"], path: "Tests/GoldenFiles"),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "TextTests", dependencies: ["Text", "Geometry"]),
        .testTarget(name: "AnimationTests", dependencies: ["Animation", "Geometry", "Text"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "RasterCore", "CProcessor", "Geometry", "Media", "GoldenFiles"] + fasterRaster, exclude: ["Golden"]),
        .testTarget(name: "MediaTests", dependencies: ["Media", "CFFmpeg"]),
        .testTarget(name: "PipelineTests", dependencies: ["Pipeline", "Scenes", "Media", "Raster", "Geometry", "Text", "GoldenFiles"], exclude: ["Golden"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Animation", "Geometry"]),
        .testTarget(name: "DocumentsTests", dependencies: ["Documents", "Jobs", "Text", "Scenes", "Pipeline", "Media", "Animation", "Geometry", "GoldenFiles"],
                    exclude: ["Golden"]),
        .testTarget(name: "LottieTests", dependencies: ["Lottie", "Jobs", "Documents", "Text", "Pipeline", "Media", "Raster", "Geometry", "GoldenFiles"],
                    exclude: ["Golden", "Files"]),
        .testTarget(name: "CLITests", dependencies: ["animvid"], exclude: ["Hostile"]),
        .testTarget(name: "AnimvidKitTests", dependencies: ["AnimvidKit"]),
        .testTarget(name: "QuartzCoreCompatTests", dependencies: ["QuartzCoreCompat", "SeedPorts", "AnimvidKit"]),
    ] + rasterCoreBuilds,
    swiftLanguageModes: [.v6]
)
