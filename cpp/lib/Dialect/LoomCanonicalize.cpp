//===- LoomCanonicalize.cpp - canonicalization patterns of loom ops -------===//
//
// Patterns run by `--canonicalize`:
//
//   - FoldConstantIf: a `loom.if` with a constant condition is replaced by its
//     taken branch;
//   - ForwardYieldedIfResults: when one branch of a `loom.if` always exits
//     (ends in a break or continue), the results are what the other branch
//     yields; a yielded value defined outside the if replaces the result, and
//     results nothing uses are dropped;
//   - HoistFallThroughBranch: when one branch of a `loom.if` always exits,
//     the other branch runs exactly when control goes on after the if: its
//     ops move after the if, whose results become the values it yielded.
//     When that branch ends in an exit too, the ops after the if can never
//     run: they are erased and the moved exit ends the enclosing block (only
//     when that block belongs to a loom region op, see below);
//   - InlineScope: a `loom.scope` that nothing breaks out of (its token is
//     unused, or used only by a `loom.break` ending its own body) is replaced
//     by its body;
//   - LoopWithoutContinue: a `loom.loop` that no `continue` targets runs its
//     body exactly once, so it becomes a `loom.scope` with the iteration
//     arguments replaced by their initial values;
//   - ZeroTripFor: a `loom.for` with constant bounds `lb >= ub` is replaced
//     by its initial iteration arguments;
//   - DropUnusedResults (`loom.loop`, `loom.scope`) and DropUnusedForResults
//     (`loom.for`): unused results are removed together with the matching
//     operand of every exit that produces them.
//
// Invariants every pattern keeps:
//
//   * Inlining a region that runs exactly once is only a local change when
//     the region ends in a normal end (`loom.yield`, or a `loom.break` of the
//     op being inlined, whose operands become the op's results). When it ends
//     in an exit to an *enclosing* op instead, control never reaches the code
//     after the inlined op: that code is erased and the exit becomes the
//     terminator of the enclosing block. This is only done when the enclosing
//     block belongs to a loom region op (single block, so every use of the
//     inlined op's results is in the erased code, and an exit is a valid
//     terminator there); elsewhere the pattern does not apply.
//   * Exits keep addressing their target through its token; a pattern that
//     recreates a target (new result list) moves the body region, so the
//     token block argument, and with it every exit, stays attached.
//   * Results are only dropped when every exit that forwards to them is a
//     `loom.break`/`loom.continue`/`loom.yield` (third-party exits are left
//     alone: their operands cannot be edited generically).
//   * Exit ops have no memory-effect traits on purpose: an op containing an
//     exit is never trivially dead, so erasing unused ops never drops an exit.
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/LoomOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace loom;

/// Whether `op` is a loom op whose regions are single blocks that may end in
/// any exit (so an exit may be moved to the end of its block).
static bool isLoomRegionOp(Operation *op) {
  return isa_and_present<LoopOp, ForOp, ScopeOp, IfOp>(op);
}

/// Whether `term` ends a run-once region of an op normally: a `loom.yield`,
/// or a `loom.break` addressed to `selfToken` (the op's own token).
static bool endsNormally(Operation *term, Value selfToken) {
  if (isa<YieldOp>(term))
    return true;
  auto brk = dyn_cast<BreakOp>(term);
  return brk && selfToken && brk.getToken() == selfToken;
}

/// Whether `block`, a region of `op` that runs exactly once, can replace
/// `op` (see inlineRunOnceBlock).
static bool canInlineRunOnceBlock(Operation *op, Block &block,
                                  Value selfToken) {
  if (block.empty())
    return false;
  Operation *term = &block.back();
  if (endsNormally(term, selfToken))
    return true;
  // The block ends in an exit to an enclosing op; the code after `op` will
  // become dead and `op`'s parent block will end with that exit.
  return isa<RegionExitTerminatorOpInterface>(term) &&
         isLoomRegionOp(op->getParentOp());
}

