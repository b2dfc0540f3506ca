import CFFmpeg

/// Converts straight-alpha RGBA8 frames to an encoder's pixel format with swscale: YUV formats
/// with the BT.709 matrix from full-range RGB to limited ("tv") range, RGB formats as they are.
/// Bit-exact mode, so the same frame always converts to the same bytes.
final class PixelConverter {
    private let context: OpaquePointer
    private let width: Int32
    private let height: Int32

    init(width: Int, height: Int, to format: AVPixelFormat, yuv: Bool) throws(MediaError) {
        self.width = Int32(width)
        self.height = Int32(height)
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_BITEXACT
        guard let context = sws_getContext(self.width, self.height, AV_PIX_FMT_RGBA,
                                           self.width, self.height, format, flags, nil, nil, nil) else {
            let name = av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "?"
            throw MediaError("swscale cannot convert RGBA to \(name) at \(width)x\(height)")
        }
        self.context = context
        if yuv {
            let bt709 = sws_getCoefficients(SWS_CS_ITU709)
            // Arguments: source table, source full range, destination table, destination full range,
            // brightness, contrast, saturation (16.16 fixed point).
            sws_setColorspaceDetails(context, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16)
        }
    }

    deinit {
        sws_freeContext(context)
    }

    /// Converts RGBA bytes (width × height × 4, no padding) into `frame`'s planes.
    func convert(_ rgba: UnsafePointer<UInt8>, into frame: UnsafeMutablePointer<AVFrame>) {
        var sourcePlanes: [UnsafePointer<UInt8>?] = [rgba, nil, nil, nil]
        var sourceStrides: [Int32] = [width * 4, 0, 0, 0]
        withUnsafeMutablePointer(to: &frame.pointee.data) { data in
            withUnsafeMutablePointer(to: &frame.pointee.linesize) { linesize in
                data.withMemoryRebound(to: UnsafeMutablePointer<UInt8>?.self, capacity: 8) { planes in
                    linesize.withMemoryRebound(to: Int32.self, capacity: 8) { strides in
                        _ = sws_scale(context, &sourcePlanes, &sourceStrides, 0, height, planes, strides)
                    }
                }
            }
        }
    }
}
