#!/usr/bin/env bash
# The README test command: install what is missing, build, run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
cmake --build "${BUILD_DIR:-build}" --target check-distc
