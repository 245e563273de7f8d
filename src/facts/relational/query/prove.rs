//! Deciding a goal from a query's facts.
//!
//! [`Query::prove_assuming`] gathers facts outwards from the question one
//! distance at a time and, after each step that added some, tries the
//! refutations that cost a pass or a few over the constraints
//! ([`Query::refute_simply`]: bounds in a box, a pair of constraints, a
//! cycle of differences); only when none succeeds with every fact is the
//! system eliminated ([`Query::refute_by_elimination`]), splitting cases
//! on the recorded disjunctions that can bear on the goal
//! ([`relevant_choices`], [`Query::refute_cases`]).
//!
//! Invariant: a goal is proven only by refuting its negation with facts
//! that hold at the query's op (in every case of a split); the facts used
//! are returned so the caller can tell which assumptions the proof rests
//! on. Budgets only make a proof fail, never succeed wrongly.

use super::{Query, LEAF_CASES, MAX_DISTANCE, MAX_SPLITS};
use crate::facts::relational::difference::refute_by_cycle;
use crate::facts::relational::linear::{Constraint, FactSet, Lin};
use crate::facts::relational::solver::{equal_forms, refute, refute_by_pair_of, refute_in_box};

impl<'q, 'r, 'f, 'a> Query<'q, 'r, 'f, 'a> {
    /// Whether `goal >= 0` holds at the query's op: the facts used, or None.
    pub(crate) fn prove(&mut self, goal: &Lin) -> Option<FactSet> {
        self.prove_assuming(goal, &[])
    }

    /// Whether `goal >= 0` holds at the query's op whenever every
    /// `assumption >= 0` does too (a case of a case analysis the caller
    /// makes): the facts used, or None.
    ///
    /// The facts are gathered outwards from the question, one step at a
    /// time up to [`MAX_DISTANCE`], and after each step that added some,
    /// the refutations that cost a pass or a few over the constraints are
    /// tried ([`Query::refute_simply`]); only when none succeeds with
    /// every fact is the system eliminated. In a deep nest most goals
    /// follow from a chain of bounds a few steps long, while an
    /// elimination over every loop within reach costs about a million
    /// instructions. Facts left out only weaken an attempt, and the last
    /// one has every fact the full expansion gives.
    pub(crate) fn prove_assuming(&mut self, goal: &Lin, assumptions: &[Lin]) -> Option<FactSet> {
        let negated = Constraint { lin: goal.scaled(-1)?.shifted(-1)?, why: FactSet::default() };
        let assumed: Vec<Constraint> =
            assumptions.iter().map(|a| Constraint { lin: a.clone(), why: FactSet::default() }).collect();
        // The system's size at the last attempt: one that has not grown
        // fails again.
        let mut tried = None;
        for level in 0..=MAX_DISTANCE {
            // A proof asked for while an atom is expanded expands all, as
            // the expansion would if it had not paused.
            let paused = if self.expanding {
                self.expand_all();
                false
            } else {
                self.expand_until(level)
            };
            let size = Some((self.base.len(), self.choices.len()));
            if tried != size {
                tried = size;
                if let Some(why) = self.refute_simply(&negated, &assumed) {
                    return Some(why);
                }
            }
            if !paused {
                break;
            }
        }
        self.refute_by_elimination(&negated, &assumed)
    }

    /// Whether the facts gathered so far refute `negated` (a goal's
    /// negation) together with `assumed` by one of the refutations that
    /// cost a pass or a few over the constraints: the facts used, or None.
    fn refute_simply(&self, negated: &Constraint, assumed: &[Constraint]) -> Option<FactSet> {
        // Most goals follow from the atoms' bounds alone; only a bound
        // that rests on no assumption is used there, so that an
        // elimination that needs none is not pre-empted by one that does.
        if let Some(why) = refute_in_box(self.base.iter().chain(assumed), self.assuming, &negated.lin) {
            return Some(why);
        }
        // So does a goal that one fact contradicts once sizes and other
        // equal quantities are named alike ([`refute_by_pair_of`]): first by
        // facts that rest on no assumption, for the same reason; then by
        // any, as the elimination would (which prefers no proof to another
        // by its assumptions, and finds every one a pair finds).
        // (Without facts that rest on an assumption, the second attempt
        // would repeat the first.)
        let exclusions: &[FactSet] = if self.assuming == FactSet::default() {
            &[FactSet::default()]
        } else {
            &[self.assuming, FactSet::default()]
        };
        // The goal's forms once equal quantities are named alike, per
        // exclusion: the pairs and the cycles read the same ones. They
        // depend on the exclusion only through the equalities it leaves
        // out: the second exclusion (none) gives the first's forms again
        // when that one left out no equality.
        let first = equal_forms(negated, &self.equalities, exclusions[0]);
        let second = exclusions
            .get(1)
            .filter(|_| self.equalities.iter().any(|e| e.why.intersects(exclusions[0])))
            .map(|&excluded| equal_forms(negated, &self.equalities, excluded));
        let forms = |i: usize| if i == 0 { &first } else { second.as_ref().unwrap_or(&first) };
        let pairs: Vec<&Constraint> = self.base.iter().chain(assumed).collect();
        if let Some(why) =
            exclusions.iter().enumerate().find_map(|(i, &excluded)| refute_by_pair_of(&pairs, forms(i), excluded))
        {
            return Some(why);
        }
        // A chain of differences (loop bounds through minima to a size),
        // in the same order, with the goal's forms once equal quantities
        // are named alike (`o = i - j` makes `o >= 0` a difference).
        let atoms = self.keys.len();
        exclusions
            .iter()
            .enumerate()
            .find_map(|(i, &excluded)| refute_by_cycle(&[&self.base, assumed], forms(i), excluded, atoms))
    }

