#!/usr/bin/env bash
# Video layers: docs/scenes/phone-demo.json at 1920x1080, 30 fps, 30 s (900 frames) as raw RGBA,
# its screen showing a 1080x1920 H.264 screen recording (30 fps, moving test pattern: every frame
# is a new picture to decode), against the same clip with the recording's first frame as a still
# image there; the default render threads, measured alternately in one run.
# Target (issue 40): the clip with the video ≤ 1.3 × the clip with the still.
# Usage: [ROUNDS=3] bench/video.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/setup.sh

recording="$work/recording.mp4"
[ -f "$recording" ] || ffmpeg -v error -y -f lavfi -i "testsrc2=s=1080x1920:r=30:d=30" -c:v libx264 -preset fast -g 60 -pix_fmt yuv420p "$recording"
ffmpeg -v error -y -i "$recording" -frames:v 1 "$work/recording.png"
cp docs/scenes/phone-demo.json "$work/phone-video.json"
# The still: the same scene with the screen's video replaced by the picture as its contents.
sed 's|"video": {"file": "$recording", "loop": true}|"contents": "recording.png"|' docs/scenes/phone-demo.json > "$work/phone-still.json"
grep -q '"contents": "recording.png"' "$work/phone-still.json" || { echo "bench/video.sh: the still's scene was not made" >&2; exit 1; }

clip=(--seconds 30 --fps 30 --size 1920x1080 --scale 3 --no-session -q)
rounds=${ROUNDS:-3}
video=(); still=()
run_video() { video+=("$(wall $animvid encode --scene-file "$work/phone-video.json" --param recording="$recording" "${clip[@]}" -)"); }
run_still() { still+=("$(wall $animvid encode --scene-file "$work/phone-still.json" "${clip[@]}" -)"); }
for round in $(seq "$rounds"); do
  if [ $((round % 2)) = 1 ]; then run_video; run_still; else run_still; run_video; fi
done
v=$(best "${video[@]}"); s=$(best "${still[@]}")
echo "video layers: phone-demo at 1920x1080, 900 frames, a 1080x1920 H.264 recording in the phone, best of $rounds runs each"
echo "  with the video ${v} s (runs: ${video[*]}), with a still ${s} s (runs: ${still[*]}); $(python3 -c "
print(f'ratio {$v / $s:.2f} (target ≤ 1.3)')")"
