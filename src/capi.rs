//! The parts of loom's C API implemented in Rust (declared in
//! cpp/include/loom-c/Loom.h): registering every pass and running the
//! loop-facts analysis to get the report as a string.

use std::ffi::{c_char, CString};

use mlir_sys::MlirOperation;

use crate::analysis::{Computed, Options};
use crate::facts::ir::Op;

/// Registers every loom pass, C++ and Rust, by name (idempotent).
#[no_mangle]
pub extern "C" fn loomRegisterAllPasses() {
    crate::passes::register_all();
}

/// Runs the loop-facts analysis on `op` and returns the report as a
/// NUL-terminated string (`format`: 0 JSON, 1 text), or null when `op` is
/// null (or the analysis failed). Free it with `loomFreeString`.
///
/// # Safety
/// `op` must be null or a live operation, and no other thread may use the
/// IR it belongs to during the call (the analysis reads `op`, what it
/// holds and its ancestors, and may refresh blocks' cached op order).
#[no_mangle]
pub unsafe extern "C" fn loomAnalyzeReport(op: MlirOperation, index_bitwidth: u32, format: i32) -> *mut c_char {
    if op.ptr.is_null() {
        return std::ptr::null_mut();
    }
    // The `Op` handle is used only during this call, on the live operation
    // the caller lends us (see `facts::ir`); the result is an owned string.
    let options = Options { index_bitwidth: if index_bitwidth == 0 { 64 } else { index_bitwidth } };
    let outcome = std::panic::catch_unwind(|| {
        let computed = Computed::run(Op(op), &options);
        if format == 1 {
            computed.text()
        } else {
            computed.report().to_json()
        }
    });
    match outcome.ok().and_then(|text| CString::new(text).ok()) {
        Some(s) => s.into_raw(),
        None => std::ptr::null_mut(),
    }
}

/// Frees a string returned by loom's C API.
///
/// # Safety
/// `s` must be null or a pointer returned by `loomAnalyzeReport` that has
/// not been freed yet (each is freed once).
#[no_mangle]
pub unsafe extern "C" fn loomFreeString(s: *mut c_char) {
    if !s.is_null() {
        // SAFETY: by this function's contract `s` came from
        // `CString::into_raw` in `loomAnalyzeReport` and was not freed yet,
        // so rebuilding the `CString` takes back its (unchanged) allocation
        // and dropping it frees it once.
        drop(unsafe { CString::from_raw(s) });
    }
}
