//===- GuardedInput.cpp - Guarded input of distc-lsp-server --------------===//

#include "GuardedInput.h"

#include "dialect/DistcRegistration.h"
#include "driver/frontend/InputLimits.h"
#include "driver/frontend/ParserHazards.h"
#include "passes/Conversion/ShardToDistRuntime/ShardGridCheck.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/LSP/Protocol.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace json = llvm::json;

namespace distc {

LspStreamStyle readLspStreamStyle(int argc, char **argv) {
  LspStreamStyle style;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (!arg.consume_front("--"))
      arg.consume_front("-");
    if (arg == "lit-test")
      style.delimited = style.pretty = true;
    else if (arg == "pretty" || arg == "pretty=true")
      style.pretty = true;
    else if (arg == "input-style=delimited" ||
             (arg == "input-style" && i + 1 < argc &&
              llvm::StringRef(argv[i + 1]) == "delimited"))
      style.delimited = true;
  }
  return style;
}

namespace {

/// Deepest nesting of brackets in a message: LSP's messages nest a handful
/// of levels; LLVM's JSON parser recurses once per level.
constexpr unsigned kMaxMessageNesting = kMaxNestingDepth;

/// Largest message read, as MLIR's own transport bounds it: a document of
/// kMaxInputBytes, escaped, fits.
constexpr uint64_t kMaxMessageBytes = uint64_t(1) << 30;

/// JSON-RPC's error codes.
enum ErrorCode { ParseError = -32700, InvalidRequest = -32600 };

/// Whether brackets in `text` (outside strings) nest deeper than `limit`.
bool nestsDeeperThan(llvm::StringRef text, unsigned limit) {
  unsigned depth = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limit)
        return true;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return false;
}

/// LSP counts characters of a line in UTF-16 code units; MLIR's columns
/// are 1-based bytes.
int utf16Column(llvm::StringRef line, unsigned byteColumn) {
  int units = 0;
  for (unsigned char c : line.take_front(byteColumn - 1)) {
    if ((c & 0xC0) == 0x80)
      continue; // continuation byte
    units += c >= 0xF0 ? 2 : 1;
  }
  return units;
}

class GuardedInput {
public:
  GuardedInput(std::FILE *client, LspStreamStyle style)
      : client(client), style(style),
        guards(mlir::MLIRContext::Threading::DISABLED) {}

  /// fopencookie's read: the next bytes for MLIR's server, 0 at the end
  /// of the client's input.
  ssize_t read(char *buffer, size_t size);

private:
  bool readClientMessage(std::string &message);
  bool readLine(std::string &line);
  void handle(std::string message);
  void handleDocument(llvm::StringRef method, json::Object &msg);

  void sendToClient(json::Value msg);
  void sendError(json::Value id, int code, const llvm::Twine &message);
  void publish(llvm::StringRef uri, int64_t version, json::Array diagnostics,
               bool afterServer);
  void deliver(json::Value msg);

  std::optional<json::Array> refusal(llvm::StringRef uri, llvm::StringRef text);
  bool refusesShardGrids(llvm::SourceMgr &sourceMgr);

  std::FILE *client;
  LspStreamStyle style;
  /// Bytes for MLIR's server, framed as it reads them.
  std::string pending;
  size_t pendingPos = 0;
  /// Messages to the client that must follow what MLIR's server answers
  /// to the message delivered last: sent at the next read.
  std::vector<json::Value> afterServer;

  struct Document {
    std::string text;
    std::string languageId;
    int64_t version = 0;
    bool atServer = false; ///< whether MLIR's server has it open
  };
  llvm::StringMap<Document> documents;
  /// Only for the guards' diagnostics: no dialect is loaded.
  mlir::MLIRContext guards;
  /// Every dialect of the server, made when a document first has a grid.
  std::unique_ptr<mlir::MLIRContext> parsing;
};

