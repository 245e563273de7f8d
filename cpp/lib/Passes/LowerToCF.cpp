//===- LowerToCF.cpp - loom-lower-to-cf -----------------------------------===//
//
// Lowers loom.loop / loom.for / loom.scope / loom.if straight to a CFG.
//
// Algorithm. After checking that every exit can be lowered (only loom ops
// between an exit and its loom target; otherwise fail with the IR
// untouched) and removing loom.assume_range, the loom region ops are visited
// innermost first (post-order). For each op X:
//
//   1. If X's parent op cannot hold a multi-block region (anything other
//      than a loom region op, which is lowered later, a function or an
//      scf.execute_region), X is wrapped in `scf.execute_region` first.
//   2. X's block is split after X; the second half `after` receives one
//      block argument per result of X, which replace X's results.
//   3. X's regions are spliced into the parent region before `after`, and
//      the terminators that leave X are rewritten into branches:
//        yield of loom.if/loom.scope, break of X   -> cf.br ^after(values)
//        continue of loom.loop X                   -> cf.br ^latch(values)
//        yield/continue of loom.for X              -> cf.br ^latch(values)
//      loom.loop's entry block is the header, and its latch only branches
//      to the header (created for two or more continues, so that every
//      loop has a single back edge, the shape C front ends emit and LLVM's
//      loop passes expect; one continue branches to the header directly);
//      loom.for gets a new header (iv, iter args) with `iv < ub` (signed)
//      and a latch adding the step;
//      loom.scope's entry block is merged into X's block.
//   4. X's token argument, now unused, is erased, and X is erased.
//
// Step. A loom.for step must be positive; the verifier rejects constant
// steps <= 0, and a dynamic step <= 0 at run time is undefined behaviour as
// for scf.for. No check is inserted: like scf.for lowered by upstream
// (and both loom lowerings alike), the loop keeps iterating while `iv < ub`
// (signed), so a zero step loops until an exit leaves it and a negative one
// until iv wraps around (overflow, also undefined).
//
// Finally, blocks left without predecessors (the exit block of a loop that
// nothing breaks, code after an exit) are erased from the regions that
// received the blocks.
//
// Invariants. Post-order means that when X is lowered every loom op nested
// in it has already become blocks of X's regions, so (a) every loom.yield
// terminating a block of X's regions belongs to X, and (b) every use of X's
// token is a loom.break/loom.continue terminating one of those blocks,
// however deep it was nested originally. Exits to ops enclosing X are moved
// along with the blocks and rewritten when their target is lowered; since
// only loom ops lie between an exit and its target, all those blocks end up
// in the same region as the target. Block arguments carry every value that
// crosses a branch, and every block spliced out of X is dominated by X's
// original block, so values defined before X stay visible.
//
//===----------------------------------------------------------------------===//

#include "LoweringCommon.h"

#include "loom/Dialect/LoomOps.h"
#include "loom/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace loom {
#define GEN_PASS_DEF_LOOMLOWERTOCF
#include "LoomPasses.h.inc"
} // namespace loom

using namespace mlir;
using namespace loom;

namespace {

/// Whether the regions of `parent` may hold several blocks once loom ops in
/// them are lowered.
bool canHoldBlocks(Operation *parent) {
  return isLoomRegionOp(parent) || isa<FunctionOpInterface>(parent) ||
         isa<scf::ExecuteRegionOp>(parent);
}

/// Wraps `op` in an scf.execute_region with the same results.
void wrapInExecuteRegion(IRRewriter &rewriter, Operation *op) {
  Location loc = op->getLoc();
  rewriter.setInsertionPoint(op);
  auto wrapper =
      scf::ExecuteRegionOp::create(rewriter, loc, op->getResultTypes());
  Block *body = rewriter.createBlock(&wrapper.getRegion());
  op->replaceAllUsesWith(wrapper.getResults());
  rewriter.moveOpBefore(op, body, body->end());
  rewriter.setInsertionPointToEnd(body);
  scf::YieldOp::create(rewriter, loc, op->getResults());
}

/// Replaces `term` with `cf.br ^dest(values)`.
void branchTo(IRRewriter &rewriter, Operation *term, Block *dest,
              ValueRange values) {
  rewriter.setInsertionPoint(term);
  cf::BranchOp::create(rewriter, term->getLoc(), dest, values);
  rewriter.eraseOp(term);
}

/// The loom.yield terminators of the blocks of `region` (after post-order
/// lowering, all of them belong to the region's owner).
SmallVector<YieldOp> collectYields(Region &region) {
  SmallVector<YieldOp> yields;
  for (Block &block : region)
    if (auto yield = dyn_cast_if_present<YieldOp>(block.getTerminator()))
      yields.push_back(yield);
  return yields;
}

/// Rewrites the exits addressed to the token `token` (block argument #0 of
/// the owner's entry block): breaks branch to `breakDest`, continues to
/// `continueDest`. Then erases the token argument.
void lowerTokenUses(IRRewriter &rewriter, BlockArgument token,
                    Block *breakDest, Block *continueDest) {
  SmallVector<Operation *> users(token.getUsers());
  for (Operation *user : users) {
    if (auto brk = dyn_cast<BreakOp>(user))
      branchTo(rewriter, brk, breakDest, brk.getValues());
    else if (auto cont = dyn_cast<ContinueOp>(user))
      branchTo(rewriter, cont, continueDest, cont.getValues());
  }
  token.getOwner()->eraseArgument(0);
}

class CFLowering {
public:
  explicit CFLowering(MLIRContext *ctx) : rewriter(ctx) {}

