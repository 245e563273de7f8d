//! The loom-opt driver: mlir-opt's command line with loom inside.

pub mod output;

use std::ffi::{CString, OsString};
use std::os::unix::ffi::OsStrExt;

/// Runs loom-opt with `args` (`args[0]` is the program name) and returns the
/// process exit code.
pub fn main(args: Vec<OsString>) -> i32 {
    crate::passes::register_all();
    let plan = output::plan(&args, std::process::id());
    let owned: Vec<CString> = match plan
        .args
        .iter()
        .map(|a| CString::new(a.as_bytes()))
        .collect::<Result<_, _>>()
    {
        Ok(v) => v,
        Err(_) => {
            eprintln!("loom-opt: an argument contains a NUL byte");
            return 1;
        }
    };
    let mut argv: Vec<*mut std::os::raw::c_char> = owned.iter().map(|c| c.as_ptr() as *mut _).collect();
    argv.push(std::ptr::null_mut());
    // SAFETY: argv is a NUL-terminated array of valid C strings that outlive
    // the call; MlirOptMain does not keep them.
    let code = unsafe { crate::ffi::loomOptMain(owned.len() as i32, argv.as_mut_ptr()) };
    output::finish(&plan.redirect, code)
}
