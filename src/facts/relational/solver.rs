//! Infeasibility of a small system of linear inequalities over the
//! integers, by Fourier–Motzkin elimination.
//!
//! [`refute`] answers "can these constraints all hold?" with either
//! "no, because of these facts" (`Some(facts)`) or "not shown" (`None`).
//! Algorithm: normalize every constraint (divide by the gcd of its
//! coefficients and round the constant down: sound over the integers, and
//! what turns `x < y` into `x + 1 <= y`), keep only the tightest constraint
//! per left-hand side, then eliminate atoms one by one, each time the atom
//! that creates the fewest new constraints: every pair of a constraint
//! where it has a positive coefficient `p` and one where it has a negative
//! coefficient `-n` gives their combination `n × P + p × N`, free of it.
//! A combination `c >= 0` with no atom and `c < 0` is a contradiction: the
//! facts of the two parents (unioned down the derivation) are the reason.
//! When that finds none, the elimination runs once more on the system
//! with the bounds of single atoms that interval propagation derives,
//! each rounded to an integer ([`tighten_bounds`]): the rounding the
//! elimination does only to the constraints it happens to derive.
//!
//! Queries try two cheaper refutations first, each a pass over the
//! constraints, for the shapes most goals' refutations have:
//! [`refute_in_box`] (a bound of each of the goal's atoms) and
//! [`refute_by_pair_of`] (one fact against the goal, once equal quantities
//! are named alike: an equality's two halves are a non-negative
//! combination's ingredients like any other constraint).
//!
//! Invariant: every derived constraint is a non-negative combination of
//! the input constraints (then tightened over the integers), so it holds
//! at every integer point satisfying them: a contradiction proves that no
//! integer point does. The converse does not hold (integer infeasibility
//! that needs more than rounding, or a system past [`MAX_CONSTRAINTS`]):
//! then the answer is `None`, never a wrong "infeasible".

use crate::facts::ir::FastMap;
use smallvec::{smallvec, SmallVec};
use std::collections::hash_map::Entry;
use std::ops::Range;

use super::linear::{Atom, Constraint, FactSet, Lin, Terms};

/// Above this many constraints the elimination gives up (`None`).
const MAX_CONSTRAINTS: usize = 200;

/// The system being eliminated: per left-hand side (terms), the tightest
/// constant seen and the facts it follows from.
type System = FastMap<Terms, (i128, FactSet)>;

fn constraint((terms, (constant, why)): (Terms, (i128, FactSet))) -> Constraint {
    Constraint { lin: Lin { constant, terms }, why }
}

/// Tightest constraint per left-hand side (terms), over all constraints
/// given; Err(facts) at the first contradiction.
fn insert(set: &mut System, c: Constraint) -> Result<(), FactSet> {
    let c = c.normalized();
    if c.lin.terms.is_empty() {
        return if c.is_contradiction() { Err(c.why) } else { Ok(()) };
    }
    match set.entry(c.lin.terms) {
        Entry::Occupied(mut old) => {
            if c.lin.constant < old.get().0 {
                *old.get_mut() = (c.lin.constant, c.why);
            }
        }
        Entry::Vacant(slot) => {
            slot.insert((c.lin.constant, c.why));
        }
    }
    Ok(())
}

