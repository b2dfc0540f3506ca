#!/usr/bin/env python3
"""rlottie (rlottie-python) and ThorVG (thorvg-python, one thread) as the Lottie benchmark's references.

Usage: lottie-ref.py PLAYER FILE SIZE time   — renders every frame SIZE x SIZE, prints "median X ms/frame"
       lottie-ref.py PLAYER FILE SIZE pipe   — writes every frame as raw pixels to standard output
                                               (for ffmpeg: bgra from rlottie, rgba from ThorVG)
PLAYER is rlottie or thorvg.
"""
import statistics
import sys
import time


def rlottie_frames(path, size):
    from rlottie_python import LottieAnimation
    animation = LottieAnimation.from_file(path)
    for frame in range(animation.lottie_animation_get_totalframe()):
        start = time.perf_counter()
        pixels = animation.lottie_animation_render(frame_num=frame, width=size, height=size)
        yield time.perf_counter() - start, lambda: pixels


def thorvg_frames(path, size):
    import thorvg_python as thorvg
    engine = thorvg.Engine(threads=1)
    canvas = thorvg.SwCanvas(engine)
    canvas.set_target(size, size, cs=thorvg.Colorspace.ABGR8888S)  # straight RGBA for ffmpeg
    animation = thorvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load(path)
    picture.set_size(size, size)
    canvas.add(picture)
    total = animation.get_total_frame()  # (result, frames)
    for frame in range(int(total[-1] if isinstance(total, tuple) else total)):
        start = time.perf_counter()
        animation.set_frame(frame)
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        yield time.perf_counter() - start, lambda: canvas.get_pillow().convert("RGBA").tobytes()


def main():
    if len(sys.argv) != 5 or sys.argv[1] not in ("rlottie", "thorvg") or sys.argv[4] not in ("time", "pipe"):
        sys.exit(__doc__)
    player, path, size, mode = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    out = sys.stdout.buffer
    times = []
    for seconds, pixels in (rlottie_frames if player == "rlottie" else thorvg_frames)(path, size):
        times.append(seconds * 1000)
        if mode == "pipe":
            out.write(pixels())
    if mode == "time":
        print(f"{player}: {len(times)} frames {size}x{size}, median {statistics.median(times):.2f} ms/frame")


if __name__ == "__main__":
    main()
