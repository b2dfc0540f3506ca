#!/usr/bin/env python3
"""imgdiff: how far apart two same-sized PNG renderings are, per colour channel on the 0-255 scale.

Usage: imgdiff.py A.png B.png        (needs skia-python and numpy)

Both images are decoded to straight (unpremultiplied) RGBA8888 and compared on R, G and B (alpha is
left out: the benchmark's frames are opaque). Prints one line, which bench/raster.sh shows as it is:

    mean M p99.9 P max X off>8 F

M is the mean absolute difference over every channel of every pixel, P its 99.9th percentile
(numpy's linear interpolation, rounded to a whole level), X the largest, and F the fraction of pixels
with at least one channel off by more than 8.
"""
import sys

import numpy as np
import skia


def rgb(path):
    try:
        image = skia.Image.open(path)
    except (OSError, ValueError, RuntimeError) as error:
        sys.exit(f"imgdiff: {path}: {error}")
    if image is None:
        sys.exit(f"imgdiff: cannot decode {path}")
    straight = image.convert(colorType=skia.kRGBA_8888_ColorType, alphaType=skia.kUnpremul_AlphaType)
    return np.asarray(straight, dtype=np.uint8)[..., :3].astype(np.int16)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: imgdiff.py A.png B.png")
    a, b = rgb(sys.argv[1]), rgb(sys.argv[2])
    if a.shape != b.shape:
        sys.exit(f"imgdiff: sizes differ: {a.shape[1]}x{a.shape[0]} and {b.shape[1]}x{b.shape[0]}")
    diff = np.abs(a - b)
    worst_channel = diff.max(axis=2)
    print(f"mean {diff.mean():.3f} p99.9 {np.percentile(diff, 99.9):.0f} max {diff.max()} "
          f"off>8 {np.count_nonzero(worst_channel > 8) / worst_channel.size:.4f}")


if __name__ == "__main__":
    main()
