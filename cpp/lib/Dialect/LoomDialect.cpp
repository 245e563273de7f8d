//===- LoomDialect.cpp - dialect and type registration --------------------===//

#include "loom/Dialect/LoomOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
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
}

void LoomDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "LoomTypes.cpp.inc"
      >();
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
