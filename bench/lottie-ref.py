#!/usr/bin/env python3
"""rlottie as the Lottie benchmark's reference (rlottie-python).

Usage: lottie-ref.py FILE SIZE time   — renders every frame SIZE x SIZE, prints "median X ms/frame"
       lottie-ref.py FILE SIZE pipe   — writes every frame as raw BGRA to standard output (for ffmpeg)
"""
import statistics
import sys
import time

from rlottie_python import LottieAnimation


def main():
    if len(sys.argv) != 4 or sys.argv[3] not in ("time", "pipe"):
        sys.exit(__doc__)
    path, size, mode = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    animation = LottieAnimation.from_file(path)
    frames = animation.lottie_animation_get_totalframe()
    out = sys.stdout.buffer
    times = []
    for frame in range(frames):
        start = time.perf_counter()
        pixels = animation.lottie_animation_render(frame_num=frame, width=size, height=size)
        times.append((time.perf_counter() - start) * 1000)
        if mode == "pipe":
            out.write(pixels)
    if mode == "time":
        print(f"rlottie: {frames} frames {size}x{size}, median {statistics.median(times):.2f} ms/frame")


if __name__ == "__main__":
    main()
