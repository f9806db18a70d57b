//===- DistRuntimeInterfaces.td - distruntime interfaces ---*- tablegen -*-===//

#ifndef DISTRUNTIME_INTERFACES
#define DISTRUNTIME_INTERFACES

include "mlir/IR/OpBase.td"

def DistRuntime_AsyncOpInterface : OpInterface<"AsyncOpInterface"> {
  let cppNamespace = "::mlir::distruntime";
  let description = [{
    An operation that starts team communication and completes it
    asynchronously. Its first result is a `!distruntime.asynchandle`; the
    values returned by `getDependent()` are valid only after the
    `distruntime.wait` on that handle has returned. Passes that move waits
    (comm/compute overlap) or that lower to the runtime use this interface
    to find the handle and what depends on it.
  }];

  let methods = [
    InterfaceMethod<
      /*desc=*/"Returns the handle that a `distruntime.wait` completes.",
      /*retTy=*/"::mlir::TypedValue<::mlir::distruntime::AsyncHandleType>",
      /*methodName=*/"getHandle",
      /*args=*/(ins),
      /*methodBody=*/"",
      /*defaultImplementation=*/[{
        return ::llvm::cast<::mlir::TypedValue<
            ::mlir::distruntime::AsyncHandleType>>($_op->getResult(0));
      }]>,
    InterfaceMethod<
      /*desc=*/[{
        Returns the values that are only valid after the wait on the handle:
        the output tensor of the copy ops, the two halos of `update_halo`,
        the result of `allreduce`.
      }],
      /*retTy=*/"::mlir::ValueRange",
      /*methodName=*/"getDependent",
      /*args=*/(ins),
      /*methodBody=*/"",
      /*defaultImplementation=*/[{
        return $_op->getResults().drop_front();
      }]>,
  ];
}

#endif // DISTRUNTIME_INTERFACES
