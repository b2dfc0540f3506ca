#!/usr/bin/env bash
# Scene benchmark: a frame that looks like a marketing clip's (bench/make-scene.py: a gradient
# backdrop, a blurred glow, twelve cards with drop shadows, gradient faces, rounded clips, text,
# a translucent group and a masked group) at 1920x1080, drawn by animvid's raster-bench beside
# Skia drawing the same list (layers bounded by their content, as a Skia user passes them),
# single-threaded, taking turns. Both the first frame (every blur computed) and the median of the
# next ones (animvid reuses the blurs of layers that did not change; Skia blurs every frame) are
# shown, and the image difference. Usage: [ROUNDS=3] bench/scene.sh [FRAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
frames=${1:-10}
source bench/skia-turns.sh
list=$work/scene-1080p.txt
font=$(fc-match -f '%{file}' 'Inter:style=Regular')
python3 bench/make-scene.py "$font" -o "$list"
rounds=${ROUNDS:-3}
turns "$list" scene "$rounds"
o=$(min "${ours[@]}") s=$(min "${skia[@]}") of=$(min "${ours_first[@]}") sf=$(min "${skia_first[@]}")
echo "scene benchmark: $(grep -c . "$list") lines (cards, shadows, clips, gradients, text, a blur, a mask), 1920x1080, one thread, best of $rounds rounds"
echo "  first frame: animvid $of ms, skia $sf ms, ratio $(python3 -c "print(f'{$of / $sf:.2f}')")"
echo "  next frames (median of $frames): animvid $o ms (runs: ${ours[*]}), skia $s ms (runs: ${skia[*]}), ratio $(python3 -c "print(f'{$o / $s:.2f}')")"
echo "  animvid vs skia: $("$work/venv/bin/python" bench/imgdiff.py "$work/scene-ours.png" "$work/scene-skia.png" 2>/dev/null)"
