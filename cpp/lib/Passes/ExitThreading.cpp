//===- ExitThreading.cpp - the walk both scf-based lowerings share --------===//
//
// See ExitThreading.h.
//
//===----------------------------------------------------------------------===//

#include "ExitThreading.h"
#include "LoweringCommon.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace loom::exits {

ExitThreading::~ExitThreading() = default;

void ExitThreading::run(Operation *root) {
  analyze(root);
  SmallVector<Operation *> roots;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isLoomRegionOp(op) && !isLoomRegionOp(op->getParentOp()))
      roots.push_back(op);
  });
  for (Operation *op : roots)
    (void)lowerOp(op);
}

void ExitThreading::analyze(Operation *root) {
  root->walk([&](Operation *op) {
    Outcome outcome;
    if (isa<BreakOp>(op)) {
      outcome = breakOf(
          cast<RegionExitTerminatorOpInterface>(op).getExitTarget());
      brokenTargets.insert(outcome.getPointer());
    } else if (isa<ContinueOp>(op)) {
      outcome = continueOf(
          cast<RegionExitTerminatorOpInterface>(op).getExitTarget());
      continuedTargets.insert(outcome.getPointer());
    } else if (isa<YieldOp>(op)) {
      Operation *parent = op->getParentOp();
      outcome = isa<ForOp>(parent) ? continueOf(parent) : breakOf(parent);
    } else {
      return;
    }
    exitOutcome[op] = outcome;
    if (outcome.getInt())
      continueExits[outcome.getPointer()].push_back(op);
    codes.code(outcome);
    Operation *target = outcome.getPointer();
    for (Operation *p = op->getParentOp(); p && p != target;
         p = p->getParentOp())
      escapes[p].insert(outcome);
  });
}

ExitThreading::InBlock ExitThreading::handleInBlock(Operation *, const Layout &) {
  return InBlock::NotHandled;
}

Layout ExitThreading::opLayout(Operation *op) {
  SmallVector<Outcome> outcomes{breakOf(op)};
  llvm::append_range(outcomes, escapes.lookup(op));
  return makeLayout(outcomes);
}

SmallVector<Outcome> ExitThreading::bodyOutcomes(Operation *loop,
                                                 bool withBreak) {
  SmallVector<Outcome> outcomes{continueOf(loop)};
  if (withBreak)
    outcomes.push_back(breakOf(loop));
  llvm::append_range(outcomes, escapes.lookup(loop));
  return outcomes;
}

SmallVector<Value> ExitThreading::encode(Location loc, const Layout &layout,
                                         Outcome o, ValueRange values) {
  return codes.encode(rewriter, loc, layout, o, values,
                      [this](Location loc, Type type, ValueRange atHand) {
                        return placeholder(loc, type, atHand);
                      });
}

SmallVector<Value> ExitThreading::convert(Location loc, const Layout &from,
                                          ValueRange packed,
                                          ArrayRef<Outcome> possible,
                                          const Layout &to) {
  return codes.convert(rewriter, loc, from, packed, possible, to,
                       [this](Location loc, Type type, ValueRange atHand) {
                         return placeholder(loc, type, atHand);
                       });
}

void ExitThreading::lowerBlock(Block *block, const Layout &layout) {
  Operation *op = block->empty() ? nullptr : &block->front();
  while (op) {
    Operation *next = op->getNextNode();
    if (isLoomRegionOp(op)) {
      Operation *prev = op->getPrevNode();
      switch (handleInBlock(op, layout)) {
      case InBlock::Replaced:
        op = prev ? prev->getNextNode() : &block->front();
        continue;
      case InBlock::BlockLowered:
        return;
      case InBlock::NotHandled:
        break;
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
      rewriter.createBlock(&guard.getElseRegion());
      scf::YieldOp::create(rewriter, loc,
                           convert(loc, inner, packed, escaped, layout));
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
      SmallVector<Value> packed = encode(
          op->getLoc(), layout, outcome,
          cast<RegionExitTerminatorOpInterface>(op).getForwardedOperands());
      rewriter.replaceOpWithNewOp<scf::YieldOp>(op, packed);
      return;
    }
    op = next;
  }
}

SmallVector<Value> ExitThreading::lowerOp(Operation *op) {
  Layout layout = opLayout(op);
  SmallVector<Value> packed;
  if (auto ifOp = dyn_cast<IfOp>(op))
    packed = lowerIf(ifOp, layout);
  else if (auto scope = dyn_cast<ScopeOp>(op))
    packed = lowerInline(op, scope.getBodyBlock(), ValueRange(), layout);
  else if (auto loop = dyn_cast<LoopOp>(op); loop && !continuedTargets.contains(op))
    packed = lowerInline(op, loop.getBodyBlock(), loop.getInits(), layout);
  else
    packed = lowerLoop(op, layout);
  rewriter.replaceOp(op, slots(layout, packed, breakOf(op)));
  return packed;
}

SmallVector<Value> ExitThreading::lowerIf(IfOp ifOp, const Layout &layout) {
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

SmallVector<Value> ExitThreading::lowerInline(Operation *op, Block *body,
                                              ValueRange args,
                                              const Layout &layout) {
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

void ExitThreading::forgetExit(Operation *op) {
  auto it = exitOutcome.find(op);
  if (it == exitOutcome.end())
    return;
  if (it->second.getInt())
    llvm::erase(continueExits[it->second.getPointer()], op);
  exitOutcome.erase(it);
}

} // namespace loom::exits
