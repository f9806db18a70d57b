// -O spellings as clang reads them: the last one wins, -O alone is -O1 and
// never takes the next argument as its value, -O4 and up are -O3, -Os and
// -Oz are -O2 optimizing for size (optsize, minsize on every function).
// RUN: %distc -O3 -O0 --emit=llvm %s -o - | FileCheck %s --check-prefix=O0
// RUN: %distc -O0 -O2 --emit=llvm %s -o - | FileCheck %s --check-prefix=OPT
// RUN: %distc -O0 -O --emit=llvm %s -o - | FileCheck %s --check-prefix=OPT
// -O followed by the input: the input is not -O's value.
// RUN: %distc --emit=llvm -O %s -o - | FileCheck %s --check-prefix=OPT
// RUN: %distc -O -### -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=O1
// RUN: %distc -O9 -### -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=O3
// RUN: %distc -Os --emit=llvm %s -o - | FileCheck %s --check-prefix=OS
// RUN: %distc -Oz --emit=llvm %s -o - | FileCheck %s --check-prefix=OZ
// RUN: %distc -Oz -O2 --emit=llvm %s -o - | FileCheck %s --check-prefix=OPT-NOSIZE
// RUN: %distc -Os -### -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=OS-STEP
// RUN: %distc -v -Os -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=OS-V
// RUN: not %distc -Ofast -c %s 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not %distc -Ox -c %s 2>&1 | FileCheck %s --check-prefix=BADX

// O0: define internal void @__distc_user_main()
// O0: call void @__distc_user_main()

// OPT-NOT: __distc_user_main
// OPT: call void @printI64(i64 12)

// O1: compile '{{.*}}opt-spellings.mlir' -> '{{.*}}.o' at -O1
// O3: compile '{{.*}}opt-spellings.mlir' -> '{{.*}}.o' at -O3

// OS: define {{.*}}i32 @main() {{.*}}#[[ATTR:[0-9]+]]
// OS: attributes #[[ATTR]] = { {{.*}}optsize
// OZ: define {{.*}}i32 @main() {{.*}}#[[ATTR:[0-9]+]]
// OZ: attributes #[[ATTR]] = { {{.*}}minsize
// OPT-NOSIZE-NOT: optsize
// OPT-NOSIZE-NOT: minsize
// OS-STEP: at -Os for
// OS-V: distc: optimize at -Os for

// BAD: distc: error: invalid optimization level '-Ofast' (use -O0, -O1, -O2, -O3, -Os or -Oz)
// BADX: distc: error: invalid optimization level '-Ox'

func.func @main() {
  %a = arith.constant 5 : i64
  %b = arith.constant 7 : i64
  %c = arith.addi %a, %b : i64
  vector.print %c : i64
  return
}
