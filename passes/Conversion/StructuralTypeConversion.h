//===- StructuralTypeConversion.h - types through calls and regions -*- C++ -*-===//
//
// Both conversions of distc change value types (!dist.tensor -> its parts,
// !distruntime.asynchandle -> i64). These values may cross function
// signatures, calls, returns, branches and scf regions; this sets up the
// patterns and legality that carry the conversion through all of them.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_STRUCTURALTYPECONVERSION_H
#define DISTC_PASSES_STRUCTURALTYPECONVERSION_H

namespace mlir {
class ConversionTarget;
class RewritePatternSet;
class TypeConverter;

namespace distc {
/// Adds func/call/return/branch/scf type conversion patterns and marks every
/// op legal exactly when its types (and a function's signature and body
/// block arguments) are legal for `converter`.
void populateStructuralTypeConversions(const TypeConverter &converter,
                                       RewritePatternSet &patterns,
                                       ConversionTarget &target);
} // namespace distc
} // namespace mlir

#endif // DISTC_PASSES_STRUCTURALTYPECONVERSION_H
