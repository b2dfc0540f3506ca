#!/usr/bin/env python3
"""GIFs of real Lottie files: animvid's GIF encode beside ThorVG's GIF saver.

Usage: bench/lottie-gif.py ANIMVID CORPUS_DIR [COUNT] [ROUNDS]

Takes COUNT files (8) at even steps through CORPUS_DIR's sorted list, three on from lottie-corpus.py's
steps (so that the two benchmarks look at different files). Each becomes a GIF with its
long side 480 px at the file's own frame rate, whole, by both sides on one thread: animvid's
`encode --threads 1 … out.gif` (its two-pass palette) and ThorVG's saver (`tvg_saver_save_animation`,
quality 100; thorvg-python's `Saver.save_animation` calls the wrong C function, so it is called
directly). Best wall time of ROUNDS (3) runs taken in turns, the file's bytes, and how near each
GIF's frames are to the file: every frame decoded by ffmpeg over white, against rlottie's frame
at the same time over white (an independent renderer), as the mean difference per channel
(0–255). Prints a table and the medians of the ratios animvid ÷ ThorVG.
"""
import ctypes
import json
import os
import statistics
import subprocess
import tempfile
import time

import numpy as np
import thorvg_python as thorvg
from rlottie_python import LottieAnimation

import corpus_choice

LONG_SIDE = 480
# Files taken three on from lottie-corpus.py's even steps.
OFFSET = 3


def size(document):
    scale = LONG_SIDE / max(document["w"], document["h"])
    return max(2, round(document["w"] * scale / 2) * 2), max(2, round(document["h"] * scale / 2) * 2)


def animvid_gif(animvid, path, width, height, out):
    start = time.perf_counter()
    subprocess.run([animvid, "encode", "--scene-file", path, "--size", f"{width}x{height}", "--threads", "1", "--no-session", "-q",
                    "-y", out], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def thorvg_gif(engine, path, width, height, out):
    start = time.perf_counter()
    animation = thorvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load(path)
    picture.set_size(width, height)
    saver = thorvg.Saver(engine)
    library = saver.thorvg_lib
    library.tvg_saver_save_animation.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_uint32, ctypes.c_uint32]
    library.tvg_saver_save_animation.restype = ctypes.c_int
    result = library.tvg_saver_save_animation(saver._saver, animation._animation, out.encode(), 100, 0)
    saver.sync()
    elapsed = time.perf_counter() - start
    if result != 0 or not os.path.exists(out):
        raise RuntimeError(f"ThorVG's GIF saver failed on {path} ({result})")
    return elapsed


def decoded(gif, width, height):
    """The GIF's frames over white, with their times (s)."""
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time",
                            "-of", "csv=p=0", gif], capture_output=True, text=True, check=True)
    times = [float(t) for t in probe.stdout.split() if t.strip()]
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", gif, "-filter_complex",
                          f"color=white:s={width}x{height}[bg];[bg][0:v]overlay=shortest=1,format=rgb24",
                          "-vsync", "passthrough", "-f", "rawvideo", "-"], capture_output=True, check=True).stdout
    frames = np.frombuffer(raw, dtype=np.uint8).reshape(-1, height, width, 3)
    return list(zip(times, frames))


def reference(animation, document, width, height, at):
    """rlottie's frame at time `at` over white."""
    frame = min(int(round(at * document["fr"])), int(document["op"] - document["ip"]) - 1)
    bgra = np.frombuffer(animation.lottie_animation_render(frame_num=frame, width=width, height=height), dtype=np.uint8)
    pixels = bgra.reshape(height, width, 4).astype(np.float64)
    alpha = pixels[..., 3:4] / 255
    # Premultiplied BGRA over white.
    return (pixels[..., 2::-1] + 255 * (1 - alpha)).clip(0, 255)


def difference(gif, path, document, width, height):
    frames = decoded(gif, width, height)
    picked = frames[:: max(1, len(frames) // 12)]
    animation = LottieAnimation.from_file(path)
    return statistics.mean(float(np.abs(frame.astype(np.float64) - reference(animation, document, width, height, t)).mean())
                           for t, frame in picked)


def main():
    animvid, corpus, count, rounds = corpus_choice.arguments(__doc__, 8)
    chosen = corpus_choice.chosen(corpus, count, OFFSET)
    engine = thorvg.Engine(threads=0)
    print(f"GIFs of Lottie files, long side {LONG_SIDE} px, the file's rate, one thread (best of {rounds} rounds); "
          "difference: mean per channel from rlottie's frames over white")
    print("| file | frames | animvid s | ThorVG s | animvid KB | ThorVG KB | animvid diff | ThorVG diff |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    time_ratios, size_ratios = [], []
    with tempfile.TemporaryDirectory() as folder:
        for path in chosen:
            document = json.load(open(path))
            width, height = size(document)
            ours, theirs = os.path.join(folder, "animvid.gif"), os.path.join(folder, "thorvg.gif")
            a, t = [], []
            for _ in range(rounds):
                a.append(animvid_gif(animvid, path, width, height, ours))
                t.append(thorvg_gif(engine, path, width, height, theirs))
            name = os.path.basename(path)[:-5]
            frames = int(document["op"] - document["ip"])
            kb = (os.path.getsize(ours) / 1000, os.path.getsize(theirs) / 1000)
            diffs = (difference(ours, path, document, width, height), difference(theirs, path, document, width, height))
            time_ratios.append(min(a) / min(t))
            size_ratios.append(kb[0] / kb[1])
            print(f"| {name} | {frames} | {min(a):.2f} | {min(t):.2f} | {kb[0]:.0f} | {kb[1]:.0f} | {diffs[0]:.2f} | {diffs[1]:.2f} |",
                  flush=True)
    print(f"median animvid ÷ ThorVG: time {statistics.median(time_ratios):.2f}, size {statistics.median(size_ratios):.2f}")


if __name__ == "__main__":
    main()
