//! Differential check of *symbolic* loop facts against execution.
//!
//! Loops bounded by function arguments and buffer sizes get their facts
//! stated as expression strings (`loom-report` schema version 2:
//! `body_count_expr`, `counter.exit_expr`, ...; see `crate::expr` for the
//! grammar). This module generates random small functions
//! `func.func @s<seed>(%arg0: ..., ...)` whose loops are bounded by such
//! symbols, runs every one with several random argument sets, and checks
//! every claim the report makes against what happened.
//!
//! **Cases** ([`generate`](fn@generate), a pure function of the seed): one counter type
//! per case (`index`, `i64`, `i32`, `i16`, `i8`); arguments of that type,
//! narrower integer arguments (read through `arith.extsi`/`extui` or
//! `arith.index_cast`/`index_castui`) and `memref<?xi32>` /
//! `memref<?x?xf32>` buffers; one to three loops (single, nested, siblings),
//! each an `scf.for` (signed or `unsigned`), a `loom.for` (optionally with a
//! `loom.break` when the induction variable equals a symbol), an `scf.while`
//! (header-tested or do-while) or a counted `loom.loop`, with all eight
//! ordered predicates and the counter on either side for the last three,
//! steps 1 to 5 (decreasing too where the shape allows, and sometimes in
//! the wrong direction), and initial values and bounds built from
//! arguments, `memref.dim`, constants, the enclosing loops' counters,
//! `arith.addi`/`subi`/`muli` by constants (without a flag, `nsw` or `nuw`)
//! and `arith.minsi`/`maxsi`/`minui`/`maxui`. A share of the loops follow
//! templates designed as near misses (step > 1 up to an unbounded argument,
//! `<=` an argument that may be the type maximum, `%lb + 8` without a flag,
//! tiles `min(%i + 4, %n)`, triangular nests, `dim - 1` down to 0).
//!
//! **Context shapes**, where a loop's facts depend on where it sits (drawn
//! from a second random stream, so that leaving them out changes nothing
//! else in a case; off with
//! `--without-context-shapes`): a third of the `index` cases sit in a
//! nested `module` / `gpu.module @dev32` whose DLTI spec makes `index` 32
//! bits wide inside the 64-bit root ([`SymCase::nested`]: analysed there,
//! simulated at 32 bits, and executed at 32 bits, their instrumented
//! copies moved to a top-level module whose index is 32 bits wide and run
//! through `mlir-translate` + `lli`; the instrumentation widens a 32-bit
//! index through `arith.index_cast` to `i32` and `extsi`/`extui` to `i64`,
//! which no folder can evaluate at 64 bits); a third of the cases have their top-level loops in
//! a non-entry block ([`CfForm`]: the body block of a `cf` loop of 0 to 3
//! iterations, the same inside a multi-block `scf.execute_region`, or a
//! block `cf.cond_br %true/%false` reaches or not), so `entries` and the
//! totals are per call, not per entry; a quarter of the cases with a buffer
//! argument are the nest `for %i = 0 to dim step 2..8 { loop from %i to
//! %i + c }` whose inner facts are exact only because the buffer-size
//! assumption bounds `dim`, hence `%i` (`gen_assumption_nest`). Every
//! batch is also analysed with every assumption option off
//! ([`crate::assumption_diff`]): a claim that changes must list an
//! assumption.
//!
//! **Parallel loops** (from a third random stream, off
//! with `--without-parallel-shapes`): half the `index` cases are an
//! `scf.parallel`, `scf.forall` or (at the function's top level, where
//! its bounds are valid affine symbols) `affine.parallel` of 1 to 3
//! dimensions, alone, around a loop of the generator above (which may use
//! its first induction variable), inside one, or beside one
//! (`gen_parallel_case`). Bounds are arguments, `memref.dim`, constants
//! and the generator's arithmetic, sometimes `lb >= ub`; steps 1..5
//! constants or (the near miss) an argument; `scf.forall` in its `in
//! (...)` form and with static parts written as literals. Each dimension
//! is simulated and checked as the `scf.for` it becomes when the op is
//! lowered to a nest (dimension 0 outermost, signed, a non-positive step
//! or an overflowing final value of an entered dimension undefined): on
//! every entry of the op, the record adds up, from the runtime bounds,
//! what that loop does (its entries, the product of the counts of the
//! dimensions before it; its iterations per entry; the values its
//! condition, body and exit see), beside the values the op's body
//! observes of each induction variable ([`slot::DIM_LB`]). The body count
//! must be the product of the dimensions' counts; each `dims` object is
//! checked against its dimension's loop like the claims of a loop nested
//! in the op: its counts on every entry of that loop, its counter ranges
//! over all of them (equal to them when they are one entry's or the op's
//! bounds are the same on every entry), its exit on every entry, and its
//! body range must contain every value the body observed; a parallel loop
//! may have no condition count, no total condition count and no counter.
//!
//! **Parallel nests and 32-bit parallel loops** (from a fourth random
//! stream, also off with `--without-parallel-shapes`): half the `index`
//! cases the streams above leave plain are a parallel loop of any kind
//! whose body holds another of any kind (`gen_parallel_nest`; an
//! `affine.parallel` inside `affine.parallel` only, its bounds written as
//! affine expressions), the shape upstream's `scf-parallel-loop-tiling`
//! and `tile_using_forall` make: outer dimensions mostly `0 to N step T`,
//! inner ones bounded by the outer induction variables
//! (`gen_inner_bounds`): the tile size `affine.min affine_map<(d0)[s0] ->
//! (T, s0 - d0)>(%i)[N]`, `%i to %i + c`, `0 to %i`, `%i to N`, `%i to
//! min(%i + T, N)`, and near misses (a tile larger than the outer step,
//! `min(T, N - %i) + 1`, an inner step that skips); sometimes two inner
//! loops, or a loop of the generator inside the inner one. The inner op's
//! `dims` are checked over all its entries (the outer iterations). Half
//! the parallel cases in the nested 32-bit module get a dimension near
//! the 32-bit limits (`near_limit_dim`: step 3 from near `2^31 - 1`, or
//! `%a to %a + c`), simulated at 32 bits, where the final induction value
//! overflows (undefined) for some arguments and not for others.
//!
//! **Programs of their own** (each from a random stream of its own, one
//! seed in 40 unless said otherwise; run after all batches,
//! [`run_program_shapes`]):
//! *early ends* (`early_end`, off with `--without-early-end-shapes`): an
//! `scf.for` or `affine.for` bounded by arguments that bring it near its
//! counter type's maximum, an inner loop to `%i + c` without flags, then
//! `exit(0)` or a `cf.assert` that may end the run, each program run alone
//! with its claims checked at run time and its printed counts and ending
//! compared with an exact simulation; *deep nests* (`deep_nest`, off with
//! `--without-deep-nest-shapes`): nests 16 to 64 deep whose bounds are the
//! max/min of enclosing induction variables and arguments, `loom-report`
//! within 2 s of CPU time on each, claims checked at run time and per-loop
//! body totals compared with the simulation; *wide constants* (`wide_const`,
//! one seed in 24, off with `--without-wide-const-shapes`): sibling loops
//! of a 32-bit module whose `affine.for` step or static bound, affine map
//! constant, coefficient, divisor or modulus, `affine.parallel` or
//! `scf.forall` step is 2^31 or more (and near misses whose constant
//! fits), half through `lower-affine`, run at 32 bits with their claims
//! checked and every exact count, `at_most` bound and body range of the
//! report compared with the recorded runs; not simulated (upstream folders
//! may fold such a constant at 64 bits before the lowering truncates it,
//! so the run is the truth).
//!
//! **Argument sets** ([`ARG_SETS`] per case, chosen among more candidates):
//! small values (some negative), tiny or small positive values, values all
//! near one edge of the type (0, 1, the signed and unsigned extremes) so
//! that even loops near the limits are short, and independent edge values;
//! buffer sizes 0..40 (sometimes 100..300, to make a narrow counter's
//! `index_cast` of a size wrap). Half the sets are the candidates that run
//! the most loop bodies not run yet (a quick simulation decides), the
//! others edge sets. Every size is far below half the address space, so the
//! `buffer-bytes-below-half-address-space` assumption always holds; any
//! other assumption a report lists is flagged (the fuzzer cannot honour it).
//!
//! **Truth.** A simulator (w-bit wrapping arithmetic; `nsw`/`nuw` overflow
//! gives poison, and a loop bound that is poison, or an `scf.for`/`loom.for`
//! induction variable that overflows, makes the whole run undefined) runs
//! each argument set with a fuel of [`FUEL`] body executions per loop entry
//! and [`TOTAL_FUEL`] per call. Runs that end within the fuel are executed
//! too: an instrumented copy of each function (same control flow plus
//! stores into a record buffer; no op with regions added) goes through
//! `loom-check-claims` + `loom-lower-to-llvm` + `mlir-runner`, and its
//! record must equal the simulator's. Every claim loom makes on the
//! instrumented copy is so checked at run time (they may differ from the
//! plain function's: the checks are of the copy's own claims); a run that
//! stops with `loom claim violated` is a contradiction (a batch with one
//! is split until each violating run is alone; the self-test plants one). The record holds, per loop: entries, total condition and
//! body executions, the min/max per-entry condition and body counts, the
//! min/max counter values the condition region and the body observe (both
//! orders), and the min/max exit values of the entries that left by the
//! false edge.
//!
//! **Checks** (per loop, per argument set; undefined runs are skipped):
//! `exact` counts must equal every entry's count, `at_most` must bound it;
//! counter ranges must contain every observed value and, for an exact loop
//! entered once, equal the observed min/max; the exit must equal every
//! normal exit; totals and `entries` must equal the call's. A run beyond the
//! fuel still checks what it saw: counts so far are lower bounds (an exact
//! claim below the fuel for a loop that ran past it is a contradiction), the
//! entries that finished are exact, observed values must lie in the claimed
//! ranges; loops it did not reach are not checked, nor its totals when the
//! case has flagged arithmetic (a later poison would make the run
//! undefined). The v1 numeric fields are checked the same way, except that
//! a numeric `condition`/`body` pair given beside its `_expr` pair is read
//! as an enclosing bound (the v1 schema requires the pair even when the
//! range is symbolic). Expressions outside the grammar, unknown statuses or
//! assumptions and a loop list that does not match the case are
//! contradictions too. The report must
//! parse with loom's own schema ([`loom::analysis::Report`]); the new fields
//! are read from the JSON text by this module's own reader, so the checker
//! does not depend on how the schema names them in Rust.
//!
//! **Layout** (one concern per file):
//! * `model` — the cases: arguments, loop-invariant values, loop shapes,
//!   parallel dimensions, how a case is reached ([`SymCase`], [`CfForm`]),
//!   and how its arguments and ops read in messages;
//! * `generate` — the seeded generator of cases and of their argument sets
//!   ([`generate`](fn@generate)), with the buffer-size assumption nest;
//! * `generate_parallel` — its parallel loops, their nests and the
//!   dimensions near the 32-bit limits;
//! * `simulate` — the truth without tools: what a case does with one
//!   argument set ([`simulate`](fn@simulate)), in the record's layout ([`slot`]);
//! * `emit` — MLIR text: the plain function `loom-report` analyses, its
//!   instrumented copy and the executed module ([`emit`](fn@emit), [`exec_module`]);
//! * `json` — the small JSON reader the report's fields are read with;
//! * `claims` — a report's loop object as claims ([`LoopClaims`]);
//! * `check` — claims against runs ([`check_case`]);
//! * `tally` — what a fuzzing run counted and its summary lines ([`SymTally`]);
//! * `harness` — loom-opt, lowering and execution (with the claims
//!   checked), one batch end to end ([`run_batch`]), and the programs of
//!   their own ([`run_program_shapes`]);
//! * `early_end` — the early-end programs with argument bounds
//!   ([`SymEarlyEnd`]): generator, simulation, text, check, self-test;
//! * `deep_nest` — the deep nests ([`DeepNest`]): the same, with the
//!   report's CPU-time limit;
//! * `wide_const` — the wide-constant programs ([`WideProgram`]):
//!   generator, text, run, check against the runs, self-test;
//! * `mutants` — off-by-one mutants of the report's own claims, which the
//!   checker must catch;
//! * `self_test` — hand-written cases and claims, right and wrong ([`self_test`](fn@self_test));
//! * this file — the fuel and the assumptions the generator honours, the
//!   record's layout ([`slot`]), the switch of the parallel shapes, and
//!   [`describe`] (one case as text, for `--print`).

