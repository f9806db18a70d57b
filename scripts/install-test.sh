#!/usr/bin/env bash
# Tests the installed toolchain (docs/install.md), after scripts/build.sh:
#   1. `cmake --install` into a temporary prefix, which is then moved (the
#      install must be relocatable) and checked: stripped executables, no
#      path of the build or of the first prefix in the installed files;
#   2. from another directory, the moved distc compiles samples/stencil.mlir,
#      which runs under mpirun on 2 ranks and prints what the build tree's
#      distc's executable prints; `distc --version` works, and so does distc
#      through a symbolic link;
#   3. the man page (`man -l`, and `man distc` with MANPATH) and the docs;
#   4. a CMake project: find_package(Distc), a C program linked with
#      Distc::idtr, and a .mlir compiled by Distc::distc, both run on 2 ranks;
#   5. the same C program compiled with `pkg-config --cflags --libs idtr`
#      (shared runtime) and with idtr.pc's static_libs (static runtime);
#   6. `cpack -G DEB`: the package's contents (dpkg-deb -c), not installed.
# Takes about a minute beyond the build, most of it for the Debian package.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
build=$(cd "${BUILD_DIR:-build}" && pwd)
mpirun=(mpirun --allow-run-as-root --oversubscribe --bind-to none)
# The C compiler the build was configured with (clang-22 by scripts/build.sh).
cc=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
work=$(mktemp -d "${TMPDIR:-/tmp}/distc-install-test.XXXXXX")
trap 'rm -rf "$work"' EXIT

fail() { echo "install-test: FAIL: $*" >&2; exit 1; }
step() { echo "install-test: $*"; }

# --- 1. install, move, inspect ------------------------------------------------
step "cmake --install into $work/staged, moved to $work/moved"
cmake --install "$build" --prefix "$work/staged" >"$work/install.log"
mv "$work/staged" "$work/moved"
P=$work/moved
for f in bin/distc bin/distc-opt bin/distc-lsp-server share/distc/editor/distc.tmLanguage.json lib/libidtr.a lib/libidtr.so include/idtr/idtr.h include/idtr/entry_points.def include/idtr/element_types.def \
         lib/cmake/Distc/DistcConfig.cmake lib/cmake/Distc/DistcConfigVersion.cmake \
         lib/cmake/Distc/DistcTargets.cmake lib/pkgconfig/idtr.pc \
         share/man/man1/distc.1 share/doc/distc/README.md share/doc/distc/docs/install.md \
         share/doc/distc/docs/README.md share/doc/distc/docs/DistDialect.md \
         share/doc/distc/docs/DistRuntimeDialect.md share/doc/distc/docs/DistcPasses.md; do
  [ -e "$P/$f" ] || fail "$f is not installed"
done
# A toolchain, not a development tree: distc's own MLIR libraries are in the
# executables.
if ls "$P"/lib/libDistc*.a >/dev/null 2>&1; then
  fail "distc's internal libraries are installed: $(ls "$P"/lib/libDistc*.a)"
fi
for exe in bin/distc bin/distc-opt bin/distc-lsp-server lib/libidtr.so; do
  sections=$(/usr/lib/llvm-22/bin/llvm-readelf -S "$P/$exe")
  if grep -q -e '\.symtab' -e '\.debug_' <<<"$sections"; then
    fail "$exe is not stripped"
  fi
done
# Relocatable: nothing names the first prefix; no build path outside the docs
# (which quote paths as examples).
if grep -r -l -F -e "$work/staged" "$P" >"$work/hits"; then
  fail "the install prefix is baked into: $(cat "$work/hits")"
fi
if grep -r -l -F -e "$build" -e "$src/" "$P/bin" "$P/lib" "$P/include" >"$work/hits"; then
  fail "build paths are baked into: $(cat "$work/hits")"
fi
step "prefix: $(du -sh "$P" | cut -f1)"

# --- 2. compile and run from another directory ----------------------------------
mkdir "$work/elsewhere"
cd "$work/elsewhere"
version=$("$P/bin/distc" --version)
grep -q '^distc version ' <<<"$version" || fail "distc --version printed '$version'"
"$P/bin/distc-opt" --version >/dev/null || fail "distc-opt --version"
"$P/bin/distc" -v "$src/samples/stencil.mlir" -o stencil 2>link.log
grep -q -F " $P/lib/libidtr.a " link.log || fail "the installed distc did not link $P/lib/libidtr.a: $(grep 'link:' link.log)"
"${mpirun[@]}" -n 2 ./stencil >installed.out
"$build/bin/distc" "$src/samples/stencil.mlir" -o stencil-build
"${mpirun[@]}" -n 2 ./stencil-build >build.out
[ -s installed.out ] || fail "the sample printed nothing"
cmp -s installed.out build.out || fail "the installed distc's stencil prints something else: $(diff installed.out build.out)"
# Through a symbolic link elsewhere (as /usr/local/bin/distc -> the prefix):
# distc resolves it and still finds the prefix's runtime.
mkdir links && ln -s "$P/bin/distc" links/distc
links/distc -v "$src/samples/stencil.mlir" -o stencil-link 2>link.log
grep -q -F " $P/lib/libidtr.a " link.log || fail "distc through a symbolic link did not link $P/lib/libidtr.a"
step "installed distc: samples/stencil.mlir on 2 ranks ok (also through a symbolic link)"

