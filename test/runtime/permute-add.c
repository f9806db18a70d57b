// _idtr_copy_permute_add_T through the C API (idtr.h, libidtr.a only):
// out += permute(in), checked element by element against the serial
// computation, on 1 to 5 ranks with row blocks that the rank counts do not
// divide: 2-D and 3-D permutations of f64 and i16 (which wraps, as
// arith.addi does), each call made three times (the second reuses the
// plan; the third repeats its descriptors, which a plain copy replays,
// ExchangeReplay.h, and an accumulating one must not) so the output must
// hold init + 3 * permuted; a 700 x 1100 transpose (twice) whose
// transfers between ranks are large enough to be read directly out of the
// sender's input (DirectTransfer.h) and added from the staging tile; and an
// output that is the input's own buffer (B += B^T in place: the runtime
// copies the input first). IDTR_DIRECT_MIN_BYTES=1 sends every transfer
// directly, IDTR_DIRECT=0 none, and IDTR_MAX_MESSAGE_BYTES=24 splits the MPI
// messages, which are staged and added when all of a peer's chunks are in
// (without the large case: `small`, 24-byte chunks of 6 MB are too many).
//
// UNSUPPORTED: sanitizers
// RUN: %mpicc -std=c11 -I%idtr_include %s %libdir/libidtr.a -lstdc++ -lm -o %t
// RUN: timeout -k 5 120 %mpirun -n 1 %t | FileCheck %s --check-prefixes=CHECK,LARGE
// RUN: timeout -k 5 120 %mpirun -n 2 %t | FileCheck %s --check-prefixes=CHECK,LARGE
// RUN: timeout -k 5 120 %mpirun -n 3 %t | FileCheck %s --check-prefixes=CHECK,LARGE
// RUN: timeout -k 5 120 %mpirun -n 4 %t | FileCheck %s --check-prefixes=CHECK,LARGE
// RUN: timeout -k 5 120 %mpirun -n 5 %t | FileCheck %s --check-prefixes=CHECK,LARGE
// RUN: env IDTR_DIRECT_MIN_BYTES=1 IDTR_STATS=1 timeout -k 5 120 %mpirun -n 2 %t > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefixes=CHECK,LARGE --input-file %t.out
// RUN: FileCheck %s --check-prefix=DIRECT --input-file %t.err
// RUN: env IDTR_DIRECT_MIN_BYTES=1 timeout -k 5 120 %mpirun -n 3 %t | FileCheck %s --check-prefixes=CHECK,LARGE
// RUN: env IDTR_DIRECT_MIN_BYTES=1 timeout -k 5 120 %mpirun -n 5 %t | FileCheck %s --check-prefixes=CHECK,LARGE
// RUN: env IDTR_DIRECT=0 IDTR_MAX_MESSAGE_BYTES=24 timeout -k 5 120 %mpirun -n 3 %t small | FileCheck %s --check-prefixes=CHECK,SMALL
// CHECK: permute-add: 2-D f64 ok
// CHECK: permute-add: 2-D i16 ok
// CHECK: permute-add: 3-D f64 axes [2, 0, 1] ok
// CHECK: permute-add: 3-D i16 axes [1, 2, 0] ok
// CHECK: permute-add: column f64 ok
// LARGE: permute-add: large f64 ok
// SMALL-NOT: large
// CHECK: permute-add: in place ok
// Direct reads are acknowledged on the control communicator (checked on
// stderr alone: mpirun forwards stdout and stderr on separate channels, so
// the statistics printed at exit may come before rank 0's last lines).
// DIRECT: idtr-stats: rank {{[01]}} {{.*}} control_messages={{[1-9][0-9]*}}
#include "idtr/idtr.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { F64, I16 };

static int64_t me, P;

static int64_t lo(int64_t n, int64_t r) { return n * r / P; }

