// The collectives of teams beyond the redistributions: SUMMA's panel
// broadcasts (transport/PanelBroadcast.h) and the shard front end's reduce
// to a root (transport/RootReduce.h).
#include "idtr/idtr.h"

#include "copy/Descriptor.h"
#include "support/ElementTypes.h"
#include "support/Errors.h"
#include "transport/EntryCall.h"
#include "transport/PanelBroadcast.h"
#include "transport/RootReduce.h"
#include "transport/Team.h"

using namespace idtr;

extern "C" {

#define IDTR_DEFINE_COLLECTIVES(SUFFIX, T)                                                 \
  int64_t _idtr_bcast_panel_##SUFFIX(int64_t team, int64_t extent, int64_t dim,            \
                                     int64_t lPartRank, void *lPart, int64_t start,        \
                                     int64_t panelRank, void *panel) {                     \
    return guarded([&] {                                                                   \
      EntryCall call("bcast_panel");                                                       \
      View local = viewFromDescriptor(lPartRank, lPart, sizeof(T), "bcast_panel: local part"); \
      View into = viewFromDescriptor(panelRank, panel, sizeof(T), "bcast_panel: panel");   \
      return broadcastPanel<T>(team, extent, dim, local, start, into);                     \
    });                                                                                    \
  }                                                                                        \
  int64_t _idtr_reduce_##SUFFIX(int64_t team, int64_t root, int64_t inRank, void *in,      \
                                int64_t outRank, void *out, int32_t op) {                  \
    return guarded([&] {                                                                   \
      EntryCall call("reduce");                                                            \
      Team &t = idtr::team(team);                                                          \
      if (root < 0 || root >= t.size)                                                      \
        fail("reduce: the root is outside the group (index %lld; the group has %d "        \
             "processes)",                                                                 \
             static_cast<long long>(root), t.size);                                        \
      View inView = viewFromDescriptor(inRank, in, sizeof(T), "reduce: in");               \
      View outView = viewFromDescriptor(outRank, out, sizeof(T), "reduce: out");           \
      return reduceToRoot<T>(t, root, inView, outView, op);                                \
    });                                                                                    \
  }

IDTR_FOR_EACH_ELEMENT_TYPE(IDTR_DEFINE_COLLECTIVES)

} // extern "C"
