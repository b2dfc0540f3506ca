#!/usr/bin/env bash
# Lottie benchmark: the corpus's composite files (Tests/LottieTests/Files) at 1080x1080, all
# their frames, animvid beside rlottie (rlottie-python) and ThorVG (thorvg-python, one thread),
# measured alternately in one run.
#   end to end: animvid encode → MP4 against each player's frames piped into ffmpeg with the same
#               x264 settings (CRF 18, preset medium, no macroblock tree as animvid's encoder
#               has for reproducible bytes, yuv420p), target ≤ 0.85 × the faster; and against
#               ffmpeg's x264 alone on animvid's own raw frames from a file, target ≤ 1.05.
#   per frame:  animvid drawing one thread (raw frames to /dev/null, the animation sampled 8 times
#               as finely as the file's rate so that its drawing outweighs the machine's noise,
#               less an encode of one frame: start-up and reading the file) against the faster
#               player's render call. Target ≤ 1.0.
# Usage: [ROUNDS=3] bench/lottie.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work=.build/bench
mkdir -p "$work"
if [ ! -x .build/browser-venv/bin/python ] || ! .build/browser-venv/bin/python -c 'import rlottie_python, thorvg_python, PIL' 2>/dev/null; then
  python3 -m venv .build/browser-venv
  .build/browser-venv/bin/pip install -q rlottie-python thorvg-python pillow
fi
swift build -c release --product animvid >/dev/null
animvid=.build/release/animvid
py=.build/browser-venv/bin/python
size=1080
rounds=${ROUNDS:-3}
# Wall seconds to the microsecond (time(1) gives hundredths, a tenth of a short file's drawing).
wall() { local start=$EPOCHREALTIME; bash -c "$1" >/dev/null 2>&1; python3 -c "print(f'{$EPOCHREALTIME - $start:.4f}')"; }
best() { printf '%s\n' "$@" | sort -n | head -1; }
ratio() { python3 -c "print(f'{$1 / $2:.2f}')"; }
echo "Lottie benchmark: ${size}x${size}, best of $rounds rounds"
for name in composite mattes-and-masks gradients-stars-images; do
  file=Tests/LottieTests/Files/$name.json
  frames=$(python3 -c "import json; d = json.load(open('$file')); print(int(d['op'] - d['ip']))")
  fine=$(python3 -c "import json; d = json.load(open('$file')); print(8 * d['fr'])")
  ours=() rl=() tv=() alone=() ours_frame=() ours_one=() rl_frame=() tv_frame=()
  # The clip's raw frames, for x264 alone on the same frames.
  $animvid encode --scene-file "$file" --size ${size}x${size} --no-session -q -y "$work/lottie-frames.rgba"
  encode() { echo "$py bench/lottie-ref.py $1 $file $size pipe | ffmpeg -v error -f rawvideo -pix_fmt $2 -s ${size}x${size} -r 30 -i - -c:v libx264 -crf 18 -preset medium -x264-params mbtree=0 -pix_fmt yuv420p -y $work/lottie-theirs.mp4"; }
  per_frame() { $py bench/lottie-ref.py "$1" "$file" "$size" time | sed -n 's/.*median \([0-9.]*\) ms\/frame.*/\1/p'; }
  for _ in $(seq "$rounds"); do
    ours+=("$(wall "$animvid encode --scene-file $file --size ${size}x${size} --no-session -q -y $work/lottie-ours.mp4")")
    rl+=("$(wall "$(encode rlottie bgra)")")
    tv+=("$(wall "$(encode thorvg rgba)")")
    alone+=("$(wall "ffmpeg -v error -f rawvideo -pix_fmt rgba -s ${size}x${size} -r 30 -i $work/lottie-frames.rgba -c:v libx264 -crf 18 -preset medium -x264-params mbtree=0 -pix_fmt yuv420p -y $work/lottie-alone.mp4")")
    ours_frame+=("$(wall "$animvid encode --scene-file $file --size ${size}x${size} --threads 1 --no-session -q --fps $fine -")")
    ours_one+=("$(wall "$animvid encode --scene-file $file --size ${size}x${size} --threads 1 --no-session -q --frames 0-0 -")")
    rl_frame+=("$(per_frame rlottie)")
    tv_frame+=("$(per_frame thorvg)")
  done
  o=$(best "${ours[@]}") r=$(best "${rl[@]}") t=$(best "${tv[@]}") x=$(best "${alone[@]}")
  # A frame's time: the whole encode less an encode of one frame (start-up, reading the file), as
  # the players' times leave out loading theirs.
  of=$(python3 -c "print(f'{($(best "${ours_frame[@]}") - $(best "${ours_one[@]}")) * 1000 / (8 * $frames - 1):.2f}')") rf=$(best "${rl_frame[@]}") tf=$(best "${tv_frame[@]}")
  faster=$(best "$rf" "$tf")
  echo "  $name ($frames frames): end to end animvid $o s, rlottie + ffmpeg $r s, ThorVG + ffmpeg $t s, x264 alone on animvid's raw frames $x s;"
  echo "    ratios to the faster player + ffmpeg $(ratio "$o" "$(best "$r" "$t")") (target ≤ 0.85), to x264 alone $(ratio "$o" "$x") (target ≤ 1.05)"
  echo "    per frame, one thread: animvid $of ms (raw frames out, frame clear included, start-up off), rlottie $rf ms, ThorVG $tf ms, ratio to the faster $(ratio "$of" "$faster") (target ≤ 1.0)"
done
