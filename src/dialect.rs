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

/// Makes the loom dialect (and every upstream dialect) available in `context`.
pub fn register_all(context: &Context) {
    let registry = DialectRegistry::new();
    melior::utility::register_all_dialects(&registry);
    insert(&registry);
    context.append_dialect_registry(&registry);
}
