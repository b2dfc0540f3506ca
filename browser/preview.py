#!/usr/bin/env python3
"""The preview page in a real browser: headless Chromium (Debian's, driven by Playwright).

Usage: browser/preview.py ANIMVID

Starts `ANIMVID preview` watching a scene file in a temporary folder, opens the page, and checks
what a user sees: the frame number and time, stepping with the arrow keys, the frame's pixels,
the knobs; then saves the file with another background (the page reloads by itself, keeping its
frame), with an error (shown with its file:line:column) and fixed again. Exits 1 on a failure.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

from playwright.sync_api import TimeoutError as PlaywrightTimeout, sync_playwright

SCENE = """{
  "name": "outer", "cycle": 1, "background": "BACKGROUND",
  "parameters": {"tint": {"type": "color", "default": "#FF0000", "summary": "the dot's colour"}},
  "layers": [
    {"type": "shape", "position": [100, 100], "path": {"ellipse": [-20, -20, 40, 40]}, "fillColor": "$tint",
     "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 60, "toValue": 140, "duration": 1}]}
  ]
}
"""

PIXEL = """() => {
  const image = document.getElementById("frame");
  const canvas = document.createElement("canvas");
  canvas.width = image.naturalWidth; canvas.height = image.naturalHeight;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  return Array.from(context.getImageData(4, 4, 1, 1).data);
}"""


def check(condition, message):
    if not condition:
        sys.exit(f"browser/preview.py: {message}")


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: browser/preview.py ANIMVID")
    animvid = os.path.abspath(sys.argv[1])
    chromium = shutil.which("chromium") or sys.exit("browser/preview.py: no chromium (make browser-test installs it)")
    folder = tempfile.mkdtemp(prefix="animvid-browser-")
    scene = os.path.join(folder, "outer.json")
    with open(scene, "w") as f:
        f.write(SCENE.replace("BACKGROUND", "#102030"))
    watcher = subprocess.Popen([animvid, "preview", "--fit", "320", "--fps", "4", "outer.json"], cwd=folder,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        page_path = os.path.join(folder, "outer.preview.html")
        deadline = time.time() + 60
        while not os.path.exists(page_path):
            check(time.time() < deadline and watcher.poll() is None, "the preview page was not written")
            time.sleep(0.1)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            page = browser.new_page()
            page.goto("file://" + page_path)
            status = page.locator("#status")
            check(status.inner_text() == "frame 1 / 4 · 0.000 s", f"status reads {status.inner_text()!r}")
            page.keyboard.press("ArrowRight")
            check(status.inner_text() == "frame 2 / 4 · 0.250 s", f"after →, status reads {status.inner_text()!r}")
            check(page.evaluate(PIXEL) == [16, 32, 48, 255], f"the frame's corner is {page.evaluate(PIXEL)}, not #102030")
            knobs = page.locator("#knobs").inner_text()
            check("tint" in knobs and "#FF0000" in knobs, f"the knobs table reads {knobs!r}")

            # A save with another background: the page reloads by itself and stays on frame 2.
            with open(scene, "w") as f:
                f.write(SCENE.replace("BACKGROUND", "#203040"))
            page.wait_for_function(f"() => document.getElementById('frame').complete && ({PIXEL})().join() === '32,48,64,255'",
                                   timeout=30000)
            # (The reloaded page puts its frame back as it starts: waited for, not read at once —
            # on a busy machine the new picture can show before the status is restored.)
            try:
                page.wait_for_function("() => document.getElementById('status').innerText === 'frame 2 / 4 · 0.250 s'", timeout=30000)
            except PlaywrightTimeout:
                check(False, f"the reload kept the frame: status reads {page.locator('#status').inner_text()!r}")

            # A save with an error: shown with its position, over the last good frames.
            with open(scene, "w") as f:
                f.write('{\n  "name": 5\n}\n')
            page.wait_for_selector("#error:not([hidden])", timeout=30000)
            error = page.locator("#error").inner_text()
            check(error.startswith("outer.json:2:11:"), f"the error reads {error!r}")
            check(page.evaluate(PIXEL) == [32, 48, 64, 255], "the last good frames stay under the error")

            with open(scene, "w") as f:
                f.write(SCENE.replace("BACKGROUND", "#102030"))
            page.wait_for_selector("#error[hidden]", state="attached", timeout=30000)
            browser.close()
    finally:
        watcher.terminate()
        watcher.wait()
        shutil.rmtree(folder, ignore_errors=True)
    print("browser: the preview page plays, steps, reloads on save and shows errors in Chromium")


if __name__ == "__main__":
    main()