/// Replaces `op` by the operations of `block`, one of its regions that runs
/// exactly once; `argValues` replace the block's arguments (null for
/// arguments that have no uses). Requires canInlineRunOnceBlock.
static void inlineRunOnceBlock(RewriterBase &rewriter, Operation *op,
                               Block &block, ArrayRef<Value> argValues,
                               Value selfToken) {
  Operation *term = &block.back();
  if (endsNormally(term, selfToken)) {
    SmallVector<Value> results =
        isa<YieldOp>(term) ? SmallVector<Value>(term->getOperands())
                           : SmallVector<Value>(cast<BreakOp>(term).getValues());
    rewriter.eraseOp(term);
    rewriter.inlineBlockBefore(&block, op, argValues);
    rewriter.replaceOp(op, results);
    return;
  }
  // Control leaves through the exit: everything after `op` is unreachable.
  // The parent is a single-block loom region, so every use of `op`'s results
  // is in that tail (or nested in it); erase it back to front so users go
  // before their definitions.
  Block *parent = op->getBlock();
  while (&parent->back() != op)
    rewriter.eraseOp(&parent->back());
  rewriter.inlineBlockBefore(&block, op, argValues);
  rewriter.eraseOp(op);
}

/// Whether `block` always leaves its region through an exit (a break or a
/// continue, of loom or of another dialect): control never reaches the op
/// after the region's parent from it.
static bool alwaysExits(Block &block) {
  if (block.empty())
    return false;
  auto exit = dyn_cast<RegionExitTerminatorOpInterface>(block.back());
  return exit && exit.getExitKind() != ExitKind::Yield;
}

/// Creates, before `op`, a `loom.if` on the same condition and with the same
/// discardable attributes whose results are `resultTypes`, and regions are
/// empty (the caller moves blocks in).
static IfOp createIfLike(RewriterBase &rewriter, IfOp op, TypeRange resultTypes) {
  OperationState state(op.getLoc(), IfOp::getOperationName());
  state.addOperands(op.getCondition());
  state.addTypes(resultTypes);
  state.addAttributes(llvm::to_vector(op->getDiscardableAttrs()));
  state.addRegion();
  state.addRegion();
  return cast<IfOp>(rewriter.create(state));
}

/// The exits addressed to `token`, when all of them are loom.break or
/// loom.continue ops; failure when some other exit targets it.
static FailureOr<SmallVector<Operation *>> getLoomExits(Value token) {
  SmallVector<Operation *> exits;
  for (Operation *user : token.getUsers()) {
    if (!isa<BreakOp, ContinueOp>(user))
      return failure();
    exits.push_back(user);
  }
  return exits;
}

/// Erases, in place, the forwarded operands of `exit` (a loom.break,
/// loom.continue or loom.yield) at the positions set in `drop`.
static void dropForwardedOperands(RewriterBase &rewriter, Operation *exit,
                                  const llvm::BitVector &drop) {
  rewriter.modifyOpInPlace(exit, [&] {
    MutableOperandRange values =
        TypeSwitch<Operation *, MutableOperandRange>(exit)
            .Case<BreakOp, ContinueOp, YieldOp>(
                [](auto op) { return op.getValuesMutable(); });
    for (int i = drop.size() - 1; i >= 0; --i)
      if (drop.test(i))
        values.erase(i);
  });
}

namespace {

//===----------------------------------------------------------------------===//
// loom.if
//===----------------------------------------------------------------------===//

/// `loom.if %true { A } else { B }` -> A (and B for %false). When the taken
/// branch ends in an exit, the code after the if is unreachable and erased.
struct FoldConstantIf : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    bool taken;
    if (matchPattern(op.getCondition(), m_One()))
      taken = true;
    else if (matchPattern(op.getCondition(), m_Zero()))
      taken = false;
    else
      return rewriter.notifyMatchFailure(op, "condition is not constant");
    Block &block = taken ? *op.getThenBlock() : *op.getElseBlock();
    if (!canInlineRunOnceBlock(op, block, Value()))
      return rewriter.notifyMatchFailure(
          op, "taken branch exits and the if is not in a loom region");
    inlineRunOnceBlock(rewriter, op, block, {}, Value());
    return success();
  }
};

