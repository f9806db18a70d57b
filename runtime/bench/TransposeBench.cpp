// idtr-bench: measures the transpose path.
//
//   idtr-bench local [N]        single process: memcpy vs the local 2-D
//                               transpose kernel (and its accumulating
//                               form, b += a^T) on an N x N f64 matrix
//   mpirun -n P idtr-bench permute [N] [reps]
//                               _idtr_copy_permute_f64 of an N x N matrix in
//                               row blocks vs a hand-written baseline (pack
//                               per destination, one MPI_Alltoallv, own block
//                               transposed straight into the output), in the
//                               same run. GB/s = 2 * N^2 * 8 / seconds.
//   mpirun -n 2 idtr-bench big [BYTES]
//                               copy_reshape of a 1-D i8 array of BYTES
//                               (default 2.2e9, over 2^31) held by rank 0
//                               into rank 1: the 64-bit / chunked path.
#include "idtr/idtr.h"

#include "copy/StridedCopy.h"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <sys/mman.h>

namespace {

double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Every array of the benchmark (user data and the baseline's buffers alike)
// on transparent huge pages, as the runtime's own message buffers are.
double *allocDoubles(size_t n) {
  const size_t huge = size_t(2) << 20;
  size_t bytes = (n * 8 + huge - 1) / huge * huge;
  auto *p = static_cast<double *>(std::aligned_alloc(huge, bytes));
  madvise(p, bytes, MADV_HUGEPAGE);
  std::memset(p, 0, n * 8); // fault the pages in before timing
  return p;
}

int localBench(int64_t n) {
  size_t count = static_cast<size_t>(n) * n;
  double *a = allocDoubles(count), *b = allocDoubles(count);
  for (size_t i = 0; i < count; ++i)
    a[i] = static_cast<double>(i);
  double gb = 2.0 * count * 8 / 1e9;
  double best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    double t = now();
    std::memcpy(b, a, count * 8);
    asm volatile("" : : "r"(b) : "memory"); // keep the copy
    best = std::min(best, now() - t);
  }
  std::printf("local: memcpy %lldx%lld f64: %.4f s, %.2f GB/s\n", (long long)n, (long long)n,
              best, gb / best);
  best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    double t = now();
    idtr::transpose2D(8, reinterpret_cast<char *>(b), n, reinterpret_cast<const char *>(a), n,
                      n, n);
    best = std::min(best, now() - t);
  }
  bool ok = b[1] == a[n] && b[n * n - 2] == a[(n - 2) * n + n - 1];
  std::printf("local: transpose (%s) %lldx%lld f64: %.4f s, %.2f GB/s%s\n",
              idtr::transposeKernelName(), (long long)n, (long long)n, best, gb / best,
              ok ? "" : " WRONG");
  // The accumulating kernel (b += a^T): reads b as well, so 3 N^2 * 8
  // bytes move; GB/s counts them.
  double before1 = b[1];
  best = 1e30;
  for (int rep = 0; rep < 5; ++rep) {
    double t = now();
    idtr::transposeAdd2D(idtr::Accumulate::F64, reinterpret_cast<char *>(b), n,
                         reinterpret_cast<const char *>(a), n, n, n);
    best = std::min(best, now() - t);
  }
  bool addOk = b[1] == before1 + 5 * a[n];
  ok = ok && addOk;
  std::printf("local: transpose-add (%s) %lldx%lld f64: %.4f s, %.2f GB/s%s\n",
              idtr::transposeKernelName(), (long long)n, (long long)n, best, 1.5 * gb / best,
              addOk ? "" : " WRONG");
  best = 1e30;
  for (int rep = 0; rep < 2; ++rep) {
    double t = now();
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j)
        b[j * n + i] = a[i * n + j];
    best = std::min(best, now() - t);
  }
  std::printf("local: naive loop transpose %lldx%lld f64: %.4f s, %.2f GB/s\n", (long long)n,
              (long long)n, best, gb / best);
  std::free(a);
  std::free(b);
  return ok ? 0 : 1;
}

// Hand-written baseline: pack the block for each destination already
// transposed, one MPI_Alltoallv, own block transposed into the output.
void baseline(const double *a, double *t, double *sendBuf, double *recvBuf, int64_t n, int P,
              int me) {
  auto lo = [&](int r) { return n * r / P; };
  int64_t rows = lo(me + 1) - lo(me);
  std::vector<int> sc(P), sd(P), rc(P), rd(P);
  int64_t off = 0;
  for (int r = 0; r < P; ++r) {
    int64_t cols = lo(r + 1) - lo(r); // destination r owns output rows = input cols [lo, hi)
    sc[r] = static_cast<int>(r == me ? 0 : rows * cols);
    sd[r] = static_cast<int>(off);
    if (r != me) // pack: block (my rows) x (r's cols), transposed: cols x rows
      idtr::transpose2D(8, reinterpret_cast<char *>(sendBuf + off), rows,
                        reinterpret_cast<const char *>(a + lo(r)), n, cols, rows);
    off += sc[r];
  }
  off = 0;
  for (int r = 0; r < P; ++r) {
    int64_t srcRows = lo(r + 1) - lo(r);
    rc[r] = static_cast<int>(r == me ? 0 : rows * srcRows);
    rd[r] = static_cast<int>(off);
    off += rc[r];
  }
  MPI_Request req;
  MPI_Ialltoallv(sendBuf, sc.data(), sd.data(), MPI_DOUBLE, recvBuf, rc.data(), rd.data(),
                 MPI_DOUBLE, MPI_COMM_WORLD, &req);
  // Own block straight into the output: t[i - lo(me)][j] = a[j - lo(me)][i] for my cols.
  idtr::transpose2D(8, reinterpret_cast<char *>(t + lo(me)), n,
                    reinterpret_cast<const char *>(a + lo(me)), n, rows, rows);
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  for (int r = 0; r < P; ++r) {
    if (r == me)
      continue;
    int64_t srcRows = lo(r + 1) - lo(r);
    for (int64_t i = 0; i < rows; ++i)
      std::memcpy(t + i * n + lo(r), recvBuf + rd[r] + i * srcRows, srcRows * 8);
  }
}

