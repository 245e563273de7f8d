//! Checking a report's claims about one case against its runs.
//!
//! Per loop (or parallel dimension) and argument set, undefined runs
//! skipped: exact counts equal every entry's, at_most bounds them, counter
//! ranges contain every observed value (and equal them where one entry's
//! or one bounds' values are seen), the exit equals every normal exit,
//! totals and entries the call's. A run beyond the fuel checks only what
//! it saw. Every contradiction is one line in [`SymTally::failures`].

use std::fmt::Write as _;

use crate::expr::{Env, EvalError};

use super::claims::{Claim, LoopClaims};
use super::emit::emit;
use super::json::Json;
use super::model::{fmt_args, op_name, ParDim, SymCase, Val};
use super::simulate::{Outcome, Run, FINAL_VALUE_OVERFLOWS};
use super::tally::SymTally;
use super::{slot, BUFFER_ASSUMPTION, BUFFER_DIMS_ASSUMPTION, FUEL, TOTAL_FUEL};

struct Checker<'a> {
    case: &'a SymCase,
    l: usize,
    set: usize,
    claims: &'a LoopClaims,
    run: &'a Run,
    exact: bool,
    /// Whether a poison value may still show up after a run beyond the
    /// fuel (the case has `nsw`/`nuw` arithmetic): then the run's totals
    /// so far are not checked.
    may_poison: bool,
    failures: Vec<String>,
    /// Claims that cannot be evaluated: (key, message), reported once per
    /// loop by the caller.
    invalid: Vec<(String, String)>,
    /// Checking `dims[k]` of parallel loop `l` (then `claims` are the
    /// dimension's): against its dimension's block, the record of the
    /// dimension's `scf.for` in the nest the op lowers to, over every
    /// entry of the op (each complete: the bounds decide it).
    dim: Option<usize>,
}

