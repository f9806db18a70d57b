// -v on a full build: every step, then the complete link line; --timing
// includes the link.
// REQUIRES: idtr-runtime
// RUN: %distc -v --timing %s -o %t 2>&1 | FileCheck %s
// CHECK: distc: parse
// CHECK: distc: write {{.*}}.o
// CHECK: distc: link {{.*}}
// CHECK-NEXT: distc: link: ld.lld --hash-style=gnu --build-id --eh-frame-hdr -m elf_x86_64 -pie -dynamic-linker {{.*}}ld-linux{{.*}} -o {{.*}}
// CHECK: Link
func.func @main() {
  return
}
