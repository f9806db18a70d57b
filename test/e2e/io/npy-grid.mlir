// dist.save and dist.load on process grids, and formatted dist.print of
// grid tensors, on 1-6 ranks (grids 1x1, 2x1, 3x1, 2x2, 5x1, 3x2; 3-D:
// 1x1x1 ... 3x2x1) with sizes that divide by none of them (7 x 10,
// 5 x 3 x 4, 41 x 53). numpy writes the inputs (Inputs/npy_grid.py);
// each is loaded into a grid type, mapped to 2x + 1 and saved from the
// grid type; the files must be byte for byte numpy.save of 2x + 1, and
// the same on every P. The saved files are loaded back into 1-D row
// blocks (grid -> file -> 1-D) and printed by the same print ops as the
// grid tensors: the two halves of the output must be equal (grid printing
// prints what the 1-D path prints), and their head is checked against
// numpy: 17 digits and "%+.5f" element by element, numpy's print() of
// 2a + 1, 2c + 1 and of the summarised 41 x 53 array.
// REQUIRES: compiler, idtr-runtime, numpy
// RUN: %distc %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %numpy-python %S/Inputs/npy_grid.py make %t.d
// RUN: cd %t.d && %mpirun -n 1 %t --a-out=a-out1.npy --c-out=c-out1.npy > out1.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py check %t.d 1 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py print %t.d %t.d/out1.txt >> %t.d/checks.txt
// RUN: cd %t.d && %mpirun -n 2 %t --a-out=a-out2.npy --c-out=c-out2.npy > out2.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py check %t.d 2 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py print %t.d %t.d/out2.txt >> %t.d/checks.txt
// RUN: diff %t.d/out1.txt %t.d/out2.txt && cmp %t.d/a-out1.npy %t.d/a-out2.npy && cmp %t.d/c-out1.npy %t.d/c-out2.npy
// RUN: cd %t.d && %mpirun -n 3 %t --a-out=a-out3.npy --c-out=c-out3.npy > out3.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py check %t.d 3 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py print %t.d %t.d/out3.txt >> %t.d/checks.txt
// RUN: diff %t.d/out1.txt %t.d/out3.txt && cmp %t.d/a-out1.npy %t.d/a-out3.npy && cmp %t.d/c-out1.npy %t.d/c-out3.npy
// RUN: cd %t.d && %mpirun -n 4 %t --a-out=a-out4.npy --c-out=c-out4.npy > out4.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py check %t.d 4 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py print %t.d %t.d/out4.txt >> %t.d/checks.txt
// RUN: diff %t.d/out1.txt %t.d/out4.txt && cmp %t.d/a-out1.npy %t.d/a-out4.npy && cmp %t.d/c-out1.npy %t.d/c-out4.npy
// RUN: cd %t.d && %mpirun -n 5 %t --a-out=a-out5.npy --c-out=c-out5.npy > out5.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py check %t.d 5 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py print %t.d %t.d/out5.txt >> %t.d/checks.txt
// RUN: diff %t.d/out1.txt %t.d/out5.txt && cmp %t.d/a-out1.npy %t.d/a-out5.npy && cmp %t.d/c-out1.npy %t.d/c-out5.npy
// RUN: cd %t.d && %mpirun -n 6 %t --a-out=a-out6.npy --c-out=c-out6.npy > out6.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py check %t.d 6 >> %t.d/checks.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py print %t.d %t.d/out6.txt >> %t.d/checks.txt
// RUN: diff %t.d/out1.txt %t.d/out6.txt && cmp %t.d/a-out1.npy %t.d/a-out6.npy && cmp %t.d/c-out1.npy %t.d/c-out6.npy
// RUN: FileCheck %s --check-prefix=NUMPY --match-full-lines --input-file=%t.d/checks.txt

