//===- LoomPasses.td - loom's C++ passes ------------------*- tablegen -*-===//
//
// Passes written in C++. Passes written in Rust (loop facts, reports) are
// registered at run time through loomRegisterForeignPass; see src/passes/.
//
// `loom-lower-to-llvm` is a pass that runs a fixed pipeline (loom-lower-to-cf
// and upstream conversions to the LLVM dialect) on its module, so that it
// exists as a pass object (C and Rust APIs) and not only by name.
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_PASSES_TD
#define LOOM_PASSES_TD

include "mlir/Pass/PassBase.td"

// The `assume-range` option shared by both lowerings.
def AssumeRangeOption : Option<"assumeRange", "assume-range",
    "::loom::AssumeRangeMode", "::loom::AssumeRangeMode::Drop",
    "What to do with loom.assume_range: `drop` replaces it with its input "
    "(the range is trusted, as an assumption); `check` first inserts a "
    "`cf.assert` that aborts at run time when the value is outside [lo, hi]",
    [{::llvm::cl::values(
        clEnumValN(::loom::AssumeRangeMode::Drop, "drop",
                   "replace with the input (default)"),
        clEnumValN(::loom::AssumeRangeMode::Check, "check",
                   "insert a cf.assert on lo <= x <= hi, then replace"))}]>;

