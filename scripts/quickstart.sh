#!/usr/bin/env bash
# The README main-job command: install what is missing, build, then compile
# a bundled sample and run it on 2 ranks.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
SAMPLE=${1:-samples/distruntime/roundtrip.mlir}
build/bin/distc-opt "$SAMPLE"
