#!/usr/bin/env python3
"""blend2d-ref: Blend2D (JIT-compiled pipelines) drawing the circles or sprites of a display list, for bench/raster.sh and bench/particles.sh.

Usage: blend2d-ref.py LIST [FRAMES [OUT.png]]        (FRAMES defaults to 30; needs blend2d-py, numpy, skia-python for OUT.png)

The blend2d-py bindings on PyPI fill circles, rectangles and paths but take no strokes or rounded
rectangles, so this reads only the `circle` lines of a list written by bench/make-shapes.py (use
`--circles-only`) and the `sprite` lines of one written by bench/make-sprites.py. Each frame clears
an opaque white image and fills every circle in its straight colour, and every sprite (a piece of
white paper tinted by its colour: its one colour) as a rectangle turned about its centre,
single-threaded (a Blend2D context renders synchronously unless given threads), after one untimed
warm-up frame. The bindings take no images, so Blend2D cannot sample a sprite; a white one tinted
is a plain colour, so the pixels are the same.

Python calls the bindings twice a circle (five times a sprite), and that loop is inside each frame's
time. So the script also times the same loop with the drawing call replaced by one that draws nothing
(setting the fill colour again) and prints the drawing's time less that loop's: Blend2D's own time,
generously estimated. The line ends in
"median X ms/frame ..." with X that estimate (bench/raster.sh reads that phrase).
"""
import math
import statistics
import sys
import time

import blend2d


def read_list(path):
    """Returns (width, height, [(kind, numbers, (r, g, b, a) in 0-255)]) of the circles and sprites."""
    width = height = None
    draws = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            fields = line.split()
            if not fields:
                continue
            if fields[0] == "size":
                width, height = int(fields[1]), int(fields[2])
            elif fields[0] in ("circle", "sprite"):
                arity = 7 if fields[0] == "circle" else 9
                if len(fields) != arity + 1:
                    sys.exit(f"{path}:{number}: a {fields[0]} takes {arity} numbers")
                *numbers, r, g, b, a = map(float, fields[1:])
                draws.append((fields[0], numbers, tuple(int(c * 255 + 0.5) for c in (r, g, b, a))))
    if width is None:
        sys.exit(f"{path}: no size line")
    return width, height, draws


def frame(image, draws, draw):
    """One frame's time in ms: clear to white, then each circle and sprite drawn (or, with draw False, the same calls
    without drawing)."""
    start = time.perf_counter()
    context = blend2d.Context(image)
    context.set_fill_style_rgba(255, 255, 255, 255)
    context.fill_all()
    for kind, v, (cr, cg, cb, ca) in draws:
        context.set_fill_style_rgba(cr, cg, cb, ca)
        if kind == "circle":
            if draw:
                context.fill_circle(v[0], v[1], v[2])
            else:
                context.set_fill_style_rgba(cr, cg, cb, ca)
            continue
        cx, cy, w, h, degrees = v
        context.save()
        context.translate(cx, cy)
        context.rotate(math.radians(degrees))
        if draw:
            context.fill_rect(-w / 2, -h / 2, w, h)
        else:
            context.set_fill_style_rgba(cr, cg, cb, ca)
        context.restore()
    context.end()
    return (time.perf_counter() - start) * 1000


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    width, height, draws = read_list(sys.argv[1])
    frames = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    image = blend2d.Image(width, height)
    frame(image, draws, True)
    drawn, calls = [], []
    for _ in range(frames):  # taking turns, so both see the same machine
        drawn.append(frame(image, draws, True))
        calls.append(frame(image, draws, False))
    frame(image, draws, True)
    d, c = statistics.median(drawn), statistics.median(calls)
    print(f"blend2d: {len(draws)} circles and sprites, {width}x{height}, {frames} frames: drawing {d:.2f} ms, "
          f"the same Python calls without drawing {c:.2f} ms; median {d - c:.2f} ms/frame (drawing less calls)")
    if len(sys.argv) > 3:
        import numpy
        import skia
        # Blend2D's pixels are premultiplied BGRA in native order; the frame is opaque.
        bgra = numpy.array(image.asarray(), dtype=numpy.uint8).reshape(height, width, 4)
        skia.Image.fromarray(numpy.ascontiguousarray(bgra[:, :, [2, 1, 0, 3]]),
                             colorType=skia.kRGBA_8888_ColorType).save(sys.argv[3])


main()