mod check;
mod claims;
mod deep_nest;
mod early_end;
mod emit;
mod generate;
mod generate_parallel;
mod harness;
mod json;
mod model;
mod mutants;
mod self_test;
mod simulate;
mod tally;
mod wide_const;

use std::fmt::Write as _;

use model::op_name;

// The re-exports are the module's API.
pub use check::{check_case, check_claims, tile_dim};
pub use claims::{Claim, LoopClaims};
pub use deep_nest::{run_deep_nests, DeepNest, DEEP_NEST_SHAPES};
pub use early_end::{run_early_end, SymEarlyEnd};
pub use emit::{emit, exec_module, plain_module};
pub use generate::{generate, is_assumption_nest};
pub use harness::{
    execute, report, run_batch, run_batch_with, run_program_shapes, truths, Executed, CLAIM_VIOLATED, DEEP_NEST_GROUP,
};
pub use json::Json;
pub use model::{fmt_args, ArgKind, ArithOp, CfForm, Flags, LoopDesc, MinMaxOp, ParDim, ParKind, Shape, SymCase, Val};
pub use mutants::mutants;
pub use self_test::{check_scenario, scenarios, self_test, Scenario};
pub use simulate::{initial_record, simulate, Outcome, Run};
pub use tally::SymTally;
pub use wide_const::{describe as describe_wide_const, WideKind, WideProgram, WIDE_CONST_SHAPES};

