// The box and run packers behind the Packer interface (Packer.h).
#include "plan/Packer.h"

#include "plan/Plan.h"

namespace idtr {

// ---- packers -------------------------------------------------------------------

namespace {

class BoxPacker final : public Packer {
public:
  void pack(const Transfer &t, const PieceFrame &frame, const View &input,
            char *buffer) const override {
    packBoxes(t.boxes, frame, input, buffer);
  }
  void unpack(const Transfer &t, const PieceFrame &frame, const std::vector<View> &outputs,
              const char *buffer, Accumulate add) const override {
    unpackBoxes(t.boxes, frame, outputs, buffer, add);
  }
  void copyLocal(const Transfer &t, const PieceFrame &frame, const View &input,
                 const std::vector<View> &outputs, Accumulate add) const override {
    copyBoxesLocal(t.boxes, frame, input, outputs, add);
  }
  char *denseTarget(const Transfer &t, const PieceFrame &frame,
                    const std::vector<View> &outputs) const override {
    return idtr::denseTarget(t.boxes, frame, outputs);
  }
  const char *denseSource(const Transfer &t, const PieceFrame &frame,
                          const View &input) const override {
    return idtr::denseSource(t.boxes, frame, input);
  }
  bool targetSegments(const Transfer &t, const PieceFrame &frame,
                      const std::vector<View> &outputs, size_t limit,
                      std::vector<Segment> &out) const override {
    return idtr::targetSegments(t.boxes, frame, outputs, limit, out);
  }
  void readRemote(const Transfer &t, const PieceFrame &frame, const View &remote,
                  const Box &box, const std::vector<View> &outputs, const RemoteReader &reader,
                  Accumulate add) const override {
    readBoxesRemote(t.boxes, frame, remote, box, outputs, reader, add);
  }
  void copyMapped(const Transfer &t, const PieceFrame &frame, const View &mapped,
                  const Box &box, const std::vector<View> &outputs,
                  Accumulate add) const override {
    copyBoxesMapped(t.boxes, frame, mapped, box, outputs, add);
  }
};

// Reshapes have one output (PlanFactory.cpp checks it).
class RunPacker final : public Packer {
public:
  void pack(const Transfer &t, const PieceFrame &, const View &input,
            char *buffer) const override {
    packRuns(t.runs, input, buffer);
  }
  void unpack(const Transfer &t, const PieceFrame &, const std::vector<View> &outputs,
              const char *buffer, Accumulate add) const override {
    unpackRuns(t.runs, outputs[0], buffer, add);
  }
  void copyLocal(const Transfer &t, const PieceFrame &, const View &input,
                 const std::vector<View> &outputs, Accumulate add) const override {
    copyRunsLocal(t.runs, input, outputs[0], add);
  }
  char *denseTarget(const Transfer &t, const PieceFrame &,
                    const std::vector<View> &outputs) const override {
    return idtr::denseTarget(t.runs, outputs[0]);
  }
  const char *denseSource(const Transfer &t, const PieceFrame &,
                          const View &input) const override {
    return idtr::denseSource(t.runs, input);
  }
  bool targetSegments(const Transfer &t, const PieceFrame &, const std::vector<View> &outputs,
                      size_t limit, std::vector<Segment> &out) const override {
    return idtr::targetSegments(t.runs, outputs[0], limit, out);
  }
  void readRemote(const Transfer &t, const PieceFrame &, const View &remote, const Box &,
                  const std::vector<View> &outputs, const RemoteReader &reader,
                  Accumulate add) const override {
    readRunsRemote(t.runs, remote, outputs[0], reader, add);
  }
  void copyMapped(const Transfer &t, const PieceFrame &, const View &mapped, const Box &,
                  const std::vector<View> &outputs, Accumulate add) const override {
    copyRunsLocal(t.runs, mapped, outputs[0], add);
  }
};

// Constant-initialised (no guard, nothing to destroy at exit).
const BoxPacker kBoxPacker;
const RunPacker kRunPacker;

} // namespace

const Packer &boxPacker() { return kBoxPacker; }
const Packer &runPacker() { return kRunPacker; }

} // namespace idtr
