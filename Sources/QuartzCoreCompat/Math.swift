#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The C library's functions that animation code calls on CGFloat, so that a port needs no
// `import Foundation` (whose Linux CGFloat, CGPoint and Timer would clash with this module's).

/// The square root (`sqrt`).
public func sqrt(_ x: CGFloat) -> CGFloat { x.squareRoot() }

/// The sine of `x` radians (`sin`).
public func sin(_ x: CGFloat) -> CGFloat {
    #if canImport(Glibc)
    Glibc.sin(x)
    #else
    Darwin.sin(x)
    #endif
}

/// The cosine of `x` radians (`cos`).
public func cos(_ x: CGFloat) -> CGFloat {
    #if canImport(Glibc)
    Glibc.cos(x)
    #else
    Darwin.cos(x)
    #endif
}