/// Body executions per loop entry a run may take to be executed.
pub const FUEL: u64 = 1 << 14;
/// Body executions per call (all loops) a run may take to be executed.
pub const TOTAL_FUEL: u64 = 1 << 17;
/// Argument sets per case.
pub const ARG_SETS: usize = 4;
/// An assumption the generator's buffers always satisfy (their bytes, and
/// so each dimension's, are far below half the address space).
pub const BUFFER_ASSUMPTION: &str = "buffer-bytes-below-half-address-space";
/// The other one (see [`BUFFER_ASSUMPTION`]).
pub const BUFFER_DIMS_ASSUMPTION: &str = "buffer-dims-below-half-address-space";

/// The record's slots of one loop (`PER_LOOP` per loop, in loop pre-order).
pub mod slot {
    pub const ENTRIES: usize = 0;
    pub const TOT_COND: usize = 1;
    pub const TOT_BODY: usize = 2;
    /// Scratch: the current entry's condition / body executions.
    pub const CUR_COND: usize = 3;
    pub const CUR_BODY: usize = 4;
    /// Min/max over finished entries of the per-entry counts.
    pub const EC_MIN: usize = 5;
    pub const EC_MAX: usize = 6;
    pub const EB_MIN: usize = 7;
    pub const EB_MAX: usize = 8;
    /// Counter statistics, 4 slots each: signed min, signed max (of the
    /// sign-extended value), unsigned min, unsigned max (zero-extended).
    pub const COND: usize = 9;
    pub const BODY: usize = 13;
    /// Of the value on the false edge, over the entries that took it.
    pub const EXIT: usize = 17;
    /// A parallel dimension's block only: the values of its induction
    /// variable the op's body observes (signed min/max).
    pub const OBS: usize = 21;
    /// The statistics groups (4 slots each, contiguous from COND).
    pub const STATS: [usize; 4] = [COND, BODY, EXIT, OBS];
    /// Scratch: the counter at the last condition, sign/zero-extended.
    pub const LAST_S: usize = 25;
    pub const LAST_U: usize = 26;
    /// Scratch: whether the current entry left through a break.
    pub const BROKE_CUR: usize = 27;
    /// Whether any entry left through a break.
    pub const BROKE: usize = 28;
    /// Entries that left through the false edge.
    pub const NORMAL: usize = 29;
    /// A parallel dimension's block only: the op's body executions at
    /// which every other induction variable is at its lower bound (in all,
    /// over the op's entries: this dimension's count whenever the body runs).
    pub const SEEN: usize = 30;
    pub const PER_LOOP: usize = 31;