/// `%r = loom.if %c -> (T) { ...; loom.break %t } else { ...; loom.yield %v }`
/// with `%v` defined outside the if: after the if, `%r` is always `%v`. Such
/// results are replaced by the yielded values, and results without uses are
/// dropped (with their yield operand). A branch that can fall through (ends
/// in `loom.yield`, even after a nested exit) does not count as exiting.
struct ForwardYieldedIfResults : OpRewritePattern<IfOp> {
  ForwardYieldedIfResults(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getNumResults() == 0)
      return rewriter.notifyMatchFailure(op, "no results");
    bool thenExits = alwaysExits(*op.getThenBlock());
    bool elseExits = alwaysExits(*op.getElseBlock());
    if (thenExits == elseExits)
      return rewriter.notifyMatchFailure(op, "not exactly one exiting branch");
    Block &fallThrough = thenExits ? *op.getElseBlock() : *op.getThenBlock();
    auto yield = dyn_cast<YieldOp>(fallThrough.back());
    if (!yield)
      return rewriter.notifyMatchFailure(op, "other branch does not yield");

    bool forwarded = false;
    for (auto [result, value] : llvm::zip(op.getResults(), yield.getValues())) {
      Operation *owner = value.getParentBlock()->getParentOp();
      if (result.use_empty() || op->isAncestor(owner))
        continue;
      rewriter.replaceAllUsesWith(result, value);
      forwarded = true;
    }
    llvm::BitVector drop(op.getNumResults());
    for (OpResult result : op.getResults())
      if (result.use_empty())
        drop.set(result.getResultNumber());
    if (drop.none())
      return success(forwarded);

