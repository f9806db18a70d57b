// _idtr_send_* and _idtr_recv_* (idtr.h): shard.send and shard.recv
// (transport/PointToPoint.h).
#include "idtr/idtr.h"

#include "copy/Descriptor.h"
#include "support/ElementTypes.h"
#include "support/Errors.h"
#include "transport/EntryCall.h"
#include "transport/PointToPoint.h"

using namespace idtr;

extern "C" {

#define IDTR_DEFINE_POINT_TO_POINT(SUFFIX, T)                                               \
  int64_t _idtr_send_##SUFFIX(int64_t team, int64_t peer, int64_t dataRank, void *data) {   \
    return guarded([&] {                                                                    \
      EntryCall call("send");                                                               \
      View in = viewFromDescriptor(dataRank, data, sizeof(T), "send: data");                \
      return sendMessage(team, peer, in);                                                   \
    });                                                                                     \
  }                                                                                         \
  int64_t _idtr_recv_##SUFFIX(int64_t team, int64_t peer, int64_t dataRank, void *data) {   \
    return guarded([&] {                                                                    \
      EntryCall call("recv");                                                               \
      View out = viewFromDescriptor(dataRank, data, sizeof(T), "recv: data");               \
      return receiveMessage(team, peer, out);                                               \
    });                                                                                     \
  }

IDTR_FOR_EACH_ELEMENT_TYPE(IDTR_DEFINE_POINT_TO_POINT)

} // extern "C"
