//! Symbolic expressions: the values of symbolic loop facts.
//!
//! An [`Expr`] is built from integer constants and [`Leaf`] symbols
//! (function arguments and dimensions of argument buffers) with `+`, `-`,
//! `*`, `ceildiv` by a positive constant, `max` and `min`, evaluated in unbounded integers.
//! Its printed form is the report's expression grammar (schema version 2):
//! literals, `%argN`, `dim(%argN, K)`, the operators above (`*` and the
//! divisions bind tighter than `+`/`-`, all left-associative), `max(a, b)`,
//! `min(a, b)`, parentheses.
//!
//! The constructors simplify as they build: linear parts are kept in a
//! normal form (a constant plus integer multiples of distinct terms, so
//! `(%arg1 + 8) - %arg1` is `8`), and `max`/`min`/divisions fold when the
//! [`Env`]'s leaf ranges decide them (`max(0, dim(%arg0, 0))` is
//! `dim(%arg0, 0)`). Simplification never changes the value for leaf values
//! inside the environment's ranges; [`Expr::eval`] is the reference.
//!
//! Invariant: every constant is far inside `i128` (the facts handle values of
//! at most 64 bits and counts of at most 2^64; coefficients are products of
//! a few such values at most), so the arithmetic here uses checked operations
//! and gives up on a term (an error, never a wrong value) if one would
//! overflow.

use std::collections::BTreeMap;
use std::fmt;
use std::rc::Rc;

use crate::facts::interval::Interval;

/// A symbol an expression may contain.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Leaf {
    /// Argument `n` of the enclosing function, read in the expression's
    /// order.
    Arg(u32),
    /// Size of dimension `k` of the memref that is argument `n`.
    Dim(u32, u64),
    /// A value that does not change while the loop runs but that the
    /// report's grammar cannot name: an enclosing loop's counter or
    /// iteration argument, a loaded value. `id` tells such values apart;
    /// `what` describes it (shared: each reading of the value names it
    /// alike). An expression with one is shown in text reports and
    /// attributes only.
    Opaque { id: usize, what: Rc<str> },
}

/// A symbolic integer expression (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Expr {
    /// `constant + Σ coefficient · term`, terms sorted and distinct (a
    /// sorted vector: expressions are small, and many are kept per loop),
    /// leaves, coefficients non-zero.
    Linear { constant: i128, terms: Vec<(Term, i128)> },
}

/// A term of a linear form: a leaf, or a non-linear operation. Operands
/// are shared (`Rc`): expressions never change once built, and the facts
/// of a loop reuse one another's subexpressions (`max(0, n - lb) + 1`).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Term {
    Leaf(Leaf),
    /// A product of two non-constant expressions (nest totals).
    Mul(Rc<Expr>, Rc<Expr>),
    CeilDiv(Rc<Expr>, i128),
    Max(Rc<Expr>, Rc<Expr>),
    Min(Rc<Expr>, Rc<Expr>),
}

/// Ranges of the leaves (values the leaves can take where the expression
/// is used), for simplification and for [`Expr::range`].
#[derive(Clone, Debug, Default)]
pub struct Env {
    ranges: BTreeMap<Leaf, Interval>,
}

impl Env {
    pub fn new() -> Env {
        Env::default()
    }
    /// Declares that `leaf` lies in `range`.
    pub fn set(&mut self, leaf: Leaf, range: Interval) {
        self.ranges.insert(leaf, range);
    }
    /// Declares that `leaf` lies in `range` too (within what was known).
    pub fn narrow(&mut self, leaf: &Leaf, range: Interval) {
        let known = self.range_of(leaf).map_or(range, |r| r.intersect(range));
        self.ranges.insert(leaf.clone(), known);
    }
    pub fn range_of(&self, leaf: &Leaf) -> Option<Interval> {
        self.ranges.get(leaf).copied()
    }
}

