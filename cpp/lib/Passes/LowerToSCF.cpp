//===- LowerToSCF.cpp - loom-lower-to-scf ---------------------------------===//
//
// Lowers loom.loop / loom.for / loom.scope / loom.if to scf.while, scf.for,
// scf.if, arith and ub.poison by threading exits through results. The
// vocabulary (outcomes, escapes E(X), layouts) and the walk over blocks
// this pass shares with loom-lower-to-fixed-bound are in ExitThreading.h;
// this file holds what is its own.
//
// Placeholders. Slots of outcomes that did not happen hold ub.poison (in
// an scf.if, replaced at the end by the value the other branch yields there
// when one is at hand: FillValues.h), or for a tensor or a memref a value
// of its type already at hand, else an empty one (see `placeholder`:
// bufferization cannot handle a poison tensor, deallocation would pass a
// poison memref's pointer to its alias checks and to free()).
//
// In a block (handleInBlock), before the shared walk lowers an op:
//   - a loom.scope, or a loom.loop nothing continues, that no exit targets
//     is replaced by its body in place (its loom.yield's operands replace
//     its results; if the body ends in an exit of an enclosing op instead,
//     the rest of the block is unreachable and erased);
//   - a loom.if X with E(X) non-empty and at most one branch ending in its
//     own loom.yield becomes `scf.if -> L` whose branches are lowered with
//     L, the rest of the block being sunk into the branch that falls through
//     (its yielded values replace X's results), as upstream's LowerEarlyExit
//     does: no state says whether the rest runs. If no branch falls
//     through, the rest is unreachable and erased.
// So the shared guard on "X ended normally" is left for a loop, a scope
// some exit targets, or a loom.if both of whose branches fall through, each
// with something escaping it.
//
// Loops (lowerLoop):
//   - loom.loop: body layout LB = [(X, continue), (X, break)?] + E(X); the
//     body becomes the "before" region of an scf.while carrying only the
//     iteration arguments, ending in scf.condition(outcome is continue)
//     forwarding LB's values; the "after" region yields the continue slots.
//   - loom.for with no break and no escapes: scf.for, body lowered with
//     [(X, continue)].
//   - other loom.for: scf.while carrying (iv, iter args); "before" is
//     `scf.if (iv < ub) -> LB { body } else { break with iter args }` and
//     scf.condition(outcome is continue) forwarding iv and LB's values;
//     "after" yields (iv + step, continue slots).
//   After a loop, its values are repacked from LB into LX.
//   Latch: when a loop lowered to scf.while has a single continue-outcome
//   exit, each of its operands computed by a pure single-use op from one
//   in-loop value (same type) and loop-invariant values (e.g. `%i + 1`) is
//   computed in the "after" region from that forwarded value instead. The
//   forwarded slot is poison on the exit paths; were the increment left in
//   the body, LLVM would speculate it into the exiting block and merge the
//   latch with it, which blocks loop rotation (measured in bench/). While
//   such an op is detached it holds no use of an in-loop value (the body
//   lowering may erase that value, e.g. a continue that became unreachable).
//
// Step. A loom.for step must be positive; the verifier rejects constant
// steps <= 0, and a dynamic step <= 0 at run time is undefined behaviour as
// for scf.for. No check is inserted: like scf.for lowered by upstream
// (and both loom lowerings alike), the loop keeps iterating while `iv < ub`
// (signed), so a zero step loops until an exit leaves it and a negative one
// until iv wraps around (overflow, also undefined).
//
// Invariants (besides ExitThreading.h's). The only loop-carried values are
// the iteration arguments (plus the iv of a while-lowered loom.for). The
// pass first checks that only loom ops lie between an exit and its loom
// target (otherwise it fails with the IR untouched) and removes
// loom.assume_range.
//
//===----------------------------------------------------------------------===//

#include "ExitThreading.h"
#include "FillValues.h"
#include "LoweringCommon.h"

#include "loom/Dialect/LoomOps.h"
#include "loom/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace loom {
#define GEN_PASS_DEF_LOOMLOWERTOSCF
#include "LoomPasses.h.inc"
} // namespace loom

using namespace mlir;
using namespace loom;

namespace {

using namespace loom::exits;

class SCFLowering : public ExitThreading {
public:
  using ExitThreading::ExitThreading;

