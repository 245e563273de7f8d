//! Differential check of the loop facts against execution.
//!
//! A generator of random small loops (`scf.while` header-tested and
//! do-while, counted `loom.loop`, `scf.for` signed/unsigned, `loom.for` with
//! and without an early break), with counters of every width from i1 to
//! i64 and `index`, all eight ordered predicates, the counter on either
//! side, increasing and decreasing steps written with `arith`/`index` ops
//! (constants through casts too), initial values and bounds near the
//! type's limits, decoys (a second or third loop-carried value, forwarded in
//! a permuted position, a yield fed from the wrong value or through an
//! `arith.select`, a condition testing a value other than the counter), an
//! optional enclosing `scf.for` (entries) and random memory accesses at
//! `value + constant` (optionally under an `scf.if` that compares the index
//! or the counter with a constant, signed or unsigned).
//!
//! Each case is emitted twice from one description: *plain* (the loop and
//! its accesses as written, which `loom-report` analyses) and
//! *instrumented* (the same control flow, plus stores into a record array:
//! condition and body executions, the min/max of every loop-carried value
//! in both orders as the condition region and the body observe it, the
//! value on the false edge; each access replaced by a runtime bounds check
//! that counts violations instead of touching memory). Instrumentation adds
//! no op with regions and never touches the loop's own values, so the
//! executed loop is the analysed one.
//!
//! A simulator (this file, wrapping `w`-bit arithmetic) runs each case with
//! a fuel of [`FUEL`] iterations per entry. Cases that end within the fuel
//! (and, for `scf.for`/`loom.for`, without overflowing the induction
//! variable, which is undefined behaviour there) are executed through
//! `loom-lower-to-llvm` + `mlir-runner`; the execution's record must equal
//! the simulator's (a check of the simulator itself), and the report is
//! compared with the execution: every `exact` count, range and exit must
//! match, every `at_most` must be ≥ the observed count, every `proven`
//! access must have no violation. Cases that do not end within the fuel are
//! not executed (wrapping loops are generated on purpose; the analysis must
//! call them unknown) but their claims are still checked: an exact or
//! at-most count within the fuel is contradicted by the simulation, and a
//! larger exact count is checked against a longer simulation when it is at
//! most [`LONG_FUEL`]. In `index32` mode (module with
//! `#dlti.dl_spec<index = 32 : i64>`) the counters are `index`. Every case
//! is executed at its own module's index width: a 32-bit one (the root in
//! `index32` mode, a nested 32-bit module otherwise) in a module with the
//! 32-bit spec through `mlir-translate` and `lli` (`mlir-runner` cannot
//! parse a DLTI spec), the others through `mlir-runner`; both with every
//! claim checked at run time (`loom-check-claims`). A 32-bit case with an
//! out-of-width assumption is not executed: its bounds do not fit the
//! width, so the verifier rejects it (its meaning at 32 bits is undefined).
//!
//! **Early-end programs** (`early_end`, a tenth of the seeds, from a
//! stream of their own; off with `--without-early-end-shapes`): bodies that
//! may end the program before the increment (`exit(0)` or a failing
//! `cf.assert` after an inner loop bounded by `iv + c` without flags, near
//! the type's maximum), simulated exactly and run alone with every claim
//! checked.
//!
//! **Context shapes**, where a loop's facts depend on where it sits
//! (drawn from a second random stream, so that leaving them out changes
//! nothing else in a case; off with `--without-context-shapes`): a fifth
//! of the cases sit in a nested
//! `module` / `gpu.module` whose DLTI spec gives `index` the other width
//! (`nested`: a 32-bit device module in the 64-bit root, or a 64-bit module
//! in a root made 32-bit by `loom-report{index-bitwidth=32}`, since a root
//! spec beside a nested one crashes MLIR 22's DataLayout verifier), and
//! half of those index an access with `divsi(idx + 2^31, 2^29)` or `idx +
//! 2^32 + k` (`wide`), constants that read differently at the other width;
//! each case is simulated at its own module's width and executed when that
//! is 64. A third of the cases reach their loop from a non-entry block
//! ([`OuterForm`]: a `cf` loop of 0 to 3 iterations, one inside a
//! multi-block `scf.execute_region`, a block `cf.cond_br` reaches or not),
//! and every loop's `entries` and totals are checked per call. A third of
//! the 32-bit cases with accesses wrap one index in `loom.assume_range`
//! with bounds that do not fit 32 bits as signed integers (`oow`); such a
//! function is analysed in a module of its own, and loom-opt rejecting it
//! with a located diagnostic counts as a non-claim (a crash or an
//! unlocated failure is a tool error); otherwise its claims are checked
//! against the simulation like any other (the assumption holds for no
//! value, so it excuses nothing). Every input is also analysed with every
//! assumption option off ([`crate::assumption_diff`]): a claim that
//! changes must list an assumption.
//!
//! The report is read through loom's public schema
//! ([`loom::analysis::Report`], the contract other tools read), so a report
//! that does not parse as that schema fails the run. The simulator's
//! integer readings and predicates are the testkit's own ([`crate::int`]),
//! independent of the analyses under test.
//!
//! **Layout** (one concern per file):
//! * `model` — the cases: counter type ([`Ty`]), loop kinds, loop-carried
//!   expressions, accesses and their guards, where the loop sits ([`Case`],
//!   [`OuterForm`]);
//! * `generate` — the seeded generator ([`generate`](fn@generate)), context shapes from a
//!   stream of their own;
//! * `simulate` — the truth without tools: one call of a case in the
//!   record's layout ([`Outcome`], [`Case::simulate`]);
//! * `emit` — MLIR text: plain and instrumented functions, the analysed
//!   modules (root and nested width) and the executed one ([`emit`](fn@emit),
//!   [`module_text`], [`exec_module`]);
//! * `check` — the report's claims against an outcome ([`check_case`],
//!   [`Tally`]);
//! * `early_end` — the early-end programs: generator, simulation, run
//!   and check ([`run_early_end`]) and their self-test;
//! * `self_test` — hand-made right and wrong claims about the context
//!   shapes ([`self_test_claims`]);
//! * this file — the fuel and the record's layout per loop-carried value.

mod check;
mod early_end;
mod emit;
mod generate;
mod model;
mod self_test;
mod simulate;

// The re-exports are the module's API.
pub use check::{check_case, Tally};
pub use early_end::{run_early_end, self_test as early_end_self_test, EarlyEnd, EndOp, EARLY_END_SHAPES};
pub use emit::{emit, exec_module, module_text, plain_module};
pub use generate::generate;
pub use model::{Access, AccessOp, AddForm, Case, Expr, Guard, Kind, OuterForm, Place, Ty};
pub use self_test::self_test_claims;
pub use simulate::{slots, Outcome};

/// Iterations per loop entry that a case may run to be executed.
pub const FUEL: u64 = 1 << 16;
/// Longest simulation used to check a large exact count.
pub const LONG_FUEL: u64 = 1 << 22;

/// Record slots per loop-carried value after the two counts (condition,
/// body): signed min/max and unsigned min/max as the condition region sees
/// it (4), the same as the body sees it (4), and its value on the false
/// edge (1). Each access has two more slots after all of them.
const SLOTS_PER_ARG: usize = 9;
