//===- DistRuntimeTypes.td - distruntime types -------------*- tablegen -*-===//

#ifndef DISTRUNTIME_TYPES
#define DISTRUNTIME_TYPES

include "DistRuntimeBase.td"

def DistRuntime_AsyncHandle : DistRuntime_Type<"AsyncHandle", "asynchandle"> {
  let summary = "handle of an asynchronous team operation";
  let description = [{
    An opaque handle returned as the first result of every asynchronous
    `distruntime` operation. The values the operation returns besides the
    handle (its *dependent* values, see `AsyncOpInterface`) may only be used
    after a `distruntime.wait` on the handle. Every handle must reach exactly
    one `distruntime.wait` on every path.

    Example:

    ```mlir
    %h, %sum = distruntime.allreduce sum %x {team = 22 : i64}
      : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
    distruntime.wait %h : !distruntime.asynchandle
    ```
  }];
}

#endif // DISTRUNTIME_TYPES
