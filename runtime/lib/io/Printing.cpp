// MLIR's printing runtime (vector.print and printMemref*), reimplemented so
// that executables do not depend on libmlir_c_runner_utils.so. The output
// format follows mlir/ExecutionEngine/{C,}RunnerUtils.{h,cpp} character for
// character; memrefs go through std::cout exactly as upstream does (which,
// e.g., prints i8 elements as characters).
#include "idtr/idtr.h"

#include "support/ElementTypes.h"
#include "support/Errors.h"

#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <iostream>

namespace {

// Flushes stdout (and std::cout, which writes through it). Output that
// cannot be written (a full file system, a closed pipe) ends the program
// with an error: it would otherwise exit 0 with its results lost. Only the
// outcome is added to upstream's behaviour, not a byte of the output.
void flushChecked() {
  std::cout.flush();
  if (std::fflush(stdout) != 0 || std::ferror(stdout) || std::cout.fail())
    idtr::abortWithError(std::string("writing the program's output failed: ") +
                         std::strerror(errno));
}

// ---- scalar halves ---------------------------------------------------------

using idtr::bfloatToFloat;
using idtr::halfToFloat;

struct F16 {
  uint16_t bits;
};
struct BF16 {
  uint16_t bits;
};
std::ostream &operator<<(std::ostream &os, F16 v) { return os << halfToFloat(v.bits); }
std::ostream &operator<<(std::ostream &os, BF16 v) { return os << bfloatToFloat(v.bits); }

// The element of printMemrefVector4x4xf32: MLIR's Vector2D<4, 4, float>,
// printed as upstream's operator<< for Vector does: "((a, b, c, d), ...)".
struct Vector4x4xf32 {
  float v[4][4];
};
std::ostream &operator<<(std::ostream &os, const Vector4x4xf32 &m) {
  os << "(";
  for (int i = 0; i < 4; ++i) {
    os << (i ? ", (" : "(") << m.v[i][0];
    for (int j = 1; j < 4; ++j)
      os << ", " << m.v[i][j];
    os << ")";
  }
  return os << ")";
}

// ---- memrefs -----------------------------------------------------------------

// The fields of MLIR's DynamicMemRefType that printing needs.
template <typename T> struct Memref {
  int64_t rank;
  T *data; // the aligned pointer
  int64_t offset;
  const int64_t *sizes;
  const int64_t *strides;
};

template <typename T> Memref<T> fromDescriptor(int64_t rank, void *desc) {
  struct Head {
    T *allocated;
    T *aligned;
    int64_t offset;
  };
  auto *head = static_cast<Head *>(desc);
  const int64_t *meta = reinterpret_cast<const int64_t *>(head + 1);
  return {rank, head->aligned, head->offset, rank == 0 ? nullptr : meta,
          rank == 0 ? nullptr : meta + rank};
}

template <typename T> void printMetaData(std::ostream &os, const Memref<T> &v) {
  os << "base@ = " << std::hex << std::showbase << reinterpret_cast<std::intptr_t>(v.data)
     << std::dec << std::noshowbase << " rank = " << v.rank << " offset = " << v.offset;
  auto print = [&](const int64_t *ptr) {
    if (v.rank == 0)
      return;
    os << ptr[0];
    for (int64_t i = 1; i < v.rank; ++i)
      os << ", " << ptr[i];
  };
  os << " sizes = [";
  print(v.sizes);
  os << "] strides = [";
  print(v.strides);
  os << "]";
}

void printSpace(std::ostream &os, int count) {
  for (int i = 0; i < count; ++i)
    os << ' ';
}

template <typename T>
void printData(std::ostream &os, T *base, int64_t dim, int64_t rank, int64_t offset,
               const int64_t *sizes, const int64_t *strides);

template <typename T>
void printFirst(std::ostream &os, T *base, int64_t dim, int64_t rank, int64_t offset,
                const int64_t *sizes, const int64_t *strides) {
  os << "[";
  printData(os, base, dim - 1, rank, offset, sizes + 1, strides + 1);
  if (sizes[0] <= 1) {
    os << "]";
    return;
  }
  os << ", ";
  if (dim > 1)
    os << "\n";
}

template <typename T>
void printLast(std::ostream &os, T *base, int64_t dim, int64_t rank, int64_t offset,
               const int64_t *sizes, const int64_t *strides) {
  printSpace(os, rank - dim + 1);
  printData(os, base, dim - 1, rank, offset + (sizes[0] - 1) * (*strides), sizes + 1,
            strides + 1);
  os << "]";
}

template <typename T>
void printData(std::ostream &os, T *base, int64_t dim, int64_t rank, int64_t offset,
               const int64_t *sizes, const int64_t *strides) {
  if (dim == 0) {
    os << base[offset];
    return;
  }
  printFirst(os, base, dim, rank, offset, sizes, strides);
  for (unsigned i = 1; i + 1 < sizes[0]; ++i) {
    printSpace(os, rank - dim + 1);
    printData(os, base, dim - 1, rank, offset + i * strides[0], sizes + 1, strides + 1);
    os << ", ";
    if (dim > 1)
      os << "\n";
  }
  if (sizes[0] <= 1)
    return;
  printLast(os, base, dim, rank, offset, sizes, strides);
}

template <typename T> void printMemref(const char *prefix, const Memref<T> &m) {
  std::fflush(stdout); // keep order with printf-based vector.print output
  std::cout << prefix;
  printMetaData(std::cout, m);
  std::cout << " data = \n";
  if (m.rank == 0)
    std::cout << "[";
  printData(std::cout, m.data, m.rank, m.rank, m.offset, m.sizes, m.strides);
  if (m.rank == 0)
    std::cout << "]";
  std::cout << '\n';
  flushChecked();
}

template <typename T> void printUnranked(int64_t rank, void *desc) {
  printMemref("Unranked Memref ", fromDescriptor<T>(rank, desc));
}

template <typename T> void printRanked(int64_t rank, void *desc) {
  printMemref("Memref ", fromDescriptor<T>(rank, desc));
}

template <typename T> void printShape(int64_t rank, void *desc) {
  std::cout << "Unranked Memref ";
  printMetaData(std::cout, fromDescriptor<T>(rank, desc));
  std::cout << "\n";
}

} // namespace

