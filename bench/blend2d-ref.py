#!/usr/bin/env python3
"""blend2d-ref: Blend2D (JIT-compiled pipelines) drawing the circles of a display list, for bench/raster.sh.

Usage: blend2d-ref.py LIST [FRAMES [OUT.png]]        (FRAMES defaults to 30; needs blend2d-py, numpy, skia-python for OUT.png)

The blend2d-py bindings on PyPI fill circles, rectangles and paths but take no strokes or rounded
rectangles, so this reads only the `circle` lines of a list written by bench/make-shapes.py (use
`--circles-only`). Each frame clears an opaque white image and fills every circle in its straight
colour, single-threaded (a Blend2D context renders synchronously unless given threads), after one
untimed warm-up frame.

Python calls the bindings twice a circle, and that loop is inside each frame's time. So the script
also times the same loop with a call that draws nothing (setting the fill colour twice) and prints
the drawing's time less that loop's: Blend2D's own time, generously estimated. The line ends in
"median X ms/frame ..." with X that estimate (bench/raster.sh reads that phrase).
"""
import statistics
import sys
import time

import blend2d


def read_circles(path):
    """Returns (width, height, [(x, y, radius, (r, g, b, a) in 0-255)])."""
    width = height = None
    circles = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            fields = line.split()
            if not fields:
                continue
            if fields[0] == "size":
                width, height = int(fields[1]), int(fields[2])
            elif fields[0] == "circle":
                if len(fields) != 8:
                    sys.exit(f"{path}:{number}: a circle takes 7 numbers")
                x, y, r, *rgba = map(float, fields[1:])
                circles.append((x, y, r, tuple(int(c * 255 + 0.5) for c in rgba)))
    if width is None:
        sys.exit(f"{path}: no size line")
    return width, height, circles


def frame(image, circles, draw):
    """One frame's time in ms: clear to white, then each circle drawn (or, with draw False, the same calls without drawing)."""
    start = time.perf_counter()
    context = blend2d.Context(image)
    context.set_fill_style_rgba(255, 255, 255, 255)
    context.fill_all()
    for x, y, r, (cr, cg, cb, ca) in circles:
        context.set_fill_style_rgba(cr, cg, cb, ca)
        if draw:
            context.fill_circle(x, y, r)
        else:
            context.set_fill_style_rgba(cr, cg, cb, ca)
    context.end()
    return (time.perf_counter() - start) * 1000


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    width, height, circles = read_circles(sys.argv[1])
    frames = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    image = blend2d.Image(width, height)
    frame(image, circles, True)
    drawn, calls = [], []
    for _ in range(frames):  # taking turns, so both see the same machine
        drawn.append(frame(image, circles, True))
        calls.append(frame(image, circles, False))
    frame(image, circles, True)
    d, c = statistics.median(drawn), statistics.median(calls)
    print(f"blend2d: {len(circles)} circles, {width}x{height}, {frames} frames: drawing {d:.2f} ms, "
          f"the same Python calls without drawing {c:.2f} ms; median {d - c:.2f} ms/frame (drawing less calls)")
    if len(sys.argv) > 3:
        import numpy
        import skia
        # Blend2D's pixels are premultiplied BGRA in native order; the frame is opaque.
        bgra = numpy.array(image.asarray(), dtype=numpy.uint8).reshape(height, width, 4)
        skia.Image.fromarray(numpy.ascontiguousarray(bgra[:, :, [2, 1, 0, 3]]),
                             colorType=skia.kRGBA_8888_ColorType).save(sys.argv[3])


main()
