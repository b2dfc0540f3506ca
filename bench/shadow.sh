#!/usr/bin/env bash
# Shadows: a heart moving across a dark 1280x720 frame, with a glow (shadowRadius 12, opacity
# 0.8, no offset) and without one, the same 7,200 frames of each as raw RGBA on one render thread,
# measured alternately in one run. Target: a frame with the glow ≤ 1.3 × one without.
# Usage: [ROUNDS=9] bench/shadow.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/setup.sh

heart() {
  local glow=$1
  cat <<JSON
{"name": "heart", "background": "#0E0E12", "layers": [{"type": "shape", "name": "heart", "frame": [540, 260, 200, 200],
  "path": "M 100 30 C 100 0 50 0 50 30 C 50 60 100 80 100 100 C 100 80 150 60 150 30 C 150 0 100 0 100 30 Z", "fillColor": "#E8384F",
  $glow
  "animations": [{"type": "basic", "keyPath": "position.x", "fromValue": 440, "toValue": 840, "duration": 1, "autoreverses": true,
                  "repeatCount": "infinity"}]}]}
JSON
}
heart '"shadowOpacity": 0.8, "shadowRadius": 12, "shadowColor": "#E8384F", "shadowOffset": [0, 0],' > "$work/heart-glow.json"
heart '' > "$work/heart.json"

# 7,200 frames (4 minutes at 30 fps), so that the frames and not the start-up make the time; the
# start-up (an encode of one frame) is measured too and taken off both: the ratio is a frame's.
frames=(--seconds 240 --fps 30 --size 1280x720 --scale 1 --threads 1 --no-session -q)
# Nine rounds by default: a run is under a second, and its best needs more tries than the other
# benchmarks' longer runs to settle on a machine this noisy.
rounds=${ROUNDS:-9}
glow=(); plain=(); glow1=(); plain1=()
run_glow() { glow+=("$(wall $animvid encode --scene-file "$work/heart-glow.json" "${frames[@]}" -)"); }
run_plain() { plain+=("$(wall $animvid encode --scene-file "$work/heart.json" "${frames[@]}" -)"); }
for round in $(seq "$rounds"); do
  if [ $((round % 2)) = 1 ]; then run_glow; run_plain; else run_plain; run_glow; fi
  glow1+=("$(wall $animvid encode --scene-file "$work/heart-glow.json" "${frames[@]}" --frames 0-0 -)")
  plain1+=("$(wall $animvid encode --scene-file "$work/heart.json" "${frames[@]}" --frames 0-0 -)")
done
g=$(best "${glow[@]}"); p=$(best "${plain[@]}"); g1=$(best "${glow1[@]}"); p1=$(best "${plain1[@]}")
echo "shadows: a heart at 1280x720, 7,200 frames, one render thread, best of $rounds runs each"
echo "  with a glow (radius 12) ${g} s (runs: ${glow[*]}), without ${p} s (runs: ${plain[*]})"
echo "  start-up (one frame) ${g1} s and ${p1} s; a frame: $(python3 -c "
print(f'{($g - $g1) / 7199 * 1000:.3f} ms with the glow, {($p - $p1) / 7199 * 1000:.3f} ms without, ratio {($g - $g1) / ($p - $p1):.2f} (target ≤ 1.3)')")"
