//===- LoomTestDialect.cpp - test-only second dialect ---------------------===//

#include "loom/TestDialect/LoomTestDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;

#include "LoomTestOpsDialect.cpp.inc"

void loomtest::LoomTestDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "LoomTestOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "LoomTestOps.cpp.inc"
