//===- LoomLspServerMain.cpp - the loom-lsp-server tool -------------------===//
//
// MLIR's language server (MlirLspServerMain) with the dialects loom-opt
// registers: every upstream dialect and extension, and loom. An editor with
// the MLIR extension pointed at loom-lsp-server shows loom's parse and
// verifier errors as diagnostics and offers hover and go-to-definition in
// loom IR.
//
// Compiled by build.rs into libloom_tools.a, which only the loom-lsp-server
// binary links (src/bin/loom-lsp-server.rs): neither the library nor the
// plugin carries the language server.
//
//===----------------------------------------------------------------------===//

#include "ToolSetup.h"
#include "loom/Dialect/LoomOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Support/LogicalResult.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"
#include "llvm/Support/Signals.h"

#include <csignal>
#include <cstdlib>

using namespace mlir;

extern "C" {
/// Runs the language server with `argc`/`argv` as a C `main` gets them
/// (`--help` lists the options) and returns the exit code. It reads
/// JSON-RPC messages from stdin and answers on stdout until `exit`.
int loomLspServerMain(int argc, char **argv);
}

int loomLspServerMain(int argc, char **argv) {
  // A client that goes away closes the pipe the server writes to.
  loom::tools::endQuietlyOnClosedPipe();

  DialectRegistry registry;
  loom::tools::registerToolDialects(registry);
  LogicalResult result = MlirLspServerMain(argc, argv, registry);
  return succeeded(result) ? EXIT_SUCCESS : EXIT_FAILURE;
}
