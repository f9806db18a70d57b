// A parse error points at file:line:col and shows the source line.
// RUN: not %distc -c %s -o %t.o 2>&1 | FileCheck %s -DFILE=%s
// RUN: not ls %t.o
// CHECK: [[FILE]]:12:19: error: use of value '%a' expects different type than prior uses: 'i64' vs 'i32'
// CHECK-NEXT: %b = arith.addi %a, %a : i64
// CHECK-NEXT: ^
// CHECK: [[FILE]]:11:3: note: prior use here
// CHECK-NOT: see current operation

func.func @main() {
  %a = arith.constant 1 : i32
  %b = arith.addi %a, %a : i64
  return
}