impl Checker<'_> {
    /// The record block checked: the loop's, or its dimension's.
    fn block(&self) -> usize {
        match self.dim {
            Some(k) => self.case.dim_block(self.l, k),
            None => self.l,
        }
    }
    /// Slot `s` of the block checked. A dimension's block keeps no
    /// condition counts and no normal exits: its loop's condition runs once
    /// more than its body per entry, and every entry ends normally.
    fn r(&self, s: usize) -> u64 {
        let at = |s: usize| self.run.record[slot::PER_LOOP * self.block() + s];
        match (self.dim, s) {
            (None, _) => at(s),
            (Some(_), slot::EC_MIN) => at(slot::EB_MIN).saturating_add(1),
            (Some(_), slot::EC_MAX) => at(slot::EB_MAX).saturating_add(1),
            (Some(_), slot::TOT_COND) => at(slot::TOT_BODY).saturating_add(at(slot::ENTRIES)),
            (Some(_), slot::NORMAL) => at(slot::ENTRIES),
            (Some(_), _) => at(s),
        }
    }
    /// Whether the run stopped in an entry of the loop (a dimension's
    /// record holds finished entries only).
    fn in_progress(&self) -> bool {
        self.dim.is_none() && self.run.in_progress[self.l]
    }
    /// A claim's name in messages: a dimension's under `dims[k].`, its
    /// counter's under `dims[k].counter.`.
    fn key(&self, key: &str, counter: bool) -> String {
        match (self.dim, counter) {
            (None, _) => key.to_string(),
            (Some(k), false) => format!("dims[{k}].{key}"),
            (Some(k), true) => format!("dims[{k}].counter.{key}"),
        }
    }
    fn signed(&self) -> bool {
        self.claims.signed.unwrap_or_else(|| self.case.loop_signed(self.l))
    }
    /// The observed [min, max] of the 4 statistics slots at `s`, in the
    /// counter's order.
    fn range(&self, s: usize) -> (i128, i128) {
        if self.signed() {
            (self.r(s) as i64 as i128, self.r(s + 1) as i64 as i128)
        } else {
            (self.r(s + 2) as i128, self.r(s + 3) as i128)
        }
    }
    fn fail(&mut self, msg: String) {
        let partial = match self.run.outcome {
            Outcome::OutOfFuel => " (run stopped at the fuel)",
            _ => "",
        };
        self.failures.push(format!(
            "seed {}: loop #{} ({}) with {}{partial}: {msg}",
            self.case.id,
            self.l,
            op_name(self.case.loops[self.l].shape),
            fmt_args(self.case, self.set)
        ));
    }
    fn eval(&mut self, key: &str, c: &Claim, tally: &mut SymTally) -> Option<i128> {
        let env = Env { args: &self.case.arg_sets[self.set], signed: self.signed() };
        match c.eval(&env) {
            Ok(v) => {
                let d = &self.case.loops[self.l];
                if !d.dims.is_empty() {
                    tally.par_checks += 1;
                    tally.par32_checks += self.case.nested as u64;
                    tally.nest_checks += d.parent.is_some_and(|p| !self.case.loops[p].dims.is_empty()) as u64;
                }
                if !c.is_expr() {
                    tally.numeric_checks += 1;
                } else if self.exact {
                    tally.exact_checks += 1;
                } else {
                    tally.at_most_checks += 1;
                }
                Some(v)
            }
            Err(EvalError::Overflow) => {
                tally.unevaluable += 1;
                None
            }
            Err(EvalError::Invalid(m)) => {
                let msg =
                    format!("{key} '{}' cannot be evaluated: {m} (with {})", c.text(), fmt_args(self.case, self.set));
                self.invalid.push((key.to_string(), msg));
                None
            }
        }
    }
    /// A per-entry count: `exact` (equal) or at most.
    /// `slots`: the per-entry min, max and current-entry slots.
    fn count(&mut self, key: &str, c: &Claim, slots: [usize; 3], exact: bool, tally: &mut SymTally) {
        let [min, max, cur] = slots;
        let key = self.key(key, false);
        let Some(v) = self.eval(&key, c, tally) else { return };
        let done = self.r(slot::ENTRIES) - self.in_progress() as u64;
        let (lo, hi) = (self.r(min) as i128, self.r(max) as i128);
        let text = c.text();
        if done > 0 {
            if exact && (lo != v || hi != v) {
                self.fail(format!("claims {key} '{text}' = {v}; executed {lo}..={hi} per entry ({done} entries)"));
            } else if !exact && hi > v {
                self.fail(format!("claims {key} '{text}' = {v}; an entry executed {hi}"));
            }
        }
        let so_far = self.r(cur) as i128;
        if self.in_progress() && so_far > v {
            self.fail(format!(
                "claims {key} '{text}' = {v}; the unfinished entry has already executed {so_far} (the fuel is {FUEL} per entry, {TOTAL_FUEL} per call)"
            ));
        }
    }
    fn total(&mut self, key: &str, c: &Claim, s: usize, tally: &mut SymTally) {
        if self.run.outcome != Outcome::Complete && self.may_poison {
            return;
        }
        let key = self.key(key, false);
        let Some(v) = self.eval(&key, c, tally) else { return };
        let seen = self.r(s) as i128;
        if self.run.outcome == Outcome::Complete && v != seen {
            self.fail(format!("claims {key} '{}' = {v}; observed {seen} in the call", c.text()));
        } else if v < seen {
            self.fail(format!("claims {key} '{}' = {v}; observed at least {seen} in the call", c.text()));
        }
    }
    /// Whether the observed values of one statistics group are one entry's
    /// (so that an exact range must equal them): a loop's when the run
    /// ended and the loop was entered once; a dimension's when its loop
    /// was entered once, or the op once, or the op's bounds are the same
    /// on every entry (no enclosing counter in them).
    fn one_entrys_values(&self) -> bool {
        match self.dim {
            None => self.run.outcome == Outcome::Complete && self.r(slot::ENTRIES) == 1,
            Some(_) => {
                let d = &self.case.loops[self.l];
                self.r(slot::ENTRIES) == 1
                    || self.run.record[slot::PER_LOOP * self.l + slot::ENTRIES] == 1
                    || !d.dims.iter().any(|p| [&p.lb, &p.ub, &p.step].into_iter().any(Val::has_outer))
            }
        }
    }
    /// A `[lo, hi]` claim; `bound_only` for a v1 numeric pair given beside
    /// an expression pair (the schema requires the numeric pair, so for a
    /// symbolic range it can only be an enclosing constant bound). A
    /// dimension's body range must also hold every value the op's body
    /// observed of its induction variable.
    fn range_claim(
        &mut self,
        key: &str,
        c: &[Claim; 2],
        s: usize,
        observed: bool,
        bound_only: bool,
        tally: &mut SymTally,
    ) {
        let key = self.key(key, true);
        let (Some(lo), Some(hi)) = (self.eval(&key, &c[0], tally), self.eval(&key, &c[1], tally)) else { return };
        let text = format!("['{}', '{}'] = [{lo}, {hi}]", c[0].text(), c[1].text());
        if self.dim.is_some() && s == slot::BODY && self.r(slot::SEEN) > 0 {
            let (olo, ohi) = self.range(slot::OBS);
            if olo < lo || ohi > hi {
                self.fail(format!("claims {key} {text}; the body observed values {olo}..={ohi}"));
            }
        }
        if !observed {
            return;
        }
        let (olo, ohi) = self.range(s);
        let (what, takes, exactly) = match self.dim {
            None => ("loop", "observed values", "observed exactly"),
            Some(_) => ("dimension", "the dimension's loop takes values", "its loop takes exactly"),
        };
        if olo < lo || ohi > hi {
            self.fail(format!("claims {key} {text}; {takes} {olo}..={ohi}"));
        } else if self.exact && !bound_only && self.one_entrys_values() && (olo, ohi) != (lo, hi) {
            self.fail(format!("exact {what} claims {key} {text}; {exactly} {olo}..={ohi}"));
        }
    }
    fn exit(&mut self, key: &str, c: &Claim, tally: &mut SymTally) {
        let key = self.key(key, true);
        let Some(v) = self.eval(&key, c, tally) else { return };
        if self.r(slot::NORMAL) == 0 {
            return;
        }
        let (lo, hi) = self.range(slot::EXIT);
        if lo != v || hi != v {
            self.fail(format!(
                "claims {key} '{}' = {v}; observed exit values {lo}..={hi} ({} exits)",
                c.text(),
                self.r(slot::NORMAL)
            ));
        }
    }
    /// The claims of a loop, or of one dimension of a parallel loop (the
    /// same claims of its scf.for in the nest, checked the same way).
    fn check(&mut self, tally: &mut SymTally) {
        let claims = self.claims;
        if self.dim.is_none() && self.run.outcome != Outcome::Complete && self.r(slot::ENTRIES) == 0 {
            // Not reached before the fuel ran out: its bounds may be poison
            // when it is reached, and nothing was observed.
            return;
        }
        if self.exact {
            for (k, c) in &claims.body {
                self.count(k, c, [slot::EB_MIN, slot::EB_MAX, slot::CUR_BODY], true, tally);
            }
            for (k, c) in &claims.cond {
                self.count(k, c, [slot::EC_MIN, slot::EC_MAX, slot::CUR_COND], true, tally);
            }
        } else if claims.status == "at_most" {
            for (k, c) in &claims.max_body {
                self.count(k, c, [slot::EB_MIN, slot::EB_MAX, slot::CUR_BODY], false, tally);
            }
        }
        for (k, c) in &claims.total_body {
            self.total(k, c, slot::TOT_BODY, tally);
        }
        for (k, c) in &claims.total_cond {
            self.total(k, c, slot::TOT_COND, tally);
        }
        for (k, c) in &claims.entries {
            self.total(k, c, slot::ENTRIES, tally);
        }
        let (cond_seen, body_seen) = (self.r(slot::TOT_COND) > 0, self.r(slot::TOT_BODY) > 0);
        let has_expr = |v: &[(String, [Claim; 2])]| v.iter().any(|(_, c)| c[0].is_expr());
        let (cond_expr, body_expr) = (has_expr(&claims.cond_range), has_expr(&claims.body_range));
        for (k, c) in &claims.cond_range {
            self.range_claim(k, c, slot::COND, cond_seen, cond_expr && !c[0].is_expr(), tally);
        }
        for (k, c) in &claims.body_range {
            self.range_claim(k, c, slot::BODY, body_seen, body_expr && !c[0].is_expr(), tally);
        }
        for (k, c) in &claims.exit {
            self.exit(k, c, tally);
        }
        if self.dim.is_none() && !self.case.loops[self.l].dims.is_empty() {
            self.check_dims(tally);
        }
    }

    /// An exact parallel loop's body count is the product of its exact
    /// dimensions' counts (for every argument set, entered or not).
    fn check_dim_product(&mut self, tally: &mut SymTally) {
        let claims = self.claims;
        let all_exact = self.exact && claims.dims.iter().all(|d| d.status == "exact");
        if all_exact {
            let mut prod = Some(1i128);
            for (k, dc) in claims.dims.iter().enumerate() {
                let v = match dc.body.iter().find(|(_, c)| c.is_expr()).or(dc.body.first()) {
                    Some((key, c)) => self.eval(&format!("dims[{k}].{key}"), c, tally),
                    None => None,
                };
                prod = prod.zip(v).and_then(|(p, v)| p.checked_mul(v));
            }
            if let Some(p) = prod {
                for (key, c) in &claims.body {
                    if let Some(v) = self.eval(key, c, tally) {
                        if v != p {
                            self.fail(format!(
                                "claims {key} '{}' = {v}; the product of its dims' body counts is {p}",
                                c.text()
                            ));
                        }
                    }
                }
            }
        }
    }

    /// A parallel loop's `dims`, each against its dimension's `scf.for`
    /// in the nest the op lowers to (`check` on the dimension's block: its
    /// counts per entry of that loop, its ranges over all of them, its
    /// exit, and the values the op's body observed in the body range),
    /// whenever the op was entered; and the body count must be the product
    /// of the dimensions' counts.
    fn check_dims(&mut self, tally: &mut SymTally) {
        let claims = self.claims;
        let d = &self.case.loops[self.l];
        if claims.dims.len() != d.dims.len() {
            return; // malformed, reported by check_claims
        }
        if self.r(slot::ENTRIES) == 0 || self.run.outcome != Outcome::Complete && self.may_poison {
            self.check_dim_product(tally);
            return;
        }
        for (k, dc) in claims.dims.iter().enumerate() {
            let mut ch = Checker {
                case: self.case,
                l: self.l,
                set: self.set,
                claims: dc,
                run: self.run,
                exact: dc.status == "exact",
                may_poison: self.may_poison,
                failures: Vec::new(),
                invalid: Vec::new(),
                dim: Some(k),
            };
            ch.check(tally);
            self.failures.extend(ch.failures);
            self.invalid.extend(ch.invalid);
        }
        self.check_dim_product(tally);
        // Beyond the fuel, the body count of the op's last entry is still
        // the nest's (the product of its bounds' counts).
        if self.exact && self.run.outcome != Outcome::Complete {
            let prod = (0..d.dims.len()).fold(1i128, |p, k| {
                let at = |s: usize| self.run.record[slot::PER_LOOP * self.case.dim_block(self.l, k) + s] as i64 as i128;
                let (lb, ub, st) = (at(slot::DIM_LB), at(slot::DIM_UB), at(slot::DIM_STEP));
                p.saturating_mul(if lb < ub { (ub - lb + st - 1) / st } else { 0 })
            });
            for (key, c) in &claims.body {
                let Some(v) = self.eval(key, c, tally) else { continue };
                if v != prod {
                    self.fail(format!(
                        "claims {key} '{}' = {v}; the nest runs the body {prod} times per entry",
                        c.text()
                    ));
                }
            }
        }
    }
}

