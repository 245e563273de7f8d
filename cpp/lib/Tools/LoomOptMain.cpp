//===- LoomOptMain.cpp - the loom-opt driver ------------------------------===//
//
// mlir-opt's full command line (MlirOptMain) with every upstream dialect,
// extension and pass, plus loom, loomtest and loom's passes. Rust passes are
// registered by the Rust `main` before it calls loomOptMain.
//
//===----------------------------------------------------------------------===//

#include "loom-c/Driver.h"

#include "loom/Dialect/LoomOps.h"
#include "loom/Passes.h"
#include "loom/TestDialect/LoomTestDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

extern "C" int loomOptMain(int argc, char **argv) {
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<loom::LoomDialect, loomtest::LoomTestDialect>();
  mlir::registerAllPasses();
  loom::registerAllPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "loom modular optimizer driver\n", registry));
}
