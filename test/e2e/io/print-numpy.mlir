// dist.print numpy prints what numpy's print() prints: elements
// right-aligned to the widest (integers, bools, numpy's float format with
// aligned points, scientific when the magnitudes ask for it, nan/inf),
// lines wrapped at 75 columns, arrays of more than 1000 elements
// summarised with `...` (1-D, 2-D, 3-D), on 1-5 ranks with sizes that no
// rank count divides, split 0 and split 1. The arrays are written by
// numpy (Inputs/print_numpy.py), loaded, printed, and the output compared
// with numpy's print() of the same arrays, byte for byte.
// REQUIRES: compiler, idtr-runtime, numpy
// RUN: %distc %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %numpy-python %S/Inputs/print_numpy.py make %t.d
// RUN: %numpy-python %S/Inputs/print_numpy.py expect %t.d > %t.d/expected.txt
// RUN: cd %t.d && %mpirun -n 1 %t > %t.d/out1.txt && diff %t.d/expected.txt %t.d/out1.txt
// RUN: cd %t.d && %mpirun -n 2 %t > %t.d/out2.txt && diff %t.d/expected.txt %t.d/out2.txt
// RUN: cd %t.d && %mpirun -n 3 %t > %t.d/out3.txt && diff %t.d/expected.txt %t.d/out3.txt
// RUN: cd %t.d && %mpirun -n 4 %t > %t.d/out4.txt && diff %t.d/expected.txt %t.d/out4.txt
// RUN: cd %t.d && %mpirun -n 5 %t > %t.d/out5.txt && diff %t.d/expected.txt %t.d/out5.txt

func.func @main() {
  %v1 = dist.load "v1.npy" : !dist.tensor<?xi64>
  dist.print %v1 numpy : !dist.tensor<?xi64>
  %v2 = dist.load "v2.npy" : !dist.tensor<?xi64>
  dist.print %v2 numpy : !dist.tensor<?xi64>
  %m1 = dist.load "m1.npy" : !dist.tensor<?x?xi64>
  dist.print %m1 numpy : !dist.tensor<?x?xi64>
  %m2 = dist.load "m2.npy" : !dist.tensor<?x?xi64>
  dist.print %m2 numpy : !dist.tensor<?x?xi64>
  %m3 = dist.load "m3.npy" : !dist.tensor<?x?xi64>
  dist.print %m3 numpy : !dist.tensor<?x?xi64>
  %c1 = dist.load "c1.npy" : !dist.tensor<?x?x?xi64>
  dist.print %c1 numpy : !dist.tensor<?x?x?xi64>
  %c2 = dist.load "c2.npy" : !dist.tensor<?x?x?xi64>
  dist.print %c2 numpy : !dist.tensor<?x?x?xi64>
  %f1 = dist.load "f1.npy" : !dist.tensor<?xf64>
  dist.print %f1 numpy : !dist.tensor<?xf64>
  %f2 = dist.load "f2.npy" : !dist.tensor<?xf64>
  dist.print %f2 numpy : !dist.tensor<?xf64>
  %f3 = dist.load "f3.npy" : !dist.tensor<?xf64>
  dist.print %f3 numpy : !dist.tensor<?xf64>
  %f4 = dist.load "f4.npy" : !dist.tensor<?xf64>
  dist.print %f4 numpy : !dist.tensor<?xf64>
  %f5 = dist.load "f5.npy" : !dist.tensor<?x?xf64>
  dist.print %f5 numpy : !dist.tensor<?x?xf64>
  %f6 = dist.load "f6.npy" : !dist.tensor<?x?x?xf64>
  dist.print %f6 numpy : !dist.tensor<?x?x?xf64>
  %f7 = dist.load "f7.npy" : !dist.tensor<?x?x?xf64>
  dist.print %f7 numpy : !dist.tensor<?x?x?xf64>
  %f8 = dist.load "f8.npy" : !dist.tensor<?xf64>
  dist.print %f8 numpy : !dist.tensor<?xf64>
  %f9 = dist.load "f9.npy" : !dist.tensor<?xf64>
  dist.print %f9 numpy : !dist.tensor<?xf64>
  %f10 = dist.load "f10.npy" : !dist.tensor<?xf64>
  dist.print %f10 numpy : !dist.tensor<?xf64>
  %g1 = dist.load "g1.npy" : !dist.tensor<?xf32>
  dist.print %g1 numpy : !dist.tensor<?xf32>
  %i1 = dist.load "i1.npy" : !dist.tensor<?x?xi32>
  dist.print %i1 numpy : !dist.tensor<?x?xi32>
  %b1 = dist.load "b1.npy" : !dist.tensor<?xi1>
  dist.print %b1 numpy : !dist.tensor<?xi1>
  %b2 = dist.load "b2.npy" : !dist.tensor<?xi1>
  dist.print %b2 numpy : !dist.tensor<?xi1>
  %e1 = dist.load "e1.npy" : !dist.tensor<?xf64>
  dist.print %e1 numpy : !dist.tensor<?xf64>
  %m2c = dist.load "m2c.npy" : !dist.tensor<?x?xi64, split = 1>
  dist.print %m2c numpy : !dist.tensor<?x?xi64, split = 1>
  return
}
