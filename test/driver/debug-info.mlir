// -g, -gline-tables-only and -g0: DWARF for the .mlir source, with the
// user's lines on the instructions lowered from them, at every -O level.
// RUN: %distc -O0 -g --emit=llvm %s -o - | FileCheck %s --check-prefixes=CHECK,O0 -DOPTIMIZED=false -DKIND=FullDebug
// RUN: %distc -O2 -g --emit=llvm %s -o - | FileCheck %s --check-prefixes=CHECK,OPT -DOPTIMIZED=true -DKIND=FullDebug
// RUN: %distc -O3 -g2 --emit=llvm %s -o - | FileCheck %s --check-prefixes=CHECK,OPT -DOPTIMIZED=true -DKIND=FullDebug
// RUN: cd %S && %distc -O0 -g --emit=llvm debug-info.mlir -o - | FileCheck %s --check-prefix=RELATIVE
// RUN: %distc -O2 -gline-tables-only --emit=llvm %s -o - | FileCheck %s --check-prefixes=CHECK -DOPTIMIZED=true -DKIND=LineTablesOnly
// RUN: %distc -O2 -g0 -gmlt --emit=llvm %s -o - | FileCheck %s --check-prefixes=CHECK -DOPTIMIZED=true -DKIND=LineTablesOnly
// RUN: %distc -O2 --emit=llvm %s -o - | FileCheck %s --check-prefix=NONE
// RUN: %distc -O2 -g -g0 --emit=llvm %s -o - | FileCheck %s --check-prefix=NONE
//
// The object's line table names the .mlir file and its lines.
// RUN: %distc -O2 -g -c %s -o %t.o
// RUN: llvm-dwarfdump --debug-line %t.o | FileCheck %s --check-prefix=LINE-TABLE
// RUN: llvm-dwarfdump --debug-info %t.o | FileCheck %s --check-prefix=DWARF
// RUN: %distc -O2 -gline-tables-only -c %s -o %t.lines.o
// RUN: llvm-dwarfdump --debug-info %t.lines.o | FileCheck %s --check-prefix=DWARF-LINES
//
// -g changes no code: the .text of the objects with and without it is the
// same, byte for byte.
// RUN: %distc -O2 -c %s -o %t.nodebug.o
// RUN: llvm-objcopy --dump-section=.text=%t.text.g %t.o
// RUN: llvm-objcopy --dump-section=.text=%t.text.nog %t.nodebug.o
// RUN: cmp %t.text.g %t.text.nog
// RUN: %distc -O0 -g -c %s -o %t.o0.o
// RUN: %distc -O0 -c %s -o %t.o0.nodebug.o
// RUN: llvm-objcopy --dump-section=.text=%t.text.o0.g %t.o0.o
// RUN: llvm-objcopy --dump-section=.text=%t.text.o0.nog %t.o0.nodebug.o
// RUN: cmp %t.text.o0.g %t.text.o0.nog

// Declarations (the runtime's functions) are not described as if they
// were in the user's file.
// CHECK: declare void @printI64(i64){{( local_unnamed_addr)?$}}
// At -O0 the wrapper's call is at the user's main; from -O1 on the user's
// main is inlined into it and its lines are `inlinedAt` that call.
// O0: define i32 @main() {{.*}}!dbg
// O0-NEXT: call void @__distc_user_main(), !dbg

// CHECK-DAG: !llvm.dbg.cu = !{![[CU:[0-9]+]]}
// CHECK-DAG: !{i32 2, !"Debug Info Version", i32 3}
// CHECK-DAG: !{i32 7, !"Dwarf Version", i32 5}
// CHECK-DAG: ![[CU]] = distinct !DICompileUnit({{.*}}file: ![[CUFILE:[0-9]+]], producer: "distc version {{.*}}isOptimized: [[OPTIMIZED]], {{.*}}emissionKind: [[KIND]]
// The compile unit's directory is absolute, also for a relative input
// path (RELATIVE), so that a debugger finds the source from any directory.
// CHECK-DAG: ![[CUFILE]] = !DIFile(filename: "debug-info.mlir", directory: "/{{.+}}")
// RELATIVE-DAG: !DICompileUnit({{.*}}file: ![[CUFILE:[0-9]+]]
// RELATIVE-DAG: ![[CUFILE]] = !DIFile(filename: "debug-info.mlir", directory: "/{{.+}}")
// RELATIVE-DAG: !DIFile(filename: "debug-info.mlir", directory: "")

// NONE-NOT: !dbg
// NONE-NOT: DICompileUnit

// LINE-TABLE: name: "debug-info.mlir"

// DWARF: DW_AT_producer ("distc version
// DWARF: DW_AT_name ("debug-info.mlir")
// DWARF: DW_TAG_subprogram
// DWARF: DW_AT_name ("main")
// DWARF: DW_AT_artificial
// DWARF: DW_TAG_inlined_subroutine
// DWARF: DW_TAG_base_type
// DWARF-LINES: DW_AT_name ("debug-info.mlir")
// DWARF-LINES-NOT: DW_TAG_base_type
// DWARF-LINES-NOT: DW_AT_artificial

// CHECK-DAG: !DISubprogram(name: "scale", linkageName: "scale", scope: ![[FILE:[0-9]+]], file: ![[FILE]], line: [[@LINE+1]],
func.func private @scale(%x: i64) -> i64 {
  %c3 = arith.constant 3 : i64
  %y = arith.muli %x, %c3 : i64
  // CHECK-DAG: !DILocation(line: [[@LINE+2]], column: 3,
  // LINE-TABLE: 0x{{[0-9a-f]+}} [[@LINE+1]] 3 
  vector.print %y : i64
  return %y : i64
}

// The user's main keeps its name and has no linkage name (its symbol is
// __distc_user_main now); the C main wrapper is artificial, at the line of
// the user's main.
// CHECK-DAG: !DISubprogram(name: "main", scope: {{.*}}line: [[@LINE+2]],
// CHECK-DAG: !DISubprogram(name: "main", linkageName: "main", {{.*}}line: [[@LINE+1]], {{.*}}flags: DIFlagArtificial
func.func @main() {
  %c1 = arith.constant 1 : i64
  // O0-DAG: !DILocation(line: [[@LINE+2]], column: 8, scope:
  // OPT-DAG: !DILocation(line: [[@LINE+1]], column: 8, scope: !{{[0-9]+}}, inlinedAt:
  %a = func.call @scale(%c1) : (i64) -> i64
  %b = func.call @scale(%a) : (i64) -> i64
  // CHECK-DAG: !DILocation(line: [[@LINE+1]], column: 3,
  vector.print %b : i64
  return
}
