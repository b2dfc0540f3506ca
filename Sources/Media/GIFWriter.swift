import CFFmpeg
import Foundation

/// An animated GIF, its palettes made by libavfilter's `palettegen` and used by `paletteuse`.
/// Frames are kept in a temporary file beside the output (memory stays flat) for the second
/// pass. By default one palette is made for the whole clip, seeing every frame as it arrives,
/// and frames are mapped with an ordered (Bayer) dither, which is deterministic and does not
/// crawl from frame to frame; `gifPalette` `.frame` gives each frame its own palette (for a clip
/// whose colours change), `gifDither` an error diffusion or none. Loops for ever (or `plays`
/// times); with transparency, one palette entry is transparent, and a `matte` colour keeps soft
/// edges: what is partly transparent is blended over it and drawn opaque.
public final class GIFWriter: FrameSink {
    private let settings: EncoderSettings
    private let path: String
    private let spoolPath: String
    private let spool: FileHandle
    private let frameBytes: Int
    private var frames = 0
    private var generator: FilterGraph?
    private var finished = false

    /// Opens a GIF at `path` after validating `settings`; frames are spooled to a hidden file beside it.
    public init(path: String, settings unchecked: EncoderSettings) throws(MediaError) {
        do {
            settings = try unchecked.validated()
        } catch {
            throw MediaError(error.message)
        }
        self.path = path
        FFmpegLog.quiet()
        frameBytes = settings.width * settings.height * 4
        spoolPath = URL(fileURLWithPath: path).deletingLastPathComponent().path + "/." + URL(fileURLWithPath: path).lastPathComponent + ".frames-\(getpid())"
        guard DirectFile.create(atPath: spoolPath), let spool = FileHandle(forUpdatingAtPath: spoolPath) else {
            unlink(spoolPath)
            throw MediaError("cannot write beside \(path)")
        }
        self.spool = spool
        if settings.gifPalette == .clip { generator = try Self.paletteGenerator(settings) }
    }

    deinit {
        try? spool.close()
        unlink(spoolPath)
    }

    /// A `palettegen` graph for frames of `settings`, a transparent entry kept where they have alpha.
    private static func paletteGenerator(_ settings: EncoderSettings) throws(MediaError) -> FilterGraph {
        try FilterGraph(inputs: [.rgba(settings)], filter: "palettegen=reserve_transparent=\(settings.alpha ? 1 : 0):stats_mode=full")
    }

    /// Adds one straight-alpha RGBA frame (blended over the matte, if any) to the palette's
    /// statistics and keeps it for the second pass.
    public func write(rgba: [UInt8]) throws(MediaError) {
        guard rgba.count == frameBytes, !finished else { throw MediaError("the GIF writer is closed or the frame is the wrong size") }
        let frame = settings.matte.map { Self.blended(rgba, over: $0) } ?? rgba
        do {
            try spool.write(contentsOf: frame)
        } catch {
            throw MediaError("cannot keep frames for the GIF's second pass (is the disk full?)")
        }
        try generator?.push(frame, input: 0, pts: Int64(frames))
        frames += 1
    }

    /// A pixel at least this opaque is kept, over the matte, when a matte is given: the faint end
    /// of a fade (3 %) still shows.
    static let matteThreshold = 8

    /// `rgba` with every pixel at least `matteThreshold` opaque blended over `matte` and made
    /// opaque, every other one transparent.
    static func blended(_ rgba: [UInt8], over matte: MatteColor) -> [UInt8] {
        var out = rgba
        let background = [Int(matte.red), Int(matte.green), Int(matte.blue)]
        for i in stride(from: 0, to: out.count, by: 4) {
            let a = Int(out[i + 3])
            guard a >= matteThreshold else {
                (out[i], out[i + 1], out[i + 2], out[i + 3]) = (0, 0, 0, 0)
                continue
            }
            for c in 0..<3 { out[i + c] = UInt8((Int(out[i + c]) * a + background[c] * (255 - a) + 127) / 255) }
            out[i + 3] = 255
        }
        return out
    }

    /// Makes the palettes, then maps and writes the frames; the file is complete on return.
    public func finish() throws(MediaError) {
        guard !finished else { return }
        finished = true
        let output = try GIFFile(path: path, settings: settings)
        do {
            try spool.seek(toOffset: 0)
        } catch {
            throw MediaError("cannot read back the GIF's frames")
        }
        func next() throws(MediaError) -> [UInt8] {
            guard let data = try? spool.read(upToCount: frameBytes), data.count == frameBytes else {
                throw MediaError("cannot read back the GIF's frames")
            }
            return [UInt8](data)
        }
        if let generator {
            // One palette for every frame.
            let mapper = try mapper(palette: try Self.palette(from: generator))
            for index in 0..<frames { try mapper.push(try next(), input: 0, pts: Int64(index)) }
            try mapper.endInput(0)
            while let mapped = try mapper.pull() { try output.write(mapped) }
        } else {
            // Each frame its own palette, made from it alone.
            for index in 0..<frames {
                let frame = try next()
                let generator = try Self.paletteGenerator(settings)
                try generator.push(frame, input: 0, pts: Int64(index))
                let mapper = try mapper(palette: try Self.palette(from: generator))
                try mapper.push(frame, input: 0, pts: Int64(index))
                try mapper.endInput(0)
                while let mapped = try mapper.pull() { try output.write(mapped) }
            }
        }
        try output.finish()
    }

