#!/usr/bin/env bash
# What sharding and batching cost, measured side by side in one run:
#  1. two shards (each pinned to a core with taskset, --threads 1 --encoder-threads 1, the last
#     joining) against one such worker alone, wall time on a 20 s 1080p clip: target ≤ 0.55;
#  2. the CPU time (user + system) of those two shards and the join against that worker: target
#     ≤ 1.05, beside the machine's share of it (two one-process encodes at once against one);
#  3. a batch of 200 rows of 4 s clips against one encode of the same 800 s in one session (the
#     same 2 s segments): the time a clip costs in the batch beyond its share of that encode
#     (start-up, set-up, finalize), as a share of that share: target ≤ 5%; and against the 800 s
#     in one piece (--no-session), which also counts what the segments cost (bench/session.sh).
# Usage: [ROUNDS=3] [ROWS=200] [BATCH_SIZE=320x180] bench/cluster.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/setup.sh
command -v taskset >/dev/null || { echo "bench/cluster.sh: taskset (util-linux) is missing" >&2; exit 1; }
[ "$(nproc)" -ge 2 ] || { echo "bench/cluster.sh: needs two cores" >&2; exit 1; }
rounds=${ROUNDS:-3} rows=${ROWS:-200} batch_size=${BATCH_SIZE:-320x180}
clip=(--scene loader --seconds 20 --size 1920x1080 --threads 1 --encoder-threads 1 -q)
ratio() { python3 -c "print(f'{$1 / $2:.3f}')"; }

# cpu NAME COMMAND…: runs COMMAND, its user + system seconds to $work/cpu-NAME.txt.
cpu() {
  /usr/bin/time -f '%U %S' -o "$work/cpu-$1.txt" "${@:2}" >/dev/null 2>"$work/cpu-$1.err" \
    || { echo "bench: failed: ${*:2} ($(tail -2 "$work/cpu-$1.err" | tr '\n' ' '))" >&2; return 1; }
}
cpu_of() { cat "$@" | awk '{ total += $1 + $2 } END { printf "%.2f", total }'; }
seconds_since() { python3 -c "import time; print(f'{time.time() - $1:.2f}')"; }

# 1. Two pinned shards against one pinned worker: wall time, and CPU of the shards and the join.
one_worker() { # prints wall and CPU seconds
  local start; start=$(date +%s.%N)
  cpu one taskset -c 0 "$animvid" encode "${clip[@]}" -y "$work/one.mp4"
  echo "$(seconds_since "$start") $(cpu_of "$work/cpu-one.txt")"
}
two_shards() {
  rm -rf "$work/two.mp4" "$work/.two.mp4.animvid"
  local start first; start=$(date +%s.%N)
  cpu pinned0 taskset -c 0 "$animvid" encode "${clip[@]}" --shard 0/2 --join "$work/two.mp4" & first=$!
  cpu pinned1 taskset -c 1 "$animvid" encode "${clip[@]}" --shard 1/2 --join "$work/two.mp4"
  wait "$first"
  echo "$(seconds_since "$start") $(cpu_of "$work"/cpu-pinned?.txt)"
}
singles=(); pairs=(); single_cpu=(); pair_cpu=()
for round in $(seq "$rounds"); do
  if [ $((round % 2)) = 1 ]; then read -r w c < <(one_worker); singles+=("$w"); single_cpu+=("$c"); read -r w c < <(two_shards); pairs+=("$w"); pair_cpu+=("$c")
  else read -r w c < <(two_shards); pairs+=("$w"); pair_cpu+=("$c"); read -r w c < <(one_worker); singles+=("$w"); single_cpu+=("$c"); fi
done
s=$(best "${singles[@]}") p=$(best "${pairs[@]}")
echo "cluster: loader 1920x1080, 20 s, --threads 1 --encoder-threads 1, best of $rounds runs each"
echo "  wall: two shards pinned to a core each, the last joining ${p} s (runs: ${pairs[*]}), one pinned worker ${s} s (runs: ${singles[*]}), ratio $(ratio "$p" "$s") (target ≤ 0.55)"
s=$(best "${single_cpu[@]}") p=$(best "${pair_cpu[@]}")
echo "  CPU: those two shards and their join ${p} s (runs: ${pair_cpu[*]}), the worker ${s} s (runs: ${single_cpu[*]}), ratio $(ratio "$p" "$s") (target ≤ 1.05)"

# 2. The machine's share of that CPU: two one-process encodes at once, each pinned to a core,
# against one alone. Two busy cores share the caches and the memory bus, so each runs slower
# than alone; sharding's own cost is the CPU ratio above over this one.
twin_workers() {
  local first
  cpu twin0 taskset -c 0 "$animvid" encode "${clip[@]}" -y "$work/twin0.mp4" & first=$!
  cpu twin1 taskset -c 1 "$animvid" encode "${clip[@]}" -y "$work/twin1.mp4"
  wait "$first"
  python3 -c "print(f'{$(cpu_of "$work"/cpu-twin?.txt) / 2:.2f}')"
}
twins=()
for round in $(seq "$rounds"); do twins+=("$(twin_workers)"); done
t=$(best "${twins[@]}")
echo "  calibration: CPU of one of two workers at once ${t} s (runs: ${twins[*]}) / one alone ${s} s = $(ratio "$t" "$s"); shards / two workers at once = $(ratio "$p" "$t")"

# 3. A batch of $rows 4 s clips against the same frames in one encode.
cat > "$work/batch-preset.json" <<EOF
{"scene": "loader", "size": "$batch_size", "fps": 30, "seconds": 4, "outputs": [{"file": "default.mp4"}]}
EOF
{ echo "outputs.0.file"; for row in $(seq "$rows"); do echo "$work/batch/clip-$row.mp4"; done; } > "$work/batch-rows.csv"
batch() { rm -rf "$work/batch"; mkdir -p "$work/batch"; wall "$animvid" batch "$work/batch-preset.json" --rows "$work/batch-rows.csv" -q; }
long() { wall "$animvid" encode --scene loader --size "$batch_size" --seconds $((rows * 4)) -q -y "$work/long.mp4"; }
piece() { wall "$animvid" encode --scene loader --size "$batch_size" --seconds $((rows * 4)) --no-session -q -y "$work/long.mp4"; }
batches=(); longs=(); pieces=()
for round in $(seq "$rounds"); do
  if [ $((round % 2)) = 1 ]; then batches+=("$(batch)"); longs+=("$(long)"); pieces+=("$(piece)")
  else pieces+=("$(piece)"); longs+=("$(long)"); batches+=("$(batch)"); fi
done
b=$(best "${batches[@]}") l=$(best "${longs[@]}") o=$(best "${pieces[@]}")
echo "  batch of $rows 4 s clips at $batch_size ${b} s (runs: ${batches[*]}); one $((rows * 4)) s encode: a session ${l} s (runs: ${longs[*]}), in one piece ${o} s (runs: ${pieces[*]})"
echo "  per clip: $(python3 -c "print(f'{$b / $rows * 1000:.1f} ms in the batch, {$l / $rows * 1000:.1f} ms of a session: overhead {($b - $l) / $l * 100:.1f}% (target ≤ 5%); against one piece {($b - $o) / $o * 100:.1f}%')")"
