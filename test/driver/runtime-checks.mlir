// --runtime-checks (the default at -O0): element accesses are checked
// against the size of what they access, and upstream MLIR's run-time
// verification checks the other ops it knows; a failure prints the user's
// op as file:line:col with the values that disagree and ends the job with a
// non-zero exit through the runtime's error path (`not`, not `not --crash`:
// no signal, no backtrace). Before, a global index used on a dist.local part
// read past its end and printed garbage (6.9e-310) at every -O level.
// REQUIRES: idtr-runtime
// RUN: rm -rf %t && split-file %s %t

// A global index on this rank's part: right on one rank (it owns all 8
// elements), out of bounds on two (each part has 4).
// RUN: %distc -O0 %t/local.mlir -o %t/local
// RUN: %mpirun -n 1 %t/local | FileCheck %s --check-prefix=ONE
// RUN: not %mpirun -n 2 %t/local 2>&1 | FileCheck %s --check-prefix=LOCAL --implicit-check-not="Stack dump" --implicit-check-not=signal
// ONE: 1
// LOCAL: local.mlir:8:8: error: tensor.extract: index out of bounds along dimension 0 (index vs size of this rank's dist.local part; subtract dist.local_offset from a global index): 5 vs 4 (rank {{[01]}})
// LOCAL-NOT: printed

// memref.store of the user's own buffer; a negative index is out of bounds.
// RUN: %distc -O0 %t/memref.mlir -o %t/memref
// RUN: not %mpirun -n 1 %t/memref 2>&1 | FileCheck %s --check-prefix=MEMREF --implicit-check-not="Stack dump" --implicit-check-not=signal
// MEMREF: memref.mlir:6:3: error: memref.store: index out of bounds along dimension 1 (index vs size): -1 vs 3 (rank 0)

// Upstream's run-time verification (here tensor.extract_slice), with the
// location of the op, through the same error path instead of cf.assert's
// abort.
// RUN: %distc -O0 %t/slice.mlir -o %t/slice
// RUN: not %mpirun -n 1 %t/slice 2>&1 | FileCheck %s --check-prefix=SLICE --implicit-check-not="Stack dump" --implicit-check-not=signal
// SLICE: slice.mlir:9:8: error: tensor.extract_slice: extract_slice runs out-of-bounds along dimension 0 (rank 0)

// Only at -O0 by default; --runtime-checks and --no-runtime-checks decide
// at any level (the last one wins). Off, the pipeline adds no code: no
// message, no call of the failure path.
// RUN: %distc -O0 --emit=mlir %t/local.mlir | FileCheck %s --check-prefix=CHECKED
// RUN: %distc -O2 --runtime-checks --emit=mlir %t/local.mlir | FileCheck %s --check-prefix=CHECKED
// RUN: %distc -O2 --no-runtime-checks --runtime-checks --emit=llvm %t/local.mlir -o - | FileCheck %s --check-prefix=CHECKED
// CHECKED: index out of bounds along dimension 0
// CHECKED: _idtr_check_failed
// RUN: %distc -O2 --emit=mlir %t/local.mlir | FileCheck %s --check-prefix=UNCHECKED
// RUN: %distc -O2 --emit=llvm %t/local.mlir -o - | FileCheck %s --check-prefix=UNCHECKED
// RUN: %distc -O0 --no-runtime-checks --emit=llvm %t/local.mlir -o - | FileCheck %s --check-prefix=UNCHECKED
// RUN: %distc -O0 --runtime-checks --no-runtime-checks --emit=mlir %t/slice.mlir | FileCheck %s --check-prefix=UNCHECKED
// UNCHECKED-NOT: out of bounds
// UNCHECKED-NOT: out-of-bounds
// UNCHECKED-NOT: _idtr_check_failed

//--- local.mlir
// Reads element 5 of the global vector through this rank's part.
func.func @main() {
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f64
  %a = dist.full %one (%c8) : !dist.tensor<?xf64>
  %part = dist.local %a : !dist.tensor<?xf64> -> tensor<?xf64>
  %i = arith.constant 5 : index
  %x = tensor.extract %part[%i] : tensor<?xf64>
  vector.print %x : f64
  vector.print str "printed\n"
  return
}

//--- memref.mlir
func.func @main() {
  %buf = memref.alloca() : memref<2x3xf64>
  %c0 = arith.constant 0 : index
  %m1 = arith.constant -1 : index
  %x = arith.constant 2.0 : f64
  memref.store %x, %buf[%c0, %m1] : memref<2x3xf64>
  return
}

//--- slice.mlir
func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %t = tensor.generate %c3 {
  ^bb0(%i: index):
    %f = arith.constant 1.0 : f64
    tensor.yield %f : f64
  } : tensor<?xf64>
  %s = tensor.extract_slice %t[%c0] [%c3] [2] : tensor<?xf64> to tensor<?xf64>
  %d = tensor.dim %s, %c0 : tensor<?xf64>
  vector.print %d : index
  return
}
