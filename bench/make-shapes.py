#!/usr/bin/env python3
"""Generate the rasterizer benchmark's display list: seeded random anti-aliased shapes, one draw a line.

Usage: make-shapes.py [-o FILE] [--circles-only] [WIDTH HEIGHT [CIRCLES RRECTS STROKES [SEED]]]

Defaults: 1920 1080, 2000 circles, 1000 rounded rects, 200 strokes, seed 67 -- the list `make bench`
draws (bench/raster.sh writes it to .build/bench/shapes-1080p.txt). The output depends only on the
arguments: the same Python `random.Random` stream, consumed in the same order, gives the same bytes
on every machine, so measurements taken on different days draw the same picture.

Format (read by Sources/raster-bench/ShapeList.swift; keep the two in step). Pixels, y down,
painter's order, colours straight (not premultiplied) r g b a in 0..1:

    size   W H
    circle CX CY R                      r g b a   filled disc
    rrect  CX CY W H RADIUS ANGLE_DEG   r g b a   filled rounded rect, rotated about its centre
    stroke X0 Y0 X1 Y1 X2 Y2 WIDTH      r g b a   quadratic curve through control point 1, round caps

--circles-only writes the `size` line and the circles alone (they are generated first, so these are
exactly the first lines of the full list): a list for rasterizers that only fill circles, e.g.
Blend2D's Python bindings. With the defaults it is the list earlier notes call circles-1080p.txt.
"""
import argparse
import random

import list_output


def generate(width, height, circles, rrects, strokes, seed, circles_only=False):
    """Yields the list's lines. The order of the generator's draws is part of the format's contract:
    changing it changes every shape after the change."""
    rng = random.Random(seed)

    def colour():
        r, g, b = rng.random(), rng.random(), rng.random()
        return f"{r:.4f} {g:.4f} {b:.4f} {rng.uniform(0.3, 1.0):.4f}"

    yield f"size {width} {height}"
    for _ in range(circles):
        x, y, radius = rng.uniform(0, width), rng.uniform(0, height), rng.uniform(4, 40)
        yield f"circle {x:.3f} {y:.3f} {radius:.3f} {colour()}"
    if circles_only:
        return
    for _ in range(rrects):
        w, h = rng.uniform(10, 80), rng.uniform(10, 80)
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        corner = rng.uniform(0, min(w, h) / 2)
        angle = rng.uniform(0, 360)
        yield f"rrect {x:.3f} {y:.3f} {w:.3f} {h:.3f} {corner:.3f} {angle:.3f} {colour()}"
    for _ in range(strokes):
        points = []
        for _ in range(3):
            px, py = rng.uniform(0, width), rng.uniform(0, height)
            points.append(f"{px:.3f} {py:.3f}")
        line_width = rng.uniform(1, 8)
        yield f"stroke {' '.join(points)} {line_width:.3f} {colour()}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("numbers", nargs="*", type=int, metavar="N",
                        help="WIDTH HEIGHT [CIRCLES RRECTS STROKES [SEED]]")
    parser.add_argument("--circles-only", action="store_true", help="write the size line and the circles only")
    parser.add_argument("-o", "--output", help="write to FILE (atomically) instead of standard output")
    args = parser.parse_args()
    n = args.numbers
    if len(n) not in (0, 2, 5, 6):
        parser.error("give WIDTH HEIGHT, optionally followed by CIRCLES RRECTS STROKES and then SEED")
    width, height = n[0:2] if len(n) >= 2 else (1920, 1080)
    circles, rrects, strokes = n[2:5] if len(n) >= 5 else (2000, 1000, 200)
    seed = n[5] if len(n) == 6 else 67
    if width <= 0 or height <= 0 or min(circles, rrects, strokes) < 0:
        parser.error("sizes must be positive and counts not negative")

    text = "".join(line + "\n" for line in generate(width, height, circles, rrects, strokes, seed, args.circles_only))
    list_output.write(text, args.output)


if __name__ == "__main__":
    main()
