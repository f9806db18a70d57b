/* mpicount: a PMPI interposer that counts, per rank, every MPI message a
 * program sends and every collective it calls -- the cost table of bench/run
 * (the runtime's own counters see only its data messages, not the
 * agreement allreduce of a call nor the metadata collectives).
 *
 * Use: LD_PRELOAD=build/bench/libmpicount.so mpirun ... ./prog (or link it
 * before -lmpi). At MPI_Finalize every rank prints to stderr
 *   mpicount: rank R scope=all p2p_sent=S p2p_bytes_sent=B p2p_recv=V rma=M
 *             rma_bytes=X collectives=C [Name=k ...]
 * and, if the program marked regions with MPI_Pcontrol(1) ... MPI_Pcontrol(0)
 * (bench.h: bench_count), the same counts inside the regions only as
 * scope=region regions=K heap_allocs=H. Counted:
 *   p2p_sent   Send, Isend, Ssend, Issend, Rsend, Irsend, Bsend, Ibsend and the
 *              send half of Sendrecv(_replace), to a rank other than
 *              MPI_PROC_NULL (a message of 0 bytes counts: it is a message)
 *   p2p_recv   Recv, Irecv, Mrecv, Imrecv and the receive half of Sendrecv
 *   rma        Put, Get, (R)accumulate, Get_accumulate, Rput, Rget,
 *              Fetch_and_op, Compare_and_swap (one-sided operations)
 *   collectives every call of a collective, blocking or not, communicator and
 *              window creation included, by name
 * Heap allocations inside the regions are counted too (heap_allocs: malloc,
 * calloc, realloc, aligned_alloc, posix_memalign, memalign -- C++'s operator
 * new calls malloc), by wrapping glibc's allocator entry points: the "<= 4
 * heap allocations per cached call" target. Outside the regions the
 * wrappers only forward.
 * Persistent requests (MPI_Send_init + MPI_Start) are not counted: nothing in
 * bench/ or the runtime uses them. Open MPI's collectives call its PML
 * directly, not MPI_Send, so nothing is counted twice.
 *
 * The wrappers were generated once from the prototypes of Open MPI 4.1's
 * mpi.h (see bench/README.md, "Message counts"); edit them by hand. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {  C_Barrier,
  C_Ibarrier,
  C_Bcast,
  C_Ibcast,
  C_Reduce,
  C_Ireduce,
  C_Allreduce,
  C_Iallreduce,
  C_Allgather,
  C_Iallgather,
  C_Allgatherv,
  C_Iallgatherv,
  C_Gather,
  C_Igather,
  C_Gatherv,
  C_Igatherv,
  C_Scatter,
  C_Iscatter,
  C_Scatterv,
  C_Iscatterv,
  C_Alltoall,
  C_Ialltoall,
  C_Alltoallv,
  C_Ialltoallv,
  C_Alltoallw,
  C_Ialltoallw,
  C_Reduce_scatter,
  C_Ireduce_scatter,
  C_Reduce_scatter_block,
  C_Ireduce_scatter_block,
  C_Scan,
  C_Iscan,
  C_Exscan,
  C_Iexscan,
  C_Neighbor_allgather,
  C_Neighbor_allgatherv,
  C_Neighbor_alltoall,
  C_Neighbor_alltoallv,
  C_Neighbor_alltoallw,
  C_Ineighbor_allgather,
  C_Ineighbor_allgatherv,
  C_Ineighbor_alltoall,
  C_Ineighbor_alltoallv,
  C_Ineighbor_alltoallw,
  C_Comm_split,
  C_Comm_split_type,
  C_Comm_dup,
  C_Comm_create,
  C_Comm_create_group,
  C_Intercomm_create,
  C_Cart_create,
  C_Dist_graph_create_adjacent,
  C_Dist_graph_create,
  C_Win_allocate_shared,
  C_Win_allocate,
  C_Win_create,
  C_Win_fence,
  C_Win_free,
  C_Comm_free,
  C_COUNT
};
static const char *coll_names[C_COUNT] = {
  "Barrier",
  "Ibarrier",
  "Bcast",
  "Ibcast",
  "Reduce",
  "Ireduce",
  "Allreduce",
  "Iallreduce",
  "Allgather",
  "Iallgather",
  "Allgatherv",
  "Iallgatherv",
  "Gather",
  "Igather",
  "Gatherv",
  "Igatherv",
  "Scatter",
  "Iscatter",
  "Scatterv",
  "Iscatterv",
  "Alltoall",
  "Ialltoall",
  "Alltoallv",
  "Ialltoallv",
  "Alltoallw",
  "Ialltoallw",
  "Reduce_scatter",
  "Ireduce_scatter",
  "Reduce_scatter_block",
  "Ireduce_scatter_block",
  "Scan",
  "Iscan",
  "Exscan",
  "Iexscan",
  "Neighbor_allgather",
  "Neighbor_allgatherv",
  "Neighbor_alltoall",
  "Neighbor_alltoallv",
  "Neighbor_alltoallw",
  "Ineighbor_allgather",
  "Ineighbor_allgatherv",
  "Ineighbor_alltoall",
  "Ineighbor_alltoallv",
  "Ineighbor_alltoallw",
  "Comm_split",
  "Comm_split_type",
  "Comm_dup",
  "Comm_create",
  "Comm_create_group",
  "Intercomm_create",
  "Cart_create",
  "Dist_graph_create_adjacent",
  "Dist_graph_create",
  "Win_allocate_shared",
  "Win_allocate",
  "Win_create",
  "Win_fence",
  "Win_free",
  "Comm_free",
};

typedef struct {
  long long sent, bytes_sent, recv, rma, rma_bytes, coll[C_COUNT];
} counts_t;

static counts_t all_, region_;
static int in_region_ = 0;
static long long regions_ = 0;
static long long heap_allocs_ = 0; /* inside regions; atomic: the runtime may use threads */

