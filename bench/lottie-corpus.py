#!/usr/bin/env python3
"""Drawing speed on real Lottie files: animvid beside rlottie and ThorVG (one thread each).

Usage: bench/lottie-corpus.py ANIMVID CORPUS_DIR [COUNT] [ROUNDS]

Takes COUNT files (26) at even steps through CORPUS_DIR's sorted list, each drawn with its long
side 1080 px, over its first 90 frames (or all, when fewer). In each of ROUNDS rounds (3), taking
turns: animvid's time a frame is its encode of that span to raw RGBA on /dev/null (one thread,
no session), sampled four times as finely as the file's rate so that the drawing outweighs the
machine's noise, less its encode of the first frame alone (start-up, reading the file), over the
frames after the first; rlottie's and ThorVG's the median of their render calls (ThorVG's update,
draw and sync). Best of the rounds on each side. Prints a table, the median of animvid ÷ the
faster player, and the files over 2 ×.
"""
import json
import os
import statistics
import subprocess
import time

import thorvg_python as thorvg
from rlottie_python import LottieAnimation

import corpus_choice

FRAMES = 90
# animvid's frames a file frame (its times are whole encodes, less one of a frame).
FINER = 4


def size(document):
    scale = 1080 / max(document["w"], document["h"])
    return max(2, round(document["w"] * scale / 2) * 2), max(2, round(document["h"] * scale / 2) * 2)


def animvid_ms(animvid, path, width, height, frames, rate):
    finer = max(1, min(FINER, int(240 // rate)))  # animvid's rates go to 240
    def run(last):
        start = time.perf_counter()
        subprocess.run([animvid, "encode", "--scene-file", path, "--size", f"{width}x{height}", "--threads", "1", "--no-session",
                        "-q", "--fps", f"{rate * finer:.3f}".rstrip("0").rstrip("."), "--frames", f"0-{last}", "-"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        return time.perf_counter() - start
    whole, first = run(frames * finer - 1), run(0)
    return max(whole - first, 0) * 1000 / (frames * finer - 1)


def rlottie_ms(path, width, height, frames):
    animation, times = LottieAnimation.from_file(path), []
    for frame in range(frames):
        start = time.perf_counter()
        animation.lottie_animation_render(frame_num=frame, width=width, height=height)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def thorvg_ms(engine, path, width, height, frames):
    canvas = thorvg.SwCanvas(engine)
    canvas.set_target(width, height, cs=thorvg.Colorspace.ABGR8888S)
    animation = thorvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load(path)
    picture.set_size(width, height)
    canvas.add(picture)
    times = []
    for frame in range(frames):
        start = time.perf_counter()
        animation.set_frame(frame)
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main():
    animvid, corpus, count, rounds = corpus_choice.arguments(__doc__, 26)
    chosen = corpus_choice.chosen(corpus, count)
    engine = thorvg.Engine(threads=1)
    print(f"Lottie files drawn, long side 1080 px, one thread, ms a frame (best of {rounds} rounds)")
    print(f"| file | size | animvid | rlottie | ThorVG | animvid / faster |")
    print(f"|---|---|---:|---:|---:|---:|")
    ratios = []
    for path in chosen:
        document = json.load(open(path))
        width, height = size(document)
        frames = max(2, min(FRAMES, int(document["op"] - document["ip"])))
        ours, rl, tv = [], [], []
        for _ in range(rounds):
            ours.append(animvid_ms(animvid, path, width, height, frames, document["fr"]))
            rl.append(rlottie_ms(path, width, height, frames))
            tv.append(thorvg_ms(engine, path, width, height, frames))
        o, r, t = min(ours), min(rl), min(tv)
        ratios.append((o / min(r, t), os.path.basename(path)))
        print(f"| {os.path.basename(path)[:-5]} | {width}x{height} | {o:.2f} | {r:.2f} | {t:.2f} | {o / min(r, t):.2f} |", flush=True)
    over = [f"{name[:-5]} {ratio:.2f}" for ratio, name in sorted(ratios, reverse=True) if ratio > 2]
    print(f"median animvid / faster player: {statistics.median(r for r, _ in ratios):.2f} over {len(ratios)} files "
          f"(target ≤ 0.8); over 2 ×: {', '.join(over) if over else 'none'} (target: none)")


if __name__ == "__main__":
    main()
