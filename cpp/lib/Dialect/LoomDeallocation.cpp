//===- LoomDeallocation.cpp - loom under ownership-based deallocation -----===//
//
// BufferDeallocationOpInterface models for loom's region ops (loom.if,
// loom.scope, loom.loop, loom.for) and exits (loom.break, loom.continue,
// loom.yield), so `ownership-based-buffer-deallocation` (and with it
// `buffer-deallocation-pipeline`) frees buffers allocated inside loom
// regions on every way out of them, memrefs carried through loom ops
// (iteration arguments, results, exit operands) included.
//
// Upstream's pass handles region ops through RegionBranchOpInterface, which
// loom ops deliberately do not implement (an exit's successor can be a
// non-parent ancestor); an op implementing BufferDeallocationOpInterface is
// handed to its `process` instead. The pass visits the blocks of a function
// in post order (a nested block before the block holding its parent op) and,
// inside a block, the ops in order; each block B owns the buffers allocated
// in it (its "memrefs to deallocate", each with an i1 ownership indicator
// defined in B: `true` at runtime means B must free it). A loom region is a
// single block, so when control leaves B it never comes back to that
// instance of B.
//
// Ownership travels with every memref a loom op carries, as upstream does
// for scf: one extra i1 per memref, appended at the end.
//   - A memref block argument of a loom body (an iteration argument) gets an
//     i1 block argument from the pass itself (it does so for every block
//     argument outside a function's entry block); the loop op gets one extra
//     `false` init per memref init to match: a value passed in from outside
//     stays owned by the block that owned it (which outlives the loop), so
//     the first iteration owns none of its memref arguments.
//   - A loom op with memref results gets one extra i1 result per memref
//     result (the op is rebuilt with them); that i1 is the result's
//     ownership in the op's block, which adds the result to its memrefs.
//   - Every exit forwarding memrefs gets one extra i1 operand per forwarded
//     memref: its ownership on arrival, so it matches the extra results
//     (break, a loom.yield of loom.if/loom.scope) or the extra iteration
//     arguments (continue, a loom.yield of loom.for).
//
// Frees. An exit crossing blocks B0 (its own), B1, ..., Bk (the target's
// body) leaves every one of them, and each must free what it owns except
// what the exit forwards:
//   - the exit itself, when the pass reaches it, inserts a
//     `bufferization.dealloc` of B0's memrefs with their conditions,
//     retaining the forwarded memrefs; the dealloc's updated conditions (for
//     each retained value: whether it aliased a buffer B0 owned and so now
//     carries that ownership) become the exit's extra operands;
//   - a loom region op X in block Bi (i >= 1), when the pass reaches it,
//     inserts before every exit nested in X whose target is outside X (the
//     exit leaves X, hence Bi) a dealloc of the buffers Bi owns at that
//     point (exactly those allocated in Bi before X, the only ones that
//     exist when the exit runs), retaining the forwarded memrefs, and ORs
//     its updated conditions into the exit's extra operands.
// Invariants: blocks own disjoint sets of buffers (a buffer defined in an
// enclosing region has ownership `false` in a nested block; an iteration
// argument or result owns only what an exit passed it), so at each exit an
// owned buffer is either freed by the one dealloc of the block owning it,
// or retained there and its ownership moves to the forwarded values
// aliasing it (the dealloc's alias check is at runtime); the OR over levels
// is exact because at most one level owns a buffer. A memref forwarded
// twice, or aliasing another forwarded value, gets `true` for each copy:
// all land in one receiving block, whose dealloc frees the buffer once.
// Buffers of blocks the exit does not leave (outside the target) are left
// to those blocks' own terminators.
//
// Not supported (an error naming the op): an exit whose target is not a
// loom region op, and an exit crossing an op that is not one (another
// dialect's op with PropagateControlFlowBreak), since nothing would free
// that op's block on the exit.
//
//===----------------------------------------------------------------------===//

