// Compiler-rt builtins that compiled programs call and older C runtimes lack.
#include "support/ElementTypes.h"

#include <cstdint>
#include <cstring>

// The conversion that LLVM lowers `arith.truncf ... to bf16` to on targets
// without a bf16 instruction: a compiler-rt builtin that libgcc before GCC
// 13 lacks, so compiled programs find it here (same rounding, nearest
// even). f16's builtins (__truncsfhf2, __extendhfsf2) are in libgcc.
extern "C" __bf16 __truncsfbf2(float f) {
  uint16_t bits = idtr::floatToBFloat(f);
  __bf16 result;
  std::memcpy(&result, &bits, sizeof(bits));
  return result;
}

extern "C" __bf16 __truncdfbf2(double d) {
  // Through float (double rounding: a direct rounding can differ in the
  // last bit for values just off a tie; distc emits f32 -> bf16 only).
  return __truncsfbf2(static_cast<float>(d));
}
