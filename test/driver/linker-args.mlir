// -Wl,A,B, -Xlinker A and -rpath DIR go to the linker, each in its place
// among the inputs (so that --whole-archive brackets what it should), as
// with clang. Unused when not linking: a warning.
// REQUIRES: idtr-runtime
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %distc -c %s -o a.o
// RUN: %distc -### -Wl,--as-needed a.o -Xlinker --no-as-needed -rpath /opt/distc-rpath-test %s -Wl,-z,now -o prog 2>&1 | FileCheck %s --check-prefix=ORDER
// RUN: %distc -### --Wl -z,relro %s 2>&1 | FileCheck %s --check-prefix=SPACE
// RUN: %distc -Wl,-rpath,/opt/distc-rpath-one -Xlinker -rpath -Xlinker /opt/distc-rpath-two -rpath /opt/distc-rpath-three %s -o prog
// RUN: llvm-readelf -d prog | FileCheck %s --check-prefix=RPATH
// RUN: %mpirun -n 1 ./prog | FileCheck %s --check-prefix=OUT
// RUN: not %distc -Wl,--no-such-linker-flag %s -o prog2 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: %distc -c -Wl,-z,now %s -o b.o 2>&1 | FileCheck %s --check-prefix=UNUSED
// RUN: not %distc -Xlinker 2>&1 | FileCheck %s --check-prefix=NOVALUE

// ORDER: distc: link: "ld.lld"
// ORDER-SAME: "--as-needed" "a.o" "--no-as-needed" "-rpath" "/opt/distc-rpath-test" "<tmp>/{{[0-9]+}}-linker-args.o" "-z" "now"
// SPACE: "-z" "relro"
// RPATH: /opt/distc-rpath-one
// RPATH-SAME: /opt/distc-rpath-two
// RPATH-SAME: /opt/distc-rpath-three
// OUT: 7
// BAD: distc: error: link: unknown argument '--no-such-linker-flag'
// UNUSED: distc: warning: '-z': linker argument unused when not linking
// NOVALUE: distc: error: option '-Xlinker' needs a value

func.func @main() {
  %a = arith.constant 7 : i64
  vector.print %a : i64
  return
}