    /// The palette a generator makes from what it was given (its input ended here).
    private static func palette(from generator: FilterGraph) throws(MediaError) -> UnsafeMutablePointer<AVFrame> {
        try generator.endInput(0)
        guard let palette = try generator.pull() else { throw MediaError("palettegen made no palette") }
        return palette
    }

    /// A `paletteuse` graph that maps frames to `palette` (which it takes and frees) with the dither chosen.
    private func mapper(palette: UnsafeMutablePointer<AVFrame>) throws(MediaError) -> FilterGraph {
        defer {
            var p: UnsafeMutablePointer<AVFrame>? = palette
            av_frame_free(&p)
        }
        let dither = switch settings.gifDither {
        case .bayer: "bayer:bayer_scale=3"
        case .sierra: "sierra2_4a"
        case .floyd: "floyd_steinberg"
        case .none: "none"
        }
        let mapper = try FilterGraph(inputs: [.rgba(settings), .palette(palette)], filter: "paletteuse=dither=\(dither):alpha_threshold=128")
        try mapper.push(frame: palette, input: 1)
        try mapper.endInput(1)
        return mapper
    }
}

/// A libavfilter graph with buffer sources and one buffer sink around a filter.
final class FilterGraph {
    enum Input {
        case rgba(EncoderSettings)
        case palette(UnsafeMutablePointer<AVFrame>)
    }

    private var graph: UnsafeMutablePointer<AVFilterGraph>?
    private var sources: [UnsafeMutablePointer<AVFilterContext>] = []
    private let sink: UnsafeMutablePointer<AVFilterContext>
    private let settings: EncoderSettings?
    private var scratch: UnsafeMutablePointer<AVFrame>?

    init(inputs: [Input], filter: String) throws(MediaError) {
        guard let graph = avfilter_graph_alloc(), let scratch = av_frame_alloc() else { throw MediaError("out of memory") }
        self.graph = graph
        self.scratch = scratch
        var rgbaSettings: EncoderSettings?
        do throws(MediaError) {
            var created: [UnsafeMutablePointer<AVFilterContext>] = []
            for (index, input) in inputs.enumerated() {
                let args: String
                switch input {
                case .rgba(let s):
                    rgbaSettings = s
                    args = "video_size=\(s.width)x\(s.height):pix_fmt=rgba:time_base=\(s.frameRate.denominator)/\(s.frameRate.numerator):pixel_aspect=1/1"
                case .palette(let frame):
                    let name = av_get_pix_fmt_name(AVPixelFormat(rawValue: frame.pointee.format)).map { String(cString: $0) } ?? "bgra"
                    args = "video_size=\(frame.pointee.width)x\(frame.pointee.height):pix_fmt=\(name):time_base=1/1:pixel_aspect=1/1"
                }
                var source: UnsafeMutablePointer<AVFilterContext>?
                try check(avfilter_graph_create_filter(&source, avfilter_get_by_name("buffer"), "in\(index)", args, nil, graph),
                          "cannot create a filter input")
                guard let source else { throw MediaError("cannot create a filter input") }
                created.append(source)
            }
            var sink: UnsafeMutablePointer<AVFilterContext>?
            try check(avfilter_graph_create_filter(&sink, avfilter_get_by_name("buffersink"), "out", nil, nil, graph),
                      "cannot create a filter output")
            guard let sink else { throw MediaError("cannot create a filter output") }
            let name = String(filter.prefix { $0 != "=" })
            let arguments = filter.contains("=") ? String(filter.drop { $0 != "=" }.dropFirst()) : nil
            var middle: UnsafeMutablePointer<AVFilterContext>?
            try check(avfilter_graph_create_filter(&middle, avfilter_get_by_name(name), "filter", arguments, nil, graph),
                      "cannot create the \(name) filter")
            guard let middle else { throw MediaError("cannot create the \(name) filter") }
            for (index, source) in created.enumerated() {
                try check(avfilter_link(source, 0, middle, UInt32(index)), "cannot link the filters")
            }
            try check(avfilter_link(middle, 0, sink, 0), "cannot link the filters")
            try check(avfilter_graph_config(graph, nil), "cannot configure the filters")
            sources = created
            self.sink = sink
            settings = rgbaSettings
        } catch {
            var g: UnsafeMutablePointer<AVFilterGraph>? = graph
            avfilter_graph_free(&g)
            av_frame_free(&self.scratch)
            throw error
        }
    }

    deinit {
        avfilter_graph_free(&graph)
        av_frame_free(&scratch)
    }

