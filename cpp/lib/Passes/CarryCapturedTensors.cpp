//===- CarryCapturedTensors.cpp - loom-carry-captured-tensors -------------===//
//
// Makes each tensor captured from above by a loom loop and written inside it
// through a destination-style op an iteration argument of that loop, so
// that One-Shot Bufferize can update it in place (bench/tensor/README.md).
//
// Why. A tensor %t defined outside a loop, written inside it (e.g.
// `tensor.insert %x into %t[%i]` on a path that then breaks) and read by
// later iterations, is written in a repetitive region while its definition
// is outside it: One-Shot Analysis cannot order the write after the reads of
// the next iterations and copies %t, whatever path the write is on. Carried
// as an iteration argument %a, the value is defined inside the loop; op
// dominance orders the reads of one iteration before its write, and what a
// later iteration reads is what loom.continue (or loom.for's loom.yield)
// forwards, a read of %a by that exit. LoomBufferization.cpp's exit model
// then reports no conflict between such an exit and a write after which the
// loop is always left: the copy disappears exactly when no later iteration
// can observe the write.
//
// Transform, for each loom.loop / loom.for L (outermost first: a tensor
// carried into an outer loop is, as that loop's iteration argument,
// captured by the loops inside it, which are considered next) and each
// tensor value %v defined outside L that is a destination (DPS init)
// operand of an op inside L and has no use after L (see below):
//   - a new iteration argument %a initialised with %v; every use of %v
//     inside L becomes a use of %a;
//   - every loom.continue addressed to L, and loom.for's body-ending
//     loom.yield, forwards %a unchanged at the new position;
//   - loom.for: a new (unused) result of %a's type, and every loom.break
//     addressed to L forwards %a there. loom.loop: results unchanged.
// Invariant: %a equals %v in every iteration (only ever forwarded as
// itself), so every use sees the value it saw before: the transform is
// semantics-preserving under tensor value semantics, and whether the
// bufferized code copies is One-Shot Analysis' decision, as before.
//
// Placement in loom.loop. The bufferization model ties loop result i to
// iteration argument i when both exist with the same type (a tied result
// bufferizes into its argument's buffer). The new argument is placed at the
// position of an untied result of its type whose every loom.break forwards
// %v or a chain of destination-style results on %v (a tie that makes that
// result the argument's buffer), provided no tie among the existing
// arguments and results is broken or created by the shift; otherwise it is
// appended, unless appending would tie it to an unrelated result, in which
// case %v is not carried into that loop (the IR is left as it was).
//
// Only tensors with a destination use are carried, and only those that
// nothing uses after the loop (every use outside the loop precedes it in
// its block): as an iteration argument, the loop op counts as a write to
// the tensor (the analysis' summary of its body), so a read after the loop
// would make the analysis copy the tensor before the loop, on every path,
// where it copied it only on the path of the write before. A tensor the
// loop only reads gains nothing. In a nest, a tensor carried into an outer
// loop is forwarded by that loop's exits after an inner loop: it is carried
// into the outer loop only, and the inner write is analysed as before.
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/LoomOps.h"
#include "loom/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "llvm/ADT/SetVector.h"

namespace loom {
#define GEN_PASS_DEF_LOOMCARRYCAPTUREDTENSORS
#include "LoomPasses.h.inc"
} // namespace loom

using namespace mlir;
using namespace loom;

