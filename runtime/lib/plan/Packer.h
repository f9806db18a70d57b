// Packers: the piece functions of copy/Pack.h for one kind of piece behind
// one interface, chosen by a plan when it is built.
#ifndef IDTR_PACKER_H
#define IDTR_PACKER_H

#include "copy/Accumulate.h"
#include "copy/Descriptor.h"
#include "copy/Pack.h"

#include <cstddef>
#include <vector>

namespace idtr {

struct Transfer;

// The functions of copy/Pack.h for one kind of piece, behind one interface:
// a plan chooses its packer once, when it is built (Plan::packer), so that
// the exchange (transport/Exchange.cpp) never branches on the kind of
// operation. `frame` is the plan's; box pieces use it, run pieces need only the views. The
// functions that write outputs take the operation's Accumulate mode: an
// accumulating one adds into them (then no message may land in an output
// directly: denseTarget is only asked for copies).
class Packer {
public:
  virtual void pack(const Transfer &t, const PieceFrame &frame, const View &input,
                    char *buffer) const = 0;
  virtual void unpack(const Transfer &t, const PieceFrame &frame,
                      const std::vector<View> &outputs, const char *buffer,
                      Accumulate add) const = 0;
  virtual void copyLocal(const Transfer &t, const PieceFrame &frame, const View &input,
                         const std::vector<View> &outputs, Accumulate add) const = 0;
  virtual char *denseTarget(const Transfer &t, const PieceFrame &frame,
                            const std::vector<View> &outputs) const = 0;
  virtual const char *denseSource(const Transfer &t, const PieceFrame &frame,
                                  const View &input) const = 0;
  virtual bool targetSegments(const Transfer &t, const PieceFrame &frame,
                              const std::vector<View> &outputs, size_t limit,
                              std::vector<Segment> &out) const = 0;
  // Receiver of a direct transfer: moves `t` out of the sender's input
  // (readBoxesRemote, copy/Pack.h).
  virtual void readRemote(const Transfer &t, const PieceFrame &frame, const View &remote,
                          const Box &box, const std::vector<View> &outputs,
                          const RemoteReader &reader, Accumulate add) const = 0;
  // Receiver of a direct transfer whose sender's input is mapped into this
  // process (copyBoxesMapped, copy/Pack.h; SharedMemory.h).
  virtual void copyMapped(const Transfer &t, const PieceFrame &frame, const View &mapped,
                          const Box &box, const std::vector<View> &outputs,
                          Accumulate add) const = 0;

protected:
  // Never deleted through the interface: the packers are constants.
  ~Packer() = default;
};

// Box pieces (permute, halo) and run pieces (reshape); stateless singletons.
const Packer &boxPacker();
const Packer &runPacker();

} // namespace idtr

#endif
