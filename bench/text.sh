#!/usr/bin/env bash
# Text benchmark: about 2,000 glyphs of Inter (a title, a paragraph, a Latin/Greek/Cyrillic line)
# on a 1920x1080 frame, drawn by animvid's raster-bench (its Text module sets them) beside Skia
# drawing the same HarfBuzz-shaped glyphs from the same font file, measured alternately in one run.
# Targets: animvid ≤ 1.0 × Skia's time (Skia's text blobs, its fast path; both keep glyph masks
# from frame to frame, so the first, cold frame is shown too); mean difference ≤ 1.0
# per channel against Skia filling each glyph's outline at its exact position (Skia's blobs place
# glyphs to a quarter pixel, so they are shown too, for comparison). Usage: [ROUNDS=5] bench/text.sh [FRAMES]
set -euo pipefail
cd "$(dirname "$0")/.."
frames=${1:-20}
source bench/skia-turns.sh
list=$work/text-1080p.txt
font=$(fc-match -f '%{file}' 'Inter:style=Regular')
python3 bench/make-text.py "$font" -o "$list"
rounds=${ROUNDS:-5}
turns "$list" text "$rounds"
"$work/venv/bin/python" bench/skia-ref.py --text-as-paths "$list" 1 "$work/text-skia-paths.png" >/dev/null 2>&1
o=$(min "${ours[@]}") s=$(min "${skia[@]}")
echo "text benchmark: $(grep -c '^text' "$list") lines, about 2,000 glyphs, 1920x1080, $frames frames, best median of $rounds rounds"
printf '  animvid %8.2f ms/frame (runs: %s)\n  skia    %8.2f ms/frame (runs: %s)\n' "$o" "${ours[*]}" "$s" "${skia[*]}"
echo "  animvid / skia = $(python3 -c "print(f'{$o / $s:.2f}')")   (target ≤ 1.0)"
of=$(min "${ours_first[@]}") sf=$(min "${skia_first[@]}")
echo "  first frame (nothing cached yet; every frame of moving text costs about this): animvid $of ms, skia $sf ms, ratio $(python3 -c "print(f'{$of / $sf:.2f}')")"
echo "  animvid vs skia's outlines: $("$work/venv/bin/python" bench/imgdiff.py "$work/text-ours.png" "$work/text-skia-paths.png" 2>/dev/null)   (target mean ≤ 1.0)"
echo "  skia's blobs vs its outlines: $("$work/venv/bin/python" bench/imgdiff.py "$work/text-skia.png" "$work/text-skia-paths.png" 2>/dev/null)"