/// Removes every equality `e = 0` (a constraint `e >= 0` whose negation
/// `-e >= 0` is in the set too) that has an atom with coefficient ±1, by
/// substituting that atom's value into every other constraint. Over the
/// integers the system keeps exactly its solutions (the atom is then an
/// integer function of the others), and what Fourier–Motzkin alone could
/// lose is kept: eliminating `it` first from `i = 4 it, i + 1 <= n, n = 4 q`
/// drops the fact that `i` is a multiple of 4, while substituting `i` and
/// `n` leaves `4 it + 1 <= 4 q`, which rounding makes `it + 1 <= q`.
fn substitute_equalities(set: &mut System) -> Result<(), FactSet> {
    // The negation of the terms looked up, reused (one allocation).
    let mut negated = Terms::new();
    for _ in 0..MAX_CONSTRAINTS {
        let mut found = None;
        for (terms, &(constant, why)) in set.iter() {
            // Each pair is looked up from its member whose first
            // coefficient is positive.
            if terms.first().is_none_or(|t| t.1 < 0) {
                continue;
            }
            let Some(&(atom, _)) = terms.iter().find(|(_, k)| k.abs() == 1) else { continue };
            negate_into(&mut negated, terms);
            match set.get(&negated) {
                Some(&(other, _)) if other == -constant => {
                    found = Some((Terms::from_slice(terms), atom));
                    break;
                }
                // `e + c >= 0` and `-e + c' >= 0` add up to `c + c' >= 0`:
                // a contradiction if that is negative (the usual end of a
                // proof once the equalities are substituted: the goal's
                // negation against the one fact that bounds it).
                Some(&(other, other_why)) if other + constant < 0 => return Err(why.union(other_why)),
                _ => {}
            }
        }
        let Some((key, atom)) = found else { return Ok(()) };
        negate_into(&mut negated, &key);
        let eq = set.remove_entry(&key).map(constraint).expect("found in the set");
        let other = set.remove_entry(&negated).map(constraint).expect("found in the set");
        let why = eq.why.union(other.why);
        let k = eq.lin.coefficient(atom);
        // Only the constraints with the atom change: they are taken out and
        // put back substituted, c - (t / k) e with k = ±1, free of the
        // atom. One whose substitution is too large to state goes back as
        // it was, and so does the equality then (every constraint kept is
        // still implied by the input), and substitution stops.
        let with_atom: Vec<Terms> = set
            .keys()
            .filter(|terms| terms.binary_search_by_key(&atom, |t| t.0).is_ok())
            .map(|t| Terms::from_slice(t))
            .collect();
        let mut complete = true;
        for terms in with_atom {
            let c = set.remove_entry(&terms).map(constraint).expect("found in the set");
            let t = c.lin.coefficient(atom);
            let c = match c.lin.add_scaled(&eq.lin, -t * k) {
                Some(lin) => Constraint { lin, why: c.why.union(why) },
                None => {
                    complete = false;
                    c
                }
            };
            insert(set, c)?;
        }
        if !complete {
            insert(set, eq)?;
            insert(set, other)?;
            return Ok(());
        }
    }
    Ok(())
}

/// The bound of `x` that `k x + c >= 0` (k ≠ 0) states over the integers:
/// `(true, ceil(-c / k))`, a lower bound, for `k > 0`; `(false, floor(c /
/// -k))`, an upper one, for `k < 0`. None if it overflows.
fn atom_bound(k: i128, c: i128) -> Option<(bool, i128)> {
    if k > 0 {
        Some((true, c.div_euclid(k).checked_neg()?))
    } else {
        Some((false, c.div_euclid(-k)))
    }
}

/// A bound of one atom and the facts it follows from.
#[derive(Clone, Copy)]
struct Bound {
    value: i128,
    why: FactSet,
}

/// Rounds of [`tighten_bounds`] over the constraints with several atoms.
const BOUND_ROUNDS: usize = 3;

