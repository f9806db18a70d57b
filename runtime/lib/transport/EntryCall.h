// The common start of every C entry point that starts an operation: it takes
// over the location the program set (CallSite.h), so that errors and the
// statistics of the call name the user's op, attributes the call's counters
// to that location (Profile.h), makes sure MPI is up, and counts the call.
#ifndef IDTR_ENTRYCALL_H
#define IDTR_ENTRYCALL_H

#include "support/CallSite.h"
#include "support/Profile.h"
#include "support/Stats.h"
#include "transport/Team.h"

namespace idtr {

struct EntryCall {
  SiteScope site; // destroyed last: after the profile took the site
  ProfileScope profile;
  // `kind` names the entry point ("update_halo", "bcast_panel", ...).
  explicit EntryCall(const char *kind) {
    takeSite(kind);
    ensureMpi();
    stats().calls++;
  }
};

} // namespace idtr

#endif // IDTR_ENTRYCALL_H
