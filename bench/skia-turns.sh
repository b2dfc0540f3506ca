# The Skia comparison the text and scene benchmarks share, sourced from the repository's root
# after $frames is set: the scratch folder $work, the Python venv with skia-python, numpy and
# uharfbuzz (made when missing), raster-bench built for release, and
#   turns LIST NAME ROUNDS   raster-bench and Skia draw LIST $frames times, taking turns for
#                            ROUNDS rounds; fills ours, skia, ours_first and skia_first (ms a
#                            frame: the medians and the first frames) and leaves the last frames
#                            in $work/NAME-ours.png and $work/NAME-skia.png
#   min A B…                 the least number
work=.build/bench
mkdir -p "$work"
if [ ! -x "$work/venv/bin/python" ] || ! "$work/venv/bin/python" -c 'import skia, numpy, uharfbuzz' 2>/dev/null; then
  python3 -m venv "$work/venv"
  "$work/venv/bin/pip" install -q skia-python numpy uharfbuzz
fi
swift build -c release --product raster-bench >/dev/null

min() { python3 -c "import sys; print(min(map(float, sys.argv[1:])))" "$@"; }
turns() {
  local list=$1 name=$2 rounds=$3 line
  ms() { sed -n 's/.*median \([0-9.]*\) ms\/frame.*/\1/p'; }
  first() { sed -n 's/.*first \([0-9.]*\) ms.*/\1/p'; }
  ours=() skia=() ours_first=() skia_first=()
  for _ in $(seq "$rounds"); do
    line=$(.build/release/raster-bench "$list" "$frames" "$work/$name-ours.png")
    ours+=("$(ms <<<"$line")") ours_first+=("$(first <<<"$line")")
    line=$("$work/venv/bin/python" bench/skia-ref.py "$list" "$frames" "$work/$name-skia.png" 2>/dev/null)
    skia+=("$(ms <<<"$line")") skia_first+=("$(first <<<"$line")")
  done
}
