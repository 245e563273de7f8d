//! loom's passes written in Rust, one module per pass, and their registration.
//!
//! C++ passes (the lowerings) live in `cpp/lib/Passes/` and are registered
//! by `loomRegisterPasses`; [`register_all`] registers both kinds by name.
//! [`create`] makes any of them as a pass object (every name in
//! [`arguments`]); the lowerings also have typed constructors
//! ([`lower_to_scf`], [`lower_to_cf`], [`lower_to_llvm`],
//! [`lower_to_fixed_bound`]), and so do the
//! pre-bufferization pass ([`carry_captured_tensors`]), the slot promotion
//! ([`promote_slots`]) and constant propagation across exits ([`sccp`]).

mod check_claims;
mod check_code;
mod facts_common;
mod fold_loop_facts;
mod foreign;
mod loop_depth;
mod loop_facts;
mod prove_max_trips;
mod report;
mod verify_bounds;

use std::ffi::c_void;

use foreign::PassSpec;
use melior::pass::Pass;

use crate::ffi;
use crate::strings::{append_to_string, string_ref};

/// Every pass implemented in Rust.
pub(crate) static RUST_PASSES: &[&PassSpec] = &[
    &loop_depth::SPEC,
    &loop_facts::SPEC,
    &report::SPEC,
    &verify_bounds::SPEC,
    &fold_loop_facts::SPEC,
    &check_claims::SPEC,
    &prove_max_trips::SPEC,
];

/// Registers loom's C++ and Rust passes in MLIR's global registry
/// (idempotent), so they can be named in pipelines.
pub fn register_all() {
    // SAFETY: loomRegisterPasses takes no arguments and registers once,
    // behind a C++ function-local static (whose initialization is
    // thread-safe), so calls of it from any threads do not race with each
    // other. (As with every MLIR registration, nothing else may write the
    // global pass registry on another thread at the same time.)
    unsafe { crate::ffi::loomRegisterPasses() };
    register_rust();
}

/// Registers loom's Rust passes only (idempotent); the plugin's C++ side
/// registers the C++ passes itself. Public only for `plugin/` (a separate
/// crate); not part of the documented API.
#[doc(hidden)]
pub fn register_rust() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        for spec in RUST_PASSES {
            foreign::register(spec);
        }
    });
}

/// The arguments of loom's C++ passes (cpp/lib/Passes/, tablegen/LoomPasses.td).
const CPP_PASSES: &[&str] = &[
    "loom-lower-to-cf",
    "loom-lower-to-scf",
    "loom-lower-to-fixed-bound",
    "loom-lower-to-llvm",
    "loom-carry-captured-tensors",
    "loom-promote-slots",
    "loom-sccp",
];

/// Every loom pass's argument (its name in pipelines), C++ and Rust: the
/// `--loom-...` passes `loom-opt --help` lists. [`create`] makes each of
/// them.
pub fn arguments() -> Vec<&'static str> {
    CPP_PASSES.iter().copied().chain(RUST_PASSES.iter().map(|spec| spec.argument)).collect()
}

/// The loom pass named `argument` (one of [`arguments`]), C++ or Rust, with
/// its default options, to add to a melior `PassManager`; `None` for any
/// other name.
///
/// ```
/// let context = loom::context();
/// let pm = loom::melior::pass::PassManager::new(&context);
/// pm.add_pass(loom::passes::create("loom-lower-to-scf").expect("a loom pass"));
/// assert!(loom::passes::create("loom-lower-to-nowhere").is_none());
/// ```
pub fn create(argument: &str) -> Option<Pass> {
    match argument {
        "loom-lower-to-cf" => Some(lower_to_cf(AssumeRange::Drop)),
        "loom-lower-to-scf" => Some(lower_to_scf(AssumeRange::Drop)),
        "loom-lower-to-fixed-bound" => Some(lower_to_fixed_bound(AssumeRange::Drop)),
        "loom-lower-to-llvm" => Some(lower_to_llvm(AssumeRange::Drop)),
        "loom-carry-captured-tensors" => Some(carry_captured_tensors()),
        "loom-promote-slots" => Some(promote_slots()),
        "loom-sccp" => Some(sccp()),
        _ => RUST_PASSES.iter().find(|spec| spec.argument == argument).map(|spec| foreign::create(spec)),
    }
}

