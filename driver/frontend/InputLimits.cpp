//===- InputLimits.cpp - Inputs distc refuses before they can crash it ----===//

#include "InputLimits.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <limits>

using namespace mlir;

llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
distc::readInputFile(llvm::StringRef path, uint64_t maxBytes) {
  auto tooLarge = [&] {
    return llvm::createStringError(
        "the input is larger than " + llvm::Twine(maxBytes >> 20) +
        " MiB, the most distc reads");
  };
  llvm::sys::fs::file_t file = llvm::sys::fs::getStdinHandle();
  if (path != "-") {
    llvm::Expected<llvm::sys::fs::file_t> opened =
        llvm::sys::fs::openNativeFileForRead(path);
    if (!opened)
      return opened.takeError();
    file = *opened;
  }
  llvm::scope_exit closeFile([&] {
    if (path != "-")
      llvm::sys::fs::closeFile(file);
  });
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(file, status))
    return llvm::errorCodeToError(ec);
  if (llvm::sys::fs::is_directory(status))
    return llvm::errorCodeToError(
        std::make_error_code(std::errc::is_a_directory));
  if (llvm::sys::fs::is_regular_file(status)) {
    if (status.getSize() > maxBytes)
      return tooLarge();
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
        llvm::MemoryBuffer::getOpenFile(file, path, status.getSize());
    if (!buffer)
      return llvm::errorCodeToError(buffer.getError());
    return std::move(*buffer);
  }
  // A pipe, a terminal or a device: its size says nothing, read in chunks
  // and stop one byte past the bound.
  llvm::SmallVector<char, 0> data;
  constexpr size_t kChunk = 1 << 16;
  for (;;) {
    size_t used = data.size();
    data.resize_for_overwrite(used + kChunk);
    llvm::Expected<size_t> read = llvm::sys::fs::readNativeFile(
        file, llvm::MutableArrayRef<char>(data.data() + used, kChunk));
    if (!read)
      return read.takeError();
    data.truncate(used + *read);
    if (*read == 0)
      break;
    if (data.size() > maxBytes)
      return tooLarge();
  }
  return llvm::MemoryBuffer::getMemBufferCopy(
      llvm::StringRef(data.data(), data.size()), path == "-" ? "<stdin>" : path);
}

namespace {
/// One pass over the text, as far as MLIR's lexer is needed to tell
/// brackets, operators and alias names from everything else.
class NestingScanner {
public:
  NestingScanner(llvm::SourceMgr &sourceMgr, MLIRContext *ctx,
                 unsigned maxDepth, unsigned maxOperators)
      : sourceMgr(sourceMgr), ctx(ctx), maxDepth(maxDepth),
        maxOperators(maxOperators),
        text(sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())
                 ->getBuffer()) {}

  LogicalResult run();

private:
  InFlightDiagnostic error(size_t pos);
  void skipString();
  StringRef identifier(bool allowDash);
  LogicalResult nested(size_t pos, unsigned levels);
  LogicalResult operatorAt(size_t pos);
  void separator() { operators.back() = 0; }

  llvm::SourceMgr &sourceMgr;
  MLIRContext *ctx;
  unsigned maxDepth, maxOperators;
  StringRef text;
  size_t i = 0;

  /// Operators so far in the current expression of each open bracket level
  /// (the outermost entry is the top level).
  SmallVector<unsigned> operators = {0};
  /// Per alias defined so far, how deep its value nests (with the aliases
  /// it uses).
  llvm::StringMap<unsigned> aliasDepth;
  /// The alias whose value is being scanned, if any.
  llvm::StringMapEntry<unsigned> *defining = nullptr;
};
} // namespace

InFlightDiagnostic NestingScanner::error(size_t pos) {
  unsigned id = sourceMgr.getMainFileID();
  auto [line, col] = sourceMgr.getLineAndColumn(
      llvm::SMLoc::getFromPointer(text.data() + pos), id);
  Location loc = FileLineColLoc::get(
      StringAttr::get(ctx, sourceMgr.getMemoryBuffer(id)->getBufferIdentifier()),
      line, col);
  return emitError(loc);
}

/// From the opening quote to the closing one or the end of the line.
void NestingScanner::skipString() {
  for (++i; i < text.size() && text[i] != '"' && text[i] != '\n'; ++i)
    if (text[i] == '\\')
      ++i;
}

/// The identifier characters from `i` on (MLIR's bare-id; SSA value and
/// block names may also contain `-`); leaves `i` on the last one.
StringRef NestingScanner::identifier(bool allowDash) {
  size_t begin = i;
  auto isIdChar = [&](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' ||
           (allowDash && c == '-');
  };
  while (i + 1 < text.size() && isIdChar(text[i + 1]))
    ++i;
  return text.slice(begin, i + 1);
}

/// A point at bracket depth plus `levels`: fails beyond maxDepth.
LogicalResult NestingScanner::nested(size_t pos, unsigned levels) {
  unsigned depth = operators.size() - 1 + levels;
  if (defining)
    defining->second = std::max(defining->second, depth);
  if (depth <= maxDepth)
    return success();
  if (levels > 0)
    return error(pos) << "this alias nests attributes or types (with the "
                      << "aliases it uses) deeper than " << maxDepth
                      << " levels here; distc does not accept such input";
  return error(pos) << "brackets, types or regions nest deeper than "
                    << maxDepth << " levels; distc does not accept such input";
}