int permuteBench(int64_t n, int reps) {
  int P, me;
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  int64_t r0 = n * me / P, r1 = n * (me + 1) / P, rows = r1 - r0;
  double *a = allocDoubles(rows * n), *t = allocDoubles(rows * n);
  double *sendBuf = allocDoubles(rows * n), *recvBuf = allocDoubles(rows * n);
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < n; ++j)
      a[i * n + j] = static_cast<double>((r0 + i) * n + j);
  int64_t sizes[2] = {rows, n};
  IDTR_MEMREF(double, 2) in, out;
  idtr_init_contiguous(&in, a, 2, sizes);
  idtr_init_contiguous(&out, t, 2, sizes);
  int64_t g[2] = {n, n}, offs[2] = {r0, 0}, axes[2] = {1, 0};
  idtr_index_array_t gd = idtr_index_array(g, 2), od = idtr_index_array(offs, 2),
                     ad = idtr_index_array(axes, 2);
  auto runIdtr = [&] {
    _idtr_wait(_idtr_copy_permute_f64(0, 1, &gd, 1, &od, 2, &in, 1, &od, 2, &out, 1, &ad));
  };
  auto runBase = [&] { baseline(a, t, sendBuf, recvBuf, n, P, me); };
  auto timeIt = [&](auto &&fn, int times) {
    double best = 1e30;
    for (int rep = 0; rep < times; ++rep) {
      MPI_Barrier(MPI_COMM_WORLD);
      double t0 = now();
      fn();
      double dt = now() - t0, worst;
      MPI_Allreduce(&dt, &worst, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      best = std::min(best, worst);
    }
    return best;
  };
  auto check = [&] {
    int64_t bad = 0;
    for (int64_t i = 0; i < rows; i += 97)
      for (int64_t j = 0; j < n; j += 13)
        bad += t[i * n + j] != static_cast<double>(j * n + r0 + i);
    return bad;
  };
  runIdtr(); // first call builds the plan
  runBase();
  // Interleaved, so that both see the same machine load; best of `reps`.
  double tIdtr = 1e30, tBase = 1e30;
  for (int rep = 0; rep < reps; ++rep) {
    tIdtr = std::min(tIdtr, timeIt(runIdtr, 1));
    tBase = std::min(tBase, timeIt(runBase, 1));
  }
  runIdtr();
  int64_t badIdtr = check();
  runBase();
  int64_t badBase = check();
  double gb = 2.0 * n * n * 8 / 1e9;
  if (me == 0) {
    std::printf("permute %lldx%lld f64 on %d ranks: idtr %.4f s (%.2f GB/s)%s, "
                "baseline pack+alltoallv %.4f s (%.2f GB/s)%s\n",
                (long long)n, (long long)n, P, tIdtr, gb / tIdtr, badIdtr ? " WRONG" : "",
                tBase, gb / tBase, badBase ? " WRONG" : "");
  }
  std::free(a);
  std::free(t);
  std::free(sendBuf);
  std::free(recvBuf);
  return badIdtr || badBase;
}

int bigBench(int64_t bytes) {
  int P, me;
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  int64_t mine = me == 0 ? bytes : 0, wanted = me == P - 1 ? bytes : 0;
  std::vector<int8_t> in(mine), out(wanted);
  for (int64_t i = 0; i < mine; i += 4096)
    in[i] = static_cast<int8_t>(i / 4096);
  IDTR_MEMREF(int8_t, 1) inD, outD;
  idtr_init_contiguous(&inD, in.data(), 1, &mine);
  idtr_init_contiguous(&outD, out.data(), 1, &wanted);
  int64_t g[1] = {bytes}, off[1] = {0}, noff[1] = {0};
  idtr_index_array_t gd = idtr_index_array(g, 1), od = idtr_index_array(off, 1),
                     nd = idtr_index_array(noff, 1);
  double t0 = now();
  _idtr_wait(_idtr_copy_reshape_i8(0, 1, &gd, 1, &od, 1, &inD, 1, &gd, 1, &nd, 1, &outD));
  double dt = now() - t0;
  int64_t bad = 0;
  for (int64_t i = 0; i < wanted; i += 4096)
    bad += out[i] != static_cast<int8_t>(i / 4096);
  if (me == P - 1)
    std::printf("big: %lld bytes rank 0 -> rank %d in %.3f s: %s\n", (long long)bytes, P - 1, dt,
                bad ? "WRONG" : "ok");
  return bad != 0;
}

} // namespace

int main(int argc, char **argv) {
  std::string mode = argc > 1 ? argv[1] : "permute";
  int64_t n = argc > 2 ? std::atoll(argv[2]) : 8192;
  int reps = argc > 3 ? std::atoi(argv[3]) : 5;
  if (mode == "local")
    return localBench(n);
  MPI_Init(&argc, &argv);
  int rc = mode == "big" ? bigBench(argc > 2 ? n : int64_t(2200000000)) : permuteBench(n, reps);
  MPI_Finalize();
  return rc;
}
