//! Explanations in the IR's own names: the relation a proof was asked
//! for, the facts a proof used, and, for a relation not shown, what was
//! known about its values and what was missing.
//!
//! Relations print as `lhs <= rhs` with every coefficient positive (`%i +
//! 1 <= dim(%arg0, 0)`); an equality given as two inequalities prints once
//! with `=`. Names come from `Val::operand_name` (costly: only rendered
//! when a message is wanted).

use crate::facts::ir::{slot_of, slot_reason, FastMap};

use super::linear::{Atom, FactSet, Lin};
use super::query::Query;
use super::{Key, Source};

/// Atom names, computed once per explanation.
pub(crate) struct Names<'q, 'r, 'f, 'a, 'b> {
    query: &'b Query<'q, 'r, 'f, 'a>,
    cache: FastMap<Atom, String>,
}

impl<'q, 'r, 'f, 'a, 'b> Names<'q, 'r, 'f, 'a, 'b> {
    pub(crate) fn new(query: &'b Query<'q, 'r, 'f, 'a>) -> Self {
        Names { query, cache: FastMap::default() }
    }

    fn name(&mut self, a: Atom) -> String {
        let query = self.query;
        self.cache
            .entry(a)
            .or_insert_with(|| match query.keys[a.0 as usize] {
                Key::Value(v) => v.operand_name(),
                Key::Dim(m, k) => format!("dim({}, {k})", m.operand_name()),
                Key::Aux(op, n) if op.is_loop_like() => format!("it{n}({} at {})", op.name(), op.loc_string()),
                // Result n's first division is q{n}; its j-th after that
                // n + j × 2^16 (Query::affine_tree_value).
                Key::Aux(op, n) if n >> 16 != 0 => {
                    format!("q{}.{}({} at {})", n & 0xffff, n >> 16, op.name(), op.loc_string())
                }
                Key::Aux(op, n) => format!("q{n}({} at {})", op.name(), op.loc_string()),
            })
            .clone()
    }

    /// One side: `2 * %i + %j + 3`, or `0`.
    fn side(&mut self, terms: &[(Atom, i128)], constant: i128) -> String {
        let mut parts: Vec<String> =
            terms.iter().map(|&(a, k)| if k == 1 { self.name(a) } else { format!("{k} * {}", self.name(a)) }).collect();
        if constant != 0 || parts.is_empty() {
            parts.push(constant.to_string());
        }
        parts.join(" + ")
    }

    /// `lin >= 0` as `lhs <= rhs` (or `lhs = rhs` when `equal`).
    pub(crate) fn relation(&mut self, lin: &Lin, equal: bool) -> String {
        let neg: Vec<(Atom, i128)> = lin.terms.iter().filter(|t| t.1 < 0).map(|&(a, k)| (a, -k)).collect();
        let pos: Vec<(Atom, i128)> = lin.terms.iter().filter(|t| t.1 > 0).copied().collect();
        let (lc, rc) = if lin.constant < 0 { (-lin.constant, 0) } else { (0, lin.constant) };
        let op = if equal { "=" } else { "<=" };
        format!("{} {op} {}", self.side(&neg, lc), self.side(&pos, rc))
    }

    /// A fact's relations and source: `%i + 1 <= %n (bounds of scf.for at f.mlir:3:5)`.
    fn fact(&mut self, index: usize) -> String {
        let fact = &self.query.facts[index];
        let mut rels = Vec::new();
        let mut skip = vec![false; fact.lins.len()];
        for i in 0..fact.lins.len() {
            if skip[i] {
                continue;
            }
            let negated = fact.lins[i].scaled(-1);
            let pair = (i + 1..fact.lins.len()).find(|&j| !skip[j] && Some(&fact.lins[j]) == negated.as_ref());
            if let Some(j) = pair {
                skip[j] = true;
            }
            let lin = fact.lins[i].clone();
            rels.push(self.relation(&lin, pair.is_some()));
        }
        let source = describe(&fact.source);
        if rels.is_empty() {
            source
        } else {
            format!("{} ({source})", rels.join(", "))
        }
    }

