//===- LoomReduceMain.cpp - the loom-reduce tool --------------------------===//
//
// MLIR's test-case reducer (mlirReduceMain) with the dialects loom-opt
// registers (every upstream dialect and extension, and loom) and every
// upstream and loom pass, so that reduction pipelines can name loom's passes
// (`-opt-reduction-pass='opt-pass=loom-lower-to-scf ...'`, or as pass flags).
// loom's Rust passes are registered by the Rust `main`
// (src/bin/loom-reduce.rs) before it calls loomReduceMain.
//
// Compiled by build.rs into libloom_tools.a, which only the loom-reduce
// binary links: neither the library nor the plugin carries the reducer.
//
//===----------------------------------------------------------------------===//

#include "ToolSetup.h"
#include "loom/Dialect/LoomOps.h"
#include "loom/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Support/LogicalResult.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"
#include "llvm/Support/Signals.h"

#include <csignal>
#include <cstdlib>

using namespace mlir;

extern "C" {
/// Runs the reducer with `argc`/`argv` as a C `main` gets them (`--help`
/// lists the options) and returns the exit code. Register loom's Rust passes
/// first (loom::passes::register_all) for pipelines to name them.
int loomReduceMain(int argc, char **argv);
}

int loomReduceMain(int argc, char **argv) {
  // `loom-reduce x.mlir ... | head` ends quietly.
  loom::tools::endQuietlyOnClosedPipe();

  registerAllPasses();
  loom::registerAllPasses();

  DialectRegistry registry;
  loom::tools::registerToolDialects(registry);
  MLIRContext context(registry);
  LogicalResult result = mlirReduceMain(argc, argv, context);
  return succeeded(result) ? EXIT_SUCCESS : EXIT_FAILURE;
}
