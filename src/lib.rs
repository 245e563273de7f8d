//! loom: token-addressed early exits and proven loop facts for MLIR 22.
//!
//! The public API (see the README):
//! - [`context`] is a melior `Context` ready for a front end (loom and every
//!   upstream dialect registered and loaded, LLVM IR translations
//!   registered); [`dialect`] registers loom into an existing
//!   `DialectRegistry`/`Context`;
//! - [`ops`] builds loom's ops with typed builders generated from its ODS
//!   ([`token_type`] is `!loom.token`);
//! - [`parse_module`] and [`parse_file`] parse text naming its source, so
//!   locations and reports say `file.mlir:5:8`;
//! - [`passes`] registers loom's passes by name ([`passes::register_all`])
//!   and creates every one of them, C++ and Rust, as a melior pass object
//!   ([`passes::create`], typed: [`passes::lower_to_llvm`], ...);
//! - [`analysis`] runs the loop-facts analysis and returns the compile
//!   report as typed (serde) data or as text;
//! - [`melior`], re-exported, is the melior these take and return.
//!
//! Inside the crate: `tablegen/` and `cpp/` define the dialect, its
//! interfaces and the C++ passes (lowerings), built into a native library
//! linked here and reached through `ffi`; `facts` holds the loop-facts
//! analyses; `capi` the C API functions written in Rust; `driver` is
//! loom-opt's driver; `strings` converts strings to and from MLIR's C API.

pub mod analysis;
mod capi;
mod diagnostics;
pub mod dialect;
mod driver;
mod facts;
mod ffi;
pub mod ops;
mod parse;
pub mod passes;
mod strings;

pub use melior;
pub use ops::token_type;
pub use parse::{parse_file, parse_module, ParseError};

/// A context ready for a front end: loom and every upstream dialect
/// registered and loaded (so ops built with result type inference, such as
/// melior's `arith::constant`, find their dialects), and the translations to
/// LLVM IR registered (for melior's `ExecutionEngine`).
///
/// ```
/// use loom::melior::ir::operation::OperationLike;
///
/// let context = loom::context();
/// let location = loom::melior::ir::Location::unknown(&context);
/// let index = loom::melior::ir::Type::index(&context);
/// let value = loom::melior::ir::attribute::IntegerAttribute::new(index, 7).into();
/// let constant = loom::melior::dialect::arith::constant(&context, value, location);
/// assert!(constant.verify());
/// ```
pub fn context() -> melior::Context {
    let context = melior::Context::new();
    dialect::register_and_load_all(&context);
    melior::utility::register_all_llvm_translations(&context);
    context
}

/// loom-opt's `main` (src/bin/loom-opt.rs): runs the driver with `args`
/// (`args[0]` is the program name), registering the dialects of
/// `extra_dialects` too (loom-opt's test-only loomtest dialect, which is not
/// part of this library), and returns the process exit code. Not part of
/// the documented API.
#[doc(hidden)]
pub fn loom_opt_main(args: Vec<std::ffi::OsString>, extra_dialects: &melior::dialect::DialectRegistry) -> i32 {
    driver::main(args, extra_dialects)
}

/// The `main` of loom-lsp-server and loom-reduce (src/bin/): calls the
/// tool's C++ entry point `entry` with `args` as `argc`/`argv` and returns
/// the process exit code; `tool` names the program in errors. Not part of
/// the documented API.
///
/// # Safety
/// `entry` must treat its arguments as a C `main` may: read `argc` strings
/// from `argv` (which ends with a null pointer), keep pointers to them, and
/// never write through them.
#[doc(hidden)]
pub unsafe fn run_tool_main(tool: &str, args: Vec<std::ffi::OsString>, entry: driver::CMain) -> i32 {
    // SAFETY: this function's contract is `run_c_main`'s, passed on to the
    // caller.
    unsafe { driver::run_c_main(tool, &args, entry) }
}
