#!/usr/bin/env bash
# Shadows: a heart moving across a dark 1280x720 frame, with a glow (shadowRadius 12, opacity
# 0.8, no offset) and without one, the same 1,800 frames of each as raw RGBA on one render thread,
# measured alternately in one run. Target: with the glow ≤ 1.3 × without.
# Usage: [ROUNDS=5] bench/shadow.sh
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

frames=(--seconds 60 --fps 30 --size 1280x720 --scale 1 --threads 1 --no-session -q)
rounds=${ROUNDS:-5}
glow=(); plain=()
run_glow() { glow+=("$(wall $animvid encode --scene-file "$work/heart-glow.json" "${frames[@]}" -)"); }
run_plain() { plain+=("$(wall $animvid encode --scene-file "$work/heart.json" "${frames[@]}" -)"); }
for round in $(seq "$rounds"); do
  if [ $((round % 2)) = 1 ]; then run_glow; run_plain; else run_plain; run_glow; fi
done
g=$(best "${glow[@]}"); p=$(best "${plain[@]}")
echo "shadows: a heart at 1280x720, 1,800 frames, one render thread, best of $rounds runs each"
echo "  with a glow (radius 12) ${g} s (runs: ${glow[*]}), without ${p} s (runs: ${plain[*]}), ratio $(python3 -c "print(f'{$g / $p:.2f}')") (target ≤ 1.3)"
