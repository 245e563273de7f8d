//===- LoomDeallocation.cpp - loom under ownership-based deallocation -----===//
//
// BufferDeallocationOpInterface models for loom's region ops (loom.if,
// loom.scope, loom.loop, loom.for) and exits (loom.break, loom.continue,
// loom.yield), so `ownership-based-buffer-deallocation` (and with it
// `buffer-deallocation-pipeline`) frees buffers allocated inside loom
// regions on every way out of them.
//
// Upstream's pass handles region ops through RegionBranchOpInterface, which
// loom ops deliberately do not implement (an exit's successor can be a
// non-parent ancestor); an op implementing BufferDeallocationOpInterface is
// handed to its `process` instead. The pass visits the blocks of a function
// in post order (a nested block before the block holding its parent op) and,
// inside a block, the ops in order; each block B owns the buffers allocated
// in it (its "memrefs to deallocate", each with an i1 ownership indicator
// defined in B). A loom region is a single block, so when control leaves B
// it never comes back to that instance of B:
//
//   - an exit (break, continue or yield) frees the buffers of its own block
//     right before it (a `bufferization.dealloc` of the block's memrefs with
//     their ownership conditions, retaining nothing);
//   - a loom region op X in block B, when the pass reaches it, inserts before
//     every exit nested in X whose target is outside X (the exit leaves X,
//     hence B) a dealloc of the buffers B owns at that point: exactly those
//     allocated in B before X, the only ones that exist when the exit runs.
//
// An exit that crosses blocks B0 (its own), B1, ..., Bk (the target's body)
// thus gets one dealloc per block: B0's from the exit itself, each Bi's from
// the loom op in Bi that contains the exit. Blocks own disjoint sets (a
// buffer defined in an enclosing region has ownership `false` in a nested
// block), so nothing is freed twice; buffers of blocks the exit does not
// leave (outside the target) are left to those blocks' own terminators.
//
// Supported: loom ops whose operands, results and block arguments carry no
// memref, and exits that forward no memref (buffers are then never passed
// between blocks through loom ops). A memref forwarded through a loom op
// would need ownership indicators threaded through iteration arguments,
// results and exits; that is not implemented and is reported as an error
// naming the op (run `loom-lower-to-scf` first: upstream handles the scf
// form). An exit crossing an op that is not a loom region op (another
// dialect's op with PropagateControlFlowBreak) is reported too, since that
// op's block would not be freed on the exit.
//
//===----------------------------------------------------------------------===//

#include "LoomDialectInternal.h"

#include "loom/Dialect/LoomOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferDeallocationOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"

using namespace mlir;
using namespace mlir::bufferization;

namespace loom {
namespace {

bool isMemref(Value value) { return isa<BaseMemRefType>(value.getType()); }

bool isLoomRegionOp(Operation *op) {
  return isa<IfOp, ScopeOp, LoopOp, ForOp>(op);
}

/// The error for IR this model does not handle, with the way out.
InFlightDiagnostic unsupported(Operation *op) {
  InFlightDiagnostic diag = op->emitError();
  diag << "buffer deallocation through '" << op->getName() << "': ";
  return diag;
}

constexpr StringLiteral kLowerFirst =
    " (not supported with loom ops present; run loom-lower-to-scf first)";

/// Inserts, right before `exit`, a dealloc of the buffers `block` owns now
/// (none: nothing inserted).
LogicalResult freeBlockBefore(DeallocationState &state, Block *block,
                              Operation *exit) {
  OpBuilder builder(exit);
  SmallVector<Value> memrefs, conditions;
  if (failed(state.getMemrefsAndConditionsToDeallocate(
          builder, exit->getLoc(), block, memrefs, conditions)))
    return failure();
  if (memrefs.empty())
    return success();
  DeallocOp::create(builder, exit->getLoc(), memrefs, conditions,
                    /*retained=*/ValueRange{});
  return success();
}

/// The model of loom.break, loom.continue and loom.yield.
template <typename ExitOp>
struct ExitModel
    : BufferDeallocationOpInterface::ExternalModel<ExitModel<ExitOp>, ExitOp> {
  FailureOr<Operation *> process(Operation *op, DeallocationState &state,
                                 const DeallocationOptions &) const {
    auto exit = cast<RegionExitTerminatorOpInterface>(op);
    if (llvm::any_of(exit.getForwardedOperands(), isMemref))
      return unsupported(op) << "the exit forwards a memref" << kLowerFirst;
    Operation *target = exit.getExitTarget();
    if (!target || !isLoomRegionOp(target))
      return unsupported(op) << "the exit's target is not a loom op";
    // Each op crossed frees the block it sits in (see the file header): it
    // must be a loom region op, whose model does that.
    for (Operation *crossed = op->getParentOp(); crossed != target;
         crossed = crossed->getParentOp())
      if (!isLoomRegionOp(crossed))
        return unsupported(op)
               << "the exit crosses '" << crossed->getName()
               << "', whose block would not be freed on the exit";
    if (failed(freeBlockBefore(state, op->getBlock(), op)))
      return failure();
    return op;
  }
};

/// The model of loom.if, loom.scope, loom.loop and loom.for.
template <typename RegionOp>
struct RegionOpModel
    : BufferDeallocationOpInterface::ExternalModel<RegionOpModel<RegionOp>,
                                                   RegionOp> {
  FailureOr<Operation *> process(Operation *op, DeallocationState &state,
                                 const DeallocationOptions &) const {
    if (llvm::any_of(op->getOperands(), isMemref) ||
        llvm::any_of(op->getResults(), isMemref))
      return unsupported(op)
             << "memref iteration arguments or results" << kLowerFirst;
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (llvm::any_of(block.getArguments(), isMemref))
          return unsupported(op) << "memref block arguments" << kLowerFirst;

    // Exits nested in `op` whose target is outside it leave `op`'s block.
    SmallVector<Operation *> leaving;
    op->walk([&](RegionExitTerminatorOpInterface exit) {
      if (exit.getExitKind() == ExitKind::Yield)
        return;
      Operation *target = exit.getExitTarget();
      if (!target || !op->isAncestor(target))
        leaving.push_back(exit);
    });
    for (Operation *exit : leaving)
      if (failed(freeBlockBefore(state, op->getBlock(), exit)))
        return failure();
    return op;
  }
};

} // namespace

void attachBufferDeallocationModels(MLIRContext &context) {
  IfOp::attachInterface<RegionOpModel<IfOp>>(context);
  ScopeOp::attachInterface<RegionOpModel<ScopeOp>>(context);
  LoopOp::attachInterface<RegionOpModel<LoopOp>>(context);
  ForOp::attachInterface<RegionOpModel<ForOp>>(context);
  BreakOp::attachInterface<ExitModel<BreakOp>>(context);
  ContinueOp::attachInterface<ExitModel<ContinueOp>>(context);
  YieldOp::attachInterface<ExitModel<YieldOp>>(context);
}

} // namespace loom
