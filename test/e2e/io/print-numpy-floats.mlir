// dist.print numpy of f16, f32 and f64 arrays prints what numpy's print()
// prints, byte for byte: each type's own shortest digits (Dragon4's unique
// digits for that precision: f16 0.1 is 0.1, f32 1e-5 is 1e-05), in
// scientific notation the exact digits beyond them where the widest needs
// more (f32 1e-5 among 7-digit mantissas is 9.9999997e-06, not
// 1.0000000e-05), the choice between positional and scientific made in the
// type's own arithmetic, numpy's padding, nan/inf, negative zero and the
// summary of long arrays (Inputs/print_numpy_floats.py lists the cases).
// The arrays are written by numpy, loaded on 1-3 ranks, printed and
// compared with numpy's print() of the same arrays.
// REQUIRES: compiler, idtr-runtime, numpy
// RUN: %distc %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %numpy-python %S/Inputs/print_numpy_floats.py make %t.d
// RUN: %numpy-python %S/Inputs/print_numpy_floats.py expect %t.d > %t.d/expected.txt
// RUN: cd %t.d && timeout -k 5 120 %mpirun -n 1 %t > %t.d/out1.txt && diff %t.d/expected.txt %t.d/out1.txt
// RUN: cd %t.d && timeout -k 5 120 %mpirun -n 2 %t > %t.d/out2.txt && diff %t.d/expected.txt %t.d/out2.txt
// RUN: cd %t.d && timeout -k 5 120 %mpirun -n 3 %t > %t.d/out3.txt && diff %t.d/expected.txt %t.d/out3.txt