/// What is wrong with the shape of a parallel loop's claims (`n`
/// dimensions): it has no condition, so no condition count and no counter;
/// an exact one lists its `n` dimensions, each with both counts or neither
/// and a signed counter.
fn parallel_malformed(c: &LoopClaims, n: usize) -> Vec<String> {
    let mut bad = Vec::new();
    if !c.cond.is_empty() {
        bad.push("a parallel loop with condition_count(_expr)".into());
    }
    if !c.total_cond.is_empty() {
        bad.push("a parallel loop with total_condition_count(_expr)".into());
    }
    if c.has_counter {
        bad.push("a parallel loop with a counter".into());
    }
    if c.status == "exact" && !c.has_dims {
        bad.push("an exact parallel loop without dims".into());
    }
    if c.has_dims && c.dims.len() != n {
        bad.push(format!("{} dims for {n} induction variables", c.dims.len()));
    }
    for (k, d) in c.dims.iter().enumerate() {
        match d.status.as_str() {
            "exact" => {
                if d.body.is_empty() != d.cond.is_empty() {
                    bad.push(format!("dims[{k}]: exact with only one of body_count(_expr) and condition_count(_expr)"));
                }
            }
            "at_most" | "unknown" => {}
            other => bad.push(format!("dims[{k}]: status '{other}'")),
        }
        if c.status == "exact" && d.status != "exact" {
            bad.push(format!("dims[{k}]: '{}' in an exact parallel loop", d.status));
        }
        if d.signed == Some(false) {
            bad.push(format!("dims[{k}]: an unsigned counter (the dimensions count signed lb <= iv < ub)"));
        }
        if d.has_dims {
            bad.push(format!("dims[{k}] has dims"));
        }
    }
    bad
}

