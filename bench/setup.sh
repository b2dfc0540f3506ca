# The set-up the benchmark scripts share, sourced from the repository's root: the scratch folder
# $work, GNU time (installed when missing), animvid built for release as $animvid, and `wall`
# (a command's wall time in seconds; a command that fails fails the benchmark) and `best` (the
# least of its arguments).
work=.build/bench
mkdir -p "$work"
command -v /usr/bin/time >/dev/null || { sudo=$([ "$(id -u)" = 0 ] || echo sudo); $sudo apt-get install -y -qq time >/dev/null; }
swift build -c release --product animvid >/dev/null
animvid=.build/release/animvid
wall() {
  if /usr/bin/time -f '%e' -o "$work/time.txt" "$@" >/dev/null 2>"$work/wall.err"; then
    tail -1 "$work/time.txt"
  else
    echo "bench: failed: $* ($(tail -2 "$work/wall.err" | tr '\n' ' '))" >&2
    return 1
  fi
}
best() { printf '%s\n' "$@" | sort -n | head -1; }