// The global values: the input's at its flat index, the output's initial
// ones at theirs (both exact in f64; i16 wraps).
static double inF(int64_t f) { return 0.5 * (double)f + 1.0; }
static double initF(int64_t f) { return -(double)(f % 97); }
static int16_t inI(int64_t f) { return (int16_t)(uint16_t)(f * 7919 + 3); }
static int16_t initI(int64_t f) { return (int16_t)(uint16_t)(f * 31 + 12345); }
static int16_t addI(int16_t a, int16_t b) { return (int16_t)(uint16_t)((uint16_t)a + (uint16_t)b); }

static int64_t flat(const int64_t *idx, const int64_t *shape, int rank) {
  int64_t f = 0;
  for (int k = 0; k < rank; ++k)
    f = f * shape[k] + idx[k];
  return f;
}

// Row blocks of the input array `g` and of its permutation by `axes` on
// every rank; out += permute(in) `calls` times; returns the wrong elements.
static int64_t check(int type, int rank, const int64_t *g, const int64_t *axes, int calls) {
  int64_t o[3], inSizes[3], outSizes[3], lOffs[3] = {0, 0, 0}, nOffs[3] = {0, 0, 0};
  for (int i = 0; i < rank; ++i)
    o[i] = g[axes[i]];
  for (int k = 0; k < rank; ++k) {
    inSizes[k] = g[k];
    outSizes[k] = o[k];
  }
  lOffs[0] = lo(g[0], me);
  inSizes[0] = lo(g[0], me + 1) - lOffs[0];
  nOffs[0] = lo(o[0], me);
  outSizes[0] = lo(o[0], me + 1) - nOffs[0];
  int64_t inCount = 1, outCount = 1;
  for (int k = 0; k < rank; ++k) {
    inCount *= inSizes[k];
    outCount *= outSizes[k];
  }
  size_t es = type == F64 ? sizeof(double) : sizeof(int16_t);
  char *in = malloc(es * (size_t)(inCount + 1)), *out = malloc(es * (size_t)(outCount + 1));
  int64_t idx[3];
  for (int64_t l = 0; l < inCount; ++l) {
    int64_t rest = l;
    for (int k = rank - 1; k >= 0; --k) {
      idx[k] = rest % inSizes[k] + lOffs[k];
      rest /= inSizes[k];
    }
    int64_t f = flat(idx, g, rank);
    if (type == F64)
      ((double *)in)[l] = inF(f);
    else
      ((int16_t *)in)[l] = inI(f);
  }
  for (int64_t l = 0; l < outCount; ++l) {
    int64_t rest = l;
    for (int k = rank - 1; k >= 0; --k) {
      idx[k] = rest % outSizes[k] + nOffs[k];
      rest /= outSizes[k];
    }
    int64_t f = flat(idx, o, rank);
    if (type == F64)
      ((double *)out)[l] = initF(f);
    else
      ((int16_t *)out)[l] = initI(f);
  }
  IDTR_MEMREF(char, 3) inD, outD; // rank <= 3: the descriptor of rank 3 holds any
  idtr_init_contiguous(&inD, in, rank, inSizes);
  idtr_init_contiguous(&outD, out, rank, outSizes);
  int64_t gv[3], lv[3], nv[3], av[3];
  memcpy(gv, g, sizeof(int64_t) * rank);
  memcpy(lv, lOffs, sizeof(lv));
  memcpy(nv, nOffs, sizeof(nv));
  memcpy(av, axes, sizeof(int64_t) * rank);
  idtr_index_array_t gd = idtr_index_array(gv, rank), ld = idtr_index_array(lv, rank),
                     nd = idtr_index_array(nv, rank), ad = idtr_index_array(av, rank);
  for (int c = 0; c < calls; ++c) {
    int64_t h = type == F64 ? _idtr_copy_permute_add_f64(0, 1, &gd, 1, &ld, rank, &inD, 1, &nd,
                                                         rank, &outD, 1, &ad)
                            : _idtr_copy_permute_add_i16(0, 1, &gd, 1, &ld, rank, &inD, 1, &nd,
                                                         rank, &outD, 1, &ad);
    _idtr_wait(h);
  }
  int64_t bad = 0;
  for (int64_t l = 0; l < outCount; ++l) {
    int64_t rest = l, oi[3], ii[3];
    for (int k = rank - 1; k >= 0; --k) {
      oi[k] = rest % outSizes[k] + nOffs[k];
      rest /= outSizes[k];
    }
    for (int i = 0; i < rank; ++i)
      ii[axes[i]] = oi[i];
    int64_t fo = flat(oi, o, rank), fi = flat(ii, g, rank);
    if (type == F64) {
      double expect = initF(fo);
      for (int c = 0; c < calls; ++c)
        expect += inF(fi);
      bad += ((double *)out)[l] != expect;
    } else {
      int16_t expect = initI(fo);
      for (int c = 0; c < calls; ++c)
        expect = addI(expect, inI(fi));
      bad += ((int16_t *)out)[l] != expect;
    }
  }
  free(in);
  free(out);
  return bad;
}

