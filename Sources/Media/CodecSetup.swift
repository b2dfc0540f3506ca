import CFFmpeg

extension FrameRate {
    /// The rate as FFmpeg's rational.
    var rational: AVRational { AVRational(num: Int32(numerator), den: Int32(denominator)) }
}

/// Sets the picture size, pixel format and clock (one tick a frame) every video encoder needs.
func setPicture(of codec: UnsafeMutablePointer<AVCodecContext>, _ settings: EncoderSettings, pixelFormat: AVPixelFormat) {
    codec.pointee.width = Int32(settings.width)
    codec.pointee.height = Int32(settings.height)
    codec.pointee.time_base = av_inv_q(settings.frameRate.rational)
    codec.pointee.framerate = settings.frameRate.rational
    codec.pointee.pix_fmt = pixelFormat
}