  /// Whether `poison` is a fill this lowering made (see `placeholder`).
  bool isFill(ub::PoisonOp poison) const { return fills.contains(poison); }

private:
  /// The value of a slot that the outcome taken does not use: ub.poison,
  /// except for a tensor or a memref. Bufferization must give a tensor a
  /// buffer (it has no model for a poison tensor), and deallocation treats
  /// a memref slot like any buffer (its run-time alias checks read the
  /// pointer, and a poison one may reach free()). For those, a value of the
  /// same type already at hand, first among `candidates` (the values being
  /// packed), else the nearest argument of an enclosing block (an iteration
  /// argument, a function argument). Forwarding it costs nothing (no copy,
  /// no allocation) and its contents are never read. Only when no such
  /// value exists (a value created in another branch) is one made: for a
  /// tensor a tensor.empty, with 0 for dynamic sizes (only when the tensor
  /// dialect is loaded), for a memref the function's empty stack buffer of
  /// its type (`emptyBuffer`).
  Value placeholder(Location loc, Type type, ValueRange candidates) override {
    if (!isa<TensorType, BaseMemRefType>(type)) {
      auto fill = ub::PoisonOp::create(rewriter, loc, type);
      fills.insert(fill);
      return fill;
    }
    for (Value candidate : candidates)
      if (candidate.getType() == type)
        return candidate;
    // Block arguments only: an op result nearby may still be moved by this
    // lowering (the latch ops), a block argument is replaced, never dropped.
    for (Block *block = rewriter.getInsertionBlock(); block;) {
      for (BlockArgument arg : block->getArguments())
        if (arg.getType() == type)
          return arg;
      Operation *parent = block->getParentOp();
      if (!parent || parent->hasTrait<mlir::OpTrait::IsIsolatedFromAbove>())
        break;
      block = parent->getBlock();
    }
    if (auto memref = dyn_cast<BaseMemRefType>(type))
      return emptyBuffer(loc, memref);
    auto ranked = dyn_cast<RankedTensorType>(type);
    if (!ranked || !rewriter.getContext()->getLoadedDialect<tensor::TensorDialect>())
      return ub::PoisonOp::create(rewriter, loc, type);
    SmallVector<Value> sizes;
    for (int64_t i = 0, e = ranked.getNumDynamicDims(); i < e; ++i)
      sizes.push_back(arith::ConstantIndexOp::create(rewriter, loc, 0));
    return tensor::EmptyOp::create(rewriter, loc, ranked.getShape(),
                                   ranked.getElementType(), sizes,
                                   ranked.getEncoding());
  }

  /// A memref of `type` that holds no element and that nothing owns: a
  /// `memref.alloca` of zero elements at the start of the enclosing
  /// isolated-from-above op's entry block (so it dominates every use, and
  /// costs one stack slot per function and type, off the hot path), viewed
  /// as `type` by a `memref.reinterpret_cast` (0 for every dynamic size,
  /// stride and offset) or a `memref.cast` for an unranked type.
  /// Deallocation sees a stack buffer and never frees it. A layout that is
  /// not strided has no such view: the slot stays ub.poison there.
  Value emptyBuffer(Location loc, BaseMemRefType type) {
    Operation *scope = rewriter.getInsertionBlock()->getParentOp();
    while (scope && !scope->hasTrait<mlir::OpTrait::IsIsolatedFromAbove>())
      scope = scope->getParentOp();
    auto ranked = dyn_cast<MemRefType>(type);
    SmallVector<int64_t> strides;
    int64_t offset;
    if (!scope || scope->getNumRegions() == 0 || scope->getRegion(0).empty() ||
        (ranked && failed(ranked.getStridesAndOffset(strides, offset))))
      return ub::PoisonOp::create(rewriter, loc, type);
    Block *entry = &scope->getRegion(0).front();
    Value &cached = emptyBuffers[{entry, type}];
    if (cached)
      return cached;
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(entry);
    auto storage = memref::AllocaOp::create(
        rewriter, loc,
        MemRefType::get({0}, type.getElementType(), MemRefLayoutAttrInterface(),
                        type.getMemorySpace()));
    if (!ranked) {
      cached = memref::CastOp::create(rewriter, loc, type, storage);
      return cached;
    }
    Value zero;
    auto fold = [&](int64_t value) -> OpFoldResult {
      if (!ShapedType::isDynamic(value))
        return rewriter.getIndexAttr(value);
      if (!zero)
        zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
      return zero;
    };
    SmallVector<OpFoldResult> sizes, strideValues;
    for (int64_t size : ranked.getShape())
      sizes.push_back(fold(size));
    for (int64_t stride : strides)
      strideValues.push_back(fold(stride));
    cached = memref::ReinterpretCastOp::create(rewriter, loc, ranked, storage,
                                               fold(offset), sizes,
                                               strideValues);
    return cached;
  }

