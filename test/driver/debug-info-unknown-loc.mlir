// A call without a location (as a lowering may make) in a function with
// debug info gets its function's line: LLVM's verifier rejects an
// inlinable call without !dbg there ("inlinable function call in a
// function with a DISubprogram location must have a debug location").
// RUN: %distc -O0 -g --pipeline= --emit=llvm %s -o - | FileCheck %s

// CHECK: define void @caller() !dbg ![[CALLER:[0-9]+]]
// CHECK: call void @helper(), !dbg ![[LOC:[0-9]+]]
// CHECK: define void @anonymous() !dbg ![[ANON:[0-9]+]]
// CHECK: call void @helper(), !dbg ![[ANONLOC:[0-9]+]]
// CHECK-DAG: ![[CALLER]] = distinct !DISubprogram(name: "caller", {{.*}}line: [[#CALLER_LINE:@LINE+4]],
// CHECK-DAG: ![[LOC]] = !DILocation(line: [[#CALLER_LINE]], scope: ![[CALLER]])
// A function without a location is at line 1 of the input's file.
// CHECK-DAG: ![[ANONLOC]] = !DILocation(line: 1, scope: ![[ANON]])
llvm.func @caller() {
  llvm.call @helper() : () -> () loc(unknown)
  llvm.return
}

llvm.func @anonymous() {
  llvm.call @helper() : () -> () loc(unknown)
  llvm.return
} loc(unknown)

llvm.func @helper() {
  llvm.return
}
