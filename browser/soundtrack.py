#!/usr/bin/env python3
"""Clips with a soundtrack as a browser plays them: headless Chromium (Debian's, via Playwright).

Usage: browser/soundtrack.py ANIMVID

Encodes the loader for 2 s with a tone (made by FFmpeg) to MP4 (AAC) and WebM (Opus), serves
them over HTTP on loopback, plays each for a second with sound on, and checks that Chromium
decoded audio (webkitAudioDecodedByteCount), that playback moved on, and that the clip lasts its
2 s. Exits 1 on a failure.
"""
import os
import subprocess
import sys

from playwright.sync_api import sync_playwright

from served import launch, served_folder

PLAY = """file => new Promise(done => {
  setTimeout(() => done({error: "no answer in 20 s"}), 20000);
  const clip = document.createElement("video");
  clip.src = file;
  clip.onerror = () => done({error: clip.error ? clip.error.message || String(clip.error.code) : "error"});
  clip.onloadedmetadata = () => clip.play()
    .then(() => setTimeout(() => done({duration: clip.duration, audioBytes: clip.webkitAudioDecodedByteCount,
                                       time: clip.currentTime}), 1000))
    .catch(error => done({error: String(error)}));
  document.body.appendChild(clip);
})"""


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: browser/soundtrack.py ANIMVID")
    animvid = os.path.abspath(sys.argv[1])
    failures = []
    with served_folder() as (folder, address), sync_playwright() as p:
        subprocess.run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=3", "tone.wav"],
                       cwd=folder, check=True)
        browser = launch(p, "browser/soundtrack.py")
        for clip in ["clip.mp4", "clip.webm"]:
            subprocess.run([animvid, "encode", "--scene", "loader", "--seconds", "2", "--size", "320x180", "--scale", "0.5",
                            "--audio", "tone.wav", "--audio-fade-out", "0.5", "-q", clip], cwd=folder, check=True)
            page = browser.new_page()
            page.goto(address)
            played = page.evaluate(PLAY, clip)
            print(f"browser: {clip} with a soundtrack in Chromium: {played}")
            page.close()
            if "error" in played:
                failures.append(f"{clip}: {played['error']}")
                continue
            if not played["audioBytes"] > 0:
                failures.append(f"{clip}: no audio decoded")
            if not played["time"] > 0.5:
                failures.append(f"{clip}: playback did not move on ({played['time']} s)")
            if not abs(played["duration"] - 2) < 0.05:
                failures.append(f"{clip}: lasts {played['duration']} s, not 2")
        browser.close()
    if failures:
        sys.exit("browser/soundtrack.py: " + "; ".join(failures))


if __name__ == "__main__":
    main()
