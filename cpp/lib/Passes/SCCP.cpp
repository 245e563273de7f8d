//===- SCCP.cpp - loom-sccp -----------------------------------------------===//
//
// Sparse conditional constant propagation and integer-range folding that
// see through loom's early exits. Upstream `sccp` and
// `int-range-optimizations` treat `loom.loop`, `loom.for`, `loom.scope` and
// `loom.if` as opaque (they do not implement RegionBranchOpInterface: a
// break leaves several regions at once), so they know nothing of their
// results or loop-carried values. This pass runs upstream's data-flow
// framework (DeadCodeAnalysis, SparseConstantPropagation,
// IntegerRangeAnalysis in one solver) with loom-aware subclasses of the two
// sparse analyses, then replaces every value whose constant lattice or
// integer range is a single constant by that constant (upstream sccp's
// rewrite; the range lattice decides comparisons, as in
// int-range-optimizations, where the joined constant lattice is unknown).
//
// Transfer functions for loom ops (LoomAware below, shared by both
// analyses). The values an op receives are joined from the exits that
// target it, found through the exit interfaces (RegionExitTerminatorOp-
// Interface: kind, token, forwarded operands), so an exit op of another
// dialect that implements them is handled like loom's own:
//   - loom.scope results: breaks to its token and the yield ending its body;
//   - loom.loop results: breaks; iteration arguments: inits and continues;
//   - loom.for results: breaks and the iteration arguments (the results of
//     a normal end are the final iteration arguments); iteration arguments:
//     inits, continues and the yield ending its body; the induction
//     variable: upstream's bounds-based range (signed, lb <= iv < ub, step
//     positive, as loom.for defines it), unknown for constants;
//   - loom.if results: the yields ending its two branches;
//   - the token argument and anything not listed: the pessimistic state.
// A token used by anything other than an exit op implementing the interface
// makes the target's results and carried values pessimistic.
//
// Exits behind decided conditions. An exit contributes only if it may run:
// its block is executable for DeadCodeAnalysis; no op on the way from it to
// its target comes after a `loom.if` every branch of which that may run
// ends in a break or continue; and no `loom.if` between it and its target
// has a condition whose constant lattice or integer range
// is a constant selecting the other branch (a constant that is not an
// integer, such as ub.poison, selects neither). A condition whose lattices
// are both still uninitialized is treated as not yet
// reached (the optimistic assumption of SCCP, revised when the lattice
// rises: every lattice read registers a dependency, so the op is visited
// again). Values never produced (a scope every path of which breaks to an
// outer target) stay uninitialized and join as the empty set.
//
// Invariants. Every lattice the transfer functions read is registered as a
// dependency of the point being computed, so the fixed point is the join
// over all exits that may run. Lattices only rise: loop-carried integer
// ranges widen to the full range when they change after their first value,
// as upstream does for values yielded to loop headers, so the solver
// terminates. Ops of other dialects keep upstream's transfer functions;
// targets of other dialects (HasBreakingControlFlowOpInterface outside
// loom) get upstream's pessimistic treatment of unknown region ops, and so
// do the induction variables of loops other than scf.for and loom.for
// (upstream's bound-based range crashes on affine.for in MLIR 22).
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/LoomInterfaces.h"
#include "loom/Dialect/LoomOps.h"
#include "loom/Passes.h"

#include "mlir/Analysis/DataFlow/ConstantPropagationAnalysis.h"
#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/FoldUtils.h"

namespace loom {
#define GEN_PASS_DEF_LOOMSCCP
#include "LoomPasses.h.inc"
} // namespace loom

using namespace mlir;
using namespace mlir::dataflow;
using namespace loom;

