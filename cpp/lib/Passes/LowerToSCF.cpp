//===- LowerToSCF.cpp - loom-lower-to-scf ---------------------------------===//
//
// Lowers loom.loop / loom.for / loom.scope / loom.if to scf.while, scf.for,
// scf.if, arith and ub.poison by threading exits through results.
//
// Vocabulary. An *outcome* is a way control can leave a region: a pair
// (op, kind) with kind `break` (the op ends; for a loom.if or a loom.scope
// this is also the normal end of a branch/body, a loom.yield) or `continue`
// (the loop starts its next iteration; for a loom.for also its loom.yield).
// Each outcome carries values: the op's result types (break) or its
// iteration argument types (continue). The *escapes* E(X) of a loom op X are
// the outcomes of exits nested in X whose target encloses X.
//
// A *layout* is an ordered list of outcomes, packed into SSA values as
// [state] + one slot group per outcome: no state for one outcome, an i1 for
// two (true means the first outcome), an i32 outcome code otherwise (codes
// are numbered once per pass run, so two i32 layouts agree on them). Slots
// of outcomes that did not happen hold ub.poison (in an scf.if, replaced
// at the end by the value the other branch yields there when one is at
// hand: FillValues.h), or for a tensor or a
// memref a value of its type already at hand, else an empty one (see
// `placeholder`: bufferization cannot handle a poison tensor, deallocation
// would pass a poison memref's pointer to its alias checks and to free()).
//
// Algorithm. After the exit check (only loom ops between an exit and a loom
// target; otherwise fail with the IR untouched) and assume_range removal,
// outcomes and escapes are computed for all exits up front. Every outermost
// loom op (its parent is not a loom op; nothing escapes it) is then lowered
// top-down by lowerOp, which produces X's values in layout
// LX = [(X, break)] + E(X), and lowerBlock(block, L), which rewrites a block
// whose exits are all outcomes of L to end in `scf.yield` of L-packed values:
//
//   - a loom.scope, or a loom.loop nothing continues, that no exit targets
//     is replaced by its body in place (its loom.yield's operands replace
//     its results; if the body ends in an exit of an enclosing op instead,
//     the rest of the block is unreachable and erased);
//   - a loom.if X with E(X) non-empty and at most one branch ending in its
//     own loom.yield becomes `scf.if -> L` whose branches are lowered with
//     L, the rest of the block being sunk into the branch that falls through
//     (its yielded values replace X's results), as upstream's LowerEarlyExit
//     does: no state says whether the rest runs. If no branch falls
//     through, the rest is unreachable and erased;
//   - any other loom op X in the block is lowered; if E(X) is empty its
//     results are simply replaced. Otherwise the rest of the block moves
//     into `scf.if (X ended normally) -> L { rest } else { E(X) repacked in
//     L }` (the rest is lowered recursively with L) and the block yields the
//     if's results. This guard is the only place a state is tested inside a
//     body: after a loop, a scope some exit targets, or a loom.if both of
//     whose branches fall through, each with something escaping it;
//   - the terminator (yield/break/continue with outcome o) becomes
//     `scf.yield` of o's values packed in L.
//
//   lowerOp per kind:
//   - loom.if: scf.if with LX results, each branch lowered with LX.
//   - loom.scope, and a loom.loop nothing continues: the body is lowered with
//     LX and inlined in place (its final scf.yield's operands are LX).
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
// Invariants. An op gets a state result, a guard and extra slots only when
// something escapes it (minimality); the only loop-carried values are the
// iteration arguments (plus the iv of a while-lowered loom.for). lowerBlock
// only ever sees terminators whose outcome is in its layout: a terminator in
// X's region has an outcome targeting X or one in E(X). Tokens lose their
// last use when the exits targeting them are rewritten, which happens while
// lowering the target's body, before the target itself is replaced.
//
//===----------------------------------------------------------------------===//

#include "FillValues.h"
#include "ExitLayout.h"
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
#include "llvm/ADT/PointerIntPair.h"
#include "llvm/ADT/SetVector.h"