  /// Replaces in place a loom.scope or loom.loop that can be (canInline);
  /// sinks the rest of the block into a loom.if that something escapes and
  /// that at most one branch of falls through (sinkIf).
  InBlock handleInBlock(Operation *op, const Layout &layout) override {
    if (canInline(op)) {
      inlineInBlock(op);
      return InBlock::Replaced;
    }
    if (auto ifOp = dyn_cast<IfOp>(op);
        ifOp && escapes.contains(op) && !bothFallThrough(ifOp)) {
      sinkIf(ifOp, layout);
      return InBlock::BlockLowered;
    }
    return InBlock::NotHandled;
  }

  /// Whether both branches of `ifOp` end in its own loom.yield.
  static bool bothFallThrough(IfOp ifOp) {
    return isa<YieldOp>(ifOp.getThenBlock()->getTerminator()) &&
           isa<YieldOp>(ifOp.getElseBlock()->getTerminator());
  }

  /// Whether `op` is a loom.scope, or a loom.loop nothing continues, that no
  /// exit targets: its body runs once and can replace it in place.
  bool canInline(Operation *op) {
    if (brokenTargets.contains(op))
      return false;
    if (isa<ScopeOp>(op))
      return true;
    return isa<LoopOp>(op) && !continuedTargets.contains(op);
  }

  /// Erases `op` and everything after it in its block, last first (so no
  /// erased op still has uses), forgetting the exits among them.
  void eraseFrom(Operation *op) {
    Block *block = op->getBlock();
    while (true) {
      Operation *last = &block->back();
      last->walk([&](Operation *nested) { forgetExit(nested); });
      rewriter.eraseOp(last);
      if (last == op)
        return;
    }
  }

  /// Replaces `op` (see canInline) with its body, inlined in place. When the
  /// body ends in its own loom.yield, the yielded values replace the results;
  /// otherwise it ends in an exit to an enclosing op, and whatever followed
  /// `op` in the block can never run and is erased, so the exit ends the
  /// block.
  void inlineInBlock(Operation *op) {
    Block *body = &op->getRegion(0).front();
    SmallVector<Value> args;
    if (auto loop = dyn_cast<LoopOp>(op))
      llvm::append_range(args, loop.getInits());
    body->eraseArgument(0); // The token: nothing targets `op`.
    Operation *term = body->getTerminator();
    rewriter.inlineBlockBefore(body, op, args);
    if (isa<YieldOp>(term)) {
      rewriter.replaceOp(op, term->getOperands());
      forgetExit(term);
      rewriter.eraseOp(term);
      return;
    }
    eraseFrom(op);
  }

  /// Lowers the loom.if `ifOp` (in a block being lowered with `layout`,
  /// something escaping it, at most one branch ending in its own loom.yield)
  /// by sinking the rest of its block into the branch that falls through:
  ///   scf.if %cond -> L { exiting branch } else { falling branch; rest }
  /// so no state tells the rest whether to run. When neither branch falls
  /// through, the rest can never run and is erased.
  void sinkIf(IfOp ifOp, const Layout &layout) {
    Block *block = ifOp->getBlock();
    Location loc = ifOp.getLoc();
    rewriter.setInsertionPoint(ifOp);
    auto newIf = scf::IfOp::create(rewriter, loc, layout.types,
                                   ifOp.getCondition(), false, false);
    Block *fallBlock = nullptr;
    for (auto [from, to] :
         {std::pair(&ifOp.getThenRegion(), &newIf.getThenRegion()),
          std::pair(&ifOp.getElseRegion(), &newIf.getElseRegion())}) {
      rewriter.inlineRegionBefore(*from, *to, to->end());
      if (isa<YieldOp>(to->front().getTerminator()))
        fallBlock = &to->front();
    }
    if (Operation *rest = ifOp->getNextNode(); fallBlock) {
      Operation *yield = fallBlock->getTerminator();
      rewriter.replaceAllUsesWith(ifOp.getResults(), yield->getOperands());
      forgetExit(yield);
      rewriter.eraseOp(yield);
      fallBlock->getOperations().splice(fallBlock->end(),
                                        block->getOperations(),
                                        rest->getIterator(), block->end());
      rewriter.eraseOp(ifOp);
    } else {
      eraseFrom(ifOp);
    }
    rewriter.setInsertionPointToEnd(block);
    scf::YieldOp::create(rewriter, loc, newIf.getResults());
    lowerBlock(newIf.thenBlock(), layout);
    lowerBlock(newIf.elseBlock(), layout);
  }

