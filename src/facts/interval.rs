//! [`Interval`]: an inclusive range of integers read in one order, the one
//! interval type of the facts analyses (the arithmetic core's counter
//! ranges, each order of a value's [`Range`](super::ranges::Range), loop
//! records). The report's `[lo, hi]` pairs are its serialized form.
//!
//! Values are mathematical integers (`i128` holds every 64-bit reading in
//! either order, and the core's `lb + N·step`); which order they are read in
//! is the holder's business. `lo > hi` means empty.

/// The integers `lo..=hi`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Interval {
    /// Smallest value.
    pub lo: i128,
    /// Largest value.
    pub hi: i128,
}

impl Interval {
    /// `lo..=hi` (empty when `lo > hi`).
    #[inline(always)]
    pub const fn new(lo: i128, hi: i128) -> Interval {
        Interval { lo, hi }
    }

    /// The one value `v`.
    #[inline(always)]
    pub const fn point(v: i128) -> Interval {
        Interval { lo: v, hi: v }
    }

    /// The smallest interval holding both `a` and `b`.
    #[inline(always)]
    pub fn spanning(a: i128, b: i128) -> Interval {
        if a <= b {
            Interval { lo: a, hi: b }
        } else {
            Interval { lo: b, hi: a }
        }
    }

    /// True when `lo <= value <= hi`.
    #[must_use]
    #[inline(always)]
    pub fn contains(self, value: i128) -> bool {
        self.lo <= value && value <= self.hi
    }

    pub fn is_empty(self) -> bool {
        self.lo > self.hi
    }

    /// The values in both (empty when they do not overlap).
    pub fn intersect(self, other: Interval) -> Interval {
        Interval { lo: self.lo.max(other.lo), hi: self.hi.min(other.hi) }
    }

    /// The interval shifted by `d` (mathematically: no wrap here).
    pub fn shifted(self, d: i128) -> Interval {
        Interval { lo: self.lo + d, hi: self.hi + d }
    }

    /// The serialized form, `[lo, hi]`.
    pub fn pair(self) -> [i128; 2] {
        [self.lo, self.hi]
    }
}

/// `[lo, hi]`, as reports print ranges.
impl std::fmt::Display for Interval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}, {}]", self.lo, self.hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spanning_orders_its_ends() {
        assert_eq!(Interval::spanning(5, -2), Interval::new(-2, 5));
        assert_eq!(Interval::spanning(-2, 5), Interval::new(-2, 5));
        assert!(Interval::new(1, 0).is_empty());
        assert!(Interval::point(3).contains(3) && !Interval::point(3).contains(4));
        assert_eq!(Interval::new(0, 3).shifted(-1).pair(), [-1, 2]);
        assert_eq!(Interval::new(-1, 2).to_string(), "[-1, 2]");
    }
}
