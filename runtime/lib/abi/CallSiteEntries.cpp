// Naming the user's op of the next call (support/CallSite.h).
#include "idtr/idtr.h"

#include "support/CallSite.h"

// A pointer store: no formatting, no check. `location` must stay valid
// until the operation it names is waited on (the compiler passes a constant).
extern "C" void _idtr_set_location(const char *location) { idtr::pendingSite = location; }

// A store, like _idtr_set_location; unknown bits are kept and ignored.
extern "C" void _idtr_set_call_flags(int64_t flags) { idtr::pendingFlags = flags; }
