// Shifts composed with shifts: the source of a dist.shift is another
// dist.shift (two and three levels, along the split dimension and across
// it, with equal and different fills), shifts of shifts read by split
// element-wise ops next to plain and singly shifted operands, by a binary
// op and by a reduction, and dist.extend of a shift. Each result is
// compared element by element with a serial reference computed from the
// global indices (dist.generate), on 1 to 5 ranks (7 rows: blocks of one
// row, halos from ranks further away) and at -O0, -O1 and -O3. Before the fix
// distc crashed (segfault) on any shift of a shift.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 5 %t | FileCheck %s --match-full-lines
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 3 %t.O0 | FileCheck %s --match-full-lines
// RUN: %distc -O1 %s -o %t.O1
// RUN: %mpirun -n 2 %t.O1 | FileCheck %s --match-full-lines
// RUN: %distc -O3 %s -o %t.O3
// RUN: %mpirun -n 4 %t.O3 | FileCheck %s --match-full-lines

// CHECK: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0
// CHECK-NEXT: 0

// Prints the number of elements where `x` and `ref` differ.
func.func @report(%x: !dist.tensor<?x?xf64>, %ref: !dist.tensor<?x?xf64>) {
  %d = dist.elementwise %x, %ref : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%a: f64, %b: f64):
    %ne = arith.cmpf une, %a, %b : f64
    %one = arith.constant 1.0 : f64
    %zero = arith.constant 0.0 : f64
    %r = arith.select %ne, %one, %zero : f64
    dist.yield %r : f64
  }
  %s = dist.reduce sum %d : !dist.tensor<?x?xf64> -> f64
  dist.print %s : f64
  return
}

