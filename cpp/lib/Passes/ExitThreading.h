//===- ExitThreading.h - the walk both scf-based lowerings share -*- C++ -*-===//
//
// loom-lower-to-scf and loom-lower-to-fixed-bound lower loom.loop /
// loom.for / loom.scope / loom.if to structured ops by threading exits
// through results. ExitThreading is what they share; each derives from it
// and adds only what differs: how a loop that some loom.continue targets
// becomes a loop (an scf.while, or an scf.for of a constant trip count),
// what fills a slot no path uses, and, for loom-lower-to-scf, the loom ops
// it rewrites in place inside a block.
//
// Vocabulary (outcomes and layouts: ExitLayout.h). An *outcome* is a way
// control leaves a region: (op, break) — the op ends; for a loom.if or a
// loom.scope this is also the normal end of a branch or body, a loom.yield
// — or (op, continue) — the loop starts its next iteration; for a loom.for
// also its loom.yield. The *escapes* E(X) of a loom op X are the outcomes
// of the exits nested in X whose target encloses X. A *layout* packs an
// ordered list of outcomes into SSA values: [state] + one slot group per
// outcome; the slots of outcomes that did not happen hold the lowering's
// `placeholder`.
//
// Algorithm. analyze(root), before anything changes, records the outcome
// of every loom.yield/break/continue, the escapes of every loom region op
// (in walk order, so layouts are deterministic), the ops some loom.break or
// loom.continue targets, and the continues of each loop. Every outermost
// loom region op (its parent is not one: nothing escapes it) is then
// lowered top-down by lowerOp, which produces X's values packed in the
// layout LX = [(X, break)] + E(X), replaces X's results by its break slots
// and erases X:
//   - loom.if: `scf.if %cond -> LX`, each branch lowered with LX;
//   - loom.scope, and a loom.loop no loom.continue targets (its body runs
//     once; its iteration arguments are its inits): the body is lowered
//     with LX and inlined before X;
//   - any other loop: the lowering's own lowerLoop, which lowers the body
//     with LB = [(X, continue), (X, break)?] + E(X) (bodyOutcomes) and
//     repacks the loop's values from LB into LX.
// lowerBlock(block, L) rewrites a block whose exits all have outcomes in L
// to end in `scf.yield` of L-packed values, walking its ops in order:
//   - a loom region op the lowering rewrites itself (handleInBlock) is left
//     to it: replaced in place, the walk going on over what replaced it, or
//     lowered together with the rest of the block;
//   - any other loom region op X is lowered; if E(X) is empty its results
//     are simply replaced. Otherwise the rest of the block moves into
//     `scf.if (X ended normally) -> L { rest } else { E(X) repacked in L }`
//     (the rest lowered recursively with L) and the block yields the if's
//     results. This guard is the only place a state is tested in a body;
//   - the terminator (yield/break/continue with outcome o) becomes
//     `scf.yield` of o's values packed in L.
//
// Invariants. An op gets a state, a guard and extra slots only when
// something escapes it. lowerBlock only ever sees terminators whose outcome
// is in its layout: a terminator in X's region has an outcome targeting X or
// one in E(X). Tokens lose their last use when the exits targeting them are
// rewritten, while lowering the target's body, before the target itself is
// replaced. An exit is forgotten (forgetExit) before it is erased, so no
// record names an erased op.
//
//===----------------------------------------------------------------------===//
#ifndef LOOM_LIB_PASSES_EXITTHREADING_H
#define LOOM_LIB_PASSES_EXITTHREADING_H

#include "ExitLayout.h"

#include "loom/Dialect/LoomOps.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace loom::exits {

class ExitThreading {
public:
  explicit ExitThreading(mlir::MLIRContext *ctx) : rewriter(ctx) {}
  ExitThreading(const ExitThreading &) = delete;
  ExitThreading &operator=(const ExitThreading &) = delete;
  virtual ~ExitThreading();

  /// Analyzes `root`, then lowers every outermost loom region op under it.
  void run(mlir::Operation *root);

protected:
  /// What handleInBlock did with a loom region op of a block being lowered.
  enum class InBlock {
    /// Nothing: lowerBlock lowers the op.
    NotHandled,
    /// Replaced it in place; lowerBlock walks on from what replaced it.
    Replaced,
    /// Lowered it and the rest of its block, which now ends in its
    /// `scf.yield`.
    BlockLowered,
  };

