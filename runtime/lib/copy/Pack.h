// Packers: move the pieces of a plan between strided views and contiguous
// message buffers. Stateless functions driven by plain-data pieces.
//
// Two kinds of piece exist:
//  - BoxPiece (permute, halo): a box of the input array. The message holds it
//    in the OUTPUT's dimension order, so the sender transposes while packing
//    and the receiver copies contiguous runs (or receives in place).
//  - RunPiece (reshape): a run of consecutive global row-major positions,
//    identified by its position in the sender's and the receiver's box order.
#ifndef IDTR_PACK_H
#define IDTR_PACK_H

#include "copy/Accumulate.h"
#include "copy/Descriptor.h"
#include "geometry/Box.h"

#include <cstdint>
#include <vector>

namespace idtr {

struct BoxPiece {
  int target;  // which output of the receiver (halo: 0 left, 1 right)
  Box source;  // in global input coordinates
};

struct RunPiece {
  int64_t srcPos; // position in the sender's input box (its row-major order)
  int64_t dstPos; // position in the receiver's output box
  int64_t length;
};

// How the message content maps onto arrays: the input box and the output
// boxes of this rank, and the permutation (identity for halo and reshape).
struct PieceFrame {
  Box input;               // this rank's input box
  std::vector<Box> outputs; // this rank's output boxes
  Shape axes;              // output dim i = input dim axes[i]
};

// Elements of a list of box pieces.
int64_t pieceElements(const std::vector<BoxPiece> &pieces);
int64_t pieceElements(const std::vector<RunPiece> &pieces);

// Input view -> message buffer (sender side).
void packBoxes(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
               const View &input, char *buffer);
// Message buffer -> output views (receiver side; `frame` is the receiver's).
// `add`: how the outputs are written (Accumulate.h), here and below.
void unpackBoxes(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                 const std::vector<View> &outputs, const char *buffer,
                 Accumulate add = Accumulate::Assign);
// Input view -> output views directly (the rank's own overlap).
void copyBoxesLocal(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                    const View &input, const std::vector<View> &outputs,
                    Accumulate add = Accumulate::Assign);
// If the pieces land in one dense region of the outputs, returns its address
// (so the message can be received in place), else nullptr.
char *denseTarget(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                  const std::vector<View> &outputs);

void packRuns(const std::vector<RunPiece> &pieces, const View &input, char *buffer);
void unpackRuns(const std::vector<RunPiece> &pieces, const View &output,
                const char *buffer, Accumulate add = Accumulate::Assign);
void copyRunsLocal(const std::vector<RunPiece> &pieces, const View &input,
                   const View &output, Accumulate add = Accumulate::Assign);
char *denseTarget(const std::vector<RunPiece> &pieces, const View &output);

// If the pieces are one dense region of the input, returns its address (so
// the message can be sent straight from the input), else nullptr.
const char *denseSource(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                        const View &input);
const char *denseSource(const std::vector<RunPiece> &pieces, const View &input);

// ---- memory segments (direct transfers, DirectTransfer.h) -------------------

// A contiguous byte range of memory.
struct Segment {
  uintptr_t address;
  int64_t bytes;
};

// Appends [address, address + bytes) to `out`, extending the last segment
// when the new one continues it. Returns false, appending nothing, when
// `out` already holds `limit` segments and a new one would be needed.
bool appendSegment(std::vector<Segment> &out, uintptr_t address, int64_t bytes,
                   size_t limit);

// The memory the pieces occupy, in message order: in the sender's input
// (source) or in the receiver's outputs (target). Appended to `out`; false
// when more than `limit` segments would be needed (a transposition, or short
// rows), so that the caller stages the data instead.
bool sourceSegments(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                    const View &input, size_t limit, std::vector<Segment> &out);
bool targetSegments(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                    const std::vector<View> &outputs, size_t limit,
                    std::vector<Segment> &out);
bool sourceSegments(const std::vector<RunPiece> &pieces, const View &input,
                    size_t limit, std::vector<Segment> &out);
bool targetSegments(const std::vector<RunPiece> &pieces, const View &output,
                    size_t limit, std::vector<Segment> &out);

// ---- reads from another process and from mapped memory ---------------------

// Reads memory of another process (DirectTransfer.h): the bytes of the
// `remote` segments, in order, into the `local` ones.
class RemoteReader {
public:
  virtual void read(const std::vector<Segment> &local,
                    const std::vector<Segment> &remote) const = 0;

protected:
  ~RemoteReader() = default;
};

// Receiver of a direct transfer: moves the pieces out of the sender's input
// (`remote`: its layout, with the address in the sender's process; `box`:
// its box) into the outputs with `reader`. One copy when the data lies in
// long rows on both sides, else through a staging tile of at most a few
// hundred KiB that stays in cache (a transposition: the tile is read from
// the peer, then transposed into the outputs with the local kernel). An
// accumulating read always goes through the tile, which is then added into
// the outputs.
void readBoxesRemote(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                     const View &remote, const Box &box, const std::vector<View> &outputs,
                     const RemoteReader &reader, Accumulate add);
void readRunsRemote(const std::vector<RunPiece> &pieces, const View &remote,
                    const View &output, const RemoteReader &reader, Accumulate add);
// Receiver of a direct transfer whose sender's input is mapped into this
// process (`mapped`: that input at its address here; `box`: its box):
// copies, transposes or adds the pieces straight out of it into the
// outputs, as copyBoxesLocal does with the rank's own input: one pass.
void copyBoxesMapped(const std::vector<BoxPiece> &pieces, const PieceFrame &frame,
                     const View &mapped, const Box &box, const std::vector<View> &outputs,
                     Accumulate add);

} // namespace idtr

#endif
