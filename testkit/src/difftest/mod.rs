//! Differential testing of the loom lowerings.
//!
//! A seed becomes a random, well-formed, terminating loom program
//! ([`generate`](fn@generate)); the program becomes MLIR text — one
//! `func.func @main()` that prints its results with `vector.print`
//! ([`emit_mlir`]); and a small reference interpreter computes exactly the
//! lines that text prints ([`interpret`](fn@interpret)). The project lowers the
//! text with its own passes, runs it under
//! `mlir-runner -e main -entry-point-result=void` and compares stdout with
//! those lines (each followed by `\n`): any difference is a bug in a lowering
//! (or in this module's model of MLIR).
//!
//! ```text
//! seed ──generate──▶ Program ──emit_mlir──▶ MLIR text ──loom passes + mlir-runner──▶ stdout
//!                       │                                                            │
//!                       └──────interpret──▶ expected lines ◀──────── compare ────────┘
//! ```
//!
//! In tensor mode ([`Config::tensors`]) programs also carry `tensor<Nxi32>`
//! values, and the harness runs them through each bufferization order
//! (one-shot-bufferize with the loom ops present or after
//! `loom-lower-to-scf`, deallocation before or after it; see
//! [`harness::Lowering`]); the interpreter gives tensors value semantics.
//!
//! Layout:
//! * [`program`] — the AST (one [`program::Op`] per MLIR op) and the integer
//!   encoding helpers;
//! * [`check`](mod@check) — the loom verifier's rules and the generator's
//!   invariants (fuel-guarded loops, no UB, exact floats, static work bound);
//! * [`generate`](mod@generate) — the seeded generator ([`Config`] sets the size);
//! * [`emit`] — MLIR text;
//! * [`interpret`](mod@interpret) — the reference semantics and the exact
//!   `vector.print` formatting (documented there: `i1` as `0`/`1`, signless
//!   integers signed, `index` **unsigned**, floats as `%g`);
//! * [`crate::rng`] — SplitMix64, so that a seed names one program forever;
//! * `near_max` — the counted-loop template near the counter type's
//!   maximum, left by a break before an increment that would overflow;
//! * `early_end` — loop bodies that end the program early (`exit` under a
//!   data-dependent `loom.if`, a `cf.assert` that may fail), counted near
//!   the counter type's maximum or in `loom.loop` / `loom.scope` bodies;
//!   the interpreter models the ending ([`RunEnd`]) and the harness
//!   compares the output printed before it and how the process ended;
//! * [`index32`] — runs the programs without `index` values at a 32-bit
//!   index (`--index32`);
//! * [`harness`] — runs programs through loom's lowerings and mlir-runner;
//! * [`fixed_bound_check`] — checks that `loom-lower-to-fixed-bound`'s
//!   output has constant-bound loops and flag-guarded control only;
//! * `testing` (tests only) — helpers to hand-write programs.
//!
//! Typical use:
//! ```text
//! let program = generate(seed, &Config::default());
//! let mlir = emit_mlir(&program);          // lower with loom passes, run with mlir-runner
//! let expected = interpret(&program)?;     // stdout == expected.join("\n") + "\n"
//! ```
//!
//! Only `std` is used; the module is self-contained.

pub mod check;
mod early_end;
pub mod emit;
pub mod fixed_bound_check;
pub mod generate;
pub mod harness;
pub mod index32;
pub mod interpret;
mod near_max;
pub mod program;

#[cfg(test)]
mod testing;

// The re-exports are the module's API.
pub use check::{check, CheckError, StaticCost};
pub use emit::emit_mlir;
pub use generate::{generate, Config, FloatPrinting};
pub use interpret::{interpret, interpret_to_end, run, Execution, InterpError};
pub use program::{Program, RunEnd};