#include "LoomDialectInternal.h"

#include "loom/Dialect/LoomOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
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

/// The error for IR this model does not handle.
InFlightDiagnostic unsupported(Operation *op) {
  InFlightDiagnostic diag = op->emitError();
  diag << "buffer deallocation through '" << op->getName() << "': ";
  return diag;
}

Value constantBool(OpBuilder &builder, Location loc, bool value) {
  return arith::ConstantOp::create(builder, loc, builder.getBoolAttr(value));
}

/// Inserts, right before `exit`, a dealloc of the buffers `block` owns now,
/// retaining `retained`, and returns the updated condition of each retained
/// value (whether it now carries ownership of a buffer `block` owned). When
/// `block` owns nothing, inserts nothing and returns an empty list.
FailureOr<SmallVector<Value>> freeBlockBefore(DeallocationState &state,
                                              Block *block, Operation *exit,
                                              ValueRange retained) {
  OpBuilder builder(exit);
  SmallVector<Value> memrefs, conditions;
  if (failed(state.getMemrefsAndConditionsToDeallocate(
          builder, exit->getLoc(), block, memrefs, conditions)))
    return failure();
  if (memrefs.empty())
    return SmallVector<Value>{};
  auto dealloc = DeallocOp::create(builder, exit->getLoc(), memrefs,
                                   conditions, retained);
  return SmallVector<Value>(dealloc.getUpdatedConditions());
}

/// The memrefs an exit forwards, once its model has appended one i1
/// ownership operand per forwarded memref; `firstOwnership` is the index
/// of the first of those (the exit's trailing operands). Fails if the
/// trailing operands are not such indicators.
FailureOr<SmallVector<Value>>
forwardedMemrefs(RegionExitTerminatorOpInterface exit,
                 unsigned &firstOwnership) {
  OperandRange forwarded = exit.getForwardedOperands();
  SmallVector<Value> memrefs;
  for (Value value : forwarded)
    if (isMemref(value))
      memrefs.push_back(value);
  unsigned numOperands = exit->getNumOperands();
  if (2 * memrefs.size() > forwarded.size())
    return failure();
  firstOwnership = numOperands - memrefs.size();
  for (unsigned i = firstOwnership; i < numOperands; ++i)
    if (!exit->getOperand(i).getType().isInteger(1))
      return failure();
  return memrefs;
}

/// The model of loom.break, loom.continue and loom.yield.
template <typename ExitOp>
struct ExitModel
    : BufferDeallocationOpInterface::ExternalModel<ExitModel<ExitOp>, ExitOp> {
  FailureOr<Operation *> process(Operation *op, DeallocationState &state,
                                 const DeallocationOptions &) const {
    auto exit = cast<RegionExitTerminatorOpInterface>(op);
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
    SmallVector<Value> retained;
    for (Value value : exit.getForwardedOperands())
      if (isMemref(value))
        retained.push_back(value);
    FailureOr<SmallVector<Value>> ownership =
        freeBlockBefore(state, op->getBlock(), op, retained);
    if (failed(ownership))
      return failure();
    // A block owning nothing passes no ownership on.
    if (ownership->empty() && !retained.empty()) {
      OpBuilder builder(op);
      ownership->assign(retained.size(),
                        constantBool(builder, op->getLoc(), false));
    }
    // The forwarded operands are the trailing operands: append one
    // ownership indicator per forwarded memref.
    op->insertOperands(op->getNumOperands(), *ownership);
    return op;
  }
};

/// `op` rebuilt with `types` appended to its results (regions moved, uses
/// of the old results redirected); `op` is erased.
Operation *appendResults(Operation *op, TypeRange types) {
  SmallVector<Type> resultTypes(op->getResultTypes());
  resultTypes.append(types.begin(), types.end());
  Operation *newOp = Operation::create(
      op->getLoc(), op->getName(), resultTypes, op->getOperands(),
      op->getAttrDictionary(), op->getPropertiesStorage(), op->getSuccessors(),
      op->getNumRegions());
  for (auto [from, to] : llvm::zip(op->getRegions(), newOp->getRegions()))
    to.takeBody(from);
  OpBuilder(op).insert(newOp);
  op->replaceAllUsesWith(newOp->getResults().take_front(op->getNumResults()));
  op->erase();
  return newOp;
}