// NUMPY:      ok a float64 (7, 10)
// NUMPY-NEXT: ok c float32 (5, 3, 4)
// NUMPY-NEXT: ok print 112 lines, 44 from numpy
// NUMPY-NEXT: ok a float64 (7, 10)
// NUMPY-NEXT: ok c float32 (5, 3, 4)
// NUMPY-NEXT: ok print 112 lines, 44 from numpy
// NUMPY-NEXT: ok a float64 (7, 10)
// NUMPY-NEXT: ok c float32 (5, 3, 4)
// NUMPY-NEXT: ok print 112 lines, 44 from numpy
// NUMPY-NEXT: ok a float64 (7, 10)
// NUMPY-NEXT: ok c float32 (5, 3, 4)
// NUMPY-NEXT: ok print 112 lines, 44 from numpy
// NUMPY-NEXT: ok a float64 (7, 10)
// NUMPY-NEXT: ok c float32 (5, 3, 4)
// NUMPY-NEXT: ok print 112 lines, 44 from numpy
// NUMPY-NEXT: ok a float64 (7, 10)
// NUMPY-NEXT: ok c float32 (5, 3, 4)
// NUMPY-NEXT: ok print 112 lines, 44 from numpy
// NUMPY-EMPTY:

!G = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
!C = !dist.tensor<?x?x?xf32, grid = [?, ?, ?], split = [0, 1, 2]>
!M = !dist.tensor<41x53xi64, grid = [?, ?], split = [1, 0]>
!R = !dist.tensor<?x?xf64>
!CR = !dist.tensor<5x3x4xf32>
!MR = !dist.tensor<?x53xi64>

func.func @main() {
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %a = dist.load "a.npy" : !G
  %a2 = dist.elementwise %a : !G -> !G {
  ^bb0(%x: f64):
    %t = arith.mulf %x, %two : f64
    %y = arith.addf %t, %one : f64
    dist.yield %y : f64
  }
  dist.save %a2, "a-out.npy" param "a-out" : !G

  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %c = dist.load "c.npy" : !C
  %c2 = dist.elementwise %c : !C -> !C {
  ^bb0(%x: f32):
    %t = arith.mulf %x, %f2 : f32
    %y = arith.addf %t, %f1 : f32
    dist.yield %y : f32
  }
  dist.save %c2, "c-out.npy" param "c-out" : !C
  %m = dist.load "m.npy" : !M

  // The grid tensors ...
  func.call @show_g(%a2, %c2, %m) : (!G, !C, !M) -> ()
  // ... and what the grid wrote, read back in row blocks.
  %ab = dist.load "a-out.npy" param "a-out" : !R
  %cb = dist.load "c-out.npy" param "c-out" : !CR
  %mb = dist.load "m.npy" : !MR
  func.call @show_r(%ab, %cb, %mb) : (!R, !CR, !MR) -> ()
  return
}

func.func @show_g(%a: !G, %c: !C, %m: !M) {
  dist.print %a precision = 17 : !G
  dist.print %c precision = 17 : !C
  dist.print %a format = "%+.5f" : !G
  dist.print %c format = "%+.5f" : !C
  dist.print %a numpy : !G
  dist.print %c numpy : !C
  dist.print %m numpy : !M
  dist.print %a numpy precision = 17 : !G
  dist.print %c numpy format = "%.3e" : !C
  dist.print %m numpy format = "%+d" : !M
  dist.print %a numpy format = "%10.4f" : !G
  return
}

func.func @show_r(%a: !R, %c: !CR, %m: !MR) {
  dist.print %a precision = 17 : !R
  dist.print %c precision = 17 : !CR
  dist.print %a format = "%+.5f" : !R
  dist.print %c format = "%+.5f" : !CR
  dist.print %a numpy : !R
  dist.print %c numpy : !CR
  dist.print %m numpy : !MR
  dist.print %a numpy precision = 17 : !R
  dist.print %c numpy format = "%.3e" : !CR
  dist.print %m numpy format = "%+d" : !MR
  dist.print %a numpy format = "%10.4f" : !R
  return
}
