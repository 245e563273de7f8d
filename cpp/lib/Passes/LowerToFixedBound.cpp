//===- LowerToFixedBound.cpp - loom-lower-to-fixed-bound ------------------===//
//
// Lowers loom.loop / loom.for / loom.scope / loom.if to scf.for loops of a
// constant trip count, scf.if and arith.select, for targets that cannot run a
// loop whose exit depends on data (FHE, HLS).
//
// Bounds. Each loop X that is lowered to a loop needs N(X): the most times
// its body region runs per entry. It is the user's `loom.max_trips`, else
// the `loom.proven_max_trips` that the Rust pass loom-prove-max-trips
// derives from loom's loop facts (run first, through the pass registry, only
// when some loop has no user bound). A loom.loop no loom.continue targets
// runs its body once and is lowered as a scope, with no bound. A loop
// without a bound is an error at the loop; then, and on every other error,
// nothing is lowered and only the derived attributes are removed again, so
// the IR is as it was.
//
// Vocabulary (as in LowerToSCF.cpp; shared in ExitLayout.h). An *outcome*
// is a way control leaves a region: (op, break) — the op ends (for a loom.if or loom.scope also the
// loom.yield of a branch or body) — or (op, continue) — the loop starts its
// next iteration (for a loom.for also its loom.yield). The *escapes* E(X)
// of a loom op X are the outcomes of exits nested in X whose target
// encloses X. A *layout* is an ordered list of outcomes packed into SSA
// values: [state] + one slot group per outcome; no state for one outcome,
// an i1 for two (true: the first outcome), an i32 code otherwise (codes are
// numbered once per pass run). Slots of outcomes that did not happen hold
// ub.poison.
//
// Algorithm. lowerOp(X) produces X's values in layout LX = [(X, break)] +
// E(X); lowerBlock(block, L) rewrites a block whose exits are outcomes of L
// to end in `scf.yield` of L-packed values: each loom op X in it is lowered,
// and when E(X) is not empty the rest of the block moves into `scf.if (X
// ended normally) -> L { rest } else { E(X) repacked in L }`; an exit
// becomes `scf.yield` of its outcome packed in L. Per kind:
//   - loom.if: `scf.if %cond -> LX`, each branch lowered with LX;
//   - loom.scope, loom.loop without continue: the body lowered with LX and
//     inlined in place;
//   - loom.loop, loom.for: body layout LB = [(X, continue), (X, break)] +
//     E(X), whose state is "running" when it is (X, continue), with the
//     continue slots holding the iteration arguments:
//
//       %p = encode(LB, continue, inits)
//       %f = scf.for %k = 0 to N step 1 iter_args(%p) -> LB {
//         %q = scf.if (%p is continue) -> LB {
//           loom.loop: body(%p's continue slots), lowered with LB
//           loom.for:  %iv = lb + k * step (in the iv's type, wrapping);
//                      scf.if (%iv < ub) -> LB { body(%iv, slots) }
//                      else { encode(LB, break, slots) }
//         } else { %p }
//         scf.yield %q
//       }
//
//     After the loop a loom.for still running ended by `iv >= ub` (the
//     bound allows no further body run): its results are the continue
//     slots. A loom.loop still running broke its bound: its values are
//     unspecified (check-trips asserts against it). The values are then
//     repacked from LB into LX with selects on the state.
//
// Invariants. Every op of a loop's body runs inside `scf.if (running)`,
// so once a loop is done nothing in it has a side effect; the only
// loop-carried values are the packed LB values; the trip count of every
// scf.for made is a constant; the conditions of the scf.if made are a
// state test, `iv < ub`, or the condition of a loom.if. Tokens lose their
// last use when the exits targeting them are rewritten, while lowering the
// target's body, before the target itself is replaced.
//
//===----------------------------------------------------------------------===//

#include "ExitLayout.h"
#include "LoweringCommon.h"

#include "loom/Dialect/LoomOps.h"
#include "loom/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/PointerIntPair.h"
#include "llvm/ADT/SetVector.h"

namespace loom {
#define GEN_PASS_DEF_LOOMLOWERTOFIXEDBOUND
#include "LoomPasses.h.inc"
} // namespace loom

using namespace mlir;
using namespace loom;

