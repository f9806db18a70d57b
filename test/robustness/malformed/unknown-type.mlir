// A type the distruntime dialect does not have.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:5:34: error: unknown  type `handle` in dialect `distruntime`

func.func @main(%h: !distruntime.handle) {
  return
}
