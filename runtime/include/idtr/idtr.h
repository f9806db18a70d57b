/* IDTR: the distributed tensor runtime called by programs that distc compiles.
 *
 * C ABI, see docs/runtime.md ("Entry points"). The prototypes of the `_idtr_*`
 * functions are expanded from the table of entry points, idtr/entry_points.def
 * (which documents each), for the element types of idtr/element_types.def;
 * the compiler declares the same functions from the same table. Every array
 * argument A(x) is the pair `int64_t rank, void *desc` that MLIR passes for a
 * `memref<*xT>`: `desc` points to a ranked descriptor
 *   { T *allocated; T *aligned; int64_t offset; int64_t sizes[rank]; int64_t strides[rank]; }
 * Shapes, offsets and axes are 1-D `index` (int64_t) descriptors. i1 elements
 * are stored one byte each; f16 and bf16 two bytes each (IEEE half, bfloat16
 * bits); c32 and c64 are complex<f32> and complex<f64> (C's float _Complex,
 * double _Complex). Handle 0 means "already complete".
 *
 * Threads (MPI_THREAD_FUNNELED): only the thread that initialised MPI may
 * call the runtime, and never two calls at once (entry points are not
 * reentrant; the runtime's state is that thread's, without locks). The
 * runtime initialises MPI with MPI_THREAD_FUNNELED if the program has not; a
 * program that initialises MPI itself must request at least
 * MPI_THREAD_FUNNELED (the runtime's watchdog is a second thread, which never
 * calls MPI) and finalise it after its last runtime call. See
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

/* Flags of _idtr_set_call_flags (idtr/entry_points.def). */
#define IDTR_CALL_IRREGULAR 1

/* ---- the entry points ------------------------------------------------------ */

/* The C spelling of the ABI types of the table. */
#define IDTR_C_RESULT_Void void
#define IDTR_C_RESULT_I32 int32_t
#define IDTR_C_RESULT_I64 int64_t
#define IDTR_C_RESULT_F64 double
#define IDTR_C_RESULT_SizeT size_t
#define IDTR_C_RESULT_Str const char *
#define IDTR_C_RESULT_Ptr void *
#define IDTR_C_PARAM_I32(name) int32_t name
#define IDTR_C_PARAM_I64(name) int64_t name
#define IDTR_C_PARAM_F64(name) double name
#define IDTR_C_PARAM_SizeT(name) size_t name
#define IDTR_C_PARAM_Str(name) const char *name
#define IDTR_C_PARAM_Ptr(name) void *name
#define IDTR_C_PARAM_ReduceCode(name) int32_t name
#define IDTR_C_PARAM_Index(name) int64_t name##Rank, void *name
#define IDTR_C_PARAM_Data(name) int64_t name##Rank, void *name
#define IDTR_ARG(Type, name) IDTR_C_PARAM_##Type(name)
#define IDTR_NO_ARGS void

/* One prototype per Public line, one per element type for a Typed one (the
   element types pass through as X = (Symbol, Result, parameters...)). */
#define IDTR_FUNCTION(Id, Symbol, Typing, Result, Effect, Header, ...)       \
  IDTR_DECLARE_##Header##_##Typing(Symbol, Result, __VA_ARGS__)
#define IDTR_DECLARE_Internal_Untyped(...)
#define IDTR_DECLARE_Internal_Typed(...)
#define IDTR_DECLARE_Public_Untyped(Symbol, Result, ...)                     \
  IDTR_C_RESULT_##Result Symbol(__VA_ARGS__);
#define IDTR_DECLARE_Public_Typed(Symbol, Result, ...)                       \
  IDTR_ELEMENT_TYPES(IDTR_DECLARE_TYPED_, (Symbol, Result, __VA_ARGS__))
#define IDTR_DECLARE_TYPED_(X, Suffix) IDTR_DECLARE_TYPED_1_(Suffix, IDTR_UNPARENTHESIZE_ X)
#define IDTR_UNPARENTHESIZE_(...) __VA_ARGS__
#define IDTR_DECLARE_TYPED_1_(Suffix, ...) IDTR_DECLARE_TYPED_2_(Suffix, __VA_ARGS__)
#define IDTR_DECLARE_TYPED_2_(Suffix, Symbol, Result, ...)                   \
  IDTR_C_RESULT_##Result Symbol##Suffix(__VA_ARGS__);

#include "element_types.def" /* beside this header */
#include "entry_points.def"

#undef IDTR_ARG
#undef IDTR_NO_ARGS

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

#ifdef __cplusplus
}
#endif

#endif /* IDTR_IDTR_H */