/* ---- heap allocations (glibc's internal entry points: no dlsym, which
 * itself allocates) */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static inline void count_alloc(void) {
  if (__atomic_load_n(&in_region_, __ATOMIC_RELAXED))
    __atomic_fetch_add(&heap_allocs_, 1, __ATOMIC_RELAXED);
}
void *malloc(size_t n) { count_alloc(); return __libc_malloc(n); }
void *calloc(size_t k, size_t n) { count_alloc(); return __libc_calloc(k, n); }
void *realloc(void *p, size_t n) { count_alloc(); return __libc_realloc(p, n); }
void *memalign(size_t a, size_t n) { count_alloc(); return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { count_alloc(); return __libc_memalign(a, n); }
int posix_memalign(void **out, size_t a, size_t n) {
  count_alloc();
  void *p = __libc_memalign(a, n);
  if (!p)
    return 12; /* ENOMEM */
  *out = p;
  return 0;
}

static long long type_bytes(MPI_Datatype t, long long count) {
  int sz = 0;
  if (t != MPI_DATATYPE_NULL)
    PMPI_Type_size(t, &sz);
  return (long long)sz * count;
}

static void add_send(int dest, long long bytes) {
  if (dest == MPI_PROC_NULL)
    return;
  all_.sent++; all_.bytes_sent += bytes;
  if (in_region_) { region_.sent++; region_.bytes_sent += bytes; }
}
static void add_recv(int source) {
  if (source == MPI_PROC_NULL)
    return;
  all_.recv++;
  if (in_region_) region_.recv++;
}
static void add_rma(long long bytes) {
  all_.rma++; all_.rma_bytes += bytes;
  if (in_region_) { region_.rma++; region_.rma_bytes += bytes; }
}
static void add_coll(int c) {
  all_.coll[c]++;
  if (in_region_) region_.coll[c]++;
}

int MPI_Pcontrol(const int level, ...) {
  if (level > 0 && !in_region_) {
    __atomic_store_n(&in_region_, 1, __ATOMIC_RELAXED);
    regions_++;
  } else if (level <= 0) {
    __atomic_store_n(&in_region_, 0, __ATOMIC_RELAXED);
  }
  return MPI_SUCCESS;
}

static void print_counts(int rank, const char *scope, const counts_t *c) {
  char buf[4096];
  long long total = 0;
  int len = 0;
  for (int i = 0; i < C_COUNT; ++i)
    if (c->coll[i]) {
      total += c->coll[i];
      len += snprintf(buf + len, sizeof buf - (size_t)len, " %s=%lld", coll_names[i], c->coll[i]);
      if (len >= (int)sizeof buf) { len = (int)sizeof buf - 1; break; }
    }
  buf[len] = 0;
  char reg[96] = "";
  if (!strcmp(scope, "region"))
    snprintf(reg, sizeof reg, " regions=%lld heap_allocs=%lld", regions_,
             __atomic_load_n(&heap_allocs_, __ATOMIC_RELAXED));
  fprintf(stderr, "mpicount: rank %d scope=%s%s p2p_sent=%lld p2p_bytes_sent=%lld p2p_recv=%lld "
          "rma=%lld rma_bytes=%lld collectives=%lld%s\n", rank, scope, reg, c->sent, c->bytes_sent,
          c->recv, c->rma, c->rma_bytes, total, buf);
}

int MPI_Finalize(void) {
  int rank = -1;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  print_counts(rank, "all", &all_);
  if (regions_)
    print_counts(rank, "region", &region_);
  fflush(stderr);
  return PMPI_Finalize();
}

/* ---- collectives: one call each */
int MPI_Barrier(MPI_Comm comm) {
  add_coll(C_Barrier);
  return PMPI_Barrier(comm);
}
int MPI_Ibarrier(MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Ibarrier);
  return PMPI_Ibarrier(comm, request);
}
int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm) {
  add_coll(C_Bcast);
  return PMPI_Bcast(buffer, count, datatype, root, comm);
}
int MPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Ibcast);
  return PMPI_Ibcast(buffer, count, datatype, root, comm, request);
}
int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm) {
  add_coll(C_Reduce);
  return PMPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
}
int MPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Ireduce);
  return PMPI_Ireduce(sendbuf, recvbuf, count, datatype, op, root, comm, request);
}
int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  add_coll(C_Allreduce);
  return PMPI_Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
}
int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Iallreduce);
  return PMPI_Iallreduce(sendbuf, recvbuf, count, datatype, op, comm, request);
}
int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  add_coll(C_Allgather);
  return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}
int MPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Iallgather);
  return PMPI_Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}
int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  add_coll(C_Allgatherv);
  return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
}
int MPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Iallgatherv);
  return PMPI_Iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request);
}
int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  add_coll(C_Gather);
  return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}
int MPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Igather);
  return PMPI_Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
}
int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm) {
  add_coll(C_Gatherv);
  return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
}
int MPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Igatherv);
  return PMPI_Igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, request);
}
int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  add_coll(C_Scatter);
  return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}
int MPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Iscatter);
  return PMPI_Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
}
int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm) {
  add_coll(C_Scatterv);
  return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
}
int MPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Iscatterv);
  return PMPI_Iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
}
int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  add_coll(C_Alltoall);
  return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}
int MPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Ialltoall);
  return PMPI_Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}
int MPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
  add_coll(C_Alltoallv);
  return PMPI_Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
}
int MPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Ialltoallv);
  return PMPI_Ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request);
}
int MPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm) {
  add_coll(C_Alltoallw);
  return PMPI_Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm);
}
int MPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Ialltoallw);
  return PMPI_Ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request);
}
int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  add_coll(C_Reduce_scatter);
  return PMPI_Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm);
}
int MPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Ireduce_scatter);
  return PMPI_Ireduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, request);
}
int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  add_coll(C_Reduce_scatter_block);
  return PMPI_Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm);
}
int MPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Ireduce_scatter_block);
  return PMPI_Ireduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, request);
}
int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  add_coll(C_Scan);
  return PMPI_Scan(sendbuf, recvbuf, count, datatype, op, comm);
}
int MPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Iscan);
  return PMPI_Iscan(sendbuf, recvbuf, count, datatype, op, comm, request);
}
int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm) {
  add_coll(C_Exscan);
  return PMPI_Exscan(sendbuf, recvbuf, count, datatype, op, comm);
}
int MPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Iexscan);
  return PMPI_Iexscan(sendbuf, recvbuf, count, datatype, op, comm, request);
}
int MPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  add_coll(C_Neighbor_allgather);
  return PMPI_Neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}
int MPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm) {
  add_coll(C_Neighbor_allgatherv);
  return PMPI_Neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
}
int MPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm) {
  add_coll(C_Neighbor_alltoall);
  return PMPI_Neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}
int MPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm) {
  add_coll(C_Neighbor_alltoallv);
  return PMPI_Neighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
}
int MPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm) {
  add_coll(C_Neighbor_alltoallw);
  return PMPI_Neighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm);
}
int MPI_Ineighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Ineighbor_allgather);
  return PMPI_Ineighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}
int MPI_Ineighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Ineighbor_allgatherv);
  return PMPI_Ineighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request);
}
int MPI_Ineighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Ineighbor_alltoall);
  return PMPI_Ineighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}
int MPI_Ineighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Ineighbor_alltoallv);
  return PMPI_Ineighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request);
}
int MPI_Ineighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request) {
  add_coll(C_Ineighbor_alltoallw);
  return PMPI_Ineighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request);
}
int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm) {
  add_coll(C_Comm_split);
  return PMPI_Comm_split(comm, color, key, newcomm);
}
int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm) {
  add_coll(C_Comm_split_type);
  return PMPI_Comm_split_type(comm, split_type, key, info, newcomm);
}
int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm) {
  add_coll(C_Comm_dup);
  return PMPI_Comm_dup(comm, newcomm);
}
int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm) {
  add_coll(C_Comm_create);
  return PMPI_Comm_create(comm, group, newcomm);
}
int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm) {
  add_coll(C_Comm_create_group);
  return PMPI_Comm_create_group(comm, group, tag, newcomm);
}
int MPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm bridge_comm, int remote_leader, int tag, MPI_Comm *newintercomm) {
  add_coll(C_Intercomm_create);
  return PMPI_Intercomm_create(local_comm, local_leader, bridge_comm, remote_leader, tag, newintercomm);
}
int MPI_Cart_create(MPI_Comm old_comm, int ndims, const int dims[], const int periods[], int reorder, MPI_Comm *comm_cart) {
  add_coll(C_Cart_create);
  return PMPI_Cart_create(old_comm, ndims, dims, periods, reorder, comm_cart);
}
int MPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[], const int sourceweights[], int outdegree, const int destinations[], const int destweights[], MPI_Info info, int reorder, MPI_Comm *comm_dist_graph) {
  add_coll(C_Dist_graph_create_adjacent);
  return PMPI_Dist_graph_create_adjacent(comm_old, indegree, sources, sourceweights, outdegree, destinations, destweights, info, reorder, comm_dist_graph);
}
int MPI_Dist_graph_create(MPI_Comm comm_old, int n, const int nodes[], const int degrees[], const int targets[], const int weights[], MPI_Info info, int reorder, MPI_Comm * newcomm) {
  add_coll(C_Dist_graph_create);
  return PMPI_Dist_graph_create(comm_old, n, nodes, degrees, targets, weights, info, reorder, newcomm);
}
int MPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win) {
  add_coll(C_Win_allocate_shared);
  return PMPI_Win_allocate_shared(size, disp_unit, info, comm, baseptr, win);
}
int MPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr, MPI_Win *win) {
  add_coll(C_Win_allocate);
  return PMPI_Win_allocate(size, disp_unit, info, comm, baseptr, win);
}
int MPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, MPI_Win *win) {
  add_coll(C_Win_create);
  return PMPI_Win_create(base, size, disp_unit, info, comm, win);
}
int MPI_Win_fence(int assert, MPI_Win win) {
  add_coll(C_Win_fence);
  return PMPI_Win_fence(assert, win);
}
int MPI_Win_free(MPI_Win *win) {
  add_coll(C_Win_free);
  return PMPI_Win_free(win);
}
int MPI_Comm_free(MPI_Comm *comm) {
  add_coll(C_Comm_free);
  return PMPI_Comm_free(comm);
}

