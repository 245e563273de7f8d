//! The assumptions about the analysed program that a claim may rest on.
//!
//! Each is an analysis option (on by default, listed by name on every claim
//! that used it: loops, accesses, `loom.facts`, remarks), never a silent
//! premise. A set of them is [`Assumptions`]: what the options allow, what
//! a fact rests on, and what a claim lists are all such sets, joined with
//! `|` as facts combine.
//!
//! - [`Assumptions::BUFFER_BYTES`]: every buffer holds fewer than half the
//!   address space's bytes (`2^(w-1)` at index width `w`). A dimension of a
//!   buffer whose other dimensions are non-empty static sizes is then below
//!   `SMAX / element bytes`.
//! - [`Assumptions::BUFFER_DIMS`]: every dimension of a buffer, times its
//!   element bytes, is below half the address space. The byte assumption
//!   gives that only when the other dimensions are non-empty: an empty
//!   `memref<0x?xf32>` may have any size in its dynamic dimension. This
//!   one bounds each dimension of a multi-dimensional dynamic buffer on its
//!   own, as a program that never makes an empty buffer with a huge other
//!   dimension may assume.

use std::ops::{BitOr, BitOrAssign};

/// A set of assumptions (see the module doc).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Assumptions(u8);

impl Assumptions {
    pub const NONE: Assumptions = Assumptions(0);
    pub const BUFFER_BYTES: Assumptions = Assumptions(1);
    pub const BUFFER_DIMS: Assumptions = Assumptions(2);
    /// Every assumption (a conservative answer when a fact's origin is not
    /// traced to the end).
    pub const ALL: Assumptions = Assumptions(3);

    /// The set of the options that are on.
    pub fn allowed(buffer_bytes: bool, buffer_dims: bool) -> Assumptions {
        let pick = |on: bool, a: Assumptions| if on { a } else { Assumptions::NONE };
        pick(buffer_bytes, Assumptions::BUFFER_BYTES) | pick(buffer_dims, Assumptions::BUFFER_DIMS)
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every assumption of `other` is in the set.
    pub fn contains(self, other: Assumptions) -> bool {
        self.0 & other.0 == other.0
    }

    /// The assumptions of both sets.
    pub fn intersect(self, other: Assumptions) -> Assumptions {
        Assumptions(self.0 & other.0)
    }

    /// The report names of the set's assumptions, in a fixed order.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        [(Assumptions::BUFFER_BYTES, BUFFER_BYTES_NAME), (Assumptions::BUFFER_DIMS, BUFFER_DIMS_NAME)]
            .into_iter()
            .filter(move |(a, _)| self.contains(*a))
            .map(|(_, name)| name)
    }

    /// Adds the set's names to `list` (a claim's list), each once.
    pub fn add_to(self, list: &mut Vec<&'static str>) {
        for name in self.names() {
            if !list.contains(&name) {
                list.push(name);
            }
        }
    }
}

/// The report name of [`Assumptions::BUFFER_BYTES`].
pub const BUFFER_BYTES_NAME: &str = "buffer-bytes-below-half-address-space";
/// The report name of [`Assumptions::BUFFER_DIMS`].
pub const BUFFER_DIMS_NAME: &str = "buffer-dims-below-half-address-space";

impl BitOr for Assumptions {
    type Output = Assumptions;
    fn bitor(self, other: Assumptions) -> Assumptions {
        Assumptions(self.0 | other.0)
    }
}

impl BitOrAssign for Assumptions {
    fn bitor_assign(&mut self, other: Assumptions) {
        self.0 |= other.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_order_and_once() {
        let mut list = vec![BUFFER_DIMS_NAME];
        Assumptions::ALL.add_to(&mut list);
        assert_eq!(list, vec![BUFFER_DIMS_NAME, BUFFER_BYTES_NAME]);
        assert_eq!(Assumptions::ALL.names().collect::<Vec<_>>(), vec![BUFFER_BYTES_NAME, BUFFER_DIMS_NAME]);
        assert!(Assumptions::NONE.names().next().is_none());
        assert_eq!(Assumptions::allowed(true, false), Assumptions::BUFFER_BYTES);
        assert!(Assumptions::ALL.contains(Assumptions::BUFFER_DIMS));
        assert!(!Assumptions::BUFFER_BYTES.contains(Assumptions::BUFFER_DIMS));
    }
}
