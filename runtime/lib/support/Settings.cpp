//===- Settings.cpp - The IDTR_* environment, read once ---------------------===//

#include "support/Settings.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace idtr {

namespace {

/// The integer value `env` of a variable if it is in [lo, hi], else
/// `fallback` (unset, unparsable or out of range).
int64_t readInteger(const char *env, int64_t lo, int64_t hi, int64_t fallback) {
  int64_t v = env ? std::strtoll(env, nullptr, 0) : 0;
  return env && v >= lo && v <= hi ? v : fallback;
}

Settings readSettings() {
  Settings s;
  s.hugePages = !std::getenv("IDTR_NO_HUGEPAGES");
  const char *direct = std::getenv("IDTR_DIRECT");
  s.direct = !(direct && std::strcmp(direct, "0") == 0);
  const char *shared = std::getenv("IDTR_SHARED_BUFFERS");
  s.sharedBuffers = !(shared && std::strcmp(shared, "0") == 0);
  s.directMinBytes = readInteger(std::getenv("IDTR_DIRECT_MIN_BYTES"), 1,
                                 INT64_MAX, s.directMinBytes);
  // Below 1 GiB: MPI counts are ints.
  s.maxMessageBytes = readInteger(std::getenv("IDTR_MAX_MESSAGE_BYTES"), 8,
                                  s.maxMessageBytes - 1, s.maxMessageBytes);
  if (const char *env = std::getenv("IDTR_TIMEOUT")) {
    char *end = nullptr;
    double v = std::strtod(env, &end);
    if (end != env && v >= 0)
      s.timeoutSeconds = v;
  }
  const char *stats = std::getenv("IDTR_STATS");
  s.stats = stats && *stats && std::strcmp(stats, "0") != 0;
  if (const char *profile = std::getenv("IDTR_PROFILE"))
    s.profilePath = profile;
  return s;
}

} // namespace

const Settings &settings() {
  // Thread-safe initialisation: the watchdog thread may ask first.
  static const Settings s = readSettings();
  return s;
}

} // namespace idtr
