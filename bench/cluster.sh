#!/usr/bin/env bash
# What sharding and batching cost, measured side by side in one run:
#  1. two shards (each pinned to a core with taskset, --threads 1 --encoder-threads 1, the last
#     joining) against one such worker alone, wall time on a 20 s 1080p clip: target ≤ 0.55;
#  2. the CPU time (user + system) of 4 shards and the join against a one-process encode of the
#     same clip, both with --threads 1 --encoder-threads 1: target ≤ 1.05;
#  3. a batch of 200 rows of 4 s clips against one encode of the same 800 s in one session: the
#     time a clip costs in the batch beyond its share of that encode (start-up, set-up,
#     finalize), as a share of that share: target ≤ 5%.
# Usage: [ROUNDS=3] [ROWS=200] [BATCH_SIZE=320x180] bench/cluster.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/setup.sh
command -v taskset >/dev/null || { echo "bench/cluster.sh: taskset (util-linux) is missing" >&2; exit 1; }
[ "$(nproc)" -ge 2 ] || { echo "bench/cluster.sh: needs two cores" >&2; exit 1; }
rounds=${ROUNDS:-3} rows=${ROWS:-200} batch_size=${BATCH_SIZE:-320x180}
clip=(--scene loader --seconds 20 --size 1920x1080 --threads 1 --encoder-threads 1 -q)
ratio() { python3 -c "print(f'{$1 / $2:.3f}')"; }

# 1. Two pinned shards against one pinned worker.
one_worker() { wall taskset -c 0 "$animvid" encode "${clip[@]}" -y "$work/one.mp4"; }
two_shards() {
  rm -rf "$work/two.mp4" "$work/.two.mp4.animvid"
  local start end
  start=$(date +%s.%N)
  taskset -c 0 "$animvid" encode "${clip[@]}" --shard 0/2 --join "$work/two.mp4" &
  local first=$!
  taskset -c 1 "$animvid" encode "${clip[@]}" --shard 1/2 --join "$work/two.mp4"
  wait "$first"
  end=$(date +%s.%N)
  python3 -c "print(f'{$end - $start:.2f}')"
}
singles=(); pairs=()
for round in $(seq "$rounds"); do
  if [ $((round % 2)) = 1 ]; then singles+=("$(one_worker)"); pairs+=("$(two_shards)")
  else pairs+=("$(two_shards)"); singles+=("$(one_worker)"); fi
done
s=$(best "${singles[@]}") p=$(best "${pairs[@]}")
echo "cluster: loader 1920x1080, 20 s, one core a process, best of $rounds runs each"
echo "  two shards and the join ${p} s (runs: ${pairs[*]}), one worker ${s} s (runs: ${singles[*]}), ratio $(ratio "$p" "$s") (target ≤ 0.55)"

# 2. CPU of 4 shards and the join against one process.
cpu() { # a command's user + system seconds
  /usr/bin/time -f '%U %S' -o "$work/cpu-$1.txt" "${@:2}" >/dev/null 2>"$work/cpu-$1.err" \
    || { echo "bench: failed: ${*:2} ($(tail -2 "$work/cpu-$1.err" | tr '\n' ' '))" >&2; return 1; }
}
cpu_of() { cat "$@" | awk '{ total += $1 + $2 } END { printf "%.2f", total }'; }
one_process() { cpu whole taskset -c 0 "$animvid" encode "${clip[@]}" -y "$work/whole.mp4"; cpu_of "$work/cpu-whole.txt"; }
four_shards() {
  rm -rf "$work/four.mp4" "$work/.four.mp4.animvid"
  local pids=()
  for shard in 0 1 2 3; do cpu "shard$shard" "$animvid" encode "${clip[@]}" --shard "$shard/4" "$work/four.mp4" & pids+=($!); done
  wait "${pids[@]}"
  cpu join "$animvid" join -q "$work/four.mp4"
  cpu_of "$work"/cpu-shard?.txt "$work/cpu-join.txt"
}
ones=(); fours=()
for round in $(seq "$rounds"); do
  if [ $((round % 2)) = 1 ]; then ones+=("$(one_process)"); fours+=("$(four_shards)")
  else fours+=("$(four_shards)"); ones+=("$(one_process)"); fi
done
o=$(best "${ones[@]}") f=$(best "${fours[@]}")
echo "  CPU: four shards and the join ${f} s (runs: ${fours[*]}), one process ${o} s (runs: ${ones[*]}), ratio $(ratio "$f" "$o") (target ≤ 1.05)"

# 3. A batch of $rows 4 s clips against the same frames in one encode.
cat > "$work/batch-preset.json" <<EOF
{"scene": "loader", "size": "$batch_size", "fps": 30, "seconds": 4, "outputs": [{"file": "default.mp4"}]}
EOF
{ echo "outputs.0.file"; for row in $(seq "$rows"); do echo "$work/batch/clip-$row.mp4"; done; } > "$work/batch-rows.csv"
batch() { rm -rf "$work/batch"; mkdir -p "$work/batch"; wall "$animvid" batch "$work/batch-preset.json" --rows "$work/batch-rows.csv" -q; }
long() { wall "$animvid" encode --scene loader --size "$batch_size" --seconds $((rows * 4)) -q -y "$work/long.mp4"; }
batches=(); longs=()
for round in $(seq "$rounds"); do
  if [ $((round % 2)) = 1 ]; then batches+=("$(batch)"); longs+=("$(long)")
  else longs+=("$(long)"); batches+=("$(batch)"); fi
done
b=$(best "${batches[@]}") l=$(best "${longs[@]}")
echo "  batch of $rows 4 s clips at $batch_size ${b} s (runs: ${batches[*]}), one $((rows * 4)) s encode ${l} s (runs: ${longs[*]})"
echo "  per clip: $(python3 -c "print(f'{$b / $rows * 1000:.1f} ms in the batch, {$l / $rows * 1000:.1f} ms of encode, overhead {($b - $l) / $l * 100:.1f}%')") (target ≤ 5%)"
