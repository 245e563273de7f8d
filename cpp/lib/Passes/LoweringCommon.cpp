//===- LoweringCommon.cpp - shared by loom-lower-to-cf/scf ----------------===//
//
// See LoweringCommon.h. Both lowerings run checkLowerableExits before they
// change anything, so a pass either lowers everything or fails with the IR
// untouched and a diagnostic at each offending exit.
//
//===----------------------------------------------------------------------===//

#include "LoweringCommon.h"

#include "loom/Dialect/LoomOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

using namespace mlir;

namespace loom {

unsigned dataLayoutIndexBitwidth(Operation *op) {
  llvm::TypeSize size = DataLayout::closest(op).getTypeSizeInBits(
      IndexType::get(op->getContext()));
  return size.isScalable() ? 0 : static_cast<unsigned>(size.getFixedValue());
}

bool isLoomRegionOp(Operation *op) {
  return isa<LoopOp, ForOp, ScopeOp, IfOp>(op);
}

LogicalResult checkLowerableExits(Operation *root, StringRef passName) {
  bool ok = true;
  root->walk([&](RegionExitTerminatorOpInterface exit) {
    Operation *op = exit.getOperation();
    if (!isa<BreakOp, ContinueOp, YieldOp>(op)) {
      op->emitOpError() << "is an exit terminator that " << passName
                        << " does not know how to lower";
      ok = false;
      return;
    }
    if (exit.getExitKind() == ExitKind::Yield)
      return;
    Operation *target = exit.getExitTarget();
    if (!target || !isa<LoopOp, ForOp, ScopeOp>(target)) {
      InFlightDiagnostic diag = op->emitOpError()
                                << "targets an op that " << passName
                                << " cannot lower (only loom.loop, loom.for "
                                   "and loom.scope can be exit targets)";
      if (target)
        diag.attachNote(target->getLoc()) << "target is here";
      ok = false;
      return;
    }
    for (Operation *parent = op->getParentOp(); parent && parent != target;
         parent = parent->getParentOp()) {
      if (isLoomRegionOp(parent))
        continue;
      InFlightDiagnostic diag =
          op->emitOpError() << passName << " cannot lower an exit through '"
                            << parent->getName()
                            << "' (only loom ops may lie between an exit "
                               "and its target)";
      diag.attachNote(parent->getLoc()) << "crossed op is here";
      ok = false;
      return;
    }
  });
  return success(ok);
}

/// `value` as an attribute of the integer-or-index type `type`, sign
/// extended or truncated to its width (an index attribute stores 64 bits).
/// Nothing is lost: the verifier has checked that the bound fits the width
/// the value has at run time (AssumeRangeOp::getBoundBitwidth, for index
/// the data layout's index width, which loom-lower-to-llvm lowers index
/// at), so the comparisons below, signed at the operand's type, see the
/// bounds as written.
static IntegerAttr rangeBound(Type type, const APInt &value) {
  unsigned width = type.isIndex() ? IndexType::kInternalStorageBitWidth
                                  : type.getIntOrFloatBitWidth();
  return IntegerAttr::get(type, value.sextOrTrunc(width));
}

void lowerAssumeRanges(Operation *root, AssumeRangeMode mode) {
  SmallVector<AssumeRangeOp> ranges;
  root->walk([&](AssumeRangeOp op) { ranges.push_back(op); });
  IRRewriter rewriter(root->getContext());
  for (AssumeRangeOp op : ranges) {
    if (mode == AssumeRangeMode::Check) {
      rewriter.setInsertionPoint(op);
      Location loc = op.getLoc();
      Value x = op.getInput();
      Type type = x.getType();
      Value lo = arith::ConstantOp::create(rewriter, loc, type,
                                           rangeBound(type, op.getLo()));
      Value hi = arith::ConstantOp::create(rewriter, loc, type,
                                           rangeBound(type, op.getHi()));
      Value geLo = arith::CmpIOp::create(rewriter, loc,
                                         arith::CmpIPredicate::sge, x, lo);
      Value leHi = arith::CmpIOp::create(rewriter, loc,
                                         arith::CmpIPredicate::sle, x, hi);
      Value inRange = arith::AndIOp::create(rewriter, loc, geLo, leHi);
      SmallString<64> message;
      llvm::raw_svector_ostream os(message);
      os << "loom.assume_range violated: value outside [" << op.getLo() << ", "
         << op.getHi() << "]";
      cf::AssertOp::create(rewriter, loc, inRange, os.str());
    }
    rewriter.replaceOp(op, op.getInput());
  }
}

} // namespace loom
