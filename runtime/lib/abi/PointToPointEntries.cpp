// _idtr_send_* and _idtr_recv_* (idtr.h): shard.send and shard.recv
// (transport/PointToPoint.h).
#include "idtr/idtr.h"

#include "copy/Descriptor.h"
#include "support/ElementTypes.h"
#include "support/Errors.h"
#include "transport/EntryCall.h"
#include "transport/PointToPoint.h"

using namespace idtr;

namespace {

// The common part of both: `start` is sendMessage or receiveMessage.
template <typename T>
int64_t startMessage(const char *kind, const char *what,
                     int64_t (*start)(int64_t, int64_t, const View &), int64_t team,
                     int64_t peer, int64_t rank, void *desc) {
  return guarded([&] {
    EntryCall call(kind);
    View data = viewFromDescriptor(rank, desc, sizeof(T), what);
    return start(team, peer, data);
  });
}

} // namespace

extern "C" {

#define IDTR_DEFINE_POINT_TO_POINT(SUFFIX, T)                                               \
  int64_t _idtr_send_##SUFFIX(int64_t team, int64_t peer, int64_t dataRank, void *data) {   \
    return startMessage<T>("send", "send: data", sendMessage, team, peer, dataRank, data);  \
  }                                                                                         \
  int64_t _idtr_recv_##SUFFIX(int64_t team, int64_t peer, int64_t dataRank, void *data) {   \
    return startMessage<T>("recv", "recv: data", receiveMessage, team, peer, dataRank,      \
                           data);                                                           \
  }

IDTR_FOR_EACH_ELEMENT_TYPE(IDTR_DEFINE_POINT_TO_POINT)

} // extern "C"
