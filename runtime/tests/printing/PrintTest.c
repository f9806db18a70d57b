/* Exercises the MLIR-compatible printing entry points of libidtr. The same
 * source links against MLIR's own libmlir_{c_,}runner_utils to produce the
 * reference output (see test/runtime/printing.test). */
#include "idtr/idtr.h"

#include <math.h>
#include <stdint.h>

/* Under sanitizers: Open MPI's own allocations at exit are not our leaks. */
const char *__asan_default_options(void) { return "detect_leaks=0"; }

int main(void) {
  /* vector.print style */
  printOpen();
  printI64(-42); printComma();
  printU64(18446744073709551615ull); printComma();
  printF32(1.5f); printComma();
  printF64(11.0); printComma();
  printF64(4.67921e-310); printComma();
  printF64(-NAN); printComma();
  printF64(NAN); printComma();
  printF64(INFINITY); printComma();
  printF32(0.1f); printComma();
  printF64(123456789.0); printComma();
  printF16(0x3e00); printComma(); /* 1.5 */
  printF16(0x0001); printComma(); /* smallest subnormal */
  printBF16(0x4049); /* ~3.14 */
  printClose();
  printNewline();
  printString("hello, idtr");
  printNewline();

  /* 2-D f64, strided view: every other column of a 3 x 8 buffer. */
  double buf[24];
  for (int i = 0; i < 24; ++i) buf[i] = i * 0.5;
  IDTR_MEMREF(double, 2) m2;
  m2.allocated = buf; m2.aligned = buf; m2.offset = 1;
  m2.sizes[0] = 3; m2.sizes[1] = 4; m2.strides[0] = 8; m2.strides[1] = 2;
  printMemrefF64(2, &m2);
  idtr_unranked_memref_t u = {2, &m2};
  _mlir_ciface_printMemrefF64(&u);
  _mlir_ciface_printMemrefShapeF64(&u);

  /* 0-D f32 */
  float f = 2.25f;
  IDTR_MEMREF(float, 1) m0; /* rank 0 uses only the head */
  m0.allocated = &f; m0.aligned = &f; m0.offset = 0;
  printMemrefF32(0, &m0);

  /* 1-D i64 with one element, and empty */
  int64_t l[3] = {7, -8, 9};
  int64_t one = 1, zero = 0, three = 3;
  IDTR_MEMREF(int64_t, 1) m1;
  idtr_init_contiguous(&m1, l, 1, &one);
  printMemrefI64(1, &m1);
  idtr_init_contiguous(&m1, l, 1, &zero);
  printMemrefI64(1, &m1);
  idtr_init_contiguous(&m1, l, 1, &three);
  printMemrefInd(1, &m1);
  u.rank = 1; u.descriptor = &m1;
  _mlir_ciface_printMemrefI64(&u);
  _mlir_ciface_printMemrefInd(&u);

  /* 3-D i32 */
  int32_t i3[24];
  for (int i = 0; i < 24; ++i) i3[i] = i - 5;
  int64_t s3[3] = {2, 3, 4};
  IDTR_MEMREF(int32_t, 3) m3;
  idtr_init_contiguous(&m3, i3, 3, s3);
  printMemrefI32(3, &m3);
  u.rank = 3; u.descriptor = &m3;
  _mlir_ciface_printMemrefI32(&u);

  /* i16, i8 (printed as characters by MLIR), f16, bf16 */
  int16_t i16[4] = {-3, 300, 7, 8};
  int8_t i8[4] = {65, 66, 67, 68};
  uint16_t h[2] = {0x3c00, 0xc000}, bh[2] = {0x3f80, 0xc040};
  int64_t four = 4, two = 2;
  IDTR_MEMREF(void, 1) mv;
  idtr_init_contiguous(&mv, i16, 1, &four);
  u.rank = 1; u.descriptor = &mv;
  _mlir_ciface_printMemrefI16(&u);
  idtr_init_contiguous(&mv, i8, 1, &four);
  _mlir_ciface_printMemrefI8(&u);
  idtr_init_contiguous(&mv, h, 1, &two);
  _mlir_ciface_printMemrefF16(&u);
  idtr_init_contiguous(&mv, bh, 1, &two);
  _mlir_ciface_printMemrefBF16(&u);

  /* complex<f32> (2 x 2) and complex<f64> (3), as std::complex prints */
  float cf[8] = {1.5f, -2, 3, 4.25f, 0, -0.0f, 1e10f, 7};
  double cd[6] = {0.1, 2, -3, 4e-5, 5, 6};
  int64_t s22[2] = {2, 2}, n3 = 3;
  IDTR_MEMREF(void, 2) mc2;
  idtr_init_contiguous(&mc2, cf, 2, s22);
  printMemrefC32(2, &mc2);
  u.rank = 2; u.descriptor = &mc2;
  _mlir_ciface_printMemrefC32(&u);
  _mlir_ciface_printMemrefShapeC32(&u);
  idtr_init_contiguous(&mv, cd, 1, &n3);
  printMemrefC64(1, &mv);
  u.rank = 1; u.descriptor = &mv;
  _mlir_ciface_printMemrefC64(&u);
  _mlir_ciface_printMemrefShapeC64(&u);

  /* elements that are 4 x 4 f32 vectors */
  static float v44[32] __attribute__((aligned(64)));
  for (int i = 0; i < 32; ++i) v44[i] = i * 0.5f;
  idtr_init_contiguous(&mv, v44, 1, &two);
  _mlir_ciface_printMemrefVector4x4xf32(&u);
  return 0;
}
