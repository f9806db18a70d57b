// dist.load stops the program with an error that names the op's location
// and the file: a missing file, another dtype, rank or static size,
// Fortran order, big-endian data, a truncated file, a file that is not a
// .npy file; dist.save one that cannot be created. Every rank reports the
// same, the job exits non-zero.
// REQUIRES: compiler, idtr-runtime, numpy
// RUN: %distc %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %numpy-python %S/Inputs/npy_check.py make %t.d/f4.npy float32 6
// RUN: %numpy-python %S/Inputs/npy_check.py make %t.d/m.npy float64 3,4
// RUN: %numpy-python %S/Inputs/npy_check.py make %t.d/v.npy float64 6
// RUN: %numpy-python %S/Inputs/npy_check.py fortran %t.d/fortran.npy
// RUN: %numpy-python %S/Inputs/npy_check.py bigendian %t.d/big.npy
// RUN: cp %t.d/v.npy %t.d/short.npy && %numpy-python %S/Inputs/npy_check.py truncate %t.d/short.npy 9
// RUN: echo "hello" > %t.d/text.npy
// RUN: not %mpirun -n 2 %t --in %t.d/missing.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not %mpirun -n 2 %t --in %t.d/f4.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// RUN: not %mpirun -n 2 %t --in %t.d/m.npy 2>&1 | FileCheck %s --check-prefix=RANK
// RUN: not %mpirun -n 3 %t --in %t.d/fortran.npy --matrix 2>&1 | FileCheck %s --check-prefix=FORTRAN
// RUN: not %mpirun -n 2 %t --in %t.d/m.npy --matrix 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not %mpirun -n 2 %t --in %t.d/big.npy 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not %mpirun -n 2 %t --in %t.d/short.npy 2>&1 | FileCheck %s --check-prefix=SHORT
// RUN: not %mpirun -n 2 %t --in %t.d/text.npy 2>&1 | FileCheck %s --check-prefix=TEXT
// RUN: not %mpirun -n 2 %t --in %t.d/v.npy --out %t.d/nodir/x.npy 2>&1 | FileCheck %s --check-prefix=CREATE
// RUN: %mpirun -n 2 %t --in %t.d/v.npy --out %t.d/x.npy | FileCheck %s --check-prefix=OK

// MISSING: npy-errors.mlir:46:10: error: dist.load: cannot open '{{.*}}missing.npy': No such file or directory
// DTYPE: npy-errors.mlir:46:10: error: dist.load: '{{.*}}f4.npy': holds dtype '<f4' but the result type needs '<f8'
// RANK: npy-errors.mlir:46:10: error: dist.load: '{{.*}}m.npy': holds an array of rank 2 (3, 4) but the result type has rank 1
// FORTRAN: npy-errors.mlir:43:10: error: dist.load: '{{.*}}fortran.npy': is in Fortran order (fortran_order: True); only C order is read
// SHAPE: npy-errors.mlir:43:10: error: dist.load: '{{.*}}m.npy': holds shape (3, 4) but the result type needs 5 along dimension 1
// BIG: npy-errors.mlir:46:10: error: dist.load: '{{.*}}big.npy': holds big-endian data ('>f8'), only little-endian files are read
// SHORT: npy-errors.mlir:46:10: error: dist.load: '{{.*}}short.npy': is truncated: the shape (6,) needs 48 bytes of data but the file holds 39
// TEXT: npy-errors.mlir:46:10: error: dist.load: '{{.*}}text.npy': not a .npy file
// CREATE: npy-errors.mlir:49:5: error: dist.save: creating '{{.*}}nodir/x.npy' failed
// OK: 15

!V = !dist.tensor<?xf64>

func.func @main() {
  %matrix = dist.param "matrix" default false : i1
  scf.if %matrix {
    %m = dist.load "in.npy" param "in" : !dist.tensor<?x5xf64>
    dist.print %m : !dist.tensor<?x5xf64>
  } else {
    %v = dist.load "in.npy" param "in" : !V
    %s = dist.reduce sum %v : !V -> f64
    dist.print %s : f64
    dist.save %v, "out.npy" param "out" : !V
  }
  return
}
