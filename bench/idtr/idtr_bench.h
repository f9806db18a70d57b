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
