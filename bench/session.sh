#!/usr/bin/env bash
# The cost of sessions: an uninterrupted segmented encode (2 s segments, journaled, joined at the
# end) against the same encode in one piece, measured alternately in one run. Target ≤ 1.03.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
work=.build/bench
mkdir -p "$work"
command -v /usr/bin/time >/dev/null || { sudo=$([ "$(id -u)" = 0 ] || echo sudo); $sudo apt-get install -y -qq time >/dev/null; }
swift build -c release --product animvid >/dev/null
animvid=.build/release/animvid
wall() { /usr/bin/time -f '%e' -o "$work/time.txt" "$@" >/dev/null 2>&1; cat "$work/time.txt"; }
segmented=(); whole=()
for round in 1 2 3; do
  segmented+=("$(wall $animvid encode --scene dot-grid --seconds "$seconds" --size 1920x1080 -q -y "$work/segmented.mp4")")
  whole+=("$(wall $animvid encode --scene dot-grid --seconds "$seconds" --size 1920x1080 --no-session -q -y "$work/whole.mp4")")
done
median() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
s=$(median "${segmented[@]}"); w=$(median "${whole[@]}")
echo "sessions: dot-grid 1920x1080, $seconds s, median of 3 runs each"
echo "  segmented ${s} s (runs: ${segmented[*]}), one piece ${w} s (runs: ${whole[*]}), ratio $(python3 -c "print(f'{$s / $w:.3f}')") (target ≤ 1.03)"