namespace {

/// What a `loom.if` condition's lattice says about which branch runs.
enum class BranchesTaken {
  /// The lattice is uninitialized: the condition is not computed (yet).
  None,
  Then,
  Else,
  Both,
};

/// The loom ops whose results and block arguments this pass models.
bool isModelledLoomOp(Operation *op) {
  return isa<LoopOp, ForOp, ScopeOp, IfOp>(op);
}

/// Which branches a `loom.if` condition with constant lattice `constant` and
/// range `range` selects: a known integer constant from either decides it;
/// both uninitialized means not computed yet; anything else (a range of both
/// values, a constant that is not an integer such as ub.poison) selects
/// both. Monotone: as either lattice rises the answer only rises from None.
BranchesTaken branchesTaken(const ConstantValue &constant,
                            const IntegerValueRange &range) {
  if (constant.isUninitialized() && range.isUninitialized())
    return BranchesTaken::None;
  std::optional<APInt> value;
  if (!constant.isUninitialized())
    if (auto attr = dyn_cast_or_null<IntegerAttr>(constant.getConstantValue()))
      value = attr.getValue();
  if (!value && !range.isUninitialized())
    value = range.getValue().getConstantValue();
  if (!value)
    return BranchesTaken::Both;
  return value->isZero() ? BranchesTaken::Else : BranchesTaken::Then;
}

/// Loom-aware transfer functions on top of the upstream sparse analysis
/// `Base` (see the file header). Both analyses decide a `loom.if` condition
/// from its constant and range lattices (branchesTaken); `joinCarried` joins the values flowing
/// into a loop-carried block argument (where a range analysis widens).
template <typename Base, typename StateT>
class LoomAware : public Base {
public:
  using Base::Base;
  using ValueT = std::decay_t<decltype(std::declval<StateT>().getValue())>;

  LogicalResult visitOperation(Operation *op,
                               ArrayRef<const StateT *> operands,
                               ArrayRef<StateT *> results) override {
    if (!isModelledLoomOp(op))
      return Base::visitOperation(op, operands, results);
    ProgramPoint *point = this->getProgramPointAfter(op);
    std::optional<SmallVector<ValueT>> incoming = joinResults(op, point);
    for (auto [index, lattice] : llvm::enumerate(results)) {
      if (!incoming)
        this->setToEntryState(lattice);
      else
        this->propagateIfChanged(lattice, lattice->join((*incoming)[index]));
    }
    return success();
  }

  void visitNonControlFlowArguments(Operation *op,
                                    const RegionSuccessor &successor,
                                    ArrayRef<StateT *> argLattices,
                                    unsigned firstIndex) override {
    if (!isa<LoopOp, ForOp, ScopeOp>(op))
      return Base::visitNonControlFlowArguments(op, successor, argLattices,
                                                firstIndex);
    Block *body = &op->getRegion(0).front();
    if (argLattices.size() != body->getNumArguments()) {
      for (StateT *lattice : argLattices)
        this->setToEntryState(lattice);
      return;
    }
    // The token (and, for loom.for, the induction variable, below).
    this->setToEntryState(argLattices.front());
    unsigned firstCarried = 1;
    if (auto forOp = dyn_cast<ForOp>(op)) {
      firstCarried = 2;
      inductionVariable(forOp, successor, argLattices);
    }
    ArrayRef<StateT *> carried = argLattices.drop_front(firstCarried);
    if (carried.empty())
      return;
    ProgramPoint *point = this->getProgramPointBefore(body);
    std::optional<SmallVector<ValueT>> incoming = joinCarriedValues(op, point);
    for (auto [index, lattice] : llvm::enumerate(carried)) {
      if (!incoming)
        this->setToEntryState(lattice);
      else
        joinCarried(lattice, (*incoming)[index]);
    }
  }

protected:
  /// Joins `incoming` into a loop-carried block argument's lattice.
  virtual void joinCarried(StateT *lattice, const ValueT &incoming) {
    this->propagateIfChanged(lattice, lattice->join(incoming));
  }

