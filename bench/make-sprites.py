#!/usr/bin/env python3
"""Generate the particle benchmark's display lists: seeded sprites, one draw a line.

Usage: make-sprites.py [--floor [--turned] [--alpha A]] [-o FILE] [COUNT [SEED]]

Defaults: 5,000 sprites of 30 x 18 pixels in a 1920 x 1080 frame, seed 41 -- the particles of
bench/particles.sh (issue 41's target): each sprite is a piece of white paper at its own place, turned
by its own angle, tinted by its own colour at its own alpha, as an emitter's particles are, all wholly
on screen. With --floor the same count of 30 x 18 rectangles, at the same places rounded to whole
pixels, unturned, in one opaque colour: the same number of pixels filled the cheapest way (the floor);
--alpha makes that colour translucent (the same pixels blended: the blend floor). With --floor --turned
the sprites keep their places and turns, in the floor's one colour: `raster-bench --floor` stores the
pixels each touches (the sprites' pixel floor).

Format (read by Sources/raster-bench/ShapeList.swift, bench/skia-ref.py and bench/blend2d-ref.py; keep
them in step). Pixels, y down, painter's order, colours straight r g b a in 0..1:

    size   W H
    sprite CX CY W H ANGLE_DEG r g b a   a white W x H sprite centred on (CX, CY), turned about its
                                         centre, tinted by r g b at alpha a
"""
import argparse
import random

import list_output

WIDTH, HEIGHT, SPRITE_W, SPRITE_H = 1920, 1080, 30, 18


def generate(count, seed, floor, turned=False, alpha=1.0):
    """Yields the list's lines; the order of the generator's draws is part of the format's contract."""
    rng = random.Random(seed)
    yield f"size {WIDTH} {HEIGHT}"
    reach = (SPRITE_W ** 2 + SPRITE_H ** 2) ** 0.5 / 2 + 1
    for _ in range(count):
        x, y = rng.uniform(reach, WIDTH - reach), rng.uniform(reach, HEIGHT - reach)
        angle = rng.uniform(0, 360)
        r, g, b, a = rng.random(), rng.random(), rng.random(), rng.uniform(0.3, 1.0)
        if floor and turned:
            yield f"sprite {x:.3f} {y:.3f} {SPRITE_W} {SPRITE_H} {angle:.3f} 1 0.2157 0.3725 {alpha:g}"
        elif floor:
            # Corners on whole pixels: the centre of an even side lies on one, of an odd side between two.
            yield f"sprite {round(x)} {round(y)} {SPRITE_W} {SPRITE_H} 0 1 0.2157 0.3725 {alpha:g}"
        else:
            yield f"sprite {x:.3f} {y:.3f} {SPRITE_W} {SPRITE_H} {angle:.3f} {r:.4f} {g:.4f} {b:.4f} {a:.4f}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("numbers", nargs="*", type=int, metavar="N", help="COUNT [SEED]")
    parser.add_argument("--floor", action="store_true", help="unturned opaque rectangles on whole pixels, one colour")
    parser.add_argument("--turned", action="store_true", help="with --floor: the sprites' own places and turns, in the floor's colour")
    parser.add_argument("--alpha", type=float, default=1.0, help="the floor's alpha (default 1: opaque)")
    parser.add_argument("-o", "--output", help="write to FILE (atomically) instead of standard output")
    args = parser.parse_args()
    if len(args.numbers) > 2 or any(n < 0 for n in args.numbers):
        parser.error("give COUNT and optionally SEED, not negative")
    count = args.numbers[0] if args.numbers else 5000
    seed = args.numbers[1] if len(args.numbers) == 2 else 41
    if not 0 < args.alpha <= 1 or (args.alpha != 1 and not args.floor):
        parser.error("--alpha takes a number in (0, 1] and goes with --floor")
    if args.turned and not args.floor:
        parser.error("--turned goes with --floor")
    text = "".join(line + "\n" for line in generate(count, seed, args.floor, args.turned, args.alpha))
    list_output.write(text, args.output)


if __name__ == "__main__":
    main()