# --- 3. man page and docs ---------------------------------------------------
page=$(MANWIDTH=80 man -l "$P/share/man/man1/distc.1" 2>&1)
grep -q "distc - ahead-of-time compiler" <<<"$page" || fail "man -l distc.1: $page"
[ "$(MANPATH="$P/share/man" man -w distc)" = "$P/share/man/man1/distc.1" ] || fail "MANPATH=$P/share/man man distc"
step "man page ok"

# --- 4. a CMake project using the package -------------------------------------
mkdir -p "$work/consumer"
cat >"$work/consumer/nprocs.c" <<'C'
#include <idtr/idtr.h>
#include <stdio.h>
int main(void) {
  long long n = (long long)_idtr_nprocs(0), r = (long long)_idtr_prank(0);
  if (r == 0)
    printf("nprocs %lld\n", n);
  return 0;
}
C
cat >"$work/consumer/first.mlir" <<'MLIR'
func.func @main() {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %x = dist.arange %zero, %one : !dist.tensor<1000xf64>
  %s = dist.reduce sum %x : !dist.tensor<1000xf64> -> f64
  dist.print %s : f64
  return
}
MLIR
cat >"$work/consumer/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.21)
project(consumer C)
find_package(Distc 0.1 REQUIRED COMPONENTS runtime compiler)
message(STATUS "DISTC_EXECUTABLE=${DISTC_EXECUTABLE}")
add_executable(nprocs nprocs.c)
target_link_libraries(nprocs PRIVATE Distc::idtr)
add_executable(nprocs_shared nprocs.c)
target_link_libraries(nprocs_shared PRIVATE Distc::idtr_shared)
add_custom_command(OUTPUT first
  COMMAND Distc::distc ${CMAKE_CURRENT_SOURCE_DIR}/first.mlir -o first
  DEPENDS first.mlir)
add_custom_target(first_program ALL DEPENDS first)
CMAKE
cmake -S "$work/consumer" -B "$work/consumer/build" -G Ninja \
  -DCMAKE_C_COMPILER="$cc" -DCMAKE_PREFIX_PATH="$P" >"$work/consumer.log" || { cat "$work/consumer.log"; fail "configuring a find_package(Distc) project"; }
grep -q -F "DISTC_EXECUTABLE=$P/bin/distc" "$work/consumer.log" || fail "DISTC_EXECUTABLE is not $P/bin/distc"
cmake --build "$work/consumer/build" >>"$work/consumer.log" || { cat "$work/consumer.log"; fail "building against Distc::idtr"; }
for prog in nprocs nprocs_shared; do
  out=$("${mpirun[@]}" -n 2 "$work/consumer/build/$prog")
  [ "$out" = "nprocs 2" ] || fail "$prog printed '$out'"
done
out=$("${mpirun[@]}" -n 2 "$work/consumer/build/first")
[ "$out" = "499500" ] || [ "$out" = "4.995e+05" ] || fail "first (compiled by Distc::distc) printed '$out'"
step "find_package(Distc): Distc::idtr, Distc::idtr_shared, Distc::distc ok"

# --- 5. pkg-config ----------------------------------------------------------
export PKG_CONFIG_PATH=$P/lib/pkgconfig
[ "$(pkg-config --modversion idtr)" = "$(sed -n 's/^project(distc VERSION \([0-9.]*\).*/\1/p' "$src/CMakeLists.txt")" ] || fail "pkg-config --modversion idtr"
# shellcheck disable=SC2046
"$cc" "$work/consumer/nprocs.c" -o nprocs-pc $(pkg-config --cflags --libs idtr)
libs=$(ldd ./nprocs-pc)
# (as ${pcfiledir}/../../lib/libidtr.so: the .pc file finds the prefix from
# its own directory)
grep -q -F "libidtr.so => $P/" <<<"$libs" || fail "nprocs-pc does not load $P/lib/libidtr.so: $libs"
out=$("${mpirun[@]}" -n 2 ./nprocs-pc)
[ "$out" = "nprocs 2" ] || fail "nprocs-pc printed '$out'"
# shellcheck disable=SC2046
"$cc" "$work/consumer/nprocs.c" -o nprocs-pc-static $(pkg-config --cflags idtr) $(pkg-config --variable=static_libs idtr)
libs=$(ldd ./nprocs-pc-static)
if grep -q "libidtr" <<<"$libs"; then fail "nprocs-pc-static loads libidtr.so: $libs"; fi
out=$("${mpirun[@]}" -n 2 ./nprocs-pc-static)
[ "$out" = "nprocs 2" ] || fail "nprocs-pc-static printed '$out'"
unset PKG_CONFIG_PATH
step "pkg-config idtr ok"

# --- 6. Debian package ------------------------------------------------------
(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/deb" >"$work/cpack.log") ||
  { cat "$work/cpack.log"; fail "cpack -G DEB"; }
deb=$(ls "$work"/deb/*.deb)
dpkg-deb -c "$deb" | awk '{print $6}' >"$work/deb.contents"
for f in usr/bin/distc usr/bin/distc-opt usr/lib/libidtr.a usr/lib/libidtr.so \
         usr/include/idtr/idtr.h usr/lib/cmake/Distc/DistcConfig.cmake \
         usr/lib/pkgconfig/idtr.pc usr/share/man/man1/distc.1 usr/share/doc/distc/docs/install.md; do
  grep -q -x "\./$f" "$work/deb.contents" || fail "$(basename "$deb") lacks /$f"
done
depends=$(dpkg-deb -f "$deb" Depends)
grep -q "mpi" <<<"$depends" || fail "$(basename "$deb") does not depend on MPI"
step "$(basename "$deb"): $(du -h "$deb" | cut -f1), contents ok"
step "PASS"
