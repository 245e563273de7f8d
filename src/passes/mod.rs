//! loom's passes written in Rust, one module per pass, and their registration.
//!
//! C++ passes (the lowerings) live in `cpp/lib/Passes/` and are registered
//! by `loomRegisterPasses`; [`register_all`] registers both kinds.

mod facts_common;
mod fold_loop_facts;
mod foreign;
mod loop_depth;
mod loop_facts;
mod report;
mod verify_bounds;

use foreign::PassSpec;

/// Every pass implemented in Rust.
pub(crate) static RUST_PASSES: &[&PassSpec] =
    &[&loop_depth::SPEC, &loop_facts::SPEC, &report::SPEC, &verify_bounds::SPEC, &fold_loop_facts::SPEC];

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

/// The Rust pass named `argument`, to add to a melior `PassManager`.
pub fn create(argument: &str) -> Option<melior::pass::Pass> {
    RUST_PASSES.iter().find(|spec| spec.argument == argument).map(|spec| foreign::create(spec))
}