  /// An op computing a next iteration argument, moved to the after region.
  /// While detached (between extractLatchOps and buildLatch) its `inside`
  /// operand is null: only values defined outside the loop are used.
  struct LatchOp {
    Operation *op = nullptr;
    /// Its one operand defined inside the loop: the slot now carries it.
    unsigned inside = 0;
  };

  /// When `loop` (lowered to an scf.while) has a single continue-outcome
  /// exit, moves out of the body every op that computes one of its operands
  /// from one value defined in the loop and values defined outside (pure,
  /// no regions, only used there, same type as that value), so that the
  /// continue forwards that value instead and the scf.while's "after"
  /// region recomputes the op (see buildLatch). Typically `%i1 = arith.addi
  /// %i, %c1` ends up in the latch: with it in the body, the forwarded slot
  /// would be poison on exit paths and LLVM speculates the increment into
  /// the exiting block, where it blocks loop rotation. Returns one entry per
  /// continue slot (null op: forwarded as is).
  SmallVector<LatchOp> extractLatchOps(Operation *loop) {
    SmallVector<LatchOp> latch(outcomeTypes(continueOf(loop)).size());
    auto it = continueExits.find(loop);
    if (it == continueExits.end() || it->second.size() != 1)
      return latch;
    Operation *exit = it->second.front();
    auto definedOutside = [&](Value v) {
      return !loop->isAncestor(v.getParentRegion()->getParentOp());
    };
    OperandRange fwd =
        cast<RegionExitTerminatorOpInterface>(exit).getForwardedOperands();
    if (fwd.empty())
      return latch;
    unsigned first = fwd.getBeginOperandIndex();
    for (unsigned i = 0, e = fwd.size(); i != e; ++i) {
      Operation *def = fwd[i].getDefiningOp();
      if (!def || def->getBlock() != exit->getBlock() ||
          def->getNumRegions() != 0 || def->getNumResults() != 1 ||
          !def->hasOneUse() || !isPure(def))
        continue;
      std::optional<unsigned> inside;
      bool ok = true;
      for (OpOperand &operand : def->getOpOperands()) {
        if (definedOutside(operand.get()))
          continue;
        if (inside || operand.get().getType() != fwd[i].getType())
          ok = false;
        inside = operand.getOperandNumber();
      }
      if (!ok || !inside)
        continue;
      exit->setOperand(first + i, def->getOperand(*inside));
      // The detached op must not keep a use of an in-loop value: lowering
      // the body may erase that value (e.g. when the continue sits after an
      // exit and is unreachable), and a use left in a detached op would
      // then point into freed memory, corrupting the use list when
      // buildLatch rewires it. Its remaining operands are defined outside
      // the loop, which lowering the loop body never erases.
      def->getOpOperand(*inside).drop();
      def->remove();
      latch[i] = {def, *inside};
    }
    return latch;
  }

  /// Inserts the ops of `latch` at the builder's insertion point, fed by
  /// `slots` (the forwarded continue slots), and returns the next iteration
  /// arguments.
  SmallVector<Value> buildLatch(ArrayRef<LatchOp> latch, ValueRange slots) {
    SmallVector<Value> next(slots);
    for (auto [i, l] : llvm::enumerate(latch)) {
      if (!l.op)
        continue;
      rewriter.insert(l.op);
      l.op->setOperand(l.inside, slots[i]);
      next[i] = l.op->getResult(0);
    }
    return next;
  }

