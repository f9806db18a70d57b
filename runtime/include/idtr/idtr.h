/* IDTR: the distributed tensor runtime called by programs that distc compiles.
 *
 * C ABI, see docs/runtime.md ("Entry points"). The prototypes of the `_idtr_*`
 * functions below are those of the compiler's ABI table
 * (passes/IDTRRuntimeAPI.def); a lit test keeps the two identical. Every array
 * argument A(x) is the pair `int64_t rank, void *desc` that MLIR passes for a
 * `memref<*xT>`: `desc` points to a ranked descriptor
 *   { T *allocated; T *aligned; int64_t offset; int64_t sizes[rank]; int64_t strides[rank]; }
 * Shapes, offsets and axes are 1-D `index` (int64_t) descriptors. i1 elements
 * are stored one byte each; f16 and bf16 two bytes each (IEEE half, bfloat16
 * bits); c32 and c64 are complex<f32> and complex<f64> (C's float _Complex,
 * double _Complex). Handle 0 means "already complete".
 *
 * Threads: call the runtime from one thread, the one that initialised MPI,
 * and never from two at once (entry points are not reentrant). The runtime
 * initialises MPI with MPI_THREAD_FUNNELED if the program has not; a program
 * that initialises MPI itself must request at least MPI_THREAD_FUNNELED (the
 * runtime's watchdog is a second thread, which never calls MPI). See
 * docs/runtime.md, "Threading".
 */
#ifndef IDTR_IDTR_H
#define IDTR_IDTR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Reduction codes (IMEX numbering), the `op` argument of the reductions.
   The reduction kinds of the dist and distruntime dialects have these values
   (checked at compile time by the compiler), so it passes them unchanged. */
enum {
  IDTR_MAX = 0,
  IDTR_MEAN = 1,
  IDTR_MIN = 2,
  IDTR_PROD = 3,
  IDTR_SUM = 4,
  /* Bitwise reductions of integers (logical on i1); not defined on floats. */
  IDTR_BAND = 9,
  IDTR_BOR = 10,
  IDTR_BXOR = 11
};

/* ---- descriptor helpers for C callers ------------------------------------ */

/* A ranked descriptor type of rank N, e.g. `IDTR_MEMREF(double, 2) d;`. */
#define IDTR_MEMREF(T, N)                                                      \
  struct {                                                                     \
    T *allocated;                                                              \
    T *aligned;                                                                \
    int64_t offset;                                                            \
    int64_t sizes[N];                                                          \
    int64_t strides[N];                                                        \
  }

/* The descriptor of a 1-D index array (shapes, offsets, axes). */
typedef IDTR_MEMREF(int64_t, 1) idtr_index_array_t;

/* Wraps `n` contiguous int64_t values as a 1-D index descriptor. */
static inline idtr_index_array_t idtr_index_array(int64_t *data, int64_t n) {
  idtr_index_array_t d;
  d.allocated = data;
  d.aligned = data;
  d.offset = 0;
  d.sizes[0] = n;
  d.strides[0] = 1;
  return d;
}

/* Fills a contiguous row-major descriptor `desc` (any IDTR_MEMREF of rank
 * `rank`) for `data` with the given sizes. */
static inline void idtr_init_contiguous(void *desc, void *data, int64_t rank,
                                        const int64_t *sizes) {
  void **ptrs = (void **)desc;
  int64_t *meta = (int64_t *)(ptrs + 2);
  int64_t stride = 1;
  int64_t i;
  ptrs[0] = data;
  ptrs[1] = data;
  meta[0] = 0;
  for (i = rank - 1; i >= 0; --i) {
    meta[1 + i] = sizes[i];
    meta[1 + rank + i] = stride;
    stride *= sizes[i];
  }
}

/* ---- the `key` of _idtr_update_halo_* -------------------------------------- */

/* A key >= 0 promises that the call's bounding box is this rank's rows
   extended by `low` rows before and `high` after, clipped to the array, with
   the same `low` and `high` on every rank of the team and at every call with
   this key (docs/runtime.md, "Halo keys"). A rank whose box is clipped at
   the array's edge cannot see that width itself, but its plan depends on it
   (its neighbour's halo takes its rows): the key tells it, so a repeated
   call on balanced partitions needs no agreement with the team. -1: no key.
   Bits 0-15 hold `low`, 16-31 `high`, 32-62 `site` (which call site; only
   keeps the calls of different sites apart). Widths above
   IDTR_HALO_KEY_MAX_WIDTH have no key. */