fn interval_add(a: Interval, b: Interval) -> Option<Interval> {
    Some(Interval::new(a.lo.checked_add(b.lo)?, a.hi.checked_add(b.hi)?))
}

fn interval_scale(a: Interval, k: i128) -> Option<Interval> {
    // Most coefficients are ±1, and a 128-bit multiplication is a library
    // call.
    let (x, y) = match k {
        1 => (a.lo, a.hi),
        -1 => (a.lo.checked_neg()?, a.hi.checked_neg()?),
        _ => (a.lo.checked_mul(k)?, a.hi.checked_mul(k)?),
    };
    Some(Interval::spanning(x, y))
}

impl Expr {
    pub fn constant(c: i128) -> Expr {
        Expr::Linear { constant: c, terms: Vec::new() }
    }

    pub fn leaf(leaf: Leaf) -> Expr {
        Expr::term(Term::Leaf(leaf))
    }

    fn term(t: Term) -> Expr {
        Expr::Linear { constant: 0, terms: vec![(t, 1)] }
    }

    fn parts(&self) -> (i128, &[(Term, i128)]) {
        let Expr::Linear { constant, terms } = self;
        (*constant, terms)
    }

    /// The constant and the (term, coefficient) pairs of the linear form
    /// the expression is (for readers that emit it as code).
    pub fn linear_parts(&self) -> (i128, &[(Term, i128)]) {
        self.parts()
    }

    /// The value, when the expression is a constant.
    pub fn as_constant(&self) -> Option<i128> {
        let (c, terms) = self.parts();
        terms.is_empty().then_some(c)
    }

    /// The leaf the expression is, if it is exactly one leaf.
    pub fn as_single_leaf(&self) -> Option<&Leaf> {
        let (c, terms) = self.parts();
        match (c, terms) {
            (0, [(Term::Leaf(l), 1)]) => Some(l),
            _ => None,
        }
    }

    /// Whether the expression contains an [`Leaf::Opaque`] leaf.
    pub fn has_opaque(&self) -> bool {
        let (_, terms) = self.parts();
        terms.iter().any(|(t, _)| match t {
            Term::Leaf(l) => matches!(l, Leaf::Opaque { .. }),
            Term::Mul(a, b) | Term::Max(a, b) | Term::Min(a, b) => a.has_opaque() || b.has_opaque(),
            Term::CeilDiv(a, _) => a.has_opaque(),
        })
    }

    /// `self + k · other`, or None if a coefficient would overflow.
    fn add_scaled(&self, other: &Expr, k: i128) -> Option<Expr> {
        let (c1, t1) = self.parts();
        let (c2, t2) = other.parts();
        // (A 128-bit multiplication is a library call: most are by ±1.)
        let scale = |c: i128| match k {
            1 => Some(c),
            -1 => c.checked_neg(),
            _ => c.checked_mul(k),
        };
        let constant = c1.checked_add(scale(c2)?)?;
        // Merge the two sorted term lists.
        let mut terms = Vec::with_capacity(t1.len() + t2.len());
        let (mut i, mut j) = (0, 0);
        while i < t1.len() || j < t2.len() {
            let order = match (t1.get(i), t2.get(j)) {
                (Some((a, _)), Some((b, _))) => a.cmp(b),
                (Some(_), None) => std::cmp::Ordering::Less,
                _ => std::cmp::Ordering::Greater,
            };
            let (t, coefficient) = match order {
                std::cmp::Ordering::Less => {
                    i += 1;
                    (&t1[i - 1].0, t1[i - 1].1)
                }
                std::cmp::Ordering::Greater => {
                    j += 1;
                    (&t2[j - 1].0, scale(t2[j - 1].1)?)
                }
                std::cmp::Ordering::Equal => {
                    i += 1;
                    j += 1;
                    (&t1[i - 1].0, t1[i - 1].1.checked_add(scale(t2[j - 1].1)?)?)
                }
            };
            if coefficient != 0 {
                terms.push((t.clone(), coefficient));
            }
        }
        Some(Expr::Linear { constant, terms })
    }

