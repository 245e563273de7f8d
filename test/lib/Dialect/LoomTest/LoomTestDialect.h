//===- LoomTestDialect.h - test-only second dialect -------------*- C++ -*-===//
//
// The `loomtest` dialect (LoomTestOps.td): ops from a second namespace that
// use loom's early-exit interfaces. Test-only: compiled into
// libloom_test.a, which only the loom-opt binary links (build.rs).
//
//===----------------------------------------------------------------------===//
#ifndef LOOM_TEST_LIB_DIALECT_LOOMTEST_LOOMTESTDIALECT_H
#define LOOM_TEST_LIB_DIALECT_LOOMTEST_LOOMTESTDIALECT_H

#include "loom/Dialect/LoomInterfaces.h"
#include "mlir-c/IR.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "LoomTestOpsDialect.h.inc"

#define GET_OP_CLASSES
#include "LoomTestOps.h.inc"

extern "C" {
/// Inserts the loomtest dialect into `registry`, the way mlir-opt calls
/// upstream's test::registerTestDialect. Called by the loom-opt binary
/// (src/bin/loom-opt.rs), which hands the registry to loomOptMain.
void loomTestRegisterDialect(MlirDialectRegistry registry);
}

#endif
