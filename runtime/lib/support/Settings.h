//===- Settings.h - The IDTR_* environment, read once -----------*- C++ -*-===//
//
// Every setting of the runtime that the environment can change, in one plain
// struct read once, at the first use (as heFFTe's plan_options): the code
// that acts on a setting asks settings() instead of reading the environment
// itself, so the variables, their defaults and their parsing live here only.
// `distc --help-env` and docs/runtime.md list the same variables
// (test/driver/help-env.test checks that the three agree).
//
//===----------------------------------------------------------------------===//
#ifndef IDTR_LIB_SETTINGS_H
#define IDTR_LIB_SETTINGS_H

#include <cstdint>
#include <string>

namespace idtr {

struct Settings {
  /// IDTR_NO_HUGEPAGES unset: large program buffers are advised onto
  /// transparent huge pages.
  bool hugePages = true;
  /// IDTR_DIRECT != "0": ranks of one node may read each other's memory
  /// directly (DirectTransfer.cpp).
  bool direct = true;
  /// IDTR_SHARED_BUFFERS != "0": large program buffers that peers read
  /// directly are moved into memory shared with them (SharedMemory.h).
  bool sharedBuffers = true;
  /// IDTR_DIRECT_MIN_BYTES (>= 1): the smallest transfer read directly.
  int64_t directMinBytes = int64_t(256) << 10;
  /// IDTR_MAX_MESSAGE_BYTES (8 .. 1 GiB): the largest single MPI message;
  /// longer transfers are cut into messages of this size.
  int64_t maxMessageBytes = int64_t(1) << 30;
  /// IDTR_TIMEOUT (seconds, >= 0): how long a wait may block before the job
  /// is ended with the timeout error.
  double timeoutSeconds = 300.0;
  /// IDTR_STATS set, non-empty and not "0": the statistics table at exit.
  bool stats = false;
  /// IDTR_PROFILE: the JSON profile's path; empty for none.
  std::string profilePath;
};

/// The settings of this process, read from the environment at the first call.
const Settings &settings();

} // namespace idtr

#endif // IDTR_LIB_SETTINGS_H
