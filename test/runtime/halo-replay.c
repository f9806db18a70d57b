// The replay of a repeated keyed halo (runtime/lib/transport/ExchangeReplay.h) and its
// fallbacks, checked element by element after every call: the same call
// repeated with the input changing between calls (the first call builds the
// plan, the second prepares the replay, the others replay it); other halo
// buffers (the descriptors changed: nothing may land in the first ones),
// then the first ones again; another input buffer; the halos at another
// offset inside one allocation (only the descriptor's offset differs);
// padded halo rows (row stride > columns: a halo of two rows or more is
// not one dense block and takes the ordinary path, staged); two buffer
// pairs in alternation. Halo widths 1/1, 2/1, 0/2 (every left halo empty)
// and 4/1 (a left halo from two ranks on 4 ranks) of an 11-row array,
// which no P here divides; the edge ranks' outer halos are empty, and on
// one rank both are. Then a copy_reshape, which replays the same way (its
// own part copied locally), into outputs that change between calls.
//
// UNSUPPORTED: sanitizers
// RUN: %mpicc -std=c11 -I%idtr_include %s %libdir/libidtr.a -lstdc++ -lm -o %t
// RUN: timeout -k 5 120 %mpirun -n 1 %t | FileCheck %s
// RUN: timeout -k 5 120 %mpirun -n 2 %t | FileCheck %s
// RUN: timeout -k 5 120 %mpirun -n 3 %t | FileCheck %s
// RUN: timeout -k 5 120 %mpirun -n 4 %t | FileCheck %s
// Messages in chunks of 16 bytes (several per halo row).
// RUN: env IDTR_MAX_MESSAGE_BYTES=16 timeout -k 5 120 %mpirun -n 3 %t | FileCheck %s
// CHECK: halo-replay: ok
#include "idtr/idtr.h"

#include <stdio.h>
#include <stdlib.h>

enum { N = 11, M = 5, PAD = 2, SENTINEL = -7 };

static int64_t me, P;
static long bad;

// distc's balanced blocks: one more row on the first N % P ranks.
static int64_t blockStart(int64_t r) {
  return r * (N / P) + (r < N % P ? r : N % P);
}

// The input's element (i, j) (global row i) at call `call` of input `which`.
static double value(int64_t call, int which, int64_t i, int64_t j) {
  return 1000.0 * (double)call + 100.0 * which + 10.0 * (double)i + (double)j;
}

// A halo buffer: `rows` x M elements at row stride `stride`, starting
// `offset` elements into an allocation of `capacity` elements.
typedef struct {
  double *data;
  int64_t capacity, offset, rows, stride;
  IDTR_MEMREF(double, 2) desc;
} Halo;

static Halo makeHalo(int64_t rows, int64_t offset, int64_t stride) {
  Halo h;
  h.capacity = offset + (rows ? rows : 1) * stride + 4;
  h.data = malloc(sizeof(double) * (size_t)h.capacity);
  h.offset = offset;
  h.rows = rows;
  h.stride = stride;
  h.desc.allocated = h.data;
  h.desc.aligned = h.data;
  h.desc.offset = offset;
  h.desc.sizes[0] = rows;
  h.desc.sizes[1] = M;
  h.desc.strides[0] = stride;
  h.desc.strides[1] = 1;
  return h;
}

static void fill(Halo *h, double v) {
  for (int64_t k = 0; k < h->capacity; ++k)
    h->data[k] = v;
}

// Checks every element of `h` (global rows from `first`) against input
// `which` at call `call`, and that nothing outside the view was written.
static void check(const Halo *h, int64_t first, int64_t call, int which, const char *what) {
  for (int64_t k = 0; k < h->capacity; ++k) {
    int64_t rel = k - h->offset, i = rel / h->stride, j = rel % h->stride;
    int inView = rel >= 0 && i < h->rows && j < M;
    double want = inView ? value(call, which, first + i, j) : SENTINEL;
    if (h->data[k] != want) {
      if (bad < 5)
        fprintf(stderr, "halo-replay: rank %lld, %s, call %lld: element %lld is %g, not %g\n",
                (long long)me, what, (long long)call, (long long)k, h->data[k], want);
      ++bad;
    }
  }
}

