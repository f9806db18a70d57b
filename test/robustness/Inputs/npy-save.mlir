// Saves 1, 2, ..., n (f64) to --out and prints their sum: the program of
// full-disk/npy-save-full-disk.test.
!V = !dist.tensor<?xf64>
func.func @main() {
  %n = dist.param "n" default 200000 : index
  %one = arith.constant 1.0 : f64
  %count = arith.index_cast %n : index to i64
  %last = arith.sitofp %count : i64 to f64
  %v = dist.linspace %one, %last (%n) : !V
  dist.save %v, "out.npy" param "out" : !V
  %s = dist.reduce sum %v : !V -> f64
  dist.print %s precision = 17 : f64
  return
}