extern "C" {

// ---- vector.print --------------------------------------------------------------

void printI64(int64_t i) { std::fprintf(stdout, "%" PRId64, i); }
void printU64(uint64_t u) { std::fprintf(stdout, "%" PRIu64, u); }
void printF32(float f) {
  if (std::isnan(f) && std::signbit(f))
    std::fprintf(stdout, "-nan");
  else
    std::fprintf(stdout, "%g", f);
}
void printF64(double d) {
  if (std::isnan(d) && std::signbit(d))
    std::fprintf(stdout, "-nan");
  else
    std::fprintf(stdout, "%g", d);
}
void printF16(uint16_t bits) {
  std::fflush(stdout);
  std::cout << F16{bits} << std::flush;
}
void printBF16(uint16_t bits) {
  std::fflush(stdout);
  std::cout << BF16{bits} << std::flush;
}
void printString(const char *s) { std::fputs(s, stdout); }
void printOpen(void) { std::fputs("( ", stdout); }
void printClose(void) { std::fputs(" )", stdout); }
void printComma(void) { std::fputs(", ", stdout); }
// Flushing per line keeps output of several ranks under mpirun line-intact.
void printNewline(void) {
  std::fputc('\n', stdout);
  flushChecked();
}

// ---- printMemref (unranked: rank, descriptor) -------------------------------------

void printMemrefF64(int64_t rank, void *desc) { printUnranked<double>(rank, desc); }
void printMemrefF32(int64_t rank, void *desc) { printUnranked<float>(rank, desc); }
void printMemrefI64(int64_t rank, void *desc) { printUnranked<int64_t>(rank, desc); }
void printMemrefI32(int64_t rank, void *desc) { printUnranked<int32_t>(rank, desc); }
void printMemrefInd(int64_t rank, void *desc) { printUnranked<uint64_t>(rank, desc); }
// Complex elements print as std::complex does: "(re,im)".
void printMemrefC32(int64_t rank, void *desc) { printUnranked<std::complex<float>>(rank, desc); }
void printMemrefC64(int64_t rank, void *desc) { printUnranked<std::complex<double>>(rank, desc); }

// ---- llvm.emit_c_interface forms ---------------------------------------------------

#define IDTR_CIFACE_UNRANKED(NAME, T)                                                   \
  void _mlir_ciface_printMemref##NAME(idtr_unranked_memref_t *m) {                       \
    printUnranked<T>(m->rank, m->descriptor);                                             \
  }
