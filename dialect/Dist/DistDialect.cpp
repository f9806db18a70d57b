//===- DistDialect.cpp - dist dialect and !dist.tensor --------------------===//

#include "dialect/Dist/Dist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::dist;

/// The optional tail of !dist.halo: (`,` `periodic` `=` mask)?
/// (`,` `corners` `=` `false`)?, each printed when not the default. One
/// directive: two optional groups both starting with `,` would commit to
/// the first at the comma.
static ParseResult parseHaloOptions(AsmParser &parser, int64_t &periodic,
                                    bool &corners) {
  periodic = 0;
  corners = true;
  if (failed(parser.parseOptionalComma()))
    return success();
  if (succeeded(parser.parseOptionalKeyword("periodic"))) {
    if (parser.parseEqual() || parser.parseInteger(periodic))
      return failure();
    if (failed(parser.parseOptionalComma()))
      return success();
  }
  if (parser.parseKeyword("corners") || parser.parseEqual())
    return failure();
  if (succeeded(parser.parseOptionalKeyword("false")))
    corners = false;
  else if (parser.parseKeyword("true"))
    return failure();
  return success();
}

static void printHaloOptions(AsmPrinter &printer, int64_t periodic,
                             bool corners) {
  if (periodic != 0)
    printer << ", periodic = " << periodic;
  if (!corners)
    printer << ", corners = false";
}

#include "dialect/Dist/DistOpsDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "dialect/Dist/DistOpsTypes.cpp.inc"

void DistDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialect/Dist/DistOpsTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialect/Dist/DistOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Static sizes
//===----------------------------------------------------------------------===//

int64_t mlir::dist::elementBytes(Type elementType) {
  if (elementType.isIndex())
    return 8;
  if (auto complex = dyn_cast<ComplexType>(elementType))
    return 2 * elementBytes(complex.getElementType());
  if (!elementType.isIntOrFloat())
    return 1;
  return std::max<int64_t>(1, (elementType.getIntOrFloatBitWidth() + 7) / 8);
}

LogicalResult
mlir::dist::verifyStaticSizesFit(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> sizes, Type elementType,
                                 StringRef what) {
  // A tensor with an empty static dimension holds nothing, whatever the
  // other sizes.
  if (llvm::is_contained(sizes, 0))
    return success();
  int64_t elements = 1;
  for (int64_t size : sizes) {
    if (ShapedType::isDynamic(size))
      continue;
    if (llvm::MulOverflow(elements, size, elements))
      return emitError() << what
                         << " has too many elements: the product of the "
                            "static sizes does not fit in int64";
  }
  int64_t bytes = 0;
  if (llvm::MulOverflow(elements, elementBytes(elementType), bytes))
    return emitError() << what << " is too large: " << elements
                       << " elements of " << elementType
                       << " take more than INT64_MAX bytes";
  return success();
}

LogicalResult mlir::dist::verifyExtendedSizesFit(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> shape,
    ArrayRef<int64_t> low, ArrayRef<int64_t> high, Type elementType,
    StringRef what) {
  SmallVector<int64_t> extended;
  for (auto [d, size] : llvm::enumerate(shape)) {
    if (ShapedType::isDynamic(size)) {
      extended.push_back(size);
      continue;
    }
    int64_t withLow = 0, withBoth = 0;
    if (llvm::AddOverflow(size, low[d], withLow) ||
        llvm::AddOverflow(withLow, high[d], withBoth))
      return emitError() << what << ": the extended size of dimension " << d
                         << " (" << size << " + " << low[d] << " + " << high[d]
                         << ") does not fit in int64";
    extended.push_back(withBoth);
  }
  return verifyStaticSizesFit(emitError, extended, elementType,
                              (what + "'s extended box").str());
}

//===----------------------------------------------------------------------===//
// DistTensorType
//===----------------------------------------------------------------------===//

/// Parses `[` e (`,` e)* `]` where e is an integer or, if `allowDynamic`,
/// `?` (kDynamic).
static ParseResult parseIntegerList(AsmParser &parser,
                                    SmallVectorImpl<int64_t> &values,
                                    bool allowDynamic) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (allowDynamic && succeeded(parser.parseOptionalQuestion())) {
          values.push_back(ShapedType::kDynamic);
          return success();
        }
        return parser.parseInteger(values.emplace_back());
      });
}

