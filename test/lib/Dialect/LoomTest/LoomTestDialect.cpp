//===- LoomTestDialect.cpp - test-only second dialect ---------------------===//
//
// The loomtest dialect's definitions and its registration entry point for
// the loom-opt binary. Not part of the loom library (see LoomTestDialect.h).
//
//===----------------------------------------------------------------------===//

#include "LoomTestDialect.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectRegistry.h"
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

extern "C" void loomTestRegisterDialect(MlirDialectRegistry registry) {
  unwrap(registry)->insert<loomtest::LoomTestDialect>();
}
