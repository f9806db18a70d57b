// A program that aborts, run under gdb: the backtrace names the .mlir line
// of the op that failed (a cf.assert) and the user's main, at -O0 and -O2.
// REQUIRES: gdb, idtr-runtime
// RUN: %distc -O0 -g %s -o %t.O0
// RUN: gdb -nx -batch -ex run -ex bt %t.O0 2>&1 | FileCheck %s
// RUN: %distc -O2 -g %s -o %t.O2
// RUN: gdb -nx -batch -ex run -ex bt %t.O2 2>&1 | FileCheck %s

// CHECK: received signal SIGABRT
// CHECK: abort
// CHECK: main () at {{.*}}debug-crash.mlir:[[#@LINE+7]]
// CHECK: main () at {{.*}}debug-crash.mlir:[[#@LINE+1]]
func.func @main() {
  %n = distruntime.team_size {team = 5 : i64}
  %c0 = arith.constant 0 : index
  // One rank is never zero ranks: the assertion fails.
  %alone = arith.cmpi eq, %n, %c0 : index
  cf.assert %alone, "expected to fail"
  vector.print %n : index
  return
}
