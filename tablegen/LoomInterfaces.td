//===- LoomInterfaces.td - early-exit interfaces ----------*- tablegen -*-===//
//
// Three pieces any dialect can use to take part in token-addressed exits:
//   - RegionExitTerminatorOpInterface: a terminator that leaves its region,
//     possibly several regions at once;
//   - HasBreakingControlFlowOpInterface: an op that receives such exits;
//   - PropagateControlFlowBreak: a trait for ops an exit may pass through.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_INTERFACES_TD
#define LOOM_INTERFACES_TD

include "mlir/IR/OpBase.td"

// An op with this trait lets an exit addressed to one of its ancestors pass
// through it: control leaves the op without reaching its own terminator. Ops
// without it (for example `scf.for`, `scf.while`, `func.func`) stop exits: an
// exit whose target lies outside them is rejected.
def PropagateControlFlowBreak : NativeOpTrait<"PropagateControlFlowBreak"> {
  let cppNamespace = "::loom::OpTrait";
}

def RegionExitTerminatorOpInterface
    : OpInterface<"RegionExitTerminatorOpInterface"> {
  let cppNamespace = "::loom";
  let description = [{
    A terminator that leaves its region. A `Break` or `Continue` names its
    target through a token operand (the token's defining op, found as the
    owner of the block the token is argument #0 of); a `Yield` is the normal
    end of its parent's region and has no token. The forwarded operands become
    the target's results (break), its next iteration arguments (continue) or
    the parent's results (yield).

    The interface verifier checks that the target encloses the exit, that
    every op between them has `PropagateControlFlowBreak`, and that the
    forwarded operands match what the target expects.

    Another dialect takes part in early exits by including
    `LoomInterfaces.td` and attaching these interfaces, or the
    `PropagateControlFlowBreak` trait (`loom::OpTrait::PropagateControlFlowBreak`)
    to ops that exits may cross; an op without the trait stops exits
    ("cannot break through 'op'").
  }];
  let methods = [
    InterfaceMethod<"The kind of exit this terminator performs.",
      "::loom::ExitKind", "getExitKind">,
    InterfaceMethod<[{
        The token naming the target, or a null value for a normal yield.
      }], "::mlir::Value", "getExitToken">,
    InterfaceMethod<"The operands forwarded to the target.",
      "::mlir::OperandRange", "getForwardedOperands">,
    InterfaceMethod<[{
        The op that receives this exit: the op whose entry block defines the
        token, or the parent op for a yield. Null when the token is not a
        valid token (the verifier reports it).
      }], "::mlir::Operation *", "getExitTarget", (ins), [{}], [{
        return ::loom::detail::getExitTarget($_op.getOperation());
      }]>,
  ];
  let verify = [{
    return ::loom::detail::verifyRegionExitTerminator($_op);
  }];
}

def HasBreakingControlFlowOpInterface
    : OpInterface<"HasBreakingControlFlowOpInterface"> {
  let cppNamespace = "::loom";
  let description = [{
    An op that receives exits addressed to it through the token it defines as
    block argument #0 of its (single) region's entry block. A break's
    forwarded operands become the op's results; a continue's forwarded
    operands become the next iteration's arguments.
  }];
  let methods = [
    InterfaceMethod<"The token this op defines.",
      "::mlir::BlockArgument", "getToken">,
    InterfaceMethod<"The types a break to this op must forward.",
      "::mlir::TypeRange", "getBreakTypes">,
    InterfaceMethod<"Whether a continue may target this op.",
      "bool", "acceptsContinue">,
    InterfaceMethod<[{
        The block arguments a continue to this op forwards to (empty when
        `acceptsContinue` is false).
      }], "::mlir::Block::BlockArgListType", "getContinueArguments">,
    InterfaceMethod<[{
        The values a break to this op produces: the op's results, in order.
      }], "::mlir::ValueRange", "getBreakResults", (ins), [{}], [{
        return $_op->getResults();
      }]>,
  ];
  let verify = [{
    return ::loom::detail::verifyHasBreakingControlFlow($_op);
  }];
}

#endif // LOOM_INTERFACES_TD
