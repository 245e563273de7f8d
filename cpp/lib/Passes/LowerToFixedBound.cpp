//===- LowerToFixedBound.cpp - loom-lower-to-fixed-bound ------------------===//
//
// Lowers loom.loop / loom.for / loom.scope / loom.if to scf.for loops of a
// constant trip count, scf.if and arith.select, for targets that cannot run a
// loop whose exit depends on data (FHE, HLS).
//
// Bounds. Each loop X that is lowered to a loop needs N(X): the most times
// its body region runs per entry. It is the user's `loom.max_trips`, else
// the `loom.proven_max_trips` that the Rust pass loom-prove-max-trips
// derives from loom's loop facts. That pass runs first, through the pass
// registry (when it is not registered, only if some loop has no user
// bound), and fails on a user bound that the facts prove below what the
// loop runs, which the lowering would cut short. A loom.loop no
// loom.continue targets runs its body once and is lowered as a scope, with
// no bound. A loop without a bound is an error at the loop; then, and on
// every other error, nothing is lowered and only the derived attributes are
// removed again, so the IR is as it was.
//
// Algorithm. The vocabulary (outcomes, escapes E(X), layouts LX) and the
// walk over blocks, loom.if, loom.scope and a loom.loop nothing continues
// are shared with loom-lower-to-scf (ExitThreading.h); a slot no path fills
// holds ub.poison. A loop lowered to a loop (lowerLoop) gets the body layout
// LB = [(X, continue), (X, break)] + E(X), whose state is "running" when it
// is (X, continue), with the continue slots holding the iteration
// arguments:
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
// state test, `iv < ub`, or the condition of a loom.if.
//
//===----------------------------------------------------------------------===//

#include "ExitThreading.h"
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

class FixedBoundLowering : public ExitThreading {
public:
  FixedBoundLowering(MLIRContext *ctx, const DenseMap<Operation *, int64_t> &trips,
                     bool checkTrips)
      : ExitThreading(ctx), trips(trips), checkTrips(checkTrips) {}

private:
  /// A slot no path fills holds poison.
  Value placeholder(Location loc, Type type, ValueRange) override {
    return ub::PoisonOp::create(rewriter, loc, type);
  }

  /// Lowers a loom.loop some continue targets, or a loom.for, to an scf.for
  /// of trips[op] iterations (see the file header).
  SmallVector<Value> lowerLoop(Operation *op,
                               const Layout &exitLayout) override {
    Location loc = op->getLoc();
    auto forOp = dyn_cast<ForOp>(op);
    SmallVector<Outcome> outcomes = bodyOutcomes(op, /*withBreak=*/true);
    Layout bodyLayout = makeLayout(outcomes);
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
    SmallVector<Outcome> leaving(outcomes.begin() + 1, outcomes.end());
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

  /// N of every loop lowered to an scf.for.
  const DenseMap<Operation *, int64_t> &trips;
  bool checkTrips;
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
    // loom-prove-max-trips derives the bounds the user did not give and
    // refuses a user bound that loom's facts prove too small. Without it
    // (not registered), loops that all have a user bound are lowered
    // unchecked.
    bool needFacts = llvm::any_of(
        loops, [](Operation *op) { return !op->hasAttr(kMaxTrips); });
    if ((needFacts || PassInfo::lookup(kProvePass)) &&
        failed(deriveBounds(root)))
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
    lowering.run(root);
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