ssize_t GuardedInput::read(char *buffer, size_t size) {
  while (pendingPos == pending.size()) {
    pending.clear();
    pendingPos = 0;
    // The server has read, and so handled, everything delivered so far.
    for (json::Value &msg : afterServer)
      sendToClient(std::move(msg));
    afterServer.clear();
    std::string message;
    if (!readClientMessage(message))
      return 0;
    handle(std::move(message));
  }
  size_t n = std::min(size, pending.size() - pendingPos);
  std::memcpy(buffer, pending.data() + pendingPos, n);
  pendingPos += n;
  return static_cast<ssize_t>(n);
}

bool GuardedInput::readLine(std::string &line) {
  line.clear();
  char chunk[256];
  while (std::fgets(chunk, sizeof(chunk), client)) {
    line += chunk;
    if (!line.empty() && line.back() == '\n')
      return true;
  }
  return !line.empty();
}

/// The framing of MLIR's transport (llvm/Support/LSP/Transport.h): HTTP-like
/// headers with a Content-Length, or, for lit tests, messages between
/// `// -----` lines and `//` comments.
bool GuardedInput::readClientMessage(std::string &message) {
  message.clear();
  std::string line;
  if (style.delimited) {
    bool any = false;
    while (readLine(line)) {
      any = true;
      llvm::StringRef trimmed = llvm::StringRef(line).trim();
      if (trimmed == "// -----")
        return true;
      if (!trimmed.starts_with("//"))
        message += line;
    }
    return any;
  }
  for (;;) {
    unsigned long long length = 0;
    bool sawHeader = false;
    while (readLine(line)) {
      llvm::StringRef header = llvm::StringRef(line).trim();
      if (header.empty()) {
        if (sawHeader)
          break;
        continue;
      }
      sawHeader = true;
      if (header.consume_front_insensitive("Content-Length:"))
        (void)llvm::getAsUnsignedInteger(header.trim(), 10, length);
    }
    if (!sawHeader)
      return false; // end of input
    if (length == 0 || length > kMaxMessageBytes) {
      llvm::errs() << "distc-lsp-server: skipping a message without a "
                      "usable Content-Length\n";
      continue;
    }
    message.resize(length);
    size_t got = std::fread(message.data(), 1, length, client);
    if (got != length)
      return false;
    return true;
  }
}

void GuardedInput::sendToClient(json::Value msg) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::formatv(style.pretty ? "{0:2}\n" : "{0}", msg);
  llvm::outs() << "Content-Length: " << text.size() << "\r\n\r\n" << text;
  llvm::outs().flush();
}

void GuardedInput::sendError(json::Value id, int code,
                             const llvm::Twine &message) {
  sendToClient(json::Object{
      {"jsonrpc", "2.0"},
      {"id", std::move(id)},
      {"error", json::Object{{"code", code}, {"message", message.str()}}}});
}

void GuardedInput::publish(llvm::StringRef uri, int64_t version,
                           json::Array diagnostics, bool afterServerAnswer) {
  json::Value msg = json::Object{
      {"jsonrpc", "2.0"},
      {"method", "textDocument/publishDiagnostics"},
      {"params", json::Object{{"uri", uri.str()},
                              {"version", version},
                              {"diagnostics", std::move(diagnostics)}}}};
  if (afterServerAnswer)
    afterServer.push_back(std::move(msg));
  else
    sendToClient(std::move(msg));
}

void GuardedInput::deliver(json::Value msg) {
  std::string text = llvm::formatv("{0}", msg).str();
  if (style.delimited)
    pending += text + "\n// -----\n";
  else
    pending +=
        "Content-Length: " + std::to_string(text.size()) + "\r\n\r\n" + text;
}

