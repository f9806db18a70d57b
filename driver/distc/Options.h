//===- Options.h - distc's command line ---------------------------*- C++ -*-===//
//
// The only place that knows distc's command-line syntax (CLI11). It fills a
// DriverOptions and never leaks CLI11 or its exceptions to the rest of the
// driver.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_DISTC_OPTIONS_H
#define DISTC_DRIVER_DISTC_OPTIONS_H

#include "DriverOptions.h"

#include <optional>

namespace distc {

/// Parses argv into `opts`. Returns an exit code when distc is done after
/// parsing (--help, --version, or a command-line error, which has been
/// reported as one sentence); std::nullopt when it should go on compiling.
std::optional<int> parseCommandLine(int argc, char **argv,
                                    DriverOptions &opts);

} // namespace distc

#endif // DISTC_DRIVER_DISTC_OPTIONS_H
