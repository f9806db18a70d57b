// send / recv / reduce (shard front end): a ring whose sends are all
// waited on before any receive is posted (the send must never wait for its
// receiver: messages far above the eager limit), several messages between
// one pair in order, sends to itself in both orders, and the reduction to
// one root whose other members keep their input.
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

using namespace idtr_test;

namespace {

struct Vec {
  std::vector<double> data;
  IDTR_MEMREF(double, 1) desc;
  explicit Vec(int64_t n) : data(std::max<int64_t>(n, 1)) {
    idtr_init_contiguous(&desc, data.data(), 1, &n);
  }
  void *ptr() { return &desc; }
};

// Far above any eager limit, so that a blocking send would deadlock; small
// under a tiny IDTR_MAX_MESSAGE_BYTES (a message per few bytes).
const int64_t kLarge = std::getenv("IDTR_MAX_MESSAGE_BYTES") ? 1000 : 1 << 18;

} // namespace

TEST(PointToPoint, RingWithSendsWaitedFirst) {
  int P = worldSize(), me = worldRank();
  Vec out(kLarge), in(kLarge);
  for (int64_t k = 0; k < kLarge; ++k)
    out.data[k] = me * 1e6 + k;
  int right = (me + 1) % P, left = (me + P - 1) % P;
  int64_t hs = _idtr_send_f64(0, right, 1, out.ptr());
  // The input may be reused as soon as the call returns.
  std::fill(out.data.begin(), out.data.end(), -1.0);
  _idtr_wait(hs);
  int64_t hr = _idtr_recv_f64(0, left, 1, in.ptr());
  _idtr_wait(hr);
  int64_t bad = 0;
  for (int64_t k = 0; k < kLarge; ++k)
    bad += in.data[k] != left * 1e6 + k;
  EXPECT_EQ(bad, 0);
}

TEST(PointToPoint, MessagesOfOnePairArriveInOrder) {
  int P = worldSize(), me = worldRank();
  int to = (me + 1) % P, from = (me + P - 1) % P;
  std::vector<Vec> sent, got;
  for (int k = 0; k < 4; ++k) {
    sent.emplace_back(5 + k);
    got.emplace_back(5 + k);
  }
  std::vector<int64_t> handles;
  for (int k = 0; k < 4; ++k) {
    for (size_t i = 0; i < sent[k].data.size(); ++i)
      sent[k].data[i] = me * 100 + k * 10 + static_cast<double>(i);
    handles.push_back(_idtr_send_f64(3, to, 1, sent[k].ptr()));
  }
  for (int k = 0; k < 4; ++k)
    handles.push_back(_idtr_recv_f64(3, from, 1, got[k].ptr()));
  for (auto it = handles.rbegin(); it != handles.rend(); ++it)
    _idtr_wait(*it);
  int64_t bad = 0;
  for (int k = 0; k < 4; ++k)
    for (size_t i = 0; i < got[k].data.size(); ++i)
      bad += got[k].data[i] != from * 100 + k * 10 + static_cast<double>(i);
  EXPECT_EQ(bad, 0);
}

TEST(PointToPoint, ToItselfInBothOrders) {
  int me = worldRank();
  Vec a(3), b(3), first(3), second(3);
  for (int k = 0; k < 3; ++k) {
    a.data[k] = me + k;
    b.data[k] = -me - k;
  }
  // Send, then receive.
  _idtr_wait(_idtr_send_f64(0, me, 1, a.ptr()));
  _idtr_wait(_idtr_recv_f64(0, me, 1, first.ptr()));
  // Receive posted first, then the send fills it.
  int64_t hr = _idtr_recv_f64(0, me, 1, second.ptr());
  _idtr_wait(_idtr_send_f64(0, me, 1, b.ptr()));
  _idtr_wait(hr);
  EXPECT_EQ(first.data, a.data);
  EXPECT_EQ(second.data, b.data);
}

TEST(PointToPoint, ReduceToOneRoot) {
  int P = worldSize(), me = worldRank();
  for (int64_t n : {int64_t(3), kLarge}) {
    std::vector<int64_t> x(n), y(n, -7);
    for (int64_t k = 0; k < n; ++k)
      x[k] = me + k;
    IDTR_MEMREF(int64_t, 1) xd, yd;
    idtr_init_contiguous(&xd, x.data(), 1, &n);
    idtr_init_contiguous(&yd, y.data(), 1, &n);
    int root = P - 1;
    _idtr_wait(_idtr_reduce_i64(0, root, 1, &xd, 1, &yd, IDTR_SUM));
    int64_t bad = 0;
    for (int64_t k = 0; k < n; ++k)
      bad += y[k] != (me == root ? P * (P - 1) / 2 + P * k : me + k);
    EXPECT_EQ(bad, 0) << n << " elements";
  }
}