LogicalResult NestingScanner::operatorAt(size_t pos) {
  if (++operators.back() <= maxOperators)
    return success();
  return error(pos) << "an expression with more than " << maxOperators
                    << " operators; distc does not accept such input";
}

LogicalResult NestingScanner::run() {
  bool lineStart = true;
  for (size_t e = text.size(); i < e; ++i) {
    char c = text[i];
    char next = i + 1 < e ? text[i + 1] : '\0';
    if (c == '\n') {
      lineStart = true;
      // An alias's value ends with its line unless a bracket is open.
      if (operators.size() == 1)
        defining = nullptr;
      continue;
    }
    if (llvm::isSpace(c))
      continue;
    bool atLineStart = lineStart;
    lineStart = false;
    if (c == '"') {
      skipString();
      continue;
    }
    if (c == '/' && next == '/') { // a comment: up to the newline
      while (i + 1 < e && text[i + 1] != '\n')
        ++i;
      continue;
    }
    // Separators between expressions; `->`, `>=` and `==` are not
    // brackets or operators.
    if ((c == '-' && next == '>') || (c == '>' && next == '=') ||
        (c == '=' && next == '=')) {
      ++i;
      separator();
      continue;
    }
    if (c == ',' || c == ':' || c == '=' || c == ';') {
      separator();
      continue;
    }
    if (c == '(' || c == '[' || c == '{' || c == '<') {
      operators.push_back(0);
      if (failed(nested(i, 0)))
        return failure();
      continue;
    }
    if (c == ')' || c == ']' || c == '}' || c == '>') {
      if (operators.size() > 1)
        operators.pop_back();
      continue;
    }
    if (c == '+' || c == '-' || c == '*') {
      if (failed(operatorAt(i)))
        return failure();
      continue;
    }
    if (c == '#' || c == '!') {
      size_t pos = i;
      StringRef name = identifier(/*allowDash=*/false);
      if (name.size() == 1)
        continue;
      // `#name = value` or `!name = value` at the top level defines an alias.
      if (atLineStart && operators.size() == 1) {
        size_t j = i + 1;
        while (j < e && (text[j] == ' ' || text[j] == '\t'))
          ++j;
        if (j < e && text[j] == '=' && (j + 1 >= e || text[j + 1] != '=')) {
          defining = &*aliasDepth.insert({name, 0}).first;
          continue;
        }
      }
      auto it = aliasDepth.find(name);
      if (it != aliasDepth.end() && failed(nested(pos, it->second)))
        return failure();
      continue;
    }
    if (c == '%' || c == '^') {
      (void)identifier(/*allowDash=*/true);
      continue;
    }
    if (c == '@') {
      if (next == '"') {
        ++i;
        skipString();
      } else {
        (void)identifier(/*allowDash=*/false);
      }
      continue;
    }
    if (llvm::isDigit(c)) {
      // A number, `4x4xf64` included, and a float's exponent sign.
      (void)identifier(/*allowDash=*/false);
      char last = text[i];
      if ((last == 'e' || last == 'E') && i + 2 < e &&
          (text[i + 1] == '+' || text[i + 1] == '-') &&
          llvm::isDigit(text[i + 2])) {
        ++i;
        (void)identifier(/*allowDash=*/false);
      }
      continue;
    }
    if (llvm::isAlpha(c) || c == '_') {
      size_t pos = i;
      StringRef word = identifier(/*allowDash=*/false);
      if ((word == "mod" || word == "floordiv" || word == "ceildiv") &&
          failed(operatorAt(pos)))
        return failure();
      continue;
    }
  }
  return success();
}

LogicalResult distc::checkNestingDepth(llvm::SourceMgr &sourceMgr,
                                       MLIRContext *ctx, unsigned maxDepth,
                                       unsigned maxOperators) {
  return NestingScanner(sourceMgr, ctx, maxDepth, maxOperators).run();
}

/// Whether the static part of `type` has at most INT64_MAX elements and
/// bytes (sub-byte elements count as one byte).
static bool fitsInInt64(ShapedType type) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  int64_t elements = 1;
  for (int64_t dim : type.getShape()) {
    if (ShapedType::isDynamic(dim) || dim <= 0)
      continue;
    if (elements > kMax / dim)
      return false;
    elements *= dim;
  }
  Type elementType = type.getElementType();
  int64_t bytes = 1;
  if (elementType.isIntOrIndexOrFloat() && !elementType.isIndex())
    bytes = std::max<int64_t>(1, (elementType.getIntOrFloatBitWidth() + 7) / 8);
  else
    bytes = 16; // index, complex<f64> and the like: an upper bound
  return elements <= kMax / bytes;
}

LogicalResult distc::checkStaticSizes(ModuleOp module) {
  auto check = [](Type type, Location loc) -> LogicalResult {
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped || !shaped.hasRank() || fitsInInt64(shaped))
      return success();
    return emitError(loc) << "type " << type << " has more elements or bytes "
                          << "than a 64-bit size can hold";
  };
  WalkResult result = module->walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      if (failed(check(type, op->getLoc())))
        return WalkResult::interrupt();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (failed(check(arg.getType(), arg.getLoc())))
            return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}
