//! Linear forms over atoms and the inequalities the prover reasons with.
//!
//! An [`Atom`] stands for one integer quantity at the program point of a
//! query: the signed reading of an SSA value (its width's two's complement
//! value, as a mathematical integer) or the size of one memref dimension.
//! A [`Lin`] is `constant + Σ coefficient × atom` with the terms sorted by
//! atom and no zero coefficient, so equal forms compare equal. A
//! [`Constraint`] states `lin >= 0` over the unbounded integers and carries
//! the set of facts it was derived from ([`FactSet`]), so that a proof can
//! say which facts it used.

use std::fmt;

use smallvec::{smallvec, SmallVec};

/// An integer quantity at the query's program point (an index into the
/// prover's atom table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Atom(pub(crate) u32);

/// The facts (by number, below [`FactSet::CAPACITY`]) a constraint follows
/// from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct FactSet(u128);

impl FactSet {
    pub(crate) const CAPACITY: usize = 128;
    pub(crate) fn single(fact: usize) -> FactSet {
        debug_assert!(fact < Self::CAPACITY);
        FactSet(1u128 << fact)
    }
    pub(crate) fn union(self, other: FactSet) -> FactSet {
        FactSet(self.0 | other.0)
    }
    pub(crate) fn intersects(self, other: FactSet) -> bool {
        self.0 & other.0 != 0
    }
    /// The facts in the set, in increasing order (one step per fact).
    pub(crate) fn facts(self) -> impl Iterator<Item = usize> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            (rest != 0).then(|| {
                let fact = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                fact
            })
        })
    }
}

/// The terms of a linear form, sorted by atom: inline up to three (the
/// forms of loop bounds, sizes and accesses have two or three; the prover
/// builds, copies and drops thousands per query, so their size counts).
pub(crate) type Terms = SmallVec<[(Atom, i128); 3]>;

/// `constant + Σ coefficient × atom`.
#[derive(Debug, PartialEq, Eq, Hash)]
pub(crate) struct Lin {
    pub(crate) constant: i128,
    /// Sorted by atom; no zero coefficient.
    pub(crate) terms: Terms,
}

impl Clone for Lin {
    /// A plain copy of the terms (the derived clone copies them one by one
    /// through an iterator: the prover clones forms in its inner loops).
    fn clone(&self) -> Lin {
        Lin { constant: self.constant, terms: Terms::from_slice(&self.terms) }
    }
}

/// Coefficients and constants beyond this make a form unusable (the
/// arithmetic below then cannot overflow i128).
const LIMIT: i128 = 1 << 80;

impl Lin {
    pub(crate) fn constant(c: i128) -> Lin {
        Lin { constant: c, terms: Terms::new() }
    }
    pub(crate) fn atom(a: Atom) -> Lin {
        Lin { constant: 0, terms: smallvec![(a, 1)] }
    }
    pub(crate) fn coefficient(&self, a: Atom) -> i128 {
        self.terms.binary_search_by_key(&a, |t| t.0).map_or(0, |i| self.terms[i].1)
    }
    /// `self + k × other`, None if a number grows past the limit.
    pub(crate) fn add_scaled(&self, other: &Lin, k: i128) -> Option<Lin> {
        // The prover calls this for every form it states, shifts, negates
        // or combines: the shapes without a merge (a constant added, a form
        // scaled) are the common ones and are done first.
        let scale = |c: i128| match k {
            1 => Some(c),
            -1 => c.checked_neg(),
            _ => c.checked_mul(k),
        };
        let constant = self.constant.checked_add(scale(other.constant)?)?;
        if constant.abs() > LIMIT {
            return None;
        }
        if other.terms.is_empty() || k == 0 {
            return Some(Lin { constant, terms: Terms::from_slice(&self.terms) });
        }
        if self.terms.is_empty() {
            let mut terms = Terms::new();
            for &(atom, d) in &other.terms {
                // d ≠ 0 and k ≠ 0: the product is not 0.
                let c = scale(d).filter(|c| c.abs() <= LIMIT)?;
                terms.push((atom, c));
            }
            return Some(Lin { constant, terms });
        }
        // Grown as needed: sized for both inputs up front, the terms would
        // leave the inline storage whenever the two have more than four
        // between them, although most sums have fewer once they cancel.
        let mut terms = Terms::new();
        let (left, right) = (&self.terms[..], &other.terms[..]);
        let (mut i, mut j) = (0, 0);
        loop {
            let (atom, c) = match (left.get(i), right.get(j)) {
                (Some(&(a, c)), Some(&(b, _))) if a < b => {
                    i += 1;
                    (a, c)
                }
                (Some(&(a, _)), Some(&(b, d))) if b < a => {
                    j += 1;
                    (b, scale(d)?)
                }
                (Some(&(a, c)), Some(&(_, d))) => {
                    i += 1;
                    j += 1;
                    (a, c.checked_add(scale(d)?)?)
                }
                (Some(&(a, c)), None) => {
                    i += 1;
                    (a, c)
                }
                (None, Some(&(b, d))) => {
                    j += 1;
                    (b, scale(d)?)
                }
                (None, None) => break,
            };
            if c.abs() > LIMIT {
                return None;
            }
            if c != 0 {
                terms.push((atom, c));
            }
        }
        Some(Lin { constant, terms })
    }
    pub(crate) fn plus(&self, other: &Lin) -> Option<Lin> {
        self.add_scaled(other, 1)
    }
    pub(crate) fn minus(&self, other: &Lin) -> Option<Lin> {
        self.add_scaled(other, -1)
    }
    pub(crate) fn scaled(&self, k: i128) -> Option<Lin> {
        Lin::constant(0).add_scaled(self, k)
    }
    pub(crate) fn shifted(&self, c: i128) -> Option<Lin> {
        self.plus(&Lin::constant(c))
    }
    /// Whether the terms of `self` are those of `-other` (the constants
    /// aside).
    pub(crate) fn opposes(&self, other: &Lin) -> bool {
        self.terms.len() == other.terms.len()
            && self.terms.iter().zip(&other.terms).all(|(x, y)| x.0 == y.0 && x.1 == -y.1)
    }
}

