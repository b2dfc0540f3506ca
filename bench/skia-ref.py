#!/usr/bin/env python3
"""skia-ref: the Skia reference for animvid's rasterizer benchmarks (Skia's CPU raster backend, via skia-python).

Usage: skia-ref.py [--text-as-paths | --sprites-as-atlas] LIST [FRAMES [OUT.png]]        (FRAMES defaults to 30; needs skia-python)

Reads a display list written by bench/make-shapes.py, make-text.py or make-scene.py (the format is in
bench/README.md) and records its draws
once into an SkPicture
(so Python's cost per draw call is outside the timing), then plays the picture back onto an opaque
white N32 premultiplied frame FRAMES times after one untimed warm-up, single-threaded. Prints one
line ending in "median X ms/frame ..." (bench/raster.sh reads that phrase); the median is taken as
raster-bench takes it (the mean of the two middle times for an even count). With OUT.png it writes
the last frame.

Text draws are shaped by HarfBuzz (uharfbuzz) and drawn as positioned glyphs in the same font file,
unhinted, at subpixel positions, anti-aliased: what animvid's Text module does. Skia's glyph cache
places glyphs to a quarter pixel; with --text-as-paths each glyph's outline is filled as a path at
its exact position instead: the reference for the text's pixels (bench/text.sh).

Sprites (bench/make-sprites.py) are a white image of the sprite's size drawn tinted by their colour: one
drawImageRect each (turned about its centre, a colour filter modulating by the colour), or with
--sprites-as-atlas each run of consecutive sprites as one drawAtlas (RSXforms, per-sprite colours,
modulate), bilinear and anti-aliased both ways.
"""
import math
import statistics
import sys
import time

import numpy
import skia
import uharfbuzz as hb

ARITY = {"circle": 7, "rrect": 10, "stroke": 11, "grect": 17, "group": 1, "shadow": 7, "blur": 1, "mask": 0, "end": 0,
         "clip": 5, "unclip": 0, "sprite": 9}


def read_list(path):
    """Returns (width, height, [(kind, numbers)]); exits with the line number on a malformed line."""
    width = height = None
    draws = []
    font = None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            fields = line.split()
            if not fields:
                continue
            if fields[0] == "font":
                font = line[5:].rstrip("\n")
                continue
            if fields[0] == "text":
                parts = line.rstrip("\n").split(" ", 8)
                if len(parts) != 9 or font is None:
                    sys.exit(f"skia-ref: {path}:{number}: text takes X Y SIZE R G B A WORDS after a font line")
                draws.append(("text", [float(x) for x in parts[1:8]] + [font, parts[8]]))
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


def shaped(font_path, size, words):
    """The words shaped by HarfBuzz at one unit a font unit: Skia's font at `size` pixels, the glyphs
    and their positions in pixels from the pen's start."""
    blob = hb.Blob.from_file_path(font_path)
    face = hb.Face(blob)
    font = hb.Font(face)
    upem = face.upem
    font.scale = (upem, upem)
    buffer = hb.Buffer()
    buffer.add_str(words)
    buffer.guess_segment_properties()
    hb.shape(font, buffer)
    scale = size / upem
    glyphs, positions, x = [], [], 0.0
    for info, pos in zip(buffer.glyph_infos, buffer.glyph_positions):
        glyphs.append(info.codepoint)
        positions.append(skia.Point((x + pos.x_offset) * scale, -pos.y_offset * scale))
        x += pos.x_advance
    sk_font = skia.Font(skia.Typeface.MakeFromFile(font_path), size)
    sk_font.setHinting(skia.FontHinting.kNone)
    sk_font.setSubpixel(True)
    sk_font.setLinearMetrics(True)
    sk_font.setEdging(skia.Font.Edging.kAntiAlias)
    return sk_font, glyphs, positions


def draw_text(canvas, x, y, size, font_path, words, paint, as_paths):
    """The words with their baseline from (x, y): a text blob, or each glyph's outline as a path."""
    font, glyphs, positions = shaped(font_path, size, words)
    if not as_paths:
        builder = skia.TextBlobBuilder()
        builder.allocRunPos(font, glyphs, positions)
        canvas.drawTextBlob(builder.make(), x, y, paint)
        return
    for glyph, position in zip(glyphs, positions):
        path = font.getPath(glyph)
        if path is not None:
            path.offset(x + position.x(), y + position.y())
            canvas.drawPath(path, paint)


def extent(kind, v):
    """A draw's bounds as (left, top, right, bottom), generously; None for layer and clip lines."""
    if kind == "circle":
        return (v[0] - v[2], v[1] - v[2], v[0] + v[2], v[1] + v[2])
    if kind == "rrect":
        reach = (v[2] + v[3]) / 2
        return (v[0] - reach, v[1] - reach, v[0] + reach, v[1] + reach)
    if kind == "grect":
        return (v[0], v[1], v[0] + v[2], v[1] + v[3])
    if kind == "stroke":
        xs, ys = v[0:6:2], v[1:6:2]
        return (min(xs) - v[6], min(ys) - v[6], max(xs) + v[6], max(ys) + v[6])
    if kind == "text":
        return (v[0] - v[2], v[1] - 1.5 * v[2], v[0] + v[2] * len(v[8]), v[1] + v[2])
    return None


def layer_bounds(draws, start):
    """The bounds of what the layer opened at draws[start] holds, as Skia's saveLayer takes them: a
    Skia user (or Chrome) passes them, so that a layer costs its content's pixels, not the frame's."""
    depth, box = 0, None
    for kind, v in draws[start + 1:]:
        if kind in ("group", "shadow", "blur", "mask"):
            depth += 1
        elif kind == "end":
            if depth == 0:
                break
            depth -= 1
        e = extent(kind, v)
        if e is not None:
            box = e if box is None else (min(box[0], e[0]), min(box[1], e[1]), max(box[2], e[2]), max(box[3], e[3]))
    return skia.Rect(*box) if box else skia.Rect(0, 0, 0, 0)