IDTR_CIFACE_UNRANKED(F64, double)
IDTR_CIFACE_UNRANKED(F32, float)
IDTR_CIFACE_UNRANKED(I64, int64_t)
IDTR_CIFACE_UNRANKED(I32, int32_t)
IDTR_CIFACE_UNRANKED(I16, int16_t)
IDTR_CIFACE_UNRANKED(I8, int8_t)
IDTR_CIFACE_UNRANKED(Ind, uint64_t)
IDTR_CIFACE_UNRANKED(F16, F16)
IDTR_CIFACE_UNRANKED(BF16, BF16)
IDTR_CIFACE_UNRANKED(C32, std::complex<float>)
IDTR_CIFACE_UNRANKED(C64, std::complex<double>)
IDTR_CIFACE_UNRANKED(Vector4x4xf32, Vector4x4xf32)

#define IDTR_CIFACE_SHAPE(NAME, T)                                                      \
  void _mlir_ciface_printMemrefShape##NAME(idtr_unranked_memref_t *m) {                  \
    printShape<T>(m->rank, m->descriptor);                                                \
  }
IDTR_CIFACE_SHAPE(F64, double)
IDTR_CIFACE_SHAPE(F32, float)
IDTR_CIFACE_SHAPE(I64, int64_t)
IDTR_CIFACE_SHAPE(I32, int32_t)
IDTR_CIFACE_SHAPE(I8, int8_t)
IDTR_CIFACE_SHAPE(Ind, uint64_t)
IDTR_CIFACE_SHAPE(C32, std::complex<float>)
IDTR_CIFACE_SHAPE(C64, std::complex<double>)

// Ranked forms (StridedMemRefType<T, N> *).
#define IDTR_CIFACE_RANKED(NAME, N, T)                                                  \
  void _mlir_ciface_printMemref##NAME(void *m) { printRanked<T>(N, m); }
IDTR_CIFACE_RANKED(0dF32, 0, float)
IDTR_CIFACE_RANKED(1dF32, 1, float)
IDTR_CIFACE_RANKED(2dF32, 2, float)
IDTR_CIFACE_RANKED(3dF32, 3, float)
IDTR_CIFACE_RANKED(4dF32, 4, float)
IDTR_CIFACE_RANKED(1dI8, 1, int8_t)
IDTR_CIFACE_RANKED(1dI32, 1, int32_t)
IDTR_CIFACE_RANKED(1dI64, 1, int64_t)
IDTR_CIFACE_RANKED(1dF64, 1, double)
IDTR_CIFACE_RANKED(1dInd, 1, uint64_t)
IDTR_CIFACE_RANKED(1dC32, 1, std::complex<float>)
IDTR_CIFACE_RANKED(1dC64, 1, std::complex<double>)

// ---- timing ----------------------------------------------------------------------

double rtclock(void) {
  timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}
int64_t _mlir_ciface_nanoTime(void) {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<int64_t>(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}
void printFlops(double flops) { std::fprintf(stderr, "%lf GFLOPS\n", flops / 1.0E9); }

} // extern "C"
