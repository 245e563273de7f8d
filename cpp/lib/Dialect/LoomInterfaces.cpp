//===- LoomInterfaces.cpp - early-exit interface verifiers ----------------===//
//
// All rules about tokens and exits live here, so any dialect implementing the
// interfaces gets the same checks:
//   - a token is block argument #0 of the entry block of the single region of
//     an op implementing HasBreakingControlFlowOpInterface, of !loom.token
//     type, and is used only as the token operand of exit terminators; no
//     other block argument is a !loom.token (checkTokenBlockArguments,
//     LoomTokenArguments.cpp, which also describes how unused token
//     arguments of other dialects' ops are found);
//   - an exit is nested inside its target, and every op strictly between the
//     exit and its target has PropagateControlFlowBreak;
//   - break operands match the target's break types, continue operands its
//     continue arguments (and the target accepts continues).
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/LoomOps.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;

namespace loom {

bool propagatesControlFlowBreak(Operation *op) {
  return op->hasTrait<OpTrait::PropagateControlFlowBreak>();
}

/// The op that defines `token`, when it is a well-formed token: argument #0
/// of the entry block of a region whose parent implements
/// HasBreakingControlFlowOpInterface.
static Operation *getTokenOwner(Value token) {
  auto arg = dyn_cast_if_present<BlockArgument>(token);
  if (!arg || arg.getArgNumber() != 0)
    return nullptr;
  Block *block = arg.getOwner();
  if (!block->isEntryBlock())
    return nullptr;
  Operation *owner = block->getParentOp();
  if (!owner || !isa<HasBreakingControlFlowOpInterface>(owner))
    return nullptr;
  return owner;
}

namespace detail {

Operation *getExitTarget(Operation *exit) {
  auto iface = cast<RegionExitTerminatorOpInterface>(exit);
  if (iface.getExitKind() == ExitKind::Yield)
    return exit->getParentOp();
  return getTokenOwner(iface.getExitToken());
}

/// Checks that `values` have exactly `expected` types.
static LogicalResult verifyForwarded(Operation *exit, StringRef what,
                                     Operation *target, ValueRange values,
                                     TypeRange expected) {
  if (values.size() != expected.size())
    return exit->emitOpError()
           << what << " forwards " << values.size() << " value(s) but '"
           << target->getName() << "' expects " << expected.size();
  for (auto [index, pair] : llvm::enumerate(llvm::zip(values, expected))) {
    auto [value, type] = pair;
    if (value.getType() != type)
      return exit->emitOpError()
             << what << " value #" << index << " has type " << value.getType()
             << " but '" << target->getName() << "' expects " << type;
  }
  return success();
}

LogicalResult verifyRegionExitTerminator(Operation *op) {
  auto exit = cast<RegionExitTerminatorOpInterface>(op);
  ExitKind kind = exit.getExitKind();
  if (kind == ExitKind::Yield)
    return success(); // Checked by the parent op, which knows its types.

  StringRef what = kind == ExitKind::Break ? "break" : "continue";
  Value token = exit.getExitToken();
  if (!token || !isa<TokenType>(token.getType()))
    return op->emitOpError() << what << " target must be a !loom.token";
  Operation *target = getTokenOwner(token);
  if (!target)
    return op->emitOpError()
           << "token must be block argument #0 of the entry block of an op "
              "implementing HasBreakingControlFlowOpInterface";

  // Walk up from the exit to its target: each op crossed must let the exit
  // pass through.
  Operation *parent = op->getParentOp();
  while (parent && parent != target) {
    if (!propagatesControlFlowBreak(parent)) {
      InFlightDiagnostic diag = op->emitOpError()
                                << "cannot " << what << " through '"
                                << parent->getName()
                                << "': it does not have PropagateControlFlowBreak";
      diag.attachNote(parent->getLoc()) << "crossed op is here";
      diag.attachNote(target->getLoc()) << "target is here";
      return diag;
    }
    parent = parent->getParentOp();
  }
  if (!parent)
    return op->emitOpError() << what << " is not nested inside its target";

  auto receiver = cast<HasBreakingControlFlowOpInterface>(target);
  if (kind == ExitKind::Break)
    return verifyForwarded(op, what, target, exit.getForwardedOperands(),
                           receiver.getBreakTypes());
  if (!receiver.acceptsContinue())
    return op->emitOpError() << "cannot continue '" << target->getName()
                             << "': it is not a loop";
  return verifyForwarded(op, what, target, exit.getForwardedOperands(),
                         TypeRange(receiver.getContinueArguments()));
}

LogicalResult verifyHasBreakingControlFlow(Operation *op) {
  if (op->getNumRegions() != 1 || op->getRegion(0).empty())
    return op->emitOpError("must have exactly one non-empty region");
  Block &entry = op->getRegion(0).front();
  if (entry.getNumArguments() == 0 ||
      !isa<TokenType>(entry.getArgument(0).getType()))
    return op->emitOpError(
        "entry block argument #0 must be the !loom.token of the op");
  for (BlockArgument arg : entry.getArguments().drop_front())
    if (isa<TokenType>(arg.getType()))
      return op->emitOpError() << "only entry block argument #0 may be a "
                                  "!loom.token; argument #"
                               << arg.getArgNumber() << " is one too";
  if (failed(checkTokenBlockArguments(op)))
    return failure();
  for (OpOperand &use : entry.getArgument(0).getUses()) {
    Operation *user = use.getOwner();
    auto exit = dyn_cast<RegionExitTerminatorOpInterface>(user);
    if (!exit || exit.getExitKind() == ExitKind::Yield ||
        exit.getExitToken() != entry.getArgument(0) ||
        use.getOperandNumber() != 0) {
      InFlightDiagnostic diag = op->emitOpError()
                                << "token may only be used as the target of "
                                   "loom.break/loom.continue, but it is used by '"
                                << user->getName() << "'";
      diag.attachNote(user->getLoc()) << "use is here";
      return diag;
    }
  }
  for (Type type : op->getResultTypes())
    if (isa<TokenType>(type))
      return op->emitOpError("cannot produce a !loom.token result");
  return success();
}

} // namespace detail
} // namespace loom

#include "LoomInterfaces.cpp.inc"
