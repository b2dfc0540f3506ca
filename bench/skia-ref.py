#!/usr/bin/env python3
"""skia-ref: the Skia reference for animvid's rasterizer benchmark (Skia's CPU raster backend, via skia-python).

Usage: skia-ref.py LIST [FRAMES [OUT.png]]        (FRAMES defaults to 30; needs skia-python)

Reads a display list written by bench/make-shapes.py and records its draws once into an SkPicture
(so Python's cost per draw call is outside the timing), then plays the picture back onto an opaque
white N32 premultiplied frame FRAMES times after one untimed warm-up, single-threaded. Prints one
line ending in "median X ms/frame ..." (bench/raster.sh reads that phrase); the median is taken as
raster-bench takes it (the mean of the two middle times for an even count). With OUT.png it writes
the last frame.
"""
import statistics
import sys
import time

import skia

ARITY = {"circle": 7, "rrect": 10, "stroke": 11}


def read_list(path):
    """Returns (width, height, [(kind, numbers)]); exits with the line number on a malformed line."""
    width = height = None
    draws = []
    with open(path, encoding="ascii") as f:
        for number, line in enumerate(f, 1):
            fields = line.split()
            if not fields:
                continue
            kind, rest = fields[0], fields[1:]
            try:
                values = [float(x) for x in rest]
            except ValueError:
                sys.exit(f"skia-ref: {path}:{number}: not a number")
            if kind == "size":
                if len(values) != 2 or min(values) < 1:
                    sys.exit(f"skia-ref: {path}:{number}: size takes W H")
                width, height = int(values[0]), int(values[1])
            elif kind in ARITY:
                if len(values) != ARITY[kind]:
                    sys.exit(f"skia-ref: {path}:{number}: {kind} takes {ARITY[kind]} numbers")
                draws.append((kind, values))
            else:
                sys.exit(f"skia-ref: {path}:{number}: unknown draw {kind!r}")
    if width is None:
        sys.exit(f"skia-ref: {path}: no size line")
    return width, height, draws


def record(width, height, draws):
    """One frame's work as a picture: clear to white, then every draw in order."""
    recorder = skia.PictureRecorder()
    canvas = recorder.beginRecording(skia.Rect(0, 0, width, height))
    canvas.clear(skia.ColorWHITE)
    for kind, v in draws:
        paint = skia.Paint(AntiAlias=True)
        if kind == "circle":
            cx, cy, radius = v[0:3]
            paint.setColor4f(skia.Color4f(*v[3:7]))
            canvas.drawCircle(cx, cy, radius, paint)
        elif kind == "rrect":
            cx, cy, w, h, corner, degrees = v[0:6]
            paint.setColor4f(skia.Color4f(*v[6:10]))
            canvas.save()
            canvas.translate(cx, cy)
            canvas.rotate(degrees)
            box = skia.Rect(-w / 2, -h / 2, w / 2, h / 2)
            canvas.drawRRect(skia.RRect.MakeRectXY(box, corner, corner), paint)
            canvas.restore()
        else:  # stroke: a quadratic from (x0, y0) through control (x1, y1) to (x2, y2)
            x0, y0, x1, y1, x2, y2, line_width = v[0:7]
            paint.setColor4f(skia.Color4f(*v[7:11]))
            paint.setStyle(skia.Paint.kStroke_Style)
            paint.setStrokeWidth(line_width)
            paint.setStrokeCap(skia.Paint.kRound_Cap)
            path = skia.Path()
            path.moveTo(x0, y0)
            path.quadTo(x1, y1, x2, y2)
            canvas.drawPath(path, paint)
    return recorder.finishRecordingAsPicture()


def main():
    args = sys.argv[1:]
    if not 1 <= len(args) <= 3:
        sys.exit("usage: skia-ref.py LIST [FRAMES [OUT.png]]")
    try:
        frames = int(args[1]) if len(args) > 1 else 30
    except ValueError:
        frames = 0
    if frames < 1:
        sys.exit("skia-ref: FRAMES must be a whole number from 1")

    width, height, draws = read_list(args[0])
    picture = record(width, height, draws)
    surface = skia.Surface(skia.ImageInfo.MakeN32Premul(width, height))
    canvas = surface.getCanvas()

    canvas.drawPicture(picture)  # warm-up
    surface.flushAndSubmit()
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        canvas.drawPicture(picture)
        surface.flushAndSubmit()
        times.append((time.perf_counter() - start) * 1000)

    print(f"skia {skia.__version__}: {len(draws)} draws, {width}x{height}, median {statistics.median(times):.2f} ms/frame "
          f"(min {min(times):.2f}, max {max(times):.2f}) over {frames} frames")
    if len(args) > 2:
        png = surface.makeImageSnapshot().encodeToData(skia.kPNG, 100)
        if png is None:
            sys.exit("skia-ref: PNG encoding failed")
        try:
            with open(args[2], "wb") as f:  # Image.save would fail silently on a bad path
                f.write(bytes(png))
        except OSError as error:
            sys.exit(f"skia-ref: {error}")


if __name__ == "__main__":
    main()