/* ---- point to point */
int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  add_send(dest, type_bytes(datatype, count));
  return PMPI_Send(buf, count, datatype, dest, tag, comm);
}
int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request) {
  add_send(dest, type_bytes(datatype, count));
  return PMPI_Isend(buf, count, datatype, dest, tag, comm, request);
}
int MPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  add_send(dest, type_bytes(datatype, count));
  return PMPI_Ssend(buf, count, datatype, dest, tag, comm);
}
int MPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request) {
  add_send(dest, type_bytes(datatype, count));
  return PMPI_Issend(buf, count, datatype, dest, tag, comm, request);
}
int MPI_Rsend(const void *ibuf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  add_send(dest, type_bytes(datatype, count));
  return PMPI_Rsend(ibuf, count, datatype, dest, tag, comm);
}
int MPI_Irsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request) {
  add_send(dest, type_bytes(datatype, count));
  return PMPI_Irsend(buf, count, datatype, dest, tag, comm, request);
}
int MPI_Bsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) {
  add_send(dest, type_bytes(datatype, count));
  return PMPI_Bsend(buf, count, datatype, dest, tag, comm);
}
int MPI_Ibsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request) {
  add_send(dest, type_bytes(datatype, count));
  return PMPI_Ibsend(buf, count, datatype, dest, tag, comm, request);
}
int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status *status) {
  add_recv(source);
  return PMPI_Recv(buf, count, datatype, source, tag, comm, status);
}
int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request) {
  add_recv(source);
  return PMPI_Irecv(buf, count, datatype, source, tag, comm, request);
}
int MPI_Mrecv(void *buf, int count, MPI_Datatype type, MPI_Message *message, MPI_Status *status) {
  add_recv(0);
  return PMPI_Mrecv(buf, count, type, message, status);
}
int MPI_Imrecv(void *buf, int count, MPI_Datatype type, MPI_Message *message, MPI_Request *request) {
  add_recv(0);
  return PMPI_Imrecv(buf, count, type, message, request);
}
int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status *status) {
  add_send(dest, type_bytes(sendtype, sendcount));
  add_recv(source);
  return PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm, status);
}
int MPI_Sendrecv_replace(void * buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag, MPI_Comm comm, MPI_Status *status) {
  add_send(dest, type_bytes(datatype, count));
  add_recv(source);
  return PMPI_Sendrecv_replace(buf, count, datatype, dest, sendtag, source, recvtag, comm, status);
}

/* ---- one-sided */
int MPI_Put(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win) {
  add_rma(type_bytes(origin_datatype, origin_count));
  return PMPI_Put(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win);
}
int MPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win) {
  add_rma(type_bytes(origin_datatype, origin_count));
  return PMPI_Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win);
}
int MPI_Accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win) {
  add_rma(type_bytes(origin_datatype, origin_count));
  return PMPI_Accumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op, win);
}
int MPI_Get_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win) {
  add_rma(type_bytes(origin_datatype, origin_count));
  return PMPI_Get_accumulate(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, win);
}
int MPI_Rput(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_cout, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request) {
  add_rma(type_bytes(origin_datatype, origin_count));
  return PMPI_Rput(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_cout, target_datatype, win, request);
}
int MPI_Rget(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request) {
  add_rma(type_bytes(origin_datatype, origin_count));
  return PMPI_Rget(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win, request);
}
int MPI_Raccumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request) {
  add_rma(type_bytes(origin_datatype, origin_count));
  return PMPI_Raccumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op, win, request);
}
int MPI_Rget_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request) {
  add_rma(type_bytes(origin_datatype, origin_count));
  return PMPI_Rget_accumulate(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, win, request);
}
int MPI_Fetch_and_op(const void *origin_addr, void *result_addr, MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Op op, MPI_Win win) {
  add_rma(type_bytes(datatype, 1));
  return PMPI_Fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, op, win);
}
int MPI_Compare_and_swap(const void *origin_addr, const void *compare_addr, void *result_addr, MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Win win) {
  add_rma(type_bytes(datatype, 1));
  return PMPI_Compare_and_swap(origin_addr, compare_addr, result_addr, datatype, target_rank, target_disp, win);
}
