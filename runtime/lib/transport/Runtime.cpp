// The runtime context (Runtime.h): its start, its end and what it owns.
#include "transport/Runtime.h"

#include "transport/Team.h"

namespace idtr {

Runtime *Runtime::current_ = nullptr;

void Runtime::start() {
  if (current_)
    return;
  current_ = new Runtime();
  ProfileRows::makeActive(&current_->profile);
}

void Runtime::end() {
  ProfileRows::makeActive(nullptr);
  delete current_;
  current_ = nullptr;
}

// The members end in the reverse order of their declaration (Runtime.h):
// the handles before the idle redistributions, and both, which point to
// their teams, before the teams.
Runtime::~Runtime() = default;

} // namespace idtr