Type DistTensorType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType))
    return {};
  int64_t team = 0, split = 0;
  bool balanced = true;
  SmallVector<int64_t> grid, gridSplit;
  bool splitList = false;
  while (succeeded(parser.parseOptionalComma())) {
    StringRef keyword;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&keyword))
      return {};
    if (keyword == "irregular") {
      balanced = false;
      continue;
    }
    if (keyword == "grid") {
      if (parser.parseEqual() ||
          parseIntegerList(parser, grid, /*allowDynamic=*/true))
        return {};
      continue;
    }
    if (keyword == "split" && succeeded(parser.parseEqual()) &&
        succeeded(parser.parseOptionalLSquare())) {
      splitList = true;
      if (succeeded(parser.parseOptionalRSquare()))
        continue;
      do {
        if (parser.parseInteger(gridSplit.emplace_back()))
          return {};
      } while (succeeded(parser.parseOptionalComma()));
      if (parser.parseRSquare())
        return {};
      continue;
    }
    int64_t *target = keyword == "team"    ? &team
                      : keyword == "split" ? &split
                                           : nullptr;
    if (!target) {
      parser.emitError(loc) << "unknown !dist.tensor parameter '" << keyword
                            << "' (expected 'team', 'split', 'grid' or "
                               "'irregular')";
      return {};
    }
    // `split =` was consumed by the list check above.
    if ((keyword != "split" && parser.parseEqual()) ||
        parser.parseInteger(*target))
      return {};
  }
  SMLoc end = parser.getCurrentLocation();
  if (parser.parseGreater())
    return {};
  if (splitList != !grid.empty()) {
    parser.emitError(end) << (grid.empty()
                                  ? "a list of split dimensions needs a "
                                    "'grid'"
                                  : "a 'grid' needs a list of split "
                                    "dimensions, one per grid axis "
                                    "(split = [...])");
    return {};
  }
  // One run-time axis is the 1-D form: the same partition, one spelling.
  if (grid.size() == 1 && ShapedType::isDynamic(grid[0]) &&
      gridSplit.size() == 1) {
    split = gridSplit[0];
    grid.clear();
    gridSplit.clear();
  }
  return parser.getChecked<DistTensorType>(parser.getContext(), shape,
                                           elementType, team, split, balanced,
                                           grid, gridSplit);
}

void DistTensorType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t dim : getShape()) {
    if (ShapedType::isDynamic(dim))
      printer << "?";
    else
      printer << dim;
    printer << "x";
  }
  printer << getElementType();
  if (getTeam() != 0)
    printer << ", team = " << getTeam();
  if (isGrid()) {
    printer << ", grid = [";
    llvm::interleaveComma(getGrid(), printer, [&](int64_t extent) {
      if (ShapedType::isDynamic(extent))
        printer << "?";
      else
        printer << extent;
    });
    printer << "], split = [";
    llvm::interleaveComma(getGridSplit(), printer);
    printer << "]";
  } else if (getSplit() != 0) {
    printer << ", split = " << getSplit();
  }
  if (!getBalanced())
    printer << ", irregular";
  printer << ">";
}

LogicalResult
DistTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> shape, Type elementType, int64_t team,
                       int64_t split, bool balanced, ArrayRef<int64_t> grid,
                       ArrayRef<int64_t> gridSplit) {
  if (shape.empty())
    return emitError() << "!dist.tensor must have rank >= 1";
  if (grid.size() != gridSplit.size())
    return emitError() << "!dist.tensor grid has " << grid.size()
                       << " axes but " << gridSplit.size()
                       << " split dimensions (one per grid axis)";
  if (!grid.empty()) {
    if (split != 0)
      return emitError() << "!dist.tensor on a grid takes its split "
                            "dimensions from the list";
    // The product is the team size the lowering checks at run time: one
    // that wraps could equal it (7 x 7905747460161236407 is 1 in int64).
    int64_t processes = 1;
    for (int64_t extent : grid) {
      if (ShapedType::isDynamic(extent))
        continue;
      if (extent <= 0)
        return emitError() << "!dist.tensor grid extents must be positive "
                              "or '?', got "
                           << extent;
      if (llvm::MulOverflow(processes, extent, processes))
        return emitError() << "!dist.tensor grid has too many processes: "
                              "the product of its static extents does not "
                              "fit in int64";
    }
    SmallVector<bool> seen(shape.size(), false);
    for (int64_t d : gridSplit) {
      if (d < 0 || d >= static_cast<int64_t>(shape.size()))
        return emitError() << "split dimension " << d
                           << " is out of range for rank " << shape.size();
      if (seen[d])
        return emitError() << "dimension " << d
                           << " is split over two grid axes";
      seen[d] = true;
    }
  }
  for (int64_t dim : shape)
    if (dim < 0 && !ShapedType::isDynamic(dim))
      return emitError() << "!dist.tensor dimension sizes must be >= 0";
  if (split < 0 || split >= static_cast<int64_t>(shape.size()))
    return emitError() << "split dimension " << split
                       << " is out of range for rank " << shape.size();
  auto complex = dyn_cast<ComplexType>(elementType);
  bool complexOfF32OrF64 = complex && (complex.getElementType().isF32() ||
                                       complex.getElementType().isF64());
  if (!elementType.isIntOrIndexOrFloat() && !complexOfF32OrF64)
    return emitError() << "!dist.tensor element type must be an integer, "
                          "index, floating-point, complex<f32> or "
                          "complex<f64> type, got "
                       << elementType;
  // Dynamic dimensions are checked when the tensor is created (the
  // lowering's run-time checks).
  return verifyStaticSizesFit(emitError, shape, elementType, "!dist.tensor");
}

