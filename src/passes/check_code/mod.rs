//! Code that checks at run time: what `loom-check-claims` inserts to check
//! each claim, and what function versioning (`loom-fold-loop-facts`)
//! inserts to evaluate a function's condition at entry.
//!
//! - [`emit`]: typed builders of `arith`/`memref`/`cf` ops, computing in
//!   `i128` so that sums and products of a few 64-bit values cannot wrap;
//! - [`eval`]: the facts' expressions (`%argN`, `dim(%argN, K)`, values
//!   that dominate the point) evaluated with those builders, with the bound
//!   that keeps them below 2^125.

pub(super) mod emit;
pub(super) mod eval;
