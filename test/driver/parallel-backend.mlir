// The stencil sample is large enough that LLVM optimizes and compiles its
// functions in two partitions on two threads (Backend.h): two objects, one
// executable, the same output as one partition (-j 1), and the same output
// at -O0, -O1 and -O3. The helper that buffer deallocation generates is a
// local function called from both partitions, so each object has its copy.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc -v -j 2 %srcroot/samples/stencil.mlir -o %t.par 2>&1 | FileCheck %s --check-prefix=PAR
// RUN: %distc -v -j 1 %srcroot/samples/stencil.mlir -o %t.seq 2>&1 | FileCheck %s --check-prefix=SEQ
// RUN: %mpirun -n 2 %t.par > %t.par.out
// RUN: %mpirun -n 2 %t.seq > %t.seq.out
// RUN: diff %t.par.out %t.seq.out
// RUN: FileCheck %s --check-prefix=OUT < %t.par.out
// RUN: %distc -O3 -j 2 %srcroot/samples/stencil.mlir -o %t.o3
// RUN: %mpirun -n 3 %t.o3 | FileCheck %s --check-prefix=OUT
// RUN: %distc -O1 -j 2 %srcroot/samples/stencil.mlir -o %t.o1
// RUN: %mpirun -n 1 %t.o1 | FileCheck %s --check-prefix=OUT
// The --timing report shows the parallel section and its steps.
// RUN: %distc -j 2 --timing %srcroot/samples/stencil.mlir -o %t.timed 2>&1 | FileCheck %s --check-prefix=TIMING
//
// PAR: distc: optimize and generate code in 2 partitions in parallel (instructions: {{[0-9]+}}, {{[0-9]+}})
// PAR-NEXT: distc: write {{.*}}stencil.o, {{.*}}stencil.1.o
// PAR: distc: link: ld.lld {{.*}}stencil.o {{.*}}stencil.1.o
// SEQ-NOT: partitions
// SEQ: distc: write {{.*}}stencil.o
// SEQ-NOT: stencil.1.o
// OUT: iteration 100 residual 2.12873
// OUT-NEXT: sum 6399.85
// OUT-NEXT: max 19.9061
// TIMING: LLVM optimization and code generation (2 partitions in parallel)
// TIMING-NEXT: LLVM optimization
// TIMING-NEXT: Code generation
// TIMING: Link
