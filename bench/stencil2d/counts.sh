#!/usr/bin/env bash
# Messages and bytes per rank per step of bench/stencil2d/jacobi.mlir, as
# Open MPI's pml monitoring counts them (the user-level point-to-point
# messages, the `E` lines of PREFIX.<rank>.prof; the `I` lines, messages
# inside collectives, are left out): 1-D rows (5-point), grid 5-point (a
# star: faces only) and grid 9-point (a box: faces and corners), on P
# ranks oversubscribed. Steady state: a run of K + 10 steps minus one of K
# steps, divided by 10, so setup, plan agreement and the final reduction
# drop out. Counts only, not times.
#
#   bench/stencil2d/counts.sh [N] [K] [P...]      (default 8192 2 4 6 16)
# Prints `COUNTS layout=... P=... grid=... msgs_mean=... msgs_max=...
# bytes_mean=... bytes_max=...` (per rank per step, mean and busiest rank).
set -euo pipefail
cd "$(dirname "$0")/../.."
N=${1:-8192}
K=${2:-2}
shift $(( $# < 2 ? $# : 2 ))
if [ $# -gt 0 ]; then RANKS=("$@"); else RANKS=(4 6 16); fi
DISTC=${DISTC:-build/bin/distc}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$DISTC" bench/stencil2d/jacobi.mlir -o "$out/jacobi"

# Per rank: "messages bytes" of the E lines of one run.
counts() { # P steps args...
  local P=$1 steps=$2
  shift 2
  rm -f "$out"/p.*.prof
  mpirun --allow-run-as-root --oversubscribe --mca pml_monitoring_enable 2 \
    --mca pml_monitoring_enable_output 3 --mca pml_monitoring_filename "$out/p" \
    -n "$P" "$out/jacobi" --n "$N" --iterations "$steps" "$@" >/dev/null 2>&1
  for r in $(seq 0 $((P - 1))); do
    awk -F'\t' '$1 == "E" {split($4, b, " "); split($5, m, " "); B += b[1]; M += m[1]}
                END {print M + 0, B + 0}' "$out/p.$r.prof"
  done
}

for P in "${RANKS[@]}"; do
  for layout in rows grid5 grid9; do
    case $layout in
      rows) args=(--grid false) ;;
      grid5) args=(--grid true) ;;
      grid9) args=(--grid true --box true) ;;
    esac
    counts "$P" "$K" "${args[@]}" > "$out/a"
    counts "$P" $((K + 10)) "${args[@]}" > "$out/b"
    paste "$out/a" "$out/b" | awk -v layout=$layout -v P="$P" '
      { m = ($3 - $1) / 10; b = ($4 - $2) / 10; sm += m; sb += b
        if (m > mm) mm = m; if (b > mb) mb = b }
      END { printf "COUNTS layout=%s P=%d msgs_mean=%.2f msgs_max=%d bytes_mean=%.1f bytes_max=%d\n",
                   layout, P, sm / P, mm, sb / P, mb }'
  done
done
