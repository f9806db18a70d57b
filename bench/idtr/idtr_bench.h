/* Helpers for calling the IDTR C ABI from C benchmarks: 1-D index arrays and
 * contiguous f64 descriptors of rank 0-2. Team 1 is used throughout. */
#ifndef BENCH_IDTR_IDTR_BENCH_H
#define BENCH_IDTR_IDTR_BENCH_H

#include <idtr/idtr.h>

#include "../common/bench.h"

#define BENCH_TEAM 1

typedef IDTR_MEMREF(double, 1) md1;
typedef IDTR_MEMREF(double, 2) md2;
typedef struct {
  double *allocated;
  double *aligned;
  int64_t offset;
} md0;

/* The allocation of a compiled distc program's buffers (_idtr_alloc, the
 * allocator memref.alloc lowers to): large blocks on huge pages, recycled,
 * and shared with the node's ranks once peers read them directly.
 * Zero-initialised (touched), as bench_alloc. */
static inline void *bench_program_alloc(size_t bytes) {
  void *p = _idtr_alloc(64, bytes ? bytes : 64);
  memset(p, 0, bytes);
  return p;
}
static inline void bench_program_free(void *p) { _idtr_free(p); }

static inline md2 md2_make(double *data, int64_t rows, int64_t cols) {
  md2 d;
  int64_t s[2] = {rows, cols};
  idtr_init_contiguous(&d, data, 2, s);
  return d;
}
static inline md1 md1_make(double *data, int64_t len) {
  md1 d;
  idtr_init_contiguous(&d, data, 1, &len);
  return d;
}
static inline md0 md0_make(double *data) {
  md0 d = {data, data, 0};
  return d;
}

#endif
