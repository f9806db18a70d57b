// Seed for distc-fuzz: the dist level (not covered by test/ or samples/).
func.func @main() {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %a = dist.arange %c0, %c1 : !dist.tensor<12xi64>
  %b = dist.reshape %a : !dist.tensor<12xi64> -> !dist.tensor<3x4xi64>
  %t = dist.permute %b axes [1, 0] : !dist.tensor<3x4xi64> -> !dist.tensor<4x3xi64>
  dist.print %t : !dist.tensor<4x3xi64>
  %x = dist.linspace %zero, %one : !dist.tensor<11xf64>
  %y = dist.full %one : !dist.tensor<11xf64>
  %z = dist.add %x, %y : !dist.tensor<11xf64>
  %w = dist.elementwise %z, %x
    : !dist.tensor<11xf64>, !dist.tensor<11xf64> -> !dist.tensor<11xf64> {
  ^bb0(%p: f64, %q: f64):
    %m = arith.mulf %p, %q : f64
    dist.yield %m : f64
  }
  %s = dist.reduce sum %w : !dist.tensor<11xf64> -> f64
  dist.print %s : f64
  %g = dist.generate : !dist.tensor<4x4xf64> {
  ^bb0(%i: index, %j: index):
    %k = arith.addi %i, %j : index
    %v = arith.index_cast %k : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %r = dist.repartition %g : !dist.tensor<4x4xf64> -> !dist.tensor<4x4xf64, split = 1>
  %n = dist.shift %g offsets [-1, 0] fill %zero : !dist.tensor<4x4xf64>
  %mx = dist.reduce max %n axis 1 : !dist.tensor<4x4xf64> -> !dist.tensor<4xf64>
  dist.print %mx : !dist.tensor<4xf64>
  %i0 = arith.constant 0 : index
  %all = dist.gather %r : !dist.tensor<4x4xf64, split = 1> -> tensor<4x4xf64>
  %e = tensor.extract %all[%i0, %i0] : tensor<4x4xf64>
  return
}