def LoomLowerToCF : Pass<"loom-lower-to-cf"> {
  let summary = "Lower loom control flow directly to cf branches";
  let description = [{
    Rewrites every `loom.loop`, `loom.for`, `loom.scope` and `loom.if` into
    blocks of the enclosing region connected by `cf.br`/`cf.cond_br`:

    - `loom.loop`: the body's entry block becomes a header whose arguments
      are the iteration arguments; `loom.continue` branches to it, `loom.break`
      branches to the block after the loop, whose arguments are the results.
    - `loom.for`: a header block (induction variable and iteration arguments)
      compares `iv < ub` (signed) and enters the body or leaves with the
      iteration arguments; `loom.yield`/`loom.continue` branch to a latch that
      adds the step; `loom.break` branches to the block after the loop.
    - `loom.scope`: the body is inlined; `loom.yield` and `loom.break` branch
      to the block after the scope.
    - `loom.if`: a `cf.cond_br` to the two branches; `loom.yield` branches to
      the block after the `if`.

    Exits to an enclosing op simply branch to that op's header, latch or
    exit block, however deeply they are nested. When the outermost loom op of
    a nest sits in a region that must keep a single block (for example the
    body of an `scf.for` or `scf.if`), it is first wrapped in an
    `scf.execute_region`, whose region may hold the new blocks.

    IR without loom ops is left unchanged. Exits that pass through an op of
    another dialect (even one with `PropagateControlFlowBreak`) or that
    target a non-loom op cannot be expressed as branches: the pass reports
    them and fails without changing anything.

    ```mlir
    %r = loom.loop token(%t) iter_args(%i = %c0) : (i32) -> (i32) {
      %done = arith.cmpi sge, %i, %n : i32
      loom.if %done { loom.break %t, %i : i32 }
      %i1 = arith.addi %i, %c1 : i32
      loom.continue %t, %i1 : i32
    }
    ```
    becomes
    ```mlir
      cf.br ^header(%c0 : i32)
    ^header(%i: i32):
      %done = arith.cmpi sge, %i, %n : i32
      cf.cond_br %done, ^break, ^next
    ^break:
      cf.br ^exit(%i : i32)
    ^next:
      %i1 = arith.addi %i, %c1 : i32
      cf.br ^header(%i1 : i32)
    ^exit(%r: i32):
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::scf::SCFDialect"];
  let options = [AssumeRangeOption];
}

def LoomLowerToSCF : Pass<"loom-lower-to-scf"> {
  let summary = "Lower loom control flow to structured scf ops";
  let description = [{
    Rewrites every loom op into upstream structured ops (`scf.while`,
    `scf.for`, `scf.if`, `arith`, `ub.poison`), so that the result is plain
    MLIR 22 IR that any tool can read, with no loom op and no token.

    An exit that leaves an op X for an enclosing target becomes extra
    results of X's replacement: a state (an `i1` when X can end in two ways,
    an `i32` outcome code otherwise) and the values forwarded by each kind of
    exit (`ub.poison` when another outcome happened; for a tensor or a
    memref a value of its type at hand, else an empty `tensor.empty` or a
    zero-element stack buffer, so that bufferization and deallocation can
    follow it). The operations after X
    in its block are moved into an `scf.if` on "X ended normally"; its else
    branch passes the exit on outward, until the exit reaches its target:

    - `loom.if` becomes `scf.if`;
    - `loom.scope` is inlined (its breaks become its results);
    - `loom.loop` becomes an `scf.while` whose "before" region is the body
      and whose condition is "the body continued this loop"; only the
      iteration arguments are loop-carried;
    - `loom.for` becomes an `scf.for` when nothing breaks it or leaves it,
      otherwise an `scf.while` carrying the induction variable and the
      iteration arguments whose "before" region tests `iv < ub` and runs the
      body.

    The output is minimal: an op that no exit leaves gets no state, no
    guard and no extra results.

    Exits through an op of another dialect, or to a non-loom target, are
    reported and the pass fails without changing anything.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::ub::UBDialect"];
  let options = [AssumeRangeOption];
}

def LoomLowerToFixedBound : Pass<"loom-lower-to-fixed-bound"> {
  let summary = "Lower loom control flow to scf.for loops of a constant trip "
                "count with a done flag (for data-oblivious targets)";
  let description = [{
    For targets that cannot run a loop whose exit depends on data (FHE
    compilers, which need every loop to run a fixed number of times; HLS
    tools, which pipeline only loops with a static trip count). Every
    `loom.loop` and `loom.for` becomes an `scf.for %k = 0 to N step 1`
    with a constant N; the `loom.scope`, `loom.if`, `loom.break` and
    `loom.continue` inside become `scf.if`, `arith.select` and values
    carried by the loops. Every iteration runs; the loop carries a state
    that says whether it is still running (an `i1`, true while running,
    when the loop can end in one way; an `i32` outcome code otherwise) and
    the values of the exits: its iteration arguments and the values of the
    exit taken. The body runs inside `scf.if %running`, so once the loop is
    done no further side effect happens, and the results are those of the
    exit taken. A `loom.for`'s induction variable is `lb + k * step`,
    computed from the iteration number; its body runs under `iv < ub` in
    addition.

    **N.** For each loop, in this order:

    - `loom.max_trips = N : i64` on the loop, given by the user: an upper
      bound, which the user guarantees, on the number of times the loop's
      body region runs per entry of the loop (for a `loom.loop`, every run
      of its body, including the last, which breaks; for a `loom.for`, the
      body runs, not counting the final `iv < ub` test). With
      `check-trips=true` a `cf.assert` after the loop aborts when the loop
      was not done after N iterations. A wrong bound without the check is
      undefined: the loop's results are then unspecified.
    - otherwise the constant bound loom's loop facts prove (`exact` or
      `at_most` with a constant count, the same facts as `loom-report`):
      the pass first runs `loom-prove-max-trips`, which derives
      `loom.proven_max_trips = N : i64` on each loop it bounds (the bound
      of a nested loop is per entry of that loop).

    A `loom.loop` that no `loom.continue` targets runs its body once and
    needs no bound (it is lowered as a `loom.scope`). A loop without a
    bound is an error at the loop that quotes the facts and says how to
    give one, and the pass fails without changing anything. (The verifier
    rejects a `loom.max_trips` that is not a non-negative `i64`, or is 0 on
    a `loom.loop`, whose body always runs once.)

    ```mlir
    %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%s = %z) -> (i32) {
      %x = memref.load %a[%i] : memref<?xi32>
      %neg = arith.cmpi slt, %x, %z : i32
      loom.if %neg { loom.break %t, %s : i32 }
      %s1 = arith.addi %s, %x : i32
      loom.yield %s1 : i32
    } {loom.max_trips = 8 : i64}
    ```
    becomes (schematically)
    ```mlir
    %st:3 = scf.for %k = %c0 to %c8 step %c1
        iter_args(%running = %true, %s = %z, %res = %poison) -> (i1, i32, i32) {
      %next:3 = scf.if %running -> (i1, i32, i32) {
        %i = lb + k * step
        %in = arith.cmpi slt, %i, %n : index
        %o:3 = scf.if %in -> (i1, i32, i32) {
          ... the body: true and the next %s on loom.yield,
              false and %s in the result slot on loom.break
        } else {
          scf.yield %false, %s, %s      // the loop ends: its results are %s
        }
        scf.yield %o#0, %o#1, %o#2
      } else {
        scf.yield %running, %s, %res    // done: nothing changes
      }
      scf.yield %next#0, %next#1, %next#2
    }
    %r = arith.select %st#0, %st#1, %st#2  // still running after N: ended by iv >= ub
    ```

    Exits that leave a loop for an enclosing target (a break of an outer
    loop, a continue of it, a break of an enclosing scope) are carried out
    of the inner loop in its state and slots, and the rest of the enclosing
    body runs under `scf.if` on the state saying the inner op ended
    normally. Branch conditions in the result are the loops' states, tests
    of them, and the conditions that decide an exit (a `loom.if` with an
    exit in a branch; `iv < ub`); the `scf.for` bounds are constants.

    Exits through an op of another dialect, or to a non-loom target, are
    reported and the pass fails without changing anything, as for the
    other lowerings.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::cf::ControlFlowDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::ub::UBDialect"];
  let options = [
    AssumeRangeOption,
    Option<"checkTrips", "check-trips", "bool", /*default=*/"false",
           "Insert after each loop a `cf.assert` that it was done after its "
           "N iterations (for bounds given by `loom.max_trips`, and the "
           "proven ones)">,
  ];
}

def LoomCarryCapturedTensors : Pass<"loom-carry-captured-tensors"> {
  let summary = "Make tensors a loom loop captures and writes into its "
                "iteration arguments (before One-Shot Bufferize)";
  let description = [{
    For each `loom.loop` and `loom.for` (outermost first) and each tensor
    defined outside it that is the destination operand of a
    destination-style op inside it (`tensor.insert`, `tensor.insert_slice`,
    a linalg op's `outs`, ...), adds an iteration argument initialised with
    that tensor, replaces the tensor's uses inside the loop by it and
    forwards it unchanged from every `loom.continue` addressed to the loop
    and from a `loom.for`'s `loom.yield`; a `loom.for` gets a matching
    (unused) result, which its `loom.break` ops forward. The argument always
    equals the tensor, so the program's meaning is unchanged.

    What it is for: One-Shot Bufferize copies a tensor that is defined
    outside a loop and written inside it, as a later iteration might read
    the write. Carried, the value a later iteration reads is the one the
    loop's continues forward, and a write after which the loop is always
    left (a `tensor.insert` on a path that breaks) is bufferized in place:

    ```mlir
    %r = loom.loop token(%tk) iter_args(%i = %c0) : (index) -> (tensor<?xi32>) {
      ...
      loom.if %found {
        %u = tensor.insert %x into %t[%i] : tensor<?xi32>
        loom.break %tk, %u : tensor<?xi32>
      }
      loom.continue %tk, %i2 : index
    }
    ```
    becomes
    ```mlir
    %r = loom.loop token(%tk) iter_args(%a = %t, %i = %c0) : (tensor<?xi32>, index) -> (tensor<?xi32>) {
      ...
      loom.if %found {
        %u = tensor.insert %x into %a[%i] : tensor<?xi32>
        loom.break %tk, %u : tensor<?xi32>
      }
      loom.continue %tk, %a, %i2 : tensor<?xi32>, index
    }
    ```

    In a `loom.loop` the new argument takes the position of a result that
    every break fills with the tensor (or a destination-style update of it),
    so that the result bufferizes into the argument's buffer; otherwise it
    is appended. A tensor that would be tied to an unrelated result by its
    position is left captured. Run it before `one-shot-bufferize`, and not
    followed by `canonicalize` (which drops an unused `loom.for` result and
    its pass-through argument again).
  }];
}

def LoomPromoteSlots : Pass<"loom-promote-slots"> {
  let summary = "Promote scalar stack slots to SSA values through structured "
                "control flow (scf, memref.alloca_scope, loom)";
  let description = [{
    Replaces each one-element `memref.alloca` of an integer, `index` or
    float type (static shape with one element, identity layout, default
    memory space) whose address does not escape by the SSA values stored to
    it: loads read the last value stored on the path, and a slot written
    inside `scf.if`, `scf.for`, `scf.while`, `scf.execute_region`,
    `memref.alloca_scope`, `loom.if`, `loom.scope`, `loom.loop` or
    `loom.for` becomes one more result (and, for the loops, one more
    iteration argument) of that op; `loom.break`/`loom.continue` addressed to
    such an op forward the slot's current value. A load before any store
    reads `ub.poison`, as upstream `mem2reg` does.

    A slot is left untouched when any use is not the memref operand of a
    `memref.load`/`memref.store` (a call, a cast, a subview, a return, a
    store of the slot itself as a value, ...), when a use lies inside a
    region op other than the ones above (`scf.parallel`, `affine.for`,
    `loomtest.wrap`, ...) between the slot's block and the use, in another
    block of the slot's region, or in a multi-block region, or when an exit
    addressed to an op the value flows through is not a loom exit. Indices
    are not inspected: the only in-bounds index of a one-element memref is
    0, and any other one is undefined behaviour.

    This is the shape C front ends emit at their default (every local in a
    `memref<1xT>` slot, read in an `scf.while` condition and written at the
    end of its body), which MLIR's `mem2reg`/`sroa` do not promote through
    regions:

    ```mlir
    %i = memref.alloca() : memref<1xi32>
    memref.store %c0_i32, %i[%c0] : memref<1xi32>
    scf.while : () -> () {
      %v = memref.load %i[%c0] : memref<1xi32>
      %go = arith.cmpi slt, %v, %n : i32
      scf.condition(%go)
    } do {
      %v = memref.load %i[%c0] : memref<1xi32>
      %v1 = arith.addi %v, %c1_i32 : i32
      memref.store %v1, %i[%c0] : memref<1xi32>
      scf.yield
    }
    ```
    becomes
    ```mlir
    %r = scf.while (%v = %c0_i32) : (i32) -> i32 {
      %go = arith.cmpi slt, %v, %n : i32
      scf.condition(%go) %v : i32
    } do {
    ^bb0(%v: i32):
      %v1 = arith.addi %v, %c1_i32 : i32
      scf.yield %v1 : i32
    }
    ```
  }];
  let dependentDialects = ["::mlir::ub::UBDialect"];
}

def LoomSCCP : Pass<"loom-sccp"> {
  let summary = "Constant propagation and integer-range folding across loom's "
                "early exits (sccp and int-range-optimizations for loom IR)";
  let description = [{
    Runs upstream's sparse conditional constant propagation and integer
    range analysis in one data-flow solver, with transfer functions for
    `loom.loop`, `loom.for`, `loom.scope` and `loom.if`, then replaces every
    value known to be a constant by that constant (as `sccp` does; a
    comparison whose operand ranges decide it becomes a constant `true` or
    `false`, as with `int-range-optimizations`). Run it where `sccp` or
    `int-range-optimizations` would run: upstream's passes treat loom ops as
    opaque, since an exit leaves several regions at once.

    The results of a loom op are the join of what reaches them: the operands
    of the breaks addressed to its token and of the yield ending its body
    (`loom.scope`), of the breaks alone (`loom.loop`), of the breaks and the
    final iteration arguments (`loom.for`), of the yields of its branches
    (`loom.if`). Iteration arguments are the join of the initial values, the
    continues addressed to the loop and (`loom.for`) the yield ending its
    body; the induction variable of `loom.for` lies in `[lb, ub - 1]`. An
    exit counts only if it may run: not inside a `loom.if` branch whose
    condition is known to select the other branch, and not in a block dead
    code analysis found unreachable. A value that no path produces (the
    result of a scope every path of which breaks to an outer target) adds
    nothing to the joins it reaches. Exits are found through
    `RegionExitTerminatorOpInterface`, so exit ops of other dialects are
    joined too; a token with any other user, and targets of other dialects,
    get the pessimistic state. Loop-carried ranges that change after their
    first value widen to the full range, so the analysis terminates.

    ```mlir
    %0 = loom.scope token(%s) -> (i32) {
      %c5 = arith.constant 5 : i32
      loom.if %cond { loom.break %s, %c5 : i32 }
      loom.yield %c5 : i32
    }
    %big = arith.cmpi sgt, %0, %c100 : i32
    ```
    becomes (the scope stays: its exit is control flow)
    ```mlir
    %false = arith.constant false
    %c5 = arith.constant 5 : i32
    %0 = loom.scope token(%s) -> (i32) {
      loom.if %cond { loom.break %s, %c5 : i32 }
      loom.yield %c5 : i32
    }
    // uses of %0 read %c5, uses of %big read %false
    ```

    Code the analysis finds unreachable is not erased (as with `sccp`);
    `canonicalize` removes a `loom.if` whose condition became a constant.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def LoomLowerToLLVM : Pass<"loom-lower-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower loom and upstream affine/scf/arith/index/math/memref/"
                "func/vector/OpenMP IR to the LLVM dialect (loom-lower-to-cf, "
                "then upstream conversions)";
  let description = [{
    Runs, as one pass on a `builtin.module`, the pipeline

    ```
    loom-lower-to-cf{assume-range=...}, convert-vector-to-scf, lower-affine,
    convert-scf-to-cf, convert-vector-to-llvm, expand-strided-metadata,
    lower-affine, finalize-memref-to-llvm, convert-openmp-to-llvm,
    convert-math-to-llvm, convert-index-to-llvm, convert-arith-to-llvm,
    convert-ub-to-llvm, convert-cf-to-llvm, convert-func-to-llvm,
    reconcile-unrealized-casts
    ```

    (vector ops that need loops, such as `vector.print` of a vector, become
    `scf` first; affine ops written by the user become `scf`/`arith`; `scf`,
    including the `scf.execute_region` wrappers loom-lower-to-cf may create,
    becomes `cf`; vector before memref/arith so that the ops `vector.print`
    expands to are converted by the later passes; the `affine.apply` that
    expand-strided-metadata creates for dynamic offsets and strides becomes
    `arith`; OpenMP op types after memref, before the ops in their regions).

    `index` is lowered at the index width of the module's data layout
    (`mlir::DataLayout::closest`: 64 bits without a `dlti.dl_spec` naming
    `index`), the width `loom.assume_range` bounds are verified at: every
    conversion gets it (the vector and OpenMP steps are loom's own passes
    applying upstream's patterns, as upstream's passes always use 64 bits).
    A data layout giving `index` no fixed, non-zero width is an error, and
    so is a scope inside the module (a nested `builtin.module` or
    `gpu.module` with a spec of its own) at another index width.

    The result is ready for `mlir-translate --mlir-to-llvmir`, and, for a
    module without a `dlti.dl_spec` (which MLIR 22's `mlir-runner` cannot
    parse), for `mlir-runner` and melior's `ExecutionEngine`.
  }];
  let options = [AssumeRangeOption];
}

#endif // LOOM_PASSES_TD