#define IDTR_HALO_KEY_MAX_WIDTH 0xffff

static inline int64_t idtr_halo_key(uint32_t site, int64_t low, int64_t high) {
  if (low < 0 || high < 0 || low > IDTR_HALO_KEY_MAX_WIDTH ||
      high > IDTR_HALO_KEY_MAX_WIDTH)
    return -1;
  return (int64_t)(((uint64_t)(site & 0x7fffffffu) << 32) |
                   ((uint64_t)high << 16) | (uint64_t)low);
}

/* The widths of a halo key; 0 for "no key" (key < 0). */
static inline int idtr_halo_key_widths(int64_t key, int64_t *low,
                                       int64_t *high) {
  if (key < 0)
    return 0;
  *low = key & IDTR_HALO_KEY_MAX_WIDTH;
  *high = (key >> 16) & IDTR_HALO_KEY_MAX_WIDTH;
  return 1;
}

/* ---- _idtr_update_grid_halo_* ---------------------------------------------- */

/* The N-D halo of a block of a process grid: lPart is this rank's balanced
   block (at lOffs) of the global array gShape distributed over the row-major
   grid `grid` (one extent per grid axis, product = team size), grid axis k
   splitting dimension split[k]. `widths` holds low and high per dimension
   (low0, high0, low1, ...); bit d of `periodic` makes dimension d wrap
   around. `halo` (1-D, dense) receives the 2 x rank slabs of the extended
   box around the block, dimension 0 first, each row-major
   (idtr/detail/GridHaloSlabs.h): faces and corners, each neighbour sending
   one message. `corners` 0 leaves the corners out (every slab spans only
   the block's range in the other dimensions: what a star stencil reads),
   so diagonal neighbours exchange nothing; 1 keeps them. `key`: -1, or a
   site hash >= 0 (idtr_grid_halo_key) that promises the call is made by
   every rank of the team with the same arguments at every repeat; a
   repeated keyed call then needs no collective (docs/runtime.md, "Halo
   keys"). */
static inline int64_t idtr_grid_halo_key(uint32_t site) {
  return (int64_t)(site & 0x7fffffffu);
}

/* ---- teams ---------------------------------------------------------------- */

int64_t _idtr_nprocs(int64_t team);
int64_t _idtr_prank(int64_t team);

/* Completes the operation `handle` (every start returns a handle of its own;
   waiting twice on one is an error). 0 is accepted as "already complete". */
void _idtr_wait(int64_t handle);

/* ---- sub-grid teams (shard front end) -------------------------------------- */

/* Makes `team` the sub-grid of the row-major grid `shape` (a 1-D index memref;
   world rank = linear grid index) spanning grid axes `axes` (in that order):
   its members are the processes that share their indices along the other
   axes, numbered by the row-major linear index along `axes`. Local (no
   communication); the communicator is made at the team's first use, once.
   Redefining a team with the same shape and axes is a no-op. */
void _idtr_define_subgrid_team(int64_t team, int64_t shapeRank, void *shape,
                               int64_t axesRank, void *axes);

/* Names the user's op that the next call starting an operation (a typed
   entry point below) serves: `location` is "file:line:col: op", e.g.
   "prog.mlir:10:8: dist.gather", and must stay valid until that operation
   is waited on (distc passes a constant of the program). Errors raised in
   the call or in its wait then read "prog.mlir:10:8: error: dist.gather:
   ... (rank R)", and IDTR_STATS / IDTR_PROFILE count the call under it.
   Only a pointer store; the next such call takes the location over, so it
   never applies to a later call made without one. */
void _idtr_set_location(const char *location);

/* Flags of the next call that starts an operation (a typed entry point
   below), taken over by it like the location above; calls made without
   them have none. IDTR_CALL_IRREGULAR: the blocks of the call's arrays are
   not functions of their global shapes and the call site (a
   `dist.from_local` partition, which the program chooses at run time).
   Such a call never reuses a plan without asking the team: the rank whose
   block happens to repeat the balanced block of an earlier call must not
   skip the agreement that a rank whose block changed takes part in. */
#define IDTR_CALL_IRREGULAR 1
void _idtr_set_call_flags(int64_t flags);

