//! loom: token-addressed early exits and proven loop facts for MLIR 22.
//!
//! - `tablegen/` and `cpp/` define the `loom` dialect, its interfaces and the
//!   C++ passes (lowerings); they build into a native library linked here.
//! - [`passes`] holds the passes written in Rust and registers them by name.
//! - [`dialect`] registers loom into a melior `DialectRegistry`/`Context`.
//! - [`facts`] holds the loop-facts analyses, and `facts::ir` the IR queries
//!   melior lacks (loop likeness and depth, loom exits, predicates).
//! - [`strings`] converts strings to and from MLIR's C API.

pub mod analysis;
pub mod capi;
pub mod diagnostics;
pub mod dialect;
pub mod driver;
pub mod facts;
pub mod ffi;
pub mod passes;
pub mod strings;

pub use melior;
