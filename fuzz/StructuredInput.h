//===- StructuredInput.h - MLIR programs built from fuzz bytes ---*- C++ -*-===//
//
// Byte mutations of textual MLIR rarely make an input deep or long enough
// to reach the parser's and the passes' limits: a mutant with 10,000 nested
// regions, a 30,000-deep alias chain or a 200,000-term affine sum is
// astronomically unlikely. The structured mode of distc-fuzz reads the fuzz
// bytes as a recipe instead, three bytes per piece: a kind and a 16-bit
// count, e.g. "nest 9,000 affine.if", "chain 30,000 attribute aliases",
// "sum 200,000 terms", "tensor<2^62 x 4 x f64>". The pieces are composed
// into one module (aliases first, then `main` with every nesting around the
// statements), so a single input can combine them. This is the mode that
// finds the stack overflows that the bracket count of InputLimits.cpp once
// missed (docs/robustness.md).
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_FUZZ_STRUCTUREDINPUT_H
#define DISTC_FUZZ_STRUCTUREDINPUT_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace distc::fuzz {

/// Largest program the recipe may produce; pieces that would exceed it are
/// shortened.
constexpr size_t kMaxStructuredBytes = size_t(8) << 20;

/// The MLIR program described by `data` (any bytes are a valid recipe).
std::string buildStructuredInput(const uint8_t *data, size_t size);

} // namespace distc::fuzz

#endif // DISTC_FUZZ_STRUCTUREDINPUT_H
