// A plain MLIR program (no distruntime): tensors, linalg, scf, function
// calls with tensors, a runtime-style output buffer, and vector.print of
// scalars, vectors and strings. Every rank runs the same program.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s
// RUN: %mpirun -n 2 --tag-output %t | env LC_ALL=C sort | FileCheck %s --check-prefix=TWO

// CHECK: sum ( 0, 3, 6, 9, 12 )
// CHECK-NEXT: 2-D row 1: ( 10, 11, 12 )
// CHECK-NEXT: total 30
// CHECK-NEXT: scaled 2.5
// CHECK-NEXT: done

// TWO:      [1,0]<stdout>:2-D row 1: ( 10, 11, 12 )
// TWO-NEXT: [1,0]<stdout>:done
// TWO-NEXT: [1,0]<stdout>:scaled 2.5
// TWO-NEXT: [1,0]<stdout>:sum ( 0, 3, 6, 9, 12 )
// TWO-NEXT: [1,0]<stdout>:total 30
// TWO-NEXT: [1,1]<stdout>:2-D row 1: ( 10, 11, 12 )
// TWO-NEXT: [1,1]<stdout>:done
// TWO-NEXT: [1,1]<stdout>:scaled 2.5
// TWO-NEXT: [1,1]<stdout>:sum ( 0, 3, 6, 9, 12 )
// TWO-NEXT: [1,1]<stdout>:total 30

func.func @iota(%n: index) -> tensor<?xi64> {
  %t = tensor.generate %n {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i64
    tensor.yield %v : i64
  } : tensor<?xi64>
  return %t : tensor<?xi64>
}

func.func @total(%t: tensor<?xi64>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %n = tensor.dim %t, %c0 : tensor<?xi64>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
    %x = tensor.extract %t[%i] : tensor<?xi64>
    %a = arith.addi %acc, %x : i64
    scf.yield %a : i64
  }
  return %s : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %a = call @iota(%c5) : (index) -> tensor<?xi64>
  // An output buffer allocated as the runtime lowering does.
  %m = memref.alloc(%c5) : memref<?xi64>
  %init = bufferization.to_tensor %m restrict writable : memref<?xi64> to tensor<?xi64>
  %twice = linalg.add ins(%a, %a : tensor<?xi64>, tensor<?xi64>)
                      outs(%init : tensor<?xi64>) -> tensor<?xi64>
  %sum = linalg.add ins(%twice, %a : tensor<?xi64>, tensor<?xi64>)
                    outs(%twice : tensor<?xi64>) -> tensor<?xi64>
  %pad = arith.constant 0 : i64
  %v = vector.transfer_read %sum[%c0], %pad : tensor<?xi64>, vector<5xi64>
  vector.print str "sum "
  vector.print %v : vector<5xi64>

  %b = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %t = arith.muli %i, %c10 : index
    %g = arith.addi %t, %j : index
    %gv = arith.index_cast %g : index to i64
    tensor.yield %gv : i64
  } : tensor<2x3xi64>
  %row = vector.transfer_read %b[%c1, %c0], %pad : tensor<2x3xi64>, vector<3xi64>
  vector.print str "2-D row 1: "
  vector.print %row : vector<3xi64>

  %tot = call @total(%sum) : (tensor<?xi64>) -> i64
  vector.print str "total "
  vector.print %tot : i64

  %f = arith.constant 1.25 : f64
  %two = arith.constant 2.0 : f64
  %g = arith.mulf %f, %two : f64
  vector.print str "scaled "
  vector.print %g : f64
  vector.print str "done\n"
  return
}
