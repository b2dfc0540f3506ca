#!/usr/bin/env python3
"""How near animvid draws real Lottie files to the players people use: a table and pictures.

Usage: browser/lottie-report.py ANIMVID CORPUS_DIR OUT_DIR

Draws every *.json file in CORPUS_DIR at three frames (a quarter, a half and three quarters of
its length), 480 px on its long side, over white, with animvid (`still`), lottie-web (the copy in
PyPI's pylottie, its SVG renderer, in Debian's headless Chromium), rlottie (rlottie-python) and
ThorVG (thorvg-python), and measures each one's mean difference from lottie-web on R, G and B
(0-255). Frame n is the file's frame ip + n for every player (lottie-web's goToAndStop(n, true)).

OUT_DIR gets report.md (a row a frame, and the two targets of issue 38 counted), report.json (the
same as data) and, for each frame where animvid is more than 1.0 from lottie-web, a picture
NAME-FRAME.png: animvid, lottie-web, rlottie and ThorVG side by side, labelled. The warnings
animvid printed for a file are in its rows: a file drawn differently with no warning is one to
look at first. The exit status is 0 whatever the numbers: this is a measurement, not a test.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image, ImageDraw
from playwright.sync_api import sync_playwright

import thorvg_python as thorvg
from players import lottie_web_frame, lottie_web_page, over_white, thorvg_frame
from rlottie_python import LottieAnimation

LONG_SIDE = 480
SHARES = [0.25, 0.5, 0.75]

def side_by_side(pictures, path):
    """The pictures (label, RGB floats) in a row, each labelled above."""
    height, width = pictures[0][1].shape[:2]
    sheet = Image.new("RGB", (len(pictures) * (width + 8), height + 20), "#d0d0d0")
    draw = ImageDraw.Draw(sheet)
    for i, (label, pixels) in enumerate(pictures):
        sheet.paste(Image.fromarray(np.clip(pixels, 0, 255).round().astype(np.uint8)), (i * (width + 8), 20))
        draw.text((i * (width + 8) + 4, 4), label, fill="#000000")
    sheet.save(path)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: browser/lottie-report.py ANIMVID CORPUS_DIR OUT_DIR")
    animvid, corpus, out = os.path.abspath(sys.argv[1]), sys.argv[2], sys.argv[3]
    os.makedirs(out, exist_ok=True)
    for old in glob.glob(os.path.join(out, "*.png")):
        os.remove(old)
    rows = []
    engine = thorvg.Engine(threads=1)
    files = sorted(glob.glob(os.path.join(corpus, "*.json")))
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as p:
        browser, page = lottie_web_page(p, "browser/lottie-report.py")
        for number, path in enumerate(files, 1):
            name = os.path.splitext(os.path.basename(path))[0]
            try:
                data = json.load(open(path, encoding="utf-8"))
                w, h, rate = float(data["w"]), float(data["h"]), float(data["fr"])
                length = float(data["op"]) - float(data["ip"])
            except (ValueError, KeyError, TypeError) as error:
                rows.append({"file": name, "frame": None, "error": f"not read: {error}"})
                continue
            scale = LONG_SIDE / max(w, h)
            width, height = max(2, round(w * scale / 2) * 2), max(2, round(h * scale / 2) * 2)
            try:
                rlottie = LottieAnimation.from_file(path)
            except Exception as error:  # noqa: BLE001 - a player that cannot read the file is a finding
                rlottie = None
            for share in SHARES:
                frame = int(length * share)
                row = {"file": name, "frame": frame}
                try:
                    reference = over_white(lottie_web_frame(page, data, frame, width, height))
                except Exception as error:  # noqa: BLE001
                    row["error"] = f"lottie-web: {error}".splitlines()[0]
                    rows.append(row)
                    continue
                still = os.path.join(folder, "still.png")
                run = subprocess.run([animvid, "still", "--scene-file", path, "--time", repr(frame / rate), "--size", f"{width}x{height}",
                                      "--scale", repr(scale), "--background", "transparent", "-y", still],
                                     capture_output=True, text=True, timeout=300)
                row["warnings"] = sorted({line[len("warning: "):] for line in run.stderr.splitlines() if line.startswith("warning: ")})
                pictures = [("lottie-web", reference)]
                if run.returncode == 0:
                    ours = over_white(Image.open(still))
                    row["animvid"] = float(np.abs(ours - reference).mean())
                    pictures.insert(0, ("animvid", ours))
                else:
                    row["error"] = "animvid: " + (run.stderr.strip().splitlines() or ["exit %d" % run.returncode])[-1]
                if rlottie is not None:
                    theirs = over_white(rlottie.render_pillow_frame(frame_num=frame, width=width, height=height))
                    row["rlottie"] = float(np.abs(theirs - reference).mean())
                    pictures.append(("rlottie", theirs))
                vg = over_white(thorvg_frame(engine, path, frame, width, height))
                row["thorvg"] = float(np.abs(vg - reference).mean())
                pictures.append(("ThorVG", vg))
                if row.get("animvid", 1e9) > 1.0:
                    side_by_side(pictures, os.path.join(out, f"{name}-{frame}.png"))
                rows.append(row)
            print(f"{number}/{len(files)} {name}", file=sys.stderr)
        browser.close()
    engine.term()
    write_report(rows, out)


def write_report(rows, out):
    json.dump(rows, open(os.path.join(out, "report.json"), "w"), indent=1)
    frames = [r for r in rows if r.get("frame") is not None and "lottie-web" not in r.get("error", "")]

    def ours(r):
        return r.get("animvid", float("inf"))
    agreed = [r for r in frames if r.get("rlottie", float("inf")) <= 2]
    near_agreed = [r for r in agreed if ours(r) <= max(1.0, r["rlottie"] + 0.5)]
    near_all = [r for r in frames if ours(r) <= 1.0 or ours(r) <= min(r.get("rlottie", float("inf")), r.get("thorvg", float("inf")))]
    silent = sorted({r["file"] for r in frames if ours(r) > 1.0 and not r.get("warnings")})

    def share(part, whole):
        return f"{len(part)} of {len(whole)} ({100 * len(part) / max(len(whole), 1):.1f}%)"
    lines = [
        "# animvid against lottie-web on a corpus of Lottie files",
        "",
        f"{len({r['file'] for r in rows})} files, {len(frames)} frames (a quarter, a half and three quarters of each), "
        f"{LONG_SIDE} px on the long side, over white; mean difference from lottie-web's SVG renderer per channel (0-255).",
        "",
        f"- Where rlottie agrees with lottie-web (≤ 2): animvid within max(1.0, rlottie + 0.5) on {share(near_agreed, agreed)} (target ≥ 97%).",
        f"- All frames: animvid within 1.0, or as near as the nearer of rlottie and ThorVG, on {share(near_all, frames)} (target ≥ 95%).",
        f"- Frames animvid could not draw: {sum(1 for r in frames if 'animvid' not in r)}.",
        f"- Files more than 1.0 away on some frame with no warning: {len(silent)}.",
        "",
        "| file | frame | animvid | rlottie | ThorVG | animvid's warnings or error |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for r in rows:
        def cell(key):
            return f"{r[key]:.2f}" if key in r else "—"
        notes = r.get("error") or "; ".join(r.get("warnings", []))
        lines.append(f"| {r['file']} | {r.get('frame', '')} | {cell('animvid')} | {cell('rlottie')} | {cell('thorvg')} | {notes.replace('|', '/')} |")
    open(os.path.join(out, "report.md"), "w").write("\n".join(lines) + "\n")
    print("\n".join(lines[:9]))


if __name__ == "__main__":
    main()
