//! Refutation of difference constraints by a negative cycle.
//!
//! Most facts about loops are differences: `iv - lb >= 0`, `ub - iv - 1 >=
//! 0`, `m - x >= 0` for `m = min(x, y)`, `size = n` as two halves, and
//! bounds of single atoms. A system of constraints `u - v <= w` (and `u <=
//! w`, `-v <= w` against a zero node) is the graph with an edge `v → u` of
//! weight `w` per constraint; it has no integer solution exactly when the
//! graph has a cycle of negative weight (the constraints along a cycle add
//! up to `0 <= Σ w`; with integer weights, no such cycle means the
//! shortest distances are an integer solution).
//!
//! Algorithm: keep the constraints that are differences once normalized
//! (one atom with coefficient ±1, or two with +1 and -1), ignoring those
//! derived from an excluded fact. A goal's negation contradicts them when
//! some cycle through its own edge is negative: per goal edge `a → b`,
//! Bellman–Ford from `b` over the other edges (rounds until nothing
//! changes, at most one per node) gives the shortest path back to `a`,
//! and the goal is refuted if that path's weight plus the goal's is
//! negative; the facts of the path's edges and the goal's are the reason.
//! A few rounds (the length of the longest chain) over the edges, with no
//! hash table and no derived constraint: in a deep nest, where a chain of
//! loop bounds leads from an index to a buffer's size, this finds the
//! chain for a small part of what an elimination over every loop within
//! reach costs. A contradiction among the other constraints alone, or one
//! that needs two goal edges, is left to the elimination.
//!
//! Invariant: a refutation is returned only for a path whose weights,
//! summed edge by edge, with the goal's make a negative cycle, so the
//! constraints on it (each implied by its input constraint over the
//! integers) contradict: sound whatever the search did. Anything else is
//! `None` (not shown), including a sum too large to compute.

use smallvec::SmallVec;

use super::linear::{Constraint, FactSet};

/// `to - from <= weight`, derived from the facts `why`.
#[derive(Clone, Copy)]
struct Edge {
    from: usize,
    to: usize,
    weight: i128,
    why: FactSet,
}

/// `constraint` (normalized) as an edge over nodes `0..zero` (atoms) and
/// `zero` (the constant 0), if it is a difference. Normalizing divides a
/// difference's coefficients `±k` by `k` and rounds its constant down
/// ([`Constraint::normalized`]); done here on the numbers, without a copy
/// of the constraint.
#[inline]
fn edge(c: &Constraint, zero: usize) -> Option<Edge> {
    let node = |a: u32| (a as usize) < zero;
    let (from, to, k) = match c.lin.terms[..] {
        // k·x + w >= 0: 0 - x <= w / k.
        [(x, k)] if k > 0 && node(x.0) => (x.0 as usize, zero, k),
        // -k·x + w >= 0: x - 0 <= w / k.
        [(x, k)] if k < 0 && node(x.0) => (zero, x.0 as usize, -k),
        // k·x - k·y + w >= 0: y - x <= w / k.
        [(x, k), (y, l)] if k > 0 && l == -k && node(x.0) && node(y.0) => (x.0 as usize, y.0 as usize, k),
        [(y, l), (x, k)] if k > 0 && l == -k && node(x.0) && node(y.0) => (x.0 as usize, y.0 as usize, k),
        _ => return None,
    };
    // (A 128-bit division is a library call: most coefficients are 1.)
    let weight = if k == 1 { c.lin.constant } else { c.lin.constant.div_euclid(k) };
    Some(Edge { from, to, weight, why: c.why })
}

