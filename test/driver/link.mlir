// Linking: an executable from .mlir and .o inputs, the IDTR runtime and MPI,
// with -L/-l for extra libraries; -v prints the link line.
// REQUIRES: idtr-runtime
// RUN: rm -rf %t && split-file %s %t && cd %t

// Default output a.out; a void main exits with 0.
// RUN: %distc main.mlir
// RUN: %mpirun -n 1 ./a.out | FileCheck %s --check-prefix=RUN1
// RUN1: twice 42

// An i32 main's value is the exit status.
// RUN: %distc exit3.mlir -o exit3
// RUN: not ./exit3

// Several inputs: a library compiled with -c, linked with another .mlir
// and a C object, in one command.
// RUN: %distc -c lib.mlir -o lib.o
// RUN: %cc -c -fPIC clib.c -o clib.o
// RUN: %distc uses-lib.mlir lib.o clib.o -o prog
// RUN: %mpirun -n 2 --tag-output ./prog | env LC_ALL=C sort | FileCheck %s --check-prefix=MULTI
// MULTI: [1,0]<stdout>:twice 10 plus 3 = 23
// MULTI: [1,1]<stdout>:twice 10 plus 3 = 23

// -L/-l: a user library found in a user directory.
// RUN: mkdir -p libs && llvm-ar rcs libs/libplus.a clib.o
// RUN: %distc uses-lib.mlir lib.o -Llibs -lplus -o prog2 -v 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: %mpirun -n 1 ./prog2 | FileCheck %s --check-prefix=MULTI1
// MULTI1: twice 10 plus 3 = 23
// VERBOSE: distc: link: ld.lld {{.*}}-pie -dynamic-linker {{.*}} -o prog2.tmp-{{[0-9a-f]+}} {{.*}}crt1.o {{.*}}crti.o {{.*}}crtbeginS.o -Llibs {{.*}}lib.o -lplus {{.*}}libidtr.a {{.*}}libmpi{{.*}} -lc {{.*}}crtendS.o {{.*}}crtn.o

// A link failure is one sentence per linker error, and no output.
// RUN: not %distc main.mlir -lnonexistent -o bad 2>&1 | FileCheck %s --check-prefix=NOLIB
// RUN: not ls bad
// NOLIB: distc: error: link: unable to find library -lnonexistent
// RUN: not %distc uses-lib.mlir -o bad2 2>&1 | FileCheck %s --check-prefix=UNDEF
// NOLIB-NOT: Stack dump
// UNDEF: distc: error: link: undefined symbol: twice

//--- main.mlir
func.func @main() {
  %c = arith.constant 42 : i64
  vector.print str "twice "
  vector.print %c : i64
  return
}
//--- exit3.mlir
func.func @main() -> i32 {
  %c = arith.constant 3 : i32
  return %c : i32
}
//--- lib.mlir
func.func @twice(%x: i64) -> i64 {
  %y = arith.addi %x, %x : i64
  return %y : i64
}
//--- clib.c
long plus3(long x) { return x + 3; }
//--- uses-lib.mlir
func.func private @twice(i64) -> i64
func.func private @plus3(i64) -> i64
func.func @main() {
  %c = arith.constant 10 : i64
  %t = call @twice(%c) : (i64) -> i64
  %p = call @plus3(%t) : (i64) -> i64
  vector.print str "twice 10 plus 3 = "
  vector.print %p : i64
  return
}