/// `lin >= 0`, derived from `why`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Constraint {
    pub(crate) lin: Lin,
    pub(crate) why: FactSet,
}

impl Constraint {
    /// The same set of integer points with the coefficients divided by
    /// their gcd and the constant rounded down (`2x - 3 >= 0` is `x - 2 >=
    /// 0` over the integers): this tightening is what makes the rational
    /// elimination prove integer facts such as `x < y ⇒ x + 1 <= y`.
    pub(crate) fn normalized(mut self) -> Constraint {
        // A coefficient ±1 (most constraints have one) makes the gcd 1.
        if self.lin.terms.iter().any(|t| t.1.abs() == 1) {
            return self;
        }
        let g = self.lin.terms.iter().fold(0i128, |g, t| gcd(g, t.1.abs()));
        if g > 1 {
            for t in &mut self.lin.terms {
                t.1 /= g;
            }
            self.lin.constant = self.lin.constant.div_euclid(g);
        }
        self
    }
    /// No atom and a negative constant: no point satisfies it.
    pub(crate) fn is_contradiction(&self) -> bool {
        self.lin.terms.is_empty() && self.lin.constant < 0
    }
}

pub(crate) fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lin(c: i128, terms: &[(u32, i128)]) -> Lin {
        Lin { constant: c, terms: terms.iter().map(|&(a, k)| (Atom(a), k)).collect() }
    }

    #[test]
    fn sums_stay_sorted_and_drop_zeros() {
        let a = lin(1, &[(0, 2), (3, 1)]);
        let b = lin(-4, &[(1, 5), (3, -1)]);
        assert_eq!(a.plus(&b), Some(lin(-3, &[(0, 2), (1, 5)])));
        assert_eq!(a.minus(&a), Some(Lin::constant(0)));
        assert_eq!(b.scaled(-2), Some(lin(8, &[(1, -10), (3, 2)])));
        assert_eq!(a.coefficient(Atom(3)), 1);
        assert_eq!(a.coefficient(Atom(2)), 0);
        assert_eq!(lin(0, &[(0, 1 << 79)]).scaled(4), None);
    }

    /// `add_scaled` against a plain reference (a map of coefficients) on
    /// every combination of small forms and scales, limits included.
    #[test]
    fn sums_agree_with_a_reference() {
        let reference = |a: &Lin, b: &Lin, k: i128| -> Option<Lin> {
            let mut m = std::collections::BTreeMap::new();
            for &(x, c) in &a.terms {
                *m.entry(x).or_insert(0i128) += c;
            }
            for &(x, c) in &b.terms {
                *m.entry(x).or_insert(0i128) += c.checked_mul(k)?;
            }
            let constant = a.constant.checked_add(b.constant.checked_mul(k)?)?;
            if constant.abs() > LIMIT || m.values().any(|c| c.abs() > LIMIT) {
                return None;
            }
            Some(Lin { constant, terms: m.into_iter().filter(|&(_, c)| c != 0).collect() })
        };
        let big = LIMIT - 1;
        let forms: Vec<Lin> = vec![
            Lin::constant(0),
            Lin::constant(3),
            Lin::constant(big),
            lin(1, &[(0, 1)]),
            lin(-2, &[(1, -1)]),
            lin(0, &[(0, 2), (2, -1)]),
            lin(5, &[(0, -2), (1, 1), (2, 1)]),
            lin(0, &[(1, big)]),
            lin(-big, &[(0, 1), (3, -big)]),
        ];
        for a in &forms {
            for b in &forms {
                for k in [-3, -1, 0, 1, 2, big] {
                    assert_eq!(a.add_scaled(b, k), reference(a, b, k), "{a:?} + {k} × {b:?}");
                }
            }
        }
    }

    #[test]
    fn fact_sets_list_their_facts_in_order() {
        let set = [0, 5, 64, 127].into_iter().fold(FactSet::default(), |s, f| s.union(FactSet::single(f)));
        assert_eq!(set.facts().collect::<Vec<_>>(), vec![0, 5, 64, 127]);
        assert_eq!(FactSet::default().facts().count(), 0);
    }

    #[test]
    fn normalizing_rounds_the_constant_down() {
        let c = Constraint { lin: lin(-3, &[(0, 2), (1, -4)]), why: FactSet::default() }.normalized();
        assert_eq!(c.lin, lin(-2, &[(0, 1), (1, -2)]));
        let c = Constraint { lin: lin(3, &[(0, 2)]), why: FactSet::default() }.normalized();
        assert_eq!(c.lin, lin(1, &[(0, 1)]));
        assert!(Constraint { lin: Lin::constant(-1), why: FactSet::default() }.is_contradiction());
    }
}
