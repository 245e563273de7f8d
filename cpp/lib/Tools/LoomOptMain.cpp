//===- LoomOptMain.cpp - the loom-opt driver ------------------------------===//
//
// mlir-opt's full command line (MlirOptMain) with every upstream dialect,
// extension and pass, plus loom, loom's passes and whatever dialects the
// caller adds: the loom-opt binary adds the test-only loomtest dialect
// (test/lib/), which is not part of this library. Rust passes are
// registered by the Rust `main` before it calls loomOptMain.
//
//===----------------------------------------------------------------------===//

#include "loom-c/Driver.h"

#include "loom/Dialect/LoomOps.h"
#include "loom/Passes.h"
#include "mlir/CAPI/IR.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

extern "C" int loomOptMain(int argc, char **argv,
                           MlirDialectRegistry extraDialects) {
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<loom::LoomDialect>();
  unwrap(extraDialects)->appendTo(registry);
  mlir::registerAllPasses();
  loom::registerAllPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "loom modular optimizer driver\n", registry));
}
