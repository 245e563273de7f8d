//===- Registration.cpp - register loom's C++ passes ----------------------===//
//
// Registers the TableGen'd passes and implements `loom-lower-to-llvm`: a
// pass that runs loom-lower-to-cf and the upstream conversions taking
// affine/scf/arith/index/math/memref/func/vector/cf/ub and OpenMP regions
// to the LLVM dialect on its module, as a dynamic pipeline (ready for
// `mlir-translate --mlir-to-llvmir`, and for mlir-runner when the module has
// no `dlti.dl_spec`: MLIR 22's mlir-runner does not register DLTI).
//
// Index width: the whole pipeline lowers `index` at one width, the index
// width of the module's data layout (mlir::DataLayout::closest, 64 bits
// without a `dlti.dl_spec` naming `index`). It is the width the
// loom.assume_range verifier checks bounds at, so assume-range=check never
// compares against a truncated bound. Every conversion gets that width:
// the upstream passes through their index-bitwidth option; vector and
// OpenMP, whose upstream passes always use 64 bits, through two internal
// passes below that apply the same upstream patterns with a type converter
// at the module's width. A width of 0 (which DLTI accepts) is an error, as
// LLVM has no i0, and so is a scope inside the module (a nested
// builtin.module or gpu.module with a spec of its own) whose index width
// differs from the module's: its index values would be lowered at the
// wrong width. (Only an outer layout that does not name `index` allows
// one: nested specs that both name it crash MLIR 22's DLTI verifier.)
//
//===----------------------------------------------------------------------===//

#include "LoweringCommon.h"

#include "loom/Passes.h"

#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/LoweringOptions.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/OpenMPToLLVM/ConvertOpenMPToLLVM.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace loom {
#define GEN_PASS_DEF_LOOMLOWERTOLLVM
#include "LoomPasses.h.inc"

namespace {
#define GEN_PASS_REGISTRATION
#include "LoomPasses.h.inc"

/// upstream's convert-vector-to-llvm with its default options, except that
/// its LLVM type converter lowers `index` at `indexBitwidth` bits (upstream's
/// pass always uses 64). First the vector-to-vector lowerings the upstream
/// pass applies before converting (contractions, transposes, masks, steps,
/// rank-reducing rewrites, ...), then the conversion itself.
struct VectorToLLVMAtIndexWidth
    : mlir::PassWrapper<VectorToLLVMAtIndexWidth,
                        mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(VectorToLLVMAtIndexWidth)

  explicit VectorToLLVMAtIndexWidth(unsigned indexBitwidth)
      : indexBitwidth(indexBitwidth) {}

  llvm::StringRef getArgument() const override {
    return "loom-internal-vector-to-llvm";
  }
  llvm::StringRef getDescription() const override {
    return "convert-vector-to-llvm at the module's index width (inside "
           "loom-lower-to-llvm)";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::LLVM::LLVMDialect, mlir::arith::ArithDialect,
                    mlir::memref::MemRefDialect>();
  }

