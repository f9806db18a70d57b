//===- ParserHazards.cpp - Custom syntax upstream's parsers crash on ------===//

#include "ParserHazards.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/SourceMgr.h"

#include <cstdint>

using namespace mlir;

namespace {
/// What the scan needs to tell apart; everything else is `Other`.
enum class TokenKind { End, Identifier, Integer, String, Punctuation, Other };

struct Token {
  TokenKind kind = TokenKind::End;
  StringRef text;
  bool is(char punctuation) const {
    return kind == TokenKind::Punctuation && text[0] == punctuation;
  }
  bool isIdentifier(StringRef name) const {
    return kind == TokenKind::Identifier && text == name;
  }
};

/// The token stream of MLIR's lexer, reduced to what the checks look at:
/// bare identifiers (with `.`, `$`, `_`), decimal and hexadecimal integers,
/// strings, single-character punctuation; whitespace and comments dropped.
class Scanner {
public:
  explicit Scanner(StringRef text) : text(text) {}

  Token next();
  /// Where `token` starts (the end of the text for End).
  const char *pointer(const Token &token) const {
    return token.kind == TokenKind::End ? text.end() : token.text.data();
  }
  /// Skips a bracketed group whose opening `open` was just read, up to its
  /// matching `close`. False at the end of the text.
  bool skipGroup(char open, char close);

private:
  Token make(TokenKind kind, size_t begin) {
    return {kind, text.slice(begin, pos)};
  }
  StringRef text;
  size_t pos = 0;
};
} // namespace

static bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.';
}

Token Scanner::next() {
  const size_t e = text.size();
  for (;;) {
    while (pos < e && llvm::isSpace(text[pos]))
      ++pos;
    if (pos + 1 < e && text[pos] == '/' && text[pos + 1] == '/') {
      while (pos < e && text[pos] != '\n')
        ++pos;
      continue;
    }
    break;
  }
  if (pos >= e)
    return {};
  size_t begin = pos;
  char c = text[pos];
  if (c == '"') { // up to the closing quote or the end of the line
    for (++pos; pos < e && text[pos] != '"' && text[pos] != '\n'; ++pos)
      if (text[pos] == '\\')
        ++pos;
    pos = std::min(pos + 1, e);
    return make(TokenKind::String, begin);
  }
  if (llvm::isDigit(c)) {
    // MLIR's lexer: `0x` and a hex digit start a hexadecimal integer;
    // digits followed by `.` are a float; `4x4` is `4` and then `x4`.
    if (c == '0' && pos + 2 < e && text[pos + 1] == 'x' &&
        llvm::isHexDigit(text[pos + 2])) {
      pos += 2;
      while (pos < e && llvm::isHexDigit(text[pos]))
        ++pos;
      return make(TokenKind::Integer, begin);
    }
    while (pos < e && llvm::isDigit(text[pos]))
      ++pos;
    if (pos < e && text[pos] == '.') {
      while (pos < e && (isIdentifierChar(text[pos]) || text[pos] == '+' ||
                         text[pos] == '-'))
        ++pos;
      return make(TokenKind::Other, begin);
    }
    return make(TokenKind::Integer, begin);
  }
  if (llvm::isAlpha(c) || c == '_') {
    while (pos < e && isIdentifierChar(text[pos]))
      ++pos;
    return make(TokenKind::Identifier, begin);
  }
  if (c == '%' || c == '^' || c == '#' || c == '!' || c == '@') {
    ++pos;
    while (pos < e && (isIdentifierChar(text[pos]) || text[pos] == '-'))
      ++pos;
    return make(TokenKind::Other, begin);
  }
  ++pos;
  return make(TokenKind::Punctuation, begin);
}

bool Scanner::skipGroup(char open, char close) {
  unsigned depth = 1;
  for (Token t = next(); t.kind != TokenKind::End; t = next()) {
    if (t.is(open))
      ++depth;
    else if (t.is(close) && --depth == 0)
      return true;
  }
  return false;
}