/// Adds to `set` the bounds of single atoms that interval propagation
/// with integer rounding derives: whether it derived any, or Err(facts)
/// when an atom's bounds cross: from `Σ k_j x_j + c >= 0` and the current bounds of every atom
/// but `x_i`, `k_i x_i + c + Σ_{j≠i} max(k_j x_j) >= 0`, which rounds to
/// a bound of `x_i` alone. Elimination alone rounds only the constraints
/// it happens to derive: from `x >= 3 q`, `3 q + 2 >= d`, `d >= 0`,
/// eliminating `q` first gives `x + 2 >= d`, then `x + 2 >= 0`, and the
/// integer fact `q >= 0` (hence `x >= 0`) is lost; propagation derives
/// `3 q + 2 >= 0`, rounds it to `q >= 0`, then `x >= 0`, whatever the
/// order of elimination. Sound for the same reason as the elimination:
/// each derived bound is implied by the constraints over the integers.
fn tighten_bounds(set: &mut System) -> Result<bool, FactSet> {
    let size = set.keys().flat_map(|t| t.iter().map(|&(a, _)| a.0 as usize + 1)).max().unwrap_or(0);
    let (mut low, mut high): (Vec<Option<Bound>>, Vec<Option<Bound>>) = (vec![None; size], vec![None; size]);
    let mut multi: Vec<Constraint> = Vec::new();
    for (terms, &(constant, why)) in set.iter() {
        match terms[..] {
            [(a, k)] => {
                let Some((lower, value)) = atom_bound(k, constant) else { continue };
                let slot = if lower { &mut low[a.0 as usize] } else { &mut high[a.0 as usize] };
                *slot = tighter(*slot, Bound { value, why }, lower);
            }
            _ => multi.push(constraint((Terms::from_slice(terms), (constant, why)))),
        }
    }
    if multi.is_empty() {
        return Ok(false);
    }
    let mut derived = false;
    for _ in 0..BOUND_ROUNDS {
        let mut changed = false;
        for c in &multi {
            // The largest value of each term in the box (None: unbounded).
            let largest = |&(a, k): &(Atom, i128)| {
                let b = if k > 0 { high[a.0 as usize] } else { low[a.0 as usize] }?;
                Some((k.checked_mul(b.value)?, b.why))
            };
            let maxima: SmallVec<[Option<(i128, FactSet)>; 4]> = c.lin.terms.iter().map(largest).collect();
            let unbounded = maxima.iter().filter(|m| m.is_none()).count();
            if unbounded > 1 {
                continue;
            }
            let Some(total) = maxima.iter().flatten().try_fold(c.lin.constant, |s, &(m, _)| s.checked_add(m)) else {
                continue;
            };
            for (i, &(a, k)) in c.lin.terms.iter().enumerate() {
                if unbounded == 1 && maxima[i].is_some() {
                    continue;
                }
                // k x + rest >= 0, rest the largest value of the others.
                let Some(rest) = maxima[i].map_or(Some(total), |(m, _)| total.checked_sub(m)) else { continue };
                let why = maxima
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .filter_map(|(_, m)| m.map(|m| m.1))
                    .fold(c.why, FactSet::union);
                let Some((lower, bound)) = atom_bound(k, rest) else { continue };
                let slot = if lower { &mut low[a.0 as usize] } else { &mut high[a.0 as usize] };
                let new = tighter(*slot, Bound { value: bound, why }, lower);
                if new.map(|b| b.value) != slot.map(|b| b.value) {
                    *slot = new;
                    changed = true;
                    derived = true;
                }
                if let (Some(l), Some(h)) = (low[a.0 as usize], high[a.0 as usize]) {
                    if l.value > h.value {
                        return Err(l.why.union(h.why));
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    if derived {
        for (a, (l, h)) in low.iter().zip(&high).enumerate() {
            let atom = Atom(a as u32);
            if let Some(l) = l.filter(|l| l.value != i128::MIN) {
                let lin = Lin { constant: -l.value, terms: smallvec![(atom, 1)] };
                insert(set, Constraint { lin, why: l.why })?;
            }
            if let Some(h) = h {
                let lin = Lin { constant: h.value, terms: smallvec![(atom, -1)] };
                insert(set, Constraint { lin, why: h.why })?;
            }
        }
    }
    Ok(derived)
}

/// The tighter of two lower (or upper) bounds, the old one on a tie.
fn tighter(old: Option<Bound>, new: Bound, lower: bool) -> Option<Bound> {
    match old {
        Some(o) if (lower && o.value >= new.value) || (!lower && o.value <= new.value) => Some(o),
        _ => Some(new),
    }
}

/// `out` = the terms of `-e` for `e` with the terms `terms`.
fn negate_into(out: &mut Terms, terms: &Terms) {
    out.clear();
    for &(a, k) in terms {
        out.push((a, -k));
    }
}

/// `Some(facts)` if `goal` cannot hold anywhere in the box that the
/// single-atom constraints among `constraints` give (each atom between its
/// tightest lower and upper bound), ignoring constraints derived from any
/// fact in `excluded`: the bounds used are the reason. Interval
/// arithmetic, linear in the constraints: what most `0 <= index` goals
/// need, without an elimination. Sound for the same reason as [`refute`]
/// (the box contains every solution of the constraints it comes from);
/// `None` says nothing.
pub(crate) fn refute_in_box<'c>(
    constraints: impl IntoIterator<Item = &'c Constraint>,
    excluded: FactSet,
    goal: &Lin,
) -> Option<FactSet> {
    // Per atom of the goal, the bound that limits it from above (positive
    // coefficient) or below (negative), as (bound, facts).
    let mut limits: SmallVec<[Option<(i128, FactSet)>; 4]> = smallvec![None; goal.terms.len()];
    for c in constraints {
        let [(atom, k)] = c.lin.terms[..] else { continue };
        if c.why.intersects(excluded) {
            continue;
        }
        let Ok(i) = goal.terms.binary_search_by_key(&atom, |t| t.0) else { continue };
        let goal_k = goal.terms[i].1;
        // The goal grows with x: its upper bound counts; it shrinks as x
        // grows: its lower bound counts.
        let Some((lower, bound)) = atom_bound(k, c.lin.constant) else { continue };
        if lower == (goal_k > 0) {
            continue;
        }
        let tighter = match limits[i] {
            None => true,
            Some((old, _)) => (goal_k > 0 && bound < old) || (goal_k < 0 && bound > old),
        };
        if tighter {
            limits[i] = Some((bound, c.why));
        }
    }
    // The largest value of the goal in the box.
    let mut max = goal.constant;
    let mut why = FactSet::default();
    for (&(_, k), limit) in goal.terms.iter().zip(&limits) {
        let (bound, facts) = (*limit)?;
        max = max.checked_add(k.checked_mul(bound)?)?;
        why = why.union(facts);
    }
    (max < 0).then_some(why)
}

/// Equalities substituted into a goal by [`refute_by_pair_of`], at most.
const PAIR_SUBSTITUTIONS: usize = 2;
/// Goal forms [`refute_by_pair_of`] tries per round of substitution.
const PAIR_FORMS: usize = 16;

/// `Some(facts)` if `goal >= 0` contradicts one of `constraints` alone
/// once up to [`PAIR_SUBSTITUTIONS`] of `equalities` (each `e = 0`) are
/// substituted into it, ignoring everything derived from a fact in
/// `excluded`: the goal's form `g` and a constraint `c` whose terms are
/// those of `-g` add up to the constant `g.constant + c.constant`, a
/// contradiction if negative. Most access goals end this way in the
/// elimination too (the loop bound against the negated goal, once a size
/// is named the way the bound names it), which costs a hash table and
/// a substitution pass per goal; this costs a few comparisons per
/// constraint. Sound like [`refute`]: each form is the goal plus
/// multiples of equalities, so it holds wherever the goal and they do.
///
/// The goal's forms are given (`equal_forms` of the goal with the same
/// equalities and exclusion): the first form, in their order, that is a
/// contradiction or that one of `constraints` not derived from a fact in
/// `excluded` opposes.
pub(crate) fn refute_by_pair_of(
    constraints: &[&Constraint],
    forms: &[Constraint],
    excluded: FactSet,
) -> Option<FactSet> {
    forms.iter().find_map(|g| {
        if g.is_contradiction() {
            return Some(g.why);
        }
        let opposite = |c: &&Constraint| {
            !c.why.intersects(excluded) && c.lin.constant + g.lin.constant < 0 && c.lin.opposes(&g.lin)
        };
        constraints.iter().copied().find(opposite).map(|c| g.why.union(c.why))
    })
}

/// The forms of `goal` with up to [`PAIR_SUBSTITUTIONS`] of `equalities`
/// (each `e = 0`, none derived from a fact in `excluded`) substituted,
/// `goal` first: each holds wherever the goal and the equalities do.
pub(crate) fn equal_forms(goal: &Constraint, equalities: &[Constraint], excluded: FactSet) -> Vec<Constraint> {
    let mut all = Vec::with_capacity(1 + PAIR_SUBSTITUTIONS * PAIR_FORMS);
    all.push(goal.clone().normalized());
    let mut round = 0..1;
    for _ in 0..PAIR_SUBSTITUTIONS {
        let made = all.len();
        substitute(&mut all, round, equalities, excluded);
        round = made..all.len();
    }
    all
}

/// One round of substitution: every form of `all[forms]` with one of
/// `equalities` (not derived from a fact in `excluded`) substituted for an
/// atom whose coefficient there is ±1, at most [`PAIR_FORMS`], pushed onto
/// `all` (in place: the forms are copied once, not per round).
fn substitute(all: &mut Vec<Constraint>, forms: Range<usize>, equalities: &[Constraint], excluded: FactSet) {
    let mut made = 0;
    for g in forms {
        for e in equalities.iter().filter(|e| !e.why.intersects(excluded)) {
            for t in 0..all[g].lin.terms.len() {
                let (atom, k) = all[g].lin.terms[t];
                let ke = e.lin.coefficient(atom);
                if ke.abs() != 1 {
                    continue;
                }
                // g - (k / ke) e, free of `atom` (ke = ±1: 1/ke = ke).
                let Some(lin) = all[g].lin.add_scaled(&e.lin, -k * ke) else { continue };
                if made == PAIR_FORMS {
                    return;
                }
                let why = all[g].why.union(e.why);
                all.push(Constraint { lin, why }.normalized());
                made += 1;
            }
        }
    }
}

/// `Some(facts)` if the constraints have no common integer solution,
/// `facts` being the ones the contradiction was derived from.
///
/// The elimination runs once as it is and, only when that finds no
/// contradiction, once more after [`tighten_bounds`] has added the
/// bounds of single atoms that interval propagation derives (most
/// refutations need none, and the propagation costs a pass over the
/// constraints per round).
pub(crate) fn refute<'c, I>(constraints: I) -> Option<FactSet>
where
    I: IntoIterator<Item = &'c Constraint> + Clone,
{
    eliminate(constraints.clone(), false).or_else(|| eliminate(constraints, true))
}

/// Fourier–Motzkin elimination of `constraints` (see [`refute`]); with
/// `tighten`, after the propagated bounds are added, and None at once if
/// propagation derives none.
fn eliminate<'c>(constraints: impl IntoIterator<Item = &'c Constraint>, tighten: bool) -> Option<FactSet> {
    let constraints = constraints.into_iter();
    let mut set = System::with_capacity_and_hasher(constraints.size_hint().0, Default::default());
    for c in constraints {
        if let Err(why) = insert(&mut set, c.clone()) {
            return Some(why);
        }
    }
    if tighten {
        match tighten_bounds(&mut set) {
            Err(why) => return Some(why),
            Ok(false) => return None,
            Ok(true) => {}
        }
    }
    if let Err(why) = substitute_equalities(&mut set) {
        return Some(why);
    }

    loop {
        if set.len() > MAX_CONSTRAINTS {
            return None;
        }
        // The atom whose elimination makes the fewest combinations.
        let mut counts: FastMap<Atom, (usize, usize)> = FastMap::default();
        for terms in set.keys() {
            for &(a, k) in terms {
                let e = counts.entry(a).or_default();
                if k > 0 {
                    e.0 += 1
                } else {
                    e.1 += 1
                }
            }
        }
        // No atom left, and no contradiction: not refuted.
        let (&atom, _) = counts.iter().min_by_key(|(a, (p, n))| (p * n, **a))?;
        let mut pos = Vec::new();
        let mut neg = Vec::new();
        let mut keep = System::with_capacity_and_hasher(set.len(), Default::default());
        for (terms, entry) in set.drain() {
            match terms.binary_search_by_key(&atom, |t| t.0).map(|i| terms[i].1) {
                Ok(k) if k > 0 => pos.push(constraint((terms, entry))),
                Ok(_) => neg.push(constraint((terms, entry))),
                // Already normalized and the tightest of its left-hand side.
                Err(_) => {
                    keep.insert(terms, entry);
                }
            }
        }
        set = keep;
        for p in &pos {
            for n in &neg {
                let (kp, kn) = (p.lin.coefficient(atom), -n.lin.coefficient(atom));
                let Some(lin) = p.lin.scaled(kn).and_then(|l: Lin| l.add_scaled(&n.lin, kp)) else { continue };
                if let Err(why) = insert(&mut set, Constraint { lin, why: p.why.union(n.why) }) {
                    return Some(why);
                }
                if set.len() > MAX_CONSTRAINTS {
                    return None;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::relational::linear::Lin;

    /// A small deterministic generator (no dependency on the test order).
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self, n: u64) -> i128 {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((self.0 >> 33) % n) as i128
        }
    }

    fn constraint(c: i128, terms: &[(u32, i128)], fact: usize) -> Constraint {
        let mut lin = Lin::constant(c);
        for &(a, k) in terms {
            lin = lin.add_scaled(&Lin::atom(Atom(a)), k).unwrap();
        }
        Constraint { lin, why: FactSet::single(fact) }
    }

    fn holds(c: &Constraint, point: &[i128]) -> bool {
        c.lin.constant + c.lin.terms.iter().map(|(a, k)| k * point[a.0 as usize]).sum::<i128>() >= 0
    }

    #[test]
    fn loop_bound_proves_the_access() {
        // 0 <= i, i + 1 <= n, n <= d; goal i + 1 <= d: negated i - d >= 0.
        let facts = vec![
            constraint(0, &[(0, 1)], 0),
            constraint(-1, &[(1, 1), (0, -1)], 1),
            constraint(0, &[(2, 1), (1, -1)], 2),
            constraint(0, &[(0, 1), (2, -1)], 3),
        ];
        let why = refute(&facts).expect("infeasible");
        assert_eq!(why.facts().collect::<Vec<_>>(), vec![1, 2, 3]);
        // Without n <= d it is feasible.
        let mut without = facts;
        without.remove(2);
        assert_eq!(refute(&without), None);
    }

    #[test]
    fn integer_rounding_proves_strictness() {
        // 2x >= 1 and 2x <= 1 have the rational solution 1/2 only.
        let facts = vec![constraint(-1, &[(0, 2)], 0), constraint(1, &[(0, -2)], 1)];
        assert!(refute(&facts).is_some());
    }

    /// Random systems over three atoms: a refutation is never wrong (no
    /// integer point of a box satisfies the system), and the facts it names
    /// suffice on their own (no point satisfies them either; refuting them
    /// again could pick another elimination order, which with integer
    /// rounding may not find the contradiction).
    #[test]
    fn refutations_are_sound_on_random_systems() {
        let mut rng = Lcg(7);
        let mut refuted = 0;
        for _ in 0..3000 {
            let n = 2 + rng.next(5) as usize;
            let cs: Vec<Constraint> = (0..n)
                .map(|i| {
                    let terms: Vec<(u32, i128)> = (0..3).map(|a| (a, rng.next(5) - 2)).collect();
                    constraint(rng.next(9) - 4, &terms, i)
                })
                .collect();
            let Some(why) = refute(&cs) else { continue };
            refuted += 1;
            let used: Vec<Constraint> = why.facts().map(|i| cs[i].clone()).collect();
            for x in -6..=6 {
                for y in -6..=6 {
                    for z in -6..=6 {
                        assert!(
                            !used.iter().all(|c| holds(c, &[x, y, z])),
                            "{cs:?} refuted by {used:?}, but ({x}, {y}, {z}) fits"
                        );
                    }
                }
            }
        }
        assert!(refuted > 300, "only {refuted} systems refuted: the test checks too little");
    }

    /// Box refutations on random systems: never wrong (no point of the
    /// search box satisfies the bounds used and the goal), they ignore the
    /// excluded facts, and each one is also found by the elimination.
    #[test]
    fn box_refutations_are_sound_on_random_systems() {
        let mut rng = Lcg(17);
        let mut refuted = 0;
        for _ in 0..3000 {
            let mut cs: Vec<Constraint> = (0..(2 + rng.next(5) as usize))
                .map(|i| {
                    let atom = rng.next(3) as u32;
                    constraint(rng.next(9) - 4, &[(atom, rng.next(5) - 2)], i)
                })
                .collect();
            let excluded = FactSet::single(rng.next(7) as usize);
            let terms: Vec<(u32, i128)> = (0..3).map(|a| (a, rng.next(5) - 2)).collect();
            let goal = constraint(rng.next(9) - 4, &terms, 9);
            let Some(why) = refute_in_box(&cs, excluded, &goal.lin) else { continue };
            refuted += 1;
            assert!(!why.intersects(excluded), "{cs:?}: an excluded fact was used");
            let used: Vec<Constraint> = cs.iter().filter(|c| c.why.intersects(why)).cloned().collect();
            for x in -6..=6 {
                for y in -6..=6 {
                    for z in -6..=6 {
                        assert!(
                            !(holds(&goal, &[x, y, z]) && used.iter().all(|c| holds(c, &[x, y, z]))),
                            "{cs:?} and {goal:?} refuted in a box, but ({x}, {y}, {z}) fits"
                        );
                    }
                }
            }
            cs.push(goal);
            assert!(refute(&cs).is_some(), "{cs:?}: the box refutes it, the elimination does not");
        }
        assert!(refuted > 100, "only {refuted} goals refuted in a box");
    }

    #[test]
    fn propagation_keeps_integer_bounds() {
        // The lower bound of a peeled remainder loop's counter: x >= 3 q,
        // d <= 3 q + 2 (q = d floordiv 3), d >= 0, and y >= 4 r, e <= 4 r
        // + 3, e >= 1; goal x + y >= 0, negated: -x - y - 1 >= 0. Atoms:
        // x 0, q 1, d 2, y 3, r 4, e 5. Over the rationals q >= -2/3 and
        // r >= -1/2 allow x + y = -1; over the integers q, r >= 0.
        let facts = vec![
            constraint(0, &[(0, 1), (1, -3)], 0),
            constraint(2, &[(1, 3), (2, -1)], 1),
            constraint(0, &[(2, 1)], 2),
            constraint(0, &[(3, 1), (4, -4)], 3),
            constraint(3, &[(4, 4), (5, -1)], 4),
            constraint(-1, &[(5, 1)], 5),
            constraint(-1, &[(0, -1), (3, -1)], 6),
        ];
        assert_eq!(eliminate(&facts, false), None, "the elimination alone finds it: the test shows nothing");
        let why = refute(&facts).expect("refuted with the propagated bounds");
        assert_eq!(why.facts().collect::<Vec<_>>(), vec![0, 1, 2, 3, 4, 5, 6]);
        // Without e >= 1 (e >= -3 instead), r may be -1 and y = -4.
        let mut weaker = facts;
        weaker[5] = constraint(3, &[(5, 1)], 5);
        assert_eq!(refute(&weaker), None);
    }

    #[test]
    fn equalities_keep_divisibility() {
        // i = 4 it, it >= 0, i + 1 <= n, n = 4 q, n <= d; goal i + 4 <= d,
        // negated: i - d + 3 >= 0. Atoms: i 0, it 1, n 2, q 3, d 4.
        let facts = vec![
            constraint(0, &[(0, 1), (1, -4)], 0),
            constraint(0, &[(0, -1), (1, 4)], 0),
            constraint(0, &[(1, 1)], 1),
            constraint(-1, &[(2, 1), (0, -1)], 2),
            constraint(0, &[(2, 1), (3, -4)], 3),
            constraint(0, &[(2, -1), (3, 4)], 3),
            constraint(0, &[(4, 1), (2, -1)], 4),
            constraint(3, &[(0, 1), (4, -1)], 5),
        ];
        assert!(refute(&facts).is_some());
        // i + 5 <= d does not follow (n = d = 4 q, i = n - 4).
        let mut weaker = facts;
        weaker[7] = constraint(4, &[(0, 1), (4, -1)], 5);
        assert_eq!(refute(&weaker), None);
    }

    /// Random systems with equalities: refutations are never wrong, and
    /// systems with a known point are never refuted.
    #[test]
    fn equalities_are_sound_on_random_systems() {
        let mut rng = Lcg(13);
        let mut refuted = 0;
        for round in 0..3000 {
            let point: Vec<i128> = (0..3).map(|_| rng.next(13) - 6).collect();
            let mut cs = Vec::new();
            for i in 0..(2 + rng.next(4) as usize) {
                let terms: Vec<(u32, i128)> = (0..3).map(|a| (a, rng.next(7) - 3)).collect();
                let mut c = constraint(0, &terms, i);
                let value: i128 = c.lin.terms.iter().map(|(a, k)| k * point[a.0 as usize]).sum();
                // Half the rounds keep `point` a solution; the others may not.
                c.lin.constant = if round % 2 == 0 { -value + rng.next(3) } else { rng.next(9) - 4 };
                if i % 2 == 0 && round % 2 == 0 {
                    // An equality through `point`.
                    c.lin.constant = -value;
                    let mut neg = c.clone();
                    neg.lin = Lin::constant(0).add_scaled(&c.lin, -1).unwrap();
                    cs.push(neg);
                } else if i % 2 == 0 {
                    let mut neg = c.clone();
                    neg.lin = Lin::constant(0).add_scaled(&c.lin, -1).unwrap();
                    cs.push(neg);
                }
                cs.push(c);
            }
            let result = refute(&cs);
            if round % 2 == 0 {
                assert_eq!(result, None, "{cs:?} has the solution {point:?}");
                continue;
            }
            let Some(why) = result else { continue };
            refuted += 1;
            // Facts are numbered per generated constraint (an equality's
            // two halves share one).
            let used: Vec<Constraint> =
                cs.iter().filter(|c| why.facts().any(|f| c.why == FactSet::single(f))).cloned().collect();
            for x in -8..=8 {
                for y in -8..=8 {
                    for z in -8..=8 {
                        assert!(!used.iter().all(|c| holds(c, &[x, y, z])), "{cs:?} refuted, but ({x}, {y}, {z}) fits");
                    }
                }
            }
        }
        assert!(refuted > 100, "only {refuted} systems refuted");
    }

    /// [`refute_by_pair_of`] on the forms of `goal`.
    fn refute_by_pair(
        constraints: &[&Constraint],
        equalities: &[Constraint],
        excluded: FactSet,
        goal: &Lin,
    ) -> Option<FactSet> {
        let goal = Constraint { lin: goal.clone(), why: FactSet::default() };
        refute_by_pair_of(constraints, &equal_forms(&goal, equalities, excluded), excluded)
    }

    #[test]
    fn a_pair_refutes_after_a_substitution() {
        // i <= n - 1 (the loop bound), n = d (n reads the size d); goal
        // i < d, negated: i - d >= 0. Atoms: i 0, n 1, d 2.
        let bound = constraint(-1, &[(1, 1), (0, -1)], 0);
        let eq = constraint(0, &[(1, 1), (2, -1)], 1);
        let negated = constraint(0, &[(0, 1), (2, -1)], 9).lin;
        let why = refute_by_pair(&[&bound], std::slice::from_ref(&eq), FactSet::default(), &negated);
        assert_eq!(why.map(|w| w.facts().collect::<Vec<_>>()), Some(vec![0, 1]));
        // Not when the equality rests on an excluded fact, nor for i <= d.
        assert_eq!(refute_by_pair(&[&bound], std::slice::from_ref(&eq), FactSet::single(1), &negated), None);
        let weaker = constraint(1, &[(0, 1), (2, -1)], 9).lin;
        assert_eq!(refute_by_pair(&[&bound], std::slice::from_ref(&eq), FactSet::default(), &weaker), None);
    }

    /// Pair refutations on random systems with equalities: never wrong (no
    /// point of a box satisfies the goal and the facts used), never from
    /// an excluded fact, and each one also found by the elimination.
    #[test]
    fn pair_refutations_are_sound_on_random_systems() {
        let mut rng = Lcg(23);
        let mut refuted = 0;
        for _ in 0..12000 {
            let random = |rng: &mut Lcg, i: usize| {
                let terms: Vec<(u32, i128)> = (0..3).map(|a| (a, rng.next(5) - 2)).collect();
                constraint(rng.next(9) - 4, &terms, i)
            };
            let cs: Vec<Constraint> = (0..(1 + rng.next(4) as usize)).map(|i| random(&mut rng, i)).collect();
            let eqs: Vec<Constraint> = (0..rng.next(3) as usize).map(|i| random(&mut rng, 4 + i)).collect();
            let excluded = FactSet::single(rng.next(8) as usize);
            let goal = random(&mut rng, 9);
            let refs: Vec<&Constraint> = cs.iter().collect();
            let Some(why) = refute_by_pair(&refs, &eqs, excluded, &goal.lin) else { continue };
            refuted += 1;
            assert!(!why.intersects(excluded), "{cs:?} {eqs:?}: an excluded fact was used");
            let used: Vec<&Constraint> = cs.iter().filter(|c| c.why.intersects(why)).collect();
            let used_eqs: Vec<&Constraint> = eqs.iter().filter(|e| e.why.intersects(why)).collect();
            let zero = |e: &Constraint, p: &[i128]| {
                e.lin.constant + e.lin.terms.iter().map(|(a, k)| k * p[a.0 as usize]).sum::<i128>() == 0
            };
            for x in -6..=6 {
                for y in -6..=6 {
                    for z in -6..=6 {
                        let p = [x, y, z];
                        assert!(
                            !(holds(&goal, &p)
                                && used.iter().all(|c| holds(c, &p))
                                && used_eqs.iter().all(|e| zero(e, &p))),
                            "{cs:?}, {eqs:?} and {goal:?} refuted by a pair, but {p:?} fits"
                        );
                    }
                }
            }
            let mut system = cs.clone();
            for e in &eqs {
                system.push(e.clone());
                system.push(Constraint { lin: e.lin.scaled(-1).unwrap(), why: e.why });
            }
            system.push(goal.clone());
            assert!(refute(&system).is_some(), "{system:?}: a pair refutes it, the elimination does not");
        }
        assert!(refuted > 200, "only {refuted} goals refuted by a pair: the test checks too little");
    }

    /// Systems with a known integer point are never refuted.
    #[test]
    fn satisfiable_systems_are_never_refuted() {
        let mut rng = Lcg(11);
        for _ in 0..3000 {
            let point: Vec<i128> = (0..4).map(|_| rng.next(21) - 10).collect();
            let cs: Vec<Constraint> = (0..6)
                .map(|i| {
                    let terms: Vec<(u32, i128)> = (0..4).map(|a| (a, rng.next(7) - 3)).collect();
                    let mut c = constraint(0, &terms, i);
                    // Shift the constant so that `point` satisfies it, with slack 0..2.
                    let value: i128 = c.lin.terms.iter().map(|(a, k)| k * point[a.0 as usize]).sum();
                    c.lin.constant = -value + rng.next(3);
                    c
                })
                .collect();
            assert!(cs.iter().all(|c| holds(c, &point)));
            assert_eq!(refute(&cs), None, "{cs:?} has the solution {point:?}");
        }
    }
}
