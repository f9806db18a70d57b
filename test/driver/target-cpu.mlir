// --target, -march/-mcpu and -mtune. The default is the host's CPU with all
// its features; -march=x86-64-v3 and -mcpu=generic give portable code.
// Unknown names are errors that say how to list the valid ones.
// RUN: %distc -v -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=HOST
// RUN: %distc -v -march=x86-64-v3 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=V3
// RUN: %distc -v -mcpu=generic -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=GENERIC
// RUN: %distc -v -march=native -mcpu=x86-64 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=LAST
// RUN: %distc -mtune=znver3 --emit=llvm %s -o - | FileCheck %s --check-prefix=TUNE
// RUN: %distc --target=x86_64-unknown-linux-gnu --emit=llvm %s -o - | FileCheck %s --check-prefix=TRIPLE
// RUN: %distc -march=help | FileCheck %s --check-prefix=HELP
// RUN: %distc -mtune=help | FileCheck %s --check-prefix=HELP
// RUN: not %distc -march=pentium9 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BADCPU
// RUN: not %distc -mtune=pentium9 -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BADTUNE
// RUN: not %distc --target=aarch64-linux-gnu -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BADTARGET
// RUN: not %distc --target=i686-linux-gnu %s -o %t 2>&1 | FileCheck %s --check-prefix=NOLINK
// RUN: not %distc --target=x86_64-apple-macosx %s -o %t 2>&1 | FileCheck %s --check-prefix=NOLINK-OS
// RUN: %distc --target=x86_64-apple-macosx -c %s -o %t.macho.o

// HOST: distc: optimize at -O2 for {{[a-z0-9-]+}}
// HOST-NOT: for generic
// V3: distc: optimize at -O2 for x86-64-v3
// GENERIC: distc: optimize at -O2 for generic
// LAST: distc: optimize at -O2 for x86-64{{$}}
// TUNE: attributes #{{[0-9]+}} = { {{.*}}"tune-cpu"="znver3"
// TRIPLE: target triple = "x86_64-unknown-linux-gnu"
// HELP: CPUs for x86_64{{.*}} (-march=, -mcpu=, -mtune=;
// HELP: x86-64-v3
// BADCPU: distc: error: unknown CPU 'pentium9' in -march for target 'x86_64{{.*}}' (-march=help lists the CPUs)
// BADTUNE: distc: error: unknown CPU 'pentium9' in -mtune for target 'x86_64{{.*}}' (-mtune=help lists the CPUs)
// BADTARGET: distc: error: unknown or unsupported target 'aarch64-unknown-linux-gnu' (distc generates code for: {{.*}}x86-64{{.*}}; e.g. --target=x86_64
// NOLINK-OS: distc: error: cannot link an executable for --target=x86_64-apple-macosx
// NOLINK: distc: error: cannot link an executable for --target=i686-linux-gnu: distc links with this system's C runtime and MPI (x86_64-{{.*}}); use -c, -S or --emit

func.func @main() {
  %a = arith.constant 5 : i64
  vector.print %a : i64
  return
}
