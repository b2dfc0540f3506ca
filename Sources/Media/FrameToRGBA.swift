import CFFmpeg

/// Decoded frames to straight-alpha RGBA8 with swscale (bit-exact), for still images and checks.
enum FrameToRGBA {
    /// The frame's pixels as RGBA (width × height × 4); `scaler` is reused between calls of the
    /// same size and format. YUV frames are read with the BT.709 matrix at their tagged range.
    static func convert(_ frame: UnsafeMutablePointer<AVFrame>, scaler: inout OpaquePointer?) throws(MediaError) -> [UInt8] {
        let (width, height) = (Int(frame.pointee.width), Int(frame.pointee.height))
        let format = AVPixelFormat(rawValue: frame.pointee.format)
        scaler = sws_getCachedContext(scaler, frame.pointee.width, frame.pointee.height, format,
                                      frame.pointee.width, frame.pointee.height, AV_PIX_FMT_RGBA,
                                      SWS_BICUBIC | SWS_ACCURATE_RND | SWS_BITEXACT, nil, nil, nil)
        guard let scaler else { throw MediaError("cannot convert decoded frames to RGBA") }
        let isRGB = [AV_PIX_FMT_PAL8, AV_PIX_FMT_BGRA, AV_PIX_FMT_RGBA, AV_PIX_FMT_BGR0, AV_PIX_FMT_RGB24, AV_PIX_FMT_ARGB,
                     AV_PIX_FMT_ABGR, AV_PIX_FMT_GRAY8].contains(format)
        if !isRGB {
            let bt709 = sws_getCoefficients(SWS_CS_ITU709)
            sws_setColorspaceDetails(scaler, bt709, frame.pointee.color_range == AVCOL_RANGE_JPEG ? 1 : 0, bt709, 1, 0, 1 << 16, 1 << 16)
        }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBufferPointer { out in
            var planes: [UnsafeMutablePointer<UInt8>?] = [out.baseAddress, nil, nil, nil]
            var strides: [Int32] = [Int32(width * 4), 0, 0, 0]
            withUnsafePointer(to: &frame.pointee.data) { data in
                withUnsafePointer(to: &frame.pointee.linesize) { linesize in
                    data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { source in
                        linesize.withMemoryRebound(to: Int32.self, capacity: 8) { sourceStrides in
                            _ = sws_scale(scaler, source, sourceStrides, 0, frame.pointee.height, &planes, &strides)
                        }
                    }
                }
            }
        }
        return rgba
    }
}
