//! Emitting MLIR diagnostics (errors and remarks) from Rust.

use melior::ir::Location;

use crate::ffi;
use crate::strings::string_ref;

/// Diagnostic severity, as MLIR's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Remark,
}

/// Emits `message` at `location` through the context's diagnostic engine
/// (so `--verify-diagnostics` and diagnostic handlers see it).
pub fn emit(location: Location, severity: Severity, message: &str) {
    let severity = match severity {
        Severity::Error => ffi::LoomSeverity_LoomSeverityError,
        Severity::Remark => ffi::LoomSeverity_LoomSeverityRemark,
    };
    let text = string_ref(message);
    // SAFETY: a melior `Location` is a valid location of a live context (it
    // is uniqued there); `text` borrows `message`, which outlives the call,
    // and the C side copies the text into the diagnostic, which it reports
    // before returning.
    unsafe { ffi::loomEmitDiagnostic(location.to_raw(), severity, text) }
}

/// The kind of a structured remark (MLIR 22's `mlir::remark::passed`,
/// `missed`, `analysis`; the C API also has `failed`, which no loom pass
/// emits).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RemarkKind {
    Passed,
    Missed,
    Analysis,
}

/// Whether the context of `location` has MLIR's remark engine (installed by
/// `--remark-format`/`--remarks-filter*` in loom-opt and mlir-opt). Without
/// it [`emit_remark`] does nothing: callers check first and skip building
/// the arguments.
pub fn remarks_enabled(location: Location) -> bool {
    // SAFETY: a melior `Location` is a valid location of a live context; the
    // context handle is only passed on to the C side for the call.
    unsafe {
        let context = mlir_sys::mlirLocationGetContext(location.to_raw());
        ffi::loomRemarksEnabled(context)
    }
}

/// Emits a structured remark through the context's remark engine: `pass`
/// is its pass (category; what `--remarks-filter*` match), `name` its name,
/// `function` the enclosing function (may be empty), `args` its key/value
/// arguments in order. A no-op when there is no engine or its filters do
/// not select the remark.
pub fn emit_remark(
    location: Location,
    kind: RemarkKind,
    pass: &str,
    name: &str,
    function: &str,
    args: &[(&str, String)],
) {
    let kind = match kind {
        RemarkKind::Passed => ffi::LoomRemarkKind_LoomRemarkPassed,
        RemarkKind::Missed => ffi::LoomRemarkKind_LoomRemarkMissed,
        RemarkKind::Analysis => ffi::LoomRemarkKind_LoomRemarkAnalysis,
    };
    let raw: Vec<ffi::LoomRemarkArg> =
        args.iter().map(|(key, value)| ffi::LoomRemarkArg { key: string_ref(key), value: string_ref(value) }).collect();
    // SAFETY: a melior `Location` is a valid location of a live context;
    // every string ref borrows a `&str` (`pass`, `name`, `function`, the
    // keys and values of `args`) that outlives the call, `raw` holds
    // `raw.len()` initialized elements and lives until after the call, and
    // the C side copies what it keeps and reports the remark before
    // returning.
    unsafe {
        ffi::loomEmitRemark(
            location.to_raw(),
            kind,
            string_ref(pass),
            string_ref(name),
            string_ref(function),
            raw.as_ptr(),
            raw.len() as isize,
        )
    }
}
