#!/usr/bin/env python3
"""The preview page in a real browser: headless Chromium (Debian's, driven by Playwright).

Usage: browser/preview.py ANIMVID

Starts `ANIMVID preview` watching a scene file in a temporary folder, opens the page, and checks
what a user sees: the frame number and time, stepping with the arrow keys, the frame's pixels
(the clip is a VP9 WebM: colours within a few levels), the knobs; then saves the file with
another background (the page reloads by itself, keeping its frame), plays it and saves again
(it reloads still playing), saves an error (shown with its file:line:column) and fixes it. Then
the page the preview serves: a knob edited there renders again (an edit without the page's token
is refused). Last, a preset with a soundtrack: its page plays the sound (Chromium decodes
audio). Exits 1 on a failure.
"""
import os
import shutil
import socket
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
  const video = document.getElementById("clip");
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth; canvas.height = video.videoHeight;
  const context = canvas.getContext("2d");
  context.drawImage(video, 0, 0);
  return Array.from(context.getImageData(4, 4, 1, 1).data);
}"""

READY = "() => { const v = document.getElementById('clip'); return v.readyState >= 2 && !v.seeking; }"


def near(pixel, expected):
    """Whether a decoded pixel is within 4 levels of the expected colour in each channel."""
    return all(abs(a - b) <= 4 for a, b in zip(pixel, expected))


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
    said = open(os.path.join(folder, "said.txt"), "w")
    watcher = subprocess.Popen([animvid, "preview", "--fit", "320", "--fps", "4", "outer.json"], cwd=folder,
                               stdout=said, stderr=subprocess.DEVNULL)
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
            page.wait_for_function(READY, timeout=30000)
            status = page.locator("#status")
            check(status.inner_text() == "frame 1 / 4 · 0.000 s", f"status reads {status.inner_text()!r}")
            page.keyboard.press("ArrowRight")
            page.wait_for_function(READY, timeout=30000)
            check(status.inner_text() == "frame 2 / 4 · 0.250 s", f"after →, status reads {status.inner_text()!r}")
            check(near(page.evaluate(PIXEL), [16, 32, 48, 255]), f"the frame's corner is {page.evaluate(PIXEL)}, not #102030")
            knobs = page.locator("#knobs").inner_text()
            check("tint" in knobs and "#FF0000" in knobs, f"the knobs table reads {knobs!r}")

            # A save with another background: the page reloads by itself and stays on frame 2.
            with open(scene, "w") as f:
                f.write(SCENE.replace("BACKGROUND", "#203040"))
            page.wait_for_function(f"() => ({READY})() && ({PIXEL})().every((c, i) => Math.abs(c - [32, 48, 64, 255][i]) <= 4)",
                                   timeout=30000)
            # (The reloaded page puts its frame back as it starts: waited for, not read at once —
            # on a busy machine the new picture can show before the status is restored.)
            try:
                page.wait_for_function("() => document.getElementById('status').innerText === 'frame 2 / 4 · 0.250 s'", timeout=30000)
            except PlaywrightTimeout:
                check(False, f"the reload kept the frame: status reads {page.locator('#status').inner_text()!r} at {page.url}")

            # Playing, then a save: the reloaded page plays on (muted if Chromium will not start sound by itself).
            page.locator("#play").click()
            page.wait_for_function("() => !document.getElementById('clip').paused", timeout=10000)
            with open(scene, "w") as f:
                f.write(SCENE.replace("BACKGROUND", "#304050"))
            page.wait_for_function(f"() => ({PIXEL})().every((c, i) => Math.abs(c - [48, 64, 80, 255][i]) <= 4)", timeout=30000)
            try:
                page.wait_for_function("() => !document.getElementById('clip').paused", timeout=10000)
            except PlaywrightTimeout:
                check(False, f"the reload stopped the playback at {page.url}")
            page.keyboard.press(" ")
            page.wait_for_function("() => document.getElementById('clip').paused", timeout=10000)

            # A save with an error: shown with its position, over the last good frames.
            with open(scene, "w") as f:
                f.write('{\n  "name": 5\n}\n')
            page.wait_for_selector("#error:not([hidden])", timeout=30000)
            error = page.locator("#error").inner_text()
            check(error.startswith("outer.json:2:11:"), f"the error reads {error!r}")
            check(near(page.evaluate(PIXEL), [48, 64, 80, 255]), "the last good frames stay under the error")

            with open(scene, "w") as f:
                f.write(SCENE.replace("BACKGROUND", "#102030"))
            page.wait_for_selector("#error[hidden]", state="attached", timeout=30000)

            # The page the preview serves: a knob edited there renders again, and the page says how to repeat it.
            deadline = time.time() + 30
            address = None
            while address is None:
                check(time.time() < deadline, "the preview did not say where it serves the page")
                with open(os.path.join(folder, "said.txt")) as f:
                    address = next((word for word in f.read().split() if word.startswith("http://127.0.0.1:")), None)
                time.sleep(0.1)
            page.goto(address)
            page.wait_for_function(READY, timeout=30000)
            field = page.locator("#knobs input[name=background]")
            check(field.input_value() == "#102030", f"the background field reads {field.input_value()!r}")
            field.fill("#405060")
            field.press("Enter")
            page.wait_for_function(f"() => ({READY})() && ({PIXEL})().every((c, i) => Math.abs(c - [64, 80, 96, 255][i]) <= 4)",
                                   timeout=30000)
            edited = page.locator("#edited").inner_text()
            check("--param background=#405060" in edited, f"the page says {edited!r}")
            refused = page.evaluate("() => fetch('knobs', {method: 'POST', body: 'tint=#000000'}).then(answer => answer.status)")
            check(refused == 403, f"an edit without the page's token was answered {refused}")
            # A malformed request is answered 400, and the server serves on.
            host, port = address.split("//")[1].strip("/").split(":")
            with socket.create_connection((host, int(port)), timeout=10) as raw:
                raw.sendall(f"POST /knobs HTTP/1.1\r\nHost: {host}:{port}\r\nContent-Length: -5\r\n\r\n".encode())
                answer = raw.recv(100).decode(errors="replace")
            check(answer.startswith("HTTP/1.1 400"), f"a negative Content-Length was answered {answer!r}")
            check(page.evaluate("() => fetch('/').then(answer => answer.status)") == 200, "the server stopped after a malformed request")

            # A preset with a soundtrack: the page's clip plays it.
            subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=3", "tone.wav"],
                           cwd=folder, check=True)
            with open(os.path.join(folder, "sound.json"), "w") as f:
                f.write('{"scene-file": "outer.json", "audio": "tone.wav", "seconds": 2, "outputs": [{"file": "x.webm"}]}')
            made = subprocess.run([animvid, "preview", "--once", "--fit", "160", "sound.json"], cwd=folder, capture_output=True, text=True)
            check(made.returncode == 0, f"preview of a preset with sound failed: {made.stderr}")
            page.goto("file://" + os.path.join(folder, "sound.preview.html"))
            page.wait_for_function(READY, timeout=30000)
            check("with sound" in page.locator("#meta").inner_text(), f"the page says {page.locator('#meta').inner_text()!r}")
            page.locator("#play").click()
            page.wait_for_timeout(1000)
            decoded = page.evaluate("() => document.getElementById('clip').webkitAudioDecodedByteCount")
            check(decoded > 0, "Chromium decoded no audio from the page's clip")
            browser.close()
    finally:
        watcher.terminate()
        watcher.wait()
        shutil.rmtree(folder, ignore_errors=True)
    print("browser: the preview page plays (with sound), steps, reloads on save where it was, shows errors and edits knobs in Chromium")


if __name__ == "__main__":
    main()
