//===- LoomOptMain.cpp - the loom-opt driver ------------------------------===//
//
// mlir-opt's full command line (MlirOptMain) with every upstream dialect,
// extension and pass, plus loom, loom's passes and whatever dialects the
// caller adds: the loom-opt binary adds the test-only loomtest dialect
// (test/lib/), which is not part of this library. Rust passes are
// registered by the Rust `main` before it calls loomOptMain.
//
// Where loom-opt differs from upstream's mlir-opt:
// - a closed output pipe (`loom-opt x.mlir | head`) ends the process
//   quietly: Rust starts every program with SIGPIPE ignored, which turned
//   the write into "LLVM ERROR: IO failure on output stream";
// - `--version` names loom's version and commit before LLVM's version text.
//
//===----------------------------------------------------------------------===//

#include "loom-c/Driver.h"

#include "loom/Dialect/LoomOps.h"
#include "loom/Passes.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <string>

extern "C" int loomOptMain(int argc, char **argv,
                           MlirDialectRegistry extraDialects,
                           MlirStringRef version) {
  // A write to a closed pipe must end the process quietly, as it ends
  // mlir-opt. Rust ignores SIGPIPE in every program it starts, so the write
  // failed with EPIPE instead and LLVM's stream reported a fatal error.
  // Until LLVM registers its signal handlers the default action applies
  // (--help, --version, which print while the command line is parsed).
  // After that LLVM's pipe handler does: it removes the files registered
  // for removal on a signal (the output file, loom-opt's temporary for
  // `-o FILE`) and exits with EX_IOERR. It must be set before the handlers
  // are registered (InitLLVM in MLIR 22 registers them first, so on its
  // own it never installs it).
  std::signal(SIGPIPE, SIG_DFL);
  llvm::sys::SetOneShotPipeSignalFunction(
      llvm::sys::DefaultOneShotPipeSignalHandler);

  std::string versionText = unwrap(version).str();
  llvm::cl::SetVersionPrinter([versionText](llvm::raw_ostream &os) {
    os << versionText << '\n';
    // LLVM's own text (vendor, version, build), which SetVersionPrinter
    // would otherwise replace.
    llvm::cl::PrintVersionMessage();
  });

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
