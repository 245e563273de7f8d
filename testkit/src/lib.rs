//! loom's test tooling, kept out of the library users depend on.
//!
//! - [`difftest`]: random well-formed loom programs, a reference
//!   interpreter, and the harness that runs the programs through loom's
//!   lowerings and `mlir-runner` (binary `loom-difftest`);
//! - [`facts_fuzz`]: random small loops, a simulator, and the check of
//!   loom's loop-facts report against execution (binary `loom-facts-fuzz`);
//! - [`rng`]: the seeded generator both use, so that a seed names one
//!   program or case forever;
//! - [`symbolic_fuzz`], [`expr`]: the same check for loops bounded by
//!   arguments and buffer sizes, with the testkit's own evaluator of the
//!   report's expressions (`loom-facts-fuzz --symbolic`);
//! - [`bounds_fuzz`]: accesses with relational indices into dynamically
//!   sized buffers, a simulator and execution under runtime checks, and the
//!   check of loom's bounds proofs (`loom-facts-fuzz --bounds`);
//! - [`assumption_diff`]: the rerun with every assumption option off that
//!   all three facts fuzzers use to catch facts that rely on an assumption
//!   they do not list;
//! - [`promote_fuzz`]: random programs keeping their values in stack
//!   slots, run before and after `loom-promote-slots` (binary
//!   `loom-promote-fuzz`);
//! - [`tools`]: running loom-opt and mlir-runner for the fuzzers;
//! - [`int`]: the fuzzer's own reading of width-bit integers and comparison
//!   predicates, independent of the analyses it checks.
//!
//! Both binaries find `loom-opt` beside themselves (workspace members share
//! `target/<profile>/`), and LLVM 22's tools under the prefix loom's build
//! script resolved.

/// Whether the generators add the context shapes: loops whose facts depend
/// on where they sit (functions in nested modules of another index width,
/// loops in non-entry blocks, out-of-width assumptions, the buffer-size
/// assumption nest). On by default; `loom-facts-fuzz
/// --without-context-shapes` turns it off (they come from a random stream
/// of their own: nothing else in a seed's case changes) to check the other
/// shapes alone.
pub static CONTEXT_SHAPES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// [`CONTEXT_SHAPES`]'s value.
pub fn context_shapes() -> bool {
    CONTEXT_SHAPES.load(std::sync::atomic::Ordering::Relaxed)
}

pub mod assumption_diff;
pub mod bounds_fuzz;
pub mod difftest;
pub mod expr;
pub mod facts_fuzz;
pub mod int;
pub mod promote_fuzz;
pub mod rng;
pub mod symbolic_fuzz;
pub mod tools;
