#!/usr/bin/env python3
"""Lottie files against the players people use: lottie-web (Bodymovin's own player, the copy in
PyPI's pylottie, in Debian's headless Chromium), rlottie (rlottie-python) and ThorVG
(thorvg-python).

Usage: browser/lottie-reference.py ANIMVID CORPUS_DIR

Draws frames 0, 17 and 44 of every file in CORPUS_DIR with animvid (`still`), lottie-web (its
SVG renderer, its most complete, screenshotted), rlottie and ThorVG, each over white at the
file's size, and compares them on R, G and B: animvid's mean difference from lottie-web must be
at most 1.0 a channel, and never more than 0.5 above rlottie's or ThorVG's on the same frame. Exits 1 on a failure. With LOTTIE_REFERENCE_SAVE=DIR, the
frames of animvid, lottie-web, rlottie and ThorVG are also written to DIR as PNGs, to look at.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image
from playwright.sync_api import sync_playwright

import thorvg_python as thorvg
from players import lottie_web_frame, lottie_web_page, over_white, thorvg_frame
from rlottie_python import LottieAnimation

FRAMES = [0, 17, 44]

def main():
    if len(sys.argv) != 3:
        sys.exit("usage: browser/lottie-reference.py ANIMVID CORPUS_DIR")
    animvid, corpus = os.path.abspath(sys.argv[1]), sys.argv[2]
    failures = []
    print(f"{'file':<16} {'frame':>5} {'animvid':>8} {'rlottie':>8} {'ThorVG':>8}   (mean difference from lottie-web, per channel)")
    engine = thorvg.Engine(threads=1)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        browser, page = lottie_web_page(p, "browser/lottie-reference.py")
        for path in sorted(glob.glob(os.path.join(corpus, "*.json"))):
            name = os.path.splitext(os.path.basename(path))[0]
            data = json.load(open(path))
            width, height, rate = int(data["w"]), int(data["h"]), data["fr"]
            rlottie = LottieAnimation.from_file(path)
            for frame in FRAMES:
                reference = over_white(lottie_web_frame(page, data, frame, width, height))
                still = os.path.join(folder, f"{name}-{frame}.png")
                subprocess.run([animvid, "still", "--scene-file", path, "--time", str(frame / rate), "--size", f"{width}x{height}",
                                "--background", "transparent", "-y", still], check=True)
                ours = over_white(Image.open(still))
                theirs = over_white(rlottie.render_pillow_frame(frame_num=frame).convert("RGBA").resize((width, height)))
                vg = over_white(thorvg_frame(engine, path, frame, width, height))
                a, r, t = np.abs(ours - reference).mean(), np.abs(theirs - reference).mean(), np.abs(vg - reference).mean()
                if os.environ.get("LOTTIE_REFERENCE_SAVE"):
                    for who, pixels in [("animvid", ours), ("lottie-web", reference), ("rlottie", theirs), ("thorvg", vg)]:
                        Image.fromarray(pixels.round().astype(np.uint8)).save(
                            os.path.join(os.environ["LOTTIE_REFERENCE_SAVE"], f"{name}-{frame}-{who}.png"))
                print(f"{name:<16} {frame:>5} {a:>8.3f} {r:>8.3f} {t:>8.3f}")
                if a > 1.0:
                    failures.append(f"{name} frame {frame}: {a:.3f} from lottie-web (at most 1.0)")
                for player, theirs_difference in [("rlottie", r), ("ThorVG", t)]:
                    if a > theirs_difference + 0.5:
                        failures.append(f"{name} frame {frame}: {a:.3f} from lottie-web, {player} {theirs_difference:.3f} (at most 0.5 more)")
        browser.close()
    engine.term()
    if failures:
        sys.exit("browser/lottie-reference.py: " + "; ".join(failures))


if __name__ == "__main__":
    main()