    pub fn add(&self, other: &Expr) -> Option<Expr> {
        self.add_scaled(other, 1)
    }
    pub fn sub(&self, other: &Expr) -> Option<Expr> {
        self.add_scaled(other, -1)
    }
    pub fn add_const(&self, c: i128) -> Option<Expr> {
        self.add(&Expr::constant(c))
    }
    /// `k · self`.
    pub fn scale(&self, k: i128) -> Option<Expr> {
        Expr::constant(0).add_scaled(self, k)
    }
    /// `self · other`: scales when either side is a constant, else a
    /// product term.
    pub fn mul(&self, other: &Expr) -> Option<Expr> {
        if let Some(k) = other.as_constant() {
            return self.scale(k);
        }
        if let Some(k) = self.as_constant() {
            return other.scale(k);
        }
        let (a, b) = if self <= other { (self, other) } else { (other, self) };
        Some(Expr::term(Term::Mul(Rc::new(a.clone()), Rc::new(b.clone()))))
    }

    /// `self ceildiv d` (`d > 0`), splitting off multiples of `d`.
    pub fn ceildiv(&self, d: i128, env: &Env) -> Option<Expr> {
        assert!(d > 0, "ceildiv by {d}");
        if d == 1 {
            return Some(self.clone());
        }
        let (c, terms) = self.parts();
        let round = |x: i128| ceil_div(x, d);
        if terms.is_empty() {
            return Some(Expr::constant(round(c)));
        }
        // Σ (k_i·d)·t_i + c divided by d is Σ k_i·t_i + round(c / d).
        if terms.iter().all(|(_, k)| k % d == 0) {
            let scaled: Vec<(Term, i128)> = terms.iter().map(|(t, k)| (t.clone(), k / d)).collect();
            return Some(Expr::Linear { constant: round(c), terms: scaled });
        }
        // A range that stays within one quotient folds to a constant.
        if let Some(r) = self.range(env) {
            if round(r.lo) == round(r.hi) {
                return Some(Expr::constant(round(r.lo)));
            }
        }
        Some(Expr::term(Term::CeilDiv(Rc::new(self.clone()), d)))
    }

    /// `max(self, other)`, folded when the ranges order the two.
    pub fn maximum(&self, other: &Expr, env: &Env) -> Option<Expr> {
        self.extremum(other, true, env)
    }
    /// `min(self, other)`, folded when the ranges order the two.
    pub fn minimum(&self, other: &Expr, env: &Env) -> Option<Expr> {
        self.extremum(other, false, env)
    }

    fn extremum(&self, other: &Expr, max: bool, env: &Env) -> Option<Expr> {
        if self == other {
            return Some(self.clone());
        }
        // Decide by the range of the difference: linear parts cancel there.
        if let Some(r) = self.sub(other)?.range(env) {
            if r.lo >= 0 {
                return Some(if max { self.clone() } else { other.clone() });
            }
            if r.hi <= 0 {
                return Some(if max { other.clone() } else { self.clone() });
            }
        }
        // Canonical order; a constant side first (`max(0, x)`).
        let key = |e: &Expr| e.as_constant().is_none();
        let (a, b) = if (key(self), self) <= (key(other), other) { (self, other) } else { (other, self) };
        let (a, b) = (Rc::new(a.clone()), Rc::new(b.clone()));
        Some(Expr::term(if max { Term::Max(a, b) } else { Term::Min(a, b) }))
    }

    /// The values the expression takes when every leaf lies in its range
    /// (None: a leaf without a range, or an overflow).
    pub fn range(&self, env: &Env) -> Option<Interval> {
        let (c, terms) = self.parts();
        let mut acc = Interval::point(c);
        for (t, k) in terms {
            acc = interval_add(acc, interval_scale(t.range(env)?, *k)?)?;
        }
        Some(acc)
    }

