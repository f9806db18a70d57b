// dist.load of a .npy file whose header announces more than the file
// holds: every length is bounded by the file's size before anything is
// allocated for it, and the sizes are computed without wrapping around.
// A length field of 0xFFFFFFFF in a 928-byte file made the reader allocate
// 4 GiB for the header before it found it truncated (out of memory under a
// 3 GB address-space limit); a shape of 2^63 - 8 bytes plus the header's
// offset wrapped around to a negative end, passed the truncation check and
// failed in the allocation of the result.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: python3 %S/Inputs/npy_craft.py huge-length %t.d/huge-length.npy
// RUN: python3 %S/Inputs/npy_craft.py long-v1 %t.d/long-v1.npy
// RUN: python3 %S/Inputs/npy_craft.py wrapping %t.d/wrapping.npy
// RUN: not timeout -k 5 60 %mpirun -n 2 %t --in %t.d/huge-length.npy 2>&1 | FileCheck %s --check-prefix=HUGE
// RUN: not timeout -k 5 60 %mpirun -n 1 %t --in %t.d/long-v1.npy 2>&1 | FileCheck %s --check-prefix=V1
// RUN: not timeout -k 5 60 %mpirun -n 3 %t --in %t.d/wrapping.npy 2>&1 | FileCheck %s --check-prefix=WRAP
// Sanitizers reserve more address space than the limit.
// RUN: %if !sanitizers %{ not sh -c 'ulimit -v 3000000 && exec timeout -k 5 60 %mpirun -n 2 %t --in %t.d/huge-length.npy' 2>&1 | FileCheck %s --check-prefix=HUGE %}

// HUGE-NOT: out of memory
// HUGE: npy-header-bounds.mlir:[[@LINE+9]]:8: error: dist.load: '{{.*}}huge-length.npy': truncated header: its length field announces 4294967307 bytes but the file holds 928
// HUGE-NOT: out of memory
// V1: npy-header-bounds.mlir:[[@LINE+7]]:8: error: dist.load: '{{.*}}long-v1.npy': truncated header: its length field announces 1010 bytes but the file holds 200
// WRAP-NOT: out of memory
// WRAP: npy-header-bounds.mlir:[[@LINE+5]]:8: error: dist.load: '{{.*}}wrapping.npy': is truncated: the shape (1152921504606846975,) needs 9223372036854775800 bytes of data but the file holds 800
// WRAP-NOT: out of memory

!V = !dist.tensor<?xf64>
func.func @main() {
  %v = dist.load "in.npy" param "in" : !V
  %s = dist.reduce sum %v : !V -> f64
  dist.print %s : f64
  return
}
