//! Registering the loom dialect with melior.

use melior::dialect::{DialectHandle, DialectRegistry};
use melior::Context;

use crate::ffi;

/// The loom dialect's handle.
pub fn handle() -> DialectHandle {
    // SAFETY: mlirGetDialectHandle__loom__ takes no arguments and returns a
    // handle to a static registration-hooks object that lives as long as the
    // program, so the `DialectHandle` never dangles.
    unsafe { DialectHandle::from_raw(ffi::mlirGetDialectHandle__loom__()) }
}

/// Inserts the loom dialect into `registry`.
pub fn insert(registry: &DialectRegistry) {
    handle().insert_dialect(registry);
}

/// Makes the loom dialect (and every upstream dialect) available in
/// `context`, without loading them: parsing loads what it meets, but ops
/// built in Rust with result type inference need their dialect loaded
/// first (see [`register_and_load_all`], or [`crate::context`]).
pub fn register_all(context: &Context) {
    let registry = DialectRegistry::new();
    melior::utility::register_all_dialects(&registry);
    insert(&registry);
    context.append_dialect_registry(&registry);
}

/// [`register_all`], then loads every registered dialect, so that building
/// any op (with result type inference too) finds its dialect.
pub fn register_and_load_all(context: &Context) {
    register_all(context);
    context.load_all_available_dialects();
}