    /// A parallel loop's own block uses ENTRIES, TOT_BODY, CUR_BODY,
    /// EB_MIN and EB_MAX (body executions per entry of the op). Each of its
    /// dimensions has a block of its own (after all loops' blocks, see
    /// `SymCase::dim_block`): the record of the dimension's `scf.for` in
    /// the nest the op lowers to, as a loop's block, computed on each
    /// entry of the op from the runtime bounds (the nest runs every entry
    /// it starts to the end): ENTRIES (that loop's entries: per entry of
    /// the op, the product of the counts of the dimensions before it),
    /// TOT_BODY, EB_MIN/EB_MAX per entry of that loop, and the signed
    /// min/max of the values its condition (COND), body (BODY) and exit
    /// (EXIT) see; its condition counts and normal exits follow (the
    /// checker derives them: one condition more than bodies per entry,
    /// every entry normal). Beside it, in OBS (signed min/max) and SEEN,
    /// what the op's body observes of the dimension; and the runtime lower
    /// bound, upper bound and step of the op's last entry (sign-extended)
    /// in these three slots.
    pub const DIM_LB: usize = LAST_S;
    pub const DIM_UB: usize = LAST_U;
    pub const DIM_STEP: usize = BROKE_CUR;
}

/// Whether the generator adds `scf.parallel`/`scf.forall` loops (from a
/// further random stream, so that leaving them out changes nothing else in
/// a case). On by default; `loom-facts-fuzz --symbolic
/// --without-parallel-shapes` turns it off.
pub static PARALLEL_SHAPES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// [`PARALLEL_SHAPES`]'s value.
pub fn parallel_shapes() -> bool {
    PARALLEL_SHAPES.load(std::sync::atomic::Ordering::Relaxed)
}