/// `Some(facts)` if one of `goals` (forms of a goal's negation) that is a
/// difference contradicts the difference constraints among those of the
/// slices `constraints` (over atoms numbered below `atoms`), leaving out
/// those derived from a fact in `excluded`: a path of constraints from the
/// goal's head back to its tail that, with the goal, sums to a negative
/// weight. `None` says nothing.
pub(crate) fn refute_by_cycle(
    constraints: &[&[Constraint]],
    goals: &[Constraint],
    excluded: FactSet,
    atoms: usize,
) -> Option<FactSet> {
    let zero = atoms;
    // The edges of the constraints not excluded, pushed in place (collected
    // into a new array, the inline storage would be copied, a few
    // kilobytes per call), each slice read in a loop of its own (a chained
    // iterator asked for one item at a time cost more than the search).
    let push_edges = |part: &[Constraint], out: &mut dyn FnMut(Edge)| {
        for c in part.iter().filter(|c| !c.why.intersects(excluded)) {
            if let Some(e) = edge(c, zero) {
                out(e);
            }
        }
    };
    let mut goal_edges: SmallVec<[Edge; 8]> = SmallVec::new();
    push_edges(goals, &mut |e| goal_edges.push(e));
    if goal_edges.is_empty() {
        return None;
    }
    let mut edges: SmallVec<[Edge; 64]> = SmallVec::new();
    for &part in constraints {
        push_edges(part, &mut |e| edges.push(e));
    }
    let goals = goal_edges;
    let mut sources: SmallVec<[usize; 8]> = goals.iter().map(|g| g.to).collect();
    sources.sort_unstable();
    sources.dedup();
    let nodes = atoms + 1;
    let mut dist: SmallVec<[Option<i128>; 32]> = SmallVec::from_elem(None, nodes);
    let mut pred: SmallVec<[Option<usize>; 32]> = SmallVec::from_elem(None, nodes);
    for source in sources {
        if !shortest_paths(&edges, source, &mut dist, &mut pred) {
            continue;
        }
        for g in goals.iter().filter(|g| g.to == source) {
            // The path source ⇝ g.from says `g.from - source <= Σ w`; the
            // goal says `source - g.from <= g.weight`.
            let Some((weight, why)) = path(&edges, &pred, source, g.from, nodes) else { continue };
            if weight.checked_add(g.weight).is_some_and(|w| w < 0) {
                return Some(why.union(g.why));
            }
        }
    }
    None
}

/// Bellman–Ford from `source` over `edges`: the shortest distance to each
/// node (None: unreached) and the edge it was last reached by. False when
/// it does not settle within as many rounds as there are nodes (a
/// negative cycle) or a sum overflows.
fn shortest_paths(edges: &[Edge], source: usize, dist: &mut [Option<i128>], pred: &mut [Option<usize>]) -> bool {
    dist.fill(None);
    pred.fill(None);
    dist[source] = Some(0);
    for _ in 0..dist.len() {
        let mut changed = false;
        for (i, e) in edges.iter().enumerate() {
            let Some(from) = dist[e.from] else { continue };
            let Some(d) = from.checked_add(e.weight) else { return false };
            if dist[e.to].is_none_or(|old| d < old) {
                dist[e.to] = Some(d);
                pred[e.to] = Some(i);
                changed = true;
            }
        }
        if !changed {
            return true;
        }
    }
    false
}