    SmallVector<Type> types;
    for (OpResult result : op.getResults())
      if (!drop.test(result.getResultNumber()))
        types.push_back(result.getType());
    IfOp newIf = createIfLike(rewriter, op, types);
    dropForwardedOperands(rewriter, yield, drop);
    rewriter.inlineRegionBefore(op.getThenRegion(), newIf.getThenRegion(),
                                newIf.getThenRegion().end());
    rewriter.inlineRegionBefore(op.getElseRegion(), newIf.getElseRegion(),
                                newIf.getElseRegion().end());
    SmallVector<Value> replacements;
    unsigned next = 0;
    for (OpResult result : op.getResults())
      replacements.push_back(drop.test(result.getResultNumber())
                                 ? Value()
                                 : newIf.getResult(next++));
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

/// `loom.if %c { A; exit } else { B; loom.yield %v }; C(%r)` ->
/// `loom.if %c { A; exit }; B; C(%v)`: B runs exactly when control goes on
/// after the if. With B ending in an exit as well, C is unreachable:
/// `loom.if %c { A; exit1 }; B; exit2` (C erased), done only inside a loom
/// region op, whose block may end with an exit and holds every use of C's
/// values, and only for loom's own exits (another dialect's exit may
/// constrain its parent). When the then-branch is the one that falls
/// through, the new if keeps the exit in its else-branch.
struct HoistFallThroughBranch : OpRewritePattern<IfOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(IfOp op,
                                PatternRewriter &rewriter) const override {
    bool thenExits = alwaysExits(*op.getThenBlock());
    bool elseExits = alwaysExits(*op.getElseBlock());
    if (!thenExits && !elseExits)
      return rewriter.notifyMatchFailure(op, "no branch always exits");
    // With both branches exiting, the else-branch moves.
    Block &fallThrough = thenExits ? *op.getElseBlock() : *op.getThenBlock();
    Region &exiting = thenExits ? op.getThenRegion() : op.getElseRegion();
    bool fallThroughExits = thenExits && elseExits;
    Operation *term = &fallThrough.back();
    if (fallThroughExits) {
      if (!isLoomRegionOp(op->getParentOp()))
        return rewriter.notifyMatchFailure(
            op, "the moved exit would end a block of a non-loom op");
      // Another dialect's exit may constrain where it stands: left in place.
      if (!isa<BreakOp, ContinueOp>(term))
        return rewriter.notifyMatchFailure(op, "the exit to move is not loom's");
    } else {
      if (!isa<YieldOp>(term))
        return rewriter.notifyMatchFailure(op, "other branch does not yield");
      if (op.getNumResults() == 0 && &fallThrough.front() == term)
        return rewriter.notifyMatchFailure(op, "nothing to move");
    }

    SmallVector<Value> results;
    if (fallThroughExits) {
      // Nothing after the if runs: erase it back to front so users go before
      // their definitions (the if's results are only used there).
      Block *parent = op->getBlock();
      while (&parent->back() != op)
        rewriter.eraseOp(&parent->back());
    } else {
      results = llvm::to_vector(cast<YieldOp>(term).getValues());
      rewriter.eraseOp(term);
    }

    IfOp newIf = createIfLike(rewriter, op, {});
    Region &newExiting = thenExits ? newIf.getThenRegion() : newIf.getElseRegion();
    Region &newEmpty = thenExits ? newIf.getElseRegion() : newIf.getThenRegion();
    rewriter.inlineRegionBefore(exiting, newExiting, newExiting.end());
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.createBlock(&newEmpty);
      YieldOp::create(rewriter, op.getLoc());
    }
    rewriter.inlineBlockBefore(&fallThrough, op);
    if (fallThroughExits)
      rewriter.eraseOp(op);
    else
      rewriter.replaceOp(op, results);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// loom.scope
//===----------------------------------------------------------------------===//

/// A scope whose token is unused, or used only by the `loom.break` ending its
/// own body, behaves as its body inlined.
struct InlineScope : OpRewritePattern<ScopeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ScopeOp op,
                                PatternRewriter &rewriter) const override {
    Block &body = *op.getBodyBlock();
    Value token = op.getToken();
    Operation *term = &body.back();
    for (Operation *user : token.getUsers())
      if (user != term)
        return rewriter.notifyMatchFailure(op, "a nested exit targets it");
    if (!canInlineRunOnceBlock(op, body, token))
      return rewriter.notifyMatchFailure(
          op, "body exits and the scope is not in a loom region");
    SmallVector<Value> args(body.getNumArguments(), Value());
    inlineRunOnceBlock(rewriter, op, body, args, token);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// loom.loop
//===----------------------------------------------------------------------===//

/// A loop that nothing continues runs its body once: it is a scope whose
/// iteration arguments are their initial values.
struct LoopWithoutContinue : OpRewritePattern<LoopOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LoopOp op,
                                PatternRewriter &rewriter) const override {
    for (Operation *user : op.getToken().getUsers()) {
      auto exit = dyn_cast<RegionExitTerminatorOpInterface>(user);
      if (!exit || exit.getExitKind() != ExitKind::Break)
        return rewriter.notifyMatchFailure(op, "the loop is continued");
    }
    Location loc = op.getLoc();
    auto scope = ScopeOp::create(rewriter, loc, op.getResultTypes());
    Block *body = rewriter.createBlock(&scope.getBody(), {},
                                       {TokenType::get(getContext())}, {loc});
    SmallVector<Value> args{body->getArgument(0)};
    llvm::append_range(args, op.getInits());
    rewriter.mergeBlocks(op.getBodyBlock(), body, args);
    rewriter.replaceOp(op, scope.getResults());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// loom.loop and loom.scope: unused results
//===----------------------------------------------------------------------===//

/// Drops results of a loop or scope that have no uses, and the matching
/// operand of every break addressed to it (and, for a scope, of the yield
/// ending its body).
template <typename OpTy>
struct DropUnusedResults : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    llvm::BitVector drop(op->getNumResults());
    for (OpResult result : op->getResults())
      if (result.use_empty())
        drop.set(result.getResultNumber());
    if (drop.none())
      return rewriter.notifyMatchFailure(op, "all results are used");
    FailureOr<SmallVector<Operation *>> exits = getLoomExits(op.getToken());
    if (failed(exits))
      return rewriter.notifyMatchFailure(op, "a non-loom exit targets it");
    // Continues forward iteration arguments, not results: only breaks (and
    // the scope's own yield) change.
    SmallVector<Operation *> producers;
    for (Operation *exit : *exits)
      if (isa<BreakOp>(exit))
        producers.push_back(exit);
    if (auto yield = dyn_cast<YieldOp>(op.getBodyBlock()->back()))
      producers.push_back(yield);

    SmallVector<Type> types;
    for (OpResult result : op->getResults())
      if (!drop.test(result.getResultNumber()))
        types.push_back(result.getType());
    auto newOp = OpTy::create(rewriter, op.getLoc(), types,
                              op->getOperands(),
                              llvm::to_vector(op->getDiscardableAttrs()));
    rewriter.inlineRegionBefore(op.getBody(), newOp.getBody(),
                                newOp.getBody().end());
    for (Operation *producer : producers)
      dropForwardedOperands(rewriter, producer, drop);

    SmallVector<Value> replacements;
    unsigned next = 0;
    for (OpResult result : op->getResults())
      replacements.push_back(drop.test(result.getResultNumber())
                                 ? Value()
                                 : newOp->getResult(next++));
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// loom.for
//===----------------------------------------------------------------------===//

/// `loom.for` with constant bounds `lb >= ub` runs no iteration: its results
/// are its initial iteration arguments.
struct ZeroTripFor : OpRewritePattern<ForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ForOp op,
                                PatternRewriter &rewriter) const override {
    APInt lb, ub;
    if (!matchPattern(op.getLowerBound(), m_ConstantInt(&lb)) ||
        !matchPattern(op.getUpperBound(), m_ConstantInt(&ub)))
      return rewriter.notifyMatchFailure(op, "bounds are not constant");
    if (lb.slt(ub))
      return rewriter.notifyMatchFailure(op, "runs at least one iteration");
    rewriter.replaceOp(op, op.getInitArgs());
    return success();
  }
};

