/* Programs that misuse the runtime, one scenario per argument. Each must end
 * with "idtr: error: ..." and a non-zero exit (MPI_Abort), never a hang.
 * Uses the public C header only. */
#include "idtr/idtr.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The allocation functions of compiled programs (BufferAllocator.cpp; not
 * part of the IDTR ABI header). */
void *_mlir_memref_to_llvm_alloc(size_t bytes);
void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t bytes);

static int64_t shape1[1], offs1[1], shape2[2], offs2[2], axes2[2];

/* Starts a sum of 4096 doubles and returns its handle. Large enough to stay
 * in flight: reductions up to 16 KiB complete at once and return handle 0,
 * on which waiting (or forgetting to wait) is not an error. */
static int64_t startLargeAllreduce(void) {
  static double bigIn[4096], bigOut[4096];
  static IDTR_MEMREF(double, 1) inD, outD;
  int64_t n = 4096;
  idtr_init_contiguous(&inD, bigIn, 1, &n);
  idtr_init_contiguous(&outD, bigOut, 1, &n);
  return _idtr_allreduce_f64(0, 1, &inD, 1, &outD, IDTR_SUM);
}

static int run(const char *scenario) {
  int64_t me = _idtr_prank(0), P = _idtr_nprocs(0);
  double in[64], out[64];
  IDTR_MEMREF(double, 1) inD, outD;
  IDTR_MEMREF(double, 2) in2, out2;
  idtr_index_array_t g, o, ng, no, ax;

  if (!strcmp(scenario, "located-shape") || !strcmp(scenario, "stale-location")) {
    /* As disagree-shape, named after the user's op as compiled programs do
       (_idtr_set_location); or with a location set only for an earlier
       call, which must not be reported for this one. */
    if (!strcmp(scenario, "stale-location")) {
      int64_t one = 1;
      idtr_init_contiguous(&inD, in, 1, &one);
      idtr_init_contiguous(&outD, out, 1, &one);
      in[0] = 1.0;
      _idtr_set_location("prog.mlir:3:8: dist.reduce");
      _idtr_wait(_idtr_allreduce_f64(0, 1, &inD, 1, &outD, IDTR_SUM));
    } else {
      _idtr_set_location("prog.mlir:10:8: dist.gather");
    }
    scenario = "disagree-shape";
  } else if (!strcmp(scenario, "alloc-after-located")) {
    /* An error between calls (the program's own allocation) names no op,
       not the op of the call before it. */
    int64_t one = 1;
    idtr_init_contiguous(&inD, in, 1, &one);
    idtr_init_contiguous(&outD, out, 1, &one);
    in[0] = 1.0;
    _idtr_set_location("prog.mlir:3:8: dist.reduce");
    _idtr_wait(_idtr_allreduce_f64(0, 1, &inD, 1, &outD, IDTR_SUM));
    void *p = _mlir_memref_to_llvm_alloc((size_t)1 << 62);
    printf("allocated %p\n", p);
    return 0;
  } else if (!strcmp(scenario, "located-skipped-allreduce")) {
    /* skipped-allreduce with locations: the timeout names the op rank 0
       waits in; rank 1 waits at the exit, in no op. */
    int64_t n = 4;
    idtr_init_contiguous(&inD, in, 1, &n);
    idtr_init_contiguous(&outD, out, 1, &n);
    _idtr_set_location("prog.mlir:3:8: dist.reduce");
    _idtr_wait(_idtr_allreduce_f64(0, 1, &inD, 1, &outD, IDTR_SUM));
    if (me == 0) {
      _idtr_set_location("prog.mlir:4:8: dist.reduce");
      _idtr_wait(_idtr_allreduce_f64(0, 1, &inD, 1, &outD, IDTR_SUM));
    }
    return 0;
  } else if (!strcmp(scenario, "located-skipped-wait")) {
    /* The timeout names the op of the call, not the location already set
       for the next op: rank 0 starts a large allreduce that rank 1 skips
       and times out in its agreement step. */
    int64_t n = 4;
    idtr_init_contiguous(&inD, in, 1, &n);
    idtr_init_contiguous(&outD, out, 1, &n);
    _idtr_wait(_idtr_allreduce_f64(0, 1, &inD, 1, &outD, IDTR_SUM));
    if (me == 0) {
      _idtr_set_location("prog.mlir:7:8: dist.reduce");
      int64_t h = startLargeAllreduce();
      _idtr_set_location("prog.mlir:9:8: dist.gather");
      _idtr_wait(h);
    }
    return 0;
  } else if (!strcmp(scenario, "located-double-wait")) {
    /* A second wait on a handle has no op to name: the message must not
       name the op of the last call. */
    _idtr_set_location("prog.mlir:5:8: dist.reduce");
    int64_t h = startLargeAllreduce();
    _idtr_wait(h);
    _idtr_wait(h);
    return 0;
  }

  if (!strcmp(scenario, "disagree-shape")) {
    /* copy_reshape where rank 1 believes the array is longer. */
    int64_t n = 8 + (me == 1), part = me == 0 ? 8 : 0, outPart = me == 0 ? 8 : 0;
    shape1[0] = n;
    offs1[0] = me == 0 ? 0 : 8;
    idtr_init_contiguous(&inD, in, 1, &part);
    idtr_init_contiguous(&outD, out, 1, &outPart);
    g = idtr_index_array(shape1, 1);
    o = idtr_index_array(offs1, 1);
    int64_t noff = offs1[0];
    no = idtr_index_array(&noff, 1);
    _idtr_wait(_idtr_copy_reshape_f64(0, 1, &g, 1, &o, 1, &inD, 1, &g, 1, &no, 1, &outD));
  } else if (!strcmp(scenario, "unowned")) {
    /* Every rank owns nothing of rows 4..7 but rank 0 asks for all 8 rows. */
    int64_t sizes[2] = {me == 0 ? 4 : 0, 2}, outSizes[2] = {me == 0 ? 2 : 0, 8};
    shape2[0] = 8; shape2[1] = 2;
    offs2[0] = me == 0 ? 0 : 4; offs2[1] = 0;
    axes2[0] = 1; axes2[1] = 0;
    int64_t noffs[2] = {0, 0};
    idtr_init_contiguous(&in2, in, 2, sizes);
    idtr_init_contiguous(&out2, out, 2, outSizes);
    g = idtr_index_array(shape2, 2);
    o = idtr_index_array(offs2, 2);
    no = idtr_index_array(noffs, 2);
    ax = idtr_index_array(axes2, 2);
    _idtr_wait(_idtr_copy_permute_f64(0, 1, &g, 1, &o, 2, &in2, 1, &no, 2, &out2, 1, &ax));
  } else if (!strcmp(scenario, "double-wait")) {
    int64_t h = startLargeAllreduce();
    _idtr_wait(h);
    _idtr_wait(h);
  } else if (!strcmp(scenario, "double-wait-scalar")) {
    /* A scalar allreduce completes within the call; its handle is still
       its own, so a second wait is an error. */
    int64_t one = 1;
    idtr_init_contiguous(&inD, in, 1, &one);
    idtr_init_contiguous(&outD, out, 1, &one);
    in[0] = 1.0;
    int64_t h = _idtr_allreduce_f64(0, 1, &inD, 1, &outD, IDTR_SUM);
    _idtr_wait(h);
    _idtr_wait(h);
  } else if (!strcmp(scenario, "team-order")) {
    /* Rank 0 starts its operations on teams 1 and 2 in one order, the other
       ranks in the other. Each start synchronises its team, so this cannot
       complete; it must end with the timeout error, never mix the teams'
       data (their communicators are created in the same order everywhere). */
    int64_t one = 1;
    double a = 1, b = 1000, ra = -1, rb = -1;
    IDTR_MEMREF(double, 1) aD, bD, raD, rbD;
    idtr_init_contiguous(&aD, &a, 1, &one);
    idtr_init_contiguous(&bD, &b, 1, &one);
    idtr_init_contiguous(&raD, &ra, 1, &one);
    idtr_init_contiguous(&rbD, &rb, 1, &one);
    int64_t first = me == 0 ? 1 : 2, second = me == 0 ? 2 : 1;
    int64_t h1 = _idtr_allreduce_f64(first, 1, first == 1 ? &aD : &bD, 1,
                                     first == 1 ? &raD : &rbD, IDTR_SUM);
    int64_t h2 = _idtr_allreduce_f64(second, 1, second == 1 ? &aD : &bD, 1,
                                     second == 1 ? &raD : &rbD, IDTR_SUM);
    _idtr_wait(h1);
    _idtr_wait(h2);
    printf("rank %d: team 1 sum %g, team 2 sum %g\n", (int)me, ra, rb);
  } else if (!strcmp(scenario, "allreduce-count")) {
    /* The last rank reduces more elements than the others (a reduction
       large enough for the non-blocking path). */
    static double big[50000], res[50000];
    int64_t n = me == P - 1 ? 50000 : 40000;
    IDTR_MEMREF(double, 1) bD, rD;
    idtr_init_contiguous(&bD, big, 1, &n);
    idtr_init_contiguous(&rD, res, 1, &n);
    _idtr_wait(_idtr_allreduce_f64(0, 1, &bD, 1, &rD, IDTR_SUM));
  } else if (!strcmp(scenario, "allreduce-shape")) {
    /* Input [2, 3], output [3, 2]: the same element count, other shapes. */
    int64_t s23[2] = {2, 3}, s32[2] = {3, 2};
    idtr_init_contiguous(&in2, in, 2, s23);
    idtr_init_contiguous(&out2, out, 2, s32);
    _idtr_wait(_idtr_allreduce_f64(0, 2, &in2, 2, &out2, IDTR_SUM));
  } else if (!strcmp(scenario, "forgotten-scalar")) {
    /* Not an error: a scalar allreduce completes within its call; its handle
       is still reported at exit when nobody waits on it, and so is a second
       one issued after it. */
    int64_t one = 1;
    idtr_init_contiguous(&inD, in, 1, &one);
    idtr_init_contiguous(&outD, out, 1, &one);
    (void)_idtr_allreduce_f64(0, 1, &inD, 1, &outD, IDTR_SUM);
    (void)_idtr_allreduce_f64(0, 1, &inD, 1, &outD, IDTR_MAX);
    int64_t h3 = _idtr_allreduce_f64(0, 1, &inD, 1, &outD, IDTR_MIN);
    _idtr_wait(h3);
    printf("done\n");
    return 0;
  } else if (!strcmp(scenario, "recv-short") || !strcmp(scenario, "recv-empty-send")) {
    /* Rank 0 sends 2 (or 0) elements, rank 1 receives 4: the end of its
       output would stay stale (or it would take the next message). */
    int64_t two = !strcmp(scenario, "recv-short") ? 2 : 0, four = 4;
    if (me == 0) {
      idtr_init_contiguous(&inD, in, 1, &two);
      _idtr_wait(_idtr_send_f64(0, 1, 1, &inD));
    } else if (me == 1) {
      idtr_init_contiguous(&outD, out, 1, &four);
      _idtr_wait(_idtr_recv_f64(0, 0, 1, &outD));
    }
  } else if (!strcmp(scenario, "unknown-handle")) {
    _idtr_wait(424242);
  } else if (!strcmp(scenario, "outside")) {
    /* Rank 0's box reaches past the end of the array. */
    int64_t part = me == 0 ? 6 : 0;
    shape1[0] = 4;
    offs1[0] = 0;
    idtr_init_contiguous(&inD, in, 1, &part);
    idtr_init_contiguous(&outD, out, 1, &part);
    g = idtr_index_array(shape1, 1);
    o = idtr_index_array(offs1, 1);
    _idtr_wait(_idtr_copy_reshape_f64(0, 1, &g, 1, &o, 1, &inD, 1, &g, 1, &o, 1, &outD));
  } else if (!strcmp(scenario, "bad-op")) {
    int64_t n = 4;
    idtr_init_contiguous(&inD, in, 1, &n);
    _idtr_wait(_idtr_allreduce_f64(0, 1, &inD, 1, &inD, 42));
  } else if (!strcmp(scenario, "bitwise-float")) {
    int64_t n = 4;
    idtr_init_contiguous(&inD, in, 1, &n);
    _idtr_wait(_idtr_allreduce_f64(0, 1, &inD, 1, &inD, IDTR_BXOR));
  } else if (!strcmp(scenario, "not-permutation")) {
    int64_t sizes[2] = {me == 0 ? 2 : 0, 2};
    shape2[0] = 2; shape2[1] = 2;
    offs2[0] = me == 0 ? 0 : 2; offs2[1] = 0;
    axes2[0] = 0; axes2[1] = 0;
    idtr_init_contiguous(&in2, in, 2, sizes);
    g = idtr_index_array(shape2, 2);
    o = idtr_index_array(offs2, 2);
    ax = idtr_index_array(axes2, 2);
    _idtr_wait(_idtr_copy_permute_f64(0, 1, &g, 1, &o, 2, &in2, 1, &o, 2, &in2, 1, &ax));
  } else if (!strcmp(scenario, "wrong-rank")) {
    /* gShape has 2 entries but the local part is 1-D. */
    int64_t n = 4;
    shape2[0] = 4; shape2[1] = 1;
    idtr_init_contiguous(&inD, in, 1, &n);
    g = idtr_index_array(shape2, 2);
    o = idtr_index_array(shape2, 2);
    _idtr_wait(_idtr_copy_reshape_f64(0, 1, &g, 1, &o, 1, &inD, 1, &g, 1, &o, 1, &inD));
  } else if (!strcmp(scenario, "halo-size")) {
    /* The left halo descriptor is one row short of the box. */
    int64_t rows = 4, lo = 4 * me, bbOff = me == 0 ? 0 : 2, bbSize = 4;
    int64_t haloRows = (me == 0 ? 0 : 2) - 1 + (me == 0), zero = 0;
    shape1[0] = 4 * P;
    idtr_init_contiguous(&inD, in, 1, &rows);
    idtr_init_contiguous(&outD, out, 1, &haloRows);
    IDTR_MEMREF(double, 1) rD;
    int64_t rRows = me == 0 ? 0 : 0;
    idtr_init_contiguous(&rD, out + 8, 1, &rRows);
    (void)zero;
    g = idtr_index_array(shape1, 1);
    o = idtr_index_array(&lo, 1);
    idtr_index_array_t bo = idtr_index_array(&bbOff, 1), bs = idtr_index_array(&bbSize, 1);
    _idtr_wait(_idtr_update_halo_f64(0, 1, &g, 1, &o, 1, &inD, 1, &bo, 1, &bs, 1, &outD, 1, &rD, -1));
  } else if (!strcmp(scenario, "reshape-changed-alone")) {
    /* Not an error on rank 0's side: a copy_reshape [8] -> [2, 4] from
       balanced rows to balanced columns, twice; the second time rank 1
       (only) calls it for [10] -> [2, 5], disagreeing with rank 0. Rank 0's
       arguments are those of the first call, whose plan its own arguments
       determine: it reuses it without asking. Rank 1 agrees on a new plan
       and must report rank 0's message instead of hanging or reading it. */
    for (int call = 0; call < 2; ++call) {
      int64_t n = (call == 1 && me == 1) ? 10 : 8, cols = n / 2;
      int64_t part = n / P + (me < n % P), off = me * (n / P) + (me < n % P ? me : n % P);
      int64_t oc = cols / P + (me < cols % P), ooff = me * (cols / P) + (me < cols % P ? me : cols % P);
      int64_t gout[2] = {2, cols}, noffs[2] = {0, ooff}, osz[2] = {2, oc};
      shape1[0] = n;
      offs1[0] = off;
      idtr_init_contiguous(&inD, in, 1, &part);
      idtr_init_contiguous(&out2, out, 2, osz);
      g = idtr_index_array(shape1, 1);
      o = idtr_index_array(offs1, 1);
      ng = idtr_index_array(gout, 2);
      no = idtr_index_array(noffs, 2);
      _idtr_wait(_idtr_copy_reshape_f64(0, 1, &g, 1, &o, 1, &inD, 1, &ng, 1, &no, 2, &out2));
    }
  } else if (!strcmp(scenario, "halo-width-changed")) {
    /* Balanced rows, 1-row halos, twice; the second time rank 1 (only)
       asks for 2 rows below its block. Rank 0's arguments are the same as
       the first time (its lower side is clipped at row 0), yet its plan
       changes (rank 1 takes one more of its rows): it must not reuse it
       without asking (Balanced.h, determinedLocally). Not an error. */
    int64_t rows = 4, lo = 4 * me, zero = 0;
    shape1[0] = 4 * P;
    idtr_init_contiguous(&inD, in, 1, &rows);
    g = idtr_index_array(shape1, 1);
    o = idtr_index_array(&lo, 1);
    (void)zero;
    for (int call = 0; call < 2; ++call) {
      int64_t below = (call == 1 && me == 1) ? 2 : 1;
      int64_t bbOff = lo - below < 0 ? 0 : lo - below;
      int64_t bbEnd = lo + rows + 1 > 4 * P ? 4 * P : lo + rows + 1, bbSize = bbEnd - bbOff;
      int64_t lRows = lo - bbOff, rRows = bbEnd - lo - rows;
      IDTR_MEMREF(double, 1) lD, rD;
      idtr_init_contiguous(&lD, out, 1, &lRows);
      idtr_init_contiguous(&rD, out + 8, 1, &rRows);
      idtr_index_array_t bo = idtr_index_array(&bbOff, 1), bs = idtr_index_array(&bbSize, 1);
      _idtr_wait(_idtr_update_halo_f64(0, 1, &g, 1, &o, 1, &inD, 1, &bo, 1, &bs, 1, &lD, 1, &rD, -1));
    }
  } else if (!strcmp(scenario, "halo-key-contradicted")) {
    /* Balanced rows, 1-row halos, but the key promises 2 rows after the
       own ones: rank 0, whose box shows that width, reports it. */
    int64_t rows = 4, lo = 4 * me;
    shape1[0] = 4 * P;
    idtr_init_contiguous(&inD, in, 1, &rows);
    g = idtr_index_array(shape1, 1);
    o = idtr_index_array(&lo, 1);
    int64_t bbOff = lo > 0 ? lo - 1 : 0, bbEnd = lo + rows + 1 > 4 * P ? 4 * P : lo + rows + 1;
    int64_t bbSize = bbEnd - bbOff, lRows = lo - bbOff, rRows = bbEnd - lo - rows;
    IDTR_MEMREF(double, 1) lD, rD;
    idtr_init_contiguous(&lD, out, 1, &lRows);
    idtr_init_contiguous(&rD, out + 8, 1, &rRows);
    idtr_index_array_t bo = idtr_index_array(&bbOff, 1), bs = idtr_index_array(&bbSize, 1);
    _idtr_wait(_idtr_update_halo_f64(0, 1, &g, 1, &o, 1, &inD, 1, &bo, 1, &bs, 1, &lD, 1, &rD,
                                     idtr_halo_key(7, 1, 2)));
  } else if (!strcmp(scenario, "skipped-allreduce")) {
    /* Only rank 0 calls the collective; the others go on to exit. Detected
     * by the time limit (IDTR_TIMEOUT seconds). The first allreduce, which
     * every rank calls, sets the team up. */
    int64_t n = 4;
    idtr_init_contiguous(&inD, in, 1, &n);
    idtr_init_contiguous(&outD, out, 1, &n);
    _idtr_wait(_idtr_allreduce_f64(0, 1, &inD, 1, &outD, IDTR_SUM));
    if (me == 0)
      _idtr_wait(_idtr_allreduce_f64(0, 1, &inD, 1, &outD, IDTR_SUM));
  } else if (!strcmp(scenario, "skipped-copy")) {
    /* Rank 1 skips a copy_reshape (rank 0 waits in the plan exchange). */
    int64_t part = me == 0 ? 4 : 0;
    shape1[0] = 4;
    offs1[0] = 0;
    idtr_init_contiguous(&inD, in, 1, &part);
    idtr_init_contiguous(&outD, out, 1, &part);
    g = idtr_index_array(shape1, 1);
    o = idtr_index_array(offs1, 1);
    int64_t four = 4;
    IDTR_MEMREF(double, 1) r;
    idtr_init_contiguous(&r, in, 1, &four);
    _idtr_wait(_idtr_allreduce_f64(0, 1, &r, 1, &r, IDTR_SUM));
    if (me != 1)
      _idtr_wait(_idtr_copy_reshape_f64(0, 1, &g, 1, &o, 1, &inD, 1, &g, 1, &o, 1, &outD));
  } else if (!strcmp(scenario, "alloc-wrap")) {
    /* Rounding SIZE_MAX - 7 up to 2 MiB wrapped to 0 bytes: a "successful"
       allocation of nothing. */
    void *p = _mlir_memref_to_llvm_alloc(SIZE_MAX - 7);
    printf("rank %d: got %p\n", (int)me, p);
  } else if (!strcmp(scenario, "alloc-aligned-wrap")) {
    void *p = _mlir_memref_to_llvm_aligned_alloc(64, SIZE_MAX - 7);
    printf("rank %d: got %p\n", (int)me, p);
  } else if (!strcmp(scenario, "alloc-huge")) {
    /* 2^40 f64: more than the machine has. The program would use the null
       pointer (SIGSEGV at address 0). */
    double *p = _mlir_memref_to_llvm_alloc((size_t)8 << 40);
    if (p)
      p[0] = 1;
    printf("rank %d: got %p\n", (int)me, (void *)p);
  } else if (!strcmp(scenario, "alloc-small-aligned-huge")) {
    void *p = _mlir_memref_to_llvm_aligned_alloc(4096, (size_t)1 << 50);
    printf("rank %d: got %p\n", (int)me, p);
  } else if (!strcmp(scenario, "volume-overflow")) {
    /* [2^32, 2^32] has 2^64 elements: the product wrapped to 0, the element
       count of [0], and the reshape was accepted. */
    int64_t big[2] = {(int64_t)1 << 32, (int64_t)1 << 32}, zero2[2] = {0, 0}, zero1 = 0;
    int64_t offs[2] = {0, 0}, noff = 0;
    idtr_init_contiguous(&in2, in, 2, zero2);
    idtr_init_contiguous(&outD, out, 1, &zero1);
    g = idtr_index_array(big, 2);
    o = idtr_index_array(offs, 2);
    ng = idtr_index_array(&zero1, 1);
    no = idtr_index_array(&noff, 1);
    _idtr_wait(_idtr_copy_reshape_f64(0, 1, &g, 1, &o, 2, &in2, 1, &ng, 1, &no, 1, &outD));
  } else if (!strcmp(scenario, "grid-halo-overflow")) {
    /* 7 x 7905747460161236407 is 1 modulo 2^64: the grid passed for a team
       of one rank. */
    static double block[14 * 14], halo[64];
    int64_t gs[2] = {14, 14}, offs[2] = {0, 0}, grid[2] = {7, 7905747460161236407LL};
    int64_t split[2] = {0, 1}, widths[4] = {1, 1, 1, 1}, haloSize = 60;
    IDTR_MEMREF(double, 1) haloD;
    idtr_init_contiguous(&in2, block, 2, gs);
    idtr_init_contiguous(&haloD, halo, 1, &haloSize);
    g = idtr_index_array(gs, 2);
    o = idtr_index_array(offs, 2);
    idtr_index_array_t gr = idtr_index_array(grid, 2), sp = idtr_index_array(split, 2);
    idtr_index_array_t wd = idtr_index_array(widths, 4);
    _idtr_wait(_idtr_update_grid_halo_f64(0, 1, &g, 1, &o, 2, &in2, 1, &gr, 1, &sp, 1, &wd, 1,
                                          &haloD, 0, 1, -1));
  } else if (!strcmp(scenario, "subgrid-overflow")) {
    int64_t grid[2] = {7, 7905747460161236407LL}, axes[1] = {0};
    idtr_index_array_t gr = idtr_index_array(grid, 2), ax1 = idtr_index_array(axes, 1);
    _idtr_define_subgrid_team(77, 1, &gr, 1, &ax1);
  } else if (!strcmp(scenario, "grid-factor-huge")) {
    /* More ranks than an MPI team can have. */
    printf("factor %lld\n", (long long)_idtr_grid_factor((int64_t)1 << 62, 2, 0));
  } else if (!strcmp(scenario, "local-bytes-overflow")) {
    /* A descriptor of 2^61 x 8 f64 elements: 2^67 bytes. */
    int64_t sizes[2] = {(int64_t)1 << 61, 8};
    idtr_init_contiguous(&in2, in, 2, sizes);
    _idtr_reduce_all_f64(2, &in2, IDTR_SUM);
  } else if (!strcmp(scenario, "forgotten-handle")) {
    /* Not an error: a warning at exit, then normal completion. */
    int64_t sizes[2] = {2, 2}, offs[2] = {2 * me, 0}, gs[2] = {2 * P, 2}, ax[2] = {1, 0};
    int64_t outSizes[2] = {2, 2 * P}, outOffs[2] = {0, 0};
    static double big[64];
    idtr_init_contiguous(&in2, in, 2, sizes);
    idtr_init_contiguous(&out2, big, 2, outSizes);
    g = idtr_index_array(gs, 2);
    o = idtr_index_array(offs, 2);
    no = idtr_index_array(outOffs, 2);
    idtr_index_array_t axd = idtr_index_array(ax, 2);
    (void)startLargeAllreduce();
    (void)_idtr_copy_permute_f64(0, 1, &g, 1, &o, 2, &in2, 1, &no, 2, &out2, 1, &axd);
    printf("done\n");
    return 0;
  } else {
    fprintf(stderr, "unknown scenario %s\n", scenario);
    return 2;
  }
  printf("rank %d: no error detected in %s\n", (int)me, scenario);
  return 0;
}

/* Under sanitizers: Open MPI's own allocations at exit are not our leaks. */
const char *__asan_default_options(void) { return "detect_leaks=0"; }

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s <scenario>\n", argv[0]);
    return 2;
  }
  return run(argv[1]);
}
