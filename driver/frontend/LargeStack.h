//===- LargeStack.h - A thread with the stack the guards are for -*- C++ -*-===//
//
// MLIR's parser, verifier and printer (and LLVM's JSON parser) recurse once
// per level of an input's nesting. The guards of InputLimits.h bound that
// nesting for a stack of kDriverStackBytes, not for whatever `ulimit -s`
// gives the main thread: distc and distc-lsp-server run their work on a
// thread with that stack (as clang runs its -cc1 on an 8 MiB thread).
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_FRONTEND_LARGESTACK_H
#define DISTC_DRIVER_FRONTEND_LARGESTACK_H

#include "llvm/ADT/FunctionExtras.h"

namespace distc {

/// Runs `body` on a new thread with a stack of kDriverStackBytes and an
/// alternate signal stack, and returns what it returns. The alternate
/// stack lets LLVM's signal handlers (stack dump, removal of temporaries)
/// run should a crash still overflow the thread's stack, instead of the
/// kernel killing the process outright. At most one such thread may run
/// at a time (the alternate stack is static).
int runOnLargeStack(llvm::unique_function<int()> body);

} // namespace distc

#endif // DISTC_DRIVER_FRONTEND_LARGESTACK_H