  /// The induction variable of `forOp` (argument #1); pessimistic unless an
  /// analysis knows better.
  virtual void inductionVariable(ForOp forOp, const RegionSuccessor &successor,
                                 ArrayRef<StateT *> argLattices) {
    (void)forOp;
    (void)successor;
    this->setToEntryState(argLattices[1]);
  }

private:
  /// Whether `exit`, nested in `target`, may run: its block is executable
  /// and no `loom.if` between them takes the other branch for sure.
  bool mayRun(Operation *exit, Operation *target, ProgramPoint *point) {
    for (Operation *op = exit; op && op != target; op = op->getParentOp()) {
      Block *block = op->getBlock();
      if (!block)
        return false;
      if (!this->template getOrCreateFor<Executable>(
                   point, this->getProgramPointBefore(block))
               ->isLive())
        return false;
      for (Operation *prev = op->getPrevNode(); prev;
           prev = prev->getPrevNode())
        if (auto prevIf = dyn_cast<IfOp>(prev))
          if (neverFallsThrough(prevIf, point))
            return false;
      auto ifOp = dyn_cast<IfOp>(block->getParentOp());
      if (!ifOp)
        continue;
      BranchesTaken taken = branchesTakenAt(ifOp, point);
      bool inThen = block->getParent() == &ifOp.getThenRegion();
      if (taken == BranchesTaken::None ||
          (taken == BranchesTaken::Then && !inThen) ||
          (taken == BranchesTaken::Else && inThen))
        return false;
    }
    return true;
  }

  /// Which branches of `ifOp` may run, read for `point`.
  BranchesTaken branchesTakenAt(IfOp ifOp, ProgramPoint *point) {
    Value condition = ifOp.getCondition();
    return branchesTaken(
        this->template getOrCreateFor<Lattice<ConstantValue>>(point, condition)
            ->getValue(),
        this->template getOrCreateFor<IntegerValueRangeLattice>(point,
                                                                condition)
            ->getValue());
  }

  /// Whether control never continues after `ifOp`: every branch that may
  /// run ends in a break or continue (an omitted else branch falls
  /// through). Exits nested deeper are not considered.
  bool neverFallsThrough(IfOp ifOp, ProgramPoint *point) {
    BranchesTaken taken = branchesTakenAt(ifOp, point);
    auto exits = [](Region &region) {
      if (region.empty() || region.front().empty())
        return false;
      auto exit = dyn_cast<RegionExitTerminatorOpInterface>(
          region.front().back());
      return exit && exit.getExitKind() != ExitKind::Yield;
    };
    bool thenExits = exits(ifOp.getThenRegion());
    bool elseExits = exits(ifOp.getElseRegion());
    switch (taken) {
    case BranchesTaken::None:
      return true;
    case BranchesTaken::Then:
      return thenExits;
    case BranchesTaken::Else:
      return elseExits;
    case BranchesTaken::Both:
      return thenExits && elseExits;
    }
    llvm_unreachable("every BranchesTaken is handled");
  }

  /// Joins into `into` the lattices of `values`, read for `point`.
  void joinValues(SmallVector<ValueT> &into, ValueRange values,
                  ProgramPoint *point) {
    for (auto [slot, value] : llvm::zip(into, values))
      slot = ValueT::join(slot,
                          this->getLatticeElementFor(point, value)->getValue());
  }

  /// Joins into `into` the forwarded operands of every exit of kind `kind`
  /// addressed to `target` through its token; false when the token has a
  /// user that is not an exit op (its effect is unknown).
  bool joinExits(Operation *target, ExitKind kind, SmallVector<ValueT> &into,
                 ProgramPoint *point) {
    Value token = target->getRegion(0).front().getArgument(0);
    for (Operation *user : token.getUsers()) {
      auto exit = dyn_cast<RegionExitTerminatorOpInterface>(user);
      if (!exit || exit.getExitToken() != token ||
          exit.getExitTarget() != target)
        return false;
      if (exit.getExitKind() != kind || !mayRun(user, target, point))
        continue;
      if (exit.getForwardedOperands().size() != into.size())
        return false;
      joinValues(into, exit.getForwardedOperands(), point);
    }
    return true;
  }

  /// Joins into `into` the operands of the yield ending `block`, when it is
  /// a yield to `target` that may run; false when the block ends otherwise
  /// than with an exit op.
  bool joinYield(Operation *target, Block &block, SmallVector<ValueT> &into,
                 ProgramPoint *point) {
    if (block.empty())
      return false;
    auto exit = dyn_cast<RegionExitTerminatorOpInterface>(block.back());
    if (!exit)
      return false;
    if (exit.getExitKind() != ExitKind::Yield ||
        exit.getExitTarget() != target || !mayRun(exit, target, point))
      return true;
    if (exit.getForwardedOperands().size() != into.size())
      return false;
    joinValues(into, exit.getForwardedOperands(), point);
    return true;
  }

