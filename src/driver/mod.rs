//! The loom-opt driver: mlir-opt's command line with loom inside.

pub mod output;

use std::ffi::{CString, OsString};
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
    let owned: Vec<CString> = match plan.args.iter().map(|a| CString::new(a.as_bytes())).collect::<Result<_, _>>() {
        Ok(v) => v,
        Err(_) => {
            eprintln!("loom-opt: an argument contains a NUL byte");
            return 1;
        }
    };
    // MlirOptMain's InitLLVM hands argv[0] to LLVM's crash handler, which
    // keeps it for the rest of the process (to symbolize a stack trace), so
    // the strings must never be freed: leak them.
    let owned: &'static [CString] = owned.leak();
    let mut argv: Vec<*mut std::os::raw::c_char> = owned.iter().map(|c| c.as_ptr() as *mut _).collect();
    argv.push(std::ptr::null_mut());
    // SAFETY: `argv` holds `owned.len()` pointers to NUL-terminated strings
    // followed by a null pointer, as a C `main` gets; it outlives the call,
    // and the strings live until the process exits (leaked above). LLVM
    // only reads them: its option parser copies what it keeps, and the crash
    // handler's argv[0] stays valid, so the `*mut` cast never leads to a
    // write. `extra_dialects` is a live registry borrowed for the whole
    // call; loomOptMain only copies its entries into its own registry.
    // `VERSION` is a static string; loomOptMain copies it.
    let code = unsafe {
        crate::ffi::loomOptMain(owned.len() as i32, argv.as_mut_ptr(), extra_dialects.to_raw(), string_ref(VERSION))
    };
    output::finish(&plan.redirect, code)
}
