// A file cut off inside a function body.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:7:24: error: expected SSA operand

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.addi %c0, 