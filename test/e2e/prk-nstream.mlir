// End-to-end: samples/prk/nstream.mlir, the PRK Nstream kernel (A += B + s C
// over distributed vectors), validated as PRK validates it, for lengths
// that the rank counts do not divide, at every -O level.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc -O0 %srcroot/samples/prk/nstream.mlir -o %t.O0
// RUN: %distc -O1 %srcroot/samples/prk/nstream.mlir -o %t.O1
// RUN: %distc -O2 %srcroot/samples/prk/nstream.mlir -o %t.O2
// RUN: %distc -O3 %srcroot/samples/prk/nstream.mlir -o %t.O3
// RUN: %mpirun -n 1 --tag-output %t.O0 --iterations 3 --length 1001 | FileCheck %s --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t.O0 --iterations 2 --length 1001 | FileCheck %s --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t.O1 --iterations 4 --length 999 | FileCheck %s --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t.O2 --iterations 5 --length 1003 | FileCheck %s --implicit-check-not='<stdout>'
// RUN: %mpirun -n 5 --tag-output %t.O3 --iterations 3 --length 7 | FileCheck %s --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t.O3 --iterations 6 --length 100003 | FileCheck %s --implicit-check-not='<stdout>'

// CHECK: [1,0]<stdout>:Solution validates
// CHECK-NEXT: [1,0]<stdout>:Rate (MB/s): {{[0-9.e+]+|inf}}
// CHECK-NEXT: [1,0]<stdout>:Avg time (s): {{[0-9.e+-]+}}

