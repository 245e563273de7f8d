//! Deriving an access's precondition at the access, and a comparison's
//! (see the parent module's header for what a precondition is).
//!
//! For each goal the prover did not show (`g >= 0`: `0 <= i`, `i + extent
//! <= dim`), the linear facts the query gathered at the access and the
//! negated goal `-g - 1 >= 0` are projected onto the quantities fixed at
//! the function's entry (its arguments and the sizes of its argument
//! buffers) by Fourier–Motzkin elimination ([`project`]). The projection
//! `c1 and ... and ck` holds for every argument value at which the goal
//! may fail (over the rationals; the query's case splits are left out,
//! which only enlarges it), so each `not cj` is a candidate alternative.
//! Alternatives that the facts about the arguments alone rule out, or that
//! imply another one, are dropped; each remaining one is kept only if the
//! prover shows the goal with it assumed ([`Query::prove_assuming`]). The
//! clause of the goal is the disjunction of those kept.
//!
//! The same derivation serves a comparison ([`for_compare`], for function
//! versioning): its goals are the relations that make it true
//! (`relational::true_goals`), and a clause all of whose alternatives
//! contradict the facts at the comparison (it would hold only where the
//! comparison does not run: "the loop does not run" cases alone) is
//! refused.
//!
//! Invariant: an alternative is in a clause only after the prover showed
//! its goal under it; every filter before that only drops alternatives
//! (a stronger, still sufficient condition). Budgets ([`MAX_CONSTRAINTS`],
//! [`MAX_ALTERNATIVES`]) only drop constraints or alternatives.

use super::call_sites::enclosing_func;
use super::{Precondition, Quantity, Relation};
use crate::facts::bits::smax;
use crate::facts::bounds::{dim_goals, Access, Failure};
use crate::facts::ir::{Def, Op, Val};
use crate::facts::relational::linear::{Atom, Constraint, FactSet, Lin};
use crate::facts::relational::{int_width, true_goals, Key, Prover, Query, Source};

/// Constraints a projection may hold at once; past this, an elimination
/// that would grow the system drops the constraints on that atom instead.
const MAX_CONSTRAINTS: usize = 256;
/// Candidate alternatives verified per goal.
const MAX_ALTERNATIVES: usize = 6;

/// The quantity each atom of `query` is at the entry of `function`, if it
/// is one (an argument of its entry block, or a size of one).
fn quantities(query: &Query<'_, '_, '_, '_>, function: Op<'_>) -> Vec<Option<Quantity>> {
    let entry = function.entry_block(0);
    let arg = |v: Val<'_>| match v.def() {
        Def::Arg(block, n) if Some(block) == entry => Some(n as u32),
        _ => None,
    };
    query
        .keys
        .iter()
        .map(|k| match *k {
            Key::Value(v) => arg(v).map(Quantity::Arg),
            Key::Dim(m, k) => arg(m).map(|n| Quantity::Dim(n, k)),
            Key::Aux(..) => None,
        })
        .collect()
}

/// `lin` over quantities (None if an atom is not one).
fn relation(lin: &Lin, of: &[Option<Quantity>]) -> Option<Relation> {
    let mut terms: Vec<(Quantity, i128)> =
        lin.terms.iter().map(|&(a, k)| Some(((*of.get(a.0 as usize)?)?, k))).collect::<Option<_>>()?;
    terms.sort();
    Some(Relation { constant: lin.constant, terms })
}

/// `not (lin >= 0)`: `-lin - 1 >= 0`.
fn negated(lin: &Lin) -> Option<Lin> {
    lin.scaled(-1)?.shifted(-1)
}

/// Normalised over the integers (coefficients divided by their gcd, the
/// constant rounded down: the same integer points).
fn normal(lin: Lin) -> Lin {
    Constraint { lin, why: FactSet::default() }.normalized().lin
}

