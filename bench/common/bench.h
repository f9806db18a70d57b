/* The one timing harness of bench/: option parsing, partitions, allocation,
 * timing and the machine-readable output lines that bench/run collects.
 *
 * Every measurement is printed by rank 0 as one line
 *   RESULT bench=<group> method=<impl> n=<N> ranks=<P> reps=<R> inner=<K>
 *          min=<s> median=<s> bytes=<B>
 * where min/median are seconds per operation (the maximum over ranks of each
 * repetition, divided by the K operations a repetition runs), and bytes is the
 * byte count used for throughput (bytes / min).
 * Correctness checks print `CHECK bench=<group> method=<impl> n=<N> ok` or
 * `... FAILED (<what>)`; a failed check makes the program exit with status 1.
 *
 * Timing protocol: one warm-up operation (not timed: plans, page faults),
 * then R repetitions, each MPI_Barrier + MPI_Wtime around K operations.
 */
#ifndef BENCH_COMMON_BENCH_H
#define BENCH_COMMON_BENCH_H

#include <mpi.h>
#include <stdint.h>
#include <sys/mman.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int64_t n;      /* problem size (matrix order, vector length, ...) */
  int reps;       /* timed repetitions (>= 1) */
  int inner;      /* operations per repetition (0: the program's default) */
  int check_only; /* --check: verify on the given n, time nothing */
  int iters;      /* e2e kernels: iterations */
  const char *only; /* -c CASE: run only this case (programs with several) */
  int once;       /* --once: e2e kernels run -i iterations untimed, no output */
  int count;      /* --count K: after the check, K operations inside MPI_Pcontrol(1) .. (0) */
} bench_opts;

static inline void bench_usage(const char *prog) {
  fprintf(stderr, "usage: %s [-n N] [-r reps] [-k inner] [-i iterations] [-c case] [--check] [--once] [--count K]\n", prog);
}

static inline bench_opts bench_parse(int argc, char **argv, int64_t default_n) {
  bench_opts o = {default_n, 5, 0, 0, 10, NULL, 0, 0};
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--check")) {
      o.check_only = 1;
    } else if (!strcmp(a, "--once")) {
      o.once = 1;
    } else if (v && !strcmp(a, "--count")) {
      o.count = atoi(v); ++i;
    } else if (v && !strcmp(a, "-c")) {
      o.only = v; ++i;
    } else if (v && !strcmp(a, "-n")) {
      o.n = atoll(v); ++i;
    } else if (v && !strcmp(a, "-r")) {
      o.reps = atoi(v); ++i;
    } else if (v && !strcmp(a, "-k")) {
      o.inner = atoi(v); ++i;
    } else if (v && !strcmp(a, "-i")) {
      o.iters = atoi(v); ++i;
    } else {
      bench_usage(argv[0]);
      exit(2);
    }
  }
  if (o.reps < 1) o.reps = 1;
  return o;
}

static inline int bench_rank(void) { int r; MPI_Comm_rank(MPI_COMM_WORLD, &r); return r; }
static inline int bench_size(void) { int s; MPI_Comm_size(MPI_COMM_WORLD, &s); return s; }

/* Balanced block partition of n items over P parts: part p gets
 * [bench_block_off(n,P,p), + bench_block_len(n,P,p)). */
static inline int64_t bench_block_len(int64_t n, int P, int p) {
  return n / P + (p < n % P ? 1 : 0);
}
static inline int64_t bench_block_off(int64_t n, int P, int p) {
  return p * (n / P) + (p < n % P ? p : n % P);
}

#define BENCH_HUGE_BYTES ((size_t)2 << 20)

/* Uninitialised buffer, never NULL, with the runtime's huge-page policy
 * (runtime/lib/support/Buffer.cpp, allocateOnHugePages): 64-byte aligned, and from
 * 2 MiB up aligned to 2 MiB and advised MADV_HUGEPAGE, so that a baseline
 * pays the same page faults and TLB misses as the runtime's own buffers.
 * Programs that initialise every element use this one (no redundant memset). */
