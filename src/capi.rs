//! The parts of loom's C API implemented in Rust (declared in
//! cpp/include/loom-c/Loom.h): registering every pass, creating any loom
//! pass by name, and running the loop-facts analysis to get the report as a
//! string.

use std::ffi::{c_char, CString};

use mlir_sys::{MlirLogicalResult, MlirOperation, MlirPass, MlirStringRef};

use crate::analysis::{Computed, Options};
use crate::facts::ir::Op;
use crate::ffi;
use crate::strings::string_from_ref;

/// Registers every loom pass, C++ and Rust, by name (idempotent).
#[no_mangle]
pub extern "C" fn loomRegisterAllPasses() {
    crate::passes::register_all();
}

/// The loom pass named `argument` with its default options, or a null pass
/// for any other name (declared in loom-c/Loom.h).
///
/// # Safety
/// `argument` must point to `argument.length` readable bytes (or be null
/// with length 0).
#[no_mangle]
pub unsafe extern "C" fn loomCreatePass(argument: MlirStringRef) -> MlirPass {
    // SAFETY: by this function's contract `argument` is readable for the
    // call; string_from_ref copies it.
    let argument = unsafe { string_from_ref(argument) };
    match crate::passes::create(&argument) {
        Some(pass) => pass.to_raw(),
        None => MlirPass { ptr: std::ptr::null_mut() },
    }
}

/// Runs the loop-facts analysis on `op` and writes the report in `format`
/// (or, on failure, a message saying why) to `*result` as a NUL-terminated
/// string to free with `loomFreeString`. Fails for a null op, a bit width
/// outside 0 (meaning 64) and 1..=64, an unknown format, or an internal
/// error (a panic in the analysis), never silently.
///
/// # Safety
/// `op` must be null or a live operation, and no other thread may use the
/// IR it belongs to during the call (the analysis reads `op`, what it
/// holds and its ancestors, and may refresh blocks' cached op order).
/// `result` must be null or valid for one pointer write.
#[no_mangle]
pub unsafe extern "C" fn loomAnalyzeReport(
    op: MlirOperation,
    index_bitwidth: u32,
    format: ffi::LoomReportFormat,
    result: *mut *mut c_char,
) -> MlirLogicalResult {
    // SAFETY: the same contract as this function's.
    unsafe {
        loomAnalyzeReportWithOptions(
            op,
            ffi::LoomAnalysisOptions { indexBitwidth: index_bitwidth, ..defaults() },
            format,
            result,
        )
    }
}

fn defaults() -> ffi::LoomAnalysisOptions {
    let d = Options::default();
    ffi::LoomAnalysisOptions {
        indexBitwidth: d.index_bitwidth,
        assumeBufferBytesBelowHalfAddressSpace: d.assume_buffer_bytes_below_half_address_space,
        assumeBufferDimsBelowHalfAddressSpace: d.assume_buffer_dims_below_half_address_space,
    }
}

/// The default analysis options (`loom::analysis::Options::default()`).
#[no_mangle]
pub extern "C" fn loomAnalysisOptionsGetDefault() -> ffi::LoomAnalysisOptions {
    defaults()
}

/// [`loomAnalyzeReport`] with every analysis option.
///
/// # Safety
/// As for [`loomAnalyzeReport`].
#[no_mangle]
pub unsafe extern "C" fn loomAnalyzeReportWithOptions(
    op: MlirOperation,
    options: ffi::LoomAnalysisOptions,
    format: ffi::LoomReportFormat,
    result: *mut *mut c_char,
) -> MlirLogicalResult {
    if result.is_null() {
        return FAILURE;
    }
    let outcome = analyze_report(op, options, format);
    let (status, text) = match outcome {
        Ok(report) => (SUCCESS, report),
        Err(message) => (FAILURE, message),
    };
    // Interior NULs cannot occur in the JSON or text report (control
    // characters are escaped or absent); a message with one is cut there.
    let text = CString::new(text).unwrap_or_else(|e| {
        let end = e.nul_position();
        CString::new(&e.into_vec()[..end]).unwrap_or_default()
    });
    // SAFETY: `result` is non-null (checked above) and, by this function's
    // contract, valid for one pointer write.
    unsafe { *result = text.into_raw() };
    status
}

const SUCCESS: MlirLogicalResult = MlirLogicalResult { value: 1 };
const FAILURE: MlirLogicalResult = MlirLogicalResult { value: 0 };

/// The report of `op` in `format`, or why there is none.
fn analyze_report(
    op: MlirOperation,
    options: ffi::LoomAnalysisOptions,
    format: ffi::LoomReportFormat,
) -> Result<String, String> {
    let index_bitwidth = options.indexBitwidth;
    if op.ptr.is_null() {
        return Err("loomAnalyzeReport: the operation is null".into());
    }
    let index_bitwidth = match index_bitwidth {
        0 => 64,
        1..=64 => index_bitwidth,
        other => return Err(format!("loomAnalyzeReport: indexBitwidth is {other}; expected 0 (64) or 1 to 64")),
    };
    let text = match format {
        ffi::LoomReportFormat_LoomReportFormatJson => false,
        ffi::LoomReportFormat_LoomReportFormatText => true,
        other => return Err(format!("loomAnalyzeReport: unknown report format {other}")),
    };
    let options = Options {
        index_bitwidth,
        assume_buffer_bytes_below_half_address_space: options.assumeBufferBytesBelowHalfAddressSpace,
        assume_buffer_dims_below_half_address_space: options.assumeBufferDimsBelowHalfAddressSpace,
    };
    std::panic::catch_unwind(|| {
        // SAFETY: `op` is non-null (checked above) and, by loomAnalyzeReport's
        // contract (loom-c/Facts.h), a live operation the caller does not
        // change during this call; the handle and everything reached from it
        // are dropped before the call returns (the result is an owned string).
        let root = unsafe { Op::from_raw(op) };
        let computed = Computed::run(root, &options);
        if text {
            computed.text()
        } else {
            computed.report().to_json()
        }
    })
    .map_err(|panic| {
        let what = panic
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "unknown panic".into());
        format!("loomAnalyzeReport: internal error: {what}")
    })
}

/// Frees a string returned by loom's C API.
///
/// # Safety
/// `s` must be null or a pointer `loomAnalyzeReport` wrote that has
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
