// Plan build of one rank of P, without MPI: what a plan miss costs a rank of
// a large job. Count its instructions with
//   valgrind --tool=callgrind --toggle-collect='*planOnce*' idtr-plan-bench KIND P
// (bench/plan-scaling runs it for P = 8 ... 16384).
//
//   KIND  halo      1-row halos of an [64 P + 5, 256] array in balanced rows
//         neighbour reshape [n, 8] -> [2 n, 4], n = 64 P + P / 2 + 1, balanced
//                   rows both sides (the remainders differ: each rank meets
//                   two or three ranks near it)
//         column    reshape [N, N] row blocks -> column blocks, N = 8192
//                   (every rank meets every rank)
//   --records       build from every rank's records (what a team of
//                   irregular partitions exchanges) instead of the formula
//   --rank R        the rank simulated (default P / 2)
// Prints the peers and elements of the plan.
#include "geometry/Balanced.h"
#include "plan/Plan.h"
#include "support/Errors.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace idtr;

namespace {

Geometry geometryFor(const std::string &kind, int P, int r) {
  BalancedForm f;
  f.P = P;
  if (kind == "halo") {
    f.kind = OpKind::Halo;
    f.inShape = f.outShape = {64 * static_cast<int64_t>(P) + 5, 256};
    f.axes = {0, 1};
    f.haloLo = f.haloHi = 1;
    f.cross = Box{{0, 0}, {0, 256}};
  } else if (kind == "neighbour") {
    int64_t n = 64 * static_cast<int64_t>(P) + P / 2 + 1;
    f.kind = OpKind::Reshape;
    f.inShape = {n, 8};
    f.outShape = {2 * n, 4};
    f.axes = {0, 1};
  } else if (kind == "column") {
    f.kind = OpKind::Reshape;
    f.inShape = f.outShape = {8192, 8192};
    f.axes = {0, 1};
    f.outSplit = 1;
  } else {
    std::fprintf(stderr, "unknown kind %s\n", kind.c_str());
    std::exit(2);
  }
  return f.geometryOf(r);
}

// Kept out of line: the function callgrind collects.
__attribute__((noinline)) std::shared_ptr<Plan> planOnce(const Geometry &mine, int P, int r,
                                                         const std::vector<Geometry> *records) {
  if (records)
    return buildPlan(*records, r, 0);
  BalancedForm form;
  HaloWidthsSeen seen;
  if (!recognizeBalanced(mine, P, r, form, seen))
    fail("not a balanced geometry");
  if (form.kind == OpKind::Halo)
    form.haloLo = form.haloHi = 1; // what the agreement resolves
  return buildPlan(BalancedGeometry(form, r), r, 0);
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s halo|neighbour|column P [--records] [--rank R]\n", argv[0]);
    return 2;
  }
  std::string kind = argv[1];
  int P = std::atoi(argv[2]), r = P / 2;
  bool records = false;
  for (int i = 3; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--records"))
      records = true;
    else if (!std::strcmp(argv[i], "--rank") && i + 1 < argc)
      r = std::atoi(argv[++i]);
  }
  try {
    Geometry mine = geometryFor(kind, P, r);
    std::vector<Geometry> all;
    if (records)
      for (int s = 0; s < P; ++s)
        all.push_back(geometryFor(kind, P, s));
    auto plan = planOnce(mine, P, r, records ? &all : nullptr);
    std::printf("kind=%s P=%d rank=%d sends=%zu recvs=%zu send_elements=%lld "
                "recv_elements=%lld local=%lld\n",
                kind.c_str(), P, r, plan->sends.size(), plan->recvs.size(),
                static_cast<long long>(plan->sendElements),
                static_cast<long long>(plan->recvElements),
                static_cast<long long>(plan->local.elements));
  } catch (const std::exception &e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