    /// The value at the given leaf values (None: a leaf without a value,
    /// or an overflow).
    #[cfg(test)]
    pub fn eval(&self, value: &dyn Fn(&Leaf) -> Option<i128>) -> Option<i128> {
        let (c, terms) = self.parts();
        let mut acc = c;
        for (t, k) in terms {
            acc = acc.checked_add(t.eval(value)?.checked_mul(*k)?)?;
        }
        Some(acc)
    }
}

/// `⌈x / d⌉` for `d > 0`.
pub fn ceil_div(x: i128, d: i128) -> i128 {
    -((-x).div_euclid(d))
}

impl Term {
    fn range(&self, env: &Env) -> Option<Interval> {
        match self {
            Term::Leaf(l) => env.range_of(l),
            Term::Mul(a, b) => {
                let (x, y) = (a.range(env)?, b.range(env)?);
                let c = [
                    x.lo.checked_mul(y.lo)?,
                    x.lo.checked_mul(y.hi)?,
                    x.hi.checked_mul(y.lo)?,
                    x.hi.checked_mul(y.hi)?,
                ];
                Some(Interval::new(*c.iter().min()?, *c.iter().max()?))
            }
            Term::CeilDiv(a, d) => {
                let r = a.range(env)?;
                Some(Interval::new(ceil_div(r.lo, *d), ceil_div(r.hi, *d)))
            }
            Term::Max(a, b) => {
                let (x, y) = (a.range(env)?, b.range(env)?);
                Some(Interval::new(x.lo.max(y.lo), x.hi.max(y.hi)))
            }
            Term::Min(a, b) => {
                let (x, y) = (a.range(env)?, b.range(env)?);
                Some(Interval::new(x.lo.min(y.lo), x.hi.min(y.hi)))
            }
        }
    }

    #[cfg(test)]
    fn eval(&self, value: &dyn Fn(&Leaf) -> Option<i128>) -> Option<i128> {
        match self {
            Term::Leaf(l) => value(l),
            Term::Mul(a, b) => a.eval(value)?.checked_mul(b.eval(value)?),
            Term::CeilDiv(a, d) => Some(ceil_div(a.eval(value)?, *d)),
            Term::Max(a, b) => Some(a.eval(value)?.max(b.eval(value)?)),
            Term::Min(a, b) => Some(a.eval(value)?.min(b.eval(value)?)),
        }
    }
}

// Printing: one set of writers generic over `fmt::Write`, used by the
// `Display` impls (into a formatter) and by [`Expr::text`] (straight into
// a `String`: reports print several expressions per loop, and `to_string`
// would go through the formatter for every piece). Pieces are written with
// `write_str`, integers by `write_int`.

/// Writes `v` in decimal: the text `{v}` gives.
fn write_int(f: &mut impl fmt::Write, v: i128) -> fmt::Result {
    // 39 digits and a sign at most.
    let mut buf = [0u8; 40];
    let mut at = buf.len();
    let mut digit = |d: u8| {
        at -= 1;
        buf[at] = b'0' + d;
    };
    let magnitude = v.unsigned_abs();
    match u64::try_from(magnitude) {
        // The common case, without 128-bit divisions.
        Ok(mut m) => loop {
            digit((m % 10) as u8);
            m /= 10;
            if m == 0 {
                break;
            }
        },
        Err(_) => {
            let mut m = magnitude;
            loop {
                digit((m % 10) as u8);
                m /= 10;
                if m == 0 {
                    break;
                }
            }
        }
    }
    if v < 0 {
        at -= 1;
        buf[at] = b'-';
    }
    f.write_str(std::str::from_utf8(&buf[at..]).expect("ASCII digits"))
}

