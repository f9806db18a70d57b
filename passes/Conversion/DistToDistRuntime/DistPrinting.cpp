//===- DistPrinting.cpp - printing values once per team -------------------===//
//
// Tensors are printed element by element with vector.print and its
// punctuation forms, so any shape (also dynamic and empty ones) prints in
// the same format as vector.print of a vector.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/DistPrinting.h"
#include "passes/Conversion/DistToDistRuntime/DistLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::distc;
using vector::PrintPunctuation;

namespace {

void punctuate(OpBuilder &b, Location loc, PrintPunctuation punctuation) {
  vector::PrintOp::create(b, loc, punctuation);
}

/// Prints dimensions `dim...` of `tensor` at the leading `indices`.
void printNested(OpBuilder &b, Location loc, Value tensor,
                 ArrayRef<Value> sizes, SmallVector<Value> &indices) {
  unsigned dim = indices.size();
  if (dim == sizes.size()) {
    Value element = tensor::ExtractOp::create(b, loc, tensor, indices);
    if (element.getType().isIndex())
      element = arith::IndexCastOp::create(b, loc, b.getI64Type(), element);
    vector::PrintOp::create(b, loc, element, PrintPunctuation::NoPunctuation);
    return;
  }
  Value zero = indexConst(b, loc, 0);
  Value one = indexConst(b, loc, 1);
  punctuate(b, loc, PrintPunctuation::Open);
  scf::ForOp::create(
      b, loc, zero, sizes[dim], one, ValueRange{},
      [&](OpBuilder &nested, Location nestedLoc, Value iv, ValueRange) {
        Value notFirst = arith::CmpIOp::create(
            nested, nestedLoc, arith::CmpIPredicate::ne, iv, zero);
        scf::IfOp::create(nested, nestedLoc, notFirst,
                          [&](OpBuilder &then, Location thenLoc) {
                            punctuate(then, thenLoc, PrintPunctuation::Comma);
                            scf::YieldOp::create(then, thenLoc);
                          });
        indices.push_back(iv);
        printNested(nested, nestedLoc, tensor, sizes, indices);
        indices.pop_back();
        scf::YieldOp::create(nested, nestedLoc);
      });
  punctuate(b, loc, PrintPunctuation::Close);
}

} // namespace

void mlir::distc::emitPrint(OpBuilder &b, Location loc, Value value) {
  if (isa<RankedTensorType>(value.getType())) {
    SmallVector<Value> sizes = tensorSizes(b, loc, value), indices;
    printNested(b, loc, value, sizes, indices);
    punctuate(b, loc, PrintPunctuation::NewLine);
    return;
  }
  if (value.getType().isIndex())
    value = arith::IndexCastOp::create(b, loc, b.getI64Type(), value);
  vector::PrintOp::create(b, loc, value);
}
