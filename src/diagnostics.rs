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
