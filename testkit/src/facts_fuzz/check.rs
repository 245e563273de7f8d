//! Checking loom's report about one case against its outcome.
//!
//! Every `exact` count, range and exit must match, every `at_most` bound
//! the observed count, every `proven` access have no violation; a large
//! exact count beyond the fuel is checked against a longer simulation;
//! entries and totals are per call. Every contradiction is one line in
//! [`Tally::failures`].

use loom::analysis::{AccessReport, AccessStatus, LoopReport, LoopStatus};

use crate::int::in_order;

use super::model::{Case, Kind, OuterForm, Place};
use super::simulate::Outcome;
use super::{FUEL, LONG_FUEL, SLOTS_PER_ARG};

/// Tallies of one run.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub cases: u64,
    pub executed: u64,
    /// Of `executed`, those run at a 32-bit index.
    pub executed32: u64,
    /// Early-end programs run (see `early_end`).
    pub early_end: u64,
    pub out_of_fuel: u64,
    pub undefined: u64,
    pub exact: u64,
    pub at_most: u64,
    pub unknown: u64,
    pub exact_checked_long: u64,
    pub exact_unchecked: u64,
    pub accesses: u64,
    pub proven: u64,
    pub proven_checked: u64,
    pub violations_seen: u64,
    pub model_mismatches: u64,
    /// Functions in a nested module of the other index width.
    pub nested: u64,
    /// Loops in a non-entry block (cf loop, multi-block execute_region,
    /// conditionally reached block).
    pub non_entry: u64,
    /// Out-of-width assume_ranges, and the modules loom-opt rejected for
    /// them with a located diagnostic (a non-claim).
    pub oow: u64,
    pub oow_rejected: u64,
    /// `entries` / total counts checked.
    pub totals_checked: u64,
    /// The rerun with every assumption off.
    pub diff: crate::assumption_diff::DiffTally,
    pub failures: Vec<String>,
}

fn read(bits: u64, w: u32, signed: bool) -> i128 {
    in_order(bits as u128, w, signed)
}

/// The `[lo, hi]` recorded at `slot` in the given order.
pub(super) fn recorded_range(r: &[u64], slot: usize, signed: bool, w: u32) -> (i128, i128) {
    if signed {
        (r[slot] as i64 as i128, r[slot + 1] as i64 as i128)
    } else {
        // Unsigned stats were taken on the zero-extended value.
        (read(r[slot + 2], w, false), read(r[slot + 3], w, false))
    }
}

/// A claimed count as an `i128`; -1 when the report does not give it.
fn count(claim: Option<u128>) -> i128 {
    claim.and_then(|n| i128::try_from(n).ok()).unwrap_or(-1)
}