namespace loom {
#define GEN_PASS_DEF_LOOMLOWERTOSCF
#include "LoomPasses.h.inc"
} // namespace loom

using namespace mlir;
using namespace loom;

namespace {

using namespace loom::exits;

class SCFLowering {
public:
  explicit SCFLowering(MLIRContext *ctx) : rewriter(ctx) {}

  /// Whether `poison` is a fill this lowering made (see `placeholder`).
  bool isFill(ub::PoisonOp poison) const { return fills.contains(poison); }

  /// Records outcomes of exits and escapes of ops under `root`.
  void analyze(Operation *root) {
    root->walk([&](Operation *op) {
      Outcome outcome;
      if (auto brk = dyn_cast<BreakOp>(op)) {
        outcome = breakOf(cast<RegionExitTerminatorOpInterface>(op).getExitTarget());
      } else if (auto cont = dyn_cast<ContinueOp>(op)) {
        outcome = continueOf(cast<RegionExitTerminatorOpInterface>(op).getExitTarget());
      } else if (auto yield = dyn_cast<YieldOp>(op)) {
        Operation *parent = op->getParentOp();
        outcome = isa<ForOp>(parent) ? continueOf(parent) : breakOf(parent);
      } else {
        return;
      }
      exitOutcome[op] = outcome;
      if (outcome.getInt())
        continueExits[outcome.getPointer()].push_back(op);
      code(outcome);
      Operation *target = outcome.getPointer();
      if (isa<BreakOp>(op) || isa<ContinueOp>(op)) {
        if (isa<BreakOp>(op))
          brokenTargets.insert(target);
        else
          continuedTargets.insert(target);
      }
      for (Operation *p = op->getParentOp(); p && p != target;
           p = p->getParentOp())
        escapes[p].insert(outcome);
    });
  }

  /// Lowers an outermost loom op (nothing escapes it).
  void lowerRoot(Operation *op) {
    SmallVector<Value> packed = lowerOp(op);
    (void)packed;
  }

private:
  unsigned code(Outcome o) { return codes.code(o); }

  Layout makeLayout(ArrayRef<Outcome> outcomes) {
    return exits::makeLayout(outcomes, rewriter.getContext());
  }

  /// [(X, break)] + E(X).
  Layout opLayout(Operation *op) {
    SmallVector<Outcome> outcomes{breakOf(op)};
    llvm::append_range(outcomes, escapes.lookup(op));
    return makeLayout(outcomes);
  }

  Value stateConstant(Location loc, const Layout &layout, Outcome o) {
    return codes.stateConstant(rewriter, loc, layout, o);
  }

  /// Whether packed values `packed` of `layout` hold outcome `o` (an i1).
  Value testOutcome(Location loc, const Layout &layout, ValueRange packed,
                    Outcome o) {
    return codes.testOutcome(rewriter, loc, layout, packed, o);
  }

