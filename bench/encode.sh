#!/usr/bin/env bash
# Encoder-floor benchmark: animvid's encode beside ffmpeg encoding the very same frames (dumped
# beforehand with animvid's raw output), measured in one run: wall time and CPU time (user + sys),
# plus peak memory of a 60 s clip against a 4 s one, and with a soundtrack against without. Usage: [ROUNDS=3] bench/encode.sh [SECONDS]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
source bench/setup.sh

# Runs a command under /usr/bin/time; prints "wall cpu maxrss_kib".
measure() {
  /usr/bin/time -f '%e %U %S %M' -o "$work/time.txt" "$@" >/dev/null 2>"$work/stderr.txt" || { cat "$work/stderr.txt"; exit 1; }
  awk '{ printf "%.2f %.2f %d\n", $1, $2 + $3, $4 }' "$work/time.txt"
}
ratio() { python3 -c "print(f'{$1 / $2:.2f}')"; }

# Shared machines drift between runs, so animvid and ffmpeg take turns for $rounds rounds and
# each keeps its best wall time (with the CPU time of that run).
rounds=${ROUNDS:-3}
best() {  # "wall cpu rss" lines on stdin -> the line with the smallest wall time
  sort -n -k1,1 | head -1
}

compare() {  # scene, extension, animvid codec flags, ffmpeg codec flags
  local scene=$1 ext=$2 ours=$3 theirs=$4
  $animvid encode --scene "$scene" --seconds "$seconds" --size 1920x1080 -q -y "$work/$scene.rgba"
  : > "$work/ours.txt"; : > "$work/theirs.txt"
  for _ in $(seq "$rounds"); do
    measure $animvid encode --scene "$scene" --seconds "$seconds" --size 1920x1080 $ours -q -y "$work/$scene-animvid.$ext" >> "$work/ours.txt"
    measure ffmpeg -v error -f rawvideo -pix_fmt rgba -s 1920x1080 -r 30 -i "$work/$scene.rgba" $theirs -y "$work/$scene-ffmpeg.$ext" >> "$work/theirs.txt"
  done
  read -r aw ac am < <(best < "$work/ours.txt")
  read -r fw fc fm < <(best < "$work/theirs.txt")
  rm -f "$work/$scene.rgba"
  printf '  %-8s %-5s animvid wall %6.2f s cpu %6.2f s | ffmpeg wall %6.2f s cpu %6.2f s | wall ratio %s (≤ 1.0) cpu ratio %s (≤ 1.1)\n' \
    "$scene" "$ext" "$aw" "$ac" "$fw" "$fc" "$(ratio "$aw" "$fw")" "$(ratio "$ac" "$fc")"
}

echo "encoder floor: 1920x1080, 30 fps, $seconds s, the same frames through animvid and through ffmpeg (best of $rounds)"
x264="-c:v libx264 -preset medium -crf 18 -x264-params mbtree=0 -pix_fmt yuv420p"
vp9="-c:v libvpx-vp9 -crf 24 -b:v 0 -cpu-used 4 -row-mt 1 -deadline good -pix_fmt yuv420p"
compare loader mp4 "" "$x264"
compare dot-grid mp4 "" "$x264"
compare loader webm "" "$vp9"
compare dot-grid webm "" "$vp9"

echo "memory: peak RSS of a 60 s clip against a 4 s clip (target ≤ 1.15)"
for ext in mp4 webm; do
  read -r _ _ short < <(measure $animvid encode --scene dot-grid --seconds 4 --size 1920x1080 -q -y "$work/short.$ext")
  read -r _ _ long < <(measure $animvid encode --scene dot-grid --seconds 60 --size 1920x1080 -q -y "$work/long.$ext")
  printf '  %-5s 4 s: %d KiB, 60 s: %d KiB, ratio %s\n' "$ext" "$short" "$long" "$(ratio "$long" "$short")"
done

echo "memory: peak RSS of a 60 s clip with a 60 s soundtrack against the same clip without (target ≤ 1.0, within noise)"
ffmpeg -v error -y -f lavfi -i "sine=frequency=440:duration=60:sample_rate=44100" -ac 2 "$work/tone-60s.wav"
for ext in mp4 webm; do
  read -r _ _ silent < <(measure $animvid encode --scene dot-grid --seconds 60 --size 1920x1080 -q -y "$work/long.$ext")
  read -r _ _ sound < <(measure $animvid encode --scene dot-grid --seconds 60 --size 1920x1080 --audio "$work/tone-60s.wav" -q -y "$work/sound.$ext")
  printf '  %-5s without: %d KiB, with: %d KiB, ratio %s\n' "$ext" "$silent" "$sound" "$(ratio "$sound" "$silent")"
done
