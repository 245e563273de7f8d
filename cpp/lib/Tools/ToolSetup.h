//===- ToolSetup.h - what loom's tool mains share ---------------*- C++ -*-===//
//
// loom-opt, loom-lsp-server and loom-reduce start the same way: they end
// quietly on a closed output pipe, and they know every upstream dialect and
// extension plus loom. Private to cpp/lib/Tools.
//
//===----------------------------------------------------------------------===//
#ifndef LOOM_TOOLS_TOOLSETUP_H
#define LOOM_TOOLS_TOOLSETUP_H

#include "loom/Dialect/LoomOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "llvm/Support/Signals.h"

#include <csignal>

namespace loom::tools {

/// A write to a closed pipe must end the process quietly, as it ends the
/// upstream tools. Rust ignores SIGPIPE in every program it starts, so the
/// write failed with EPIPE instead and LLVM's stream reported a fatal error.
/// Until LLVM registers its signal handlers the default action applies
/// (--help, --version, which print while the command line is parsed).
/// After that LLVM's pipe handler does: it removes the files registered for
/// removal on a signal (an output file, loom-opt's temporary for `-o FILE`)
/// and exits with EX_IOERR. It must be set before the handlers are
/// registered (InitLLVM in MLIR 22 registers them first, so on its own it
/// never installs it).
inline void endQuietlyOnClosedPipe() {
  std::signal(SIGPIPE, SIG_DFL);
  llvm::sys::SetOneShotPipeSignalFunction(
      llvm::sys::DefaultOneShotPipeSignalHandler);
}

/// Every upstream dialect and extension, and loom.
inline void registerToolDialects(mlir::DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<loom::LoomDialect>();
}

} // namespace loom::tools

#endif // LOOM_TOOLS_TOOLSETUP_H