func.func @main() {
  %n = arith.constant 7 : index
  %m = arith.constant 5 : index
  %n64 = arith.constant 7 : i64
  %m64 = arith.constant 5 : i64
  %k6 = arith.constant -4 : i64
  %k7 = arith.constant -3 : i64
  %k8 = arith.constant -2 : i64
  %k9 = arith.constant -1 : i64
  %k10 = arith.constant 0 : i64
  %k11 = arith.constant 1 : i64
  %k12 = arith.constant 2 : i64
  %k13 = arith.constant 3 : i64
  %k14 = arith.constant 4 : i64
  %k110 = arith.constant 100 : i64
  %f0 = arith.constant 0.0 : f64
  %fm1 = arith.constant -1.0 : f64
  %f7 = arith.constant 7.0 : f64
  %f3 = arith.constant 3.0 : f64
  %u = dist.generate (%n, %m) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %i64 = arith.index_cast %i : index to i64
    %j64 = arith.index_cast %j : index to i64
    %t = arith.muli %i64, %k110 : i64
    %s = arith.addi %t, %j64 : i64
    %x = arith.sitofp %s : i64 to f64
    dist.yield %x : f64
  }
  // A: shift of a shift, both reaching up, the second also across columns
  %sh1 = dist.shift %u offsets [-1, 0] fill %f0 : !dist.tensor<?x?xf64>
  %sh2 = dist.shift %sh1 offsets [-1, 1] fill %fm1 : !dist.tensor<?x?xf64>
  %ref3 = dist.generate (%n, %m) : !dist.tensor<?x?xf64> {
  ^bb0(%gi: index, %gj: index):
    %i4 = arith.index_cast %gi : index to i64
    %j5 = arith.index_cast %gj : index to i64
    %i6 = arith.addi %i4, %k9 : i64
    %j7 = arith.addi %j5, %k11 : i64
    %c9 = arith.cmpi sge, %i6, %k10 : i64
    %c10 = arith.cmpi slt, %i6, %n64 : i64
    %c11 = arith.cmpi sge, %j7, %k10 : i64
    %c12 = arith.cmpi slt, %j7, %m64 : i64
    %c13 = arith.andi %c9, %c10 : i1
    %c14 = arith.andi %c11, %c12 : i1
    %ok8 = arith.andi %c13, %c14 : i1
    %i15 = arith.addi %i6, %k9 : i64
    %j16 = arith.addi %j7, %k10 : i64
    %c18 = arith.cmpi sge, %i15, %k10 : i64
    %c19 = arith.cmpi slt, %i15, %n64 : i64
    %c20 = arith.cmpi sge, %j16, %k10 : i64
    %c21 = arith.cmpi slt, %j16, %m64 : i64
    %c22 = arith.andi %c18, %c19 : i1
    %c23 = arith.andi %c20, %c21 : i1
    %ok17 = arith.andi %c22, %c23 : i1
    %t24 = arith.muli %i15, %k110 : i64
    %s25 = arith.addi %t24, %j16 : i64
    %x26 = arith.sitofp %s25 : i64 to f64
    %y27 = arith.select %ok17, %x26, %f0 : f64
    %y28 = arith.select %ok8, %y27, %fm1 : f64
    dist.yield %y28 : f64
  }
  func.call @report(%sh2, %ref3) : (!dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>) -> ()
  // B: three levels, down then up (same fill), then diagonal (other fill)
  %sh29 = dist.shift %u offsets [2, 0] fill %f0 : !dist.tensor<?x?xf64>
  %sh30 = dist.shift %sh29 offsets [-3, 0] fill %f0 : !dist.tensor<?x?xf64>
  %sh31 = dist.shift %sh30 offsets [1, -1] fill %f7 : !dist.tensor<?x?xf64>
  %ref32 = dist.generate (%n, %m) : !dist.tensor<?x?xf64> {
  ^bb0(%gi: index, %gj: index):
    %i33 = arith.index_cast %gi : index to i64
    %j34 = arith.index_cast %gj : index to i64
    %i35 = arith.addi %i33, %k11 : i64
    %j36 = arith.addi %j34, %k9 : i64
    %c38 = arith.cmpi sge, %i35, %k10 : i64
    %c39 = arith.cmpi slt, %i35, %n64 : i64
    %c40 = arith.cmpi sge, %j36, %k10 : i64
    %c41 = arith.cmpi slt, %j36, %m64 : i64
    %c42 = arith.andi %c38, %c39 : i1
    %c43 = arith.andi %c40, %c41 : i1
    %ok37 = arith.andi %c42, %c43 : i1
    %i44 = arith.addi %i35, %k7 : i64
    %j45 = arith.addi %j36, %k10 : i64
    %c47 = arith.cmpi sge, %i44, %k10 : i64
    %c48 = arith.cmpi slt, %i44, %n64 : i64
    %c49 = arith.cmpi sge, %j45, %k10 : i64
    %c50 = arith.cmpi slt, %j45, %m64 : i64
    %c51 = arith.andi %c47, %c48 : i1
    %c52 = arith.andi %c49, %c50 : i1
    %ok46 = arith.andi %c51, %c52 : i1
    %i53 = arith.addi %i44, %k12 : i64
    %j54 = arith.addi %j45, %k10 : i64
    %c56 = arith.cmpi sge, %i53, %k10 : i64
    %c57 = arith.cmpi slt, %i53, %n64 : i64
    %c58 = arith.cmpi sge, %j54, %k10 : i64
    %c59 = arith.cmpi slt, %j54, %m64 : i64
    %c60 = arith.andi %c56, %c57 : i1
    %c61 = arith.andi %c58, %c59 : i1
    %ok55 = arith.andi %c60, %c61 : i1
    %t62 = arith.muli %i53, %k110 : i64
    %s63 = arith.addi %t62, %j54 : i64
    %x64 = arith.sitofp %s63 : i64 to f64
    %y65 = arith.select %ok55, %x64, %f0 : f64
    %y66 = arith.select %ok46, %y65, %f0 : f64
    %y67 = arith.select %ok37, %y66, %f7 : f64
    dist.yield %y67 : f64
  }
  func.call @report(%sh31, %ref32) : (!dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>) -> ()
  // C: a split element-wise op reading u, a shift and a shift of it
  %sh68 = dist.shift %u offsets [-1, 0] fill %f0 : !dist.tensor<?x?xf64>
  %sh69 = dist.shift %sh68 offsets [1, 0] fill %f0 : !dist.tensor<?x?xf64>
  %c70 = dist.elementwise %u, %sh68, %sh69 : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%a: f64, %b: f64, %q: f64):
    %ten = arith.constant 10000.0 : f64
    %mil = arith.constant 100000000.0 : f64
    %tb = arith.mulf %b, %ten : f64
    %tq = arith.mulf %q, %mil : f64
    %ab = arith.addf %a, %tb : f64
    %r = arith.addf %ab, %tq : f64
    dist.yield %r : f64
  }
  %ref71 = dist.generate (%n, %m) : !dist.tensor<?x?xf64> {
  ^bb0(%gi: index, %gj: index):
    %i72 = arith.index_cast %gi : index to i64
    %j73 = arith.index_cast %gj : index to i64
    %t74 = arith.muli %i72, %k110 : i64
    %s75 = arith.addi %t74, %j73 : i64
    %x76 = arith.sitofp %s75 : i64 to f64
    dist.yield %x76 : f64
  }
  %ref77 = dist.generate (%n, %m) : !dist.tensor<?x?xf64> {
  ^bb0(%gi: index, %gj: index):
    %i78 = arith.index_cast %gi : index to i64
    %j79 = arith.index_cast %gj : index to i64
    %i80 = arith.addi %i78, %k9 : i64
    %j81 = arith.addi %j79, %k10 : i64
    %c83 = arith.cmpi sge, %i80, %k10 : i64
    %c84 = arith.cmpi slt, %i80, %n64 : i64
    %c85 = arith.cmpi sge, %j81, %k10 : i64
    %c86 = arith.cmpi slt, %j81, %m64 : i64
    %c87 = arith.andi %c83, %c84 : i1
    %c88 = arith.andi %c85, %c86 : i1
    %ok82 = arith.andi %c87, %c88 : i1
    %t89 = arith.muli %i80, %k110 : i64
    %s90 = arith.addi %t89, %j81 : i64
    %x91 = arith.sitofp %s90 : i64 to f64
    %y92 = arith.select %ok82, %x91, %f0 : f64
    dist.yield %y92 : f64
  }
  %ref93 = dist.generate (%n, %m) : !dist.tensor<?x?xf64> {
  ^bb0(%gi: index, %gj: index):
    %i94 = arith.index_cast %gi : index to i64
    %j95 = arith.index_cast %gj : index to i64
    %i96 = arith.addi %i94, %k11 : i64
    %j97 = arith.addi %j95, %k10 : i64
    %c99 = arith.cmpi sge, %i96, %k10 : i64
    %c100 = arith.cmpi slt, %i96, %n64 : i64
    %c101 = arith.cmpi sge, %j97, %k10 : i64
    %c102 = arith.cmpi slt, %j97, %m64 : i64
    %c103 = arith.andi %c99, %c100 : i1
    %c104 = arith.andi %c101, %c102 : i1
    %ok98 = arith.andi %c103, %c104 : i1
    %i105 = arith.addi %i96, %k9 : i64
    %j106 = arith.addi %j97, %k10 : i64
    %c108 = arith.cmpi sge, %i105, %k10 : i64
    %c109 = arith.cmpi slt, %i105, %n64 : i64
    %c110 = arith.cmpi sge, %j106, %k10 : i64
    %c111 = arith.cmpi slt, %j106, %m64 : i64
    %c112 = arith.andi %c108, %c109 : i1
    %c113 = arith.andi %c110, %c111 : i1
    %ok107 = arith.andi %c112, %c113 : i1
    %t114 = arith.muli %i105, %k110 : i64
    %s115 = arith.addi %t114, %j106 : i64
    %x116 = arith.sitofp %s115 : i64 to f64
    %y117 = arith.select %ok107, %x116, %f0 : f64
    %y118 = arith.select %ok98, %y117, %f0 : f64
    dist.yield %y118 : f64
  }
  %rc119 = dist.elementwise %ref71, %ref77, %ref93 : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%a: f64, %b: f64, %q: f64):
    %ten = arith.constant 10000.0 : f64
    %mil = arith.constant 100000000.0 : f64
    %tb = arith.mulf %b, %ten : f64
    %tq = arith.mulf %q, %mil : f64
    %ab = arith.addf %a, %tb : f64
    %r = arith.addf %ab, %tq : f64
    dist.yield %r : f64
  }
  func.call @report(%c70, %rc119) : (!dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>) -> ()
  // D: dist.add of a shift of a shift and the inner shift
  %sh120 = dist.shift %sh68 offsets [0, 1] fill %f3 : !dist.tensor<?x?xf64>
  %d121 = dist.add %sh120, %sh68 : !dist.tensor<?x?xf64>
  %ref122 = dist.generate (%n, %m) : !dist.tensor<?x?xf64> {
  ^bb0(%gi: index, %gj: index):
    %i123 = arith.index_cast %gi : index to i64
    %j124 = arith.index_cast %gj : index to i64
    %i125 = arith.addi %i123, %k10 : i64
    %j126 = arith.addi %j124, %k11 : i64
    %c128 = arith.cmpi sge, %i125, %k10 : i64
    %c129 = arith.cmpi slt, %i125, %n64 : i64
    %c130 = arith.cmpi sge, %j126, %k10 : i64
    %c131 = arith.cmpi slt, %j126, %m64 : i64
    %c132 = arith.andi %c128, %c129 : i1
    %c133 = arith.andi %c130, %c131 : i1
    %ok127 = arith.andi %c132, %c133 : i1
    %i134 = arith.addi %i125, %k9 : i64
    %j135 = arith.addi %j126, %k10 : i64
    %c137 = arith.cmpi sge, %i134, %k10 : i64
    %c138 = arith.cmpi slt, %i134, %n64 : i64
    %c139 = arith.cmpi sge, %j135, %k10 : i64
    %c140 = arith.cmpi slt, %j135, %m64 : i64
    %c141 = arith.andi %c137, %c138 : i1
    %c142 = arith.andi %c139, %c140 : i1
    %ok136 = arith.andi %c141, %c142 : i1
    %t143 = arith.muli %i134, %k110 : i64
    %s144 = arith.addi %t143, %j135 : i64
    %x145 = arith.sitofp %s144 : i64 to f64
    %y146 = arith.select %ok136, %x145, %f0 : f64
    %y147 = arith.select %ok127, %y146, %f3 : f64
    dist.yield %y147 : f64
  }
  %rd148 = dist.add %ref122, %ref77 : !dist.tensor<?x?xf64>
  func.call @report(%d121, %rd148) : (!dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>) -> ()
  // E: a shift of a shift read whole (by dist.reduce and by the report)
  %sh149 = dist.shift %u offsets [3, 0] fill %f7 : !dist.tensor<?x?xf64>
  %sh150 = dist.shift %sh149 offsets [-4, -1] fill %f0 : !dist.tensor<?x?xf64>
  %es151 = dist.reduce max %sh150 : !dist.tensor<?x?xf64> -> f64
  %ref152 = dist.generate (%n, %m) : !dist.tensor<?x?xf64> {
  ^bb0(%gi: index, %gj: index):
    %i153 = arith.index_cast %gi : index to i64
    %j154 = arith.index_cast %gj : index to i64
    %i155 = arith.addi %i153, %k6 : i64
    %j156 = arith.addi %j154, %k9 : i64
    %c158 = arith.cmpi sge, %i155, %k10 : i64
    %c159 = arith.cmpi slt, %i155, %n64 : i64
    %c160 = arith.cmpi sge, %j156, %k10 : i64
    %c161 = arith.cmpi slt, %j156, %m64 : i64
    %c162 = arith.andi %c158, %c159 : i1
    %c163 = arith.andi %c160, %c161 : i1
    %ok157 = arith.andi %c162, %c163 : i1
    %i164 = arith.addi %i155, %k13 : i64
    %j165 = arith.addi %j156, %k10 : i64
    %c167 = arith.cmpi sge, %i164, %k10 : i64
    %c168 = arith.cmpi slt, %i164, %n64 : i64
    %c169 = arith.cmpi sge, %j165, %k10 : i64
    %c170 = arith.cmpi slt, %j165, %m64 : i64
    %c171 = arith.andi %c167, %c168 : i1
    %c172 = arith.andi %c169, %c170 : i1
    %ok166 = arith.andi %c171, %c172 : i1
    %t173 = arith.muli %i164, %k110 : i64
    %s174 = arith.addi %t173, %j165 : i64
    %x175 = arith.sitofp %s174 : i64 to f64
    %y176 = arith.select %ok166, %x175, %f7 : f64
    %y177 = arith.select %ok157, %y176, %f0 : f64
    dist.yield %y177 : f64
  }
  %ers178 = dist.reduce max %ref152 : !dist.tensor<?x?xf64> -> f64
  %ed179 = arith.subf %es151, %ers178 : f64
  dist.print %ed179 : f64
  func.call @report(%sh150, %ref152) : (!dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>) -> ()
  // F: dist.extend of a shift, compared on every rank with the extension
  // of the reference (both through dist.extend of a plain tensor would
  // hide a wrong source: the reference's is a generate).
  %sh180 = dist.shift %u offsets [1, -1] fill %f0 : !dist.tensor<?x?xf64>
  %ref181 = dist.generate (%n, %m) : !dist.tensor<?x?xf64> {
  ^bb0(%gi: index, %gj: index):
    %i182 = arith.index_cast %gi : index to i64
    %j183 = arith.index_cast %gj : index to i64
    %i184 = arith.addi %i182, %k11 : i64
    %j185 = arith.addi %j183, %k9 : i64
    %c187 = arith.cmpi sge, %i184, %k10 : i64
    %c188 = arith.cmpi slt, %i184, %n64 : i64
    %c189 = arith.cmpi sge, %j185, %k10 : i64
    %c190 = arith.cmpi slt, %j185, %m64 : i64
    %c191 = arith.andi %c187, %c188 : i1
    %c192 = arith.andi %c189, %c190 : i1
    %ok186 = arith.andi %c191, %c192 : i1
    %t193 = arith.muli %i184, %k110 : i64
    %s194 = arith.addi %t193, %j185 : i64
    %x195 = arith.sitofp %s194 : i64 to f64
    %y196 = arith.select %ok186, %x195, %f0 : f64
    dist.yield %y196 : f64
  }
  %ext = dist.extend %sh180 low [1, 1] high [2, 1] fill %f3 : !dist.tensor<?x?xf64> -> tensor<?x?xf64>
  %extref = dist.extend %ref181 low [1, 1] high [2, 1] fill %f3 : !dist.tensor<?x?xf64> -> tensor<?x?xf64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = tensor.dim %ext, %c0 : tensor<?x?xf64>
  %cols = tensor.dim %ext, %c1 : tensor<?x?xf64>
  %bad = scf.for %i = %c0 to %rows step %c1 iter_args(%acc = %f0) -> (f64) {
    %inner = scf.for %j = %c0 to %cols step %c1 iter_args(%acc2 = %acc) -> (f64) {
      %x = tensor.extract %ext[%i, %j] : tensor<?x?xf64>
      %y = tensor.extract %extref[%i, %j] : tensor<?x?xf64>
      %ne = arith.cmpf une, %x, %y : f64
      %one = arith.constant 1.0 : f64
      %inc = arith.select %ne, %one, %f0 : f64
      %next = arith.addf %acc2, %inc : f64
      scf.yield %next : f64
    }
    scf.yield %inner : f64
  }
  // One count per rank, summed over the team.
  %me = dist.team_member
  %part = tensor.from_elements %bad : tensor<1xf64>
  %dpart = tensor.cast %part : tensor<1xf64> to tensor<?xf64>
  %counts = dist.from_local %dpart offset %me : tensor<?xf64> -> !dist.tensor<?xf64, irregular>
  %total = dist.reduce sum %counts : !dist.tensor<?xf64, irregular> -> f64
  dist.print %total : f64
  return
}