namespace {

/// The loom.break and loom.continue ops addressed to `loop`.
void exitsOf(Operation *loop, SmallVectorImpl<Operation *> &breaks,
             SmallVectorImpl<Operation *> &continues) {
  for (Operation *user : loop->getRegion(0).front().getArgument(0).getUsers()) {
    if (isa<BreakOp>(user))
      breaks.push_back(user);
    else if (isa<ContinueOp>(user))
      continues.push_back(user);
  }
}

/// Tensors defined outside `loop` that are a destination operand of an op
/// inside it, in first-use order.
SetVector<Value> capturedDestinations(Operation *loop) {
  SetVector<Value> result;
  Region &body = loop->getRegion(0);
  loop->walk([&](DestinationStyleOpInterface dps) {
    for (OpOperand &init : dps.getDpsInitsMutable()) {
      Value value = init.get();
      if (isa<TensorType>(value.getType()) &&
          !body.isAncestor(value.getParentRegion()))
        result.insert(value);
    }
  });
  return result;
}

/// Whether `value` is `root` or the result of a chain of destination-style
/// ops whose tied destination is `root`.
bool derivesFrom(Value value, Value root) {
  while (value != root) {
    auto result = dyn_cast<OpResult>(value);
    if (!result)
      return false;
    auto dps = dyn_cast<DestinationStyleOpInterface>(result.getOwner());
    if (!dps)
      return false;
    OpOperand *tied = dps.getTiedOpOperand(result);
    if (!tied)
      return false;
    value = tied->get();
  }
  return true;
}

/// Where a new iteration argument for `value` goes in the loom.loop `loop`
/// (see the file header), or nothing if it must not be carried.
std::optional<unsigned> loopPosition(LoopOp loop, Value value,
                                     ArrayRef<Operation *> breaks) {
  SmallVector<Type> args(loop.getInits().getTypes());
  SmallVector<Type> results(loop.getResultTypes());
  unsigned n = args.size(), m = results.size();
  auto tied = [&](unsigned j) {
    return j < n && j < m && args[j] == results[j];
  };
  for (unsigned i = 0; i < m; ++i) {
    if (tied(i) || results[i] != value.getType() || i > n || breaks.empty())
      continue;
    if (!llvm::all_of(breaks, [&](Operation *exit) {
          return derivesFrom(exit->getOperand(1 + i), value);
        }))
      continue;
    bool shiftKeepsTies = true;
    for (unsigned j = i; j < n; ++j)
      if (tied(j) || (j + 1 < m && args[j] == results[j + 1]))
        shiftKeepsTies = false;
    if (shiftKeepsTies)
      return i;
  }
  if (n < m && results[n] == value.getType())
    return std::nullopt;
  return n;
}

/// Carries `value` into the loom.loop `loop` as iteration argument `pos`.
void carryIntoLoop(LoopOp loop, Value value, unsigned pos,
                   ArrayRef<Operation *> continues) {
  Block *body = loop.getBodyBlock();
  BlockArgument arg =
      body->insertArgument(1 + pos, value.getType(), value.getLoc());
  loop->insertOperands(pos, value);
  for (Operation *exit : continues)
    exit->insertOperands(1 + pos, arg);
  value.replaceUsesWithIf(arg, [&](OpOperand &use) {
    return loop->isProperAncestor(use.getOwner());
  });
}

/// Carries `value` into the loom.for `loop` as a last iteration argument
/// with its result; returns the new loop.
Operation *carryIntoFor(IRRewriter &rewriter, ForOp loop, Value value,
                        ArrayRef<Operation *> breaks,
                        ArrayRef<Operation *> continues) {
  SmallVector<Value> operands(loop->getOperands());
  operands.push_back(value);
  SmallVector<Type> resultTypes(loop->getResultTypes());
  resultTypes.push_back(value.getType());
  rewriter.setInsertionPoint(loop);
  Operation *newLoop = Operation::create(
      loop->getLoc(), loop->getName(), resultTypes, operands,
      NamedAttrList(loop->getDiscardableAttrDictionary()),
      loop->getPropertiesStorage(), BlockRange(), /*numRegions=*/1);
  rewriter.insert(newLoop);
  Region &region = newLoop->getRegion(0);
  rewriter.inlineRegionBefore(loop.getBody(), region, region.end());
  Block &body = region.front();
  BlockArgument arg = body.addArgument(value.getType(), value.getLoc());
  for (Operation *exit : llvm::concat<Operation *const>(breaks, continues))
    exit->insertOperands(exit->getNumOperands(), arg);
  if (body.empty() || !isa<YieldOp, BreakOp, ContinueOp>(body.back())) {
    // The loom.yield a body without iteration arguments may omit.
    rewriter.setInsertionPointToEnd(&body);
    YieldOp::create(rewriter, loop->getLoc(), ValueRange{arg});
  } else if (auto yield = dyn_cast<YieldOp>(body.back())) {
    yield->insertOperands(yield->getNumOperands(), arg);
  }
  value.replaceUsesWithIf(arg, [&](OpOperand &use) {
    return newLoop->isProperAncestor(use.getOwner());
  });
  rewriter.replaceOp(loop, newLoop->getResults().drop_back());
  return newLoop;
}

/// Whether every use of `value` outside `loop` is an op before `loop` in
/// its block: nothing reads `value` after the loop (not even a later
/// iteration of an enclosing op, as such a use would follow the loop in the
/// block, or be outside it).
bool onlyUsedBefore(Value value, Operation *loop) {
  return llvm::all_of(value.getUses(), [&](OpOperand &use) {
    Operation *user = use.getOwner();
    return loop->isProperAncestor(user) ||
           (user->getBlock() == loop->getBlock() && user->isBeforeInBlock(loop));
  });
}

/// Carries every captured destination tensor into `loop`.
void carryInto(IRRewriter &rewriter, Operation *loop) {
  for (Value value : capturedDestinations(loop)) {
    if (!onlyUsedBefore(value, loop))
      continue;
    SmallVector<Operation *> breaks, continues;
    exitsOf(loop, breaks, continues);
    if (auto l = dyn_cast<LoopOp>(loop)) {
      if (std::optional<unsigned> pos = loopPosition(l, value, breaks))
        carryIntoLoop(l, value, *pos, continues);
      continue;
    }
    loop = carryIntoFor(rewriter, cast<ForOp>(loop), value, breaks, continues);
  }
}

struct CarryCapturedTensors
    : loom::impl::LoomCarryCapturedTensorsBase<CarryCapturedTensors> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Operation *> loops;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<LoopOp, ForOp>(op))
        loops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *loop : loops)
      carryInto(rewriter, loop);
  }
};

} // namespace