/// The weight and facts of the path of predecessor edges from `source` to
/// `to`, summed edge by edge; None when `to` is unreached or the walk does
/// not reach `source` within `nodes` edges.
fn path(edges: &[Edge], pred: &[Option<usize>], source: usize, to: usize, nodes: usize) -> Option<(i128, FactSet)> {
    let (mut v, mut weight, mut why) = (to, 0i128, FactSet::default());
    for _ in 0..nodes {
        if v == source {
            return Some((weight, why));
        }
        let e = edges[pred[v]?];
        weight = weight.checked_add(e.weight)?;
        why = why.union(e.why);
        v = e.from;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::relational::linear::{Atom, Lin};

    fn c(constant: i128, terms: &[(u32, i128)], fact: usize) -> Constraint {
        let lin = Lin { constant, terms: terms.iter().map(|&(a, k)| (Atom(a), k)).collect() };
        Constraint { lin, why: FactSet::single(fact) }
    }

    #[test]
    fn edges_are_those_of_the_normalized_constraints() {
        // The reading on the normalized copy, term by term.
        let by_copy = |c: &Constraint, zero: usize| {
            let n = c.clone().normalized();
            let node = |a: Atom| (a.0 as usize) < zero;
            let (from, to) = match n.lin.terms[..] {
                [(x, 1)] if node(x) => (x.0 as usize, zero),
                [(x, -1)] if node(x) => (zero, x.0 as usize),
                [(x, 1), (y, -1)] | [(y, -1), (x, 1)] if node(x) && node(y) => (x.0 as usize, y.0 as usize),
                _ => return None,
            };
            Some((from, to, n.lin.constant))
        };
        let zero = 3;
        let mut differences = 0;
        for constant in -7..=7 {
            for k in (-4..=4).filter(|&k| k != 0) {
                for l in (-4..=4).filter(|&l| l != 0) {
                    for (a, b) in [(0, 1), (1, 0), (2, 5)] {
                        for terms in [vec![(a, k)], vec![(a, k), (b, l)]] {
                            let c = c(constant, &terms, 0);
                            let e = edge(&c, zero).map(|e| (e.from, e.to, e.weight));
                            assert_eq!(e, by_copy(&c, zero), "{constant} {terms:?}");
                            differences += usize::from(e.is_some());
                        }
                    }
                }
            }
        }
        assert!(differences > 100);
    }

    #[test]
    fn a_chain_of_bounds_refutes_the_negated_goal() {
        // i <= m - 1, m <= n, n = d; negated goal i - d >= 0.
        let system = [
            c(-1, &[(0, -1), (1, 1)], 0),
            c(0, &[(1, -1), (2, 1)], 1),
            c(0, &[(2, 1), (3, -1)], 2),
            c(0, &[(2, -1), (3, 1)], 2),
            // Unrelated and not a difference.
            c(5, &[(0, 2), (1, 1)], 4),
        ];
        let goal = [c(0, &[(0, 1), (3, -1)], 3)];
        let why = refute_by_cycle(&[&system], &goal, FactSet::default(), 4).expect("refuted");
        assert_eq!(why.facts().collect::<Vec<_>>(), vec![0, 1, 2, 3]);
        // Without the size's equality the chain is broken.
        assert_eq!(refute_by_cycle(&[&system], &goal, FactSet::single(2), 4), None);
    }

    #[test]
    fn a_satisfiable_system_is_not_refuted() {
        // 0 <= i <= m - 1, m <= n; negated goal i - n + 1 >= 0 (i = n - 1 =
        // m - 1 satisfies all).
        let system = [c(0, &[(0, 1)], 0), c(-1, &[(0, -1), (1, 1)], 1), c(0, &[(1, -1), (2, 1)], 2)];
        let goal = [c(1, &[(0, 1), (2, -1)], 3)];
        assert_eq!(refute_by_cycle(&[&system], &goal, FactSet::default(), 3), None);
    }

    #[test]
    fn bounds_of_single_atoms_close_cycles_through_zero() {
        // x >= 3, y <= 1; negated goal y - x >= 0.
        let system = [c(-3, &[(0, 1)], 0), c(1, &[(1, -1)], 1)];
        let goal = [c(0, &[(0, -1), (1, 1)], 2)];
        let why = refute_by_cycle(&[&system], &goal, FactSet::default(), 2).expect("refuted");
        assert_eq!(why.facts().collect::<Vec<_>>(), vec![0, 1, 2]);
        // Without fact 1 nothing bounds y from above.
        assert_eq!(refute_by_cycle(&[&system], &goal, FactSet::single(1), 2), None);
    }

    #[test]
    fn scaled_differences_are_normalized_and_others_ignored() {
        // 2x - 2y - 1 >= 0 is x - y - 1 >= 0 over the integers; negated
        // goal y - x >= 0.
        let system = [c(-1, &[(0, 2), (1, -2)], 0)];
        let goal = [c(0, &[(0, -1), (1, 1)], 1)];
        assert!(refute_by_cycle(&[&system], &goal, FactSet::default(), 2).is_some());
        // x - 2y >= 0 with 2y - x - 1 >= 0 is infeasible but not a
        // difference system: not shown here.
        let system = [c(0, &[(0, 1), (1, -2)], 0)];
        let goal = [c(-1, &[(0, -1), (1, 2)], 1)];
        assert_eq!(refute_by_cycle(&[&system], &goal, FactSet::default(), 2), None);
    }

    #[test]
    fn a_negative_cycle_without_the_goal_is_left_to_the_elimination() {
        // x - y >= 1 and y - x >= 1 contradict each other alone.
        let system = [c(-1, &[(0, 1), (1, -1)], 0), c(-1, &[(0, -1), (1, 1)], 1)];
        let goal = [c(0, &[(0, 1)], 2)];
        assert_eq!(refute_by_cycle(&[&system], &goal, FactSet::default(), 2), None);
    }
}
