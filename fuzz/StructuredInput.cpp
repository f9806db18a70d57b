//===- StructuredInput.cpp - MLIR programs built from fuzz bytes ----------===//

#include "StructuredInput.h"

#include <algorithm>
#include <vector>

namespace distc::fuzz {
namespace {

/// What one piece of the recipe adds.
enum class Piece : uint8_t {
  AttrAliasChain,  ///< #aK = [#a(K-1)], used by an attribute of main
  TypeAliasChain,  ///< !tK = tuple<!t(K-1)>, used by a declaration
  NestedScfIf,     ///< scf.if %true { ... } around the statements
  NestedAffineIf,  ///< affine.if affine_set<(d0) : (d0 >= 0)> (`>=`!)
  NestedTensor,    ///< tensor<tensor<...f64>>
  UnaryMinus,      ///< affine_map<(d0) -> (----d0)>
  AffineSum,       ///< affine_map<(d0) -> (d0 + d0 + ...)>
  ModChain,        ///< affine_map<(d0) -> (d0 mod 2 mod 2 ...)>
  NestedParens,    ///< affine_map<(d0) -> ((((d0))))>
  HugeShape,       ///< tensor.empty with extreme static dimensions
  NestedArrays,    ///< [[[0]]] in an attribute
  LongChain,       ///< %vK = arith.addi %v(K-1), %v(K-1)
  NestedLoops,     ///< scf.for around the statements
  Count
};

/// Extreme static dimensions: around 2^31, 2^32, 2^62 and int64's maximum.
constexpr int64_t kDims[] = {0,
                             1,
                             2,
                             3,
                             1024,
                             (int64_t(1) << 31) - 1,
                             int64_t(1) << 31,
                             int64_t(1) << 32,
                             int64_t(1) << 62,
                             (int64_t(1) << 62) + 1,
                             INT64_MAX / 2,
                             INT64_MAX};

class Builder {
public:
  void add(Piece piece, unsigned count);
  std::string finish() const;

private:
  /// Room left for `bytesPerUnit`-sized repetitions.
  unsigned fit(unsigned count, size_t bytesPerUnit) const {
    size_t used = prelude.size() + body.size() + openers.size() * 48;
    size_t room = used < kMaxStructuredBytes ? kMaxStructuredBytes - used : 0;
    return static_cast<unsigned>(
        std::min<size_t>(count, room / std::max<size_t>(bytesPerUnit, 1)));
  }
  std::string next() { return "%v" + std::to_string(values++); }

