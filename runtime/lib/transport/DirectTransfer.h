// Direct transfers between ranks of one node: the receiver reads the data
// straight out of the sender's input into its (possibly strided) output.
//
// Through MPI, a transfer whose destination is strided costs two passes or
// more: the sender packs, Open MPI's shared-memory transport copies the
// packed bytes into a staging buffer (one copy, with Linux cross-memory
// attach), and the receiver unpacks them into its output. Knowing the
// address and layout of the sender's input, the receiver instead reads it
// with process_vm_readv directly into the rows of its output (or, for a
// transposition, into a cached tile that it transposes into the output):
// one pass over memory on each side. This file finds the peers it works
// with, performs the reads and holds the protocol's messages (notes and
// acknowledgements); Exchange.cpp decides which transfers are direct, and
// the plan's packer (Packer::readRemote) where their data goes.
#ifndef IDTR_DIRECTTRANSFER_H
#define IDTR_DIRECTTRANSFER_H

#include "copy/Descriptor.h"
#include "copy/Pack.h"
#include "transport/SharedMemory.h"

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
// direct: the receiver reads it straight out of the sender's input, within
// the call that starts the operation on both ends. The sender sends a note
// with its input's address and layout and does not return before every
// reader has acknowledged (the program may change the input as soon as the
// call returns); the receiver waits for the note, reads the data into its
// outputs (Packer::readRemote: one copy, or through a cached tile for a
// transposition) and acknowledges. Who writes when: nobody writes the
// sender's input while the notes are out (the sender is inside the call,
// and the input never overlaps an output: EntryPoints.cpp, separateInput);
// each rank writes only its own outputs. Both ends know which transfers are
// direct from the plan and the team alone. Notes travel with the
// operation's data tag on the data communicator, acknowledgements on the
// control communicator (never matched by a data receive).

// What a sender tells a receiver that reads directly: address, element
// size and rank of its input, the shared block that holds the input (fd -1
// when there is none: SharedMemory.h), then its box offsets, sizes and
// strides.
struct DirectNote {
  static constexpr int kHeaderWords = 7;
  static constexpr int kMaxWords = kHeaderWords + 3 * kMaxViewRank;
  int64_t words[kMaxWords];
};

// Sender, once per operation with direct transfers: the shared block that
// holds `input`, or one with fd -1 (SharedMemory.h; shareProgramBuffer
// decides, and counts the operations).
SharedBlock shareInput(const View &input);
// Sender: posts the note describing `input` (of box `box`, in `shared` when
// its fd is not -1) to `peer` and the receive of the peer's
// acknowledgement, appending both requests to `requests` (to be completed
// before the call returns).
void announceDirect(DirectNote &note, const View &input, const Box &box,
                    const SharedBlock &shared, int peer, int tag, MPI_Comm comm,
                    MPI_Comm control, std::vector<MPI_Request> &requests);
// Receiver: posts the receive of `peer`'s note.
void expectDirect(DirectNote &note, int peer, int tag, MPI_Comm comm,
                  std::vector<MPI_Request> &requests);
// Receiver, once the note is in: the sender's input as a View whose data is
// the address in the sender's process (never dereferenced here), and its
// box. `op` names the operation in the error when the note does not fit
// (`elemSize`, `rank`: what this rank expects).
View remoteInput(const char *op, const DirectNote &note, int peer, size_t elemSize, int rank,
                 Box &box);
// Receiver: the sender's input (`remote`, from remoteInput) as a view of
// this process's memory when it lies in a shared block that this process
// can map (SharedMemory.h); false when it must be read with process_vm_readv.
bool mapRemoteInput(const DirectNote &note, int pid, const View &remote, View &mapped);
// Receiver, after reading: posts the acknowledgement.
void acknowledgeDirect(int peer, int tag, MPI_Comm control, std::vector<MPI_Request> &requests);

// Reads process `pid`'s memory (readFromProcess below).
class ProcessReader final : public RemoteReader {
public:
  explicit ProcessReader(int pid) : pid_(pid) {}
  void read(const std::vector<Segment> &local,
            const std::vector<Segment> &remote) const override;

private:
  int pid_;
};

// Reads the bytes of the `remote` segments of process `pid`, in order, into
// the `local` segments, in order. The totals must be equal. Throws Error when
// the kernel refuses or reads less.
void readFromProcess(int pid, const std::vector<Segment> &local,
                     const std::vector<Segment> &remote);

} // namespace idtr

#endif
