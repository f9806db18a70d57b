// dist.load and dist.save on process grids for the element types that
// npy-grid.mlir does not cover (f16, i64, i32, i16, i8, i1, complex<f64>,
// complex<f32>), 2-D (7 x 10) and 3-D (5 x 3 x 4), on 1-6 ranks, with
// grids of two and three axes, static extents of 1, splits in any order
// and unsplit dimensions. numpy writes each array (Inputs/npy_grid.py),
// the program loads it into a grid type and saves it unchanged from
// there: the file must be numpy's, byte for byte. The grid tensors are
// printed (numpy layout and options; complex numbers also without options,
// which the runtime prints too), then the same files loaded into row
// blocks and printed by the same ops: the halves must be equal, and the
// same on every P.
// REQUIRES: compiler, idtr-runtime, numpy
// RUN: %distc %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %numpy-python %S/Inputs/npy_grid.py make %t.d
// RUN: rm -rf %t.d/p1 && mkdir %t.d/p1 && cd %t.d/p1 && %mpirun -n 1 %t > %t.d/out1.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py halves %t.d/out1.txt >> %t.d/checks.txt
// RUN: cmp %t.d/h.npy %t.d/p1/h-out.npy && cmp %t.d/l.npy %t.d/p1/l-out.npy && cmp %t.d/i.npy %t.d/p1/i-out.npy && cmp %t.d/s.npy %t.d/p1/s-out.npy && cmp %t.d/b.npy %t.d/p1/b-out.npy && cmp %t.d/t.npy %t.d/p1/t-out.npy && cmp %t.d/z.npy %t.d/p1/z-out.npy && cmp %t.d/w.npy %t.d/p1/w-out.npy
// RUN: rm -rf %t.d/p2 && mkdir %t.d/p2 && cd %t.d/p2 && %mpirun -n 2 %t > %t.d/out2.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py halves %t.d/out2.txt >> %t.d/checks.txt
// RUN: cmp %t.d/h.npy %t.d/p2/h-out.npy && cmp %t.d/l.npy %t.d/p2/l-out.npy && cmp %t.d/i.npy %t.d/p2/i-out.npy && cmp %t.d/s.npy %t.d/p2/s-out.npy && cmp %t.d/b.npy %t.d/p2/b-out.npy && cmp %t.d/t.npy %t.d/p2/t-out.npy && cmp %t.d/z.npy %t.d/p2/z-out.npy && cmp %t.d/w.npy %t.d/p2/w-out.npy
// RUN: diff %t.d/out1.txt %t.d/out2.txt
// RUN: rm -rf %t.d/p3 && mkdir %t.d/p3 && cd %t.d/p3 && %mpirun -n 3 %t > %t.d/out3.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py halves %t.d/out3.txt >> %t.d/checks.txt
// RUN: cmp %t.d/h.npy %t.d/p3/h-out.npy && cmp %t.d/l.npy %t.d/p3/l-out.npy && cmp %t.d/i.npy %t.d/p3/i-out.npy && cmp %t.d/s.npy %t.d/p3/s-out.npy && cmp %t.d/b.npy %t.d/p3/b-out.npy && cmp %t.d/t.npy %t.d/p3/t-out.npy && cmp %t.d/z.npy %t.d/p3/z-out.npy && cmp %t.d/w.npy %t.d/p3/w-out.npy
// RUN: diff %t.d/out1.txt %t.d/out3.txt
// RUN: rm -rf %t.d/p4 && mkdir %t.d/p4 && cd %t.d/p4 && %mpirun -n 4 %t > %t.d/out4.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py halves %t.d/out4.txt >> %t.d/checks.txt
// RUN: cmp %t.d/h.npy %t.d/p4/h-out.npy && cmp %t.d/l.npy %t.d/p4/l-out.npy && cmp %t.d/i.npy %t.d/p4/i-out.npy && cmp %t.d/s.npy %t.d/p4/s-out.npy && cmp %t.d/b.npy %t.d/p4/b-out.npy && cmp %t.d/t.npy %t.d/p4/t-out.npy && cmp %t.d/z.npy %t.d/p4/z-out.npy && cmp %t.d/w.npy %t.d/p4/w-out.npy
// RUN: diff %t.d/out1.txt %t.d/out4.txt
// RUN: rm -rf %t.d/p5 && mkdir %t.d/p5 && cd %t.d/p5 && %mpirun -n 5 %t > %t.d/out5.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py halves %t.d/out5.txt >> %t.d/checks.txt
// RUN: cmp %t.d/h.npy %t.d/p5/h-out.npy && cmp %t.d/l.npy %t.d/p5/l-out.npy && cmp %t.d/i.npy %t.d/p5/i-out.npy && cmp %t.d/s.npy %t.d/p5/s-out.npy && cmp %t.d/b.npy %t.d/p5/b-out.npy && cmp %t.d/t.npy %t.d/p5/t-out.npy && cmp %t.d/z.npy %t.d/p5/z-out.npy && cmp %t.d/w.npy %t.d/p5/w-out.npy
// RUN: diff %t.d/out1.txt %t.d/out5.txt
// RUN: rm -rf %t.d/p6 && mkdir %t.d/p6 && cd %t.d/p6 && %mpirun -n 6 %t > %t.d/out6.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py halves %t.d/out6.txt >> %t.d/checks.txt
// RUN: cmp %t.d/h.npy %t.d/p6/h-out.npy && cmp %t.d/l.npy %t.d/p6/l-out.npy && cmp %t.d/i.npy %t.d/p6/i-out.npy && cmp %t.d/s.npy %t.d/p6/s-out.npy && cmp %t.d/b.npy %t.d/p6/b-out.npy && cmp %t.d/t.npy %t.d/p6/t-out.npy && cmp %t.d/z.npy %t.d/p6/z-out.npy && cmp %t.d/w.npy %t.d/p6/w-out.npy
// RUN: diff %t.d/out1.txt %t.d/out6.txt
// RUN: FileCheck %s --check-prefix=NUMPY --match-full-lines --input-file=%t.d/checks.txt

