// -O0..-O3 select the MLIR pipeline variant and LLVM's optimization level.
// RUN: %distc -O0 --emit=llvm %s -o - | FileCheck %s --check-prefix=O0
// RUN: %distc -O1 --emit=llvm %s -o - | FileCheck %s --check-prefix=OPT
// RUN: %distc -O2 --emit=llvm %s -o - | FileCheck %s --check-prefix=OPT
// RUN: %distc -O3 --emit=llvm %s -o - | FileCheck %s --check-prefix=OPT
// RUN: %distc -O3 -c %s -o %t.o
// RUN: not %distc -O3x -c %s 2>&1 | FileCheck %s --check-prefix=BAD

// At -O0 nothing is inlined: the wrapper still calls the user's main.
// O0: define internal void @__distc_user_main()
// O0: define i32 @main()
// O0-NEXT: call void @__distc_user_main()
// O0-NEXT: ret i32 0

// From -O1 on, LLVM inlines it and folds the arithmetic.
// OPT-NOT: __distc_user_main
// OPT: define {{.*}}i32 @main()
// OPT: call void @printI64(i64 12)
// OPT-NOT: __distc_user_main

// BAD: distc: error: invalid optimization level '-O3x' (use -O0, -O1, -O2, -O3, -Os or -Oz)

func.func @main() {
  %a = arith.constant 5 : i64
  %b = arith.constant 7 : i64
  %c = arith.addi %a, %b : i64
  vector.print %c : i64
  return
}