  void runOnOperation() override {
    mlir::MLIRContext *ctx = &getContext();
    // Upstream's defaults: 32-bit indices in mask computations, dot-product
    // contractions, element-wise transposes.
    constexpr bool force32BitVectorIndices = true;
    {
      mlir::RewritePatternSet patterns(ctx);
      namespace vector = mlir::vector;
      vector::populateVectorToVectorCanonicalizationPatterns(patterns);
      vector::populateVectorBitCastLoweringPatterns(patterns);
      vector::populateVectorBroadcastLoweringPatterns(patterns);
      vector::populateVectorContractLoweringPatterns(
          patterns, vector::VectorContractLowering::Dot);
      vector::populateVectorMaskOpLoweringPatterns(patterns);
      vector::populateVectorShapeCastLoweringPatterns(patterns);
      vector::populateVectorInterleaveLoweringPatterns(patterns);
      vector::populateVectorTransposeLoweringPatterns(
          patterns, vector::VectorTransposeLowering::EltWise);
      // Transfers of rank > 1 were taken to loops by convert-vector-to-scf.
      vector::populateVectorTransferLoweringPatterns(patterns,
                                                     /*maxTransferRank=*/1);
      vector::populateVectorMaskMaterializationPatterns(
          patterns, force32BitVectorIndices);
      vector::populateVectorInsertExtractStridedSliceTransforms(patterns);
      vector::populateVectorStepLoweringPatterns(patterns);
      vector::populateVectorRankReducingFMAPattern(patterns);
      vector::populateVectorGatherLoweringPatterns(patterns);
      vector::populateVectorFromElementsUnrollPatterns(patterns);
      vector::populateVectorToElementsUnrollPatterns(patterns);
      // As upstream: a rewrite that does not converge leaves IR the
      // conversion below reports on.
      (void)mlir::applyPatternsGreedily(getOperation(), std::move(patterns));
    }

    // Upstream prints an index with printU64 and no extension: right at 64
    // bits only. A narrower index is zero-extended to i64 first (it prints
    // the same digits through printI64, as it is below 2^63).
    if (indexBitwidth < 64) {
      mlir::IRRewriter rewriter(ctx);
      getOperation().walk([&](mlir::vector::PrintOp print) {
        mlir::Value source = print.getSource();
        if (!source || !source.getType().isIndex())
          return;
        rewriter.setInsertionPoint(print);
        mlir::Value wide = mlir::arith::IndexCastUIOp::create(
            rewriter, print.getLoc(), rewriter.getI64Type(), source);
        rewriter.modifyOpInPlace(
            print, [&] { print.getSourceMutable().assign(wide); });
      });
    }

    mlir::LowerToLLVMOptions options(ctx);
    options.overrideIndexBitwidth(indexBitwidth);
    mlir::LLVMTypeConverter converter(ctx, options);
    mlir::RewritePatternSet patterns(ctx);
    mlir::vector::populateVectorTransferLoweringPatterns(patterns);
    mlir::populateVectorToLLVMConversionPatterns(
        converter, patterns, /*reassociateFPReductions=*/false,
        force32BitVectorIndices, /*useVectorAlignment=*/false);
    mlir::LLVMConversionTarget target(*ctx);
    target.addLegalDialect<mlir::arith::ArithDialect,
                           mlir::memref::MemRefDialect>();
    target.addLegalOp<mlir::UnrealizedConversionCastOp>();
    if (mlir::failed(mlir::applyPartialConversion(getOperation(), target,
                                                  std::move(patterns))))
      signalPassFailure();
  }

  unsigned indexBitwidth;
};

/// The OpenMP part of upstream's convert-openmp-to-llvm (omp ops whose
/// operands, results or region arguments have non-LLVM types get them
/// converted) with `index` at `indexBitwidth` bits; the ops inside the
/// regions are converted by the other passes of the pipeline.
struct OpenMPToLLVMAtIndexWidth
    : mlir::PassWrapper<OpenMPToLLVMAtIndexWidth,
                        mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(OpenMPToLLVMAtIndexWidth)

  explicit OpenMPToLLVMAtIndexWidth(unsigned indexBitwidth)
      : indexBitwidth(indexBitwidth) {}

  llvm::StringRef getArgument() const override {
    return "loom-internal-openmp-to-llvm";
  }
  llvm::StringRef getDescription() const override {
    return "convert-openmp-to-llvm at the module's index width (inside "
           "loom-lower-to-llvm)";
  }
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::LLVM::LLVMDialect>();
  }

  void runOnOperation() override {
    mlir::MLIRContext *ctx = &getContext();
    mlir::LowerToLLVMOptions options(ctx);
    options.overrideIndexBitwidth(indexBitwidth);
    mlir::LLVMTypeConverter converter(ctx, options);
    mlir::RewritePatternSet patterns(ctx);
    mlir::populateOpenMPToLLVMConversionPatterns(converter, patterns);
    mlir::LLVMConversionTarget target(*ctx);
    mlir::configureOpenMPToLLVMConversionLegality(target, converter);
    target.addLegalOp<mlir::UnrealizedConversionCastOp>();
    if (mlir::failed(mlir::applyPartialConversion(getOperation(), target,
                                                  std::move(patterns))))
      signalPassFailure();
  }

  unsigned indexBitwidth;
};