  void lower(Operation *op) {
    if (!canHoldBlocks(op->getParentOp()))
      wrapInExecuteRegion(rewriter, op);
    if (!isLoomRegionOp(op->getParentOp()))
      hostRegions.insert(op->getParentRegion());

    Block *before = op->getBlock();
    Block *after = rewriter.splitBlock(before, std::next(op->getIterator()));
    for (OpResult result : op->getResults())
      result.replaceAllUsesWith(
          after->addArgument(result.getType(), op->getLoc()));

    if (auto loop = dyn_cast<LoopOp>(op))
      lowerLoop(loop, before, after);
    else if (auto forOp = dyn_cast<ForOp>(op))
      lowerFor(forOp, before, after);
    else if (auto scope = dyn_cast<ScopeOp>(op))
      lowerScope(scope, before, after);
    else
      lowerIf(cast<IfOp>(op), before, after);
    rewriter.eraseOp(op);
  }

  /// Erases the blocks left without predecessors (for example the exit
  /// block of a loop nothing breaks) in the regions that received blocks.
  void eraseUnreachable() {
    for (Region *region : hostRegions)
      (void)eraseUnreachableBlocks(rewriter, MutableArrayRef<Region>(*region));
  }

private:
  void lowerLoop(LoopOp loop, Block *before, Block *after) {
    Block *header = loop.getBodyBlock();
    BlockArgument token = header->getArgument(0);
    unsigned continues = llvm::count_if(
        token.getUsers(), [](Operation *u) { return isa<ContinueOp>(u); });
    // ^latch(%args...): br ^header(args), created only for two or more
    // continues, so the loop has a single back edge.
    Block *backEdgeDest = header;
    if (continues > 1) {
      TypeRange iterTypes = TypeRange(header->getArgumentTypes()).drop_front();
      SmallVector<Location> latchLocs(iterTypes.size(), loop.getLoc());
      backEdgeDest = rewriter.createBlock(after, iterTypes, latchLocs);
      cf::BranchOp::create(rewriter, loop.getLoc(), header,
                           backEdgeDest->getArguments());
    }
    lowerTokenUses(rewriter, token, after, backEdgeDest);
    rewriter.inlineRegionBefore(loop.getBody(),
                                backEdgeDest == header ? after : backEdgeDest);
    rewriter.setInsertionPointToEnd(before);
    cf::BranchOp::create(rewriter, loop.getLoc(), header, loop.getInits());
  }

  void lowerFor(ForOp forOp, Block *before, Block *after) {
    Location loc = forOp.getLoc();
    Block *body = forOp.getBodyBlock();
    Value iv = forOp.getInductionVar();
    Type ivType = iv.getType();
    TypeRange iterTypes = forOp.getInitArgs().getTypes();

    // ^header(%iv, %args...): cond_br (iv < ub), ^body(iv, args), ^after(args)
    SmallVector<Type> headerTypes{ivType};
    llvm::append_range(headerTypes, iterTypes);
    SmallVector<Location> headerLocs(headerTypes.size(), loc);
    Block *header = rewriter.createBlock(after, headerTypes, headerLocs);
    Value headerIv = header->getArgument(0);
    ValueRange headerArgs = header->getArguments().drop_front();
    Value inBounds = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt,
                                           headerIv, forOp.getUpperBound());
    cf::CondBranchOp::create(rewriter, loc, inBounds, body,
                             header->getArguments(), after, headerArgs);