/// The case of `seed` as text: its function, argument sets and what the
/// simulator says each does (`loom-facts-fuzz --symbolic --print SEED`).
pub fn describe(seed: u64) -> String {
    let c = generate(seed);
    let mut s = format!("// seed {seed}\n");
    for set in 0..c.arg_sets.len() {
        let run = simulate(&c, set);
        let _ = writeln!(s, "// argument set {set}: {} -> {:?}", fmt_args(&c, set), run.outcome);
        for l in 0..c.loops.len() {
            let r = |k: usize| run.record[slot::PER_LOOP * l + k];
            let done = r(slot::ENTRIES) - run.in_progress[l] as u64;
            let per_entry = if done == 0 {
                "no finished entry".to_string()
            } else {
                format!(
                    "body {}..={} and condition {}..={} per finished entry",
                    r(slot::EB_MIN),
                    r(slot::EB_MAX),
                    r(slot::EC_MIN),
                    r(slot::EC_MAX)
                )
            };
            if c.loops[l].dims.is_empty() {
                let _ = writeln!(
                    s,
                    "//   loop #{l}: {} entries, {per_entry}; {} body and {} condition executions in all",
                    r(slot::ENTRIES),
                    r(slot::TOT_BODY),
                    r(slot::TOT_COND)
                );
                continue;
            }
            let per_entry = if done == 0 {
                "no finished entry".to_string()
            } else {
                format!("body {}..={} per finished entry", r(slot::EB_MIN), r(slot::EB_MAX))
            };
            let mut dims = Vec::new();
            for k in 0..c.loops[l].dims.len() {
                let b = c.dim_block(l, k);
                let d = |k: usize| run.record[slot::PER_LOOP * b + k] as i64;
                let mut dim = format!("{} to {} step {}", d(slot::DIM_LB), d(slot::DIM_UB), d(slot::DIM_STEP));
                if d(slot::ENTRIES) > 0 {
                    let _ = write!(
                        dim,
                        " (its loop: {} entries of {}..={} iterations)",
                        d(slot::ENTRIES),
                        d(slot::EB_MIN),
                        d(slot::EB_MAX)
                    );
                }
                dims.push(dim);
            }
            let _ = writeln!(
                s,
                "//   loop #{l} ({}): {} entries, {per_entry}; {} body executions in all; dimensions (last entry of the op): {}",
                op_name(c.loops[l].shape),
                r(slot::ENTRIES),
                r(slot::TOT_BODY),
                dims.join(", ")
            );
        }
    }
    s.push_str(&emit(&c, false));
    s
}
