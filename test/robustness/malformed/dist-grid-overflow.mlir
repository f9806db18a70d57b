// Static grid extents whose product wraps int64: 7 * 7905747460161236407
// is 1 modulo 2^64, so the program ran on 1 rank and summed a 14x14 array
// of ones to 2.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:9:31: error: !dist.tensor grid has too many processes: the product of its static extents does not fit in int64

func.func @main() {
  %one = arith.constant 1.0 : f64
  %x = dist.full %one : !dist.tensor<14x14xf64, grid = [7, 7905747460161236407], split = [0, 1]>
  %s = dist.reduce sum %x : !dist.tensor<14x14xf64, grid = [7, 7905747460161236407], split = [0, 1]> -> f64
  dist.print %s : f64
  return
}