    // ^latch(%args...): br ^header(iv + step, args), created only if
    // something ends an iteration.
    SmallVector<YieldOp> yields = collectYields(forOp.getBody());
    bool hasContinue = llvm::any_of(body->getArgument(0).getUsers(),
                                    [](Operation *u) { return isa<ContinueOp>(u); });
    Block *latch = nullptr;
    if (!yields.empty() || hasContinue) {
      SmallVector<Location> latchLocs(iterTypes.size(), loc);
      latch = rewriter.createBlock(after, iterTypes, latchLocs);
      Value next = arith::AddIOp::create(rewriter, loc, iv, forOp.getStep());
      SmallVector<Value> nextArgs{next};
      llvm::append_range(nextArgs, latch->getArguments());
      cf::BranchOp::create(rewriter, loc, header, nextArgs);
    }

    for (YieldOp yield : yields)
      branchTo(rewriter, yield, latch, yield.getValues());
    lowerTokenUses(rewriter, body->getArgument(0), after, latch);
    rewriter.inlineRegionBefore(forOp.getBody(), latch ? latch : after);
    rewriter.setInsertionPointToEnd(before);
    SmallVector<Value> entryArgs{forOp.getLowerBound()};
    llvm::append_range(entryArgs, forOp.getInitArgs());
    cf::BranchOp::create(rewriter, loc, header, entryArgs);
  }

  void lowerScope(ScopeOp scope, Block *before, Block *after) {
    Block *entry = scope.getBodyBlock();
    for (YieldOp yield : collectYields(scope.getBody()))
      branchTo(rewriter, yield, after, yield.getValues());
    lowerTokenUses(rewriter, entry->getArgument(0), after, nullptr);
    rewriter.inlineRegionBefore(scope.getBody(), after);
    // Nothing branches to the entry block: it continues X's block.
    rewriter.mergeBlocks(entry, before, {});
  }

  /// Where a branch of a loom.if goes: to `after` directly when the branch is
  /// only a loom.yield (its block is dropped), else to the branch's entry.
  static bool isOnlyYield(Region &region) {
    return region.hasOneBlock() &&
           region.front().getOperations().size() == 1 &&
           isa<YieldOp>(region.front().front());
  }
  std::pair<Block *, SmallVector<Value>> branchTarget(Region &region,
                                                      Block *after) {
    if (isOnlyYield(region))
      return {after, SmallVector<Value>(
                         cast<YieldOp>(region.front().front()).getValues())};
    return {&region.front(), {}};
  }

  void lowerIf(IfOp ifOp, Block *before, Block *after) {
    Location loc = ifOp.getLoc();
    auto [thenDest, thenArgs] = branchTarget(ifOp.getThenRegion(), after);
    auto [elseDest, elseArgs] = branchTarget(ifOp.getElseRegion(), after);
    rewriter.setInsertionPointToEnd(before);
    cf::CondBranchOp::create(rewriter, loc, ifOp.getCondition(), thenDest,
                             thenArgs, elseDest, elseArgs);
    for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
      if (isOnlyYield(*region))
        continue; // Branched around; the region is erased with the op.
      for (YieldOp yield : collectYields(*region))
        branchTo(rewriter, yield, after, yield.getValues());
      rewriter.inlineRegionBefore(*region, after);
    }
  }

  IRRewriter rewriter;
  /// The regions (not of loom ops) that outermost lowered ops were in.
  llvm::SetVector<Region *> hostRegions;
};

struct LowerToCF : loom::impl::LoomLowerToCFBase<LowerToCF> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    if (failed(checkLowerableExits(root, getArgument())))
      return signalPassFailure();
    lowerAssumeRanges(root, assumeRange);

    SmallVector<Operation *> ops;
    root->walk<WalkOrder::PostOrder>([&](Operation *op) {
      if (isLoomRegionOp(op))
        ops.push_back(op);
    });
    CFLowering lowering(&getContext());
    for (Operation *op : ops)
      lowering.lower(op);
    lowering.eraseUnreachable();
  }
};

} // namespace
