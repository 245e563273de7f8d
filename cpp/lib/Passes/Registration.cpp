//===- Registration.cpp - register loom's C++ passes ----------------------===//
//
// Registers the TableGen'd passes and the `loom-lower-to-llvm` pipeline:
// loom-lower-to-cf, then upstream conversions taking scf/arith/index/memref/
// func/vector/cf/ub to the LLVM dialect, ready for mlir-runner and
// `mlir-translate --mlir-to-llvmir`.
//
//===----------------------------------------------------------------------===//

#include "loom/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

namespace loom {
namespace {
#define GEN_PASS_REGISTRATION
#include "LoomPasses.h.inc"

struct LowerToLLVMOptions
    : public mlir::PassPipelineOptions<LowerToLLVMOptions> {
  Option<AssumeRangeMode> assumeRange{
      *this, "assume-range",
      llvm::cl::desc("Passed to loom-lower-to-cf"),
      llvm::cl::init(AssumeRangeMode::Drop),
      llvm::cl::values(
          clEnumValN(AssumeRangeMode::Drop, "drop",
                     "replace loom.assume_range with its input (default)"),
          clEnumValN(AssumeRangeMode::Check, "check",
                     "insert a cf.assert per loom.assume_range"))};
};

/// loom-lower-to-cf, then the upstream conversions: vector ops that need
/// loops (vector.print of a vector) to scf; scf (including the
/// scf.execute_region wrappers loom-lower-to-cf may create) to cf; vector
/// before memref/arith so that the ops vector.print expands to are converted
/// by the later passes; reconcile-unrealized-casts last.
void buildLowerToLLVM(mlir::OpPassManager &pm,
                      const LowerToLLVMOptions &options) {
  LoomLowerToCFOptions cfOptions;
  cfOptions.assumeRange = options.assumeRange;
  pm.addPass(createLoomLowerToCF(cfOptions));
  pm.addPass(mlir::createConvertVectorToSCFPass());
  pm.addPass(mlir::createSCFToControlFlowPass());
  pm.addPass(mlir::createConvertVectorToLLVMPass());
  pm.addPass(mlir::memref::createExpandStridedMetadataPass());
  pm.addPass(mlir::createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(mlir::createConvertIndexToLLVMPass());
  pm.addPass(mlir::createArithToLLVMConversionPass());
  pm.addPass(mlir::createUBToLLVMConversionPass());
  pm.addPass(mlir::createConvertControlFlowToLLVMPass());
  pm.addPass(mlir::createConvertFuncToLLVMPass());
  pm.addPass(mlir::createReconcileUnrealizedCastsPass());
}
} // namespace

void registerAllPasses() {
  static bool registered = [] {
    registerLoomPasses();
    mlir::PassPipelineRegistration<LowerToLLVMOptions>(
        "loom-lower-to-llvm",
        "Lower loom and upstream scf/arith/index/memref/func/vector IR to the "
        "LLVM dialect (loom-lower-to-cf, then upstream conversions)",
        buildLowerToLLVM);
    return true;
  }();
  (void)registered;
}
} // namespace loom