  /// The values a loop's scf.while forwards in its condition: all of LB's
  /// packed values, but no state when LB has two outcomes (the condition is
  /// the state then).
  static ValueRange forwarded(const Layout &layout, ValueRange packed) {
    return layout.usesCodes() ? packed : packed.drop_front(layout.hasState());
  }

  /// Rebuilds packed values from forwarded ones (see `forwarded`), with a
  /// placeholder state that `convert` does not read.
  static SmallVector<Value> unforward(const Layout &layout, ValueRange fwd) {
    SmallVector<Value> packed;
    if (layout.hasState() && !layout.usesCodes())
      packed.push_back(Value());
    llvm::append_range(packed, fwd);
    return packed;
  }

  /// The types of `forwarded`.
  static SmallVector<Type> forwardedTypes(const Layout &layout) {
    return SmallVector<Type>(ArrayRef<Type>(layout.types).drop_front(
        layout.hasState() && !layout.usesCodes()));
  }

  SmallVector<Value> lowerLoop(Operation *op,
                               const Layout &exitLayout) override {
    if (auto forOp = dyn_cast<ForOp>(op))
      return lowerFor(forOp, exitLayout);
    return lowerWhile(cast<LoopOp>(op), exitLayout);
  }

  /// A loom.loop some loom.continue targets, as an scf.while.
  SmallVector<Value> lowerWhile(LoopOp loop, const Layout &exitLayout) {
    Location loc = loop.getLoc();
    SmallVector<Outcome> outcomes =
        bodyOutcomes(loop, brokenTargets.contains(loop.getOperation()));
    Layout bodyLayout = makeLayout(outcomes);
    Block *body = loop.getBodyBlock();
    SmallVector<LatchOp> latch = extractLatchOps(loop);
    lowerBlock(body, bodyLayout);
    body->eraseArgument(0);

    rewriter.setInsertionPoint(loop);
    SmallVector<Type> fwdTypes = forwardedTypes(bodyLayout);
    auto whileOp = scf::WhileOp::create(rewriter, loc, fwdTypes, loop.getInits());
    TypeRange iterTypes = loop.getInits().getTypes();
    SmallVector<Location> iterLocs(iterTypes.size(), loc);
    Block *before = rewriter.createBlock(&whileOp.getBefore(), {}, iterTypes,
                                         iterLocs);
    rewriter.mergeBlocks(body, before, before->getArguments());
    Operation *yield = before->getTerminator();
    SmallVector<Value> packed(yield->getOperands());
    rewriter.setInsertionPoint(yield);
    Value again = testOutcome(loc, bodyLayout, packed, continueOf(loop));
    rewriter.replaceOpWithNewOp<scf::ConditionOp>(
        yield, again, forwarded(bodyLayout, packed));

    SmallVector<Location> fwdLocs(fwdTypes.size(), loc);
    Block *after =
        rewriter.createBlock(&whileOp.getAfter(), {}, fwdTypes, fwdLocs);
    SmallVector<Value> afterPacked =
        unforward(bodyLayout, after->getArguments());
    scf::YieldOp::create(
        rewriter, loc,
        buildLatch(latch, slots(bodyLayout, afterPacked, continueOf(loop))));

    rewriter.setInsertionPointAfter(whileOp);
    SmallVector<Outcome> leaving(outcomes.begin() + 1, outcomes.end());
    return convert(loc, bodyLayout,
                   unforward(bodyLayout, whileOp.getResults()), leaving,
                   exitLayout);
  }

