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
// performs the reads, and holds the protocol's messages (notes and
// acknowledgements); Exchange.cpp decides which transfers are direct and
// where their data goes.
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

// ---- the protocol ----------------------------------------------------------
//
// A transfer with a peer of the same node that this process can read is
// direct: the sender packs as for MPI but sends only a note with the address
// of the packed data; the receiver, in its wait, reads the data straight
// into its output and acknowledges. The sender keeps the buffer until the
// acknowledgement arrives, without waiting for it (Team::readableBuffers):
// a receiver acknowledges only when it waits on its handle, and handles may
// be waited on in any order. Both ends know which transfers are direct from
// the plan and the team alone. Notes travel with the operation's data tag
// on the data communicator, acknowledgements on the control communicator
// (never matched by a data receive).

// What a sender tells a receiver that reads directly.
struct DirectNote {
  int64_t address = 0;
  int64_t bytes = 0;
};

// Sender: posts `note` (filled with `data`, `bytes`) to `peer` and the
// receive of the peer's acknowledgement, appending the requests.
void announceDirect(DirectNote &note, const char *data, int64_t bytes, int peer, int tag,
                    MPI_Comm comm, MPI_Comm control, std::vector<MPI_Request> &sends,
                    std::vector<MPI_Request> &acks);
// Receiver: posts the receive of `peer`'s note.
void expectDirect(DirectNote &note, int peer, int tag, MPI_Comm comm,
                  std::vector<MPI_Request> &recvs);
// Receiver, once the note is in: checks its size against `expected` (`op`
// names the operation in the error), reads its bytes from process `pid`
// into the `local` segments, and posts the acknowledgement.
void readDirect(const char *op, const DirectNote &note, int64_t expected, int peer, int pid,
                const std::vector<Segment> &local, int tag, MPI_Comm control,
                std::vector<MPI_Request> &sends);

// Reads the bytes of the `remote` segments of process `pid`, in order, into
// the `local` segments, in order. The totals must be equal. Throws Error when
// the kernel refuses or reads less.
void readFromProcess(int pid, const std::vector<Segment> &local,
                     const std::vector<Segment> &remote);

} // namespace idtr

#endif
