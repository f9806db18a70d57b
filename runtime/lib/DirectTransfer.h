// Direct transfers between ranks of one node: the receiver reads the
// sender's packed data straight into its (possibly strided) output.
//
// Through MPI, a message whose destination is strided costs the receiver two
// passes: Open MPI's shared-memory transport copies the packed bytes into a
// staging buffer (one copy, with Linux cross-memory attach), and the
// receiver unpacks them into its output. Knowing the address of the sender's
// packed data, the receiver can instead read it with process_vm_readv
// directly into the rows of its output: one pass, and the kernel pins only
// the sender's pages (the runtime's pooled, huge-page buffers) while the
// receiver's side is an ordinary copy into its own memory. The protocol that
// uses this is in Exchange.cpp; this file finds the peers it works with and
// performs the reads.
#ifndef IDTR_DIRECTTRANSFER_H
#define IDTR_DIRECTTRANSFER_H

#include "Pack.h"

#include <mpi.h>

#include <cstdint>
#include <vector>

namespace idtr {

// A rank of a team whose process can be read from directly, and its pid.
struct DirectPeer {
  int rank;
  int pid;
};

// Collective over `comm`. The ranks of `comm` whose process this one reads
// from directly, ascending, with their process ids; not listed where that
// is not possible: other nodes, or peers this process may not access
// (ptrace permission, other pid namespaces), tested both ways by reading a
// probe word from each peer. Empty when IDTR_DIRECT=0, under valgrind
// (memcheck cannot see what the kernel writes into this process on its
// behalf), or not on Linux.
std::vector<DirectPeer> probeDirectPeers(MPI_Comm comm);

// Transfers smaller than this go through MPI, whose eager protocol beats a
// note plus a read for small messages: 256 KiB unless IDTR_DIRECT_MIN_BYTES
// says otherwise (tests use 1 to send every transfer directly). Read once.
int64_t directMinBytes();

// Reads the bytes of the `remote` segments of process `pid`, in order, into
// the `local` segments, in order. The totals must be equal. Throws Error when
// the kernel refuses or reads less.
void readFromProcess(int pid, const std::vector<Segment> &local,
                     const std::vector<Segment> &remote);

} // namespace idtr

#endif
