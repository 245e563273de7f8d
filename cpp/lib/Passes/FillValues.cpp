//===- FillValues.cpp - values for slots no path reads --------------------===//
//
// See FillValues.h. Algorithm: for each fill, for each use of it as an
// operand #i of the `scf.yield` ending one branch of an `scf.if`, look at
// operand #i of the other branch's yield; if it is usable at the fill (see
// below), the use is redirected to it. Usable: not a fill; defined in a
// region strictly enclosing the scf.if (then it dominates both branches),
// or the result of a constant-like op with no operands, which is cloned
// before the yield. One pass, in the order given; no fixed point (a fill
// whose other side is a nested scf.if's result stays poison).
//
// Invariant: only operands of yields that the fill's path never reads are
// changed (the lowering puts fills only in slots of outcomes not taken), so
// every program keeps its behaviour.
//
//===----------------------------------------------------------------------===//

#include "FillValues.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace loom {

void refineFills(RewriterBase &rewriter, ArrayRef<ub::PoisonOp> fills) {
  llvm::DenseSet<Value> fillValues;
  for (ub::PoisonOp fill : fills)
    fillValues.insert(fill.getResult());
  for (ub::PoisonOp fill : fills) {
    for (OpOperand &use : llvm::make_early_inc_range(fill->getUses())) {
      auto yield = dyn_cast<scf::YieldOp>(use.getOwner());
      auto ifOp = yield ? dyn_cast<scf::IfOp>(yield->getParentOp()) : nullptr;
      if (!ifOp || ifOp.getElseRegion().empty())
        continue;
      Region *other = yield->getParentRegion() == &ifOp.getThenRegion()
                          ? &ifOp.getElseRegion()
                          : &ifOp.getThenRegion();
      auto otherYield = dyn_cast<scf::YieldOp>(other->front().getTerminator());
      unsigned index = use.getOperandNumber();
      if (!otherYield || index >= otherYield.getNumOperands())
        continue;
      Value value = otherYield.getOperand(index);
      if (fillValues.contains(value) || value.getType() != fill.getType())
        continue;
      if (value.getParentRegion()->isProperAncestor(&ifOp.getThenRegion())) {
        rewriter.modifyOpInPlace(yield, [&] { use.set(value); });
        continue;
      }
      Operation *def = value.getDefiningOp();
      if (!def || def->getNumOperands() != 0 || def->getNumResults() != 1 ||
          !matchPattern(value, m_Constant()))
        continue;
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(yield);
      Value copy = rewriter.clone(*def)->getResult(0);
      rewriter.modifyOpInPlace(yield, [&] { use.set(copy); });
    }
    if (fill->use_empty())
      rewriter.eraseOp(fill);
  }
}

} // namespace loom