/// Whether a dimension is bounded by an `affine.min` tile size of an
/// enclosing parallel loop's induction variable, `0 to min(c, N - %i)`:
/// `Some(near miss)`, a near miss being a tile larger than that loop's
/// step, the tile size plus a constant, or a step other than 1.
pub fn tile_dim(case: &SymCase, p: &ParDim) -> Option<bool> {
    let (min, plus) = match &p.ub {
        Val::Arith { a, .. } if matches!(**a, Val::AffineMin { .. }) => (&**a, true),
        ub => (ub, false),
    };
    let Val::AffineMin { c, iv, .. } = min else { return None };
    let larger = match **iv {
        Val::Outer(o, k) => matches!(case.loops[o].dims.get(k).map(|d| &d.step), Some(Val::Const(t)) if c > t),
        _ => false,
    };
    Some(plus || larger || !matches!(p.step, Val::Const(1)))
}

/// Checks the report's loops of `case` (its loop objects in pre-order)
/// against `runs` (one per argument set).
pub fn check_case(case: &SymCase, loops: &[&Json], runs: &[Run], tally: &mut SymTally) {
    let claims: Vec<LoopClaims> = loops.iter().map(|j| LoopClaims::from_json(j)).collect();
    check_claims(case, &claims, runs, tally);
}

