//! Parsing MLIR text with a source name, so that locations, diagnostics and
//! loom's reports name the file (`search.mlir:5:8`, not `-:5:8`).

use std::cell::RefCell;
use std::fmt;
use std::path::Path;

use melior::diagnostic::{Diagnostic, DiagnosticSeverity};
use melior::ir::{Location, Module};
use melior::Context;

use crate::ffi;
use crate::strings::{append_to_string, string_ref};

/// Why a module could not be parsed: the parser's diagnostics, each as
/// `name:line:col: error: message` (and its notes), or why the file could
/// not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// One line per diagnostic or note, in the order they were emitted.
    pub messages: Vec<String>,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.messages.join("\n"))
    }
}

impl std::error::Error for ParseError {}

/// Parses `source` as a module whose buffer is named `source_name` (ops
/// outside an explicit `module` are wrapped in one, as melior's
/// `Module::parse` does). On failure the parser's diagnostics are returned
/// (not printed).
///
/// ```
/// let context = loom::context();
/// let module = loom::parse_module(&context, "func.func @f() { return }", "f.mlir").unwrap();
/// let report = loom::analysis::analyze(&module, &Default::default());
/// assert!(report.loops.is_empty());
/// let error = loom::parse_module(&context, "func.func @f() {", "bad.mlir").unwrap_err();
/// assert!(error.to_string().starts_with("bad.mlir:1:"), "{error}");
/// ```
pub fn parse_module<'c>(context: &'c Context, source: &str, source_name: &str) -> Result<Module<'c>, ParseError> {
    let messages = RefCell::new(Vec::new());
    let handler = context.attach_diagnostic_handler(|diagnostic| {
        collect(&diagnostic, &mut messages.borrow_mut());
        true
    });
    // SAFETY: a melior `Context` is live; the refs borrow `source` and
    // `source_name`, which outlive the call (the parser copies what it
    // keeps). The result is a new module owned by the caller, or null.
    let raw = unsafe { ffi::loomParseModule(context.to_raw(), string_ref(source), string_ref(source_name)) };
    context.detach_diagnostic_handler(handler);
    // SAFETY: `raw` is null or a module the caller now owns, living in
    // `context` (hence the lifetime).
    match unsafe { Module::from_option_raw(raw) } {
        Some(module) => Ok(module),
        None => {
            let mut messages = messages.into_inner();
            if messages.is_empty() {
                messages.push(format!("{source_name}: cannot parse the module"));
            }
            Err(ParseError { messages })
        }
    }
}

/// Reads and parses the file at `path`, named by `path` as given.
pub fn parse_file<'c>(context: &'c Context, path: impl AsRef<Path>) -> Result<Module<'c>, ParseError> {
    let path = path.as_ref();
    let source = std::fs::read_to_string(path)
        .map_err(|e| ParseError { messages: vec![format!("cannot read {}: {e}", path.display())] })?;
    parse_module(context, &source, &path.to_string_lossy())
}

/// Appends `diagnostic` and its notes as `name:line:col: severity: message`.
fn collect(diagnostic: &Diagnostic, into: &mut Vec<String>) {
    let severity = match diagnostic.severity() {
        DiagnosticSeverity::Error => "error",
        DiagnosticSeverity::Warning => "warning",
        DiagnosticSeverity::Note => "note",
        DiagnosticSeverity::Remark => "remark",
    };
    into.push(format!("{}: {severity}: {diagnostic}", location_text(diagnostic.location())));
    for index in 0..diagnostic.note_count() {
        if let Ok(note) = diagnostic.note(index) {
            collect(&note, into);
        }
    }
}

/// `file:line:col` of the first file location inside `location`.
fn location_text(location: Location) -> String {
    let mut text = String::new();
    // SAFETY: the location is live (its diagnostic is being handled); the
    // callback gets `&mut text` as user data, used by nothing else during
    // the call, and copies each chunk it is given.
    unsafe {
        ffi::loomFactsPrintLocation(
            location.to_raw(),
            Some(append_to_string),
            &mut text as *mut String as *mut std::ffi::c_void,
        )
    };
    text
}