namespace {

/// The user's bound, the derived one, and why none was derived (the
/// dialect's discardable attributes).
const llvm::StringLiteral kMaxTrips = LoomDialect::MaxTripsAttrHelper::getNameStr();
const llvm::StringLiteral kProvenMaxTrips =
    LoomDialect::ProvenMaxTripsAttrHelper::getNameStr();
const llvm::StringLiteral kMaxTripsUnproven =
    LoomDialect::MaxTripsUnprovenAttrHelper::getNameStr();
/// The Rust pass deriving kProvenMaxTrips (src/passes/prove_max_trips.rs).
constexpr llvm::StringLiteral kProvePass = "loom-prove-max-trips";

using namespace loom::exits;

class FixedBoundLowering {
public:
  FixedBoundLowering(MLIRContext *ctx, const DenseMap<Operation *, int64_t> &trips,
                     bool checkTrips)
      : rewriter(ctx), trips(trips), checkTrips(checkTrips) {}

  /// Records outcomes of exits and escapes of ops under `root`.
  void analyze(Operation *root) {
    root->walk([&](Operation *op) {
      Outcome outcome;
      if (isa<BreakOp>(op)) {
        outcome = breakOf(cast<RegionExitTerminatorOpInterface>(op).getExitTarget());
      } else if (isa<ContinueOp>(op)) {
        outcome = continueOf(cast<RegionExitTerminatorOpInterface>(op).getExitTarget());
      } else if (isa<YieldOp>(op)) {
        Operation *parent = op->getParentOp();
        outcome = isa<ForOp>(parent) ? continueOf(parent) : breakOf(parent);
      } else {
        return;
      }
      exitOutcome[op] = outcome;
      code(outcome);
      Operation *target = outcome.getPointer();
      for (Operation *p = op->getParentOp(); p && p != target;
           p = p->getParentOp())
        escapes[p].insert(outcome);
    });
  }

  /// Lowers an outermost loom op (nothing escapes it).
  void lowerRoot(Operation *op) { (void)lowerOp(op); }

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

  static ValueRange slots(const Layout &layout, ValueRange packed, Outcome o) {
    return exits::slots(layout, packed, o);
  }

  /// A slot no path fills holds poison.
  auto poison() {
    return [this](Location loc, Type type, ValueRange) -> Value {
      return ub::PoisonOp::create(rewriter, loc, type);
    };
  }

  /// Packs `values` as outcome `o` of `layout` (other slots poison).
  SmallVector<Value> encode(Location loc, const Layout &layout, Outcome o,
                            ValueRange values) {
    return codes.encode(rewriter, loc, layout, o, values, poison());
  }

  /// Repacks values of layout `from` into layout `to`, knowing that the
  /// outcome is one of `possible` (all in both layouts).
  SmallVector<Value> convert(Location loc, const Layout &from,
                             ValueRange packed, ArrayRef<Outcome> possible,
                             const Layout &to) {
    return codes.convert(rewriter, loc, from, packed, possible, to, poison());
  }

  /// Rewrites `block` to end in `scf.yield` of values packed in `layout`.
  void lowerBlock(Block *block, const Layout &layout) {
    Operation *op = block->empty() ? nullptr : &block->front();
    while (op) {
      Operation *next = op->getNextNode();
      if (isLoomRegionOp(op)) {
        Location loc = op->getLoc();
        Layout inner = opLayout(op);
        SmallVector<Value> packed = lowerOp(op);
        if (!inner.hasState()) {
          op = next;
          continue;
        }
        // The rest of the block runs only when `op` ended normally.
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
        rewriter.createBlock(&guard.getElseRegion());
        scf::YieldOp::create(rewriter, loc,
                             convert(loc, inner, packed, escaped, layout));
        rewriter.setInsertionPointToEnd(block);
        scf::YieldOp::create(rewriter, loc, guard.getResults());
        lowerBlock(thenBlock, layout);
        return;
      }
      if (auto it = exitOutcome.find(op); it != exitOutcome.end()) {
        rewriter.setInsertionPoint(op);
        SmallVector<Value> packed =
            encode(op->getLoc(), layout, it->second,
                   cast<RegionExitTerminatorOpInterface>(op)
                       .getForwardedOperands());
        exitOutcome.erase(it);
        rewriter.replaceOpWithNewOp<scf::YieldOp>(op, packed);
        return;
      }
      op = next;
    }
  }

