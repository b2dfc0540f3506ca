import CFFmpeg

/// Converts RGBA8 frames to YUV 4:2:0 with swscale: BT.709 matrix, full-range RGB in,
/// limited ("tv") range YUV out.
final class PixelConverter {
    private let context: OpaquePointer
    private let width: Int32
    private let height: Int32

    init(width: Int, height: Int) throws(MediaError) {
        self.width = Int32(width)
        self.height = Int32(height)
        let flags = SWS_BICUBIC | SWS_ACCURATE_RND | SWS_BITEXACT
        guard let context = sws_getContext(self.width, self.height, AV_PIX_FMT_RGBA,
                                           self.width, self.height, AV_PIX_FMT_YUV420P,
                                           flags, nil, nil, nil) else {
            throw MediaError("swscale cannot convert RGBA to yuv420p at \(width)x\(height)")
        }
        self.context = context
        let bt709 = sws_getCoefficients(SWS_CS_ITU709)
        // Arguments: source table, source full range, destination table, destination full range,
        // brightness, contrast, saturation (16.16 fixed point).
        sws_setColorspaceDetails(context, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16)
    }

    deinit {
        sws_freeContext(context)
    }

    /// Converts straight-alpha RGBA bytes (width × height × 4, no padding) into `frame`.
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