SmallVector<int64_t> DistTensorType::getSplitDims() const {
  if (isGrid())
    return SmallVector<int64_t>(getGridSplit());
  return {getSplit()};
}

int64_t DistTensorType::getGridAxisOf(int64_t d) const {
  SmallVector<int64_t> dims = getSplitDims();
  auto it = llvm::find(dims, d);
  return it == dims.end() ? -1 : it - dims.begin();
}

RankedTensorType DistTensorType::getLocalType() const {
  SmallVector<int64_t> shape(getShape());
  for (int64_t d : getSplitDims())
    shape[d] = ShapedType::kDynamic;
  return RankedTensorType::get(shape, getElementType());
}

RankedTensorType DistTensorType::getGlobalTensorType() const {
  return RankedTensorType::get(getShape(), getElementType());
}

bool DistTensorType::hasSamePartitionAs(DistTensorType other) const {
  // Equal `?` extents factor the same team the same way.
  return getTeam() == other.getTeam() && getSplit() == other.getSplit() &&
         getGrid() == other.getGrid() &&
         getGridSplit() == other.getGridSplit() && getBalanced() &&
         other.getBalanced();
}

DistTensorType DistTensorType::withShape(ArrayRef<int64_t> shape) const {
  return DistTensorType::get(getContext(), shape, getElementType(), getTeam(),
                             getSplit(), getBalanced(), getGrid(),
                             getGridSplit());
}

DistTensorType DistTensorType::withElementType(Type elementType) const {
  return DistTensorType::get(getContext(), getShape(), elementType, getTeam(),
                             getSplit(), getBalanced(), getGrid(),
                             getGridSplit());
}

DistTensorType DistTensorType::withPartition(int64_t split,
                                             bool balanced) const {
  return DistTensorType::get(getContext(), getShape(), getElementType(),
                             getTeam(), split, balanced, {}, {});
}

DistTensorType DistTensorType::withGrid(ArrayRef<int64_t> grid,
                                        ArrayRef<int64_t> splits,
                                        bool balanced) const {
  if (grid.empty())
    return withPartition(splits.front(), balanced);
  return DistTensorType::get(getContext(), getShape(), getElementType(),
                             getTeam(), 0, balanced, grid, splits);
}

//===----------------------------------------------------------------------===//
// HaloType
//===----------------------------------------------------------------------===//

SmallVector<int64_t> mlir::dist::haloCrossingDims(DistTensorType type,
                                                  int64_t periodic) {
  SmallVector<int64_t> split = type.getSplitDims(), dims;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if ((d < 63 && ((periodic >> d) & 1)) || llvm::is_contained(split, d))
      dims.push_back(d);
  return dims;
}

bool mlir::dist::shiftReadsCorner(DistTensorType type, int64_t periodic,
                                  ArrayRef<int64_t> shift) {
  return llvm::count_if(haloCrossingDims(type, periodic), [&](int64_t d) {
           return shift[d] != 0;
         }) >= 2;
}

LogicalResult HaloType::verify(function_ref<InFlightDiagnostic()> emitError,
                               Type source, ArrayRef<int64_t> low,
                               ArrayRef<int64_t> high, int64_t periodic,
                               bool corners) {
  auto type = dyn_cast<DistTensorType>(source);
  if (!type)
    return emitError() << "!dist.halo must be of a !dist.tensor, got "
                       << source;
  int64_t rank = type.getRank();
  if (static_cast<int64_t>(low.size()) != rank ||
      static_cast<int64_t>(high.size()) != rank)
    return emitError() << "!dist.halo expects 'low' and 'high' widths for "
                          "each of the "
                       << rank << " dimensions";
  for (ArrayRef<int64_t> widths : {low, high})
    for (auto [d, w] : llvm::enumerate(widths))
      if (w < 0 || w > kMaxStencilWidth)
        return emitError() << "!dist.halo width " << w << " in dimension " << d
                           << " must be in [0, 2^48]";
  if (failed(verifyExtendedSizesFit(emitError, type.getShape(), low, high,
                                    type.getElementType(), "!dist.halo")))
    return failure();
  // update_halo exchanges rows along dimension 0 (any partition),
  // update_grid_halo the slabs of balanced blocks (a grid or another
  // split), a copy_reshape the extended box of irregular ones.
  if (periodic < 0 || (rank < 63 && (periodic >> rank) != 0))
    return emitError() << "!dist.halo 'periodic' has bits beyond the " << rank
                       << " dimensions";
  // The runtime finds the neighbours of a periodic halo with the balanced
  // formula.
  if (periodic != 0 && !type.getBalanced())
    return emitError() << "!dist.halo: periodic halos need a balanced "
                          "partition";
  return success();
}
