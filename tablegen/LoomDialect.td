//===- LoomDialect.td - the loom dialect and its types ----*- tablegen -*-===//
//
// The loom dialect: structured early exits (token-addressed break/continue
// out of several nested regions at once) and the ops loop facts rely on.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_DIALECT_TD
#define LOOM_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Loom_Dialect : Dialect {
  let name = "loom";
  let cppNamespace = "::loom";
  let summary = "Token-addressed early exits and proven loop facts";
  let description = [{
    `loom` adds `break` and `continue` that leave several nested structured
    regions at once. An op that can be exited (`loom.loop`, `loom.for`,
    `loom.scope`) defines a `!loom.token` as block argument #0 of its entry
    block; an exit (`loom.break`, `loom.continue`) names its target through
    that token. Every op between an exit and its target must carry the
    `PropagateControlFlowBreak` trait (`loom.if` and the loom loops do;
    `scf.for`, `scf.while` and `func.func` do not).

    Three interfaces make this usable by any dialect:
    `RegionExitTerminatorOpInterface` (an exit), `HasBreakingControlFlowOpInterface`
    (a target of exits) and the `PropagateControlFlowBreak` trait (an op an
    exit may cross).

    The loom ops deliberately do not implement `RegionBranchOpInterface`:
    MLIR 22's version cannot express a successor that is a non-parent
    ancestor, and a wrong model would let dataflow analyses miscompile. Upstream
    analyses therefore treat loom ops conservatively; `loom-lower-to-scf` and
    `loom-lower-to-cf` produce IR that upstream analyses understand precisely.

    The dialect declares six discardable attributes; any other `loom.`
    attribute is rejected by the verifier. Two are what loom's passes attach
    to loops of any dialect (ops implementing `LoopLikeOpInterface`):

    - `loom.depth = N : i64` (`loom-loop-depth`): the number of loops strictly
      enclosing the loop, N >= 0;
    - `loom.facts = "..."` (`loom-loop-facts`): the loop's facts in the
      report's text form (the JSON report of `loom-report` is the
      machine-readable contract).

    ```mlir
    scf.for %i = %c0 to %n step %c1 {
      ...
    } {loom.depth = 0 : i64, loom.facts = "exact: body 4, condition 5, ..."}
    ```

    Three more are about the bound `loom-lower-to-fixed-bound` gives a
    `loom.loop` or `loom.for` (and only those may carry them):

    - `loom.max_trips = N : i64`, written by the user: an upper bound, which
      the user guarantees, on the number of times the loop's body runs per
      entry of the loop (N >= 0; N >= 1 on a `loom.loop`, whose body always
      runs once);
    - `loom.proven_max_trips = N : i64` (`loom-prove-max-trips`): the same
      bound as loom's loop facts prove it;
    - `loom.max_trips_unproven = "..."` (`loom-prove-max-trips`): the facts'
      summary of a loop they do not bound.

    One is on functions (ops implementing `FunctionOpInterface`):

    - `loom.version_condition = "..."` (`loom-fold-loop-facts` with
      `version-functions=true`): the condition on the function's arguments
      under which its unchecked copy runs, in the report's expression
      grammar (`%arg0 <= dim(%arg1, 0) and ...`).
  }];
  let useDefaultTypePrinterParser = 1;
  let hasCanonicalizer = 0;

  // The attributes loom's analyses attach to other dialects' ops. Any other
  // `loom.`-prefixed attribute is rejected (a misspelling would otherwise be
  // kept silently).
  //
  // - `loom.depth = N : i64` (loom-loop-depth): on an op implementing
  //   LoopLikeOpInterface, the number of loops strictly enclosing it (N >= 0).
  // - `loom.facts = "..."` (loom-loop-facts): on an op implementing
  //   LoopLikeOpInterface, the loop's facts in the report's text form. The
  //   JSON report (loom-report) is the machine-readable contract.
  // - `loom.max_trips = N : i64` (given by the user, read by
  //   loom-lower-to-fixed-bound): on a `loom.loop` or `loom.for`, an upper
  //   bound the user guarantees on the number of times its body region runs
  //   per entry (N >= 0; N >= 1 on a `loom.loop`, whose body runs at least
  //   once).
  // - `loom.proven_max_trips = N : i64` and `loom.max_trips_unproven =
  //   "..."` (derived by loom-prove-max-trips): on a `loom.loop` or
  //   `loom.for`, the same bound as loom's loop facts prove it, or the
  //   facts' summary when they prove none.
  // - `loom.version_condition = "..."` (loom-fold-loop-facts with
  //   version-functions=true): on a function (FunctionOpInterface), the
  //   condition under which its unchecked copy runs.
  let discardableAttrs = (ins
    "::mlir::IntegerAttr":$depth,
    "::mlir::StringAttr":$facts,
    "::mlir::IntegerAttr":$max_trips,
    "::mlir::IntegerAttr":$proven_max_trips,
    "::mlir::StringAttr":$max_trips_unproven,
    "::mlir::StringAttr":$version_condition
  );
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    void registerTypes();
  }];
}

class Loom_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Loom_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Loom_TokenType : Loom_Type<"Token", "token"> {
  let summary = "token naming the target of exits";
  // Parsed by hand so that stray parameters (`!loom.token<3>`) are an error
  // instead of being silently dropped.
  let hasCustomAssemblyFormat = 1;
  let description = [{
    A `!loom.token` is only ever block argument #0 of the entry block of an op
    implementing `HasBreakingControlFlowOpInterface`. Its only uses are exit
    terminators (`RegionExitTerminatorOpInterface`): it cannot be yielded,
    branched, selected, stored, called with or returned, so the target of an
    exit can always be found from the token.

    The verifier rejects a `!loom.token` block argument anywhere else, even
    one nothing uses: a function argument, an argument of a non-entry block,
    an argument of an op that defines no token. An unused one is found on
    every `func.func` and in everything nested in it (an op of any dialect);
    outside functions, only tokens that exits use are checked.

    ```mlir
    loom.loop token(%t) { loom.break %t }   // %t : !loom.token
    ```
  }];
}

#endif // LOOM_DIALECT_TD
