//===- IDTRRuntimeAPI.h - the IDTR runtime ABI as MLIR types ----*- C++ -*-===//
//
// The compiler's view of the functions that compiled programs call in
// libidtr, generated from the runtime's table of entry points
// (runtime/include/idtr/entry_points.def, element_types.def): their names,
// MLIR function types and effects; and from IDTRDeclarers.def, which pass
// declares each. A memref<*xT> argument of a func.call becomes the
// (int64_t rank, void *desc) pair the runtime takes. docs/runtime.md's
// table of entry points is checked against them (printIDTRRuntimeAPI,
// --distc-print-idtr-abi).
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_IDTRRUNTIMEAPI_H
#define DISTC_PASSES_IDTRRUNTIMEAPI_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"

#include <optional>
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::distc {

/// The entry points of the runtime, one per line of its table. Typed ones
/// exist once per element type.
enum class IDTRFunction {
#define IDTR_FUNCTION(Id, ...) Id,
#include "runtime/include/idtr/entry_points.def"
};

/// What a call of an entry point does (the Effect column of the table).
enum class IDTREffect {
#define IDTR_EFFECT(Id, Description) Id,
#include "runtime/include/idtr/entry_points.def"
};

/// Who declares an entry point in the module (IDTRDeclarers.def).
enum class IDTRDeclarer {
#define IDTR_DECLARER(Id, Pass) Id,
#include "passes/IDTRDeclarers.def"
};

/// A runtime entry point for one element type: its symbol name and MLIR
/// function type.
struct IDTRDeclaration {
  std::string name;
  FunctionType type;
};

/// The suffix of the typed entry points for `elementType` ("f64", "i1", ...),
/// or std::nullopt if the runtime has no entry point for it.
std::optional<StringRef> getIDTRTypeSuffix(Type elementType);

/// The comma-separated list of supported element types, for diagnostics.
std::string getIDTRSupportedTypesList();

/// The effect of `function`.
IDTREffect getIDTREffect(IDTRFunction function);

/// The declaration of `function` for `elementType` (ignored for the untyped
/// entry points). `elementType` must have a suffix.
IDTRDeclaration getIDTRDeclaration(MLIRContext *context, IDTRFunction function,
                                   Type elementType = {});

/// Every entry point that `declarer` declares, for every supported element
/// type, in table order.
SmallVector<IDTRDeclaration> getIDTRDeclarations(MLIRContext *context,
                                                 IDTRDeclarer declarer);

/// The existing symbol `decl.name` of `module`, or null if there is none.
/// Emits a located error and fails unless it is a func.func of the
/// declaration's type or an external llvm.func of that type lowered (as
/// distc's `--emit=mlir` output declares it): a declaration of another type
/// would call the runtime with the wrong arguments.
FailureOr<Operation *> lookupIDTRFunction(ModuleOp module,
                                         const IDTRDeclaration &decl);

/// A new private declaration of `decl` at the end of `module`.
func::FuncOp declareIDTRFunction(ModuleOp module, const IDTRDeclaration &decl);

/// Returns the private declaration of `decl` in `module`, creating it if
/// needed (lookupIDTRFunction, then declareIDTRFunction). Emits an error and fails if the symbol exists with another type
/// or is not a func.func. An external `llvm.func` of that name (the ABI as
/// distc's `--emit=mlir` output declares it) is accepted: the result is then
/// a null func::FuncOp.
FailureOr<func::FuncOp> lookupOrDeclareIDTRFunction(ModuleOp module,
                                                    const IDTRDeclaration &decl);

/// The formats of printIDTRRuntimeAPI.
enum class IDTRTableFormat {
  C,        // the C prototypes of the Public entry points, one per type
  Markdown, // the entry-point table of docs/runtime.md
  MLIR,     // every declaration as a func.func, one per type
};

/// Prints the table in `format` (--distc-print-idtr-abi).
void printIDTRRuntimeAPI(MLIRContext *context, IDTRTableFormat format,
                         llvm::raw_ostream &os);

/// The address of an internal constant holding `text` NUL-terminated, named
/// `<symbolPrefix><hash of text>` at the start of `module`: one global per
/// distinct text (messages of run-time checks, source locations passed to
/// the runtime). Created through `b`, so that a rewriter sees the new ops.
Value getOrCreateStringConstant(OpBuilder &b, Location loc, ModuleOp module,
                                StringRef symbolPrefix, StringRef text);

/// Like getOrCreateStringConstant, but a new global for every call: the
/// first one with `text` is named and filled as getOrCreateStringConstant
/// would (`<symbolPrefix><hash>`, `text` NUL), the k-th after it
/// `<symbolPrefix><hash>_<k-1>` holding `text` NUL `#k` NUL, so that its
/// address is its own (the runtime reads the text up to the first NUL).
Value createDistinctStringConstant(OpBuilder &b, Location loc, ModuleOp module,
                                   StringRef symbolPrefix, StringRef text);

} // namespace mlir::distc

#endif // DISTC_PASSES_IDTRRUNTIMEAPI_H
