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
// - `--version` names loom's version and commit before LLVM's version text;
// - errors that have no location (a bad pass option in the pipeline, a
//   report file a pass cannot write) are printed as `loom-opt: error: ...`,
//   not at the made-up position `<unknown>:0:`.
//
//===----------------------------------------------------------------------===//

#include "ToolSetup.h"
#include "loom-c/Driver.h"

#include "loom/Dialect/LoomOps.h"
#include "loom/Passes.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>
#include <cstdio>
#include <string>

using namespace mlir;

namespace {

/// Prints `message` as `<tool>: <kind>: <first line>`, its other lines as
/// they are (a pipeline parser's caret must stay under its pipeline text),
/// without the blank lines MLIR's pipeline errors carry.
void printWithoutLocation(llvm::raw_ostream &os, llvm::StringRef tool,
                          llvm::StringRef kind, llvm::StringRef message) {
  llvm::SmallVector<llvm::StringRef> lines;
  message.split(lines, '\n');
  bool first = true;
  for (llvm::StringRef line : lines) {
    line = line.rtrim();
    if (line.empty())
      continue;
    if (first)
      os << tool << ": " << kind << ": ";
    os << line << '\n';
    first = false;
  }
  if (first)
    os << tool << ": " << kind << '\n';
}

/// Prints an error without a location (UnknownLoc, notes included) the way
/// LLVM tools print errors that are not about a place in the input, and
/// consumes it. MLIR's SourceMgr handler would print `<unknown>:0:`, a
/// position that does not exist. Anything else is left to MLIR's handlers.
LogicalResult printUnlocatedError(llvm::StringRef tool, Diagnostic &diag) {
  if (diag.getSeverity() != DiagnosticSeverity::Error ||
      !isa<UnknownLoc>(diag.getLocation()))
    return failure();
  for (Diagnostic &note : diag.getNotes())
    if (!isa<UnknownLoc>(note.getLocation()))
      return failure();
  printWithoutLocation(llvm::errs(), tool, "error", diag.str());
  for (Diagnostic &note : diag.getNotes())
    printWithoutLocation(llvm::errs(), tool, "note", note.str());
  return success();
}

/// mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry)
/// of MLIR 22, step by step, with the configuration from the command line
/// and one change: each run's context gets printUnlocatedError, installed
/// when the pass pipeline is set up (the first point where the driver sees
/// the context; diagnostics before it, from the parser, have locations).
/// Under --verify-diagnostics nothing is changed: the verifier must see
/// every diagnostic, an unexpected pipeline error included.
/// MLIR 22's remark options (--remark-format, --remark-policy,
/// --remarks-filter*, --remarks-output-file) are part of `config` and are
/// kept: MlirOptMain installs the remark engine on each run's context
/// before the passes run (test/Facts/remark-yaml.mlir).
LogicalResult runMlirOpt(int argc, char **argv, llvm::StringRef inputFilename,
                         llvm::StringRef outputFilename,
                         DialectRegistry &registry) {
  llvm::InitLLVM initLLVM(argc, argv);

  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  if (!config.shouldVerifyDiagnostics()) {
    MlirOptMainConfig fromCommandLine = config;
    std::string tool = llvm::sys::path::filename(argv[0]).str();
    config.setPassPipelineSetupFn([fromCommandLine, tool](PassManager &pm) {
      // The handler lives as long as the context (one per input chunk).
      pm.getContext()->getDiagEngine().registerHandler(
          [tool](Diagnostic &diag) { return printUnlocatedError(tool, diag); });
      return fromCommandLine.setupPassPipeline(pm);
    });
  }

  if (config.shouldShowDialects()) {
    llvm::outs() << "Available Dialects: ";
    llvm::interleave(registry.getDialectNames(), llvm::outs(), ",");
    llvm::outs() << "\n";
    return success();
  }
  if (config.shouldListPasses()) {
    printRegisteredPasses();
    return success();
  }

  if (inputFilename == "-" &&
      llvm::sys::Process::FileDescriptorIsDisplayed(fileno(stdin)))
    llvm::errs() << "(processing input from stdin now, hit ctrl-c/ctrl-d to "
                    "interrupt)\n";

  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(inputFilename, &errorMessage);
  if (!file) {
    llvm::errs() << errorMessage << "\n";
    return failure();
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return failure();
  }
  if (failed(MlirOptMain(output->os(), std::move(file), registry, config)))
    return failure();
  output->keep();
  return success();
}

} // namespace

extern "C" int loomOptMain(int argc, char **argv,
                           MlirDialectRegistry extraDialects,
                           MlirStringRef version) {
  // A write to a closed pipe ends the process quietly, as it ends mlir-opt
  // (see ToolSetup.h).
  loom::tools::endQuietlyOnClosedPipe();

  std::string versionText = unwrap(version).str();
  llvm::cl::SetVersionPrinter([versionText](llvm::raw_ostream &os) {
    os << versionText << '\n';
    // LLVM's own text (vendor, version, build), which SetVersionPrinter
    // would otherwise replace.
    llvm::cl::PrintVersionMessage();
  });

  DialectRegistry registry;
  loom::tools::registerToolDialects(registry);
  unwrap(extraDialects)->appendTo(registry);
  registerAllPasses();
  loom::registerAllPasses();

  auto [inputFilename, outputFilename] = registerAndParseCLIOptions(
      argc, argv, "loom modular optimizer driver\n", registry);
  return asMainReturnCode(
      runMlirOpt(argc, argv, inputFilename, outputFilename, registry));
}