/// Checks the report's claims about `case` (its loop records in program
/// order: the enclosing scf.for first if any, and its access records)
/// against `outcome` (per call: all entries). `long` is a longer outcome
/// for large exact counts (computed lazily by the caller).
pub fn check_case(
    case: &Case,
    loops: &[&LoopReport],
    accesses: &[&AccessReport],
    outcome: &Outcome,
    long: &mut dyn FnMut() -> Outcome,
    tally: &mut Tally,
) {
    let fail = |tally: &mut Tally, msg: String| tally.failures.push(format!("case {}: {msg}", case.id));
    let expected_loops = 1 + (case.outer.is_some() && case.outer_form == OuterForm::ScfFor) as usize;
    if loops.len() != expected_loops || accesses.len() != case.accesses.len() {
        fail(
            tally,
            format!(
                "report has {} loops and {} accesses, expected {expected_loops} and {}",
                loops.len(),
                accesses.len(),
                case.accesses.len()
            ),
        );
        return;
    }
    let entries = case.outer.unwrap_or(1) as u128;
    let l = loops[expected_loops - 1];
    if let Some(e) = l.entries {
        tally.totals_checked += 1;
        if e != entries {
            fail(tally, format!("claims the loop is entered {e} times per call, executed {entries}"));
        }
    }
    if let (Some(e), OuterForm::ScfFor) = (case.outer, case.outer_form) {
        let o = loops[0];
        if o.status != LoopStatus::Exact || o.body_count != Some(e as u128) {
            fail(tally, format!("enclosing scf.for of {e} iterations reported as {o:?}"));
        }
    }
    let w = case.ty.width;
    let is_for = matches!(case.kind, Kind::ScfFor { .. } | Kind::LoomFor { .. });
    match l.status {
        LoopStatus::Unknown => tally.unknown += 1,
        LoopStatus::Exact | LoopStatus::AtMost => {
            let exact = l.status == LoopStatus::Exact;
            let status = if exact { "exact" } else { "at_most" };
            if exact {
                tally.exact += 1;
            } else {
                tally.at_most += 1;
            }
            let claimed = count(if exact { l.body_count } else { l.max_body_count });
            let owned;
            let rec = match outcome {
                Outcome::Ran(r) => Some(r),
                Outcome::Undefined => None,
                Outcome::OutOfFuel => {
                    if claimed >= 0 && (claimed as u128) <= FUEL as u128 {
                        fail(
                            tally,
                            format!(
                                "claims {status} {claimed} body executions, but the loop runs more than {FUEL} times"
                            ),
                        );
                        return;
                    }
                    if exact && (claimed as u128) <= LONG_FUEL as u128 {
                        tally.exact_checked_long += 1;
                        owned = Some(long());
                        match &owned {
                            Some(Outcome::Ran(r)) => Some(r),
                            _ => {
                                fail(tally, format!("claims exact {claimed} body executions, but the loop runs more than {LONG_FUEL} times"));
                                return;
                            }
                        }
                    } else {
                        if exact {
                            tally.exact_unchecked += 1;
                        }
                        None
                    }
                }
            };
            if let Some(r) = rec {
                if let Some(tb) = l.total_body_count {
                    tally.totals_checked += 1;
                    if tb != r[1] as u128 {
                        fail(tally, format!("claims total body count {tb}, executed {}", r[1]));
                    }
                }
                if let (Some(tc), true) = (l.total_condition_count, exact) {
                    tally.totals_checked += 1;
                    let want = if is_for { r[1] as u128 + entries } else { r[0] as u128 };
                    if tc != want {
                        fail(tally, format!("claims total condition count {tc}, executed {want}"));
                    }
                }
            }
            if entries == 0 {
                // Never entered: nothing per entry to compare.
            } else if let Some(r) = rec {
                let body = r[1] as i128 / entries as i128;
                if exact && claimed != body {
                    fail(tally, format!("claims body count {claimed}, executed {body}"));
                }
                if !exact && claimed < body {
                    fail(tally, format!("claims at most {claimed} body executions, executed {body}"));
                }
                let counter = l.counter.as_ref();
                let signed = counter.is_some_and(|c| c.signed);
                let cond_claim = counter.map(|c| (c.condition[0], c.condition[1]));
                let body_claim = counter.and_then(|c| c.body).map(|[lo, hi]| (lo, hi));
                let exit_claim = counter.and_then(|c| c.exit);
                if exact {
                    let cc = count(l.condition_count);
                    let want_cc = if is_for { body + 1 } else { r[0] as i128 / entries as i128 };
                    if cc != want_cc {
                        fail(tally, format!("claims condition count {cc}, executed {want_cc}"));
                    }
                }
                if is_for {
                    let br = recorded_range(r, 2 + 4, signed, w);
                    match body_claim {
                        Some(b) if body > 0 => {
                            let ok = if exact { b == br } else { b.0 <= br.0 && br.1 <= b.1 };
                            if !ok {
                                fail(tally, format!("claims body range {b:?}, executed {br:?}"));
                            }
                        }
                        None if body == 0 || !exact => {}
                        other => fail(tally, format!("claims body range {other:?}, body ran {body} times")),
                    }
                    if exact {
                        let step = counter.map_or(0, |c| c.step);
                        let lb = read(case.inits[0] as u64, w, signed);
                        let want_exit = if body == 0 { lb } else { br.1 + step };
                        if exit_claim != Some(want_exit) || cond_claim != Some((lb.min(want_exit), lb.max(want_exit))) {
                            fail(tally, format!("claims exit {exit_claim:?} condition {cond_claim:?}, expected {want_exit} from the last body value"));
                        }
                    }
                } else {
                    // Some loop-carried value must match every claim.
                    let matches = (0..case.carried()).any(|i| {
                        let s = 2 + SLOTS_PER_ARG * i;
                        let cr = recorded_range(r, s, signed, w);
                        let br = recorded_range(r, s + 4, signed, w);
                        let exit = read(r[s + 8], w, signed);
                        if exact {
                            cond_claim == Some(cr)
                                && (if body > 0 { body_claim == Some(br) } else { body_claim.is_none() })
                                && exit_claim == Some(exit)
                        } else {
                            cond_claim.is_some_and(|c| c.0 <= cr.0 && cr.1 <= c.1)
                                && (body == 0 || body_claim.is_some_and(|b| b.0 <= br.0 && br.1 <= b.1))
                        }
                    });
                    if !matches {
                        let seen: Vec<String> = (0..case.carried())
                            .map(|i| {
                                let s = 2 + SLOTS_PER_ARG * i;
                                format!(
                                    "arg{i}: condition {:?} body {:?} exit {}",
                                    recorded_range(r, s, signed, w),
                                    recorded_range(r, s + 4, signed, w),
                                    read(r[s + 8], w, signed)
                                )
                            })
                            .collect();
                        fail(
                            tally,
                            format!(
                                "claims condition {cond_claim:?} body {body_claim:?} exit {exit_claim:?}; executed {}",
                                seen.join("; ")
                            ),
                        );
                    }
                }
            }
        }
    }
    // The report lists accesses in program order: the condition region's
    // (or before the guard) first, then the body's.
    let mut order: Vec<usize> = (0..case.accesses.len()).collect();
    order.sort_by_key(|&i| case.accesses[i].place == Place::Body);
    for (&i, a) in order.iter().zip(accesses) {
        tally.accesses += 1;
        if a.status == AccessStatus::Proven {
            tally.proven += 1;
            if let Outcome::Ran(r) = outcome {
                tally.proven_checked += 1;
                let viol = r[2 + SLOTS_PER_ARG * case.carried() + 2 * i + 1];
                if viol > 0 {
                    fail(tally, format!("access #{i} proven in bounds, but {viol} executions are out of bounds"));
                }
            }
        }
        if let Outcome::Ran(r) = outcome {
            tally.violations_seen += (r[2 + SLOTS_PER_ARG * case.carried() + 2 * i + 1] > 0) as u64;
        }
    }
}
