// main that is not a function.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:5:1: error: the symbol 'main' must be a function

memref.global @main : memref<4xf64>