  SmallVector<Value> lowerFor(ForOp forOp, const Layout &exitLayout) {
    Location loc = forOp.getLoc();
    Block *body = forOp.getBodyBlock();
    if (!exitLayout.hasState() &&
        !brokenTargets.contains(forOp.getOperation())) {
      Layout bodyLayout = makeLayout({continueOf(forOp)});
      lowerBlock(body, bodyLayout);
      body->eraseArgument(0);
      rewriter.setInsertionPoint(forOp);
      auto newFor = scf::ForOp::create(rewriter, loc, forOp.getLowerBound(),
                                       forOp.getUpperBound(), forOp.getStep(),
                                       forOp.getInitArgs());
      Block *newBody = newFor.getBody();
      if (!newBody->empty())
        rewriter.eraseOp(newBody->getTerminator());
      rewriter.mergeBlocks(body, newBody, newBody->getArguments());
      return SmallVector<Value>(newFor.getResults());
    }

    SmallVector<Outcome> outcomes = bodyOutcomes(forOp, /*withBreak=*/true);
    Layout bodyLayout = makeLayout(outcomes);
    SmallVector<LatchOp> latch = extractLatchOps(forOp);
    lowerBlock(body, bodyLayout);
    body->eraseArgument(0);

    // scf.while (%iv = lb, %args = inits) {
    //   %p = scf.if (iv < ub) { body } else { break(args) }
    //   scf.condition(p is continue) %iv, fwd(p)
    // } do { ^(%iv, fwd): scf.yield iv + step, continue slots }
    rewriter.setInsertionPoint(forOp);
    Type ivType = forOp.getLowerBound().getType();
    SmallVector<Value> inits{forOp.getLowerBound()};
    llvm::append_range(inits, forOp.getInitArgs());
    SmallVector<Type> fwdTypes{ivType};
    llvm::append_range(fwdTypes, forwardedTypes(bodyLayout));
    auto whileOp = scf::WhileOp::create(rewriter, loc, fwdTypes, inits);

    SmallVector<Type> carriedTypes(ValueRange(inits).getTypes());
    SmallVector<Location> carriedLocs(carriedTypes.size(), loc);
    Block *before = rewriter.createBlock(&whileOp.getBefore(), {},
                                         carriedTypes, carriedLocs);
    Value iv = before->getArgument(0);
    ValueRange args = before->getArguments().drop_front();
    Value inBounds = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::slt, iv, forOp.getUpperBound());
    auto step = scf::IfOp::create(rewriter, loc, bodyLayout.types, inBounds,
                                  false, false);
    Block *thenBlock = rewriter.createBlock(&step.getThenRegion());
    rewriter.mergeBlocks(body, thenBlock, before->getArguments());
    rewriter.createBlock(&step.getElseRegion());
    scf::YieldOp::create(rewriter, loc,
                         encode(loc, bodyLayout, breakOf(forOp), args));
    rewriter.setInsertionPointAfter(step);
    SmallVector<Value> packed(step.getResults());
    Value again = testOutcome(loc, bodyLayout, packed, continueOf(forOp));
    SmallVector<Value> fwd{iv};
    llvm::append_range(fwd, forwarded(bodyLayout, packed));
    scf::ConditionOp::create(rewriter, loc, again, fwd);

    SmallVector<Location> fwdLocs(fwdTypes.size(), loc);
    Block *after =
        rewriter.createBlock(&whileOp.getAfter(), {}, fwdTypes, fwdLocs);
    SmallVector<Value> afterPacked =
        unforward(bodyLayout, after->getArguments().drop_front());
    Value next = arith::AddIOp::create(rewriter, loc, after->getArgument(0),
                                       forOp.getStep());
    SmallVector<Value> nextArgs{next};
    llvm::append_range(
        nextArgs,
        buildLatch(latch, slots(bodyLayout, afterPacked, continueOf(forOp))));
    scf::YieldOp::create(rewriter, loc, nextArgs);

    rewriter.setInsertionPointAfter(whileOp);
    SmallVector<Outcome> leaving(outcomes.begin() + 1, outcomes.end());
    return convert(loc, bodyLayout,
                   unforward(bodyLayout, whileOp.getResults().drop_front()),
                   leaving, exitLayout);
  }

  /// The empty buffer made for each (function entry block, memref type).
  DenseMap<std::pair<Block *, Type>, Value> emptyBuffers;
  /// The ub.poison fills `placeholder` made, by address (some may have been
  /// erased since, with the code they were in).
  llvm::DenseSet<Operation *> fills;
};

struct LowerToSCF : loom::impl::LoomLowerToSCFBase<LowerToSCF> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    if (failed(checkLowerableExits(root, getArgument())))
      return signalPassFailure();
    lowerAssumeRanges(root, assumeRange);

    SCFLowering lowering(&getContext());
    lowering.run(root);
    SmallVector<ub::PoisonOp> fills;
    root->walk([&](ub::PoisonOp poison) {
      if (lowering.isFill(poison))
        fills.push_back(poison);
    });
    IRRewriter rewriter(&getContext());
    refineFills(rewriter, fills);
  }
};

} // namespace
