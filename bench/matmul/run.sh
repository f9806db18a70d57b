#!/usr/bin/env bash
# dist.matmul against OpenBLAS and ScaLAPACK (README.md): one run of each at
# size N on P ranks, one thread per rank. Short: N = 2048 by default.
#   bench/matmul/run.sh [N] [P]
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
# The local block of the row-block algorithm: N/P rows times one panel of B
# (N x N/4), the product distc-tile-matmul tunes.
echo "== local block, one core: OpenBLAS dgemm"
"$out/dgemm" $((n / p)) "$n" $((n / 4)) 2
echo "== dist.matmul, $p ranks"
"${mpirun[@]}" -n "$p" "$out/matmul" --n "$n" --verbose
echo "== dist.matmul, SUMMA on a run-time grid of $p ranks (--summa)"
"${mpirun[@]}" -n "$p" "$out/matmul" --n "$n" --verbose --summa
echo "== ScaLAPACK pdgemm, $p ranks, block sizes 32..256"
"${mpirun[@]}" -n "$p" "$out/pdgemm" "$n" 32 64 128 256