    /// Pushes one RGBA frame into input `input`.
    func push(_ rgba: [UInt8], input: Int, pts: Int64) throws(MediaError) {
        guard let settings, let frame = av_frame_alloc() else { throw MediaError("out of memory") }
        var owned: UnsafeMutablePointer<AVFrame>? = frame
        defer { av_frame_free(&owned) }
        frame.pointee.format = AV_PIX_FMT_RGBA.rawValue
        frame.pointee.width = Int32(settings.width)
        frame.pointee.height = Int32(settings.height)
        try check(av_frame_get_buffer(frame, 0), "cannot allocate a frame")
        copyPlane(rgba, bytesPerRow: settings.width * 4, rows: settings.height, into: frame.pointee.data.0, stride: frame.pointee.linesize.0)
        frame.pointee.pts = pts
        try push(frame: frame, input: input)
    }

    /// Pushes a frame (kept by the caller) into input `input`.
    func push(frame: UnsafeMutablePointer<AVFrame>, input: Int) throws(MediaError) {
        try check(av_buffersrc_write_frame(sources[input], frame), "the filter refused a frame")
    }

    /// Signals the end of input `input`.
    func endInput(_ input: Int) throws(MediaError) {
        try check(av_buffersrc_add_frame_flags(sources[input], nil, 0), "cannot end the filter's input")
    }

    /// The next output frame (owned by the caller), or nil when none is ready yet.
    func pull() throws(MediaError) -> UnsafeMutablePointer<AVFrame>? {
        guard let frame = av_frame_alloc() else { throw MediaError("out of memory") }
        let status = av_buffersink_get_frame(sink, frame)
        if status == cffmpeg_error_again() || status == cffmpeg_error_eof() {
            var f: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&f)
            return nil
        }
        if status < 0 {
            var f: UnsafeMutablePointer<AVFrame>? = frame
            av_frame_free(&f)
            try check(status, "the filter failed")
        }
        return frame
    }
}

/// The GIF encoder and muxer, fed with palette-mapped frames.
private final class GIFFile {
    private var format: UnsafeMutablePointer<AVFormatContext>?
    private var codec: UnsafeMutablePointer<AVCodecContext>?
    private var packet: UnsafeMutablePointer<AVPacket>?
    private var stream: UnsafeMutablePointer<AVStream>?

    /// Every context is owned by `self` as soon as it exists, so `deinit` frees it whichever
    /// step below fails.
    init(path: String, settings: EncoderSettings) throws(MediaError) {
        try check(avformat_alloc_output_context2(&format, nil, "gif", path), "cannot set up a GIF muxer")
        guard let format, let encoder = avcodec_find_encoder(AV_CODEC_ID_GIF) else { throw MediaError("cannot set up the GIF encoder") }
        stream = avformat_new_stream(format, nil)
        codec = avcodec_alloc_context3(encoder)
        packet = av_packet_alloc()
        guard let stream, let codec, packet != nil else { throw MediaError("out of memory setting up the GIF encoder") }
        setPicture(of: codec, settings, pixelFormat: AV_PIX_FMT_PAL8)
        try check(avcodec_open2(codec, encoder, nil), "cannot open the GIF encoder")
        try check(avcodec_parameters_from_context(stream.pointee.codecpar, codec), "cannot configure the GIF stream")
        stream.pointee.time_base = codec.pointee.time_base
        try check(avio_open(&format.pointee.pb, path, AVIO_FLAG_WRITE), "cannot write \(path)")
        var options: OpaquePointer?
        // The muxer counts repeats after the first play (-1: none, 0: for ever); `plays` counts plays.
        let plays = settings.plays ?? 0
        av_dict_set(&options, "loop", String(plays == 0 ? 0 : plays == 1 ? -1 : plays - 1), 0)
        let status = avformat_write_header(format, &options)
        av_dict_free(&options)
        try check(status, "cannot write the GIF header of \(path)")
    }

    deinit {
        av_packet_free(&packet)
        avcodec_free_context(&codec)
        if let format {
            if format.pointee.pb != nil { avio_closep(&format.pointee.pb) }
            avformat_free_context(format)
        }
    }

    /// Encodes one palette-mapped frame (and frees it).
    func write(_ frame: UnsafeMutablePointer<AVFrame>) throws(MediaError) {
        var owned: UnsafeMutablePointer<AVFrame>? = frame
        defer { av_frame_free(&owned) }
        try send(frame)
    }

    func finish() throws(MediaError) {
        try send(nil)
        try check(av_write_trailer(format), "cannot finish the GIF")
        if let format, format.pointee.pb != nil { try check(avio_closep(&format.pointee.pb), "cannot close the GIF (is the disk full?)") }
    }

    private func send(_ frame: UnsafeMutablePointer<AVFrame>?) throws(MediaError) {
        guard let codec, let packet, let format, let stream else { return }
        try EncodeLoop.send(frame, codec: codec, packet: packet, stream: stream, format: format, encoder: "GIF")
    }
}
