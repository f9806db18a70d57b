#!/usr/bin/env bash
# bench/shard: the upstream `shard` front end against the equivalent `dist`
# program and a hand-written C + MPI program (README.md), in one run,
# alternating, each timed region the same:
#
#   transpose  B = A^T of N x N f64 by resharding (transpose-shard.mlir),
#              dist.permute (transpose-dist.mlir), pack + MPI_Alltoallv
#              (../baselines/transpose_alltoallv.c);
#   ff         sigmoid(A @ B) @ C, 256x512 @ 512x1024 @ 1024x256 f64,
#              weight-stationary on a 1-D grid (ff-shard.mlir, ff-dist.mlir,
#              ff_mpi.c with OpenBLAS dgemm and with plain loops);
#   transformer  one tensor-parallel transformer layer, sequence 1024 x
#              hidden 1024, 16 heads of 64, MLP 4096, f32: column-parallel
#              QKV, attention per head, row-parallel output projection, the
#              MLP the same way, two all_reduces (transformer-shard.mlir,
#              transformer_mpi.c with OpenBLAS sgemm).
#
#   bench/shard/run.sh [P] [N] [ROUNDS] [REPS]     (default 2 2048 3 10)
#
# Each program times REPS operations and prints the slowest rank's best;
# the ROUNDS rounds run every program in turn, and each keeps its best round.
# Prints `RESULT bench=.. method=.. n=.. ranks=.. min=..` lines (the format of
# bench/run), then `RATIO` lines (time / time: below 1 the first is faster)
# with the load average. Builds with $DISTC (default build/bin/distc) -O2 and
# `make -C bench shard`.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
P=${1:-2}
N=${2:-2048}
ROUNDS=${3:-3}
REPS=${4:-10}
DISTC=${DISTC:-$root/build/bin/distc}
out=${BUILD_DIR:-$root/build}/bench-shard
mkdir -p "$out"
export OPENBLAS_NUM_THREADS=1
mpirun=(mpirun --oversubscribe -x OPENBLAS_NUM_THREADS)
[ "$(id -u)" = 0 ] && mpirun+=(--allow-run-as-root)

# shard programs need static shapes: the grid size and N are set in the text
sed -e "s/shape = 2)/shape = $P)/" -e "s/2048/$N/g" "$here/transpose-shard.mlir" > "$out/transpose-shard.mlir"
sed -e "s/shape = 2)/shape = $P)/" "$here/ff-shard.mlir" > "$out/ff-shard.mlir"
sed -e "s/shape = 2)/shape = $P)/" "$here/transformer-shard.mlir" > "$out/transformer-shard.mlir"
for prog in transpose-shard ff-shard transformer-shard; do
  "$DISTC" -O2 "$out/$prog.mlir" -o "$out/$prog"
done
for prog in transpose-dist ff-dist; do
  "$DISTC" -O2 "$here/$prog.mlir" -o "$out/$prog"
done
make -s -C "$root/bench" OUT="$out" shard

declare -A best
keep() { # method seconds
  if [ -z "${best[$1]:-}" ] || awk -v a="$2" -v b="${best[$1]}" 'BEGIN {exit !(a < b)}'; then
    best[$1]=$2
  fi
}
mlir_run() { # method program args...
  local method=$1 prog=$2
  shift 2
  local text
  text=$("${mpirun[@]}" -n "$P" "$out/$prog" --reps "$REPS" "$@")
  if grep -q '^errors [1-9]' <<<"$text"; then
    echo "CHECK FAILED: $prog: $(tr '\n' ' ' <<<"$text")" >&2
    exit 1
  fi
  keep "$method" "$(sed -n 's/^seconds //p' <<<"$text")"
  sed -n 's/^sum /INFO '"$method"' sum=/p' <<<"$text"
}
c_run() { # prefix program args...
  local prefix=$1 prog=$2
  shift 2
  local line
  while read -r line; do
    case $line in
      RESULT*)
        local m t
        m=$(sed 's/.* method=\([^ ]*\).*/\1/' <<<"$line")
        t=$(sed 's/.* min=\([^ ]*\).*/\1/' <<<"$line")
        keep "$prefix$m" "$t" ;;
      *FAILED*) echo "$line" >&2; exit 1 ;;
      INFO*) echo "$line" ;;
    esac
  done < <("${mpirun[@]}" -n "$P" "$out/$prog" -n "$N" -r "$REPS" "$@")
}

for round in $(seq "$ROUNDS"); do
  mlir_run transpose:shard transpose-shard
  mlir_run transpose:dist transpose-dist --n "$N"
  c_run transpose:c_ transpose_alltoallv -k 1
  mlir_run ff:shard ff-shard
  mlir_run ff:dist ff-dist
  c_run ff: shard_ff_mpi
  mlir_run transformer:shard transformer-shard
  c_run transformer: shard_transformer_mpi
done

load=$(cut -d' ' -f1-3 /proc/loadavg)
for key in $(printf '%s\n' "${!best[@]}" | sort); do
  bench=${key%%:*}
  case $bench in
    transpose) n=$N ;;
    transformer) n=1024 ;;
    *) n=256 ;;
  esac
  echo "RESULT bench=shard_$bench method=${key#*:} n=$n ranks=$P reps=$REPS rounds=$ROUNDS min=${best[$key]}"
done
ratio() { # label a b
  awk -v a="${best[$2]}" -v b="${best[$3]}" -v l="$load" -v s="$1" \
    'BEGIN {printf "RATIO %s = %.3f (%.4g s / %.4g s), load %s\n", s, a / b, a, b, l}'
}
ratio "transpose shard/dist" transpose:shard transpose:dist
ratio "transpose shard/c_mpi_alltoallv" transpose:shard transpose:c_mpi_alltoallv
ratio "ff shard/dist" ff:shard ff:dist
ratio "ff shard/c_mpi_loops" ff:shard ff:c_mpi_loops
ratio "ff shard/c_mpi_blas" ff:shard ff:c_mpi_blas
ratio "transformer shard/c_mpi_blas" transformer:shard transformer:c_mpi_blas
