#!/bin/bash
# make test-cluster: the Slurm recipes on a real (one-machine) Slurm cluster. Starts one with
# local-cluster.sh, submits a sharded encode with submit-encode.sh (a job array of shards and a
# join after them), requeues a shard while it is encoding, and checks that the joined file
# decodes to the frames of an encode in one process; then runs a batch as a job array with
# batch.sbatch and checks its clips and reports. Stops the cluster and removes its folder.
#   deploy/slurm/test-cluster.sh ANIMVID
set -euo pipefail
animvid=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/animvid-slurm.XXXXXX)
cluster=$work/cluster
trap '"$here/local-cluster.sh" stop "$cluster"; rm -rf "$work"' EXIT
fail() { echo "test-cluster: FAILED: $*" >&2; for f in "$work"/*.log "$cluster"/slurmctld.log; do echo "== $f" >&2; tail -n 20 "$f" >&2; done; exit 1; }

eval "$("$here/local-cluster.sh" start "$cluster")"
export ANIMVID=$animvid
cd "$work"

# Waits until job $1 (and every task of it) has left the queue, at most $2 seconds.
wait_for() {
  for _ in $(seq $(( $2 * 5 ))); do
    [ -z "$(squeue -h -j "$1" 2>/dev/null)" ] && return 0
    sleep 0.2
  done
  fail "job $1 still queued after $2 s: $(squeue -j "$1")"
}
# The state Slurm recorded for every task of job $1, one a line.
states() { scontrol -o show job "$1" | grep -o 'JobState=[A-Z_]*' | sort | uniq -c; }
frames() { ffmpeg -v error -i "$1" -f framemd5 - | grep -v '^#'; }

# 6 s of dot-grid in 0.5 s segments: 12 segments, 3 shards.
clip=(--scene dot-grid --seconds 6 --size 320x180 --segment-seconds 0.5 --threads 1)
"$animvid" encode "${clip[@]}" --progress none whole.mp4

echo "test-cluster: a sharded encode: 3 shards and a join"
submitted=$("$here/submit-encode.sh" 3 "${clip[@]}" "$work/out.mp4")
echo "  $submitted"
array=$(sed -E 's/^shards: job ([0-9]+).*/\1/' <<<"$submitted")
join=$(sed -E 's/.*join: job ([0-9]+)$/\1/' <<<"$submitted")

# Requeue shard 1 once it holds a claim on an unfinished segment: Slurm kills it and runs it
# again; the second run redoes that segment.
session=$work/.out.mp4.animvid
for _ in $(seq 600); do
  held=$(grep -l -E '"shard" *: *1,' "$session"/claim-* 2>/dev/null | sed -E 's/.*claim-0*([0-9]+)$/\1/' | while read -r i; do
    [ -e "$session/done-$(printf %05d "$i").json" ] || echo "$i"; done | head -n 1) || true
  [ -n "$held" ] && break
  sleep 0.05
done
[ -n "$held" ] || fail "shard 1 never held a claim"
scontrol requeue "${array}_1"
echo "  requeued shard 1 while it held segment $held"
# Slurm holds a requeued task back for two minutes (its begin time); once it is pending
# again, let it start at once.
for _ in $(seq 100); do
  scontrol -o show job "${array}_1" | grep -q 'JobState=PENDING' && break
  sleep 0.1
done
scontrol update JobId="${array}_1" StartTime=now
wait_for "$array" 300
wait_for "$join" 120
states "$array" | grep -q -v COMPLETED && fail "the shards did not all complete: $(states "$array")"
scontrol -o show job "${array}_1" | grep -q 'Restarts=1' || fail "shard 1 was not requeued: $(scontrol -o show job "${array}_1")"
states "$join" | grep -q COMPLETED || fail "the join did not complete: $(states "$join")"
[ -f out.mp4 ] || fail "no out.mp4"
[ "$(frames out.mp4)" = "$(frames whole.mp4)" ] || fail "out.mp4's frames differ from the one-process encode's"
[ ! -e "$session" ] || fail "the join left the session folder"
echo "  the joined out.mp4 decodes to the one-process frames (180 frames, shard 1 requeued)"

echo "test-cluster: a batch of 5 rows as a job array of 2"
cat > promo.json <<'EOF'
{"scene": "dot-grid", "params": {"color": "#FF0000"}, "size": "160x90", "fps": 30, "seconds": 1, "outputs": [{"file": "default.mp4"}]}
EOF
{
  echo 'params.color,outputs.0.file'
  for i in 1 2 3 4 5; do echo "#${i}0${i}0FF,clip-$i.mp4"; done
} > rows.csv
batch=$(sbatch --parsable --array=0-1 "$here/batch.sbatch" promo.json rows.csv --threads 1)
wait_for "$batch" 300
states "$batch" | grep -q -v COMPLETED && fail "the batch's tasks did not all complete: $(states "$batch")"
for i in 1 2 3 4 5; do
  [ "$(ffprobe -v error -count_frames -show_entries stream=nb_read_frames -of csv=p=0 "clip-$i.mp4")" = 30 ] \
    || fail "clip-$i.mp4 does not hold 30 frames"
done
done=$(cat animvid-batch-"$batch"_*.log | grep -c '"status":"done"') || true
[ "$done" = 5 ] || fail "the batch reports $done rows done, not 5"
echo "  5 clips of 30 frames, 5 rows reported done"
echo "test-cluster: passed"
