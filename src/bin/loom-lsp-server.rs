//! loom-lsp-server: MLIR's language server with loom and every upstream
//! dialect loom-opt registers, for any editor with the MLIR extension
//! (diagnostics, hover, go-to-definition in loom IR). Set the extension's
//! server path (`mlir.server_path` in VS Code) to this binary.
//!
//! The server is C++ (cpp/lib/Tools/LoomLspServerMain.cpp), compiled by
//! build.rs into libloom_tools.a, which only this binary and loom-reduce
//! link (the `#[link]` below): the loom library never contains it.

use std::os::raw::{c_char, c_int};

#[link(name = "loom_tools", kind = "static")]
extern "C" {
    /// MLIR's language server main with loom registered; reads JSON-RPC on
    /// stdin, answers on stdout, returns the exit code.
    fn loomLspServerMain(argc: c_int, argv: *mut *mut c_char) -> c_int;
}

fn main() {
    // SAFETY: loomLspServerMain treats argc/argv as a C `main` does: it
    // hands them to LLVM's option parser, which reads the strings and copies
    // what it keeps, and writes through none of them.
    let code = unsafe { loom::run_tool_main("loom-lsp-server", std::env::args_os().collect(), loomLspServerMain) };
    std::process::exit(code);
}
