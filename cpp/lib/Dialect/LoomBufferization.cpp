//===- LoomBufferization.cpp - BufferizableOpInterface for loom ops -------===//
//
// External models of bufferization's BufferizableOpInterface for the loom
// region ops (loom.loop, loom.for, loom.scope, loom.if) and exits
// (loom.break, loom.continue, loom.yield), so One-Shot Bufferize handles
// tensor IR with loom ops in it. The design follows upstream's scf.for /
// scf.while / scf.if models; what differs is that an exit forwards to the op
// its token names, which may be several regions up.
//
// Data flow, per target X and position i:
//   - *carried* values of a loop X at iteration argument i: operand i of every
//     loom.continue addressed to X and, for loom.for, of the body's
//     loom.yield. They become the next iteration's argument i.
//   - *broken* values of X at result i: operand i of every loom.break
//     addressed to X (and, for loom.scope / loom.if, of its loom.yield ops).
//
// Loops (loom.loop, loom.for), as upstream's scf.for: init i bufferizes
// in place into iteration argument i; result i is *tied* to init i when both
// exist with the same type (always for loom.for). The loop op stands for its
// body in the analysis: it reads init i iff the body reads argument i, and
// always writes it; init i aliases the tied result i, Equivalent when every
// carried and broken value at i is equivalent to argument i (see below),
// Unknown otherwise. The body is a repetitive region and its iteration
// arguments are writable. resolveConflicts copies (bufferization.alloc_tensor
// copy) every carried value, and every value broken to a tied result, that
// is not equivalent to its iteration argument; so the buffer of argument i
// is always the init's buffer (after the usual in-place decision for the
// init operand), or a copy, and tied result i is argument i's buffer or a
// copy. A copy of a carried value runs every iteration: like upstream,
// verifyAnalysis rejects it unless `allow-return-allocs-from-loops` is set.
// A copy of a broken value runs once, on leaving: it is always allowed.
// A result tied to no init (loom.loop results are independent of its
// iteration arguments) is what its breaks forward, as for loom.scope below;
// as such a break may forward (a value derived in place from) any
// iteration argument, every init also aliases (Unknown, maybe) every untied
// result of its type.
//
// "Equivalent to argument i of X" (equivalentToIterArg) is the analysis'
// buffer equivalence, extended through loops nested in X: a value
// equivalent to iteration argument k of a loop L between the exit and X
// counts when L's init k is in place and is itself equivalent to argument i
// of X, and every value carried to L at k is equivalent to L's argument k
// (so L's argument k is the init's buffer in every iteration). That is what
// makes a multi-level break of an in-place updated tensor copy-free.
//
// Region ops without iteration arguments (loom.scope, loom.if), as
// upstream's scf.if / scf.execute_region: result i aliases (Equivalent,
// maybe) each value broken to it; the exits' operands bufferize in place.
// One case has no upstream counterpart: a break to a scope (or to an untied
// loop result) from inside a nested loop L may forward L's iteration
// argument, whose buffer is L's init's, but the analysis does not relate an
// iteration argument to its init (the loop op stands for it). Such a
// forwarded value (one aliasing an iteration argument of a loop crossed by
// the break) is copied on leaving instead, so the target's result never
// aliases what the analysis cannot see.
//
// Exits: read their operands, write nothing, bufferize in place; a break to
// a loom.scope, and a yield of a loom.if / loom.scope, alias the target's
// result. Bufferizing an exit replaces its tensor operands by their buffers,
// cast (memref.cast) to the buffer type of what receives them. Two
// refinements of "reads its operands":
//   - a break operand forwarded to a result that has no uses is not read
//     (nothing receives it; loom-carry-captured-tensors makes such results);
//   - a carrying exit X of loop L (loom.continue, loom.for's loom.yield),
//     whose read stands for the reads of the next iteration, does not
//     conflict with a write W (isNotConflicting) when W is inside L, every
//     definition of the value X reads is inside L, and every path from W
//     leaves L (leavesLoopAfter: from W, the ops after it in its block,
//     each exit nested in one of them that leaves it, and the block's
//     terminator are followed; the end of a loom.if branch or loom.scope
//     body and a break of an op inside L lead on after that op; a break of
//     L or of an enclosing target, or a continue of an enclosing loop,
//     leave; any other terminator, a continue of L or of an inner loop
//     answers "may reach"). Then X never runs
//     after W in the same execution of L, and a later execution of L
//     defines X's value anew before X runs: the RaW sequence
//     definition-write-read the analysis guards against cannot happen. This
//     is what makes a write on a breaking path in place once the tensor is
//     an iteration argument (loom-carry-captured-tensors); a write on a
//     path that may reach X, or a definition outside L, still conflicts.
//
// Buffer types: argument i of a loop has the init's buffer type when every
// carried value has it too, otherwise the fully dynamic layout (the
// recursion through the body stops when the argument is twice on the
// invocation stack, as upstream). A tied result has its argument's type; any
// other result the common type of its broken values, or the fully dynamic
// layout when they differ. Exits may be bufferized before or after their
// target: types are read from already bufferized values when present.
//
// Limits (the analysis is upstream's; these models only describe the ops):
// loom.if implements no RegionBranchOpInterface, so One-Shot Analysis does
// not know its branches exclude each other, and a write in one branch
// conflicts with a read of the same tensor in the other (a copy); a write
// inside a loop to a tensor captured from above, on a path that then
// breaks, conflicts with the reads of the next iterations, which that path
// never reaches (a copy): loom-carry-captured-tensors makes such a tensor
// an iteration argument first, which removes the copy (see above and
// bench/tensor/README.md).
//
// Bufferizing a region op creates the same op with memref operands and
// result types, moves the regions over (tokens keep their uses) and wraps
// each iteration argument, now a memref, in bufferization.to_tensor for the
// not yet bufferized body.
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/LoomBufferization.h"
#include "loom/Dialect/LoomOps.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace loom;

