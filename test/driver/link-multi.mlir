// Several .mlir inputs in one command: each is compiled to its own object
// and all are linked together. Functions that MLIR made `private` (such as
// the `dealloc_helper` that buffer deallocation adds to each module) get
// internal linkage, so two inputs never clash at link time.
// REQUIRES: idtr-runtime
// RUN: rm -rf %t && split-file %s %t && cd %t
// RUN: %distc -O0 --emit=llvm a.mlir -o - | FileCheck %s --check-prefix=IR
// RUN: %distc -O0 a.mlir b.mlir -o prog
// RUN: %mpirun -n 1 ./prog | FileCheck %s
// RUN: %distc -O2 b.mlir a.mlir -o prog2
// RUN: %mpirun -n 1 ./prog2 | FileCheck %s
// Also from stdin.
// RUN: cat a.mlir | %distc - b.mlir -o prog3
// RUN: %mpirun -n 1 ./prog3 | FileCheck %s

// IR: define internal void @dealloc_helper(

// CHECK: a ( 0.5, 2.5, 4.5, 6.5 )
// CHECK-NEXT: b ( 0.5, 3.5, 6.5, 9.5 )

//--- a.mlir
func.func private @b(index) -> ()
func.func @fill(%n: index, %k: f64) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %e = tensor.empty(%n) : tensor<?xf64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %e) -> tensor<?xf64> {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %g = arith.mulf %f, %k : f64
    %t2 = tensor.insert %g into %t[%i] : tensor<?xf64>
    scf.yield %t2 : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %two = arith.constant 2.0 : f64
  %half = arith.constant 0.5 : f64
  %a = call @fill(%c4, %two) : (index, f64) -> tensor<?xf64>
  %m = memref.alloc(%c4) : memref<?xf64>
  %t = bufferization.to_tensor %m restrict writable : memref<?xf64> to tensor<?xf64>
  %h = linalg.fill ins(%half : f64) outs(%t : tensor<?xf64>) -> tensor<?xf64>
  %s = linalg.add ins(%a, %h : tensor<?xf64>, tensor<?xf64>) outs(%a : tensor<?xf64>) -> tensor<?xf64>
  %v = vector.transfer_read %s[%c0], %half : tensor<?xf64>, vector<4xf64>
  vector.print str "a "
  vector.print %v : vector<4xf64>
  call @b(%c4) : (index) -> ()
  return
}
//--- b.mlir
func.func @fill3(%n: index) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant 3.0 : f64
  %e = tensor.empty(%n) : tensor<?xf64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %e) -> tensor<?xf64> {
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %g = arith.mulf %f, %k : f64
    %t2 = tensor.insert %g into %t[%i] : tensor<?xf64>
    scf.yield %t2 : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}
func.func @b(%n: index) {
  %c0 = arith.constant 0 : index
  %half = arith.constant 0.5 : f64
  %a = call @fill3(%n) : (index) -> tensor<?xf64>
  %m = memref.alloc(%n) : memref<?xf64>
  %t = bufferization.to_tensor %m restrict writable : memref<?xf64> to tensor<?xf64>
  %h = linalg.fill ins(%half : f64) outs(%t : tensor<?xf64>) -> tensor<?xf64>
  %s = linalg.add ins(%a, %h : tensor<?xf64>, tensor<?xf64>) outs(%a : tensor<?xf64>) -> tensor<?xf64>
  %v = vector.transfer_read %s[%c0], %half : tensor<?xf64>, vector<4xf64>
  vector.print str "b "
  vector.print %v : vector<4xf64>
  return
}