/// Fourier–Motzkin projection of `system` (each `lin >= 0`) onto the atoms
/// `keep` accepts: constraints over those atoms only that every integer
/// solution of `system` satisfies (each derived constraint is normalised
/// over the integers) (when an elimination would pass
/// [`MAX_CONSTRAINTS`], the constraints on that atom are dropped instead,
/// which keeps that true). None when the elimination shows `system` has
/// no solution.
fn project(system: Vec<Lin>, keep: &impl Fn(Atom) -> bool) -> Option<Vec<Lin>> {
    let mut set: Vec<Lin> = Vec::new();
    let add = |set: &mut Vec<Lin>, lin: Lin| -> Option<()> {
        let lin = normal(lin);
        if lin.terms.is_empty() {
            return (lin.constant >= 0).then_some(());
        }
        match set.iter_mut().find(|c| c.terms == lin.terms) {
            Some(c) => c.constant = c.constant.min(lin.constant),
            None => set.push(lin),
        }
        Some(())
    };
    for lin in system {
        add(&mut set, lin)?;
    }
    loop {
        // The atom to eliminate: the one whose elimination adds fewest.
        let mut best: Option<(Atom, usize)> = None;
        for c in &set {
            for &(a, _) in &c.terms {
                if keep(a) || best.is_some_and(|(b, _)| b == a) {
                    continue;
                }
                let pos = set.iter().filter(|c| c.coefficient(a) > 0).count();
                let neg = set.iter().filter(|c| c.coefficient(a) < 0).count();
                let cost = pos * neg;
                if best.is_none_or(|(_, c)| cost < c) {
                    best = Some((a, cost));
                }
            }
        }
        let Some((x, cost)) = best else { return Some(set) };
        let (with, rest): (Vec<Lin>, Vec<Lin>) = set.into_iter().partition(|c| c.coefficient(x) != 0);
        set = rest;
        if set.len() + cost > MAX_CONSTRAINTS {
            // Dropping every constraint on `x` projects a larger set.
            continue;
        }
        let (pos, neg): (Vec<&Lin>, Vec<&Lin>) = with.iter().partition(|c| c.coefficient(x) > 0);
        for p in &pos {
            for n in &neg {
                let (kp, kn) = (p.coefficient(x), -n.coefficient(x));
                // kn × p + kp × n has no x; a number past the limit drops
                // the combination (a larger set again).
                if let Some(combined) = p.scaled(kn).and_then(|s| s.add_scaled(n, kp)) {
                    add(&mut set, combined)?;
                }
            }
        }
    }
}

/// Whether `system` has no integer solution, as far as [`project`]ion
/// onto no atom shows (false: not shown).
fn infeasible(system: Vec<Lin>) -> bool {
    project(system, &|_| false).is_none()
}

/// The bounds of each argument atom's type, as `x - min >= 0`, `max - x
/// >= 0` (signed readings; `index` at `index_width`).
fn type_bounds(of: &[Option<Quantity>], function: Op<'_>, index_width: u32) -> Vec<Lin> {
    let Some(entry) = function.entry_block(0) else { return Vec::new() };
    let mut out = Vec::new();
    for (i, q) in of.iter().enumerate() {
        let Some(Quantity::Arg(n)) = q else { continue };
        if *n as usize >= entry.num_args() {
            continue;
        }
        let Some(w) = int_width(entry.arg(*n as usize), index_width) else { continue };
        let x = Lin::atom(Atom(i as u32));
        let max = smax(w);
        out.extend(x.shifted(max + 1));
        out.extend(x.scaled(-1).and_then(|l| l.shifted(max)));
    }
    out
}

/// The clause of `goal` (not shown at the access): the alternatives shown
/// to make it hold, each with the facts its proof used; Err(why) if none.
///
/// The projection leaves out, at first, the numeric ranges of values other
/// than the arguments (an induction variable's `[0, 2147483646]` read from
/// an `i32` bound): they only add alternatives such as `2147483647 <=
/// dim(%arg2, 0)`, which say that a buffer too large for the index to
/// reach its end is safe too. When no alternative is shown without them,
/// the projection is made again with every fact.
fn clause(
    query: &mut Query<'_, '_, '_, '_>,
    goal: &Lin,
    function: Op<'_>,
    of: &[Option<Quantity>],
    entry_bounds: &[Lin],
) -> Result<(Vec<Lin>, FactSet), String> {
    let kept = |a: Atom| of.get(a.0 as usize).is_some_and(Option::is_some);
    let entry = function.entry_block(0);
    let is_argument = |v: Val<'_>| matches!(v.def(), Def::Arg(block, _) if Some(block) == entry);
    let negated_goal = negated(goal).ok_or("the relation is too large to state")?;
    let mut outcome = Err(String::new());
    for with_ranges in [false, true] {
        let facts =
            query.facts.iter().filter(|f| with_ranges || !matches!(f.source, Source::Range(v) if !is_argument(v)));
        let mut system: Vec<Lin> = facts.flat_map(|f| f.lins.iter().cloned()).collect();
        // What is known of the entry quantities alone (to drop alternatives
        // they rule out, or that imply another).
        let mut entry_facts: Vec<Lin> =
            system.iter().filter(|l| !l.terms.is_empty() && l.terms.iter().all(|&(a, _)| kept(a))).cloned().collect();
        entry_facts.extend(entry_bounds.iter().cloned());
        system.push(negated_goal.clone());
        outcome = alternatives(query, goal, system, &entry_facts, &kept);
        if outcome.is_ok() {
            break;
        }
    }
    outcome
}