namespace {

//===----------------------------------------------------------------------===//
// Structure of loom ops
//===----------------------------------------------------------------------===//

bool isLoop(Operation *op) { return isa<LoopOp, ForOp>(op); }

/// Index of the first init operand of a loop.
unsigned initOffset(Operation *loop) { return isa<ForOp>(loop) ? 3 : 0; }

Block::BlockArgListType iterArgs(Operation *loop) {
  if (auto l = dyn_cast<LoopOp>(loop))
    return l.getIterArgs();
  return cast<ForOp>(loop).getIterArgs();
}

OpOperand &initOperand(Operation *loop, unsigned i) {
  return loop->getOpOperand(initOffset(loop) + i);
}

/// The iteration argument whose init is `operand`.
unsigned iterIndex(OpOperand &operand) {
  return operand.getOperandNumber() - initOffset(operand.getOwner());
}

/// Whether result `i` of a loop is tied to init `i` (same position and type).
bool isTied(Operation *loop, unsigned i) {
  auto args = iterArgs(loop);
  return i < args.size() && i < loop->getNumResults() &&
         args[i].getType() == loop->getResult(i).getType();
}

/// The token of a loop or scope.
Value tokenOf(Operation *target) {
  return target->getRegion(0).front().getArgument(0);
}

/// Operand `i` of the forwarded operands of an exit (break/continue skip
/// their token).
OpOperand &forwardedOperand(Operation *exit, unsigned i) {
  return exit->getOpOperand(isa<YieldOp>(exit) ? i : i + 1);
}

/// Position among the forwarded operands of `operand`.
unsigned forwardedIndex(OpOperand &operand) {
  return operand.getOperandNumber() - (isa<YieldOp>(operand.getOwner()) ? 0 : 1);
}

/// The loom.yield ending `block`, if it ends with one.
YieldOp yieldOf(Block &block) {
  if (block.empty())
    return {};
  return dyn_cast<YieldOp>(block.back());
}

/// The operands forwarded to iteration argument `i` of `loop`.
SmallVector<OpOperand *> carriedOperands(Operation *loop, unsigned i) {
  SmallVector<OpOperand *> result;
  for (Operation *user : tokenOf(loop).getUsers())
    if (isa<ContinueOp>(user))
      result.push_back(&forwardedOperand(user, i));
  if (isa<ForOp>(loop))
    if (YieldOp yield = yieldOf(loop->getRegion(0).front()))
      result.push_back(&forwardedOperand(yield, i));
  return result;
}

/// The operands that may become result `i` of `target`: its breaks', and
/// the yields ending a loom.scope body or a loom.if branch.
SmallVector<OpOperand *> brokenOperands(Operation *target, unsigned i) {
  SmallVector<OpOperand *> result;
  if (isa<LoopOp, ForOp, ScopeOp>(target))
    for (Operation *user : tokenOf(target).getUsers())
      if (isa<BreakOp>(user))
        result.push_back(&forwardedOperand(user, i));
  if (isa<ScopeOp, IfOp>(target))
    for (Region &region : target->getRegions())
      if (!region.empty())
        if (YieldOp yield = yieldOf(region.front()))
          result.push_back(&forwardedOperand(yield, i));
  return result;
}

//===----------------------------------------------------------------------===//
// Analysis helpers
//===----------------------------------------------------------------------===//

bool equivalentToIterArg(const AnalysisState &state, Value value,
                         Operation *from, Operation *loop, unsigned i);

/// Whether iteration argument `k` of `loop` is the init's buffer in every
/// iteration: every carried value is equivalent to it.
bool keepsInitBuffer(const AnalysisState &state, Operation *loop, unsigned k) {
  for (OpOperand *carried : carriedOperands(loop, k))
    if (!equivalentToIterArg(state, carried->get(), carried->getOwner(), loop,
                             k))
      return false;
  return true;
}

/// Whether `value`, used by `from` (nested in `loop`), has the buffer of
/// iteration argument `i` of `loop` (see the file header).
bool equivalentToIterArg(const AnalysisState &state, Value value,
                         Operation *from, Operation *loop, unsigned i) {
  BlockArgument arg = iterArgs(loop)[i];
  if (state.areEquivalentBufferizedValues(value, arg))
    return true;
  for (Operation *inner = from->getParentOp(); inner && inner != loop;
       inner = inner->getParentOp()) {
    if (!isLoop(inner))
      continue;
    for (auto [k, innerArg] : llvm::enumerate(iterArgs(inner))) {
      if (!isa<TensorType>(innerArg.getType()) ||
          !state.areEquivalentBufferizedValues(value, innerArg))
        continue;
      OpOperand &init = initOperand(inner, k);
      if (state.isInPlace(init) && keepsInitBuffer(state, inner, k) &&
          equivalentToIterArg(state, init.get(), inner, loop, i))
        return true;
    }
  }
  return false;
}

/// Relation of init `i` and tied result `i` of a loop.
BufferRelation loopRelation(const AnalysisState &state, Operation *loop,
                            unsigned i) {
  for (OpOperand *operand : carriedOperands(loop, i))
    if (!equivalentToIterArg(state, operand->get(), operand->getOwner(), loop,
                             i))
      return BufferRelation::Unknown;
  for (OpOperand *operand : brokenOperands(loop, i))
    if (!equivalentToIterArg(state, operand->get(), operand->getOwner(), loop,
                             i))
      return BufferRelation::Unknown;
  return BufferRelation::Equivalent;
}

/// Whether `value`, forwarded by the exit `from` to `target`, may alias an
/// iteration argument of a loop strictly between them.
bool aliasesCrossedIterArg(const AnalysisState &state, Value value,
                           Operation *from, Operation *target) {
  for (Operation *loop = from->getParentOp(); loop && loop != target;
       loop = loop->getParentOp())
    if (isLoop(loop))
      for (BlockArgument arg : iterArgs(loop))
        if (isa<TensorType>(arg.getType()) &&
            state.areAliasingBufferizedValues(value, arg))
          return true;
  return false;
}

/// The breaks to `target` at result `i` whose value must be copied because
/// it may alias an iteration argument of a crossed loop.
void collectCrossingCopies(const AnalysisState &state, Operation *target,
                           unsigned i, SmallVectorImpl<OpOperand *> &toCopy) {
  for (OpOperand *broken : brokenOperands(target, i))
    if (isa<BreakOp>(broken->getOwner()) &&
        aliasesCrossedIterArg(state, broken->get(), broken->getOwner(), target))
      toCopy.push_back(broken);
}

/// Whether `exit` hands its operands to the next iteration of its target
/// loop: a loom.continue, or the loom.yield ending a loom.for body.
bool carriesToNextIteration(Operation *exit) {
  return isa<ContinueOp>(exit) ||
         (isa<YieldOp>(exit) && isa_and_nonnull<ForOp>(exit->getParentOp()));
}

/// Whether every path from the point right after `op` (an op inside the
/// body of `loop`) leaves `loop` without carrying values to its next
/// iteration: by a break of `loop` or of an enclosing target, or a continue
/// of an enclosing loop; never by a loom.continue of `loop` or the end of a
/// loom.for iteration. Follows the ops after `op` in its block (the exits
/// nested in them that leave them), then the block's terminator: the end of
/// a loom.if branch or a loom.scope body and a break of an op inside `loop`
/// go on after that op. Conservative: a continue of a loop inside `loop`,
/// a loom.for yield or a non-loom terminator answer false. Each step moves
/// to an op enclosing the current point, so the recursion ends; `memo`
/// keeps it linear.
bool leavesAfter(Operation *op, Operation *loop,
                 DenseMap<Operation *, bool> &memo);

/// Whether the exit or terminator `exit` (nested in `loop`) always leads
/// out of `loop` without carrying (see leavesAfter).
bool exitLeaves(Operation *exit, Operation *loop,
                DenseMap<Operation *, bool> &memo) {
  if (isa<BreakOp, ContinueOp>(exit)) {
    Operation *target = loom::detail::getExitTarget(exit);
    if (!target)
      return false;
    if (target->isAncestor(loop))
      return !(target == loop && isa<ContinueOp>(exit));
    if (isa<ContinueOp>(exit) || !loop->isProperAncestor(target))
      return false;
    return leavesAfter(target, loop, memo);
  }
  Operation *parent = exit->getParentOp();
  if (isa<YieldOp>(exit) && isa_and_nonnull<IfOp, ScopeOp>(parent) &&
      loop->isProperAncestor(parent))
    return leavesAfter(parent, loop, memo);
  return false;
}

/// Whether every break or continue nested in `op` that leaves `op` always
/// leads out of `loop` without carrying.
bool nestedExitsLeave(Operation *op, Operation *loop,
                      DenseMap<Operation *, bool> &memo) {
  if (op->getNumRegions() == 0)
    return true;
  WalkResult result = op->walk([&](Operation *nested) {
    if (!isa<BreakOp, ContinueOp>(nested))
      return WalkResult::advance();
    Operation *target = loom::detail::getExitTarget(nested);
    if (target && op->isAncestor(target))
      return WalkResult::advance();
    return exitLeaves(nested, loop, memo) ? WalkResult::advance()
                                          : WalkResult::interrupt();
  });
  return !result.wasInterrupted();
}

bool leavesAfter(Operation *op, Operation *loop,
                 DenseMap<Operation *, bool> &memo) {
  if (auto it = memo.find(op); it != memo.end())
    return it->second;
  memo[op] = false; // not reached again while being computed (see above)
  bool result = [&] {
    Block *block = op->getBlock();
    if (!block || !block->mightHaveTerminator())
      return false;
    Operation *terminator = block->getTerminator();
    for (Operation *next = op->getNextNode(); next && next != terminator;
         next = next->getNextNode())
      if (!nestedExitsLeave(next, loop, memo))
        return false;
    return terminator != op && exitLeaves(terminator, loop, memo);
  }();
  memo[op] = result;
  return result;
}

/// Whether, once `write` (an op inside the body of `loop`) has run, `loop`
/// is always left without carrying values to its next iteration.
bool leavesLoopAfter(Operation *write, Operation *loop) {
  DenseMap<Operation *, bool> memo;
  return nestedExitsLeave(write, loop, memo) &&
         leavesAfter(write, loop, memo);
}

/// Whether every definition of the value read by `read` (bufferization's
/// findDefinitions) lies inside `loop`: each execution of `loop` then
/// defines that value anew before `read` can run.
bool definedInside(const AnalysisState &state, OpOperand *read,
                   Operation *loop) {
  for (Value definition : state.findDefinitions(read)) {
    Operation *where = definition.getDefiningOp();
    if (!where)
      where = cast<BlockArgument>(definition).getOwner()->getParentOp();
    if (!where || !loop->isAncestor(where) ||
        (where == loop && isa<OpResult>(definition)))
      return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Buffer types and buffers
//===----------------------------------------------------------------------===//

/// The buffer type `value` has or will have.
FailureOr<BaseMemRefType> bufferTypeOf(Value value,
                                       const BufferizationOptions &options,
                                       const BufferizationState &state,
                                       SmallVector<Value> &invocationStack) {
  if (auto memref = dyn_cast<BaseMemRefType>(value.getType()))
    return memref;
  FailureOr<BufferLikeType> type =
      bufferization::getBufferType(value, options, state, invocationStack);
  if (failed(type))
    return failure();
  auto memref = dyn_cast<BaseMemRefType>(*type);
  if (!memref)
    return emitError(value.getLoc())
           << "loom bufferization supports memref buffers only, got "
           << Type(*type);
  return memref;
}

FailureOr<BaseMemRefType> bufferTypeOf(Value value,
                                       const BufferizationOptions &options,
                                       const BufferizationState &state) {
  SmallVector<Value> invocationStack;
  return bufferTypeOf(value, options, state, invocationStack);
}

/// One buffer type for values of `tensorType` that may have the `types`:
/// the common type, else the fully dynamic layout (a memref.cast away from
/// each of them).
FailureOr<BaseMemRefType> unifyBufferTypes(Operation *op, TensorType tensorType,
                                           ArrayRef<BaseMemRefType> types) {
  if (types.empty())
    return getMemRefTypeWithFullyDynamicLayout(tensorType);
  if (llvm::all_equal(types))
    return types.front();
  Attribute space = types.front().getMemorySpace();
  for (BaseMemRefType type : types)
    if (type.getMemorySpace() != space)
      return op->emitOpError()
             << "values forwarded to one result or iteration argument "
                "bufferize to different memory spaces";
  return getMemRefTypeWithFullyDynamicLayout(tensorType, space);
}

/// `buffer` as a value of `type` (memref.cast when the types differ).
FailureOr<Value> castBuffer(OpBuilder &builder, Operation *user, Value buffer,
                            BaseMemRefType type) {
  if (buffer.getType() == type)
    return buffer;
  if (!memref::CastOp::areCastCompatible(buffer.getType(), type))
    return user->emitOpError() << "cannot cast buffer of type "
                               << buffer.getType() << " to " << type;
  return memref::CastOp::create(builder, buffer.getLoc(), type, buffer)
      .getResult();
}

/// Buffer type of iteration argument `i` of `loop`.
FailureOr<BaseMemRefType>
iterArgBufferType(Operation *loop, unsigned i,
                  const BufferizationOptions &options,
                  const BufferizationState &state,
                  SmallVector<Value> &invocationStack) {
  BlockArgument arg = iterArgs(loop)[i];
  if (auto memref = dyn_cast<BaseMemRefType>(arg.getType()))
    return memref;
  FailureOr<BaseMemRefType> initType = bufferTypeOf(
      initOperand(loop, i).get(), options, state, invocationStack);
  if (failed(initType))
    return failure();
  // Computing a carried value's type may ask for this argument's again.
  if (llvm::count(invocationStack, Value(arg)) >= 2)
    return *initType;
  SmallVector<BaseMemRefType> types = {*initType};
  for (OpOperand *carried : carriedOperands(loop, i)) {
    FailureOr<BaseMemRefType> type =
        bufferTypeOf(carried->get(), options, state, invocationStack);
    if (failed(type))
      return failure();
    types.push_back(*type);
  }
  return unifyBufferTypes(loop, cast<TensorType>(arg.getType()), types);
}

/// Buffer type of result `i` of a loom region op.
FailureOr<BaseMemRefType>
resultBufferType(Operation *op, unsigned i, const BufferizationOptions &options,
                 const BufferizationState &state,
                 SmallVector<Value> &invocationStack) {
  if (auto memref = dyn_cast<BaseMemRefType>(op->getResult(i).getType()))
    return memref;
  if (isLoop(op) && isTied(op, i))
    return iterArgBufferType(op, i, options, state, invocationStack);
  SmallVector<BaseMemRefType> types;
  for (OpOperand *broken : brokenOperands(op, i)) {
    FailureOr<BaseMemRefType> type =
        bufferTypeOf(broken->get(), options, state, invocationStack);
    if (failed(type))
      return failure();
    types.push_back(*type);
  }
  return unifyBufferTypes(op, cast<TensorType>(op->getResult(i).getType()),
                          types);
}

/// The buffer type of what receives forwarded operand `i` of `exit`.
FailureOr<BaseMemRefType> destinationBufferType(Operation *exit, unsigned i,
                                                const BufferizationOptions &options,
                                                const BufferizationState &state) {
  Operation *target = loom::detail::getExitTarget(exit);
  SmallVector<Value> invocationStack;
  if (!target || !isa<LoopOp, ForOp, ScopeOp, IfOp>(target))
    return exit->emitOpError()
           << "cannot bufferize an exit whose target is not a loom op";
  bool toIterArg = isa<ContinueOp>(exit) || (isa<YieldOp>(exit) && isa<ForOp>(target));
  if (toIterArg)
    return iterArgBufferType(target, i, options, state, invocationStack);
  return resultBufferType(target, i, options, state, invocationStack);
}

/// Replaces `op` by an op of the same kind with `operands` and `resultTypes`,
/// taking its regions; tensor iteration arguments of a loop become memrefs
/// of `argTypes`, wrapped in bufferization.to_tensor for the body.
LogicalResult rebuildRegionOp(RewriterBase &rewriter, Operation *op,
                              ValueRange operands, TypeRange resultTypes,
                              ArrayRef<Type> argTypes) {
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(op);
  Operation *newOp = Operation::create(
      op->getLoc(), op->getName(), resultTypes, operands,
      NamedAttrList(op->getDiscardableAttrDictionary()),
      op->getPropertiesStorage(), BlockRange(), op->getNumRegions());
  rewriter.insert(newOp);
  for (auto [from, to] : llvm::zip(op->getRegions(), newOp->getRegions()))
    rewriter.inlineRegionBefore(from, to, to.end());
  if (isLoop(newOp)) {
    Block &body = newOp->getRegion(0).front();
    rewriter.setInsertionPointToStart(&body);
    for (auto [arg, type] : llvm::zip(iterArgs(newOp), argTypes)) {
      auto tensorType = dyn_cast<TensorType>(arg.getType());
      if (!tensorType)
        continue;
      arg.setType(type);
      auto tensor =
          ToTensorOp::create(rewriter, arg.getLoc(), tensorType, arg);
      rewriter.replaceAllUsesExcept(arg, tensor.getResult(), tensor);
    }
  }
  replaceOpWithBufferizedValues(rewriter, op, newOp->getResults());
  return success();
}

/// Result types of `op` after bufferization.
FailureOr<SmallVector<Type>> bufferizedResultTypes(
    Operation *op, const BufferizationOptions &options,
    const BufferizationState &state) {
  SmallVector<Type> types;
  for (OpResult result : op->getResults()) {
    if (!isa<TensorType>(result.getType())) {
      types.push_back(result.getType());
      continue;
    }
    SmallVector<Value> invocationStack;
    FailureOr<BaseMemRefType> type = resultBufferType(
        op, result.getResultNumber(), options, state, invocationStack);
    if (failed(type))
      return failure();
    types.push_back(*type);
  }
  return types;
}

/// Replaces the uses in `operands` by copies (alloc_tensor copy) made right
/// before their owners.
LogicalResult copyOperands(RewriterBase &rewriter,
                           ArrayRef<OpOperand *> operands,
                           const BufferizationOptions &options,
                           const BufferizationState &state) {
  OpBuilder::InsertionGuard guard(rewriter);
  for (OpOperand *operand : operands) {
    Operation *owner = operand->getOwner();
    rewriter.setInsertionPoint(owner);
    FailureOr<Value> copy = allocateTensorForShapedValue(
        rewriter, owner->getLoc(), operand->get(), options, state,
        /*copy=*/true);
    if (failed(copy))
      return failure();
    rewriter.modifyOpInPlace(owner, [&] { operand->set(*copy); });
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Models
//===----------------------------------------------------------------------===//

/// loom.loop and loom.for.
template <typename LoopTy>
struct LoopModel
    : public BufferizableOpInterface::ExternalModel<LoopModel<LoopTy>,
                                                    LoopTy> {
  bool bufferizesToMemoryRead(Operation *op, OpOperand &operand,
                              const AnalysisState &state) const {
    // The loop reads an init through its iteration argument; a loom.for
    // that runs zero times also returns its inits as its results, so an
    // init is read wherever its tied result is (without this an init copied
    // out of place, e.g. a constant, was allocated but never filled: the
    // differential tester's seed 682).
    unsigned i = iterIndex(operand);
    if (state.isValueRead(iterArgs(op)[i]))
      return true;
    return isa<ForOp>(op) && isTied(op, i) &&
           state.isValueRead(op->getResult(i));
  }

  bool bufferizesToMemoryWrite(Operation *op, OpOperand &operand,
                               const AnalysisState &state) const {
    // The body may write the iteration argument in place.
    return true;
  }

  AliasingValueList getAliasingValues(Operation *op, OpOperand &operand,
                                      const AnalysisState &state) const {
    unsigned i = iterIndex(operand);
    AliasingValueList list;
    if (isTied(op, i)) {
      BufferRelation relation = loopRelation(state, op, i);
      list.addAlias({op->getResult(i), relation,
                     /*isDefinite=*/relation == BufferRelation::Equivalent});
    }
    // A break may forward this iteration argument to an untied result.
    for (OpResult result : op->getResults())
      if (!isTied(op, result.getResultNumber()) &&
          result.getType() == operand.get().getType())
        list.addAlias({result, BufferRelation::Unknown, /*isDefinite=*/false});
    return list;
  }

  AliasingOpOperandList getAliasingOpOperands(Operation *op, Value value,
                                              const AnalysisState &state) const {
    auto result = dyn_cast<OpResult>(value);
    if (!result || isTied(op, result.getResultNumber()))
      return bufferization::detail::defaultGetAliasingOpOperands(value, state);
    // An untied result is what its breaks forward (see the header).
    AliasingOpOperandList list;
    for (OpOperand *broken : brokenOperands(op, result.getResultNumber()))
      list.addAlias({broken, BufferRelation::Equivalent, /*isDefinite=*/false});
    for (auto [k, arg] : llvm::enumerate(iterArgs(op)))
      if (arg.getType() == result.getType())
        list.addAlias({&initOperand(op, k), BufferRelation::Unknown,
                       /*isDefinite=*/false});
    return list;
  }

  bool isWritable(Operation *op, Value value,
                  const AnalysisState &state) const {
    // Iteration arguments are the inits' buffers (in place) or copies.
    return true;
  }

  bool isRepetitiveRegion(Operation *op, unsigned index) const { return true; }

  LogicalResult resolveConflicts(Operation *op, RewriterBase &rewriter,
                                 const AnalysisState &analysisState,
                                 const BufferizationState &state) const {
    if (failed(cast<BufferizableOpInterface>(op).resolveTensorOpOperandConflicts(
            rewriter, analysisState, state)))
      return failure();
    // Decide everything before the IR changes.
    SmallVector<OpOperand *> toCopy;
    for (auto [i, arg] : llvm::enumerate(iterArgs(op))) {
      if (!isa<TensorType>(arg.getType()))
        continue;
      for (OpOperand *carried : carriedOperands(op, i))
        if (!equivalentToIterArg(analysisState, carried->get(),
                                 carried->getOwner(), op, i))
          toCopy.push_back(carried);
    }
    for (OpResult result : op->getResults()) {
      if (!isa<TensorType>(result.getType()))
        continue;
      unsigned i = result.getResultNumber();
      if (!isTied(op, i)) {
        collectCrossingCopies(analysisState, op, i, toCopy);
        continue;
      }
      for (OpOperand *broken : brokenOperands(op, i))
        if (!equivalentToIterArg(analysisState, broken->get(),
                                 broken->getOwner(), op, i))
          toCopy.push_back(broken);
    }
    return copyOperands(rewriter, toCopy, analysisState.getOptions(), state);
  }

  LogicalResult verifyAnalysis(Operation *op,
                               const AnalysisState &state) const {
    const auto &options =
        static_cast<const OneShotBufferizationOptions &>(state.getOptions());
    if (options.allowReturnAllocsFromLoops)
      return success();
    for (auto [i, arg] : llvm::enumerate(iterArgs(op))) {
      if (!isa<TensorType>(arg.getType()))
        continue;
      for (OpOperand *carried : carriedOperands(op, i))
        if (!equivalentToIterArg(state, carried->get(), carried->getOwner(),
                                 op, i))
          return carried->getOwner()->emitOpError()
                 << "operand #" << forwardedIndex(*carried)
                 << " is not equivalent to iteration argument #" << i
                 << " of its loop: a copy would be made every iteration "
                    "(allow it with allow-return-allocs-from-loops)";
    }
    return success();
  }

  FailureOr<BufferLikeType>
  getBufferType(Operation *op, Value value, const BufferizationOptions &options,
                const BufferizationState &state,
                SmallVector<Value> &invocationStack) const {
    FailureOr<BaseMemRefType> type;
    if (auto result = dyn_cast<OpResult>(value)) {
      type = resultBufferType(op, result.getResultNumber(), options, state,
                              invocationStack);
    } else {
      auto arg = cast<BlockArgument>(value);
      unsigned first = iterArgs(op).empty()
                           ? arg.getOwner()->getNumArguments()
                           : iterArgs(op).front().getArgNumber();
      type = iterArgBufferType(op, arg.getArgNumber() - first, options, state,
                               invocationStack);
    }
    if (failed(type))
      return failure();
    return cast<BufferLikeType>(Type(*type));
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    SmallVector<Type> argTypes;
    for (auto [i, arg] : llvm::enumerate(iterArgs(op))) {
      if (!isa<TensorType>(arg.getType())) {
        argTypes.push_back(arg.getType());
        continue;
      }
      SmallVector<Value> invocationStack;
      FailureOr<BaseMemRefType> type =
          iterArgBufferType(op, i, options, state, invocationStack);
      if (failed(type))
        return failure();
      argTypes.push_back(*type);
    }
    FailureOr<SmallVector<Type>> resultTypes =
        bufferizedResultTypes(op, options, state);
    if (failed(resultTypes))
      return failure();
    SmallVector<Value> operands(op->getOperands());
    for (auto [i, type] : llvm::enumerate(argTypes)) {
      OpOperand &init = initOperand(op, i);
      if (!isa<TensorType>(init.get().getType()))
        continue;
      FailureOr<Value> buffer =
          getBuffer(rewriter, init.get(), options, state);
      if (failed(buffer))
        return failure();
      FailureOr<Value> casted =
          castBuffer(rewriter, op, *buffer, cast<BaseMemRefType>(type));
      if (failed(casted))
        return failure();
      operands[init.getOperandNumber()] = *casted;
    }
    return rebuildRegionOp(rewriter, op, operands, *resultTypes, argTypes);
  }
};

/// loom.scope and loom.if: results are what their exits forward.
template <typename OpTy>
struct ForwardingRegionModel
    : public BufferizableOpInterface::ExternalModel<ForwardingRegionModel<OpTy>,
                                                    OpTy> {
  AliasingOpOperandList getAliasingOpOperands(Operation *op, Value value,
                                              const AnalysisState &state) const {
    AliasingOpOperandList list;
    for (OpOperand *operand :
         brokenOperands(op, cast<OpResult>(value).getResultNumber()))
      list.addAlias({operand, BufferRelation::Equivalent, /*isDefinite=*/false});
    return list;
  }

  LogicalResult resolveConflicts(Operation *op, RewriterBase &rewriter,
                                 const AnalysisState &analysisState,
                                 const BufferizationState &state) const {
    if (failed(cast<BufferizableOpInterface>(op).resolveTensorOpOperandConflicts(
            rewriter, analysisState, state)))
      return failure();
    SmallVector<OpOperand *> toCopy;
    for (OpResult result : op->getResults())
      if (isa<TensorType>(result.getType()))
        collectCrossingCopies(analysisState, op, result.getResultNumber(),
                              toCopy);
    return copyOperands(rewriter, toCopy, analysisState.getOptions(), state);
  }

  FailureOr<BufferLikeType>
  getBufferType(Operation *op, Value value, const BufferizationOptions &options,
                const BufferizationState &state,
                SmallVector<Value> &invocationStack) const {
    FailureOr<BaseMemRefType> type =
        resultBufferType(op, cast<OpResult>(value).getResultNumber(), options,
                         state, invocationStack);
    if (failed(type))
      return failure();
    return cast<BufferLikeType>(Type(*type));
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    FailureOr<SmallVector<Type>> resultTypes =
        bufferizedResultTypes(op, options, state);
    if (failed(resultTypes))
      return failure();
    return rebuildRegionOp(rewriter, op, op->getOperands(), *resultTypes, {});
  }
};

/// loom.break, loom.continue and loom.yield.
template <typename ExitTy>
struct ExitModel
    : public BufferizableOpInterface::ExternalModel<ExitModel<ExitTy>, ExitTy> {
  bool bufferizesToMemoryRead(Operation *op, OpOperand &operand,
                              const AnalysisState &state) const {
    // A break hands its operands to its target's results only: one that
    // goes to a result nothing uses is never read.
    if (isa<BreakOp>(op) && operand.getOperandNumber() > 0)
      if (Operation *target = loom::detail::getExitTarget(op)) {
        unsigned i = forwardedIndex(operand);
        if (i < target->getNumResults() && target->getResult(i).use_empty())
          return false;
      }
    return true;
  }

  bool bufferizesToMemoryWrite(Operation *op, OpOperand &operand,
                               const AnalysisState &state) const {
    return false;
  }

  AliasingValueList getAliasingValues(Operation *op, OpOperand &operand,
                                      const AnalysisState &state) const {
    // Loops receive exits through their iteration arguments, but for their
    // untied results (see the header).
    Operation *target = loom::detail::getExitTarget(op);
    if (isa<ContinueOp>(op) || !target)
      return {};
    unsigned i = forwardedIndex(operand);
    bool forwardsResult = isa<ScopeOp, IfOp>(target) ||
                          (isa<LoopOp>(target) && isa<BreakOp>(op) &&
                           !isTied(target, i));
    if (!forwardsResult)
      return {};
    return {{target->getResult(i), BufferRelation::Equivalent,
             /*isDefinite=*/false}};
  }

  bool mustBufferizeInPlace(Operation *op, OpOperand &operand,
                            const AnalysisState &state) const {
    // A copy here would be one per exit taken; resolveConflicts of the
    // target decides copies instead.
    return true;
  }

  bool isNotConflicting(Operation *op, OpOperand *uRead, OpOperand *uWrite,
                        const AnalysisState &state) const {
    // An exit carrying values to the next iteration reads them on behalf of
    // that iteration. A write after which the loop is always left (e.g. a
    // tensor.insert on a path that breaks) never precedes this exit in the
    // same execution of the loop; a later execution of the loop runs it
    // only after defining the value read anew (every definition is inside
    // the loop). The value this exit reads is then never the write's.
    if (uRead->getOwner() != op || !carriesToNextIteration(op))
      return false;
    Operation *loop = loom::detail::getExitTarget(op);
    Operation *writer = uWrite->getOwner();
    return loop && isLoop(loop) && loop->isProperAncestor(writer) &&
           definedInside(state, uRead, loop) && leavesLoopAfter(writer, loop);
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    auto exit = cast<RegionExitTerminatorOpInterface>(op);
    unsigned count = exit.getForwardedOperands().size();
    SmallVector<std::pair<unsigned, Value>> replacements;
    for (unsigned i = 0; i < count; ++i) {
      Value value = forwardedOperand(op, i).get();
      if (!isa<TensorType>(value.getType()))
        continue;
      FailureOr<BaseMemRefType> type =
          destinationBufferType(op, i, options, state);
      if (failed(type))
        return failure();
      FailureOr<Value> buffer = getBuffer(rewriter, value, options, state);
      if (failed(buffer))
        return failure();
      FailureOr<Value> casted = castBuffer(rewriter, op, *buffer, *type);
      if (failed(casted))
        return failure();
      replacements.push_back(
          {forwardedOperand(op, i).getOperandNumber(), *casted});
    }
    rewriter.modifyOpInPlace(op, [&] {
      for (auto [number, value] : replacements)
        op->setOperand(number, value);
    });
    return success();
  }
};

} // namespace

void loom::attachBufferizableOpInterfaces(MLIRContext *context) {
  LoopOp::attachInterface<LoopModel<LoopOp>>(*context);
  ForOp::attachInterface<LoopModel<ForOp>>(*context);
  ScopeOp::attachInterface<ForwardingRegionModel<ScopeOp>>(*context);
  IfOp::attachInterface<ForwardingRegionModel<IfOp>>(*context);
  BreakOp::attachInterface<ExitModel<BreakOp>>(*context);
  ContinueOp::attachInterface<ExitModel<ContinueOp>>(*context);
  YieldOp::attachInterface<ExitModel<YieldOp>>(*context);
}