    /// The facts of `used`, one string each.
    pub(crate) fn facts(&mut self, used: FactSet) -> Vec<String> {
        used.facts().filter(|&i| i < self.query.facts.len()).map(|i| self.fact(i)).collect()
    }

    /// The failure of `goal >= 0` (in the case `assumed >= 0`, if given):
    /// `cannot show <relation>[ when <case>]: <why>`.
    pub(crate) fn not_shown(&mut self, goal: &Lin, assumed: Option<&Lin>) -> String {
        let relation = self.relation(goal, false);
        let case = assumed.map_or(String::new(), |a| format!(" when {}", self.relation(a, false)));
        format!("cannot show {relation}{case}: {}", self.failure(goal))
    }

    /// Why `goal >= 0` was not shown: what is known about its values, and
    /// which of them nothing relates to the others.
    pub(crate) fn failure(&mut self, goal: &Lin) -> String {
        let atoms: Vec<Atom> = goal.terms.iter().map(|t| t.0).collect();
        let query = self.query;
        let mentions = |i: usize, a: Atom| query.facts[i].lins.iter().any(|l| l.coefficient(a) != 0);
        let relates =
            |i: usize, a: Atom| query.facts[i].lins.iter().any(|l| l.coefficient(a) != 0 && l.terms.len() > 1);
        // Facts about the goal's values, relations first (a size's own
        // bounds say little about why a relation fails).
        let mut known: Vec<usize> = (0..query.facts.len())
            .filter(|&i| atoms.iter().any(|&a| mentions(i, a)))
            .filter(|&i| !matches!(query.facts[i].source, Source::DimNonNegative | Source::BufferAssumption(_)))
            .collect();
        known.sort_by_key(|&i| !atoms.iter().any(|&a| relates(i, a)));
        known.truncate(4);
        let mut text = String::new();
        let sizes_only = (0..query.facts.len()).any(|i| atoms.iter().any(|&a| mentions(i, a)));
        if known.is_empty() && sizes_only {
            text.push_str("only the sizes' own bounds are known");
        } else if known.is_empty() {
            text.push_str("nothing is known about its values");
        } else {
            let facts: Vec<String> = known.iter().map(|&i| self.fact(i)).collect();
            text.push_str(&format!("known: {}", facts.join("; ")));
        }
        // A value the goal reads that a front end keeps in a stack slot.
        let slot = query.keys.iter().find_map(|k| match k {
            Key::Value(v) => slot_of(*v).map(|slot| (*v, slot)),
            _ => None,
        });
        if let Some((v, slot)) = slot {
            text.push_str(&format!("; {}: {}", v.operand_name(), slot_reason(slot)));
        }
        if atoms.len() > 1 {
            for &a in &atoms {
                if !(0..query.facts.len()).any(|i| relates(i, a)) {
                    let name = self.name(a);
                    text.push_str(&format!("; nothing relates {name} to the other values"));
                }
            }
        }
        text
    }
}

/// Where a fact comes from, in words.
fn describe(source: &Source<'_>) -> String {
    match source {
        Source::Range(v) => format!("range of {}", v.operand_name()),
        Source::Definition(op) => format!("{} at {}", op.name(), op.loc_string()),
        Source::LoopBounds(op) => format!("bounds of {} at {}", op.name(), op.loc_string()),
        Source::Condition { op, holds: true } => format!("condition of {} at {}", op.name(), op.loc_string()),
        Source::Condition { op, holds: false } => format!("negated condition of {} at {}", op.name(), op.loc_string()),
        Source::GuardExit { op, holds } => format!(
            "{} at {} exits when its condition is {}",
            op.name(),
            op.loc_string(),
            if *holds { "false" } else { "true" }
        ),
        Source::Assert(op) => format!("asserted by {} at {}", op.name(), op.loc_string()),
        Source::EarlierAccess(op) => format!("in bounds at the earlier {} at {}", op.name(), op.loc_string()),
        Source::WhileForward(op) => format!("forwarded by {} at {}", op.name(), op.loc_string()),
        Source::Invariant(op) => format!("inductive invariant of {} at {}", op.name(), op.loc_string()),
        Source::DimNonNegative => "sizes are non-negative".into(),
        Source::BufferAssumption(a) => a.names().collect::<Vec<_>>().join(", "),
    }
}