// Expects `h` untouched (all sentinels) by the last call.
static void untouched(const Halo *h, const char *what) {
  for (int64_t k = 0; k < h->capacity; ++k)
    if (h->data[k] != SENTINEL) {
      if (bad < 5)
        fprintf(stderr, "halo-replay: rank %lld: %s was written (element %lld)\n",
                (long long)me, what, (long long)k);
      ++bad;
    }
}

static void run(int64_t lo, int64_t hi, uint32_t site) {
  int64_t r0 = blockStart(me), r1 = blockStart(me + 1), m = r1 - r0;
  int64_t b0 = r0 - lo < 0 ? 0 : r0 - lo, b1 = r1 + hi > N ? N : r1 + hi;
  int64_t lrows = r0 - b0, rrows = b1 - r1;
  int64_t g[2] = {N, M}, o[2] = {r0, 0}, bo[2] = {b0, 0}, bs[2] = {b1 - b0, M};
  idtr_index_array_t gd = idtr_index_array(g, 2), od = idtr_index_array(o, 2),
                     bod = idtr_index_array(bo, 2), bsd = idtr_index_array(bs, 2);
  int64_t key = idtr_halo_key(site, lo, hi);
  // Two inputs (own rows, dense).
  double *in[2];
  IDTR_MEMREF(double, 2) inD[2];
  int64_t inSizes[2] = {m, M};
  for (int w = 0; w < 2; ++w) {
    in[w] = malloc(sizeof(double) * (size_t)(m ? m * M : 1));
    idtr_init_contiguous(&inD[w], in[w], 2, inSizes);
  }
  Halo L1 = makeHalo(lrows, 0, M), R1 = makeHalo(rrows, 0, M);
  Halo L2 = makeHalo(lrows, 0, M), R2 = makeHalo(rrows, 0, M);
  Halo Lo = makeHalo(lrows, 3, M), Ro = makeHalo(rrows, 5, M);
  Halo Lp = makeHalo(lrows, 1, M + PAD), Rp = makeHalo(rrows, 0, M + PAD);
  Halo *all[] = {&L1, &R1, &L2, &R2, &Lo, &Ro, &Lp, &Rp};
  // Each step: the input and the halo pair to use.
  struct {
    int input;
    Halo *l, *r;
    const char *what;
  } steps[] = {
      {0, &L1, &R1, "first buffers"},  {0, &L1, &R1, "first buffers"},
      {0, &L1, &R1, "first buffers"},  {0, &L1, &R1, "first buffers"},
      {0, &L1, &R1, "first buffers"},  {0, &L1, &R1, "first buffers"},
      {0, &L2, &R2, "second buffers"}, {0, &L2, &R2, "second buffers"},
      {0, &L2, &R2, "second buffers"}, {0, &L1, &R1, "first again"},
      {0, &L1, &R1, "first again"},    {0, &L1, &R1, "first again"},
      {1, &L1, &R1, "other input"},    {1, &L1, &R1, "other input"},
      {1, &L1, &R1, "other input"},    {0, &Lo, &Ro, "offset halos"},
      {0, &Lo, &Ro, "offset halos"},   {0, &Lo, &Ro, "offset halos"},
      {0, &Lp, &Rp, "padded halos"},   {0, &Lp, &Rp, "padded halos"},
      {0, &Lp, &Rp, "padded halos"},   {0, &L1, &R1, "alternating"},
      {0, &L2, &R2, "alternating"},    {0, &L1, &R1, "alternating"},
      {0, &L2, &R2, "alternating"},    {0, &L1, &R1, "alternating"},
      {0, &L2, &R2, "alternating"},
  };
  int64_t numSteps = (int64_t)(sizeof(steps) / sizeof(steps[0]));
  for (int64_t call = 0; call < numSteps; ++call) {
    int w = steps[call].input;
    // New data on every call: a stale replay would show the old values.
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < M; ++j)
        in[w][i * M + j] = value(call, w, r0 + i, j);
    for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); ++k)
      fill(all[k], SENTINEL);
    Halo *l = steps[call].l, *r = steps[call].r;
    int64_t h = _idtr_update_halo_f64(0, 1, &gd, 1, &od, 2, &inD[w], 1, &bod, 1, &bsd, 2,
                                      &l->desc, 2, &r->desc, key);
    _idtr_wait(h);
    check(l, b0, call, w, steps[call].what);
    check(r, r1, call, w, steps[call].what);
    for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); ++k)
      if (all[k] != l && all[k] != r)
        untouched(all[k], "a halo buffer of another call");
  }
  for (size_t k = 0; k < sizeof(all) / sizeof(all[0]); ++k)
    free(all[k]->data);
  free(in[0]);
  free(in[1]);
}

