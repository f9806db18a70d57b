// -ffp-contract: which multiplies and adds become fused multiply-adds.
//  * on (the default): the multiply and the add of one op (@axpy's body,
//    @matmul's product), as llvm.fmuladd, at every -O level; never a
//    multiply and an add of two ops (@two_ops), even fused into one loop;
//  * off: none, not even matmul's at -O2 (vectorized as vector.fma,
//    which is llvm.fmuladd: the code generator keeps it apart);
//  * fast: also @two_ops, from -O1 on (-O0's instruction selection fuses
//    nothing it is not told to).
// x86-64-v3 has FMA instructions, whatever the host.
// REQUIRES: compiler
// RUN: %distc -O0 -march=x86-64-v3 --emit=llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %distc -O2 -march=x86-64-v3 --emit=llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %distc -O2 -march=x86-64-v3 -ffp-contract=off --emit=llvm %s -o - | FileCheck %s --check-prefix=IR-OFF
// RUN: %distc -O0 -march=x86-64-v3 -S %s -o - | FileCheck %s --check-prefixes=ON
// RUN: %distc -O1 -march=x86-64-v3 -S %s -o - | FileCheck %s --check-prefixes=ON
// RUN: %distc -O2 -march=x86-64-v3 -S %s -o - | FileCheck %s --check-prefixes=ON
// RUN: %distc -O3 -march=x86-64-v3 -ffp-contract=on -S %s -o - | FileCheck %s --check-prefixes=ON
// RUN: %distc -O0 -march=x86-64-v3 -ffp-contract=off -S %s -o - | FileCheck %s --check-prefixes=OFF
// RUN: %distc -O2 -march=x86-64-v3 -ffp-contract=off -S %s -o - | FileCheck %s --check-prefixes=OFF
// RUN: %distc -O3 -march=x86-64-v3 -ffp-contract=off -S %s -o - | FileCheck %s --check-prefixes=OFF
// RUN: %distc -O0 -march=x86-64-v3 -ffp-contract=fast -S %s -o - | FileCheck %s --check-prefixes=ON
// RUN: %distc -O2 -march=x86-64-v3 -ffp-contract=fast -S %s -o - | FileCheck %s --check-prefixes=FAST
// The last one given wins; a value that is not off, on or fast is an error.
// RUN: %distc -O2 -march=x86-64-v3 -ffp-contract=off --ffp-contract=fast -ffp-contract=on -S %s -o - | FileCheck %s --check-prefixes=ON
// RUN: not %distc -ffp-contract=fast-honor-pragmas -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %distc -ffp-contract= %s -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY

// IR-LABEL: define {{.*}} @axpy(
// IR: call double @llvm.fmuladd.f64
// IR-LABEL: define {{.*}} @two_ops(
// IR-NOT: fmuladd
// IR: fmul
// IR-NOT: fmuladd
// IR: fadd
// IR-NOT: fmuladd
// IR: ret
// IR-LABEL: define {{.*}} @matmul(
// IR: fmuladd
// IR-OFF-LABEL: define {{.*}} @axpy(
// IR-OFF-NOT: fmuladd
// IR-OFF: ret

// ON-LABEL: axpy:
// ON: vfmadd
// ON-LABEL: two_ops:
// ON-NOT: vfmadd
// ON-LABEL: matmul:
// ON: vfmadd
// OFF-NOT: vfmadd
// FAST-LABEL: axpy:
// FAST: vfmadd
// FAST-LABEL: two_ops:
// FAST: vfmadd
// FAST-LABEL: matmul:
// FAST: vfmadd
// BAD: distc: error: --ffp-contract: 'fast-honor-pragmas' is not one of: fast, off, on
// EMPTY: distc: error: option '-ffp-contract=' needs a value: off, on or fast

func.func @axpy(%alpha: f64, %x: !dist.tensor<?xf64>, %y: !dist.tensor<?xf64>) -> !dist.tensor<?xf64> {
  %r = dist.elementwise %x, %y : !dist.tensor<?xf64>, !dist.tensor<?xf64> -> !dist.tensor<?xf64> {
  ^bb0(%a: f64, %b: f64):
    %t = arith.mulf %alpha, %a : f64
    %u = arith.addf %t, %b : f64
    dist.yield %u : f64
  }
  return %r : !dist.tensor<?xf64>
}

func.func @two_ops(%x: !dist.tensor<?xf64>, %y: !dist.tensor<?xf64>) -> !dist.tensor<?xf64> {
  %t = dist.mul %x, %x : !dist.tensor<?xf64>
  %u = dist.add %t, %y : !dist.tensor<?xf64>
  return %u : !dist.tensor<?xf64>
}

func.func @matmul(%a: !dist.tensor<?x?xf64>, %b: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %c = dist.matmul %a, %b : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  return %c : !dist.tensor<?x?xf64>
}