/* ---- typed entry points --------------------------------------------------- */

/* send/recv (shard front end): `data` to / from member `peer` of `team`
   (0 <= peer < team size; else an error naming the op). A send copies
   `data` during the call and never waits for the receiver; a member that
   sends to itself copies locally. Messages between two members match in
   the order they were posted. reduce: element-wise reduction of `in` over
   the team into `out` on member `root`; the others' `out` is their `in`.

   copy_permute_add: copy_permute's arguments and data movement, but nlPart
   is read and written: nlPart += this rank's box of the permuted array,
   element by element in the arithmetic of the type (IEEE addition, f16 and
   bf16 rounded from their f32 sum; integers modulo 2^bits, i1 exclusive
   or), each element added once. nlPart is complete after the wait, as a
   copy's output; it may share memory with lPart (which is then copied
   first), but its own elements must not overlap each other. */

#define IDTR_DECLARE_TYPED(SUFFIX)                                             \
  int64_t _idtr_copy_reshape_##SUFFIX(                                         \
      int64_t team, int64_t gShapeRank, void *gShape, int64_t lOffsRank,       \
      void *lOffs, int64_t lPartRank, void *lPart, int64_t ngShapeRank,        \
      void *ngShape, int64_t nlOffsRank, void *nlOffs, int64_t nlPartRank,     \
      void *nlPart);                                                           \
  int64_t _idtr_copy_permute_##SUFFIX(                                         \
      int64_t team, int64_t gShapeRank, void *gShape, int64_t lOffsRank,       \
      void *lOffs, int64_t lPartRank, void *lPart, int64_t nlOffsRank,         \
      void *nlOffs, int64_t nlPartRank, void *nlPart, int64_t axesRank,        \
      void *axes);                                                             \
  int64_t _idtr_copy_permute_add_##SUFFIX(                                     \
      int64_t team, int64_t gShapeRank, void *gShape, int64_t lOffsRank,       \
      void *lOffs, int64_t lPartRank, void *lPart, int64_t nlOffsRank,         \
      void *nlOffs, int64_t nlPartRank, void *nlPart, int64_t axesRank,        \
      void *axes);                                                             \
  int64_t _idtr_update_halo_##SUFFIX(                                          \
      int64_t team, int64_t gShapeRank, void *gShape, int64_t lOffsRank,       \
      void *lOffs, int64_t lPartRank, void *lPart, int64_t bbOffsRank,         \
      void *bbOffs, int64_t bbSizesRank, void *bbSizes, int64_t lHaloRank,     \
      void *lHalo, int64_t rHaloRank, void *rHalo, int64_t key);               \
  int64_t _idtr_allreduce_##SUFFIX(int64_t team, int64_t inRank, void *in,     \
                                   int64_t outRank, void *out, int32_t op);    \
  void _idtr_reduce_all_##SUFFIX(int64_t dataRank, void *data, int32_t op);   \
  int64_t _idtr_bcast_panel_##SUFFIX(int64_t team, int64_t extent,            \
                                     int64_t dim, int64_t lPartRank,           \
                                     void *lPart, int64_t start,               \
                                     int64_t panelRank, void *panel);          \
  int64_t _idtr_update_grid_halo_##SUFFIX(                                     \
      int64_t team, int64_t gShapeRank, void *gShape, int64_t lOffsRank,       \
      void *lOffs, int64_t lPartRank, void *lPart, int64_t gridRank,           \
      void *grid, int64_t splitRank, void *split, int64_t widthsRank,          \
      void *widths, int64_t haloRank, void *halo, int64_t periodic,            \
      int64_t corners, int64_t key);                                           \
  int64_t _idtr_send_##SUFFIX(int64_t team, int64_t peer, int64_t dataRank,    \
                              void *data);                                     \
  int64_t _idtr_recv_##SUFFIX(int64_t team, int64_t peer, int64_t dataRank,    \
                              void *data);                                     \
  int64_t _idtr_reduce_##SUFFIX(int64_t team, int64_t root, int64_t inRank,    \
                                void *in, int64_t outRank, void *out,          \
                                int32_t op);