    /// Whether the facts gathered so far refute `negated` together with
    /// `assumed` by elimination, splitting cases where that alone does
    /// not: the facts used, or None.
    fn refute_by_elimination(&self, negated: &Constraint, assumed: &[Constraint]) -> Option<FactSet> {
        let system = || self.base.iter().chain([negated]).chain(assumed);
        if let Some(why) = refute(system()) {
            return Some(why);
        }
        // Case splits: under every alternative of the first split the goal
        // can use, the system must be refuted, splitting further only
        // where it is not yet.
        if self.choices.is_empty() {
            return None;
        }
        let splits = relevant_choices(&self.base, &self.choices, [negated].into_iter().chain(assumed));
        if splits.is_empty() {
            return None;
        }
        let system: Vec<&Constraint> = system().collect();
        self.refute_cases(&system, &negated.lin, &splits)
    }

    /// Whether `system` (not refuted as it is) is refuted in every case of
    /// `splits`: the facts used, or None. Up to [`LEAF_CASES`] cases, each
    /// combination of alternatives is refuted; past that, the cases are
    /// split one at a time: under each alternative of `splits[0]`, a
    /// branch closes as soon as its constraints contradict and splits
    /// further by the rest only if they do not, so a split that only one
    /// alternative survives (its others contradict the facts) costs one
    /// refutation per alternative instead of doubling the rest. A closed
    /// branch refutes every combination below it (they have more
    /// constraints), so both show whatever refuting every combination
    /// shows.
    fn refute_cases(&self, system: &[&Constraint], negated: &Lin, splits: &[usize]) -> Option<FactSet> {
        let refuted = |branch: &[&Constraint]| {
            refute_in_box(branch.iter().copied(), self.assuming, negated).or_else(|| refute(branch.iter().copied()))
        };
        if splits.is_empty() {
            return None;
        }
        let cases: usize = splits.iter().map(|&c| self.choices[c].len()).product();
        let mut why = FactSet::default();
        if cases <= LEAF_CASES {
            // Combinations numbered in mixed radix, one digit per split.
            for mut n in 0..cases {
                let mut branch = system.to_vec();
                for &c in splits {
                    let choice = &self.choices[c];
                    branch.extend(&choice[n % choice.len()]);
                    n /= choice.len();
                }
                why = why.union(refuted(&branch)?);
            }
            return Some(why);
        }
        let (&first, rest) = splits.split_first()?;
        for alternative in &self.choices[first] {
            let mut branch = system.to_vec();
            branch.extend(alternative);
            why = why.union(match refuted(&branch) {
                Some(w) => w,
                None => self.refute_cases(&branch, negated, rest)?,
            });
        }
        Some(why)
    }
}

/// The case splits (indices into `choices`, at most [`MAX_SPLITS`], in
/// the order they were recorded) that can bear on refuting `seeds` with
/// `base`: those whose alternatives share an atom with the seeds, directly
/// or through base constraints and other such splits. A split that shares
/// none constrains other quantities only: each of its cases leaves the
/// seeds' part of the system as it was, so it cannot help, and leaving it
/// out (like any fact) stays sound.
fn relevant_choices<'c>(
    base: &[Constraint],
    choices: &[Vec<Vec<Constraint>>],
    seeds: impl IntoIterator<Item = &'c Constraint>,
) -> Vec<usize> {
    // Atoms are numbered below MAX_ATOMS <= 64.
    let mask = |c: &Constraint| c.lin.terms.iter().fold(0u64, |m, &(a, _)| m | (1u64 << a.0));
    let mut reached = seeds.into_iter().fold(0u64, |m, c| m | mask(c));
    let base: Vec<u64> = base.iter().map(mask).collect();
    let split: Vec<u64> = choices.iter().map(|alts| alts.iter().flatten().fold(0u64, |m, c| m | mask(c))).collect();
    let mut used_base = vec![false; base.len()];
    let mut relevant = vec![false; choices.len()];
    let mut grew = true;
    while grew {
        grew = false;
        for (i, &m) in base.iter().enumerate() {
            if !used_base[i] && m & reached != 0 {
                (used_base[i], reached, grew) = (true, reached | m, true);
            }
        }
        for (i, &m) in split.iter().enumerate() {
            if !relevant[i] && m & reached != 0 {
                (relevant[i], reached, grew) = (true, reached | m, true);
            }
        }
    }
    (0..choices.len()).filter(|&i| relevant[i]).take(MAX_SPLITS).collect()
}
