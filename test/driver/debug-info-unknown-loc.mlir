// A call without a location (as a lowering may make) in a function with
// debug info gets its function's line: LLVM's verifier rejects an
// inlinable call without !dbg there ("inlinable function call in a
// function with a DISubprogram location must have a debug location").
// RUN: %distc -O0 -g --pipeline= --emit=llvm %s -o - | FileCheck %s

// CHECK: define void @caller() !dbg ![[CALLER:[0-9]+]]
// CHECK: call void @helper(), !dbg ![[LOC:[0-9]+]]
// CHECK: ![[CALLER]] = distinct !DISubprogram(name: "caller", {{.*}}line: [[#@LINE+2]],
// CHECK: ![[LOC]] = !DILocation(line: [[#@LINE+1]], column: 1, scope: ![[CALLER]])
llvm.func @caller() {
  llvm.call @helper() : () -> () loc(unknown)
  llvm.return
}

llvm.func @helper() {
  llvm.return
}
