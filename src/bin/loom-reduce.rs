//! loom-reduce: MLIR's test-case reducer (mlir-reduce) with loom, every
//! upstream dialect loom-opt registers, and every upstream and loom pass
//! (C++ and Rust), so reduction pipelines can name loom's passes. Shrinks
//! an input that crashes or miscompiles while an interestingness script
//! still says yes:
//!
//! ```sh
//! loom-reduce crash.mlir -reduction-tree='traversal-mode=0 test=./still-crashes.sh'
//! ```
//!
//! The reducer is C++ (cpp/lib/Tools/LoomReduceMain.cpp), compiled by
//! build.rs into libloom_tools.a, which only this binary and loom-lsp-server
//! link (the `#[link]` below): the loom library never contains it.

use std::os::raw::{c_char, c_int};

#[link(name = "loom_tools", kind = "static")]
extern "C" {
    /// MLIR's reducer main with loom's dialect and C++ passes and every
    /// upstream dialect and pass registered; returns the exit code.
    fn loomReduceMain(argc: c_int, argv: *mut *mut c_char) -> c_int;
}

fn main() {
    // The Rust passes are registered by name only from Rust; before the
    // reducer builds its command line, which lists every registered pass.
    loom::passes::register_all();
    // SAFETY: loomReduceMain treats argc/argv as a C `main` does: InitLLVM
    // keeps argv[0] for the crash handler (the strings are never freed) and
    // LLVM's option parser reads the strings and copies what it keeps;
    // nothing writes through them.
    let code = unsafe { loom::run_tool_main("loom-reduce", std::env::args_os().collect(), loomReduceMain) };
    std::process::exit(code);
}
