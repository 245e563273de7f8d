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
    Runs its body until a `loom.break` addressed to it.

    Syntax:

    ```
    loom.loop token(%t) [iter_args(%a = %init, ...) : (types)] [-> (result types)]
        { body } [attr-dict]
    ```

    The body is a single block whose arguments are the token `%t`
    (`!loom.token`, argument #0) followed by the iteration arguments,
    initialised from `iter_args`. Each iteration runs the body:

    - a `loom.continue %t, ...` (directly in the body, or from inside nested
      `loom.if`/`loom.scope`/`loom.loop`/`loom.for` ops) starts the next
      iteration with its operands as the new iteration arguments, which they
      must match in number and type;
    - a `loom.break %t, ...` ends the loop; its operands become the loop's
      results and must match the result types. The results are independent of
      the iteration arguments: they are whatever the breaks forward.

    The body must end with a `loom.break` or a `loom.continue` (addressed to
    this loop or to an enclosing one): there is no implicit fall-through.
    An exit in the body may also address an enclosing target; the loop lets it
    pass (`PropagateControlFlowBreak`).

    Example: count up to `%n`, returning the count and a second value.

    ```mlir
    %r:2 = loom.loop token(%t) iter_args(%a = %x, %b = %y) : (i32, f32) -> (i32, i64) {
      %done = arith.cmpi sge, %a, %n : i32
      loom.if %done { loom.break %t, %a, %w : i32, i64 }
      %a2 = arith.addi %a, %one : i32
      loom.continue %t, %a2, %b : i32, f32
    }
    %v = loom.loop token(%t) -> (i32) { loom.break %t, %v0 : i32 }
    loom.loop token(%t) iter_args(%i = %c0) : (index) { ... }
    loom.loop token(%t) { ... }
    ```

    Canonicalization: a loop that nothing continues runs once and becomes a
    `loom.scope` (its iteration arguments replaced by their initial values);
    unused results are dropped together with the matching operand of every
    break addressed to the loop.

    `loom.loop` implements `LoopLikeOpInterface`, so loop-invariant code
    motion hoists invariant speculatable ops out of it. It is never trivially
    dead: its exits declare memory effects (see `loom.break`).
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
      // Tolerates a body without a token (malformed IR being verified).
      auto args = getBodyBlock()->getArguments();
      return args.drop_front(std::min<size_t>(1, args.size()));
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
    A counted loop like `scf.for` that exits can leave early.

    Syntax:

    ```
    loom.for %iv = %lb to %ub step %step token(%t)
        [iter_args(%a = %init, ...) -> (types)] [: iv-type] { body } [attr-dict]
    ```

    The induction variable runs from `lb` while it is less than `ub` (signed
    comparison), advancing by `step`, which must be positive (a constant step
    `<= 0` is rejected by the verifier). Bounds, step and induction variable
    share one signless integer or `index` type; a non-`index` type is written
    after the result types, as for `scf.for`. Overflow of the induction
    variable past the upper bound is undefined behaviour, as for `scf.for`.

    The body is a single block whose arguments are the token `%t` (#0), the
    induction variable (#1) and the iteration arguments. There is one result
    per iteration argument, of the same type.

    - `loom.yield` ends an iteration with the next iteration arguments; so
      does a `loom.continue %t, ...` from anywhere in the body.
    - When the induction variable reaches the upper bound (or immediately,
      when `lb >= ub`), the results are the final iteration arguments.
    - `loom.break %t, ...` ends the loop early; its operands (of the iteration
      argument types) become the results.

    The trailing `loom.yield` may be omitted when there are no iteration
    arguments.

    ```mlir
    %r = loom.for %i = %lb to %ub step %s token(%t) iter_args(%acc = %init) -> (f32) {
      %next = arith.addf %acc, %x : f32
      %big = arith.cmpf ogt, %next, %limit : f32
      loom.if %big { loom.break %t, %acc : f32 }
      loom.yield %next : f32
    }
    %r = loom.for %i = %lb to %ub step %s token(%t) iter_args(%acc = %init) -> (i32) : i32 {
      %sum = arith.addi %acc, %i : i32
      loom.yield %sum : i32
    }
    ```

    Canonicalization: with constant bounds `lb >= ub` the loop is replaced by
    its initial iteration arguments; an unused result is dropped together
    with its iteration argument when that argument is only passed on to the
    next iteration at the same position.

    `loom.for` implements `LoopLikeOpInterface` (induction variable, bounds,
    step, initial values and iteration arguments).
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
      // Tolerates a body with fewer than two arguments (malformed IR being
      // verified).
      auto args = getBodyBlock()->getArguments();
      return args.drop_front(std::min<size_t>(2, args.size()));
    }
  }];
}