/// The alternatives of [`clause`] from the facts `system` (with the negated
/// goal) and what is known of the entry quantities (`entry_facts`).
fn alternatives(
    query: &mut Query<'_, '_, '_, '_>,
    goal: &Lin,
    system: Vec<Lin>,
    entry_facts: &[Lin],
    kept: &impl Fn(Atom) -> bool,
) -> Result<(Vec<Lin>, FactSet), String> {
    let Some(violation) = project(system, kept) else {
        return Err("its facts rule the violation out, but the prover did not show it".into());
    };
    let mut candidates: Vec<Lin> = violation.iter().filter_map(negated).collect();
    // Alternatives the entry facts rule out say nothing.
    candidates.retain(|d| {
        let mut s = entry_facts.to_vec();
        s.push(d.clone());
        !infeasible(s)
    });
    // An alternative that implies another adds nothing to the disjunction.
    let mut i = 0;
    while i < candidates.len() {
        let implies_other = (0..candidates.len()).any(|j| {
            j != i && {
                let mut s = entry_facts.to_vec();
                s.push(candidates[i].clone());
                negated(&candidates[j]).is_some_and(|n| {
                    s.push(n);
                    infeasible(s)
                })
            }
        });
        if implies_other {
            candidates.remove(i);
        } else {
            i += 1;
        }
    }
    if candidates.is_empty() {
        return Err("no condition on the function's arguments and buffer sizes rules the violation out".into());
    }
    candidates.truncate(MAX_ALTERNATIVES);
    let mut shown = Vec::new();
    let mut used = FactSet::default();
    for d in candidates {
        if let Some(why) = query.prove_assuming(goal, std::slice::from_ref(&d)) {
            used = used.union(why);
            shown.push(d);
        }
    }
    if shown.is_empty() {
        return Err("the prover did not show it under any candidate condition on the arguments".into());
    }
    Ok((shown, used))
}

/// What an unproven indexed access left unshown: the dimensions of
/// `memref` the relational prover did not show (index, dimension,
/// elements covered), or why a dimension asked no relation (`why`).
pub(crate) struct Unshown<'u, 'a> {
    pub(crate) memref: Val<'a>,
    pub(crate) dims: &'u [(Val<'a>, usize, i64)],
    pub(crate) why: Option<&'static str>,
}

/// The precondition of unproven access `a` (its relational query, if one
/// was made, at index width `index_width`), or why none is shown.
pub(crate) fn for_access<'a>(
    a: &Access<'a>,
    query: Option<&mut Query<'_, '_, '_, 'a>>,
    index_width: u32,
    unshown: Unshown<'_, 'a>,
) -> Result<Precondition, String> {
    if let Some(f) = a.failures.iter().find(|f| matches!(f, Failure::Unanalysed(_) | Failure::NotModelled)) {
        return Err(f.message(&a.op_name));
    }
    if let Some(why) = unshown.why {
        // The first failure says why that dimension is not a relation.
        return Err(a.failures.first().map_or_else(|| why.to_string(), |f| f.message(&a.op_name)));
    }
    let (Some(query), Some(function)) = (query, enclosing_func(a.op)) else {
        return Err("the access is in no func.func".into());
    };
    let mut goals = Vec::new();
    for &(index, dim, covered) in unshown.dims {
        let Some((i, upper)) = dim_goals(query, index, unshown.memref, dim, covered) else {
            return Err("an index is not read as an integer relation".into());
        };
        goals.push(i);
        goals.push(upper.ok_or("the relation is too large to state")?);
    }
    let p = derive(query, function, index_width, &goals)?;
    if p.clauses.is_empty() {
        return Err("every relation it needs is shown".into());
    }
    Ok(p)
}

