//! Rust passes as first-class MLIR passes.
//!
//! A [`PassSpec`] describes a pass written in Rust: its pipeline name, the op
//! it is anchored on, its options and its `run` function. [`register`] hands
//! it to the C++ `ForeignPass` shim (cpp/lib/CAPI/ForeignPass.cpp), which
//! registers it by name, so it works in `--pass-pipeline`, as a flag, in
//! `--help`, in `mlirParsePassPipeline` and in the plugin, and parses its
//! options like a C++ pass.
//!
//! Invariants: `run` may be called on several threads at once (MLIR runs a
//! pass on sibling ops in parallel), so passes keep no mutable global state;
//! a panic inside `run` is caught and turned into an error diagnostic plus a
//! pass failure, never an abort.

use std::collections::BTreeMap;
use std::ffi::c_void;
use std::panic::{catch_unwind, AssertUnwindSafe};

use melior::ir::operation::OperationLike;
use melior::ir::operation::OperationRefMut;
use melior::ir::Location;
use mlir_sys::{MlirOperation, MlirStringRef};

use crate::diagnostics::{emit, Severity};
use crate::ffi;
use crate::strings::{string_from_ref, string_ref};

/// A pass option: `name=value` in a pipeline, `--pass-name-name=value` never
/// (options are only given inside `{}` as for C++ passes).
pub struct PassOption {
    pub name: &'static str,
    pub description: &'static str,
    pub default: &'static str,
}

/// The textual option values a pass run receives, by option name.
pub struct Options {
    values: BTreeMap<&'static str, String>,
}

impl Options {
    /// The raw value of `name` (its default when not given).
    pub fn get(&self, name: &str) -> &str {
        self.values.get(name).map(String::as_str).unwrap_or("")
    }

    /// A boolean option (`true`/`false`/`1`/`0`); an error message otherwise.
    pub fn flag(&self, name: &str) -> Result<bool, String> {
        match self.get(name) {
            "true" | "1" => Ok(true),
            "false" | "0" | "" => Ok(false),
            other => Err(format!("option '{name}' expects true or false, got '{other}'")),
        }
    }