/// The model of loom.if, loom.scope, loom.loop and loom.for.
template <typename RegionOp>
struct RegionOpModel
    : BufferDeallocationOpInterface::ExternalModel<RegionOpModel<RegionOp>,
                                                   RegionOp> {
  FailureOr<Operation *> process(Operation *op, DeallocationState &state,
                                 const DeallocationOptions &) const {
    // Exits nested in `op` whose target is outside it leave `op`'s block:
    // free what the block owns before each, retaining what it forwards, and
    // fold that ownership into the exit's ownership operands (appended by
    // the exit's own model, which the pass ran first: nested blocks come
    // first).
    SmallVector<RegionExitTerminatorOpInterface> leaving;
    op->walk([&](RegionExitTerminatorOpInterface exit) {
      if (exit.getExitKind() == ExitKind::Yield)
        return;
      Operation *target = exit.getExitTarget();
      if (!target || !op->isAncestor(target))
        leaving.push_back(exit);
    });
    for (RegionExitTerminatorOpInterface exit : leaving) {
      unsigned firstOwnership = 0;
      FailureOr<SmallVector<Value>> retained =
          forwardedMemrefs(exit, firstOwnership);
      if (failed(retained))
        return unsupported(exit)
               << "the exit has no ownership operand for each memref it "
                  "forwards";
      FailureOr<SmallVector<Value>> ownership =
          freeBlockBefore(state, op->getBlock(), exit, *retained);
      if (failed(ownership))
        return failure();
      // Empty when the block owns nothing: the ownership stays as it is.
      OpBuilder builder(exit);
      for (auto [i, owned] : llvm::enumerate(*ownership)) {
        OpOperand &operand = exit->getOpOperand(firstOwnership + i);
        operand.set(
            arith::OrIOp::create(builder, exit->getLoc(), operand.get(), owned));
      }
    }

    // Memref iteration arguments: the pass gave the body one i1 argument
    // per memref block argument; pass `false` for each (see the header).
    if (isa<LoopOp, ForOp>(op)) {
      OperandRange inits = isa<ForOp>(op) ? cast<ForOp>(op).getInitArgs()
                                          : cast<LoopOp>(op).getInits();
      unsigned numMemrefInits = llvm::count_if(inits, isMemref);
      if (numMemrefInits) {
        Block *body = &op->getRegion(0).front();
        unsigned prefix = isa<ForOp>(op) ? 2 : 1;
        if (body->getNumArguments() != prefix + inits.size() + numMemrefInits)
          return unsupported(op) << "the body has no ownership argument for "
                                    "each memref iteration argument";
        OpBuilder builder(op);
        op->insertOperands(
            op->getNumOperands(),
            SmallVector<Value>(numMemrefInits,
                               constantBool(builder, op->getLoc(), false)));
      }
    }

    // Memref results: one i1 result each, their ownership in this block.
    unsigned numResults = op->getNumResults();
    unsigned numMemrefResults = llvm::count_if(op->getResults(), isMemref);
    if (!numMemrefResults)
      return op;
    OpBuilder builder(op);
    Operation *newOp = appendResults(
        op, SmallVector<Type>(numMemrefResults, builder.getI1Type()));
    unsigned next = numResults;
    for (Value result : newOp->getResults().take_front(numResults)) {
      if (!isMemref(result))
        continue;
      state.updateOwnership(result, newOp->getResult(next++));
      state.addMemrefToDeallocate(result, newOp->getBlock());
    }
    return newOp;
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