// NUMPY:      ok halves {{[0-9]+}} lines
// NUMPY-NEXT: ok halves {{[0-9]+}} lines
// NUMPY-NEXT: ok halves {{[0-9]+}} lines
// NUMPY-NEXT: ok halves {{[0-9]+}} lines
// NUMPY-NEXT: ok halves {{[0-9]+}} lines
// NUMPY-NEXT: ok halves {{[0-9]+}} lines
// NUMPY-EMPTY:

func.func @main() {
  %h = dist.load "../h.npy" : !dist.tensor<?x?xf16, grid = [?, ?], split = [1, 0]>
  dist.save %h, "h-out.npy" : !dist.tensor<?x?xf16, grid = [?, ?], split = [1, 0]>
  %l = dist.load "../l.npy" : !dist.tensor<?x?x?xi64, grid = [?, ?], split = [2, 0]>
  dist.save %l, "l-out.npy" : !dist.tensor<?x?x?xi64, grid = [?, ?], split = [2, 0]>
  %i = dist.load "../i.npy" : !dist.tensor<7x10xi32, grid = [?, ?], split = [0, 1]>
  dist.save %i, "i-out.npy" : !dist.tensor<7x10xi32, grid = [?, ?], split = [0, 1]>
  %s = dist.load "../s.npy" : !dist.tensor<5x3x4xi16, grid = [?, ?, ?], split = [2, 1, 0]>
  dist.save %s, "s-out.npy" : !dist.tensor<5x3x4xi16, grid = [?, ?, ?], split = [2, 1, 0]>
  %b = dist.load "../b.npy" : !dist.tensor<?x10xi8, grid = [1, ?], split = [0, 1]>
  dist.save %b, "b-out.npy" : !dist.tensor<?x10xi8, grid = [1, ?], split = [0, 1]>
  %t = dist.load "../t.npy" : !dist.tensor<5x3x4xi1, grid = [?, ?], split = [1, 2]>
  dist.save %t, "t-out.npy" : !dist.tensor<5x3x4xi1, grid = [?, ?], split = [1, 2]>
  %z = dist.load "../z.npy" : !dist.tensor<?x?xcomplex<f64>, grid = [?, ?], split = [0, 1]>
  dist.save %z, "z-out.npy" : !dist.tensor<?x?xcomplex<f64>, grid = [?, ?], split = [0, 1]>
  %w = dist.load "../w.npy" : !dist.tensor<?x?x?xcomplex<f32>, grid = [?, ?], split = [0, 2]>
  dist.save %w, "w-out.npy" : !dist.tensor<?x?x?xcomplex<f32>, grid = [?, ?], split = [0, 2]>
  dist.print %h numpy : !dist.tensor<?x?xf16, grid = [?, ?], split = [1, 0]>
  dist.print %h numpy precision = 5 : !dist.tensor<?x?xf16, grid = [?, ?], split = [1, 0]>
  dist.print %l numpy : !dist.tensor<?x?x?xi64, grid = [?, ?], split = [2, 0]>
  dist.print %l format = "%x" : !dist.tensor<?x?x?xi64, grid = [?, ?], split = [2, 0]>
  dist.print %i numpy : !dist.tensor<7x10xi32, grid = [?, ?], split = [0, 1]>
  dist.print %i numpy format = "%08d" : !dist.tensor<7x10xi32, grid = [?, ?], split = [0, 1]>
  dist.print %s numpy : !dist.tensor<5x3x4xi16, grid = [?, ?, ?], split = [2, 1, 0]>
  dist.print %b numpy : !dist.tensor<?x10xi8, grid = [1, ?], split = [0, 1]>
  dist.print %b format = "%d" : !dist.tensor<?x10xi8, grid = [1, ?], split = [0, 1]>
  dist.print %t numpy : !dist.tensor<5x3x4xi1, grid = [?, ?], split = [1, 2]>
  dist.print %z numpy : !dist.tensor<?x?xcomplex<f64>, grid = [?, ?], split = [0, 1]>
  dist.print %z numpy format = "%.2f" : !dist.tensor<?x?xcomplex<f64>, grid = [?, ?], split = [0, 1]>
  dist.print %w numpy : !dist.tensor<?x?x?xcomplex<f32>, grid = [?, ?], split = [0, 2]>
  dist.print %w precision = 9 : !dist.tensor<?x?x?xcomplex<f32>, grid = [?, ?], split = [0, 2]>
  dist.print %w : !dist.tensor<?x?x?xcomplex<f32>, grid = [?, ?], split = [0, 2]>
  // The same files in row blocks, printed by the same ops.
  %hr = dist.load "../h.npy" : !dist.tensor<?x?xf16>
  %lr = dist.load "../l.npy" : !dist.tensor<?x?x?xi64>
  %ir = dist.load "../i.npy" : !dist.tensor<7x10xi32>
  %sr = dist.load "../s.npy" : !dist.tensor<5x3x4xi16>
  %br = dist.load "../b.npy" : !dist.tensor<?x10xi8>
  %tr = dist.load "../t.npy" : !dist.tensor<5x3x4xi1>
  %zr = dist.load "../z.npy" : !dist.tensor<?x?xcomplex<f64>>
  %wr = dist.load "../w.npy" : !dist.tensor<?x?x?xcomplex<f32>>
  dist.print %hr numpy : !dist.tensor<?x?xf16>
  dist.print %hr numpy precision = 5 : !dist.tensor<?x?xf16>
  dist.print %lr numpy : !dist.tensor<?x?x?xi64>
  dist.print %lr format = "%x" : !dist.tensor<?x?x?xi64>
  dist.print %ir numpy : !dist.tensor<7x10xi32>
  dist.print %ir numpy format = "%08d" : !dist.tensor<7x10xi32>
  dist.print %sr numpy : !dist.tensor<5x3x4xi16>
  dist.print %br numpy : !dist.tensor<?x10xi8>
  dist.print %br format = "%d" : !dist.tensor<?x10xi8>
  dist.print %tr numpy : !dist.tensor<5x3x4xi1>
  dist.print %zr numpy : !dist.tensor<?x?xcomplex<f64>>
  dist.print %zr numpy format = "%.2f" : !dist.tensor<?x?xcomplex<f64>>
  dist.print %wr numpy : !dist.tensor<?x?x?xcomplex<f32>>
  dist.print %wr precision = 9 : !dist.tensor<?x?x?xcomplex<f32>>
  dist.print %wr : !dist.tensor<?x?x?xcomplex<f32>>
  return
}
