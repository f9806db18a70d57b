// Every --emit kind, -c and -S, written to a file or to stdout with -o -.
// RUN: %distc --emit=mlir %s -o - | FileCheck %s --check-prefix=MLIR
// RUN: %distc --emit=mlir %s | FileCheck %s --check-prefix=MLIR
// RUN: %distc --emit=llvm %s -o - | FileCheck %s --check-prefix=LLVM
// RUN: %distc --emit=bc %s -o %t.bc
// RUN: llvm-dis %t.bc -o - | FileCheck %s --check-prefix=LLVM
// RUN: %distc --emit=asm %s -o - | FileCheck %s --check-prefix=ASM
// RUN: %distc -S %s -o %t.s
// RUN: FileCheck %s --check-prefix=ASM < %t.s
// RUN: %distc --emit=obj %s -o %t.o
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=OBJ
// RUN: %distc -c %s -o %t2.o
// RUN: llvm-readelf -h %t2.o | FileCheck %s --check-prefix=ELF

// MLIR: llvm.func @printI64(i64)
// MLIR: llvm.func @main()
// MLIR-NOT: func.func

// A void main becomes an internal function called by an `i32 main` that
// returns 0, so the program exits with status 0.
// LLVM: target triple = "x86_64
// LLVM-DAG: define {{.*}}i32 @main()
// LLVM-DAG: declare void @printI64(i64)

// ASM: .text
// ASM: main:
// ASM: printI64

// OBJ: T main
// OBJ: U printI64

// ELF: Type: REL (Relocatable file)

func.func @main() {
  %c = arith.constant 7 : i64
  vector.print %c : i64
  return
}
