#!/usr/bin/env python3
"""make-text: the text benchmark's draw list (bench/text.sh): a title, a paragraph and a line mixing
Latin, Greek and Cyrillic, about 2,000 glyphs on a 1920x1080 frame, in Inter Regular.

Usage: make-text.py FONT.otf -o LIST

Lines: `size W H`, `font PATH`, then `text X Y SIZE R G B A WORDS…` (the baseline starts at X, Y;
size in pixels; straight colour). The paragraph is fixed text, so the list is the same every run.
"""
import sys

WORDS = ("animvid turns layers shape replicator gradient text emitter layers basic keyframe spring group "
         "animations transitions timing functions anchor points delegate callbacks into video anywhere headless "
         "on Linux sampled frame by frame with its own rasterizer and encoded by FFmpeg").split()


def main():
    args = sys.argv[1:]
    if len(args) != 3 or args[1] != "-o":
        sys.exit("usage: make-text.py FONT.otf -o LIST")
    font, out = args[0], args[2]
    lines = ["size 1920 1080", f"font {font}", "text 120 170 96 0.08 0.09 0.16 1 Orbit — ship faster, together"]
    y, i = 250, 0
    for row in range(24):
        words = []
        while sum(len(w) + 1 for w in words) < 100:
            words.append(WORDS[i % len(WORDS)])
            i += 1
        lines.append(f"text 120 {y} 26 0.15 0.17 0.25 1 {' '.join(words)}")
        y += 32
    lines.append("text 120 1040 30 0.40 0.20 0.70 1 Kerning AV To Wa; Ελληνικά γράμματα; Кириллица и ёж — 1234567890")
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
