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
use mlir_sys::{mlirLocationUnknownGet, mlirOperationGetContext, MlirOperation, MlirStringRef};

use crate::diagnostics::{emit, Severity};
use crate::ffi;
use crate::strings::{string_from_ref, string_ref};

/// What values a [`PassOption`] takes. The C++ shim declares the option with
/// the matching C++ type (`bool`, a `cl::values` enum, `unsigned`, a
/// non-empty `std::string`), so MLIR's pipeline parser rejects a bad value
/// when the pipeline is parsed, and `--help` shows the type, choices and
/// default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `true`/`false` (also `1`/`0`, or the bare name for true).
    Flag,
    /// One of these names.
    Choice(&'static [&'static str]),
    /// An unsigned integer in `min..=max`.
    Unsigned { min: u32, max: u32 },
    /// A file name, or `-` for standard output: any string but the empty
    /// one (rejected when the pipeline is parsed).
    File,
}

/// A pass option: `name=value` in a pipeline, `--pass-name-name=value` never
/// (options are only given inside `{}` as for C++ passes).
pub struct PassOption {
    pub name: &'static str,
    pub description: &'static str,
    /// The value when not given; must be accepted by `kind`.
    pub default: &'static str,
    pub kind: OptionKind,
}

/// The option values a pass run receives, by option name, as text. The
/// pipeline parser has already checked each against its [`OptionKind`], and
/// the shim passes them in canonical form (`true`/`false`, decimal
/// integers), so the accessors below cannot fail on a registered pass.
pub struct Options {
    values: BTreeMap<&'static str, String>,
}

impl Options {
    /// The raw value of `name` (its default when not given).
    pub fn get(&self, name: &str) -> &str {
        self.values.get(name).map(String::as_str).unwrap_or("")
    }