  /// Lowers `op`, replaces its results, erases it and returns its values
  /// packed in opLayout(op).
  SmallVector<Value> lowerOp(Operation *op) {
    Layout layout = opLayout(op);
    SmallVector<Value> packed;
    if (auto ifOp = dyn_cast<IfOp>(op)) {
      packed = lowerIf(ifOp, layout);
    } else if (auto scope = dyn_cast<ScopeOp>(op)) {
      packed = lowerInline(op, scope.getBodyBlock(), {}, layout);
    } else if (auto loop = dyn_cast<LoopOp>(op); loop && !trips.contains(op)) {
      // No continue: the body runs once, its iteration arguments are the
      // inits.
      packed = lowerInline(op, loop.getBodyBlock(),
                           SmallVector<Value>(loop.getInits()), layout);
    } else {
      packed = lowerLoop(op, layout);
    }
    rewriter.replaceOp(op, slots(layout, packed, breakOf(op)));
    return packed;
  }

  SmallVector<Value> lowerIf(IfOp ifOp, const Layout &layout) {
    rewriter.setInsertionPoint(ifOp);
    auto newIf = scf::IfOp::create(rewriter, ifOp.getLoc(), layout.types,
                                   ifOp.getCondition(), false, false);
    for (auto [from, to] :
         {std::pair(&ifOp.getThenRegion(), &newIf.getThenRegion()),
          std::pair(&ifOp.getElseRegion(), &newIf.getElseRegion())}) {
      rewriter.inlineRegionBefore(*from, *to, to->end());
      lowerBlock(&to->front(), layout);
    }
    return SmallVector<Value>(newIf.getResults());
  }

  /// Lowers the single-block body `body` of `op` (argument #0 a token, the
  /// others replaced by `args`) with `layout` and inlines it before `op`;
  /// returns the packed values it ends with.
  SmallVector<Value> lowerInline(Operation *op, Block *body,
                                 ArrayRef<Value> args, const Layout &layout) {
    lowerBlock(body, layout);
    for (auto [arg, value] :
         llvm::zip_equal(body->getArguments().drop_front(), args))
      rewriter.replaceAllUsesWith(arg, value);
    body->eraseArguments(0, body->getNumArguments());
    Operation *yield = body->getTerminator();
    SmallVector<Value> packed(yield->getOperands());
    rewriter.eraseOp(yield);
    rewriter.inlineBlockBefore(body, op, ValueRange{});
    return packed;
  }

  /// Lowers a loom.loop some continue targets, or a loom.for, to an scf.for
  /// of trips[op] iterations (see the file header).
  SmallVector<Value> lowerLoop(Operation *op, const Layout &exitLayout) {
    Location loc = op->getLoc();
    auto forOp = dyn_cast<ForOp>(op);
    SmallVector<Outcome> bodyOutcomes{continueOf(op), breakOf(op)};
    llvm::append_range(bodyOutcomes, escapes.lookup(op));
    Layout bodyLayout = makeLayout(bodyOutcomes);
    Block *body = &op->getRegion(0).front();
    lowerBlock(body, bodyLayout);
    body->eraseArgument(0);

    rewriter.setInsertionPoint(op);
    ValueRange inits = forOp ? ValueRange(forOp.getInitArgs())
                             : ValueRange(cast<LoopOp>(op).getInits());
    SmallVector<Value> start =
        encode(loc, bodyLayout, continueOf(op), inits);
    int64_t n = trips.lookup(op);
    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value bound = arith::ConstantIndexOp::create(rewriter, loc, n);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    auto loop = scf::ForOp::create(rewriter, loc, zero, bound, one, start);
    Block *loopBody = loop.getBody();
    if (!loopBody->empty())
      rewriter.eraseOp(loopBody->getTerminator());
    rewriter.setInsertionPointToEnd(loopBody);
    ValueRange state = loopBody->getArguments().drop_front();
    Value running = testOutcome(loc, bodyLayout, state, continueOf(op));
    auto guard = scf::IfOp::create(rewriter, loc, bodyLayout.types, running,
                                   false, false);
    rewriter.setInsertionPointToEnd(loopBody);
    scf::YieldOp::create(rewriter, loc, guard.getResults());
    rewriter.createBlock(&guard.getElseRegion());
    scf::YieldOp::create(rewriter, loc, state);

    Block *active = rewriter.createBlock(&guard.getThenRegion());
    ValueRange args = slots(bodyLayout, state, continueOf(op));
    if (!forOp) {
      rewriter.mergeBlocks(body, active, args);
    } else {
      Value iv = inductionValue(loc, forOp, loopBody->getArgument(0));
      Value inBounds = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::slt, iv, forOp.getUpperBound());
      auto step = scf::IfOp::create(rewriter, loc, bodyLayout.types, inBounds,
                                    false, false);
      scf::YieldOp::create(rewriter, loc, step.getResults());
      rewriter.createBlock(&step.getElseRegion());
      scf::YieldOp::create(rewriter, loc,
                           encode(loc, bodyLayout, breakOf(op), args));
      Block *thenBlock = rewriter.createBlock(&step.getThenRegion());
      SmallVector<Value> bodyArgs{iv};
      llvm::append_range(bodyArgs, args);
      rewriter.mergeBlocks(body, thenBlock, bodyArgs);
    }

