#!/usr/bin/env bash
# dist.matmul against OpenBLAS and ScaLAPACK (README.md) at size N on P
# ranks, one thread per rank, ROUNDS (default 2) alternating rounds; prints
# the targets met or missed. Short: N = 2048 by default.
#   [ROUNDS=R] bench/matmul/run.sh [N] [P]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
n=${1:-2048}
p=${2:-2}
out=${BUILD_DIR:-$root/build}/bench-matmul
mkdir -p "$out"
export OPENBLAS_NUM_THREADS=1
mpirun=(mpirun --oversubscribe -x OPENBLAS_NUM_THREADS)
[ "$(id -u)" = 0 ] && mpirun+=(--allow-run-as-root)
openblas_inc=/usr/include/x86_64-linux-gnu/openblas-pthread
if [ ! -d "$openblas_inc" ] || ! command -v mpicc >/dev/null; then
  echo "bench/matmul/run.sh: needs libopenblas-dev, libscalapack-openmpi-dev and mpicc" \
       "(bench/run installs them)" >&2
  exit 1
fi
"${root}/build/bin/distc" -O3 "$root/samples/matmul.mlir" -o "$out/matmul"
cc -O2 "$here/dgemm.c" -o "$out/dgemm" -I"$openblas_inc" -lopenblas
mpicc -O2 "$here/pdgemm.c" -o "$out/pdgemm" -lscalapack-openmpi -lopenblas
# The baselines run OpenBLAS's fastest kernel for this CPU. Debian's
# OpenBLAS 0.3.21 does not know recent Xeons (Sapphire/Emerald Rapids) and
# falls back to its SSE3 "Prescott" kernel, 4-5x slower there than its
# SkylakeX (AVX-512) one: an expert sets OPENBLAS_CORETYPE, and so does this
# script when OpenBLAS detects Prescott on a CPU with AVX-512 or AVX2 (the
# timings of this machine are too noisy to choose by a trial run).
detected=$(OPENBLAS_VERBOSE=2 "$out/dgemm" 64 64 64 1 2>&1 | awk '/^Core:/ {print $2}')
if [ "$detected" = Prescott ] && [ -z "${OPENBLAS_CORETYPE:-}" ]; then
  if grep -qw avx512f /proc/cpuinfo; then
    export OPENBLAS_CORETYPE=SkylakeX
  elif grep -qw avx2 /proc/cpuinfo; then
    export OPENBLAS_CORETYPE=Haswell
  fi
fi
[ -n "${OPENBLAS_CORETYPE:-}" ] && mpirun+=(-x OPENBLAS_CORETYPE)
echo "== OpenBLAS kernel: ${OPENBLAS_CORETYPE:-$detected} (detected: $detected)"
# Each round runs every program once, alternating, so that the ratios come
# from the same moments of this (shared, noisy) machine; each program keeps
# its best over the rounds. "cold" is one call on fresh matrices (it also
# pays for the first touch of C and of the work buffers), "warm" the best of
# 3 calls on the same matrices (a library call in a loop): the same policy on
# both sides.
rounds=${ROUNDS:-2}
gflops() { awk '/^gflops/ {g = $2} END {print g}'; }
best() { awk -v a="$1" -v b="$2" 'BEGIN {print (a + 0 > b + 0) ? a : b}'; }
dgemm=0 rows_cold=0 rows_warm=0 summa_cold=0 summa_warm=0 pd_cold=0 pd_warm=0
for ((r = 1; r <= rounds; ++r)); do
  echo "== round $r of $rounds"
  # The whole local product of the row-block algorithm on one core.
  o=$("$out/dgemm" $((n / p)) "$n" "$n" 3); echo "$o"
  dgemm=$(best "$dgemm" "$(awk '{print $NF}' <<<"$o")")
  g=$("${mpirun[@]}" -n "$p" "$out/matmul" --n "$n" --verbose | gflops)
  echo "dist.matmul rows, cold: $g GFLOP/s"; rows_cold=$(best "$rows_cold" "$g")
  g=$("${mpirun[@]}" -n "$p" "$out/matmul" --n "$n" --verbose --reps 3 | gflops)
  echo "dist.matmul rows, warm: $g GFLOP/s"; rows_warm=$(best "$rows_warm" "$g")
  g=$("${mpirun[@]}" -n "$p" "$out/matmul" --n "$n" --verbose --summa | gflops)
  echo "dist.matmul SUMMA, cold: $g GFLOP/s"; summa_cold=$(best "$summa_cold" "$g")
  g=$("${mpirun[@]}" -n "$p" "$out/matmul" --n "$n" --verbose --summa --reps 3 | gflops)
  echo "dist.matmul SUMMA, warm: $g GFLOP/s"; summa_warm=$(best "$summa_warm" "$g")
  o=$("${mpirun[@]}" -n "$p" "$out/pdgemm" "$n" 32 64 128 256); echo "cold: $o"
  pd_cold=$(best "$pd_cold" "$(awk '/best/ {print $NF}' <<<"$o")")
  o=$("${mpirun[@]}" -n "$p" "$out/pdgemm" -r 3 "$n" 32 64 128 256); echo "warm: $o"
  pd_warm=$(best "$pd_warm" "$(awk '/best/ {print $NF}' <<<"$o")")
done
# The targets, from the best of each program over the rounds.
verdict() { awk -v m="$2" -v b="$3" -v t="$4" -v what="$1" 'BEGIN {
  r = m / b; printf "%-58s %7.2f / %7.2f = %.2fx  (target >= %.2fx) %s\n", what, m, b, r, t, (r >= t) ? "met" : "MISSED" }'; }
echo "== summary, N = $n, $p ranks, best of $rounds rounds (GFLOP/s)"
echo "single-core dgemm of the local block: $dgemm; pdgemm cold $pd_cold, warm $pd_warm"
echo "dist.matmul rows cold $rows_cold, warm $rows_warm; SUMMA cold $summa_cold, warm $summa_warm"
verdict "rows vs pdgemm, warm (3 calls, best)" "$rows_warm" "$pd_warm" 1.0
verdict "rows vs pdgemm, cold (one call)" "$rows_cold" "$pd_cold" 1.0
verdict "rows (warm) vs $p x single-core dgemm" "$rows_warm" "$(awk -v d="$dgemm" -v p="$p" 'BEGIN {print d * p}')" 0.5
verdict "SUMMA vs pdgemm, warm" "$summa_warm" "$pd_warm" 1.0
