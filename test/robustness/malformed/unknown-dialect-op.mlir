// An op of a dialect distc does not know.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:6:8: error: Dialect `frob' not found for custom op 'frob.nicate' 

func.func @main() {
  %n = frob.nicate : index
  return
}