/// The diagnostics of distc's guards for `text`, or nothing when they
/// accept it.
std::optional<json::Array> GuardedInput::refusal(llvm::StringRef uri,
                                                 llvm::StringRef text) {
  json::Array diagnostics;
  // json::Value keeps a StringRef without copying it: strings are passed
  // as std::string.
  auto diagnostic = [&](int line, int character, std::string message) {
    json::Object position{{"line", line}, {"character", character}};
    diagnostics.push_back(
        json::Object{{"range", json::Object{{"start", json::Object(position)},
                                            {"end", json::Object(position)}}},
                     {"severity", 1},
                     {"source", "distc"},
                     {"message", std::move(message)}});
  };
  if (text.size() > kMaxInputBytes) {
    diagnostic(0, 0,
               "the document is larger than 256 MiB, the most distc "
               "reads");
    return diagnostics;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(text, uri),
                               llvm::SMLoc());
  mlir::ScopedDiagnosticHandler handler(&guards, [&](mlir::Diagnostic &diag) {
    int line = 0, character = 0;
    if (auto loc = llvm::dyn_cast<mlir::FileLineColLoc>(diag.getLocation())) {
      line = static_cast<int>(loc.getLine()) - 1;
      llvm::StringRef rest = text;
      for (int l = 0; l < line && !rest.empty(); ++l)
        rest = rest.split('\n').second;
      character = utf16Column(rest.split('\n').first, loc.getColumn());
    }
    diagnostic(line, character, diag.str());
    return mlir::success();
  });
  if (mlir::failed(checkNestingDepth(sourceMgr, &guards)) ||
      mlir::failed(checkParserHazards(sourceMgr, &guards)))
    return diagnostics;
  if (text.contains("shard.grid") && refusesShardGrids(sourceMgr)) {
    // The grid errors were reported to `guards` (refusesShardGrids).
    return diagnostics;
  }
  return std::nullopt;
}

/// Whether `sourceMgr`'s document parses and holds a shard grid that
/// checkShardGrids refuses. MLIR's server verifies what it parses, and
/// upstream's shard verifiers divide by grid extents (ShardGridCheck.h):
/// such a document is parsed here first, unverified. Its errors go to the
/// `guards` context's handler; a document that does not parse is the
/// server's to report.
bool GuardedInput::refusesShardGrids(llvm::SourceMgr &sourceMgr) {
  if (!parsing) {
    mlir::DialectRegistry registry;
    registerDistcDialects(registry);
    parsing = std::make_unique<mlir::MLIRContext>(
        registry, mlir::MLIRContext::Threading::DISABLED);
  }
  std::vector<mlir::Diagnostic> errors;
  mlir::ScopedDiagnosticHandler collect(
      parsing.get(), [&](mlir::Diagnostic &diag) {
        errors.push_back(std::move(diag));
        return mlir::success();
      });
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(
          sourceMgr, mlir::ParserConfig(parsing.get(),
                                        /*verifyAfterParse=*/false));
  if (!module || mlir::succeeded(mlir::distc::checkShardGrids(*module)))
    return false;
  for (mlir::Diagnostic &error : errors) {
    mlir::Location loc = error.getLocation();
    if (auto fileLoc = llvm::dyn_cast<mlir::FileLineColLoc>(loc))
      loc = mlir::FileLineColLoc::get(&guards, fileLoc.getFilename().getValue(),
                                      fileLoc.getLine(), fileLoc.getColumn());
    else
      loc = mlir::UnknownLoc::get(&guards);
    mlir::emitError(loc) << error.str();
  }
  return true;
}

