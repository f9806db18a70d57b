// main with arguments cannot be an entry point.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:5:1: error: the entry point 'main' must have type '() -> ()' or '() -> i32', not '(i64) -> ()'

func.func @main(%x: i64) {
  return
}