fn write_leaf(l: &Leaf, f: &mut impl fmt::Write) -> fmt::Result {
    match l {
        Leaf::Arg(n) => {
            f.write_str("%arg")?;
            write_int(f, i128::from(*n))
        }
        Leaf::Dim(n, k) => {
            f.write_str("dim(%arg")?;
            write_int(f, i128::from(*n))?;
            f.write_str(", ")?;
            write_int(f, i128::from(*k))?;
            f.write_str(")")
        }
        Leaf::Opaque { what, .. } => {
            f.write_str("<")?;
            f.write_str(what)?;
            f.write_str(">")
        }
    }
}

/// Writes `e` as an operand of `*` or `ceildiv`: parenthesized unless it
/// is a single atom.
fn write_factor(e: &Expr, f: &mut impl fmt::Write) -> fmt::Result {
    let (c, terms) = e.parts();
    let atom = match terms.len() {
        0 => c >= 0,
        1 => c == 0 && terms.iter().all(|(t, k)| *k == 1 && !matches!(t, Term::CeilDiv(..) | Term::Mul(..))),
        _ => false,
    };
    if atom {
        write_expr(e, f)
    } else {
        f.write_str("(")?;
        write_expr(e, f)?;
        f.write_str(")")
    }
}

fn write_term(t: &Term, f: &mut impl fmt::Write) -> fmt::Result {
    match t {
        Term::Leaf(l) => write_leaf(l, f),
        Term::Mul(a, b) => {
            write_factor(a, f)?;
            f.write_str(" * ")?;
            write_factor(b, f)
        }
        Term::CeilDiv(a, d) => {
            write_factor(a, f)?;
            f.write_str(" ceildiv ")?;
            write_int(f, *d)
        }
        Term::Max(a, b) | Term::Min(a, b) => {
            f.write_str(if matches!(t, Term::Max(..)) { "max(" } else { "min(" })?;
            write_expr(a, f)?;
            f.write_str(", ")?;
            write_expr(b, f)?;
            f.write_str(")")
        }
    }
}

/// Writes `k · t` without its sign: `t`, `m * t`, `m * (t)`, or `(t)` for
/// a product subtracted once (`a - (b * c)`).
fn write_scaled_term(t: &Term, k: i128, f: &mut impl fmt::Write) -> fmt::Result {
    let m = k.abs();
    let parenthesized = match (m, t) {
        (1, Term::Mul(..)) => k < 0,
        (1, _) | (_, Term::Leaf(_) | Term::Max(..) | Term::Min(..)) => false,
        _ => true,
    };
    if m != 1 {
        write_int(f, m)?;
        f.write_str(" * ")?;
    }
    if parenthesized {
        f.write_str("(")?;
        write_term(t, f)?;
        f.write_str(")")
    } else {
        write_term(t, f)
    }
}

/// Terms with positive coefficients first (in term order), then the
/// constant, then the negative ones: `dim(%arg0, 0) - %arg1`, `%arg1 + 1`,
/// `7 - %arg0`.
fn write_expr(e: &Expr, f: &mut impl fmt::Write) -> fmt::Result {
    let (c, terms) = e.parts();
    let mut first = true;
    for (t, k) in terms.iter().filter(|(_, k)| *k > 0) {
        if !first {
            f.write_str(" + ")?;
        }
        write_scaled_term(t, *k, f)?;
        first = false;
    }
    if c != 0 || terms.is_empty() {
        // The grammar allows `-` on literals only: `-3`, `-2 * %arg0`, but
        // `0 - %arg0`.
        f.write_str(match (first, c < 0) {
            (true, true) => "-",
            (true, false) => "",
            (false, true) => " - ",
            (false, false) => " + ",
        })?;
        write_int(f, c.abs())?;
        first = false;
    }
    for (t, k) in terms.iter().filter(|(_, k)| *k < 0) {
        if first {
            // Leading `-` only before a literal (`-2 * %arg0`); the text
            // decides (rare: no positive term and no constant).
            let mut text = String::new();
            write_scaled_term(t, *k, &mut text)?;
            let digit = text.starts_with(|c: char| c.is_ascii_digit());
            f.write_str(if digit { "-" } else { "0 - " })?;
            f.write_str(&text)?;
            first = false;
        } else {
            f.write_str(" - ")?;
            write_scaled_term(t, *k, f)?;
        }
    }
    Ok(())
}

