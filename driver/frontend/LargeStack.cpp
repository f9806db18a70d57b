//===- LargeStack.cpp - Running a front end on a thread of known stack ----===//

#include "LargeStack.h"
#include "InputLimits.h"

#include "llvm/Support/thread.h"

#include <optional>

#include <signal.h>

namespace distc {

int runOnLargeStack(llvm::unique_function<int()> body) {
  int code = 1;
  llvm::thread worker(std::optional<unsigned>(kDriverStackBytes), [&] {
    static char signalStack[1 << 16];
    stack_t alternate = {};
    alternate.ss_sp = signalStack;
    alternate.ss_size = sizeof(signalStack);
    sigaltstack(&alternate, nullptr);
    code = body();
  });
  worker.join();
  return code;
}

} // namespace distc