IDTR_DECLARE_TYPED(f64)
IDTR_DECLARE_TYPED(f32)
IDTR_DECLARE_TYPED(i64)
IDTR_DECLARE_TYPED(i32)
IDTR_DECLARE_TYPED(i16)
IDTR_DECLARE_TYPED(i8)
IDTR_DECLARE_TYPED(i1)
IDTR_DECLARE_TYPED(f16)
IDTR_DECLARE_TYPED(bf16)
IDTR_DECLARE_TYPED(c32)
IDTR_DECLARE_TYPED(c64)

#undef IDTR_DECLARE_TYPED

/* ---- .npy files and formatted printing (dist.save, dist.load, dist.print) - */

/* Collective over `team`. `site` is the user's op, "file:line:col: dist.load",
   for the errors; `path` the file; `descr` numpy's dtype ("<f8", "|b1").
   read_header: rank 0 reads and checks the header of `path` against `descr`
   and the expected sizes in `shape` (-1 where any size will do), every rank
   receives the global shape in `shape`; returns the data's byte offset.
   load/save: every rank reads/writes its block lPart at lOffs of the array
   of shape gShape with MPI-IO (save: rank 0 writes the header, the file is
   replaced). */
int64_t _idtr_npy_read_header(const char *site, const char *path, const char *descr,
                              int64_t team, int64_t shapeRank, void *shape);

/* Prints `part` (style 0: vector.print's "( 1, 2 )", 1: numpy's "[1 2]")
   with the printf conversion `format` per element (as long long for
   integers, double for floats), then a newline. distributed = 0: this
   rank's tensor (the caller calls it on rank 0 only); 1: collective, the
   parts are the row blocks of one array in rank order, which rank 0
   receives and prints one at a time. */
#define IDTR_DECLARE_IO(SUFFIX)                                                \
  void _idtr_npy_load_##SUFFIX(const char *site, const char *path,             \
                               int64_t team, int64_t dataOffset,               \
                               int64_t gShapeRank, void *gShape,               \
                               int64_t lOffsRank, void *lOffs,                 \
                               int64_t lPartRank, void *lPart);                \
  void _idtr_npy_save_##SUFFIX(const char *site, const char *path,             \
                               const char *descr, int64_t team,                \
                               int64_t gShapeRank, void *gShape,               \
                               int64_t lOffsRank, void *lOffs,                 \
                               int64_t lPartRank, void *lPart);                \
  void _idtr_print_##SUFFIX(const char *format, int32_t style, int64_t team,   \
                            int32_t distributed, int64_t partRank, void *part);

IDTR_DECLARE_IO(f64)
IDTR_DECLARE_IO(f32)
IDTR_DECLARE_IO(i64)
IDTR_DECLARE_IO(i32)
IDTR_DECLARE_IO(i16)
IDTR_DECLARE_IO(i8)
IDTR_DECLARE_IO(i1)
IDTR_DECLARE_IO(f16)
IDTR_DECLARE_IO(bf16)
IDTR_DECLARE_IO(c32)
IDTR_DECLARE_IO(c64)

#undef IDTR_DECLARE_IO

/* ---- run-time checks ------------------------------------------------------ */

/* Reports a failed run-time check that the compiler emitted and aborts the
   job (non-zero exit, no signal). `message` is NUL-terminated and names the
   op and its source location; `numValues` (0, 1 or 2) of `first`, `second`
   are appended as ": first" or ": first vs second". Never returns. */
void _idtr_check_failed(const char *message, int32_t numValues, int64_t first,
                        int64_t second);

/* ---- printing (MLIR runner-utils compatible) ------------------------------ */

void printI64(int64_t i);
void printU64(uint64_t u);
void printF32(float f);
void printF64(double d);
void printF16(uint16_t bits);
void printBF16(uint16_t bits);
void printString(const char *s);
void printOpen(void);
void printClose(void);
void printComma(void);
void printNewline(void);

void printMemrefF64(int64_t rank, void *desc);
void printMemrefF32(int64_t rank, void *desc);
void printMemrefI64(int64_t rank, void *desc);
void printMemrefI32(int64_t rank, void *desc);
void printMemrefInd(int64_t rank, void *desc);
void printMemrefC32(int64_t rank, void *desc);
void printMemrefC64(int64_t rank, void *desc);

/* The `llvm.emit_c_interface` forms take a pointer to {int64_t rank; void *desc}. */
typedef struct {
  int64_t rank;
  void *descriptor;
} idtr_unranked_memref_t;

