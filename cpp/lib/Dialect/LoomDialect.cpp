//===- LoomDialect.cpp - dialect and type registration --------------------===//
//
// Registers loom's ops and types, and the interfaces other passes need: the
// inliner interface (LoomInliner.cpp), the bufferization models
// (LoomBufferization.cpp) and the buffer-deallocation models of the ops
// (LoomDeallocation.cpp) and the check of where !loom.token block arguments
// may be on functions (LoomTokenArguments.cpp), attached here so that every
// driver (loom-opt, the mlir-opt plugin, the C API) gets them with the
// dialect.
//
//===----------------------------------------------------------------------===//

#include "LoomDialectInternal.h"

#include "loom/Dialect/LoomOps.h"
#include "loom/Dialect/LoomBufferization.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace loom;

#include "LoomDialect.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "LoomTypes.cpp.inc"

void LoomDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "LoomOps.cpp.inc"
      >();
  registerTypes();
  addInlinerInterface(*this);
  attachBufferizableOpInterfaces(getContext());
  attachBufferDeallocationModels(*getContext());
  appendTokenArgumentChecks(*getContext());
}

void LoomDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "LoomTypes.cpp.inc"
      >();
}

/// The discardable attributes loom declares (`discardableAttrs` in
/// LoomDialect.td): `loom.depth` (a non-negative i64) and `loom.facts` (a
/// string), each only on a loop (LoopLikeOpInterface); `loom.max_trips` and
/// `loom.proven_max_trips` (a non-negative i64, at least 1 on a loom.loop)
/// and `loom.max_trips_unproven` (a string), each only on a loom.loop or a
/// loom.for; `loom.version_condition` (a string) only on a function
/// (FunctionOpInterface). Any other `loom.` attribute is an error, so a
/// misspelled one is never kept silently.
LogicalResult LoomDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attribute) {
  StringRef name = attribute.getName().strref();
  bool isDepth = name == DepthAttrHelper::getNameStr();
  bool isFacts = name == FactsAttrHelper::getNameStr();
  bool isTrips = name == MaxTripsAttrHelper::getNameStr() ||
                 name == ProvenMaxTripsAttrHelper::getNameStr();
  bool isUnproven = name == MaxTripsUnprovenAttrHelper::getNameStr();
  bool isCondition = name == VersionConditionAttrHelper::getNameStr();
  if (!isDepth && !isFacts && !isTrips && !isUnproven && !isCondition)
    return op->emitOpError()
           << "has unknown loom attribute '" << name << "' (loom declares '"
           << DepthAttrHelper::getNameStr() << "', '"
           << FactsAttrHelper::getNameStr() << "', '"
           << MaxTripsAttrHelper::getNameStr() << "', '"
           << ProvenMaxTripsAttrHelper::getNameStr() << "', '"
           << MaxTripsUnprovenAttrHelper::getNameStr() << "' and '"
           << VersionConditionAttrHelper::getNameStr() << "')";
  if (isCondition) {
    if (!isa<FunctionOpInterface>(op))
      return op->emitOpError()
             << "carries '" << name
             << "', which only a function (FunctionOpInterface) may carry";
    if (!isa<StringAttr>(attribute.getValue()))
      return op->emitOpError() << "'" << name << "' must be a string, got "
                               << attribute.getValue();
    return success();
  }
  if ((isTrips || isUnproven) && !isa<LoopOp, ForOp>(op))
    return op->emitOpError() << "carries '" << name
                             << "', which only a loom.loop or a loom.for may "
                                "carry";
  if (!isa<LoopLikeOpInterface>(op))
    return op->emitOpError()
           << "carries '" << name
           << "', which only a loop (LoopLikeOpInterface) may carry";
  if (isDepth || isTrips) {
    auto value = dyn_cast<IntegerAttr>(attribute.getValue());
    if (!value || !value.getType().isSignlessInteger(64) ||
        value.getValue().isNegative())
      return op->emitOpError()
             << "'" << name << "' must be a non-negative i64 integer, got "
             << attribute.getValue();
    if (isTrips && isa<LoopOp>(op) && value.getValue().isZero())
      return op->emitOpError()
             << "'" << name
             << "' must be at least 1 on a loom.loop: its body runs at "
                "least once per entry";
    return success();
  }
  if (!isa<StringAttr>(attribute.getValue()))
    return op->emitOpError() << "'" << name << "' must be a string, got "
                             << attribute.getValue();
  return success();
}

Type TokenType::parse(AsmParser &parser) {
  if (succeeded(parser.parseOptionalLess())) {
    parser.emitError(parser.getCurrentLocation(),
                     "!loom.token takes no parameters");
    return {};
  }
  return TokenType::get(parser.getContext());
}

void TokenType::print(AsmPrinter &) const {}
