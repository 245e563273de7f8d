//! Emitting MLIR diagnostics (errors, warnings, remarks) from Rust.

use melior::ir::Location;
use mlir_sys::MlirStringRef;

use crate::ffi;

/// Diagnostic severity, as MLIR's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
    Remark,
}

/// Emits `message` at `location` through the context's diagnostic engine
/// (so `--verify-diagnostics` and diagnostic handlers see it).
pub fn emit(location: Location, severity: Severity, message: &str) {
    let severity = match severity {
        Severity::Error => ffi::LoomSeverity_LoomSeverityError,
        Severity::Warning => ffi::LoomSeverity_LoomSeverityWarning,
        Severity::Remark => ffi::LoomSeverity_LoomSeverityRemark,
    };
    let text = MlirStringRef { data: message.as_ptr() as *const _, length: message.len() };
    // SAFETY: the location is live (borrowed from a live context) and the
    // message outlives the call.
    unsafe { ffi::loomEmitDiagnostic(location.to_raw(), severity, text) }
}
