//===- DistRuntimeBase.td - distruntime dialect definition -*- tablegen -*-===//
//
// The dialect, its communication resource and the base classes of its ops
// and types.
//
//===----------------------------------------------------------------------===//

#ifndef DISTRUNTIME_BASE
#define DISTRUNTIME_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def DistRuntime_Dialect : Dialect {
  let name = "distruntime";
  let cppNamespace = "::mlir::distruntime";
  let summary = "The runtime boundary of distributed tensor programs";
  let description = [{
    `distruntime` describes the operations of an SPMD program that need the
    cooperation of every member of a team of ranks: redistributing copies
    (`copy_reshape`, `copy_permute`), halo exchange (`update_halo`),
    reductions (`allreduce`) and team queries (`team_size`, `team_member`).

    The dialect sits between a distributed tensor algebra (the `dist`
    dialect) and calls into the IDTR runtime library. It keeps the team, the
    global shape, this rank's offsets and the asynchronous dependencies
    visible to the compiler: every communicating operation returns a
    `!distruntime.asynchandle` and values that become valid only after a
    `distruntime.wait` on that handle.

    All operations work on tensors in C (row-major) order; shapes, offsets
    and sizes are `index` values, one per dimension. A pipeline that
    bufferizes before `lower-distruntime-to-idtr` turns them into their
    memref form (the same ops with strided memrefs for all their arrays)
    through their one-shot bufferization models: operands are read at the
    op, results are new buffers that the runtime fills until the wait, and
    an accumulator is written in place. `copy_rows` exists only on memrefs. The team is an integer
    attribute; each distinct team id has its own communicator at run time.

    Communication is modelled as a memory effect on a dialect resource, so
    communicating operations are never erased as dead, CSE'd or reordered
    with each other: every rank of a team must execute the same collective
    operations in the same order, even a rank that ignores the result.
  }];
  // Canonicalization creates tensor.cast; lowering creates arith constants.
  let dependentDialects = ["::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
  // Types are parsed by hand (DistRuntimeDialect.cpp): the generated parser
  // accepts and drops a parameter list after `asynchandle`, which has none.
  let useDefaultTypePrinterParser = 0;
  let extraClassDeclaration = [{
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type, ::mlir::DialectAsmPrinter &printer) const override;
  }];
  // Dialect-wide patterns for upstream slices that select nothing
  // (EmptyViews.cpp).
  let hasCanonicalizer = 1;
}

/// An array operand: a ranked tensor, or, once a pipeline has bufferized
/// the op (BufferizableOpInterfaceImpl.cpp), a strided memref. Either all
/// arrays of an op are tensors or all are memrefs (verifyArrayForm).
def DistRuntime_Array : AnyTypeOf<[AnyRankedTensor, AnyStridedMemRef],
    "ranked tensor or strided memref", "::mlir::ShapedType">;

/// An array result that is a new array (a new buffer in the memref form,
/// which the runtime fills until the op's wait; ownership-based
/// deallocation frees it).
class DistRuntime_NewArrayOf<Type type>
    : Res<type, "", [MemAlloc<DefaultResource>]>;
def DistRuntime_NewArray : DistRuntime_NewArrayOf<DistRuntime_Array>;

/// The state shared by all ranks of a team: ordering collective operations on
/// it keeps every rank's sequence of communication identical.
def DistRuntime_CommResource
    : Resource<"::mlir::distruntime::CommunicationResource">;

/// Effects of an operation that takes part in team communication.
def DistRuntime_Communicates : MemoryEffects<[
    MemRead<DistRuntime_CommResource>, MemWrite<DistRuntime_CommResource>]>;

/// The team of an operation: any integer attribute (the contract says only
/// "an integer attribute"), whose value fits in 64 bits; ops read it as the
/// int64_t team id the runtime takes (unsigned types zero-extended, the
/// others sign-extended) and build it as an i64 attribute.
def DistRuntime_TeamAttr : Attr<
    CPred<"::mlir::distruntime::isTeamIdAttr($_self)">,
    "integer attribute whose value fits in 64 bits (the team id)"> {
  let storageType = "::mlir::IntegerAttr";
  let returnType = "int64_t";
  let convertFromStorage = "::mlir::distruntime::teamIdValue($_self)";
  let constBuilderCall = "$_builder.getI64IntegerAttr($0)";
}

class DistRuntime_Op<string mnemonic, list<Trait> traits = []>
    : Op<DistRuntime_Dialect, mnemonic, traits>;

class DistRuntime_Type<string name, string typeMnemonic,
                       list<Trait> traits = []>
    : TypeDef<DistRuntime_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

#endif // DISTRUNTIME_BASE