impl Expr {
    /// The printed form (what `Display` writes), built directly in a
    /// `String`.
    pub fn text(&self) -> String {
        let mut out = String::with_capacity(32);
        write_expr(self, &mut out).expect("writing to a String cannot fail");
        out
    }
}

impl fmt::Display for Leaf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_leaf(self, f)
    }
}

impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_term(self, f)
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_expr(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arg(n: u32) -> Expr {
        Expr::leaf(Leaf::Arg(n))
    }
    fn dim(n: u32, k: u64) -> Expr {
        Expr::leaf(Leaf::Dim(n, k))
    }

    #[test]
    fn linear_parts_cancel_and_print_in_order() {
        let env = Env::new();
        let ub = arg(1).add_const(8).unwrap();
        assert_eq!(ub.sub(&arg(1)).unwrap(), Expr::constant(8));
        assert_eq!(dim(0, 0).sub(&arg(1)).unwrap().to_string(), "dim(%arg0, 0) - %arg1");
        assert_eq!(arg(1).add_const(1).unwrap().to_string(), "%arg1 + 1");
        assert_eq!(Expr::constant(7).sub(&arg(0)).unwrap().to_string(), "7 - %arg0");
        assert_eq!(Expr::constant(-3).to_string(), "-3");
        assert_eq!(Expr::constant(0).sub(&arg(0)).unwrap().to_string(), "0 - %arg0");
        let neg = Expr::constant(0).sub(&arg(1)).unwrap().ceildiv(4, &Env::new()).unwrap();
        assert_eq!(neg.to_string(), "(0 - %arg1) ceildiv 4");
        assert_eq!(arg(0).scale(-2).unwrap().to_string(), "-2 * %arg0");
        let c = dim(0, 0).ceildiv(3, &env).unwrap();
        assert_eq!(c.to_string(), "dim(%arg0, 0) ceildiv 3");
        let m = Expr::constant(0).maximum(&arg(1).sub(&arg(2)).unwrap(), &env).unwrap();
        assert_eq!(m.to_string(), "max(0, %arg1 - %arg2)");
        let q = arg(0).add_const(2).unwrap().ceildiv(2, &env).unwrap().scale(2).unwrap();
        assert_eq!(q.to_string(), "2 * ((%arg0 + 2) ceildiv 2)");
        assert_eq!(arg(1).sub(&q).unwrap().to_string(), "%arg1 - 2 * ((%arg0 + 2) ceildiv 2)");
        let p = dim(0, 0).mul(&dim(0, 1)).unwrap();
        assert_eq!(p.to_string(), "dim(%arg0, 0) * dim(%arg0, 1)");
        assert_eq!(arg(0).sub(&p).unwrap().to_string(), "%arg0 - (dim(%arg0, 0) * dim(%arg0, 1))");
        assert_eq!(
            p.add_const(1).unwrap().mul(&arg(1)).unwrap().to_string(),
            "%arg1 * (dim(%arg0, 0) * dim(%arg0, 1) + 1)"
        );
    }

    /// Printing writes integers itself: the same text as `{}` for every
    /// magnitude (the 64-bit fast path, its edges, and 128-bit values).
    #[test]
    fn integers_print_as_rust_prints_them() {
        let edges = [
            0,
            1,
            -1,
            9,
            10,
            -10,
            i128::from(u64::MAX),
            i128::from(u64::MAX) + 1,
            -i128::from(u64::MAX),
            -i128::from(u64::MAX) - 1,
            i128::MAX,
            i128::MIN + 1,
        ];
        for v in edges {
            assert_eq!(Expr::constant(v).to_string(), v.to_string());
            assert_eq!(Expr::constant(v).text(), v.to_string());
        }
        assert_eq!(Leaf::Dim(u32::MAX, u64::MAX).to_string(), format!("dim(%arg{}, {})", u32::MAX, u64::MAX));
        let big = arg(0).scale(i128::from(u64::MAX) + 1).unwrap();
        assert_eq!(big.to_string(), format!("{} * %arg0", i128::from(u64::MAX) + 1));
    }

    #[test]
    fn ranges_fold_max_min_and_divisions() {
        let mut env = Env::new();
        env.set(Leaf::Dim(0, 0), Interval::new(0, 1000));
        env.set(Leaf::Arg(1), Interval::new(-5, 5));
        let zero = Expr::constant(0);
        assert_eq!(zero.maximum(&dim(0, 0), &env).unwrap(), dim(0, 0));
        assert_eq!(zero.minimum(&dim(0, 0), &env).unwrap(), zero);
        assert_eq!(arg(1).add_const(5).unwrap().ceildiv(100, &env).unwrap().to_string(), "(%arg1 + 5) ceildiv 100");
        assert_eq!(arg(1).add_const(6).unwrap().ceildiv(100, &env).unwrap(), Expr::constant(1));
        assert_eq!(arg(1).scale(4).unwrap().add_const(9).unwrap().ceildiv(4, &env).unwrap().to_string(), "%arg1 + 3");
        assert_eq!(arg(1).maximum(&dim(0, 0), &env).unwrap().to_string(), "max(%arg1, dim(%arg0, 0))");
    }

    /// Each simplifying constructor keeps the value: random expressions over
    /// two leaves with small ranges, built step by step; at every point of
    /// the ranges each step's value equals the plain operation on its
    /// operands' values, and lies in the step's computed range.
    #[test]
    fn simplification_preserves_values() {
        let mut env = Env::new();
        env.set(Leaf::Arg(0), Interval::new(-4, 6));
        env.set(Leaf::Arg(1), Interval::new(0, 9));
        let mut seed = 0x9e3779b97f4a7c15u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let at = |e: &Expr, a: i128, b: i128| {
            e.eval(&|l| match l {
                Leaf::Arg(0) => Some(a),
                Leaf::Arg(1) => Some(b),
                _ => None,
            })
            .expect("evaluates")
        };
        for _ in 0..3000 {
            let mut stack = vec![arg(0), arg(1), Expr::constant(3)];
            for _ in 0..4 {
                let x = stack[next(stack.len() as u64) as usize].clone();
                let y = stack[next(stack.len() as u64) as usize].clone();
                let d = 1 + next(4) as i128;
                let op = next(6);
                let e = match op {
                    0 => x.add(&y),
                    1 => x.sub(&y),
                    2 => x.maximum(&y, &env),
                    3 => x.minimum(&y, &env),
                    4 => x.ceildiv(d, &env),
                    _ => x.mul(&y),
                }
                .expect("no overflow");
                assert_eq!(e.text(), e.to_string());
                let r = e.range(&env).expect("ranged");
                for a in -4..=6 {
                    for b in 0..=9 {
                        let (vx, vy) = (at(&x, a, b), at(&y, a, b));
                        let want = match op {
                            0 => vx + vy,
                            1 => vx - vy,
                            2 => vx.max(vy),
                            3 => vx.min(vy),
                            4 => ceil_div(vx, d),
                            _ => vx * vy,
                        };
                        let got = at(&e, a, b);
                        assert_eq!(got, want, "{e} (op {op} of {x} and {y}, d {d}) at a={a} b={b}");
                        assert!(r.contains(got), "{e} = {got} outside its range {r}");
                    }
                }
                stack.push(e);
            }
        }
    }
}