/// Whether `digits` (an Integer token, after an optional minus) is a value
/// that `AsmParser::parseInteger<int64_t>` accepts.
static bool fitsInInt64(StringRef digits, bool negative) {
  llvm::APInt value;
  unsigned radix = digits.starts_with("0x") ? 16 : 10;
  if (digits.drop_front(radix == 16 ? 2 : 0).getAsInteger(radix, value))
    return false;
  // As the parser: the magnitude must fit in 64 bits, and then in int64 with
  // its sign.
  if (value.getActiveBits() > 64)
    return false;
  uint64_t magnitude = value.getZExtValue();
  return negative ? magnitude <= uint64_t(INT64_MAX) + 1
                  : magnitude <= uint64_t(INT64_MAX);
}

/// After `keyword =`: whether an integer list `[i, j, ...]` (or `[]`) that
/// DenseI64ArrayAttr::parse accepts follows. On failure `bad` is the token
/// the parser would stop at.
static bool scanIntegerList(Scanner &scanner, Token &bad) {
  Token t = scanner.next();
  if (!t.is('[')) {
    bad = t;
    return false;
  }
  t = scanner.next();
  if (t.is(']'))
    return true;
  for (;;) {
    bool negative = t.is('-');
    if (negative)
      t = scanner.next();
    if (t.kind != TokenKind::Integer || !fitsInInt64(t.text, negative)) {
      bad = t;
      return false;
    }
    t = scanner.next();
    if (t.is(']'))
      return true;
    if (!t.is(',')) {
      bad = t;
      return false;
    }
    t = scanner.next();
  }
}

LogicalResult distc::checkParserHazards(llvm::SourceMgr &sourceMgr,
                                        MLIRContext *ctx) {
  unsigned id = sourceMgr.getMainFileID();
  const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(id);
  Scanner scanner(buffer->getBuffer());
  auto error = [&](const char *at) {
    auto [line, col] =
        sourceMgr.getLineAndColumn(llvm::SMLoc::getFromPointer(at), id);
    return emitError(FileLineColLoc::get(
        StringAttr::get(ctx, buffer->getBufferIdentifier()), line, col));
  };
  for (Token t = scanner.next(); t.kind != TokenKind::End; t = scanner.next()) {
    if (t.kind != TokenKind::Identifier)
      continue;
    // The ops whose custom parser keeps an unchecked DenseI64ArrayAttr, and
    // the keyword that introduces it after their `ins(...) outs(...)`.
    StringRef keyword = llvm::StringSwitch<StringRef>(t.text)
                            .Case("linalg.reduce", "dimensions")
                            .Case("linalg.broadcast", "dimensions")
                            .Case("linalg.transpose", "permutation")
                            .Default("");
    if (keyword.empty())
      continue;
    StringRef opName = t.text;
    // `{ payload-op }` (linalg.reduce's short form) and `{attr-dict}` come
    // first, then `ins(...)` and `outs(...)`. Where these do not scan, the
    // parser fails on them before it reaches the list.
    t = scanner.next();
    bool scanned = true;
    while (scanned && t.is('{')) {
      scanned = scanner.skipGroup('{', '}');
      t = scanner.next();
    }
    for (StringRef clause : {"ins", "outs"}) {
      if (!scanned || !t.isIdentifier(clause))
        continue;
      t = scanner.next();
      scanned = t.is('(') && scanner.skipGroup('(', ')');
      t = scanner.next();
    }
    if (!scanned || !t.isIdentifier(keyword))
      continue;
    if (!scanner.next().is('='))
      continue; // "expected '='", which the parser reports properly
    Token bad;
    if (scanIntegerList(scanner, bad))
      continue;
    error(scanner.pointer(bad))
        << "'" << opName << "' expects `" << keyword
        << " = [i, j, ...]`, a list of integers that fit in int64 (distc "
        << "checks this before parsing: MLIR's parser crashes on a "
        << "malformed list here)";
    return failure();
  }
  return success();
}