/// [`check_case`] on claims already read.
pub fn check_claims(case: &SymCase, claims: &[LoopClaims], runs: &[Run], tally: &mut SymTally) {
    let before = tally.failures.len();
    tally.cases += 1;
    tally.loops += case.loops.len() as u64;
    if claims.len() != case.loops.len() {
        tally.failures.push(format!(
            "seed {}: the report has {} loops for @{}, the case has {}",
            case.id,
            claims.len(),
            case.name(),
            case.loops.len()
        ));
    } else {
        for (l, c) in claims.iter().enumerate() {
            let mut bad = c.malformed.clone();
            if c.op != op_name(case.loops[l].shape) {
                bad.push(format!("op '{}' where the case has {}", c.op, op_name(case.loops[l].shape)));
            }
            for a in &c.assumptions {
                if a != BUFFER_ASSUMPTION && a != BUFFER_DIMS_ASSUMPTION {
                    bad.push(format!("unknown assumption '{a}' (the fuzzer cannot choose arguments that satisfy it)"));
                }
            }
            let dims = &case.loops[l].dims;
            if !dims.is_empty() {
                bad.extend(parallel_malformed(c, dims.len()));
                if dims.iter().any(|d| !matches!(d.step, Val::Const(_))) {
                    tally.dyn_step += 1;
                    tally.dyn_step_unknown += (c.status == "unknown") as u64;
                }
                tally.par_exact += (c.status == "exact") as u64;
                tally.par32_exact += (case.nested && c.status == "exact") as u64;
                if case.loops[l].parent.is_some_and(|p| !case.loops[p].dims.is_empty()) {
                    tally.nest_exact += (c.status == "exact") as u64;
                    tally.nest_exact_dims += c.dims.iter().filter(|d| d.status == "exact").count() as u64;
                }
            } else if c.has_dims {
                bad.push("dims on a loop that is not scf.parallel/scf.forall".into());
            }
            match c.status.as_str() {
                "exact" => {
                    tally.exact += 1;
                    // Both counts absent is allowed: the value depends on a
                    // symbol the grammar cannot name (an enclosing loop's
                    // counter, a loaded value); one without the other is not.
                    if dims.is_empty() && c.body.is_empty() != c.cond.is_empty() {
                        bad.push("exact with only one of body_count(_expr) and condition_count(_expr)".into());
                    }
                }
                "at_most" => {
                    tally.at_most += 1;
                    // An absent bound is allowed (not expressible, as above).
                }
                "unknown" => tally.unknown += 1,
                other => bad.push(format!("status '{other}'")),
            }
            for b in bad {
                tally.failures.push(format!("seed {}: loop #{l}: malformed claim: {b}", case.id));
            }
        }
        let may_poison = case.loops.iter().any(|d| {
            [Some(&d.init), Some(&d.bound), d.brk.as_ref()].into_iter().flatten().any(Val::has_flags)
                || d.dims.iter().any(|p| [&p.lb, &p.ub, &p.step].into_iter().any(Val::has_flags))
        });
        let mut invalid_seen = std::collections::HashSet::new();
        for (set, run) in runs.iter().enumerate() {
            tally.arg_sets += 1;
            let par32 = case.nested && case.has_parallel();
            match &run.outcome {
                Outcome::Undefined(why) => {
                    tally.undefined += 1;
                    tally.par32_overflow += (par32 && why.contains(FINAL_VALUE_OVERFLOWS)) as u64;
                    continue;
                }
                Outcome::OutOfFuel => tally.out_of_fuel += 1,
                Outcome::Complete => {}
            }
            if par32 {
                let near = |x: u64| (x as i64).unsigned_abs() >= (1 << 31) - 64;
                let blocks = case.loops.len()..case.blocks();
                tally.par32_limit += blocks.into_iter().any(|b| {
                    let r = |s: usize| run.record[slot::PER_LOOP * b + s];
                    r(slot::ENTRIES) > 0 && (near(r(slot::DIM_LB)) || near(r(slot::DIM_UB)))
                }) as u64;
            }
            for (l, claims) in claims.iter().enumerate() {
                let mut ch = Checker {
                    case,
                    l,
                    set,
                    claims,
                    run,
                    exact: claims.status == "exact",
                    may_poison,
                    failures: Vec::new(),
                    invalid: Vec::new(),
                    dim: None,
                };
                ch.check(tally);
                tally.failures.extend(ch.failures);
                for (key, msg) in ch.invalid {
                    if invalid_seen.insert((l, key)) {
                        tally.failures.push(format!("seed {}: loop #{l} ({}): {msg}", case.id, claims.op));
                    }
                }
            }
        }
    }
    if tally.failures.len() > before {
        let mut ir = String::new();
        for line in emit(case, false).lines() {
            let _ = writeln!(ir, "    {line}");
        }
        tally.failures.push(format!("  seed {} IR:\n{}", case.id, ir.trim_end()));
        for (set, run) in runs.iter().enumerate() {
            tally.failures.push(format!("  argument set {set}: {} -> {:?}", fmt_args(case, set), run.outcome));
        }
    }
}