  /// The join of what reaches `op`'s results, or nullopt when unknown.
  std::optional<SmallVector<ValueT>> joinResults(Operation *op,
                                                 ProgramPoint *point) {
    SmallVector<ValueT> into(op->getNumResults());
    if (auto ifOp = dyn_cast<IfOp>(op)) {
      for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
        if (!region->empty() &&
            !joinYield(op, region->front(), into, point))
          return std::nullopt;
      return into;
    }
    if (!joinExits(op, ExitKind::Break, into, point))
      return std::nullopt;
    Block &body = op->getRegion(0).front();
    if (isa<ScopeOp>(op) && !joinYield(op, body, into, point))
      return std::nullopt;
    if (isa<ForOp>(op))
      joinValues(into, body.getArguments().drop_front(2), point);
    return into;
  }

  /// The join of what reaches the iteration arguments of loop `op`, or
  /// nullopt when unknown.
  std::optional<SmallVector<ValueT>> joinCarriedValues(Operation *op,
                                                       ProgramPoint *point) {
    Block &body = op->getRegion(0).front();
    unsigned firstCarried = isa<ForOp>(op) ? 2 : 1;
    SmallVector<ValueT> into(body.getNumArguments() - firstCarried);
    if (isa<ScopeOp>(op))
      return std::nullopt;
    ValueRange inits = isa<ForOp>(op) ? ValueRange(cast<ForOp>(op).getInitArgs())
                                      : ValueRange(cast<LoopOp>(op).getInits());
    if (inits.size() != into.size())
      return std::nullopt;
    joinValues(into, inits, point);
    if (!joinExits(op, ExitKind::Continue, into, point))
      return std::nullopt;
    if (isa<ForOp>(op) && !joinYield(op, body, into, point))
      return std::nullopt;
    return into;
  }
};

/// Constant propagation through loom ops.
class LoomConstantPropagation
    : public LoomAware<SparseConstantPropagation, Lattice<ConstantValue>> {
public:
  using LoomAware::LoomAware;
};

/// Integer ranges through loom ops.
class LoomIntegerRangeAnalysis
    : public LoomAware<IntegerRangeAnalysis, IntegerValueRangeLattice> {
public:
  using LoomAware::LoomAware;

  /// Upstream's transfer function for region arguments, except for loops
  /// other than scf.for: MLIR 22's bound-based induction-variable range
  /// crashes on affine.for (upstream int-range-optimizations does too), so
  /// the arguments of other dialects' loops are left to the framework's
  /// pessimistic default. loom's loops are handled by LoomAware.
  void visitNonControlFlowArguments(
      Operation *op, const RegionSuccessor &successor,
      ArrayRef<IntegerValueRangeLattice *> argLattices,
      unsigned firstIndex) override {
    if (!isModelledLoomOp(op) && !isa<InferIntRangeInterface>(op) &&
        isa<LoopLikeOpInterface>(op) && !isa<scf::ForOp>(op))
      return SparseForwardDataFlowAnalysis::visitNonControlFlowArguments(
          op, successor, argLattices, firstIndex);
    LoomAware::visitNonControlFlowArguments(op, successor, argLattices,
                                            firstIndex);
  }

protected:
  /// A loop-carried range that changes after its first value becomes the
  /// full range (upstream's widening for values yielded to loop headers),
  /// so that a counter does not climb one step per solver round.
  void joinCarried(IntegerValueRangeLattice *lattice,
                   const IntegerValueRange &incoming) override {
    IntegerValueRange old = lattice->getValue();
    ChangeResult changed = lattice->join(incoming);
    if (!old.isUninitialized() && !(lattice->getValue() == old))
      changed |= lattice->join(
          IntegerValueRange::getMaxRange(lattice->getAnchor()));
    propagateIfChanged(lattice, changed);
  }

  /// Upstream's range for the single induction variable of a
  /// LoopLikeOpInterface: lb <= iv <= ub - 1 (signed) for a positive step,
  /// which is loom.for's definition (its verifier rejects constant steps
  /// <= 0; a dynamic step <= 0 is undefined behaviour).
  void inductionVariable(ForOp forOp, const RegionSuccessor &successor,
                         ArrayRef<IntegerValueRangeLattice *> argLattices)
      override {
    IntegerRangeAnalysis::visitNonControlFlowArguments(forOp, successor,
                                                       argLattices, 0);
  }
};

/// The constant `value` is known to be: its constant lattice's, or else
/// (for an integer or index) the single value of its integer range, which
/// can be known when the constant lattice is not (the join of 0 and 10 is
/// unknown, a comparison of it with 100 is not). Null when neither.
std::pair<Attribute, Dialect *> knownConstant(DataFlowSolver &solver,
                                              Value value) {
  auto *lattice = solver.lookupState<Lattice<ConstantValue>>(value);
  if (lattice && !lattice->getValue().isUninitialized() &&
      lattice->getValue().getConstantValue())
    return {lattice->getValue().getConstantValue(),
            lattice->getValue().getConstantDialect()};
  auto *range = solver.lookupState<IntegerValueRangeLattice>(value);
  if (!range || range->getValue().isUninitialized() ||
      !isa<IntegerType, IndexType>(value.getType()))
    return {};
  std::optional<APInt> constant = range->getValue().getValue().getConstantValue();
  if (!constant)
    return {};
  MLIRContext *context = value.getContext();
  return {IntegerAttr::get(value.getType(), *constant),
          context->getLoadedDialect<arith::ArithDialect>()};
}

/// Replaces `value` by the constant it is known to be, materialized by
/// `folder` at the start of the outermost block constants may go in.
LogicalResult replaceWithConstant(DataFlowSolver &solver, OpBuilder &builder,
                                  OperationFolder &folder, Value value) {
  auto [attr, dialect] = knownConstant(solver, value);
  if (!attr || !dialect)
    return failure();
  Value replacement = folder.getOrCreateConstant(
      builder.getInsertionBlock(), dialect, attr, value.getType());
  if (!replacement)
    return failure();
  value.replaceAllUsesWith(replacement);
  return success();
}

/// Upstream sccp's rewrite: every op result and block argument known to be
/// a constant is replaced; an op all of whose results were replaced
/// and that is trivially dead is erased.
void rewrite(DataFlowSolver &solver, MLIRContext *context,
             MutableArrayRef<Region> initialRegions) {
  SmallVector<Block *> worklist;
  auto addToWorklist = [&](MutableArrayRef<Region> regions) {
    for (Region &region : regions)
      for (Block &block : llvm::reverse(region))
        worklist.push_back(&block);
  };
  OpBuilder builder(context);
  OperationFolder folder(context);
  addToWorklist(initialRegions);
  while (!worklist.empty()) {
    Block *block = worklist.pop_back_val();
    for (Operation &op : llvm::make_early_inc_range(*block)) {
      builder.setInsertionPoint(&op);
      bool replacedAll = op.getNumResults() != 0;
      for (Value result : op.getResults())
        replacedAll &=
            succeeded(replaceWithConstant(solver, builder, folder, result));
      if (replacedAll && wouldOpBeTriviallyDead(&op)) {
        op.erase();
        continue;
      }
      addToWorklist(op.getRegions());
    }
    builder.setInsertionPointToStart(block);
    for (BlockArgument argument : block->getArguments())
      (void)replaceWithConstant(solver, builder, folder, argument);
  }
}

struct LoomSCCP : loom::impl::LoomSCCPBase<LoomSCCP> {
  void runOnOperation() override {
    Operation *op = getOperation();
    DataFlowSolver solver;
    solver.load<DeadCodeAnalysis>();
    solver.load<LoomConstantPropagation>();
    solver.load<LoomIntegerRangeAnalysis>();
    if (failed(solver.initializeAndRun(op)))
      return signalPassFailure();
    rewrite(solver, op->getContext(), op->getRegions());
  }
};

} // namespace