// B += B^T with B's block passed as input and output (N x N, row blocks).
static int64_t checkInPlace(int64_t n) {
  int64_t r0 = lo(n, me), rows = lo(n, me + 1) - r0;
  double *b = malloc(sizeof(double) * (size_t)(rows * n + 1));
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < n; ++j)
      b[i * n + j] = (double)((r0 + i) * n + j);
  int64_t sizes[2] = {rows, n}, gv[2] = {n, n}, offs[2] = {r0, 0}, av[2] = {1, 0};
  IDTR_MEMREF(double, 2) d;
  idtr_init_contiguous(&d, b, 2, sizes);
  idtr_index_array_t gd = idtr_index_array(gv, 2), od = idtr_index_array(offs, 2),
                     ad = idtr_index_array(av, 2);
  _idtr_wait(_idtr_copy_permute_add_f64(0, 1, &gd, 1, &od, 2, &d, 1, &od, 2, &d, 1, &ad));
  int64_t bad = 0;
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < n; ++j)
      bad += b[i * n + j] != (double)((r0 + i) * n + j) + (double)(j * n + r0 + i);
  free(b);
  return bad;
}

static int report(const char *what, int64_t bad) {
  int64_t total = bad;
  IDTR_MEMREF(int64_t, 1) td;
  td.allocated = &total;
  td.aligned = &total;
  td.offset = 0;
  _idtr_wait(_idtr_allreduce_i64(0, 0, &td, 0, &td, IDTR_SUM));
  if (me == 0) {
    printf("permute-add: %s %s\n", what, total ? "WRONG" : "ok");
    fflush(stdout);
  }
  if (bad)
    fprintf(stderr, "permute-add: %s: rank %lld: %lld wrong values\n", what, (long long)me,
            (long long)bad);
  return total != 0;
}

int main(int argc, char **argv) {
  const int large = !(argc > 1 && strcmp(argv[1], "small") == 0);
  me = _idtr_prank(0);
  P = _idtr_nprocs(0);
  int failed = 0;
  const int64_t g2[2] = {37, 23}, t2[2] = {1, 0};
  const int64_t g3[3] = {5, 9, 7}, a201[3] = {2, 0, 1}, a120[3] = {1, 2, 0};
  const int64_t gl[2] = {700, 1100}, column[2] = {37, 1};
  failed |= report("2-D f64", check(F64, 2, g2, t2, 3));
  failed |= report("2-D i16", check(I16, 2, g2, t2, 3));
  failed |= report("3-D f64 axes [2, 0, 1]", check(F64, 3, g3, a201, 3));
  failed |= report("3-D i16 axes [1, 2, 0]", check(I16, 3, g3, a120, 3));
  // A column into a row: every piece is one dense run on both ends.
  failed |= report("column f64", check(F64, 2, column, t2, 3));
  if (large)
    failed |= report("large f64", check(F64, 2, gl, t2, 2));
  failed |= report("in place", checkInPlace(37));
  return failed;
}
