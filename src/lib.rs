//! loom: token-addressed early exits and proven loop facts for MLIR 22.
//!
//! The public API (see the README):
//! - [`dialect`] registers loom into a melior `DialectRegistry`/`Context`;
//! - [`passes`] registers loom's passes by name ([`passes::register_all`])
//!   and creates the Rust ones as melior pass objects ([`passes::create`]);
//! - [`analysis`] runs the loop-facts analysis and returns the compile
//!   report as typed (serde) data;
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
pub mod passes;
mod strings;

pub use melior;

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