/// loom-lower-to-cf, then the upstream conversions, all at `indexBitwidth`:
/// vector ops that need loops (vector.print of a vector) to scf; affine
/// (written by the user) to scf/arith; scf (including the
/// scf.execute_region wrappers loom-lower-to-cf may create) to cf; vector
/// before memref/arith so that the ops vector.print expands to are
/// converted by the later passes; expand-strided-metadata, whose
/// affine.apply for dynamic offsets and strides lower-affine turns into
/// arith, before memref (and again after it, for the affine.apply the memref
/// conversion may emit); OpenMP op types after memref (omp ops may carry
/// memrefs) and before the passes that convert the ops in their regions;
/// reconcile-unrealized-casts last.
void buildLowerToLLVM(mlir::OpPassManager &pm, AssumeRangeMode assumeRange,
                      unsigned indexBitwidth) {
  LoomLowerToCFOptions cfOptions;
  cfOptions.assumeRange = assumeRange;
  pm.addPass(createLoomLowerToCF(cfOptions));
  pm.addPass(mlir::createConvertVectorToSCFPass());
  pm.addPass(mlir::createLowerAffinePass());
  pm.addPass(mlir::createSCFToControlFlowPass());
  pm.addPass(std::make_unique<VectorToLLVMAtIndexWidth>(indexBitwidth));
  pm.addPass(mlir::memref::createExpandStridedMetadataPass());
  pm.addPass(mlir::createLowerAffinePass());
  pm.addPass(mlir::createFinalizeMemRefToLLVMConversionPass(
      {/*useAlignedAlloc=*/false, indexBitwidth,
       /*useGenericFunctions=*/false}));
  // The memref conversion itself may emit affine.apply (offsets of views
  // it builds, e.g. for memref.copy of a strided slice).
  pm.addPass(mlir::createLowerAffinePass());
  pm.addPass(std::make_unique<OpenMPToLLVMAtIndexWidth>(indexBitwidth));
  pm.addPass(mlir::createConvertMathToLLVMPass());
  pm.addPass(mlir::createConvertIndexToLLVMPass({indexBitwidth}));
  pm.addPass(mlir::createArithToLLVMConversionPass({indexBitwidth}));
  pm.addPass(mlir::createUBToLLVMConversionPass({indexBitwidth}));
  pm.addPass(mlir::createConvertControlFlowToLLVMPass({indexBitwidth}));
  pm.addPass(mlir::createConvertFuncToLLVMPass(
      {/*useBarePtrCallConv=*/false, indexBitwidth}));
  pm.addPass(mlir::createReconcileUnrealizedCastsPass());
}

/// The pipeline as one pass, so that it exists as a pass object (the C and
/// Rust APIs create it) and not only as a name in the pipeline registry.
struct LowerToLLVM : impl::LoomLowerToLLVMBase<LowerToLLVM> {
  using Base::Base;

  mlir::OpPassManager pipeline(unsigned indexBitwidth) const {
    mlir::OpPassManager pm(mlir::ModuleOp::getOperationName(),
                           mlir::OpPassManager::Nesting::Implicit);
    buildLowerToLLVM(pm, assumeRange, indexBitwidth);
    return pm;
  }

  /// What the nested passes need loaded before anything runs (the pass
  /// manager loads these up front; a pass running in parallel may not).
  /// The dialects do not depend on the index width.
  void getDependentDialects(mlir::DialectRegistry &registry) const override {
    pipeline(mlir::IndexType::kInternalStorageBitWidth)
        .getDependentDialects(registry);
  }

  void runOnOperation() override {
    mlir::ModuleOp module = getOperation();
    unsigned indexBitwidth = dataLayoutIndexBitwidth(module);
    if (indexBitwidth == 0) {
      module.emitError() << "loom-lower-to-llvm cannot lower index: the data "
                            "layout gives it no fixed, non-zero width";
      return signalPassFailure();
    }
    // One width for the whole module: a nested data layout scope at another
    // width (a builtin.module or gpu.module with its own spec, under a
    // module whose layout does not name index) would have its index values
    // lowered at the wrong width.
    bool oneWidth = true;
    module.walk([&](mlir::Operation *op) {
      if (op == module.getOperation() ||
          !(mlir::isa<mlir::ModuleOp>(op) ||
            mlir::isa<mlir::DataLayoutOpInterface>(op)))
        return;
      unsigned inner = dataLayoutIndexBitwidth(op);
      if (inner == indexBitwidth)
        return;
      mlir::InFlightDiagnostic diag =
          op->emitError() << "has index width " << inner
                          << " but loom-lower-to-llvm lowers the whole module "
                             "at one width, that of the module being lowered, "
                          << indexBitwidth;
      diag.attachNote(module.getLoc()) << "the module being lowered";
      oneWidth = false;
    });
    if (!oneWidth)
      return signalPassFailure();
    mlir::OpPassManager pm = pipeline(indexBitwidth);
    if (mlir::failed(runPipeline(pm, module)))
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
