import CFFmpeg

/// Decoded frames to straight-alpha RGBA8 with swscale (bit-exact), for still images and checks.
enum FrameToRGBA {
    /// The frame's pixels as RGBA (width × height × 4); `scaler` is reused between calls of the
    /// same size and format. YUV frames are read with the matrix they are tagged with at their
    /// tagged range (`matrix(of:)`).
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
            let fullRange = frame.pointee.color_range == AVCOL_RANGE_JPEG || [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P].contains(format)
            sws_setColorspaceDetails(scaler, sws_getCoefficients(matrix(of: frame)), fullRange ? 1 : 0, sws_getCoefficients(SWS_CS_ITU709), 1, 0, 1 << 16, 1 << 16)
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

    /// The YUV matrix of `frame` as swscale names it: its tag (BT.709, BT.601, BT.2020), or, for
    /// an untagged frame, what players assume: BT.601 below 720 lines and for JPEG, BT.709 from
    /// 720 up.
    static func matrix(of frame: UnsafeMutablePointer<AVFrame>) -> Int32 {
        switch frame.pointee.colorspace {
        case AVCOL_SPC_BT709: return SWS_CS_ITU709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M: return SWS_CS_ITU601
        case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: return SWS_CS_BT2020
        default:
            let format = AVPixelFormat(rawValue: frame.pointee.format)
            let jpeg = [AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P].contains(format)
            return jpeg || frame.pointee.height < 720 ? SWS_CS_ITU601 : SWS_CS_ITU709
        }
    }
}
