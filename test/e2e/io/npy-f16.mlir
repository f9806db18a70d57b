// f16 tensors: stored as 16-bit halves ('<f2' files, numpy's float16),
// computed in f32 inside dist.elementwise, printed exactly as f32 with
// precision; bf16 prints the same way. On 1 and 3 ranks.
// REQUIRES: compiler, idtr-runtime, numpy
// RUN: %distc %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %numpy-python %S/Inputs/npy_check.py make %t.d/h.npy float16 9
// RUN: %mpirun -n 1 %t --in %t.d/h.npy --out %t.d/h1.npy | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t --in %t.d/h.npy --out %t.d/h3.npy | FileCheck %s --match-full-lines
// RUN: %numpy-python %S/Inputs/npy_check.py check %t.d/h3.npy float16 9 | FileCheck %s --check-prefix=NUMPY
// RUN: cmp %t.d/h1.npy %t.d/h3.npy

// CHECK:      [0 1 2 3 4 5 6 7 8]
// CHECK-NEXT: [0.333984375 0.5 0.25]
// NUMPY: ok float16 (9,)

!H = !dist.tensor<?xf16>

func.func @main() {
  %a = dist.load "h.npy" param "in" : !H
  dist.print %a numpy : !H
  %b = dist.elementwise %a : !H -> !H {
  ^bb0(%x: f16):
    %w = arith.extf %x : f16 to f32
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %t = arith.mulf %w, %two : f32
    %y = arith.addf %t, %one : f32
    %h = arith.truncf %y : f32 to f16
    dist.yield %h : f16
  }
  dist.save %b, "out.npy" param "out" : !H
  %c3 = arith.constant 3 : index
  %v = dist.generate (%c3) : !dist.tensor<?xbf16> {
  ^bb0(%i: index):
    %k = arith.index_cast %i : index to i64
    %f = arith.sitofp %k : i64 to f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %f, %one : f32
    %q = arith.constant 3.0 : f32
    %r = arith.divf %one, %q : f32
    %s = arith.constant 0.5 : f32
    // 1/3 (rounded to bf16's 8 bits), 1/2, 1/4
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %is0 = arith.cmpi eq, %i, %c0 : index
    %is1 = arith.cmpi eq, %i, %c1 : index
    %quarter = arith.constant 0.25 : f32
    %t = arith.select %is1, %s, %quarter : f32
    %u = arith.select %is0, %r, %t : f32
    %h = arith.truncf %u : f32 to bf16
    dist.yield %h : bf16
  }
  dist.print %v numpy precision = 9 : !dist.tensor<?xbf16>
  return
}