    /// An option whose value must be one of `choices`.
    pub fn choice<'s>(&'s self, name: &str, choices: &[&str]) -> Result<&'s str, String> {
        let value = self.get(name);
        if choices.contains(&value) {
            Ok(value)
        } else {
            Err(format!("option '{name}' expects one of {}, got '{value}'", choices.join(", ")))
        }
    }

    /// An unsigned integer option.
    pub fn unsigned(&self, name: &str) -> Result<u32, String> {
        let value = self.get(name);
        value.parse::<u32>().map_err(|_| format!("option '{name}' expects an unsigned integer, got '{value}'"))
    }

    #[cfg(test)]
    pub fn from_pairs(pairs: &[(&'static str, &str)]) -> Self {
        Options { values: pairs.iter().map(|(k, v)| (*k, v.to_string())).collect() }
    }
}

/// Why a pass run failed. The message becomes an error diagnostic at the
/// anchor op unless the pass already emitted its own diagnostics.
pub enum PassFailure {
    /// The pass emitted its diagnostics itself.
    Reported,
    /// Report this message at the op the pass ran on.
    Message(String),
}

impl From<String> for PassFailure {
    fn from(message: String) -> Self {
        PassFailure::Message(message)
    }
}

/// Signature of a Rust pass body. The pass owns its anchor op (and what it
/// holds) for the duration of the run, as a C++ pass does, so it gets a
/// mutable reference.
pub type RunFn = for<'c, 'a> fn(OperationRefMut<'c, 'a>, &Options) -> Result<(), PassFailure>;

/// A pass written in Rust.
pub struct PassSpec {
    /// Name in pipelines (`builtin.module(func.func(<argument>))`).
    pub argument: &'static str,
    pub description: &'static str,
    /// Op name the pass is anchored on, or "" for any op.
    pub op_name: &'static str,
    pub options: &'static [PassOption],
    pub run: RunFn,
}

/// Called by the C++ `ForeignPass` for each op it runs on.
///
/// # Safety
/// `user_data` is the `&'static PassSpec` given at registration, `op` is the
/// pass's live anchor op, and `values` points to `num_values` string refs
/// (the option values, in the order of `spec.options`) that stay valid for
/// the call (cpp/lib/CAPI/ForeignPass.cpp).
unsafe extern "C" fn run_trampoline(
    user_data: *mut c_void,
    op: MlirOperation,
    values: *const MlirStringRef,
    num_values: isize,
) -> bool {
    // SAFETY: user_data is the `&'static PassSpec` `with_info` put in the
    // pass info; statics are never freed.
    let spec: &'static PassSpec = unsafe { &*(user_data as *const PassSpec) };
    let mut options = Options { values: BTreeMap::new() };
    for (index, option) in spec.options.iter().enumerate() {
        if (index as isize) < num_values {
            // SAFETY: index < num_values, and the shim passes `num_values`
            // valid string refs (so reading the ref at `index` is in bounds),
            // each pointing to its bytes in the pass's option storage, which
            // outlives this call (as `string_from_ref` requires).
            let value = unsafe { string_from_ref(*values.add(index)) };
            options.values.insert(option.name, value);
        }
    }
    // SAFETY: MLIR hands the pass its anchor op, live and exclusively the
    // pass's for the duration of this call; `operation` does not escape it
    // (the lifetimes of OperationRefMut are bound to this call's `run`).
    let operation = unsafe { OperationRefMut::from_raw(op) };
    let location: Location = operation.location();
    let outcome = catch_unwind(AssertUnwindSafe(|| (spec.run)(operation, &options)));
    match outcome {
        Ok(Ok(())) => true,
        Ok(Err(PassFailure::Reported)) => false,
        Ok(Err(PassFailure::Message(message))) => {
            emit(location, Severity::Error, &format!("{}: {message}", spec.argument));
            false
        }
        Err(panic) => {
            let what = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown panic".into());
            emit(location, Severity::Error, &format!("internal error in pass '{}': {what}", spec.argument));
            false
        }
    }
}

/// Builds the C description of `spec` and hands it to `consume` (the C side
/// copies everything it keeps).
fn with_info<R>(spec: &'static PassSpec, consume: impl FnOnce(&ffi::LoomForeignPassInfo) -> R) -> R {
    let names: Vec<MlirStringRef> = spec.options.iter().map(|o| string_ref(o.name)).collect();
    let descriptions: Vec<MlirStringRef> = spec.options.iter().map(|o| string_ref(o.description)).collect();
    let defaults: Vec<MlirStringRef> = spec.options.iter().map(|o| string_ref(o.default)).collect();
    let info = ffi::LoomForeignPassInfo {
        argument: string_ref(spec.argument),
        description: string_ref(spec.description),
        opName: string_ref(spec.op_name),
        optionNames: names.as_ptr(),
        optionDescriptions: descriptions.as_ptr(),
        optionDefaults: defaults.as_ptr(),
        numOptions: spec.options.len() as isize,
        run: Some(run_trampoline),
        userData: spec as *const PassSpec as *mut c_void,
    };
    consume(&info)
}

/// Registers `spec` by name in MLIR's global pass registry.
pub fn register(spec: &'static PassSpec) {
    // SAFETY: the info and the arrays it points to live until the call
    // returns; the C++ side copies them.
    with_info(spec, |info| unsafe { ffi::loomRegisterForeignPass(info) });
}

/// Creates a pass object for `spec` (to add to a melior PassManager).
pub fn create(spec: &'static PassSpec) -> melior::pass::Pass {
    // SAFETY: as in `register`; the returned MlirPass is owned by the caller.
    with_info(spec, |info| unsafe { melior::pass::Pass::from_raw(ffi::loomCreateForeignPass(info)) })
}