    rewriter.setInsertionPointAfter(loop);
    SmallVector<Value> after(loop.getResults());
    Value stillRunning;
    if (checkTrips || forOp)
      stillRunning = testOutcome(loc, bodyLayout, after, continueOf(op));
    if (checkTrips)
      insertTripCheck(loc, op, stillRunning, n);
    if (forOp) {
      // Still running after N body runs: the next `iv < ub` test fails (the
      // bound allows no further run), so the loop ended normally with its
      // iteration arguments.
      Value ended = stateConstant(loc, bodyLayout, breakOf(op));
      after[0] = arith::SelectOp::create(rewriter, loc, stillRunning, ended,
                                         after[0]);
      unsigned breakAt = bodyLayout.slotStart[bodyLayout.indexOf(breakOf(op))];
      unsigned contAt = bodyLayout.slotStart[0];
      for (unsigned i = 0, e = inits.size(); i != e; ++i)
        after[breakAt + i] = arith::SelectOp::create(
            rewriter, loc, stillRunning, after[contAt + i], after[breakAt + i]);
    }
    SmallVector<Outcome> leaving(bodyOutcomes.begin() + 1, bodyOutcomes.end());
    return convert(loc, bodyLayout, after, leaving, exitLayout);
  }

  /// `lb + trip * step` in the induction variable's type, wrapping; `trip`
  /// is an index (null: the constant `constTrip`).
  Value inductionValue(Location loc, ForOp forOp, Value trip,
                       int64_t constTrip = 0) {
    Type ivType = forOp.getLowerBound().getType();
    if (!trip)
      trip = arith::ConstantIndexOp::create(rewriter, loc, constTrip);
    if (!ivType.isIndex())
      trip = arith::IndexCastOp::create(rewriter, loc, ivType, trip);
    Value offset = arith::MulIOp::create(rewriter, loc, trip, forOp.getStep());
    return arith::AddIOp::create(rewriter, loc, forOp.getLowerBound(), offset);
  }

  /// `cf.assert` that the loop `op` was done after its `n` iterations
  /// (`stillRunning` is its state after them): for a loom.for, that no
  /// further body run was due (`lb + n * step >= ub`).
  void insertTripCheck(Location loc, Operation *op, Value stillRunning,
                       int64_t n) {
    Value overrun = stillRunning;
    if (auto forOp = dyn_cast<ForOp>(op)) {
      Value next = inductionValue(loc, forOp, Value(), n);
      Value due = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt,
                                        next, forOp.getUpperBound());
      overrun = arith::AndIOp::create(rewriter, loc, stillRunning, due);
    }
    Value one = arith::ConstantIntOp::create(rewriter, loc, 1, 1);
    Value done = arith::XOrIOp::create(rewriter, loc, overrun, one);
    std::string message;
    llvm::raw_string_ostream os(message);
    os << "loom-lower-to-fixed-bound: the " << op->getName() << " at ";
    if (auto file = op->getLoc()->findInstanceOf<FileLineColLoc>())
      os << file.getFilename().getValue() << ":" << file.getLine() << ":"
         << file.getColumn();
    else
      op->getLoc().print(os);
    os << " was not done after its " << n << " iterations ("
       << (op->hasAttr(kMaxTrips) ? "loom.max_trips" : "its proven bound")
       << ")";
    cf::AssertOp::create(rewriter, loc, done, os.str());
  }

  IRRewriter rewriter;
  /// N of every loop lowered to an scf.for.
  const DenseMap<Operation *, int64_t> &trips;
  bool checkTrips;
  /// The outcome of each loom.yield/break/continue not yet rewritten.
  DenseMap<Operation *, Outcome> exitOutcome;
  /// Escapes of each loom region op, in a deterministic order.
  DenseMap<Operation *, llvm::SetVector<Outcome>> escapes;
  /// Outcome codes for i32 states.
  OutcomeCodes codes;
};

