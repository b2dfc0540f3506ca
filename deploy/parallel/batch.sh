#!/bin/bash
# A batch with GNU parallel: SHARDS processes, each rendering an even, contiguous share of the
# table's rows (animvid batch --shard auto/N, its number from PARALLEL_SEQ); their JSON-lines
# reports go to standard output, one after another.
#   deploy/parallel/batch.sh SHARDS PRESET DATA.csv [encode options] > report.jsonl
#   SSHLOGIN=node1,node2 deploy/parallel/batch.sh 8 promo.json customers.csv -q > report.jsonl
# A rerun does only the rows whose outputs are missing. Over ssh, the hosts share the folders.
set -euo pipefail
shards=$1 preset=$2 rows=$3
shift 3
remote=()
[ -n "${SSHLOGIN:-}" ] && remote=(--sshlogin "$SSHLOGIN" --workdir .)
exec parallel --will-cite --halt never -N0 --jobs "$shards" "${remote[@]}" -q \
  "${ANIMVID:-animvid}" batch "$preset" --rows "$rows" --shard "auto/$shards" --progress none "$@" ::: $(seq "$shards")