  ValueRange slots(const Layout &layout, ValueRange packed, Outcome o) {
    return exits::slots(layout, packed, o);
  }

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
  Value placeholder(Location loc, Type type, ValueRange candidates) {
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

  /// `placeholder` as the shared packing's fill.
  auto fill() {
    return [this](Location loc, Type type, ValueRange atHand) {
      return placeholder(loc, type, atHand);
    };
  }

  /// Packs `values` as outcome `o` of `layout` (`placeholder` fills).
  SmallVector<Value> encode(Location loc, const Layout &layout, Outcome o,
                            ValueRange values) {
    return codes.encode(rewriter, loc, layout, o, values, fill());
  }

  /// Repacks values of layout `from` into layout `to`, knowing that the
  /// outcome is one of `possible` (all in both layouts).
  SmallVector<Value> convert(Location loc, const Layout &from,
                             ValueRange packed, ArrayRef<Outcome> possible,
                             const Layout &to) {
    return codes.convert(rewriter, loc, from, packed, possible, to, fill());
  }

  /// Rewrites `block` to end in `scf.yield` of values packed in `layout`.
  void lowerBlock(Block *block, const Layout &layout) {
    Operation *op = block->empty() ? nullptr : &block->front();
    while (op) {
      Operation *next = op->getNextNode();
      if (isLoomRegionOp(op)) {
        if (canInline(op)) {
          Operation *prev = op->getPrevNode();
          inlineInBlock(op);
          op = prev ? prev->getNextNode() : &block->front();
          continue;
        }
        if (auto ifOp = dyn_cast<IfOp>(op);
            ifOp && escapes.contains(op) && !bothFallThrough(ifOp)) {
          sinkIf(ifOp, layout);
          return;
        }
        Location loc = op->getLoc();
        Layout inner = opLayout(op);
        SmallVector<Value> packed = lowerOp(op);
        if (!inner.hasState()) {
          op = next;
          continue;
        }
        // Guard the rest of the block on "op ended normally".
        SmallVector<Outcome> escaped(inner.outcomes.begin() + 1,
                                     inner.outcomes.end());
        rewriter.setInsertionPoint(next);
        Value normal = testOutcome(loc, inner, packed, breakOf(op));
        auto guard = scf::IfOp::create(rewriter, loc, layout.types, normal,
                                       /*addThenBlock=*/false,
                                       /*addElseBlock=*/false);
        Block *thenBlock = rewriter.createBlock(&guard.getThenRegion());
        thenBlock->getOperations().splice(thenBlock->end(),
                                          block->getOperations(),
                                          next->getIterator(), block->end());
        Block *elseBlock = rewriter.createBlock(&guard.getElseRegion());
        rewriter.setInsertionPointToEnd(elseBlock);
        SmallVector<Value> repacked =
            convert(loc, inner, packed, escaped, layout);
        scf::YieldOp::create(rewriter, loc, repacked);
        rewriter.setInsertionPointToEnd(block);
        scf::YieldOp::create(rewriter, loc, guard.getResults());
        lowerBlock(thenBlock, layout);
        return;
      }
      if (!isa<BreakOp, ContinueOp, YieldOp>(op)) {
        op = next;
        continue;
      }
      if (auto it = exitOutcome.find(op); it != exitOutcome.end()) {
        Outcome outcome = it->second;
        forgetExit(op);
        rewriter.setInsertionPoint(op);
        SmallVector<Value> packed =
            encode(op->getLoc(), layout, outcome,
                   cast<RegionExitTerminatorOpInterface>(op)
                       .getForwardedOperands());
        rewriter.replaceOpWithNewOp<scf::YieldOp>(op, packed);
        return;
      }
      op = next;
    }
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

  /// Drops what analyze recorded about the exit `op` before it is erased
  /// (nothing if `op` is not an exit).
  void forgetExit(Operation *op) {
    auto it = exitOutcome.find(op);
    if (it == exitOutcome.end())
      return;
    if (it->second.getInt())
      llvm::erase(continueExits[it->second.getPointer()], op);
    exitOutcome.erase(it);
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

  /// Lowers `op`, replaces its results, erases it and returns its values
  /// packed in opLayout(op).
  SmallVector<Value> lowerOp(Operation *op) {
    SmallVector<Value> packed;
    if (auto ifOp = dyn_cast<IfOp>(op))
      packed = lowerIf(ifOp);
    else if (auto scope = dyn_cast<ScopeOp>(op))
      packed = lowerInline(op, scope.getBodyBlock(), opLayout(op));
    else if (auto loop = dyn_cast<LoopOp>(op))
      packed = lowerLoop(loop);
    else
      packed = lowerFor(cast<ForOp>(op));
    Layout layout = opLayout(op);
    rewriter.replaceOp(op, slots(layout, packed, breakOf(op)));
    return packed;
  }

  SmallVector<Value> lowerIf(IfOp ifOp) {
    Layout layout = opLayout(ifOp);
    rewriter.setInsertionPoint(ifOp);
    auto newIf = scf::IfOp::create(rewriter, ifOp.getLoc(), layout.types,
                                   ifOp.getCondition(), false, false);
    for (auto [from, to] : {std::pair(&ifOp.getThenRegion(), &newIf.getThenRegion()),
                            std::pair(&ifOp.getElseRegion(), &newIf.getElseRegion())}) {
      rewriter.inlineRegionBefore(*from, *to, to->end());
      lowerBlock(&to->front(), layout);
    }
    return SmallVector<Value>(newIf.getResults());
  }

  /// Lowers the single-block body `body` (entry argument #0 is a token) of
  /// `op` with `layout` and inlines it before `op`; returns the packed
  /// values it ends with.
  SmallVector<Value> lowerInline(Operation *op, Block *body,
                                 const Layout &layout) {
    lowerBlock(body, layout);
    body->eraseArgument(0);
    Operation *yield = body->getTerminator();
    SmallVector<Value> packed(yield->getOperands());
    rewriter.eraseOp(yield);
    rewriter.inlineBlockBefore(body, op, ValueRange{});
    return packed;
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

  SmallVector<Value> lowerLoop(LoopOp loop) {
    Location loc = loop.getLoc();
    Layout exitLayout = opLayout(loop);
    if (!continuedTargets.contains(loop.getOperation())) {
      // Runs once: a scope whose iteration arguments are the inits.
      // The iteration arguments are replaced before the final yield's
      // operands are read: a break may forward them directly.
      Block *body = loop.getBodyBlock();
      lowerBlock(body, exitLayout);
      for (auto [arg, init] : llvm::zip_equal(
               body->getArguments().drop_front(), loop.getInits()))
        rewriter.replaceAllUsesWith(arg, init);
      body->eraseArguments(0, body->getNumArguments());
      Operation *yield = body->getTerminator();
      SmallVector<Value> packed(yield->getOperands());
      rewriter.eraseOp(yield);
      rewriter.inlineBlockBefore(body, loop, ValueRange{});
      return packed;
    }

    SmallVector<Outcome> bodyOutcomes{continueOf(loop)};
    if (brokenTargets.contains(loop.getOperation()))
      bodyOutcomes.push_back(breakOf(loop));
    llvm::append_range(bodyOutcomes, escapes.lookup(loop));
    Layout bodyLayout = makeLayout(bodyOutcomes);
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
    SmallVector<Outcome> leaving(bodyOutcomes.begin() + 1, bodyOutcomes.end());
    return convert(loc, bodyLayout,
                   unforward(bodyLayout, whileOp.getResults()), leaving,
                   exitLayout);
  }

  SmallVector<Value> lowerFor(ForOp forOp) {
    Location loc = forOp.getLoc();
    Layout exitLayout = opLayout(forOp);
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

    SmallVector<Outcome> bodyOutcomes{continueOf(forOp), breakOf(forOp)};
    llvm::append_range(bodyOutcomes, escapes.lookup(forOp));
    Layout bodyLayout = makeLayout(bodyOutcomes);
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
    SmallVector<Outcome> leaving(bodyOutcomes.begin() + 1, bodyOutcomes.end());
    return convert(loc, bodyLayout,
                   unforward(bodyLayout, whileOp.getResults().drop_front()),
                   leaving, exitLayout);
  }

  IRRewriter rewriter;
  /// The outcome of each loom.yield/break/continue.
  DenseMap<Operation *, Outcome> exitOutcome;
  /// Escapes of each loom region op, in a deterministic order.
  DenseMap<Operation *, llvm::SetVector<Outcome>> escapes;
  /// Ops some loom.break / loom.continue targets.
  llvm::SmallPtrSet<Operation *, 16> brokenTargets, continuedTargets;
  /// The loom.continue ops (and loom.for yields) of each continued op.
  DenseMap<Operation *, SmallVector<Operation *, 2>> continueExits;
  /// Outcome codes for i32 states.
  OutcomeCodes codes;
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
    lowering.analyze(root);
    SmallVector<Operation *> roots;
    root->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isLoomRegionOp(op) && !isLoomRegionOp(op->getParentOp()))
        roots.push_back(op);
    });
    for (Operation *op : roots)
      lowering.lowerRoot(op);
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
