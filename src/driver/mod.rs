//! The loom-opt driver: mlir-opt's command line with loom inside; and the
//! way every loom tool's C++ `main` gets its command line ([`run_c_main`]).

pub mod output;

use std::ffi::{CString, OsString};
use std::os::raw::{c_char, c_int};
use std::os::unix::ffi::OsStrExt;

use melior::dialect::DialectRegistry;

use crate::strings::string_ref;

/// The line `loom-opt --version` prints before LLVM's own version text:
/// loom's version and the commit it was built from (build.rs; `unknown`
/// outside a git checkout of loom).
pub const VERSION: &str =
    concat!("loom version ", env!("CARGO_PKG_VERSION"), " (git commit ", env!("LOOM_GIT_COMMIT"), ")");

/// Runs loom-opt with `args` (`args[0]` is the program name), with the
/// dialects of `extra_dialects` registered beside upstream's and loom's, and
/// returns the process exit code.
pub fn main(args: Vec<OsString>, extra_dialects: &DialectRegistry) -> i32 {
    crate::passes::register_all();
    let plan = output::plan(&args, std::process::id());
    let Some(mut argv) = c_argv(&plan.args) else {
        eprintln!("loom-opt: an argument contains a NUL byte");
        return 1;
    };
    let argc = (argv.len() - 1) as c_int;
    // SAFETY: `argv` is what `c_argv` promises: `argc` pointers to
    // NUL-terminated strings that live until the process exits, then a null
    // pointer, as a C `main` gets; the vector outlives the call. LLVM only
    // reads the strings (its option parser copies what it keeps, the crash
    // handler keeps argv[0], which stays valid), so the `*mut` never leads to
    // a write. `extra_dialects` is a live registry borrowed for the whole
    // call; loomOptMain only copies its entries into its own registry.
    // `VERSION` is a static string; loomOptMain copies it.
    let code =
        unsafe { crate::ffi::loomOptMain(argc, argv.as_mut_ptr(), extra_dialects.to_raw(), string_ref(VERSION)) };
    output::finish(&plan.redirect, code)
}

/// The C++ `main` of a tool (`int main(int argc, char **argv)` as an
/// `extern "C"` function): loom-lsp-server's and loom-reduce's entry points
/// (cpp/lib/Tools/), which their binaries declare and link themselves.
pub type CMain = unsafe extern "C" fn(c_int, *mut *mut c_char) -> c_int;

/// Runs `entry` with `args` (`args[0]` is the program name) as its `argc`
/// and `argv` and returns its exit code; `tool` names the program in the
/// one error this reports itself (an argument C cannot carry).
///
/// # Safety
/// `entry` must treat its arguments as a C `main` may: read `argc` strings
/// from `argv` (which ends with a null pointer), keep pointers to them for
/// as long as it likes, and never write through them.
pub unsafe fn run_c_main(tool: &str, args: &[OsString], entry: CMain) -> i32 {
    let Some(mut argv) = c_argv(args) else {
        eprintln!("{tool}: an argument contains a NUL byte");
        return 1;
    };
    let argc = (argv.len() - 1) as c_int;
    // SAFETY: `argv` holds `argc` pointers to NUL-terminated strings that
    // live until the process exits, then a null pointer (`c_argv`), and
    // outlives the call; by this function's contract `entry` only reads them
    // as a C `main` would.
    unsafe { entry(argc, argv.as_mut_ptr()) }
}

/// `args` as a C `main` receives them: a pointer to a NUL-terminated copy of
/// each argument, then a null pointer; None when an argument contains a NUL
/// byte. The copies are leaked: MLIR's tool mains hand argv[0] to LLVM's
/// crash handler (InitLLVM), which keeps it for the rest of the process to
/// symbolize a stack trace, so they must never be freed. The pointers are
/// `*mut` only because C's `main` takes `char **`.
fn c_argv(args: &[OsString]) -> Option<Vec<*mut c_char>> {
    let owned: Vec<CString> = args.iter().map(|a| CString::new(a.as_bytes())).collect::<Result<_, _>>().ok()?;
    let owned: &'static [CString] = owned.leak();
    let mut argv: Vec<*mut c_char> = owned.iter().map(|c| c.as_ptr() as *mut c_char).collect();
    argv.push(std::ptr::null_mut());
    Some(argv)
}