  std::string prelude, mainAttrs, body;
  std::vector<std::string> openers;
  unsigned aliases = 0, values = 0;
};

void Builder::add(Piece piece, unsigned count) {
  switch (piece) {
  case Piece::AttrAliasChain:
  case Piece::TypeAliasChain: {
    bool attr = piece == Piece::AttrAliasChain;
    char sigil = attr ? '#' : '!';
    std::string base = (attr ? "a" : "t") + std::to_string(aliases++) + "_";
    count = std::max(1u, fit(count, 32));
    prelude += sigil + base + "0 = " + (attr ? "[0]" : "tuple<i32>") + "\n";
    for (unsigned k = 1; k < count; ++k)
      prelude += sigil + base + std::to_string(k) + " = " +
                 (attr ? "[" : "tuple<") + sigil + base +
                 std::to_string(k - 1) + (attr ? "]" : ">") + "\n";
    std::string last = sigil + base + std::to_string(count - 1);
    if (attr)
      mainAttrs += (mainAttrs.empty() ? "" : ", ") + base + " = " + last;
    else
      prelude += "func.func private @f_" + base + "(" + last + ")\n";
    return;
  }
  case Piece::NestedScfIf:
    for (unsigned k = 0, n = fit(count, 24); k < n; ++k)
      openers.push_back("scf.if %true {");
    return;
  case Piece::NestedAffineIf:
    for (unsigned k = 0, n = fit(count, 56); k < n; ++k)
      openers.push_back("affine.if affine_set<(d0) : (d0 >= 0)>(%c0) {");
    return;
  case Piece::NestedLoops:
    for (unsigned k = 0, n = fit(count, 48); k < n; ++k)
      openers.push_back("scf.for %i" + std::to_string(k) +
                        " = %c0 to %c1 step %c1 {");
    return;
  case Piece::NestedTensor: {
    unsigned n = fit(count, 8);
    std::string type;
    for (unsigned k = 0; k < n; ++k)
      type += "tensor<";
    type += "f64" + std::string(n, '>');
    body += "  " + next() + " = tensor.empty() : " + type + "\n";
    return;
  }
  case Piece::UnaryMinus:
  case Piece::AffineSum:
  case Piece::ModChain:
  case Piece::NestedParens: {
    std::string expr;
    if (piece == Piece::UnaryMinus) {
      expr = std::string(fit(count, 1), '-') + "d0";
    } else if (piece == Piece::AffineSum) {
      expr = "d0";
      for (unsigned k = 1, n = fit(count, 5); k < n; ++k)
        expr += " + d0";
    } else if (piece == Piece::ModChain) {
      expr = "d0";
      for (unsigned k = 0, n = fit(count, 6); k < n; ++k)
        expr += " mod 2";
    } else {
      unsigned n = fit(count, 2);
      expr = std::string(n, '(') + "d0" + std::string(n, ')');
    }
    std::string v = next();
    body += "  " + v + " = affine.apply affine_map<(d0) -> (" + expr +
            ")>(%c0)\n  vector.print " + v + " : index\n";
    return;
  }
  case Piece::HugeShape: {
    // Low byte: up to 4 dimensions, each picked from kDims.
    unsigned rank = 1 + count % 4;
    std::string shape;
    for (unsigned d = 0; d < rank; ++d)
      shape += std::to_string(
                   kDims[(count >> (2 + 3 * d)) % std::size(kDims)]) +
               "x";
    body += "  " + next() + " = tensor.empty() : tensor<" + shape + "f64>\n";
    return;
  }
  case Piece::NestedArrays: {
    unsigned n = fit(count, 2);
    prelude += "func.func private @arrays" + std::to_string(aliases++) +
               "() attributes {x = " + std::string(n, '[') + "0" +
               std::string(n, ']') + "}\n";
    return;
  }
  case Piece::LongChain: {
    std::string last = "%c1_i64";
    for (unsigned k = 0, n = fit(count, 48); k < n; ++k) {
      std::string v = next();
      body += "  " + v + " = arith.addi " + last + ", " + last + " : i64\n";
      last = v;
    }
    body += "  vector.print " + last + " : i64\n";
    return;
  }
  case Piece::Count:
    return;
  }
}

std::string Builder::finish() const {
  std::string text = prelude;
  text += "func.func @main()";
  if (!mainAttrs.empty())
    text += " attributes {" + mainAttrs + "}";
  text += " {\n  %c0 = arith.constant 0 : index\n"
          "  %c1 = arith.constant 1 : index\n"
          "  %c1_i64 = arith.constant 1 : i64\n"
          "  %true = arith.constant true\n";
  for (const std::string &opener : openers)
    text += "  " + opener + "\n";
  text += body;
  for (size_t k = 0; k < openers.size(); ++k)
    text += "  }\n";
  text += "  return\n}\n";
  return text;
}

} // namespace

std::string buildStructuredInput(const uint8_t *data, size_t size) {
  Builder builder;
  for (size_t i = 0; i + 3 <= size; i += 3) {
    auto piece = static_cast<Piece>(data[i] % static_cast<uint8_t>(Piece::Count));
    unsigned count = data[i + 1] | (unsigned(data[i + 2]) << 8);
    builder.add(piece, count);
  }
  return builder.finish();
}

} // namespace distc::fuzz