/// Drops result #i of a `loom.for` together with iteration argument #i when
/// the result is unused and the iteration argument is only passed on to the
/// next iteration at the same position (by the body's `loom.yield` or a
/// `loom.continue` of this loop): nothing else can observe its value. Breaks
/// addressed to the loop lose their operand #i.
struct DropUnusedForResults : OpRewritePattern<ForOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ForOp op,
                                PatternRewriter &rewriter) const override {
    Value token = op.getToken();
    FailureOr<SmallVector<Operation *>> exits = getLoomExits(token);
    if (failed(exits))
      return rewriter.notifyMatchFailure(op, "a non-loom exit targets it");
    Block &body = *op.getBodyBlock();
    auto yield = dyn_cast<YieldOp>(body.back());

    /// Whether `use` of iteration argument #i only forwards it to the next
    /// iteration at the same position.
    auto forwardsItself = [&](OpOperand &use, unsigned i) {
      Operation *user = use.getOwner();
      if (user == yield.getOperation())
        return use.getOperandNumber() == i;
      auto cont = dyn_cast<ContinueOp>(user);
      return cont && cont.getToken() == token &&
             use.getOperandNumber() == i + 1;
    };

    llvm::BitVector drop(op.getNumResults());
    for (auto [i, result, iterArg] :
         llvm::enumerate(op.getResults(), op.getIterArgs())) {
      unsigned index = i; // C++17 lambdas cannot capture structured bindings.
      if (result.use_empty() &&
          llvm::all_of(iterArg.getUses(), [&](OpOperand &use) {
            return forwardsItself(use, index);
          }))
        drop.set(i);
    }
    if (drop.none())
      return rewriter.notifyMatchFailure(op, "no droppable result");

    SmallVector<Value> inits;
    for (auto [i, init] : llvm::enumerate(op.getInitArgs()))
      if (!drop.test(i))
        inits.push_back(init);
    auto newOp = ForOp::create(rewriter, op.getLoc(), ValueRange(inits).getTypes(),
                               op.getLowerBound(), op.getUpperBound(),
                               op.getStep(), inits);
    newOp->setDiscardableAttrs(op->getDiscardableAttrDictionary());
    // Drop the forwarded operands first: afterwards the dropped iteration
    // arguments have no uses and can be erased.
    for (Operation *exit : *exits)
      dropForwardedOperands(rewriter, exit, drop);
    if (yield)
      dropForwardedOperands(rewriter, yield, drop);
    rewriter.inlineRegionBefore(op.getBody(), newOp.getBody(),
                                newOp.getBody().end());
    llvm::BitVector dropArgs(body.getNumArguments());
    for (unsigned i : drop.set_bits())
      dropArgs.set(i + 2);
    rewriter.modifyOpInPlace(newOp, [&] { body.eraseArguments(dropArgs); });

    SmallVector<Value> replacements;
    unsigned next = 0;
    for (unsigned i = 0, e = op.getNumResults(); i < e; ++i)
      replacements.push_back(drop.test(i) ? Value() : newOp.getResult(next++));
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

} // namespace

void LoopOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                         MLIRContext *context) {
  results.add<LoopWithoutContinue, DropUnusedResults<LoopOp>>(context);
}

void ForOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                        MLIRContext *context) {
  results.add<ZeroTripFor, DropUnusedForResults>(context);
}

void ScopeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                          MLIRContext *context) {
  results.add<InlineScope, DropUnusedResults<ScopeOp>>(context);
}

void IfOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                       MLIRContext *context) {
  results.add<FoldConstantIf, ForwardYieldedIfResults, HoistFallThroughBranch>(
      context);
}