// The copies replay too: a reshape of the N x M rows into balanced blocks
// of the flat N M elements (messages with the neighbours and the rank's own
// part copied locally), into two output buffers in turn and then a third.
static void reshape(void) {
  int64_t r0 = blockStart(me), m = blockStart(me + 1) - r0;
  // distc's balanced block of the flat array.
  int64_t q = (int64_t)N * M / P, rem = (int64_t)N * M % P;
  int64_t f0 = me * q + (me < rem ? me : rem), n = q + (me < rem ? 1 : 0);
  int64_t g[2] = {N, M}, o[2] = {r0, 0}, ng[1] = {(int64_t)N * M}, no[1] = {f0};
  idtr_index_array_t gd = idtr_index_array(g, 2), od = idtr_index_array(o, 2),
                     ngd = idtr_index_array(ng, 1), nod = idtr_index_array(no, 1);
  int64_t inSizes[2] = {m, M};
  double *in = malloc(sizeof(double) * (size_t)(m ? m * M : 1));
  IDTR_MEMREF(double, 2) inD;
  idtr_init_contiguous(&inD, in, 2, inSizes);
  double *out[3];
  IDTR_MEMREF(double, 1) outD[3];
  for (int k = 0; k < 3; ++k) {
    out[k] = malloc(sizeof(double) * (size_t)(n + 1));
    idtr_init_contiguous(&outD[k], out[k], 1, &n);
  }
  const int use[] = {0, 0, 0, 0, 1, 1, 0, 1, 0, 1, 2, 2, 0};
  for (int64_t call = 0; call < (int64_t)(sizeof(use) / sizeof(use[0])); ++call) {
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < M; ++j)
        in[i * M + j] = value(call, 0, r0 + i, j);
    for (int k = 0; k < 3; ++k)
      for (int64_t e = 0; e <= n; ++e)
        out[k][e] = SENTINEL;
    int u = use[call];
    _idtr_wait(_idtr_copy_reshape_f64(0, 1, &gd, 1, &od, 2, &inD, 1, &ngd, 1, &nod, 1,
                                      &outD[u]));
    for (int k = 0; k < 3; ++k)
      for (int64_t e = 0; e <= n; ++e) {
        int64_t flat = f0 + e;
        double want = k == u && e < n ? value(call, 0, flat / M, flat % M) : SENTINEL;
        if (out[k][e] != want) {
          if (bad < 5)
            fprintf(stderr, "halo-replay: rank %lld, reshape call %lld: output %d element %lld "
                    "is %g, not %g\n", (long long)me, (long long)call, k, (long long)e,
                    out[k][e], want);
          ++bad;
        }
      }
  }
  for (int k = 0; k < 3; ++k)
    free(out[k]);
  free(in);
}

int main(void) {
  me = _idtr_prank(0);
  P = _idtr_nprocs(0);
  run(1, 1, 1);
  run(2, 1, 2);
  run(0, 2, 3);
  run(4, 1, 4);
  reshape();
  if (bad)
    fprintf(stderr, "halo-replay: rank %lld: %ld wrong values\n", (long long)me, bad);
  else if (me == 0)
    printf("halo-replay: ok\n");
  return bad != 0;
}
