#!/usr/bin/env python3
"""make-scene: the scene benchmark's draw list (bench/scene.sh): a 1920x1080 frame that looks like a
marketing clip's — a gradient backdrop, a blurred glow, twelve cards each with a drop shadow, a
gradient face, a rounded clip holding an avatar, a header band and two lines of text, a translucent
group of overlapping discs and a group masked by a disc.

Usage: make-scene.py FONT.otf -o LIST

The format is bench/README.md's (size, font, circle, rrect, grect, text, group/shadow/blur/mask … end,
clip … unclip). Colours and sizes come from random.Random(7) in a fixed order, so the list is the
same every run.
"""
import random
import sys


def main():
    args = sys.argv[1:]
    if len(args) != 3 or args[1] != "-o":
        sys.exit("usage: make-scene.py FONT.otf -o LIST")
    font, out = args[0], args[2]
    rng = random.Random(7)

    def colour(alpha=1.0):
        return f"{rng.random():.4f} {rng.random():.4f} {rng.random():.4f} {alpha:.4f}"

    lines = ["size 1920 1080", f"font {font}",
             "grect 0 0 1920 1080 0 0 0 1920 1080 0.0600 0.0700 0.1400 1.0000 0.1800 0.1000 0.3000 1.0000",
             "blur 48", f"circle 1500 260 260 {colour(0.8)}", f"circle 420 860 200 {colour(0.7)}", "end"]
    for row in range(3):
        for column in range(4):
            x, y, w, h = 90 + column * 450, 80 + row * 330, 390, 280
            lines += [f"shadow 0 10 14 0.0000 0.0000 0.0000 0.4500",
                      f"grect {x} {y} {w} {h} 28 {x} {y} {x + w} {y + h} {colour()} {colour()}",
                      "end",
                      f"clip {x} {y} {w} {h} 28",
                      f"rrect {x + w / 2:.3f} {y + 30} {w} 60 0 0 {colour(0.85)}",
                      f"circle {x + 60} {y + 120} 40 {colour()}",
                      f"circle {x + w - 30} {y + h - 20} 90 {colour(0.35)}",
                      f"text {x + 120} {y + 118} 30 1 1 1 1 Card {row * 4 + column + 1}",
                      f"text {x + 120} {y + 150} 18 0.92 0.94 0.98 1 shipped on time, in every size",
                      f"text {x + 30} {y + 230} 18 0.92 0.94 0.98 0.8000 layers, shadows, clips and blur",
                      "unclip"]
    lines += ["group 0.6"] + [f"circle {1500 + 60 * i} {980 - 25 * i} 70 {colour()}" for i in range(5)] + ["end"]
    lines += ["group 1"] + [f"rrect {160 + 40 * i} 990 24 260 0 30 {colour()}" for i in range(10)]
    lines += ["mask", "circle 340 990 110 0 0 0 1", "end", "end"]
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
