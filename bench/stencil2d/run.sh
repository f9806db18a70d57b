#!/usr/bin/env bash
# 2-D Jacobi on a process grid vs 1-D row blocks (bench/stencil2d/jacobi.mlir):
#
#  1. bytes sent per rank per step (IDTR_STATS, counted, so any load will
#     do): P ranks (default 4), N (default 8192); the difference of a run of
#     2 and of 4 iterations, halved, so that setup, the final reduction and
#     the first plan build drop out;
#  2. seconds per iteration on 2 ranks, 2-D vs 1-D, alternating, each
#     layout REPS times (default 5), the minimum of each.
#
#   bench/stencil2d/run.sh [P] [N] [timed N] [REPS]
# Prints `BYTES layout=... bytes_per_rank_per_step=...`, the ratio, and
# `TIME layout=... min_s=...` lines with the load average.
set -euo pipefail
cd "$(dirname "$0")/../.."
P=${1:-4}
N=${2:-8192}
TN=${3:-2048}
REPS=${4:-5}
DISTC=${DISTC:-build/bin/distc}
MPIRUN=(mpirun --allow-run-as-root --oversubscribe)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$DISTC" bench/stencil2d/jacobi.mlir -o "$out/jacobi"

# Sum of bytes_sent over the ranks of one run.
bytes() {
  IDTR_STATS=1 "${MPIRUN[@]}" -x IDTR_STATS -n "$P" "$out/jacobi" --n "$N" --iterations "$2" \
      --grid "$1" 2>&1 >/dev/null |
    sed -n 's/.*bytes_sent=\([0-9]*\).*/\1/p' | awk '{s += $1} END {print s}'
}
declare -A per
for layout in false true; do
  a=$(bytes $layout 2)
  b=$(bytes $layout 4)
  per[$layout]=$(( (b - a) / 2 / P ))
  name=$([ $layout = true ] && echo grid || echo rows)
  echo "BYTES layout=$name P=$P N=$N bytes_per_rank_per_step=${per[$layout]}"
done
awk -v g="${per[true]}" -v r="${per[false]}" \
  'BEGIN {printf "BYTES ratio grid/rows = %.4f (target <= 0.55)\n", g / r}'

# Time per iteration on 2 ranks, alternating.
declare -A best
for rep in $(seq "$REPS"); do
  for layout in false true; do
    t=$("${MPIRUN[@]}" -n 2 "$out/jacobi" --n "$TN" --iterations 50 --grid $layout |
        sed -n 's/^seconds per iteration //p')
    if [ -z "${best[$layout]:-}" ] || awk -v a="$t" -v b="${best[$layout]}" 'BEGIN {exit !(a < b)}'; then
      best[$layout]=$t
    fi
  done
done
echo "TIME layout=rows ranks=2 N=$TN min_s=${best[false]}"
echo "TIME layout=grid ranks=2 N=$TN min_s=${best[true]}"
awk -v g="${best[true]}" -v r="${best[false]}" -v l="$(cut -d' ' -f1-3 /proc/loadavg)" \
  'BEGIN {printf "TIME ratio grid/rows = %.4f (target <= 1.05), load %s\n", g / r, l}'
