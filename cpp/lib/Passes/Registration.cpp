//===- Registration.cpp - register loom's C++ passes ----------------------===//
//
// Registers the TableGen'd passes and implements `loom-lower-to-llvm`: a
// pass that runs loom-lower-to-cf and the upstream conversions taking
// scf/arith/index/memref/func/vector/cf/ub to the LLVM dialect on its
// module, as a dynamic pipeline (ready for mlir-runner and
// `mlir-translate --mlir-to-llvmir`).
//
//===----------------------------------------------------------------------===//

#include "loom/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

namespace loom {
#define GEN_PASS_DEF_LOOMLOWERTOLLVM
#include "LoomPasses.h.inc"

namespace {
#define GEN_PASS_REGISTRATION
#include "LoomPasses.h.inc"

/// loom-lower-to-cf, then the upstream conversions: vector ops that need
/// loops (vector.print of a vector) to scf; scf (including the
/// scf.execute_region wrappers loom-lower-to-cf may create) to cf; vector
/// before memref/arith so that the ops vector.print expands to are converted
/// by the later passes; reconcile-unrealized-casts last.
void buildLowerToLLVM(mlir::OpPassManager &pm, AssumeRangeMode assumeRange) {
  LoomLowerToCFOptions cfOptions;
  cfOptions.assumeRange = assumeRange;
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

/// The pipeline as one pass, so that it exists as a pass object (the C and
/// Rust APIs create it) and not only as a name in the pipeline registry.
struct LowerToLLVM : impl::LoomLowerToLLVMBase<LowerToLLVM> {
  using Base::Base;

  mlir::OpPassManager pipeline() const {
    mlir::OpPassManager pm(mlir::ModuleOp::getOperationName(),
                           mlir::OpPassManager::Nesting::Implicit);
    buildLowerToLLVM(pm, assumeRange);
    return pm;
  }

  /// What the nested passes need loaded before anything runs (the pass
  /// manager loads these up front; a pass running in parallel may not).
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    pipeline().getDependentDialects(registry);
  }

  void runOnOperation() override {
    mlir::OpPassManager pm = pipeline();
    if (mlir::failed(runPipeline(pm, getOperation())))
      signalPassFailure();
  }
};
} // namespace

void registerAllPasses() {
  static bool registered = [] {
    registerLoomPasses();
    return true;
  }();
  (void)registered;
}
} // namespace loom
