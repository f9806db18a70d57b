#!/usr/bin/env bash
# The runtime and its tests built with AddressSanitizer + UndefinedBehavior-
# Sanitizer (-DDISTC_ENABLE_SANITIZERS=ON) in a separate, runtime-only build
# directory (build-asan/, -DDISTC_BUILD_COMPILER=OFF: a minute, no MLIR), then
# the runtime lit tests (test/runtime) run there.
#
# Open MPI itself is not instrumented and keeps allocations alive until exit
# that LeakSanitizer would report as leaks (libmpi, libopen-pal, libpmix, ...):
# scripts/lsan-openmpi.supp suppresses those libraries only, so a leak in our
# code is still an error. For the suppressions to see the libraries, leak
# stacks are unwound fully (fast_unwind_on_malloc=0: Open MPI has no frame
# pointers) and Open MPI keeps its components loaded until exit
# (mca_base_component_disable_dlclose), else their frames are "<unknown module>". UBSan stops at the first report
# (-fno-sanitize-recover in runtime/CMakeLists.txt).
set -euo pipefail
cd "$(dirname "$0")/.."
ASAN_BUILD_DIR=${ASAN_BUILD_DIR:-build-asan}
if [ ! -f "$ASAN_BUILD_DIR/build.ninja" ]; then
  cmake -G Ninja -S . -B "$ASAN_BUILD_DIR" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DDISTC_BUILD_COMPILER=OFF -DDISTC_ENABLE_SANITIZERS=ON
fi
cmake --build "$ASAN_BUILD_DIR"
supp=$PWD/scripts/lsan-openmpi.supp
# allocator_may_return_null=1: an impossible allocation returns null to the
# runtime, which reports it itself ("idtr: error: out of memory allocating
# N bytes", test/runtime/errors.test) instead of ASan ending the process.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:fast_unwind_on_malloc=0:detect_odr_violation=0:allocator_may_return_null=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$supp:print_suppressions=0:fast_unwind_on_malloc=0}
export OMPI_MCA_mca_base_component_disable_dlclose=1
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
lit=$(command -v lit || echo /usr/lib/llvm-22/bin/lit)
# -j1: two mpiruns starting at the same moment in one TMPDIR can race on
# creating Open MPI's session directory ("mkdir ... File exists").
exec "$lit" -sv -j1 "$ASAN_BUILD_DIR/test/runtime" "$@"
