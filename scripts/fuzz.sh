#!/usr/bin/env bash
# Builds fuzz/distc-fuzz in build-fuzz/ (clang-22, -fsanitize=fuzzer,address)
# and fuzzes parse + verify + the default pipeline + LLVM IR translation.
#
#   scripts/fuzz.sh [seconds]        # default 60: the CI smoke run
#   FUZZ_FORK=1 scripts/fuzz.sh 1800 # a campaign that keeps going after a crash
#
# Seeds: every .mlir under test/ and samples/, split on `// -----`
# (fuzz/make-corpus.py), into build-fuzz/fuzz-seeds; the growing corpus is
# build-fuzz/fuzz-corpus (kept between runs); crashing inputs land in
# build-fuzz/fuzz-artifacts/. Exit status: 0 when the run found nothing.
# One fuzzing process (the machine's cores are shared). docs/robustness.md
# says how a crashing input becomes a regression test in test/robustness/.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_TO_RUN=${1:-60}
FUZZ_BUILD_DIR=${FUZZ_BUILD_DIR:-build-fuzz}

if [ ! -f "$FUZZ_BUILD_DIR/build.ninja" ]; then
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  cmake -G Ninja -S . -B "$FUZZ_BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DDISTC_BUILD_FUZZER=ON "${launcher[@]}"
fi
ninja -C "$FUZZ_BUILD_DIR" -j"${FUZZ_BUILD_JOBS:-2}" distc-fuzz

seeds=$FUZZ_BUILD_DIR/fuzz-seeds
corpus=$FUZZ_BUILD_DIR/fuzz-corpus
artifacts=$FUZZ_BUILD_DIR/fuzz-artifacts
rm -rf "$seeds"
python3 fuzz/make-corpus.py . "$seeds"
mkdir -p "$corpus" "$artifacts"

args=(
  -max_total_time="$SECONDS_TO_RUN"
  -rss_limit_mb=4096
  -timeout=30
  -max_len=8192
  -dict=fuzz/mlir.dict
  -artifact_prefix="$artifacts/"
  -print_final_stats=1
)
if [ "${FUZZ_FORK:-0}" = 1 ]; then
  # Keep going after a crash: every crash is written to $artifacts.
  args+=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
fi
# ASan: the uninstrumented MLIR libraries allocate in ways LeakSanitizer
# cannot follow through a fresh context per input; leaks are not what we
# hunt here (valgrind covers the runtime).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
exec "$FUZZ_BUILD_DIR/bin/distc-fuzz" "${args[@]}" "$corpus" "$seeds"