func.func @main() {
  %f16_0 = dist.load "float16_0.npy" : !dist.tensor<?xf16>
  dist.print %f16_0 numpy : !dist.tensor<?xf16>
  %f16_1 = dist.load "float16_1.npy" : !dist.tensor<?xf16>
  dist.print %f16_1 numpy : !dist.tensor<?xf16>
  %f16_2 = dist.load "float16_2.npy" : !dist.tensor<?xf16>
  dist.print %f16_2 numpy : !dist.tensor<?xf16>
  %f16_3 = dist.load "float16_3.npy" : !dist.tensor<?xf16>
  dist.print %f16_3 numpy : !dist.tensor<?xf16>
  %f16_4 = dist.load "float16_4.npy" : !dist.tensor<?xf16>
  dist.print %f16_4 numpy : !dist.tensor<?xf16>
  %f16_5 = dist.load "float16_5.npy" : !dist.tensor<?xf16>
  dist.print %f16_5 numpy : !dist.tensor<?xf16>
  %f16_6 = dist.load "float16_6.npy" : !dist.tensor<?xf16>
  dist.print %f16_6 numpy : !dist.tensor<?xf16>
  %f16_7 = dist.load "float16_7.npy" : !dist.tensor<?xf16>
  dist.print %f16_7 numpy : !dist.tensor<?xf16>
  %f16_8 = dist.load "float16_8.npy" : !dist.tensor<?xf16>
  dist.print %f16_8 numpy : !dist.tensor<?xf16>
  %f16_9 = dist.load "float16_9.npy" : !dist.tensor<?xf16>
  dist.print %f16_9 numpy : !dist.tensor<?xf16>
  %f16_10 = dist.load "float16_10.npy" : !dist.tensor<?xf16>
  dist.print %f16_10 numpy : !dist.tensor<?xf16>
  %f16_11 = dist.load "float16_11.npy" : !dist.tensor<?xf16>
  dist.print %f16_11 numpy : !dist.tensor<?xf16>
  %f16_12 = dist.load "float16_12.npy" : !dist.tensor<?xf16>
  dist.print %f16_12 numpy : !dist.tensor<?xf16>
  %f16_13 = dist.load "float16_13.npy" : !dist.tensor<?xf16>
  dist.print %f16_13 numpy : !dist.tensor<?xf16>
  %f16_14 = dist.load "float16_14.npy" : !dist.tensor<?xf16>
  dist.print %f16_14 numpy : !dist.tensor<?xf16>
  %f16_15 = dist.load "float16_15.npy" : !dist.tensor<?x?xf16>
  dist.print %f16_15 numpy : !dist.tensor<?x?xf16>
  %f16_16 = dist.load "float16_16.npy" : !dist.tensor<?xf16>
  dist.print %f16_16 numpy : !dist.tensor<?xf16>
  %f32_0 = dist.load "float32_0.npy" : !dist.tensor<?xf32>
  dist.print %f32_0 numpy : !dist.tensor<?xf32>
  %f32_1 = dist.load "float32_1.npy" : !dist.tensor<?xf32>
  dist.print %f32_1 numpy : !dist.tensor<?xf32>
  %f32_2 = dist.load "float32_2.npy" : !dist.tensor<?xf32>
  dist.print %f32_2 numpy : !dist.tensor<?xf32>
  %f32_3 = dist.load "float32_3.npy" : !dist.tensor<?xf32>
  dist.print %f32_3 numpy : !dist.tensor<?xf32>
  %f32_4 = dist.load "float32_4.npy" : !dist.tensor<?xf32>
  dist.print %f32_4 numpy : !dist.tensor<?xf32>
  %f32_5 = dist.load "float32_5.npy" : !dist.tensor<?xf32>
  dist.print %f32_5 numpy : !dist.tensor<?xf32>
  %f32_6 = dist.load "float32_6.npy" : !dist.tensor<?xf32>
  dist.print %f32_6 numpy : !dist.tensor<?xf32>
  %f32_7 = dist.load "float32_7.npy" : !dist.tensor<?xf32>
  dist.print %f32_7 numpy : !dist.tensor<?xf32>
  %f32_8 = dist.load "float32_8.npy" : !dist.tensor<?xf32>
  dist.print %f32_8 numpy : !dist.tensor<?xf32>
  %f32_9 = dist.load "float32_9.npy" : !dist.tensor<?xf32>
  dist.print %f32_9 numpy : !dist.tensor<?xf32>
  %f32_10 = dist.load "float32_10.npy" : !dist.tensor<?xf32>
  dist.print %f32_10 numpy : !dist.tensor<?xf32>
  %f32_11 = dist.load "float32_11.npy" : !dist.tensor<?xf32>
  dist.print %f32_11 numpy : !dist.tensor<?xf32>
  %f32_12 = dist.load "float32_12.npy" : !dist.tensor<?xf32>
  dist.print %f32_12 numpy : !dist.tensor<?xf32>
  %f32_13 = dist.load "float32_13.npy" : !dist.tensor<?xf32>
  dist.print %f32_13 numpy : !dist.tensor<?xf32>
  %f32_14 = dist.load "float32_14.npy" : !dist.tensor<?xf32>
  dist.print %f32_14 numpy : !dist.tensor<?xf32>
  %f32_15 = dist.load "float32_15.npy" : !dist.tensor<?x?xf32>
  dist.print %f32_15 numpy : !dist.tensor<?x?xf32>
  %f32_16 = dist.load "float32_16.npy" : !dist.tensor<?xf32>
  dist.print %f32_16 numpy : !dist.tensor<?xf32>
  %f64_0 = dist.load "float64_0.npy" : !dist.tensor<?xf64>
  dist.print %f64_0 numpy : !dist.tensor<?xf64>
  %f64_1 = dist.load "float64_1.npy" : !dist.tensor<?xf64>
  dist.print %f64_1 numpy : !dist.tensor<?xf64>
  %f64_2 = dist.load "float64_2.npy" : !dist.tensor<?xf64>
  dist.print %f64_2 numpy : !dist.tensor<?xf64>
  %f64_3 = dist.load "float64_3.npy" : !dist.tensor<?xf64>
  dist.print %f64_3 numpy : !dist.tensor<?xf64>
  %f64_4 = dist.load "float64_4.npy" : !dist.tensor<?xf64>
  dist.print %f64_4 numpy : !dist.tensor<?xf64>
  %f64_5 = dist.load "float64_5.npy" : !dist.tensor<?xf64>
  dist.print %f64_5 numpy : !dist.tensor<?xf64>
  %f64_6 = dist.load "float64_6.npy" : !dist.tensor<?xf64>
  dist.print %f64_6 numpy : !dist.tensor<?xf64>
  %f64_7 = dist.load "float64_7.npy" : !dist.tensor<?xf64>
  dist.print %f64_7 numpy : !dist.tensor<?xf64>
  %f64_8 = dist.load "float64_8.npy" : !dist.tensor<?xf64>
  dist.print %f64_8 numpy : !dist.tensor<?xf64>
  %f64_9 = dist.load "float64_9.npy" : !dist.tensor<?xf64>
  dist.print %f64_9 numpy : !dist.tensor<?xf64>
  %f64_10 = dist.load "float64_10.npy" : !dist.tensor<?xf64>
  dist.print %f64_10 numpy : !dist.tensor<?xf64>
  %f64_11 = dist.load "float64_11.npy" : !dist.tensor<?xf64>
  dist.print %f64_11 numpy : !dist.tensor<?xf64>
  %f64_12 = dist.load "float64_12.npy" : !dist.tensor<?xf64>
  dist.print %f64_12 numpy : !dist.tensor<?xf64>
  %f64_13 = dist.load "float64_13.npy" : !dist.tensor<?xf64>
  dist.print %f64_13 numpy : !dist.tensor<?xf64>
  %f64_14 = dist.load "float64_14.npy" : !dist.tensor<?xf64>
  dist.print %f64_14 numpy : !dist.tensor<?xf64>
  %f64_15 = dist.load "float64_15.npy" : !dist.tensor<?x?xf64>
  dist.print %f64_15 numpy : !dist.tensor<?x?xf64>
  %f64_16 = dist.load "float64_16.npy" : !dist.tensor<?xf64>
  dist.print %f64_16 numpy : !dist.tensor<?xf64>
  return
}