  /// The lowering's own rewrite of the loom region op `op` in a block being
  /// lowered with `layout`, if any.
  virtual InBlock handleInBlock(mlir::Operation *op, const Layout &layout);

  /// Lowers `op`, a loom.for or a loom.loop some loom.continue targets,
  /// and returns its values packed in `exitLayout` (= opLayout(op)); does
  /// not replace or erase it.
  virtual llvm::SmallVector<mlir::Value> lowerLoop(mlir::Operation *op,
                                                   const Layout &exitLayout) = 0;

  /// The value of a slot no path fills (of `type`, possibly one of the
  /// values `atHand`), made at the rewriter's insertion point.
  virtual mlir::Value placeholder(mlir::Location loc, mlir::Type type,
                                  mlir::ValueRange atHand) = 0;

  Layout makeLayout(llvm::ArrayRef<Outcome> outcomes) {
    return exits::makeLayout(outcomes, rewriter.getContext());
  }

  /// LX = [(X, break)] + E(X).
  Layout opLayout(mlir::Operation *op);

  /// The outcomes of a loop's body: [(X, continue)], then (X, break) when
  /// `withBreak`, then E(X).
  llvm::SmallVector<Outcome> bodyOutcomes(mlir::Operation *loop,
                                          bool withBreak);

  mlir::Value stateConstant(mlir::Location loc, const Layout &layout,
                            Outcome o) {
    return codes.stateConstant(rewriter, loc, layout, o);
  }

  /// Whether packed values `packed` of `layout` hold outcome `o` (an i1).
  mlir::Value testOutcome(mlir::Location loc, const Layout &layout,
                          mlir::ValueRange packed, Outcome o) {
    return codes.testOutcome(rewriter, loc, layout, packed, o);
  }

  /// Packs `values` as outcome `o` of `layout` (`placeholder` fills).
  llvm::SmallVector<mlir::Value> encode(mlir::Location loc,
                                        const Layout &layout, Outcome o,
                                        mlir::ValueRange values);

  /// Repacks values of layout `from` into layout `to`, knowing that the
  /// outcome is one of `possible` (all in both layouts).
  llvm::SmallVector<mlir::Value> convert(mlir::Location loc,
                                         const Layout &from,
                                         mlir::ValueRange packed,
                                         llvm::ArrayRef<Outcome> possible,
                                         const Layout &to);

  /// Rewrites `block` to end in `scf.yield` of values packed in `layout`.
  void lowerBlock(mlir::Block *block, const Layout &layout);

  /// Lowers `op`, replaces its results, erases it and returns its values
  /// packed in opLayout(op).
  llvm::SmallVector<mlir::Value> lowerOp(mlir::Operation *op);

  /// Drops what analyze recorded about the exit `op` before it is erased
  /// (nothing if `op` is not an exit).
  void forgetExit(mlir::Operation *op);

  mlir::IRRewriter rewriter;
  /// The outcome of each loom.yield/break/continue not yet rewritten.
  llvm::DenseMap<mlir::Operation *, Outcome> exitOutcome;
  /// Escapes of each loom region op, in a deterministic order.
  llvm::DenseMap<mlir::Operation *, llvm::SetVector<Outcome>> escapes;
  /// Ops some loom.break / loom.continue targets.
  llvm::SmallPtrSet<mlir::Operation *, 16> brokenTargets, continuedTargets;
  /// The loom.continue ops (and loom.for yields) of each continued op, not
  /// yet rewritten.
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<mlir::Operation *, 2>>
      continueExits;
  /// Outcome codes for i32 states.
  OutcomeCodes codes;

private:
  /// Records outcomes of exits and escapes of ops under `root`.
  void analyze(mlir::Operation *root);

  /// The loom.if `ifOp` as `scf.if %cond -> layout`.
  llvm::SmallVector<mlir::Value> lowerIf(IfOp ifOp, const Layout &layout);

  /// Lowers the single-block body `body` of `op` (argument #0 a token, the
  /// others replaced by `args`) with `layout` and inlines it before `op`;
  /// returns the packed values it ends with.
  llvm::SmallVector<mlir::Value> lowerInline(mlir::Operation *op,
                                             mlir::Block *body,
                                             mlir::ValueRange args,
                                             const Layout &layout);
};

} // namespace loom::exits

#endif