void _mlir_ciface_printMemrefF64(idtr_unranked_memref_t *m);
void _mlir_ciface_printMemrefF32(idtr_unranked_memref_t *m);
void _mlir_ciface_printMemrefI64(idtr_unranked_memref_t *m);
void _mlir_ciface_printMemrefI32(idtr_unranked_memref_t *m);
void _mlir_ciface_printMemrefI16(idtr_unranked_memref_t *m);
void _mlir_ciface_printMemrefI8(idtr_unranked_memref_t *m);
void _mlir_ciface_printMemrefInd(idtr_unranked_memref_t *m);
void _mlir_ciface_printMemrefF16(idtr_unranked_memref_t *m);
void _mlir_ciface_printMemrefBF16(idtr_unranked_memref_t *m);
void _mlir_ciface_printMemrefC32(idtr_unranked_memref_t *m);
void _mlir_ciface_printMemrefC64(idtr_unranked_memref_t *m);
/* Elements are 4x4 f32 vectors (MLIR's Vector2D<4, 4, float>). */
void _mlir_ciface_printMemrefVector4x4xf32(idtr_unranked_memref_t *m);
/* Metadata only ("Unranked Memref base@ = ... strides = [...]"). */
void _mlir_ciface_printMemrefShapeF64(idtr_unranked_memref_t *m);
void _mlir_ciface_printMemrefShapeF32(idtr_unranked_memref_t *m);
void _mlir_ciface_printMemrefShapeI64(idtr_unranked_memref_t *m);
void _mlir_ciface_printMemrefShapeI32(idtr_unranked_memref_t *m);
void _mlir_ciface_printMemrefShapeI8(idtr_unranked_memref_t *m);
void _mlir_ciface_printMemrefShapeInd(idtr_unranked_memref_t *m);
void _mlir_ciface_printMemrefShapeC32(idtr_unranked_memref_t *m);
void _mlir_ciface_printMemrefShapeC64(idtr_unranked_memref_t *m);
/* Timing helpers that MLIR benchmarks call. */
double rtclock(void);
int64_t _mlir_ciface_nanoTime(void);
void printFlops(double flops);

/* ---- run-time parameters and time (dist.param, dist.wtime) --------------- */

/* The value of parameter `name` from the command line (`--name=value` or
   `--name value`) or its default. `spec` is the program's parameter table,
   one line "name\ttype\tdefault" per parameter (type: index, i64..i1, f64,
   f32). The first call parses the command line: `--help` lists the table
   (rank 0) and exits 0; unknown options and bad values are errors naming
   them. i1 parameters are 0 or 1. */
int64_t _idtr_param_i64(const char *spec, const char *name);
double _idtr_param_f64(const char *spec, const char *name);
/* A "path" parameter (dist.save/dist.load with `param`): the given text or
   the default, valid until the program ends. */
const char *_idtr_param_path(const char *spec, const char *name);

/* Seconds on a monotonic clock (per process; differences are durations). */
double _idtr_wtime(void);

/* ---- array memory --------------------------------------------------------- */

/* Memory for arrays, as compiled programs allocate all of theirs
   (memref.alloc lowers to the same allocator): blocks of 4 MiB and more on
   transparent huge pages, recycled after _idtr_free, and, once the block is
   the input of a second operation whose transfers peers of the node read
   directly, moved into memory they map, so that they copy or transpose
   straight out of it (docs/runtime.md, "Shared program buffers"; arrays
   from malloc are read with cross-memory attach instead, a second pass for
   transpositions). `alignment` is a power of two; the contents are
   uninitialised; a failed allocation ends the job with a message. Free
   with _idtr_free only (never free()), after the last operation that
   reads or writes the block has been waited on. While a runtime call
   reads part of such a block, no other thread may write any part of it:
   the move copies the whole block. */
void *_idtr_alloc(size_t alignment, size_t bytes);
void _idtr_free(void *ptr);

/* ---- process grids (!dist.tensor<..., grid = [...]>) --------------------- */

/* Extent `axis` of the balanced factoring of `n` ranks into `axes` grid axes
   (as MPI_Dims_create with every entry free: product n, extents as equal as
   possible, non-increasing). Local and the same on every rank. */
int64_t _idtr_grid_factor(int64_t n, int64_t axes, int64_t axis);

#ifdef __cplusplus
}
#endif

#endif /* IDTR_IDTR_H */