/// The precondition under which comparison `cmp` (`arith.cmpi`/`index.cmp`
/// in a `func.func`) is true wherever it runs, as the relational facts at
/// it show (no clause: true without one); Err(why) when none is shown.
/// Function versioning keeps a runtime check's comparison only on the path
/// where this does not hold at entry.
///
/// A clause whose every alternative keeps the comparison from running (the
/// "or the loop does not run" cases alone) is refused: under it the check
/// never runs, so a version without it would only run where it was not
/// needed.
pub(crate) fn for_compare<'a>(
    prover: &Prover<'_, '_, 'a>,
    cmp: Op<'a>,
    index_width: u32,
) -> Result<Precondition, String> {
    let function = enclosing_func(cmp).ok_or("the comparison is in no func.func")?;
    let mut query = Query::new(prover, cmp);
    let goals = true_goals(&mut query, cmp).ok_or("the comparison is not read as integer relations")?;
    let p = derive(&mut query, function, index_width, &goals)?;
    let entry = function.entry_block(0).ok_or("the function has no body")?;
    let argument = |n: u32| ((n as usize) < entry.num_args()).then(|| entry.arg(n as usize));
    for clause in &p.clauses {
        // `-1 >= 0` shown under an alternative: the facts at the comparison
        // contradict it (it does not run there).
        let runs = |query: &mut Query<'_, '_, '_, 'a>, r: &Relation| {
            r.lin(query, argument).is_some_and(|lin| query.prove_assuming(&Lin::constant(-1), &[lin]).is_none())
        };
        if !clause.iter().any(|r| runs(&mut query, r)) {
            return Err("it holds only where the comparison does not run".into());
        }
    }
    Ok(p)
}

/// The precondition under which every goal in `goals` (`g >= 0`, each a
/// relation an access needs, at the access `query` is for) holds, in terms
/// of the entry of `function` (a `func.func`), with no clause when the
/// prover shows every goal; Err(why) when one of them has none.
fn derive(
    query: &mut Query<'_, '_, '_, '_>,
    function: Op<'_>,
    index_width: u32,
    goals: &[Lin],
) -> Result<Precondition, String> {
    let mut clauses: Vec<Vec<Relation>> = Vec::new();
    let mut used = FactSet::default();
    // The counters of the loops around the access, so that their bounds
    // are among the facts even where the goal does not read them: they
    // give the "or the loop does not run" alternatives.
    let mut at = query.at.parent();
    while let Some(op) = at.filter(|op| *op != function) {
        if op.is_loop_like() {
            if let Some(block) = op.entry_block(0) {
                for i in 0..block.num_args() {
                    let _ = query.value(block.arg(i));
                }
            }
        }
        at = op.parent();
    }
    for goal in goals {
        if let Some(why) = query.prove(goal) {
            used = used.union(why);
            continue;
        }
        let of = quantities(query, function);
        let bounds = type_bounds(&of, function, index_width);
        let (shown, why) = clause(query, goal, function, &of, &bounds)?;
        used = used.union(why);
        let mut c: Vec<Relation> = shown.iter().filter_map(|d| relation(d, &of)).collect();
        if c.len() != shown.len() {
            return Err("a condition names a value other than the arguments".into());
        }
        c.sort_by(|a, b| a.terms.cmp(&b.terms).then(a.constant.cmp(&b.constant)));
        if !clauses.contains(&c) {
            clauses.push(c);
        }
    }
    let assumptions = query.uses_assumption(used).names().collect();
    Ok(Precondition { clauses, assumptions })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lin(c: i128, terms: &[(u32, i128)]) -> Lin {
        let mut l = Lin::constant(c);
        for &(a, k) in terms {
            l = l.add_scaled(&Lin::atom(Atom(a)), k).unwrap();
        }
        l
    }

    #[test]
    fn projection_eliminates_the_counter() {
        // i >= 0, m - 1 - i >= 0, i - d >= 0 (i >= d): m >= 1, m >= d + 1.
        let system = vec![lin(0, &[(0, 1)]), lin(-1, &[(1, 1), (0, -1)]), lin(0, &[(0, 1), (2, -1)])];
        let out = project(system, &|a: Atom| a.0 != 0).unwrap();
        assert!(out.contains(&lin(-1, &[(1, 1)])), "{out:?}");
        assert!(out.contains(&lin(-1, &[(1, 1), (2, -1)])), "{out:?}");
        assert_eq!(out.len(), 2, "{out:?}");
    }

    #[test]
    fn projection_finds_contradictions() {
        // x >= 3, x <= 2.
        assert!(infeasible(vec![lin(-3, &[(0, 1)]), lin(2, &[(0, -1)])]));
        assert!(!infeasible(vec![lin(-3, &[(0, 1)]), lin(3, &[(0, -1)])]));
        // 2x >= 1 and 2x <= 1 has the rational solution 1/2 only: the
        // integer normalisation (x >= 1, x <= 0) refutes it.
        assert!(infeasible(vec![lin(-1, &[(0, 2)]), lin(1, &[(0, -2)])]));
    }
}
