//===- GuardedInput.h - Guarded input of distc-lsp-server -----*- C++ -*-===//
//
// MLIR's language server (MlirLspServerMain) reads LSP messages from
// `stdin` and would crash or stop on input that distc refuses cleanly: it
// parses documents without distc's guards (a document of 100,000 nested
// `tensor<` or 5,000 nested regions overflows the parser's stack,
// `linalg.reduce ... dimensions = x` dereferences a null attribute), LLVM's
// JSON parser recurses once per bracket of a message, and a message that
// is not a JSON-RPC object ends the server's loop.
//
// distc-lsp-server puts a filter between the client and that loop: `stdin`
// becomes a stream (glibc's fopencookie) whose reads take the next message
// from the real standard input and
//   * answer a message that is too deep, not JSON, not an object or not
//     JSON-RPC 2.0 with a JSON-RPC error (or drop it, for a notification),
//     never passing it on;
//   * keep a copy of every open document (applying incremental changes)
//     and run distc's front-end guards (InputLimits.h, ParserHazards.h) on
//     it: a document they refuse is not given to MLIR's server, and its
//     diagnostics are distc's (the located error distc would print); one
//     they accept goes to the server whole, as a full-text change;
//   * pass everything else on unchanged.
// A read happens only once MLIR's server has handled everything before it
// (its loop is synchronous), so what the filter writes to the client comes
// in order with what the server writes, on the same thread and stream.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_DISTC_LSP_SERVER_GUARDEDINPUT_H
#define DISTC_DRIVER_DISTC_LSP_SERVER_GUARDEDINPUT_H

namespace distc {

/// How the MLIR server reads and writes, from its command line
/// (`-lit-test`, `-input-style=delimited`, `-pretty`): the filter reads the
/// client and feeds the server in the same framing, and writes its own
/// messages as the server writes its.
struct LspStreamStyle {
  bool delimited = false; ///< `// -----` between messages, not Content-Length
  bool pretty = false;    ///< indented JSON output
};
LspStreamStyle readLspStreamStyle(int argc, char **argv);

/// Replaces `stdin` by the filtered stream. False (with a message on
/// stderr) when the stream cannot be made.
bool installGuardedInput(LspStreamStyle style);

} // namespace distc

#endif // DISTC_DRIVER_DISTC_LSP_SERVER_GUARDEDINPUT_H