    /// A [`OptionKind::Flag`] option.
    pub fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), "true" | "1")
    }

    /// A [`OptionKind::Choice`] option: one of its declared names.
    pub fn choice(&self, name: &str) -> &str {
        self.get(name)
    }

    /// A [`OptionKind::Unsigned`] option, within its declared range.
    ///
    /// # Panics
    /// If the value is not an unsigned integer, which the pipeline parser
    /// rules out (a panic in `run` becomes an internal-error diagnostic).
    pub fn unsigned(&self, name: &str) -> u32 {
        let value = self.get(name);
        value.parse::<u32>().unwrap_or_else(|_| panic!("option '{name}' has the unchecked value '{value}'"))
    }

    #[cfg(test)]
    pub fn from_pairs(pairs: &[(&'static str, &str)]) -> Self {
        Options { values: pairs.iter().map(|(k, v)| (*k, v.to_string())).collect() }
    }
}

/// Why a pass run failed. The message becomes an error diagnostic unless the
/// pass already emitted its own diagnostics.
pub enum PassFailure {
    /// The pass emitted its diagnostics itself.
    Reported,
    /// Report this message at the op the pass ran on.
    Message(String),
    /// Report this message without a location: the failure is not about the
    /// IR (a report file that cannot be written), and the anchor op's
    /// location would point at it (an implicit module's is `file:0:0`).
    Unlocated(String),
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
    /// The pass never changes the IR (it analyses and reports): a
    /// successful run tells MLIR that all analyses are preserved, as a C++
    /// analysis pass does, and MLIR then does not verify the IR again.
    pub preserves_ir: bool,
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
        Ok(Err(PassFailure::Unlocated(message))) => {
            // SAFETY: `op` is the pass's live anchor op (see above), so its
            // context is live; an unknown location is uniqued in that context
            // and lives as long as it, beyond this use.
            let unknown = unsafe { Location::from_raw(mlirLocationUnknownGet(mlirOperationGetContext(op))) };
            emit(unknown, Severity::Error, &format!("{}: {message}", spec.argument));
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
    // The choice arrays the option descriptions point into; each inner Vec's
    // buffer stays put while `options` is in use.
    let choices: Vec<Vec<MlirStringRef>> = spec
        .options
        .iter()
        .map(|o| match o.kind {
            OptionKind::Choice(names) => names.iter().map(|n| string_ref(n)).collect(),
            _ => Vec::new(),
        })
        .collect();
    let options: Vec<ffi::LoomForeignPassOption> = spec
        .options
        .iter()
        .zip(&choices)
        .map(|(o, names)| {
            let (kind, min, max) = match o.kind {
                OptionKind::Flag => (ffi::LoomForeignOptionKind_LoomForeignOptionFlag, 0, 0),
                OptionKind::Choice(_) => (ffi::LoomForeignOptionKind_LoomForeignOptionChoice, 0, 0),
                OptionKind::Unsigned { min, max } => (ffi::LoomForeignOptionKind_LoomForeignOptionUnsigned, min, max),
                OptionKind::File => (ffi::LoomForeignOptionKind_LoomForeignOptionFile, 0, 0),
            };
            ffi::LoomForeignPassOption {
                name: string_ref(o.name),
                description: string_ref(o.description),
                defaultValue: string_ref(o.default),
                kind,
                choices: names.as_ptr(),
                numChoices: names.len() as isize,
                min,
                max,
            }
        })
        .collect();
    let info = ffi::LoomForeignPassInfo {
        argument: string_ref(spec.argument),
        description: string_ref(spec.description),
        opName: string_ref(spec.op_name),
        options: options.as_ptr(),
        numOptions: options.len() as isize,
        run: Some(run_trampoline),
        userData: spec as *const PassSpec as *mut c_void,
        preservesIR: spec.preserves_ir,
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

#[cfg(test)]
mod tests {
    use super::*;

    // The pipeline parser checks values against the kind at run time (C++
    // side); this Rust reading of the same rules checks the declared defaults.
    impl OptionKind {
        /// Whether `value` is a value of this kind, in the canonical form the
        /// pass receives.
        fn accepts(&self, value: &str) -> bool {
            match *self {
                OptionKind::Flag => matches!(value, "true" | "false"),
                OptionKind::Choice(choices) => choices.contains(&value),
                OptionKind::Unsigned { min, max } => value.parse::<u32>().is_ok_and(|v| (min..=max).contains(&v)),
                OptionKind::File => !value.is_empty(),
            }
        }
    }

    #[test]
    fn every_default_is_a_value_of_its_kind() {
        for spec in crate::passes::RUST_PASSES {
            for option in spec.options {
                assert!(
                    option.kind.accepts(option.default),
                    "{}: default '{}' of option '{}' is not a {:?}",
                    spec.argument,
                    option.default,
                    option.name,
                    option.kind
                );
            }
        }
    }

    #[test]
    fn kinds_accept_their_canonical_values_only() {
        assert!(OptionKind::Flag.accepts("true") && OptionKind::Flag.accepts("false"));
        assert!(!OptionKind::Flag.accepts("maybe"));
        assert!(OptionKind::Choice(&["a", "b"]).accepts("b"));
        assert!(!OptionKind::Choice(&["a", "b"]).accepts("c"));
        let width = OptionKind::Unsigned { min: 1, max: 64 };
        assert!(width.accepts("1") && width.accepts("64"));
        assert!(!width.accepts("0") && !width.accepts("65") && !width.accepts("-1") && !width.accepts("x"));
        assert!(OptionKind::File.accepts("-") && OptionKind::File.accepts("report.json"));
        assert!(!OptionKind::File.accepts(""));
    }

    #[test]
    fn accessors_read_canonical_values() {
        let options = Options::from_pairs(&[("f", "true"), ("g", "false"), ("c", "text"), ("n", "32")]);
        assert!(options.flag("f"));
        assert!(!options.flag("g"));
        assert_eq!(options.choice("c"), "text");
        assert_eq!(options.unsigned("n"), 32);
    }
}
