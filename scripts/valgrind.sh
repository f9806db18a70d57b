#!/usr/bin/env bash
# valgrind memcheck on compiled samples under mpirun (2 ranks):
#   scripts/valgrind.sh [sample.mlir ...]     (default: samples/*.mlir)
# Uses Open MPI's own suppression file plus scripts/valgrind-openmpi.supp for
# what Open MPI 4.1 / PMIx / libevent allocate and keep until exit. A report in
# our code (libidtr, the compiled program) fails the run: exit status 1.
# Results of the last run are in docs/robustness.md.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD_DIR=${BUILD_DIR:-build}
samples=("$@")
[ ${#samples[@]} -gt 0 ] || samples=(samples/*.mlir)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
supp=(--suppressions=scripts/valgrind-openmpi.supp)
[ -f /usr/share/openmpi/openmpi-valgrind.supp ] && supp+=(--suppressions=/usr/share/openmpi/openmpi-valgrind.supp)
status=0
for s in "${samples[@]}"; do
  exe=$work/$(basename "$s" .mlir)
  # distc optimizes for the host CPU (AVX-512 here), which valgrind 3.19
  # cannot decode (SIGILL): emit LLVM IR, compile it for generic x86-64 and
  # let distc link the object with the runtime as usual.
  "$BUILD_DIR/bin/distc" --emit=llvm "$s" -o "$exe.ll"
  clang-22 -O2 -c "$exe.ll" -o "$exe.o"
  "$BUILD_DIR/bin/distc" "$exe.o" -o "$exe"
  mpirun --allow-run-as-root --oversubscribe --bind-to none -n 2 \
    valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite,indirect,possible \
      --errors-for-leak-kinds=definite,indirect,possible --error-exitcode=42 \
      --num-callers=30 "${supp[@]}" --log-file="$work/vg.%p.log" "$exe" > /dev/null || true
  for log in "$work"/vg.*.log; do
    errors=$(sed -n 's/.*ERROR SUMMARY: \([0-9]*\) errors.*/\1/p' "$log")
    lost=$(grep -E "(definitely|indirectly|possibly) lost:" "$log" | tr -s ' ' | cut -d' ' -f2- | paste -sd';' -)
    echo "$(basename "$s") pid ${log##*vg.}: errors=$errors ${lost:-no leaks}"
    if [ "${errors:-1}" != 0 ]; then status=1; sed -n '/^==[0-9]*== [A-Z]/,/^==[0-9]*== $/p' "$log" | head -60; fi
    rm -f "$log"
  done
done
exit $status