/// The loom pass named `argument` with `options` written as inside its `{}`
/// in a pipeline (`"format=text output=-"`); options not named keep their
/// defaults. Values are checked as when a pipeline is parsed (and, as
/// then, LLVM's option parser also prints a bad value's error to standard
/// error).
///
/// ```
/// let pass = loom::passes::create_with_options("loom-report", "format=text output=-");
/// assert!(pass.is_ok());
/// let error = loom::passes::create_with_options("loom-report", "format=xml").err().unwrap();
/// assert!(error.to_string().contains("loom-report"));
/// ```
pub fn create_with_options(argument: &str, options: &str) -> Result<Pass, Error> {
    let pass = create(argument).ok_or_else(|| Error(format!("no loom pass is named '{argument}'")))?;
    let mut message = String::new();
    // SAFETY: `pass` is a live pass object we own (not yet in a pass
    // manager); the options ref borrows `options`, alive for the call, and
    // the callback gets `&mut message` as its user data, which outlives the
    // call and is used by nothing else during it.
    let result = unsafe {
        ffi::loomPassSetOptions(
            pass.to_raw(),
            string_ref(options),
            Some(append_to_string),
            &mut message as *mut String as *mut c_void,
        )
    };
    if result.value == 0 {
        // SAFETY: the pass is ours and is dropped here, never used again.
        unsafe { ffi::loomPassDestroy(pass.to_raw()) };
        return Err(Error(message));
    }
    Ok(pass)
}

/// A pass that could not be created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(String);

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Error {}

/// What the lowerings do with `loom.assume_range` (their `assume-range`
/// option).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AssumeRange {
    /// Replace it with its input: the range is trusted (`drop`, the default).
    #[default]
    Drop,
    /// First insert a `cf.assert` that aborts when the value is outside the
    /// range (`check`).
    Check,
}

impl AssumeRange {
    fn to_raw(self) -> ffi::LoomAssumeRange {
        match self {
            AssumeRange::Drop => ffi::LoomAssumeRange_LoomAssumeRangeDrop,
            AssumeRange::Check => ffi::LoomAssumeRange_LoomAssumeRangeCheck,
        }
    }
}

/// `loom-lower-to-scf{assume-range=...}`: loom ops to `scf`/`arith`/`ub`.
pub fn lower_to_scf(assume_range: AssumeRange) -> Pass {
    // SAFETY: the C function takes a valid LoomAssumeRange (to_raw gives
    // one) and returns a new, non-null pass that the caller owns.
    unsafe { Pass::from_raw(ffi::loomCreateLowerToSCFPass(assume_range.to_raw())) }
}

/// `loom-lower-to-fixed-bound{assume-range=...}`: every loom loop to an
/// `scf.for` with a constant trip count that carries a done flag, for
/// targets that cannot run a loop whose exit depends on data (see
/// docs/lowering.md). It runs the Rust pass `loom-prove-max-trips` first,
/// so it registers loom's Rust passes.
pub fn lower_to_fixed_bound(assume_range: AssumeRange) -> Pass {
    register_rust();
    // SAFETY: as in `lower_to_scf`.
    unsafe { Pass::from_raw(ffi::loomCreateLowerToFixedBoundPass(assume_range.to_raw())) }
}

/// `loom-lower-to-cf{assume-range=...}`: loom ops to `cf` branches.
pub fn lower_to_cf(assume_range: AssumeRange) -> Pass {
    // SAFETY: as in `lower_to_scf`.
    unsafe { Pass::from_raw(ffi::loomCreateLowerToCFPass(assume_range.to_raw())) }
}

/// `loom-lower-to-llvm{assume-range=...}`: `loom-lower-to-cf`, then the
/// upstream conversions to the LLVM dialect, on a `builtin.module`; the
/// result runs in melior's `ExecutionEngine`.
pub fn lower_to_llvm(assume_range: AssumeRange) -> Pass {
    // SAFETY: as in `lower_to_scf`.
    unsafe { Pass::from_raw(ffi::loomCreateLowerToLLVMPass(assume_range.to_raw())) }
}

/// `loom-carry-captured-tensors`: tensors a loom loop captures and writes
/// become iteration arguments (run before `one-shot-bufferize`).
pub fn carry_captured_tensors() -> Pass {
    // SAFETY: the C function takes nothing and returns a new, non-null pass
    // that the caller owns.
    unsafe { Pass::from_raw(ffi::loomCreateCarryCapturedTensorsPass()) }
}

/// `loom-promote-slots`: scalar stack slots (one-element `memref.alloca`s
/// that do not escape) become SSA values through scf, `memref.alloca_scope`
/// and loom regions (run first on front-end output that keeps locals in
/// slots, see docs/front-ends.md).
pub fn promote_slots() -> Pass {
    // SAFETY: the C function takes nothing and returns a new, non-null pass
    // that the caller owns.
    unsafe { Pass::from_raw(ffi::loomCreatePromoteSlotsPass()) }
}

/// `loom-sccp`: constant propagation and integer-range folding that join
/// the values loom's breaks, continues and yields carry (run where `sccp` or
/// `int-range-optimizations` would run).
pub fn sccp() -> Pass {
    // SAFETY: the C function takes nothing and returns a new, non-null pass
    // that the caller owns.
    unsafe { Pass::from_raw(ffi::loomCreateSCCPPass()) }
}