/// Whether `op` is a loom loop lowered to an scf.for: a loom.for, or a
/// loom.loop that some loom.continue targets.
bool needsBound(Operation *op, const llvm::SmallPtrSetImpl<Operation *> &continued) {
  return isa<ForOp>(op) || (isa<LoopOp>(op) && continued.contains(op));
}

struct LowerToFixedBound
    : loom::impl::LoomLowerToFixedBoundBase<LowerToFixedBound> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    if (failed(checkLowerableExits(root, getArgument())))
      return signalPassFailure();

    llvm::SmallPtrSet<Operation *, 16> continued;
    root->walk([&](ContinueOp cont) {
      continued.insert(
          cast<RegionExitTerminatorOpInterface>(cont.getOperation())
              .getExitTarget());
    });
    SmallVector<Operation *> loops;
    root->walk([&](Operation *op) {
      if (needsBound(op, continued))
        loops.push_back(op);
    });
    // The derived attributes are this pass's own: one already in the input
    // (written by hand, or left by an earlier loom-prove-max-trips on other
    // IR) is not a proof, and is dropped before deriving and after.
    auto dropDerived = [&] {
      root->walk([](Operation *op) {
        if (isa<LoopOp, ForOp>(op)) {
          op->removeDiscardableAttr(kProvenMaxTrips);
          op->removeDiscardableAttr(kMaxTripsUnproven);
        }
      });
    };
    dropDerived();
    bool needFacts = llvm::any_of(
        loops, [](Operation *op) { return !op->hasAttr(kMaxTrips); });
    if (needFacts && failed(deriveBounds(root)))
      return signalPassFailure();

    DenseMap<Operation *, int64_t> trips;
    bool ok = true;
    for (Operation *op : loops) {
      std::optional<int64_t> n = tripsOf(op, kMaxTrips);
      if (!n)
        n = tripsOf(op, kProvenMaxTrips);
      // The loop becomes an scf.for to N over `index` (signed): N must fit
      // the index width of the target.
      unsigned width = dataLayoutIndexBitwidth(op);
      if (n && width > 0 && width < 64 && *n > (int64_t(1) << (width - 1)) - 1) {
        ok = false;
        op->emitError() << "'" << op->getName() << "' has the bound " << *n
                        << " on its trip count, which does not fit the "
                        << width << "-bit index " << getArgument()
                        << " counts its iterations in";
        continue;
      }
      if (n) {
        trips[op] = *n;
        continue;
      }
      ok = false;
      InFlightDiagnostic diag = op->emitError()
                                << "'" << op->getName()
                                << "' needs a bound on its trip count for "
                                << getArgument() << ": ";
      if (auto why = op->getAttrOfType<StringAttr>(kMaxTripsUnproven))
        diag << "loom's loop facts prove none (" << why.getValue() << ")";
      else
        diag << "loom's loop facts prove none";
      diag << "; give it `{" << kMaxTrips
           << " = N : i64}`, an upper bound you guarantee on the runs of its "
              "body per entry (check-trips=true checks it at run time)";
    }
    dropDerived();
    if (!ok)
      return signalPassFailure();

    lowerAssumeRanges(root, assumeRange);
    FixedBoundLowering lowering(&getContext(), trips, checkTrips);
    lowering.analyze(root);
    SmallVector<Operation *> roots;
    root->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isLoomRegionOp(op) && !isLoomRegionOp(op->getParentOp()))
        roots.push_back(op);
    });
    for (Operation *op : roots)
      lowering.lowerRoot(op);
  }

  /// The non-negative i64 `name` on `op` (the verifier has checked it).
  static std::optional<int64_t> tripsOf(Operation *op, StringRef name) {
    auto attr = op->getAttrOfType<IntegerAttr>(name);
    if (!attr)
      return std::nullopt;
    return attr.getValue().getSExtValue();
  }

  /// Runs loom-prove-max-trips (a Rust pass, found in the pass registry) on
  /// `root`.
  LogicalResult deriveBounds(Operation *root) {
    const PassInfo *info = PassInfo::lookup(kProvePass);
    if (!info)
      return root->emitError()
             << getArgument() << " needs loom's Rust pass '" << kProvePass
             << "', which is not registered (register loom's passes with "
                "loomRegisterAllPasses, or give every loop `"
             << kMaxTrips << "`)";
    OpPassManager pm(root->getName().getStringRef(),
                     OpPassManager::Nesting::Explicit);
    if (failed(info->addToPipeline(pm, "", [&](const Twine &message) {
          return root->emitError() << message;
        })))
      return failure();
    return runPipeline(pm, root);
  }
};

} // namespace
