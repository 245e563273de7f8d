//! Differential check of `loom-promote-slots`: random programs that keep
//! their values in stack slots, run before and after the promotion.
//!
//! - [`generate`]: a seed's program, written directly as MLIR: a function
//!   `@p<seed>` whose values live in one-element `memref.alloca` slots
//!   (`memref<T>`, `memref<1xT>`, `memref<1x1xT>` of `i32`, `i64`, `index`,
//!   `f64`), read and written through nested `scf.while`, `scf.for`,
//!   `scf.if`, `scf.execute_region`, `memref.alloca_scope`, `loom.scope`,
//!   `loom.loop` and `loom.for` (with breaks and continues), some with
//!   results and iteration arguments of their own, slots local to a block,
//!   and slots whose address escapes through a `memref.cast` (which the pass
//!   must leave alone). Each program prints a `seed N` line, then values.
//!   Every slot is written before it is read, so the original program has
//!   no undefined read and both runs must print the same.
//! - [`harness`]: batches of programs called in order by one `@main`,
//!   canonicalized (which inlines the `memref.alloca_scope`s holding no
//!   alloca, which upstream `convert-scf-to-cf` cannot lower around an
//!   `scf.while`), with every claim loom's facts make checked at run time
//!   (`loom-check-claims`), lowered with `loom-lower-to-llvm`, as they are
//!   and after `loom-promote-slots`, run under `mlir-runner`; outputs are
//!   compared program by program, and the slots and slot loads left after
//!   the pass are counted.

pub mod generate;
pub mod harness;
