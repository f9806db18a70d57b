// The plan factory: a rank's plan from the geometry of its team (Plan.h).
#include "plan/Plan.h"

#include "geometry/TeamGeometry.h"
#include "plan/Packer.h"

#include "support/Errors.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>

namespace idtr {

// ---- validation -------------------------------------------------------------

namespace {

// A global shape: extents >= 0 and at most 2^63 - 1 elements, so that
// flat indices, strides and volumes of boxes inside it cannot wrap.
void checkGlobalShape(OpKind kind, const char *what, const Shape &shape) {
  for (int64_t s : shape)
    if (s < 0)
      fail("%s: the %s %s has a negative extent", opName(kind), what, str(shape).c_str());
  int64_t v = 1;
  if (!hasZeroExtent(shape))
    for (int64_t s : shape)
      if (__builtin_mul_overflow(v, s, &v))
        fail("%s: the %s %s has more than 2^63 - 1 elements", opName(kind), what,
             str(shape).c_str());
}

void validate(const std::vector<Geometry> &all, int me) {
  const Geometry &mine = all[me];
  checkGlobalShape(mine.kind, "global shape", mine.inShape);
  checkGlobalShape(mine.kind, "output shape", mine.outShape);
  // Every rank sees the same records, so the messages below are worded the
  // same on every rank (each rank is compared with rank 0, pairs are named
  // lower rank first), and only the team's rank 0 prints them (Errors.h).
  const Geometry &first = all[0];
  for (size_t r = 1; r < all.size(); ++r) {
    const Geometry &g = all[r];
    if (g.kind != first.kind)
      failOnEveryRank(me, "ranks call different operations: rank 0 calls %s, rank %zu calls %s",
                      opName(first.kind), r, opName(g.kind));
    if (g.inShape != first.inShape)
      failOnEveryRank(me, "%s: ranks disagree on the global shape: rank 0 has %s, rank %zu has %s",
                      opName(mine.kind), str(first.inShape).c_str(), r, str(g.inShape).c_str());
    if (g.outShape != first.outShape || g.axes != first.axes)
      failOnEveryRank(me,
                      "%s: ranks disagree on the output shape or axes: rank 0 has %s axes %s, "
                      "rank %zu has %s axes %s",
                      opName(mine.kind), str(first.outShape).c_str(), str(first.axes).c_str(), r,
                      str(g.outShape).c_str(), str(g.axes).c_str());
  }
  for (size_t r = 0; r < all.size(); ++r) {
    const Geometry &g = all[r];
    if (!insideShape(g.input, g.inShape))
      failOnEveryRank(me, "%s: the input box of rank %zu (%s) lies outside the array of shape %s",
                      opName(mine.kind), r, str(g.input).c_str(), str(g.inShape).c_str());
    for (const Box &b : g.outputs)
      if (!insideShape(b, g.outShape))
        failOnEveryRank(me,
                        "%s: an output box of rank %zu (%s) lies outside the array of shape %s",
                        opName(mine.kind), r, str(b).c_str(), str(g.outShape).c_str());
  }
  // Only boxes inside the shape from here: their ends cannot wrap.
  for (size_t r = 0; r < all.size(); ++r) {
    const Geometry &g = all[r];
    // Each rank checks its own box against all others: together all pairs.
    // Identical boxes are replicas of one block; any other overlap is ambiguous.
    if (static_cast<int>(r) != me && !(g.input == mine.input) &&
        !intersect(g.input, mine.input).empty()) {
      size_t a = std::min<size_t>(r, me), b = std::max<size_t>(r, me);
      fail("%s: the input boxes of ranks %zu (%s) and %zu (%s) overlap (only identical, "
           "replicated boxes may)",
           opName(mine.kind), a, str(all[a].input).c_str(), b, str(all[b].input).c_str());
    }
  }
}

void checkCovered(OpKind kind, const Box &box, int64_t received) {
  if (received != box.volume())
    fail("%s: %lld of the %lld requested elements (output box %s) are owned by no rank",
         opName(kind), static_cast<long long>(box.volume() - received),
         static_cast<long long>(box.volume()), str(box).c_str());
}

Transfer &transferWith(Plan &plan, std::vector<Transfer> &list, int peer, int me) {
  if (peer == me) {
    plan.local.peer = me;
    return plan.local;
  }
  if (list.empty() || list.back().peer != peer) {
    list.emplace_back();
    list.back().peer = peer;
  }
  return list.back();
}

// Sorted union of `more` into `into`.
void mergeInto(std::vector<int> &into, std::vector<int> &more) {
  into.insert(into.end(), more.begin(), more.end());
  std::sort(into.begin(), into.end());
  into.erase(std::unique(into.begin(), into.end()), into.end());
  more.clear();
}

// Permute and halo: intersections of boxes, one piece per (peer, output box),
// over the ranks that may meet this one's boxes only.
void planBoxes(const TeamGeometry &team, int me, Plan &plan) {
  const Geometry &mine = team.of(me);
  std::vector<int64_t> received(mine.outputs.size(), 0);
  std::vector<Box> wanted;
  std::vector<int> peers, more;
  for (const Box &out : mine.outputs) {
    wanted.push_back(permutePreimage(out, mine.axes));
    team.inputOwners(wanted.back(), more);
    mergeInto(peers, more);
  }
  for (int s : peers) {
    if (!team.provides(s, me))
      continue;
    const Box &input = s == me ? mine.input : team.of(s).input;
    for (size_t k = 0; k < mine.outputs.size(); ++k) {
      Box part = intersect(wanted[k], input);
      if (part.empty())
        continue;
      Transfer &t = transferWith(plan, plan.recvs, s, me);
      t.boxes.push_back({static_cast<int>(k), part});
      t.elements += part.volume();
      received[k] += part.volume();
    }
  }
  for (size_t k = 0; k < mine.outputs.size(); ++k)
    checkCovered(mine.kind, mine.outputs[k], received[k]);
  peers.clear();
  team.outputOwners(mine.input, peers);
  for (int r : peers) {
    if (r == me || !team.provides(me, r))
      continue;
    const Geometry &theirs = team.of(r);
    for (size_t k = 0; k < theirs.outputs.size(); ++k) {
      Box part = intersect(permutePreimage(theirs.outputs[k], mine.axes), mine.input);
      if (part.empty())
        continue;
      Transfer &t = transferWith(plan, plan.sends, r, me);
      t.boxes.push_back({static_cast<int>(k), part});
      t.elements += part.volume();
    }
  }
}

void appendPiece(std::vector<RunPiece> &list, RunPiece p) {
  if (!list.empty()) {
    RunPiece &b = list.back();
    if (b.srcPos + b.length == p.srcPos && b.dstPos + b.length == p.dstPos) {
      b.length += p.length;
      return;
    }
  }
  list.push_back(p);
}

// Reshape: the flat row-major order is shared by input and output, so the
// data a pair of ranks exchanges is the intersection of their flat runs.
// Transfers are filled in run order, not peer order: collected per peer
// (ascending) first.
void planRuns(const TeamGeometry &team, int me, Plan &plan) {
  const Geometry &mine = team.of(me);
  const Box myOut = mine.outputs[0];
  const Box myIn = mine.input;
  const Shape inShape = mine.inShape, outShape = mine.outShape;
  std::vector<FlatRun> parts;
  std::vector<int> peers;
  int64_t received = 0;
  // Receives: my output runs, cut by every sender's input box.
  std::map<int, Transfer> fromPeer;
  int lastPeer = -1; // consecutive runs mostly come from the same peer
  Transfer *last = nullptr;
  for (const FlatRun &run : boxRuns(outShape, myOut)) {
    peers.clear();
    team.flatOwners(/*input=*/true, run.start, run.start + run.length, peers);
    for (int s : peers) {
      if (!team.provides(s, me))
        continue;
      const Box input = s == me ? myIn : team.of(s).input;
      parts.clear();
      appendRangeBoxRuns(inShape, input, run.start, run.start + run.length, parts);
      if (parts.empty())
        continue;
      Transfer &t = s == lastPeer ? *last : fromPeer[s];
      lastPeer = s;
      last = &t;
      for (const FlatRun &f : parts) {
        appendPiece(t.runs, {flatToBoxLinear(f.start, inShape, input),
                             flatToBoxLinear(f.start, outShape, myOut), f.length});
        t.elements += f.length;
        received += f.length;
      }
    }
  }
  checkCovered(mine.kind, myOut, received);
  for (auto &[s, t] : fromPeer) {
    t.peer = s;
    if (s == me)
      plan.local = std::move(t);
    else if (t.elements)
      plan.recvs.push_back(std::move(t));
  }
  // Sends: my input runs, cut by every receiver's output box.
  std::map<int, Transfer> toPeer;
  for (const FlatRun &run : boxRuns(inShape, myIn)) {
    peers.clear();
    team.flatOwners(/*input=*/false, run.start, run.start + run.length, peers);
    for (int r : peers) {
      if (r == me || !team.provides(me, r))
        continue;
      const Box output = team.of(r).outputs[0];
      parts.clear();
      appendRangeBoxRuns(outShape, output, run.start, run.start + run.length, parts);
      if (parts.empty())
        continue;
      Transfer &t = toPeer[r];
      for (const FlatRun &f : parts) {
        appendPiece(t.runs, {flatToBoxLinear(f.start, inShape, myIn),
                             flatToBoxLinear(f.start, outShape, output), f.length});
        t.elements += f.length;
      }
    }
  }
  for (auto &[r, t] : toPeer)
    if (t.elements) {
      t.peer = r;
      plan.sends.push_back(std::move(t));
    }
}

} // namespace

std::shared_ptr<Plan> buildPlan(const std::vector<Geometry> &all, int me, int64_t id) {
  validate(all, me);
  return buildPlan(ExplicitGeometry(all), me, id);
}

std::shared_ptr<Plan> buildPlan(const TeamGeometry &team, int me, int64_t id) {
  const Geometry &mine = team.of(me);
  if (!team.isExplicit()) {
    // A formula: consistent by construction, but its shapes still come from
    // the caller.
    checkGlobalShape(mine.kind, "global shape", mine.inShape);
    checkGlobalShape(mine.kind, "output shape", mine.outShape);
  }
  auto plan = std::make_shared<Plan>();
  plan->id = id;
  plan->kind = mine.kind;
  plan->packer = mine.kind == OpKind::Reshape ? &runPacker() : &boxPacker();
  plan->frame = {mine.input, mine.outputs, mine.axes};
  plan->local.peer = me;
  if (mine.kind == OpKind::Reshape) {
    if (volume(mine.inShape) != volume(mine.outShape))
      fail("copy_reshape: the global shapes %s and %s have different element counts",
           str(mine.inShape).c_str(), str(mine.outShape).c_str());
    if (mine.outputs.size() != 1)
      fail("copy_reshape: expected one output box");
    planRuns(team, me, *plan);
  } else {
    planBoxes(team, me, *plan);
  }
  for (const Transfer &t : plan->sends)
    plan->sendElements += t.elements;
  for (const Transfer &t : plan->recvs)
    plan->recvElements += t.elements;
  return plan;
}

} // namespace idtr
