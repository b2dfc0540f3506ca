#!/bin/bash
# Submits a sharded encode to Slurm: a job array of SHARDS shards, and a join that runs when
# every shard has succeeded. Prints the two job ids.
#   deploy/slurm/submit-encode.sh SHARDS [encode options] OUTPUT
#   deploy/slurm/submit-encode.sh 8 --scene loader --seconds 60 --size 3840x2160 /shared/out.mp4
# Extra sbatch options (partition, account, time) go in SBATCH_* variables, e.g.
# SBATCH_PARTITION=gpu; ANIMVID names the animvid binary when it is not on the PATH.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
shards=$1
shift
output=${*: -1}
array=$(sbatch --parsable --array=0-$((shards - 1)) "$here/shards.sbatch" "$@")
join=$(sbatch --parsable --dependency=afterok:"$array" --kill-on-invalid-dep=yes "$here/join.sbatch" "$output")
echo "shards: job $array (array 0-$((shards - 1))), join: job $join"
