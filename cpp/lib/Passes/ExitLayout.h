//===- ExitLayout.h - outcomes and layouts of the scf-based lowerings -*- C++ -*-===//
//
// The vocabulary loom-lower-to-scf and loom-lower-to-fixed-bound share
// (ExitThreading.h explains the walk that uses it). An *outcome* is a way
// control leaves a region: (op, break) or (op, continue), carrying the op's
// result types or its iteration argument types. A *layout* is an ordered
// list of outcomes packed into SSA values: [state] + one slot group per
// outcome, with no state for one outcome, an i1 for two (true: the first
// outcome) and an i32 outcome code otherwise. Codes are numbered once per
// pass run (OutcomeCodes), so two i32 layouts of one run agree on them.
//
//===----------------------------------------------------------------------===//
#ifndef LOOM_LIB_PASSES_EXITLAYOUT_H
#define LOOM_LIB_PASSES_EXITLAYOUT_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PointerIntPair.h"

namespace loom::exits {

/// (op, isContinue).
using Outcome = llvm::PointerIntPair<mlir::Operation *, 1, bool>;

inline Outcome breakOf(mlir::Operation *op) { return Outcome(op, false); }
inline Outcome continueOf(mlir::Operation *op) { return Outcome(op, true); }

/// The types an outcome carries: the op's results (break), a loom loop's
/// iteration arguments (continue).
llvm::SmallVector<mlir::Type> outcomeTypes(Outcome outcome);

/// An ordered list of outcomes and how their values are packed.
struct Layout {
  llvm::SmallVector<Outcome> outcomes;
  /// For each outcome, the index of its first slot in the packed values.
  llvm::SmallVector<unsigned> slotStart;
  llvm::SmallVector<llvm::SmallVector<mlir::Type>> slotTypes;
  /// Packed types: [state] + slots.
  llvm::SmallVector<mlir::Type> types;

  bool hasState() const { return outcomes.size() > 1; }
  bool usesCodes() const { return outcomes.size() > 2; }
  unsigned indexOf(Outcome o) const {
    auto it = llvm::find(outcomes, o);
    assert(it != outcomes.end() && "outcome not in layout");
    return it - outcomes.begin();
  }
  bool contains(Outcome o) const { return llvm::is_contained(outcomes, o); }
};

/// The layout of `outcomes`, in this order.
Layout makeLayout(llvm::ArrayRef<Outcome> outcomes, mlir::MLIRContext *ctx);

/// The slots of outcome `o` in values `packed` of `layout`.
mlir::ValueRange slots(const Layout &layout, mlir::ValueRange packed,
                       Outcome o);

/// The outcome codes of one pass run, and the state values built on them.
class OutcomeCodes {
public:
  /// The code of `o` (numbered from 1 in the order first asked).
  unsigned code(Outcome o);

  /// The state of `layout` saying outcome `o` (none without a state: not
  /// to be called then).
  mlir::Value stateConstant(mlir::OpBuilder &builder, mlir::Location loc,
                            const Layout &layout, Outcome o);

  /// Whether packed values `packed` of `layout` hold outcome `o` (an i1).
  mlir::Value testOutcome(mlir::OpBuilder &builder, mlir::Location loc,
                          const Layout &layout, mlir::ValueRange packed,
                          Outcome o);

  /// The value of a slot no path fills: each lowering's own (of `type`,
  /// possibly one of the values at hand).
  using Placeholder = llvm::function_ref<mlir::Value(
      mlir::Location loc, mlir::Type type, mlir::ValueRange atHand)>;

  /// Packs `values` as outcome `o` of `layout`; the other outcomes' slots
  /// get `placeholder`s (given `values`).
  llvm::SmallVector<mlir::Value> encode(mlir::OpBuilder &builder,
                                        mlir::Location loc,
                                        const Layout &layout, Outcome o,
                                        mlir::ValueRange values,
                                        Placeholder placeholder);

  /// Repacks values `packed` of layout `from` into layout `to`, knowing
  /// that the outcome is one of `possible` (all in both layouts); the
  /// slots of outcomes not possible get `placeholder`s (given `packed`).
  llvm::SmallVector<mlir::Value>
  convert(mlir::OpBuilder &builder, mlir::Location loc, const Layout &from,
          mlir::ValueRange packed, llvm::ArrayRef<Outcome> possible,
          const Layout &to, Placeholder placeholder);

private:
  llvm::DenseMap<void *, unsigned> codes;
};

} // namespace loom::exits

#endif