static inline void *bench_alloc_raw(size_t bytes) {
  size_t align = bytes >= BENCH_HUGE_BYTES ? BENCH_HUGE_BYTES : 64;
  size_t sz = (bytes + align - 1) / align * align;
  if (sz == 0) sz = 64;
  void *p = aligned_alloc(align, sz);
  if (!p) {
    fprintf(stderr, "bench: out of memory (%zu bytes)\n", bytes);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
#ifdef MADV_HUGEPAGE
  if (align == BENCH_HUGE_BYTES && !getenv("IDTR_NO_HUGEPAGES"))
    madvise(p, sz, MADV_HUGEPAGE);
#endif
  return p;
}

/* As bench_alloc_raw, zero-initialised (touched). */
static inline void *bench_alloc(size_t bytes) {
  void *p = bench_alloc_raw(bytes);
  memset(p, 0, bytes ? bytes : 1);
  return p;
}

static int bench_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

typedef void (*bench_fn)(void *ctx);

/* Times `fn` as described at the top; prints the RESULT line on rank 0 of
 * `comm`. Returns the minimum seconds per operation. */
static inline double bench_time(MPI_Comm comm, const char *group, const char *method,
                                const bench_opts *o, int inner, double bytes,
                                bench_fn fn, void *ctx) {
  int rank, size;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &size);
  if (inner < 1) inner = 1;
  double *t = (double *)malloc(sizeof(double) * (size_t)o->reps);
  fn(ctx); /* warm-up, excluded */
  for (int r = 0; r < o->reps; ++r) {
    MPI_Barrier(comm);
    double t0 = MPI_Wtime();
    for (int k = 0; k < inner; ++k)
      fn(ctx);
    double dt = (MPI_Wtime() - t0) / inner;
    MPI_Allreduce(MPI_IN_PLACE, &dt, 1, MPI_DOUBLE, MPI_MAX, comm);
    t[r] = dt;
  }
  qsort(t, (size_t)o->reps, sizeof(double), bench_cmp_double);
  double mn = t[0];
  double med = o->reps % 2 ? t[o->reps / 2] : 0.5 * (t[o->reps / 2 - 1] + t[o->reps / 2]);
  if (rank == 0) {
    printf("RESULT bench=%s method=%s n=%lld ranks=%d reps=%d inner=%d min=%.9g median=%.9g "
           "bytes=%.0f\n",
           group, method, (long long)o->n, size, o->reps, inner, mn, med, bytes);
    fflush(stdout);
  }
  free(t);
  return mn;
}

/* --count K: K more operations (plans cached by the check run) between
 * MPI_Pcontrol(1) and MPI_Pcontrol(0), the region that the PMPI counter of
 * bench/pmpi/ counts (MPI_Pcontrol is a no-op without it). The barrier that
 * lines the ranks up is outside the region. */
static inline void bench_count(MPI_Comm comm, const bench_opts *o, bench_fn fn, void *ctx) {
  if (o->count < 1)
    return;
  MPI_Barrier(comm);
  MPI_Pcontrol(1);
  for (int k = 0; k < o->count; ++k)
    fn(ctx);
  MPI_Pcontrol(0);
}

/* Collective: combines the local error counts of all ranks, prints the CHECK
 * line on rank 0 and returns non-zero when any rank found an error. */
static inline int bench_report_check(MPI_Comm comm, const char *group, const char *method,
                                     int64_t n, long long local_errors, const char *what) {
  long long errs = local_errors;
  MPI_Allreduce(MPI_IN_PLACE, &errs, 1, MPI_LONG_LONG, MPI_SUM, comm);
  int rank;
  MPI_Comm_rank(comm, &rank);
  if (rank == 0) {
    if (errs)
      printf("CHECK bench=%s method=%s n=%lld FAILED (%lld wrong %s)\n", group, method,
             (long long)n, errs, what);
    else
      printf("CHECK bench=%s method=%s n=%lld ok\n", group, method, (long long)n);
    fflush(stdout);
  }
  return errs != 0;
}

/* Global element value of the test matrices: exact in double for n < 2^26. */
static inline double bench_val(int64_t i, int64_t j, int64_t n) { return (double)(i * n + j); }

#endif
