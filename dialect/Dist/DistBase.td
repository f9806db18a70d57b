//===- DistBase.td - dist dialect definition ---------------*- tablegen -*-===//

#ifndef DIST_BASE
#define DIST_BASE

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Dist_Dialect : Dialect {
  let name = "dist";
  let cppNamespace = "::mlir::dist";
  let summary = "Distributed tensors: array programs over a team of ranks";
  let description = [{
    `dist` is the level distc users write: numpy-like array programs over
    distributed tensors. A `!dist.tensor` has a team, an element type, a
    global shape (static or dynamic) and a partition: contiguous blocks
    along one *split* dimension, balanced by default (rank `r` of `P` owns
    `N/P` rows plus one if `r < N % P`; ranks without rows are normal).

    Programs create distributed tensors (`full`, `generate`, `arange`,
    `linspace`, `from_local`), compute on them element-wise (`elementwise`,
    `add`, `sub`, `mul`, `div`, `max`, `min`), reduce them (`reduce`),
    reshape, permute and repartition them, read neighbours across rank
    boundaries (`shift`, `extend`), gather them (`gather`) and print them once
    (`print`). Queries (`local`, `global_dim`, `local_offset`, `team_size`,
    `team_member`) give access to this rank's part so that any tensor/linalg
    code can work on it; `with_local` turns the result back into a
    distributed tensor.

    The compiler decides where communication happens:
    `convert-dist-to-distruntime` lowers every op to local tensor/linalg code
    plus `distruntime` operations. Partition arithmetic is computed at run
    time from the team size, so one executable runs on any number of ranks.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::tensor::TensorDialect",
  ];
  let useDefaultTypePrinterParser = 1;
}

class Dist_Op<string mnemonic, list<Trait> traits = []>
    : Op<Dist_Dialect, mnemonic, traits>;

#endif // DIST_BASE
