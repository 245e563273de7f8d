//===- LoomTestDialect.h - test-only second dialect -------------*- C++ -*-===//
#ifndef LOOM_TESTDIALECT_LOOMTESTDIALECT_H
#define LOOM_TESTDIALECT_LOOMTESTDIALECT_H

#include "loom/Dialect/LoomInterfaces.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "LoomTestOpsDialect.h.inc"

#define GET_OP_CLASSES
#include "LoomTestOps.h.inc"

#endif
