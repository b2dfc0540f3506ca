#!/usr/bin/env python3
"""Transparent WebM, APNG and WebP as a browser shows them: headless Chromium (Debian's, driven by Playwright).

Usage: browser/transparent-webm.py ANIMVID

Encodes the loader with a transparent background to WebM (VP9, and VP8), a session's joined file
as every default encode is, serves it over HTTP on loopback, plays it in a <video> over a green
page and takes a screenshot: the corner must show the page's green through the video, and a dot
of the loader its own grey. Then the same as animated PNG and animated WebP in an <img>, the way
Safari shows transparency too (Pillow counts their frames and reads their loop count). Exits 1 on
a failure.
"""
import io
import os
import subprocess
import sys

from PIL import Image
from playwright.sync_api import sync_playwright

from served import launch, served_folder

PAGE = """<!doctype html><html><body style="margin:0;background:#00ff00">
<video id="clip" src="CLIP" muted playsinline style="display:block"></video>
</body></html>"""

PICTURE = """<!doctype html><html><body style="margin:0;background:#00ff00">
<img id="clip" src="CLIP" style="display:block">
</body></html>"""


def judge(shot, name, failures):
    """Checks a screenshot over the green page: the corner green through the clip, a dot opaque."""
    corner = shot.getpixel((2, 2))
    # The loader's dots sit on a ring round the centre; the most opaque grey there is a dot.
    greys = [shot.getpixel((x, y)) for x in range(100, 220) for y in range(40, 140)]
    dot = min(greys, key=lambda c: c[1])
    if not (corner[1] > 240 and corner[0] < 16 and corner[2] < 16):
        failures.append(f"{name}: the corner shows {corner}, not the page's green through the clip")
    if not dot[1] < 200:
        failures.append(f"{name}: no opaque dot (the least green pixel is {dot})")
    print(f"browser: {name} with alpha over a green page: corner {corner}, a dot {dot}")


def check_lossless_webp(animvid, folder, failures):
    """A lossless WebP played three times: Pillow reads loop 3 and decodes every frame to exactly
    the raw encode's RGBA (colour under fully transparent pixels aside, which WebP may drop)."""
    common = [animvid, "encode", "--scene", "loader", "--seconds", "1", "--fps", "10", "--size", "64x36", "--scale", "0.1",
              "--background", "transparent", "-q", "-y"]
    subprocess.run(common + ["raw.rgba"], cwd=folder, check=True)
    subprocess.run(common + ["--lossless", "--plays", "3", "exact.webp"], cwd=folder, check=True)
    raw = open(os.path.join(folder, "raw.rgba"), "rb").read()
    picture = Image.open(os.path.join(folder, "exact.webp"))
    if picture.info.get("loop") != 3:
        failures.append(f"exact.webp: loop {picture.info.get('loop')}, expected 3")
    size = 64 * 36 * 4
    for index in range(10):
        picture.seek(index)
        decoded = picture.convert("RGBA").tobytes()
        expected = raw[index * size:(index + 1) * size]
        wrong = [i for i in range(0, size, 4)
                 if decoded[i + 3] != expected[i + 3] or (expected[i + 3] and decoded[i:i + 3] != expected[i:i + 3])]
        if wrong:
            failures.append(f"exact.webp frame {index}: {len(wrong)} pixels differ from the raw encode")
    print("browser: lossless WebP decodes to the raw frames, plays 3 times")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: browser/transparent-webm.py ANIMVID")
    animvid = os.path.abspath(sys.argv[1])
    failures = []
    with served_folder() as (folder, address), sync_playwright() as p:
        browser = launch(p, "browser/transparent-webm.py")
        for codec in ["vp9", "vp8"]:
            clip = f"loader-{codec}.webm"
            subprocess.run([animvid, "encode", "--scene", "loader", "--seconds", "2", "--size", "320x180", "--scale", "0.5",
                            "--codec", codec, "--background", "transparent", "--segment-seconds", "1", "-q", clip],
                           cwd=folder, check=True)
            with open(os.path.join(folder, f"{codec}.html"), "w") as f:
                f.write(PAGE.replace("CLIP", clip))
            page = browser.new_page(viewport={"width": 320, "height": 180})
            page.goto(f"{address}{codec}.html")
            page.wait_for_function("document.getElementById('clip').readyState >= 2", timeout=20000)
            page.evaluate("""() => new Promise(done => {
                const clip = document.getElementById('clip');
                clip.onseeked = () => requestAnimationFrame(() => requestAnimationFrame(done));
                clip.currentTime = 1.0;
            })""")
            judge(Image.open(io.BytesIO(page.screenshot())).convert("RGB"), f"{codec} WebM", failures)
            page.close()
        for extension in ["apng", "webp"]:
            clip = f"loader.{extension}"
            subprocess.run([animvid, "encode", "--scene", "loader", "--seconds", "2", "--size", "320x180", "--scale", "0.5",
                            "--background", "transparent", "--segment-seconds", "1", "-q", clip], cwd=folder, check=True)
            picture = Image.open(os.path.join(folder, clip))
            if getattr(picture, "n_frames", 1) != 60 or picture.info.get("loop") != 0:
                failures.append(f"{clip}: {getattr(picture, 'n_frames', 1)} frames, loop {picture.info.get('loop')}; expected 60, for ever (0)")
            with open(os.path.join(folder, f"{extension}.html"), "w") as f:
                f.write(PICTURE.replace("CLIP", clip))
            page = browser.new_page(viewport={"width": 320, "height": 180})
            page.goto(f"{address}{extension}.html")
            page.wait_for_function("document.getElementById('clip').complete", timeout=20000)
            page.wait_for_timeout(300)
            judge(Image.open(io.BytesIO(page.screenshot())).convert("RGB"), f"animated {extension.upper()} <img>", failures)
            page.close()
        check_lossless_webp(animvid, folder, failures)
        browser.close()
    if failures:
        sys.exit("browser/transparent-webm.py: " + "; ".join(failures))


if __name__ == "__main__":
    main()
