// End-to-end: samples/io.mlir (generate a matrix, save it, load it, smooth
// it, save the result) on 1-4 ranks with the default and odd sizes; the
// result file is the same bytes on any number of ranks, numpy computes the
// same smoothing exactly from the input file, and --generate=false loads a
// file numpy wrote.
// REQUIRES: compiler, idtr-runtime, numpy
// RUN: %distc %srcroot/samples/io.mlir -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %mpirun -n 1 %t --in %t.d/in.npy --out %t.d/out1.npy | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t --in %t.d/in.npy --out %t.d/out3.npy | FileCheck %s --match-full-lines
// RUN: %mpirun -n 4 %t --in %t.d/in.npy --out %t.d/out4.npy | FileCheck %s --match-full-lines
// RUN: cmp %t.d/out1.npy %t.d/out3.npy
// RUN: cmp %t.d/out1.npy %t.d/out4.npy
// RUN: %numpy-python %S/Inputs/smooth_check.py %t.d/in.npy %t.d/out1.npy 10 | FileCheck %s --check-prefix=NUMPY
// RUN: %mpirun -n 2 %t --m 13 --n 7 --steps 3 --in %t.d/odd.npy --out %t.d/odd-out.npy
// RUN: %numpy-python %S/Inputs/smooth_check.py %t.d/odd.npy %t.d/odd-out.npy 3 | FileCheck %s --check-prefix=NUMPY
// RUN: %numpy-python -c "import numpy as np; np.save('%t.d/given.npy', np.ones((5, 9)))"
// RUN: %mpirun -n 3 %t --generate=false --steps 1 --in %t.d/given.npy --out %t.d/given-out.npy | FileCheck %s --check-prefix=GIVEN
// RUN: %numpy-python %S/Inputs/smooth_check.py %t.d/given.npy %t.d/given-out.npy 1 | FileCheck %s --check-prefix=NUMPY

// CHECK:      sum 6516.78
// CHECK-NEXT: max 3.00008
// NUMPY: max difference 0.0
// GIVEN:      sum 39.4
// GIVEN-NEXT: max 1
