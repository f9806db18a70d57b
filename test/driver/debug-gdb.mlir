// gdb breaks at a line of the .mlir file and the backtrace names .mlir
// lines, at -O0 and at -O2 (where scale and the user's main are inlined
// into the C main: their frames are DWARF's inlined subroutines). One rank,
// without mpirun (MPI's singleton start).
// REQUIRES: gdb, idtr-runtime
// RUN: %distc -O0 -g %s -o %t.O0
// RUN: %distc -O2 -g %s -o %t.O2
// RUN: %distc -O2 -gline-tables-only %s -o %t.lines
// RUN: %distc -O2 %s -o %t.nodebug

func.func private @scale(%x: i64) -> i64 {
  %c3 = arith.constant 3 : i64
  %y = arith.muli %x, %c3 : i64
  // The breakpoint is the vector.print below; line tables alone (%t.lines)
  // are enough for breakpoints and backtraces.
  // RUN: gdb -nx -batch -ex 'break debug-gdb.mlir:%(line+7)' -ex run -ex bt -ex continue %t.O0 2>&1 | FileCheck %s
  // RUN: gdb -nx -batch -ex 'break debug-gdb.mlir:%(line+6)' -ex run -ex bt -ex continue %t.O2 2>&1 | FileCheck %s
  // RUN: gdb -nx -batch -ex 'break debug-gdb.mlir:%(line+5)' -ex run -ex bt -ex continue %t.lines 2>&1 | FileCheck %s
  // RUN: gdb -nx -batch -ex 'break debug-gdb.mlir:%(line+4)' %t.nodebug 2>&1 | FileCheck %s --check-prefix=NODEBUG
  // CHECK: Breakpoint 1 at 0x{{[0-9a-f]+}}: file {{.*}}debug-gdb.mlir, line [[#@LINE+3]].
  // CHECK: hit Breakpoint 1, scale () at {{.*}}debug-gdb.mlir:[[#@LINE+2]]
  // CHECK: #0 {{.*}}scale () at {{.*}}debug-gdb.mlir:[[#@LINE+1]]
  vector.print %y : i64
  return %y : i64
}

// Without -g, gdb knows no .mlir file.
// NODEBUG: No symbol table is loaded.
// The user's main at the call (named `main` as the user wrote it, also
// out of line at -O0, where its symbol is __distc_user_main), then the C
// main wrapper at the line of the user's main.
// CHECK: #1 {{.*}}main () at {{.*}}debug-gdb.mlir:[[#@LINE+5]]
// CHECK: #2 {{.*}}main () at {{.*}}debug-gdb.mlir:[[#@LINE+1]]
func.func @main() {
  %n = distruntime.team_size {team = 5 : i64}
  %ni = arith.index_cast %n : index to i64
  %a = func.call @scale(%ni) : (i64) -> i64
  vector.print %a : i64
  return
}
// CHECK: exited normally