def draw_sprites(canvas, sprites, as_atlas):
    """Sprites (CX CY W H ANGLE r g b a, all of one size) as white images tinted by their colours."""
    w, h = sprites[0][2], sprites[0][3]
    image = skia.Image.fromarray(numpy.full((round(h), round(w), 4), 255, dtype=numpy.uint8), colorType=skia.kRGBA_8888_ColorType)
    sampling = skia.SamplingOptions(skia.FilterMode.kLinear)
    colors = [skia.Color4f(*v[5:9]).toColor() for v in sprites]
    if as_atlas:
        xforms = []
        for cx, cy, _, _, degrees, *_ in sprites:
            c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
            xforms.append(skia.RSXform.Make(c, s, cx - (c * w / 2 - s * h / 2), cy - (s * w / 2 + c * h / 2)))
        canvas.drawAtlas(image, xforms, [skia.Rect(0, 0, w, h)] * len(sprites), colors, skia.BlendMode.kModulate, sampling,
                         None, skia.Paint(AntiAlias=True))
        return
    for v, color in zip(sprites, colors):
        paint = skia.Paint(AntiAlias=True, ColorFilter=skia.ColorFilters.Blend(color, skia.BlendMode.kModulate))
        canvas.save()
        canvas.translate(v[0], v[1])
        canvas.rotate(v[4])
        canvas.drawImageRect(image, skia.Rect(-w / 2, -h / 2, w / 2, h / 2), sampling, paint)
        canvas.restore()


def record(width, height, draws, text_as_paths=False, sprites_as_atlas=False):
    """One frame's work as a picture: clear to white, then every draw in order."""
    recorder = skia.PictureRecorder()
    canvas = recorder.beginRecording(skia.Rect(0, 0, width, height))
    canvas.clear(skia.ColorWHITE)
    sprites = []
    for index, (kind, v) in enumerate(draws):
        if kind == "sprite":
            sprites.append(v)
            if index + 1 < len(draws) and draws[index + 1][0] == "sprite":
                continue
            draw_sprites(canvas, sprites, sprites_as_atlas)
            sprites = []
            continue
        paint = skia.Paint(AntiAlias=True)
        if kind in ("group", "shadow", "blur", "mask"):
            # Layers: saveLayer with what animvid's Canvas does when it closes them; a mask's
            # layer covers its group's (DstIn clears the group outside the mask).
            if kind == "group":
                paint.setAlphaf(v[0])
            elif kind == "shadow":
                color = skia.Color4f(*v[3:7]).toColor()
                paint.setImageFilter(skia.ImageFilters.DropShadow(v[0], v[1], v[2], v[2], color))
            elif kind == "blur":
                paint.setImageFilter(skia.ImageFilters.Blur(v[0], v[0]))
            else:
                paint.setBlendMode(skia.BlendMode.kDstIn)
            canvas.saveLayer(None if kind == "mask" else layer_bounds(draws, index), paint)
        elif kind == "clip":
            x, y, w, h, corner = v
            canvas.save()
            canvas.clipRRect(skia.RRect.MakeRectXY(skia.Rect(x, y, x + w, y + h), corner, corner), True)
        elif kind in ("end", "unclip"):
            canvas.restore()
        elif kind == "grect":
            x, y, w, h, corner, x0, y0, x1, y1 = v[0:9]
            paint.setShader(skia.GradientShader.MakeLinear([skia.Point(x0, y0), skia.Point(x1, y1)],
                                                           [skia.Color4f(*v[9:13]).toColor(), skia.Color4f(*v[13:17]).toColor()]))
            canvas.drawRRect(skia.RRect.MakeRectXY(skia.Rect(x, y, x + w, y + h), corner, corner), paint)
        elif kind == "text":
            paint.setColor4f(skia.Color4f(*v[3:7]))
            draw_text(canvas, v[0], v[1], v[2], v[7], v[8], paint, text_as_paths)
        elif kind == "circle":
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
    text_as_paths = bool(args) and args[0] == "--text-as-paths"
    sprites_as_atlas = bool(args) and args[0] == "--sprites-as-atlas"
    if text_as_paths or sprites_as_atlas:
        args = args[1:]
    if not 1 <= len(args) <= 3:
        sys.exit("usage: skia-ref.py [--text-as-paths | --sprites-as-atlas] LIST [FRAMES [OUT.png]]")
    try:
        frames = int(args[1]) if len(args) > 1 else 30
    except ValueError:
        frames = 0
    if frames < 1:
        sys.exit("skia-ref: FRAMES must be a whole number from 1")

    width, height, draws = read_list(args[0])
    picture = record(width, height, draws, text_as_paths, sprites_as_atlas)
    surface = skia.Surface(skia.ImageInfo.MakeN32Premul(width, height))
    canvas = surface.getCanvas()

    start = time.perf_counter()
    canvas.drawPicture(picture)  # warm-up, timed as the first (cold) frame
    surface.flushAndSubmit()
    first = (time.perf_counter() - start) * 1000
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        canvas.drawPicture(picture)
        surface.flushAndSubmit()
        times.append((time.perf_counter() - start) * 1000)

    print(f"skia {skia.__version__}: {len(draws)} draws, {width}x{height}, median {statistics.median(times):.2f} ms/frame "
          f"(min {min(times):.2f}, max {max(times):.2f}) over {frames} frames, first {first:.2f} ms")
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
