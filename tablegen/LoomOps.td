//===- LoomOps.td - loom operations -----------------------*- tablegen -*-===//

#ifndef LOOM_OPS_TD
#define LOOM_OPS_TD

include "LoomDialect.td"
include "LoomInterfaces.td"
include "mlir/IR/OpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/LoopLikeInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferIntRangeInterface.td"

class Loom_Op<string mnemonic, list<Trait> traits = []>
    : Op<Loom_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Exit targets
//===----------------------------------------------------------------------===//

def Loom_LoopOp : Loom_Op<"loop", [
    DeclareOpInterfaceMethods<LoopLikeOpInterface, ["getRegionIterArgs"]>,
    DeclareOpInterfaceMethods<HasBreakingControlFlowOpInterface>,
    PropagateControlFlowBreak, RecursiveMemoryEffects, SingleBlock]> {
  let summary = "Unbounded loop left by token-addressed breaks";
  let description = [{
    Runs its body until a `loom.break` addressed to it. The body's entry block
    has the token as argument #0, followed by the iteration arguments
    (initialised from `iter_args`). A `loom.continue` addressed to the loop
    starts the next iteration with its operands as the new iteration
    arguments; a `loom.break` addressed to the loop ends it, and its operands
    become the loop's results. The body must end with a `loom.break` or a
    `loom.continue` (there is no fall-through); exits from deeper nested
    `loom.if`, `loom.scope`, `loom.loop` or `loom.for` ops may target it too.

    The results are independent of the iteration arguments: they are whatever
    the breaks forward.

    ```mlir
    %r:2 = loom.loop token(%t) iter_args(%a = %x, %b = %y) : (i32, f32) -> (i32, i64) {
      %done = arith.cmpi sge, %a, %n : i32
      loom.if %done { loom.break %t, %a, %w : i32, i64 }
      %a2 = arith.addi %a, %one : i32
      loom.continue %t, %a2, %b : i32, f32
    }
    loom.loop token(%t) { loom.break %t }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$inits);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    ::mlir::Block *getBodyBlock() { return &getBody().front(); }
    /// The body's iteration arguments (entry block arguments after the token).
    ::mlir::Block::BlockArgListType getIterArgs() {
      return getBodyBlock()->getArguments().drop_front();
    }
  }];
}

def Loom_ForOp : Loom_Op<"for", [
    AllTypesMatch<["lowerBound", "upperBound", "step"]>,
    DeclareOpInterfaceMethods<LoopLikeOpInterface,
        ["getInitsMutable", "getRegionIterArgs", "getLoopInductionVars",
         "getLoopLowerBounds", "getLoopUpperBounds", "getLoopSteps"]>,
    DeclareOpInterfaceMethods<HasBreakingControlFlowOpInterface>,
    PropagateControlFlowBreak, RecursiveMemoryEffects, SingleBlock]> {
  let summary = "Counted loop with token-addressed early exit";
  let description = [{
    Like `scf.for`: the induction variable runs from `lowerBound` while it is
    less than `upperBound` (signed comparison), advancing by `step` (which
    must be positive). The body's entry block has the token as argument #0,
    the induction variable as #1 and the iteration arguments after it.

    `loom.yield` ends an iteration with the next iteration arguments, and so
    does a `loom.continue` addressed to the loop. When the induction variable
    reaches the upper bound, the loop's results are the final iteration
    arguments. A `loom.break` addressed to the loop ends it early; its
    operands (of the iteration argument types) become the results.

    As for `scf.for`, overflow of the induction variable past the upper bound
    is undefined behaviour.

    ```mlir
    %r = loom.for %i = %lb to %ub step %s token(%t) iter_args(%acc = %init) -> (f32) {
      %next = arith.addf %acc, %x : f32
      loom.yield %next : f32
    }
    %r = loom.for %i = %lb to %ub step %s token(%t) iter_args(%acc = %init) -> (i32) : i32 {
      loom.yield %acc : i32
    }
    ```
  }];
  let arguments = (ins AnySignlessIntegerOrIndex:$lowerBound,
                       AnySignlessIntegerOrIndex:$upperBound,
                       AnySignlessIntegerOrIndex:$step,
                       Variadic<AnyType>:$initArgs);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    ::mlir::Block *getBodyBlock() { return &getBody().front(); }
    ::mlir::BlockArgument getInductionVar() { return getBodyBlock()->getArgument(1); }
    ::mlir::Block::BlockArgListType getIterArgs() {
      return getBodyBlock()->getArguments().drop_front(2);
    }
  }];
}

def Loom_ScopeOp : Loom_Op<"scope", [
    DeclareOpInterfaceMethods<HasBreakingControlFlowOpInterface>,
    PropagateControlFlowBreak, RecursiveMemoryEffects, RecursivelySpeculatable,
    SingleBlock]> {
  let summary = "Region that a break can leave early";
  let description = [{
    Runs its region once. A `loom.yield` at its end produces the results; a
    `loom.break` addressed to the scope's token leaves it early with its own
    operands as the results. A `loom.continue` cannot target a scope.

    ```mlir
    %r = loom.scope token(%s) -> (i32) {
      loom.if %c { loom.break %s, %a : i32 }
      loom.yield %b : i32
    }
    ```
  }];
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    ::mlir::Block *getBodyBlock() { return &getBody().front(); }
  }];
}

//===----------------------------------------------------------------------===//
// Conditional
//===----------------------------------------------------------------------===//

def Loom_IfOp : Loom_Op<"if", [
    PropagateControlFlowBreak, RecursiveMemoryEffects, RecursivelySpeculatable,
    NoRegionArguments]> {
  let summary = "Conditional whose branches may exit enclosing ops";
  let description = [{
    Like `scf.if`, but a branch may end with a `loom.break` or `loom.continue`
    addressed to an enclosing loom loop or scope instead of a `loom.yield`:
    exits pass through a `loom.if` (it has `PropagateControlFlowBreak`). When
    the op has results, a branch either yields them or exits. Without results
    the else region may be omitted (an empty else), and so may a trailing
    `loom.yield` with no operands.

    ```mlir
    %v = loom.if %cond -> (i32) {
      loom.break %t, %x : i32
    } else {
      loom.yield %y : i32
    }
    loom.if %cond { loom.continue %t, %n : index }
    ```
  }];
  let arguments = (ins I1:$condition);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$thenRegion, SizedRegion<1>:$elseRegion);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
  let builders = [
    OpBuilder<(ins "::mlir::TypeRange":$resultTypes, "::mlir::Value":$cond)>
  ];
  let extraClassDeclaration = [{
    ::mlir::Block *getThenBlock() { return &getThenRegion().front(); }
    ::mlir::Block *getElseBlock() { return &getElseRegion().front(); }
  }];
}

//===----------------------------------------------------------------------===//
// Terminators
//===----------------------------------------------------------------------===//

def Loom_BreakOp : Loom_Op<"break", [
    Terminator,
    DeclareOpInterfaceMethods<RegionExitTerminatorOpInterface>]> {
  let summary = "Leave the op named by the token";
  let description = [{
    Leaves every region between this op and the target named by `token` (an
    enclosing `loom.loop`, `loom.for` or `loom.scope`, or any op implementing
    `HasBreakingControlFlowOpInterface`). The operands become the target's
    results and must match its result types.

    ```mlir
    loom.break %t
    loom.break %t, %v1, %v2 : i32, i64
    ```
  }];
  let arguments = (ins Loom_TokenType:$token, Variadic<AnyType>:$values);
  let assemblyFormat = [{
    $token (`,` $values^ `:` type($values))? attr-dict
  }];
}

def Loom_ContinueOp : Loom_Op<"continue", [
    Terminator,
    DeclareOpInterfaceMethods<RegionExitTerminatorOpInterface>]> {
  let summary = "Start the next iteration of the loop named by the token";
  let description = [{
    Leaves every region between this op and the target loop named by `token`
    and starts the loop's next iteration with the operands as its iteration
    arguments (which they must match). A scope cannot be continued.

    ```mlir
    loom.continue %t, %a, %b : i32, f32
    ```
  }];
  let arguments = (ins Loom_TokenType:$token, Variadic<AnyType>:$values);
  let assemblyFormat = [{
    $token (`,` $values^ `:` type($values))? attr-dict
  }];
}

def Loom_YieldOp : Loom_Op<"yield", [
    Pure, Terminator, ReturnLike,
    ParentOneOf<["IfOp", "ScopeOp", "ForOp"]>,
    DeclareOpInterfaceMethods<RegionExitTerminatorOpInterface>]> {
  let summary = "Normal end of a loom.if or loom.scope region or a loom.for body";
  let description = [{
    Ends a `loom.if` branch or a `loom.scope` region with the op's results, or
    ends a `loom.for` iteration with the next iteration arguments.

    ```mlir
    loom.yield
    loom.yield %v : i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let builders = [OpBuilder<(ins), [{ /* nothing to do */ }]>];
  let assemblyFormat = [{ attr-dict ($values^ `:` type($values))? }];
}

//===----------------------------------------------------------------------===//
// Facts
//===----------------------------------------------------------------------===//

def Loom_AssumeRangeOp : Loom_Op<"assume_range", [
    Pure, AllTypesMatch<["input", "result"]>,
    DeclareOpInterfaceMethods<InferIntRangeInterface, ["inferResultRanges"]>]> {
  let summary = "An authored, inclusive range assumption";
  let description = [{
    Returns its operand unchanged and states that its value lies in the
    inclusive range `[lo, hi]` (signed). Loop-fact analyses trust it;
    `loom-lower-to-*` turns it into a runtime check or removes it, as the
    pass options choose.

    ```mlir
    %y = loom.assume_range %x [0, 3] : index
    ```
  }];
  let arguments = (ins AnySignlessIntegerOrIndex:$input, APIntAttr:$lo, APIntAttr:$hi);
  let results = (outs AnySignlessIntegerOrIndex:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // LOOM_OPS_TD
