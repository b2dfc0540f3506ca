#!/usr/bin/env bash
# Particles: 5,000 live particles (an emitter with one cell, 1,000 a second living 5 s, all on
# screen) rendered at 1920x1080 against the loader's frames, the same 30 frames of each as raw
# RGBA, measured alternately in one run. Target: particles ≤ 2 × the loader.
# Usage: [ROUNDS=5] bench/emitter.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/setup.sh

# The scene: a white 10x6 piece of paper (made by ffmpeg) tinted red, from anywhere in a
# 600x320-point rectangle, slow enough that none leaves the 640x360-point canvas.
ffmpeg -v error -y -f lavfi -i color=white:s=10x6 -frames:v 1 "$work/paper.png"
paper=$(base64 -w0 "$work/paper.png")
cat > "$work/particles-5000.json" <<JSON
{"name": "particles-5000", "canvas": [640, 360], "layers": [{"type": "emitter", "frame": [0, 0, 640, 360],
  "emitterShape": "rectangle", "emitterMode": "surface", "emitterPosition": [320, 180], "emitterSize": [600, 320],
  "emitterCells": [{"birthRate": 1000, "lifetime": 5, "velocity": 4, "velocityRange": 2, "emissionRange": 6.2832,
                    "spin": 1, "spinRange": 2, "color": "#FF375F", "contents": "data:image/png;base64,$paper"}]}]}
JSON

# Frames 5.0-6.0 s: the emitter has 5,000 particles out from 5 s on.
frames=(--seconds 6 --fps 30 --frames 150-179 --size 1920x1080 --no-session -q)
rounds=${ROUNDS:-5}
particles=(); loader=()
run_particles() { particles+=("$(wall $animvid encode --scene-file "$work/particles-5000.json" "${frames[@]}" -)"); }
run_loader() { loader+=("$(wall $animvid encode --scene loader "${frames[@]}" -)"); }
for round in $(seq "$rounds"); do
  if [ $((round % 2)) = 1 ]; then run_particles; run_loader; else run_loader; run_particles; fi
done
p=$(best "${particles[@]}"); l=$(best "${loader[@]}")
echo "particles: 5,000 live (1,000 a second living 5 s), 30x18-pixel pieces at 1920x1080, 30 frames, best of $rounds runs each"
echo "  particles ${p} s (runs: ${particles[*]}), loader ${l} s (runs: ${loader[*]}), ratio $(python3 -c "print(f'{$p / $l:.2f}')") (target ≤ 2)"
