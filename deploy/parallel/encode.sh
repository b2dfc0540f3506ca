#!/bin/bash
# A sharded encode with GNU parallel: SHARDS shards at once, here or over ssh, the last to
# finish joining. Each shard finds its number in PARALLEL_SEQ (animvid encode --shard auto/N).
#   deploy/parallel/encode.sh SHARDS [encode options] OUTPUT
#   SSHLOGIN=4/node1,4/node2 deploy/parallel/encode.sh 8 --scene loader --seconds 60 /shared/out.mp4
# Over ssh, every host must see the output's folder at the same path (NFS) and run the command
# from the same working folder; ANIMVID names the animvid binary when it is not on the PATH.
set -euo pipefail
shards=$1
shift
remote=()
[ -n "${SSHLOGIN:-}" ] && remote=(--sshlogin "$SSHLOGIN" --workdir .)
# -N0: SHARDS jobs that take no argument; -q: the arguments reach animvid as they are.
exec parallel --will-cite --halt never -N0 --jobs "$shards" "${remote[@]}" -q \
  "${ANIMVID:-animvid}" encode --shard "auto/$shards" --join --progress none "$@" ::: $(seq "$shards")
