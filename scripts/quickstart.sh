#!/usr/bin/env bash
# The README main-job command: install what is missing, build, then compile
# a bundled sample with distc and run it on 2 ranks.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
SAMPLE=${1:-samples/stencil.mlir}
EXE=${BUILD_DIR:-build}/$(basename "$SAMPLE" .mlir)
"${BUILD_DIR:-build}"/bin/distc "$SAMPLE" -o "$EXE"
if [ "$(id -u)" -eq 0 ]; then
  export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
fi
mpirun --oversubscribe -n 2 "$EXE"