void GuardedInput::handleDocument(llvm::StringRef method, json::Object &msg) {
  json::Object *params = msg.getObject("params");
  json::Object *doc = params ? params->getObject("textDocument") : nullptr;
  std::optional<llvm::StringRef> uriField =
      doc ? doc->getString("uri") : std::nullopt;
  if (!uriField) {
    deliver(std::move(msg)); // MLIR's server reports the bad parameters
    return;
  }
  std::string uri = uriField->str();
  int64_t version = doc->getInteger("version").value_or(0);

  if (method == "textDocument/didClose") {
    auto it = documents.find(uri);
    if (it == documents.end() || it->second.atServer) {
      if (it != documents.end())
        documents.erase(it);
      deliver(std::move(msg));
      return;
    }
    // Only distc's diagnostics were shown: clear them.
    publish(uri, it->second.version, json::Array(), false);
    documents.erase(it);
    return;
  }

  Document &document = documents[uri];
  if (method == "textDocument/didOpen") {
    std::optional<llvm::StringRef> text = doc->getString("text");
    document.text = text ? text->str() : "";
    document.languageId = doc->getString("languageId").value_or("mlir").str();
  } else {
    json::Array *changes = params->getArray("contentChanges");
    for (size_t i = 0; changes && i < changes->size(); ++i) {
      llvm::lsp::TextDocumentContentChangeEvent change;
      json::Path::Root root;
      if (!fromJSON((*changes)[i], change, root) ||
          mlir::failed(change.applyTo(document.text))) {
        llvm::errs() << "distc-lsp-server: ignoring a change of '" << uri
                     << "' that does not apply to its text\n";
        return;
      }
    }
  }
  document.version = version;

  if (std::optional<json::Array> diagnostics = refusal(uri, document.text)) {
    if (document.atServer) {
      // The server's copy goes (it then clears its diagnostics); distc's
      // follow.
      deliver(json::Object{
          {"jsonrpc", "2.0"},
          {"method", "textDocument/didClose"},
          {"params",
           json::Object{{"textDocument", json::Object{{"uri", uri}}}}}});
      document.atServer = false;
      publish(uri, version, std::move(*diagnostics), true);
    } else {
      publish(uri, version, std::move(*diagnostics), false);
    }
    return;
  }
  json::Object textDocument{{"uri", uri}, {"version", version}};
  if (document.atServer) {
    deliver(json::Object{
        {"jsonrpc", "2.0"},
        {"method", "textDocument/didChange"},
        {"params",
         json::Object{{"textDocument", std::move(textDocument)},
                      {"contentChanges",
                       json::Array{json::Object{{"text", document.text}}}}}}});
    return;
  }
  textDocument["languageId"] = document.languageId;
  textDocument["text"] = document.text;
  deliver(json::Object{
      {"jsonrpc", "2.0"},
      {"method", "textDocument/didOpen"},
      {"params", json::Object{{"textDocument", std::move(textDocument)}}}});
  document.atServer = true;
}

void GuardedInput::handle(std::string message) {
  if (llvm::StringRef(message).trim().empty())
    return;
  if (nestsDeeperThan(message, kMaxMessageNesting))
    return sendError(nullptr, ParseError,
                     "message nests deeper than " +
                         llvm::Twine(kMaxMessageNesting) + " levels");
  llvm::Expected<json::Value> parsed = json::parse(message);
  if (!parsed)
    return sendError(nullptr, ParseError,
                     "message is not JSON: " +
                         llvm::toString(parsed.takeError()));
  json::Object *msg = parsed->getAsObject();
  if (!msg)
    return sendError(nullptr, InvalidRequest,
                     "message is not a JSON-RPC object");
  std::optional<json::Value> id;
  if (json::Value *field = msg->get("id"))
    id = *field;
  std::optional<llvm::StringRef> method = msg->getString("method");
  // What MLIR's transport would stop serving on.
  if (msg->getString("jsonrpc") != std::optional<llvm::StringRef>("2.0")) {
    if (id)
      sendError(std::move(*id), InvalidRequest,
                "message is not JSON-RPC 2.0 (no \"jsonrpc\": \"2.0\")");
    return;
  }
  if (!method && !id)
    return; // a response to nothing
  if (method && !id &&
      (*method == "textDocument/didOpen" ||
       *method == "textDocument/didChange" ||
       *method == "textDocument/didClose"))
    return handleDocument(*method, *msg);
  deliver(std::move(*parsed));
}

ssize_t readCookie(void *cookie, char *buffer, size_t size) {
  return static_cast<GuardedInput *>(cookie)->read(buffer, size);
}

} // namespace

bool installGuardedInput(LspStreamStyle style) {
  // Lives as long as the process: MLIR's server reads until it exits.
  auto *input = new GuardedInput(stdin, style);
  cookie_io_functions_t functions = {};
  functions.read = readCookie;
  std::FILE *guarded = fopencookie(input, "r", functions);
  if (!guarded) {
    llvm::errs() << "distc-lsp-server: cannot filter the standard input: "
                 << std::strerror(errno) << "\n";
    return false;
  }
  stdin = guarded;
  return true;
}

} // namespace distc
