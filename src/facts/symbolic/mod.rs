//! Symbolic loop facts: counts and counter ranges of loops whose bounds are
//! function arguments and buffer sizes (`for i in 0..len(a)`).
//!
//! - `expr`: the expressions facts are stated in (the report's grammar);
//! - `counts`: the pure core: symbolic counts and ranges with the no-wrap
//!   proof over the symbols' ranges, checked exhaustively against
//!   `trip_count`;
//! - `symbols`: IR values → expressions over arguments and `memref.dim`s,
//!   with the symbols' ranges (and whether the buffer-size assumption was
//!   needed for them).

pub(crate) mod counts;
pub(crate) mod expr;
pub(crate) mod symbols;
