// Output that cannot be written stops the program with an error instead of
// an exit code 0 with the results lost: stdout on a full device (/dev/full),
// through vector.print (dist.print without options: printNewline) and
// through the runtime's formatted printing (numpy, precision). Run without
// mpirun, whose forwarding would hide the device from the program.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: not %t > /dev/full 2> %t.plain
// RUN: FileCheck %s --check-prefix=PLAIN < %t.plain
// RUN: not %t --numpy > /dev/full 2> %t.numpy
// RUN: FileCheck %s --check-prefix=NUMPY < %t.numpy
// RUN: not %t --precise > /dev/full 2> %t.precise
// RUN: FileCheck %s --check-prefix=NUMPY < %t.precise
// RUN: %t --numpy --precise | FileCheck %s --check-prefix=OK

// PLAIN: idtr: error: writing the program's output failed: No space left on device
// NUMPY: idtr: error: print: writing the output failed: No space left on device
// OK: [0.1 0.5 1. ]
// OK-NEXT: 0.0999755859

func.func @main() {
  %numpy = dist.param "numpy" default false : i1
  %precise = dist.param "precise" default false : i1
  %t = arith.constant dense<[0.1, 0.5, 1.0]> : tensor<3xf16>
  %x = arith.constant 0.1 : f16
  scf.if %numpy {
    dist.print %t numpy : tensor<3xf16>
  }
  scf.if %precise {
    dist.print %x precision = 9 : f16
  }
  %plain = arith.ori %numpy, %precise : i1
  %true = arith.constant true
  %none = arith.xori %plain, %true : i1
  scf.if %none {
    %w = arith.extf %t : tensor<3xf16> to tensor<3xf32>
    dist.print %w : tensor<3xf32>
  }
  return
}