def Loom_ScopeOp : Loom_Op<"scope", [
    DeclareOpInterfaceMethods<HasBreakingControlFlowOpInterface>,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>,
    PropagateControlFlowBreak, RecursiveMemoryEffects, SingleBlock]> {
  let summary = "Region that a break can leave early";
  let description = [{
    Runs its region once; a `loom.break` addressed to the scope's token leaves
    it early. This is `scf.execute_region` with a token.

    Syntax:

    ```
    loom.scope token(%s) [-> (result types)] { body } [attr-dict]
    ```

    The body is a single block whose only argument is the token `%s`. A
    `loom.yield` at its end produces the results; a `loom.break %s, ...` from
    anywhere inside leaves the scope with its own operands as the results.
    Both must match the result types. A `loom.continue` cannot target a
    scope (it is not a loop). The trailing `loom.yield` may be omitted when
    there are no results.

    ```mlir
    %r = loom.scope token(%s) -> (i32) {
      loom.if %c { loom.break %s, %a : i32 }
      loom.yield %b : i32
    }
    ```

    Canonicalization: a scope that nothing breaks out of (or whose only break
    ends its own body) is inlined into the enclosing block; unused results
    are dropped.

    Speculation: like `loom.if`, a scope containing an exit that leaves it
    is never speculatable; otherwise it is as speculatable as its contents.
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
    DeclareOpInterfaceMethods<ConditionallySpeculatable>,
    PropagateControlFlowBreak, RecursiveMemoryEffects, NoRegionArguments,
    SingleBlock]> {
  let summary = "Conditional whose branches may exit enclosing ops";
  let description = [{
    Like `scf.if`, but a branch may end with a `loom.break` or `loom.continue`
    addressed to an enclosing loom loop or scope instead of a `loom.yield`:
    exits pass through a `loom.if` (it has `PropagateControlFlowBreak`).

    Syntax:

    ```
    loom.if %cond [-> (result types)] { then-body } [ else { else-body } ] [attr-dict]
    ```

    Each region is a single block (`SingleBlock`, as for the other loom ops:
    the inliner does not put a multi-block callee there) without arguments
    that ends with `loom.yield`, `loom.break` or `loom.continue`. When the op has results,
    each branch either yields them (`loom.yield` with matching types) or
    exits. Without results the else region may be omitted (an empty else),
    and so may a trailing `loom.yield` with no operands.

    ```mlir
    %v = loom.if %cond -> (i32) {
      loom.break %t, %x : i32
    } else {
      loom.yield %y : i32
    }
    loom.if %cond { loom.continue %t, %n : index }
    ```

    Canonicalization: with a constant condition the taken branch replaces the
    op. When that branch ends in an exit, the code after the `loom.if` can
    never run: it is erased and the exit ends the enclosing block (done only
    when that block belongs to a loom op). When one branch always exits (ends
    in `loom.break` or `loom.continue`), the results are what the other
    branch yields: a yielded value defined outside the `loom.if` replaces its
    result, unused results are dropped, and the other branch's ops move after
    the `loom.if`, which keeps only the exiting branch. When both branches
    exit, the code after the `loom.if` is erased and the else branch's exit
    ends the enclosing block (again only in a block of a loom op). A branch
    that ends in `loom.yield` never counts as exiting, even when an exit
    nested in it may be taken.

    A `loom.if` containing an exit is never trivially dead (the exit has
    memory effects) and never speculated, even when its results are unused:
    an exit is control flow, so hoisting `loom.if %c { loom.break %outer }`
    out of an inner loop would leave the outer loop even when the inner loop
    runs zero times. A `loom.if` containing an exit that leaves it is
    `NotSpeculatable`; one without such exits is as speculatable as its
    contents (`RecursivelySpeculatable`: with speculatable contents it can be
    hoisted out of loops).
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
    Terminator, MemoryEffects<[MemRead, MemWrite]>,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>,
    DeclareOpInterfaceMethods<RegionExitTerminatorOpInterface>]> {
  let summary = "Leave the op named by the token";
  let description = [{
    Leaves every region between this op and the target named by `token` (an
    enclosing `loom.loop`, `loom.for` or `loom.scope`, or any op implementing
    `HasBreakingControlFlowOpInterface`). The operands become the target's
    results.

    Syntax:

    ```
    loom.break %token [, %v1, %v2 : t1, t2] [attr-dict]
    ```

    Verified: the token is argument #0 of the entry block of the target; the
    break is nested inside the target; every op between them has
    `PropagateControlFlowBreak` (so `scf.for`, `scf.if`, `scf.while`,
    `scf.execute_region` and functions cannot be crossed); the operands match
    the target's result types in number and type.

    Effects: an exit is a control transfer. It declares a read and a write
    of the default memory resource: control goes on to code (after the
    target, or the target's next iteration) that may read or write any
    memory, so for any reasoning about memory effects an exit is a barrier,
    and an op containing an exit (`RecursiveMemoryEffects`) is never
    trivially dead, never memory-effect free and is not hoisted by
    loop-invariant code motion. It is also `NotSpeculatable`. Declared
    effects include no allocation or free, as buffer deallocation requires.

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
    Terminator, MemoryEffects<[MemRead, MemWrite]>,
    DeclareOpInterfaceMethods<ConditionallySpeculatable>,
    DeclareOpInterfaceMethods<RegionExitTerminatorOpInterface>]> {
  let summary = "Start the next iteration of the loop named by the token";
  let description = [{
    Leaves every region between this op and the loop named by `token` and
    starts that loop's next iteration with the operands as its iteration
    arguments.

    Syntax:

    ```
    loom.continue %token [, %v1, %v2 : t1, t2] [attr-dict]
    ```

    Verified like `loom.break` (nesting and `PropagateControlFlowBreak` on
    every op crossed); in addition the target must be a loop (not a
    `loom.scope`), and the operands must match its iteration arguments in
    number and type (for `loom.for`, the induction variable is not one of
    them). Its effects and speculatability are those of `loom.break`.

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
    The normal end of a region: ends a `loom.if` branch or a `loom.scope`
    body with the op's results, or ends a `loom.for` iteration with the next
    iteration arguments. Its operands must match those types in number and
    type. A `loom.loop` body cannot end with `loom.yield`.

    Syntax:

    ```
    loom.yield [attr-dict] [%v1, %v2 : t1, t2]
    ```

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
    inclusive range `[lo, hi]`, read as signed integers of the operand's
    type. Loop-fact analyses trust it (`InferIntRangeInterface` intersects it
    with what is otherwise known); loom's lowerings turn it into a runtime
    check or remove it, as their options choose.

    Syntax:

    ```
    %y = loom.assume_range %x [lo, hi] [attr-dict] : type
    ```

    The bounds are written as signed integers and must fit the type as such
    (`[0, 255] : i8` is an error). The width that applies is N for `iN` and,
    for `index`, the index width of the nearest data layout
    (`mlir::DataLayout::closest`: a `dlti.dl_spec` with an `index` entry on
    an enclosing module, 64 bits without one). At
    `#dlti.dl_spec<index = 32 : i64>`, `[0, 4294967295] : index` is an error
    (the upper bound does not fit 32 signed bits), even though the bounds
    of an `index` op are stored as 64-bit attributes. An empty range
    (`lo > hi`, compared as signed integers) is an error too: an assumption
    that no value satisfies cannot be meant.

    The runtime check (`assume-range=check` of loom's lowerings) compares the
    value with the bounds as signed integers of the operand's type;
    `loom-lower-to-llvm` lowers `index` at the data layout's index width, the
    width the bounds were checked at, so no bound is truncated on the way.

    ```mlir
    %y = loom.assume_range %x [0, 3] : index
    %z = loom.assume_range %w [-128, 127] : i8
    ```
  }];
  let extraClassDeclaration = [{
    /// The width the bounds must fit as signed integers: N for iN; for
    /// index, the index width of the nearest data layout (0 if it has no
    /// fixed width).
    unsigned getBoundBitwidth();
  }];
  let arguments = (ins AnySignlessIntegerOrIndex:$input, APIntAttr:$lo, APIntAttr:$hi);
  let results = (outs AnySignlessIntegerOrIndex:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

#endif // LOOM_OPS_TD
