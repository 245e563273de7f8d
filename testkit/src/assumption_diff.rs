//! The "unlisted assumption" check all three facts fuzzers share.
//!
//! A report lists, per loop and per access, the analysis options its facts
//! relied on (`assumptions`). Whether that list is honest can be seen
//! without knowing why a fact holds: run `loom-report` a second time on the
//! same file with every assumption option off ([`ASSUMPTIONS_OFF`]) and
//! compare. A claim of the first run (a loop's status, counts, totals,
//! entries, counter ranges, exit, their `_expr` forms; an access's
//! `proven`) that changes or disappears in the second run depended on an
//! assumption, so the first run's record must list one; if it lists none,
//! that is an *unlisted assumption* failure.
//!
//! Records are matched by `(function, loc, op)`: both runs read the same
//! file, so locations are identical. A record of the first run with no
//! match in the second (or a key that is not unique) counts as changed.
//! Records that claim nothing in the first run (status `unknown` with no
//! entries or totals; `unproven` accesses) are not checked: a claim that
//! appears only without the assumption is not a claim the first run made.
//! Free text (`reason`, `note`) is not a claim and is ignored.
//!
//! The comparison reads loom's public schema ([`loom::analysis::Report`])
//! and nothing else of loom's.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

use loom::analysis::{AccessReport, AccessStatus, LoopReport, LoopStatus, Report};

/// The `loom-report` options that turn every assumption off (see
/// `src/analysis.rs` `Options` and `loom-opt --help`).
pub const ASSUMPTIONS_OFF: &str =
    "assume-buffer-bytes-below-half-address-space=false assume-buffer-dims-below-half-address-space=false";

/// What the comparison of two reports found.
#[derive(Clone, Debug, Default)]
pub struct DiffTally {
    /// Claims (loop and access records that claim something) compared.
    pub compared: u64,
    /// Of those, claims that changed or disappeared without the assumptions.
    pub changed: u64,
    /// Of the changed ones, those whose first-run record lists an assumption.
    pub listed: u64,
    /// Changed claims that list no assumption.
    pub unlisted: u64,
    pub failures: Vec<String>,
}

impl DiffTally {
    /// `N claims compared with assumptions off, M changed (L listed, U unlisted)`.
    pub fn summary(&self) -> String {
        format!(
            "assumption diff: {} claims compared with assumptions off, {} changed ({} listing an assumption, {} unlisted)",
            self.compared, self.changed, self.listed, self.unlisted
        )
    }
    pub fn add(&mut self, other: DiffTally) {
        self.compared += other.compared;
        self.changed += other.changed;
        self.listed += other.listed;
        self.unlisted += other.unlisted;
        self.failures.extend(other.failures);
    }
}

/// Runs `loom-report` on `plain` with every assumption off, writing the
/// report to `report`; the report's text. `extra` are more options of the
/// same `loom-report{...}` (e.g. `index-bitwidth=32`), or empty.
pub fn report_without_assumptions(loom_opt: &Path, plain: &Path, report: &Path, extra: &str) -> Result<String, String> {
    let sep = if extra.is_empty() { "" } else { " " };
    crate::tools::run_tool(
        Command::new(loom_opt)
            .arg(plain)
            .arg(format!(
                "--pass-pipeline=builtin.module(loom-report{{output={} {ASSUMPTIONS_OFF}{sep}{extra}}})",
                report.display()
            ))
            .args(["-o", "/dev/null"]),
        "loom-opt loom-report (assumptions off)",
    )?;
    std::fs::read_to_string(report).map_err(|e| format!("read report: {e}"))
}

/// Whether a loop record claims anything.
fn loop_claims(l: &LoopReport) -> bool {
    l.status != LoopStatus::Unknown
        || l.entries.is_some()
        || l.total_body_count.is_some()
        || l.total_condition_count.is_some()
        || l.total_body_count_expr.is_some()
        || l.total_condition_count_expr.is_some()
}

/// A loop record's claims, free text and assumptions left out.
fn loop_key_claims(l: &LoopReport) -> LoopReport {
    let mut c = l.clone();
    c.reason = None;
    c.note = None;
    c.assumptions.clear();
    c
}

fn key(function: &str, loc: &str, op: &str) -> (String, String, String) {
    (function.to_string(), loc.to_string(), op.to_string())
}

/// Compares `with` (the normal run) against `without` (assumptions off).
/// `keep` chooses the functions to compare (a fuzzer may skip functions it
/// does not check otherwise, e.g. rejected ones).
pub fn compare(with: &Report, without: &Report, keep: &dyn Fn(&str) -> bool) -> DiffTally {
    let mut t = DiffTally::default();
    let mut loops: HashMap<(String, String, String), Vec<&LoopReport>> = HashMap::new();
    for l in &without.loops {
        loops.entry(key(&l.function, &l.loc, &l.op)).or_default().push(l);
    }
    let mut accesses: HashMap<(String, String, String), Vec<&AccessReport>> = HashMap::new();
    for a in &without.accesses {
        accesses.entry(key(&a.function, &a.loc, &a.op)).or_default().push(a);
    }
    for l in with.loops.iter().filter(|l| keep(&l.function) && loop_claims(l)) {
        t.compared += 1;
        let same = match loops.get(&key(&l.function, &l.loc, &l.op)).map(Vec::as_slice) {
            Some([other]) => loop_key_claims(other) == loop_key_claims(l),
            _ => false,
        };
        if same {
            continue;
        }
        t.changed += 1;
        if l.assumptions.is_empty() {
            t.unlisted += 1;
            let after = match loops.get(&key(&l.function, &l.loc, &l.op)).map(Vec::as_slice) {
                Some([other]) => format!("{other:?}"),
                _ => "no single matching record".to_string(),
            };
            t.failures.push(format!(
                "unlisted assumption: {} loop at {} ({}) changes with assumptions off ({ASSUMPTIONS_OFF}) but lists no assumption: {l:?} becomes {after}",
                l.function, l.loc, l.op
            ));
        } else {
            t.listed += 1;
        }
    }
    for a in with.accesses.iter().filter(|a| keep(&a.function) && a.status == AccessStatus::Proven) {
        t.compared += 1;
        let same = match accesses.get(&key(&a.function, &a.loc, &a.op)).map(Vec::as_slice) {
            Some([other]) => other.status == AccessStatus::Proven,
            _ => false,
        };
        if same {
            continue;
        }
        t.changed += 1;
        if a.assumptions.is_empty() {
            t.unlisted += 1;
            t.failures.push(format!(
                "unlisted assumption: {} access at {} ({}) is proven, unproven with assumptions off ({ASSUMPTIONS_OFF}), but lists no assumption",
                a.function, a.loc, a.op
            ));
        } else {
            t.listed += 1;
        }
    }
    t
}

/// [`compare`] on report texts.
pub fn compare_texts(with: &str, without: &str, keep: &dyn Fn(&str) -> bool) -> Result<DiffTally, String> {
    let a = Report::from_json(with).map_err(|e| format!("report does not follow the schema: {e}"))?;
    let b =
        Report::from_json(without).map_err(|e| format!("report (assumptions off) does not follow the schema: {e}"))?;
    Ok(compare(&a, &b, keep))
}

/// The self-test of this check on real reports `with`/`without` of the
/// same module: for every claim the two runs agree on, a forged `without`
/// in which that claim alone changed (a loop becomes `unknown`, a proof
/// `unproven`) is planted twice: with the first run's record listing no
/// assumption (a wrong claim: it must be caught) and listing one (right:
/// it must not be flagged). The real pair must also pass as it is. The
/// summary line and whether all of it held.
pub fn self_test(with: &Report, without: &Report, what: &str) -> (String, bool) {
    let base = compare(with, without, &|_| true);
    let (mut planted, mut caught, mut right, mut flagged) = (0u64, 0u64, 0u64, 0u64);
    let forged = |listed: bool| if listed { vec!["forged-assumption".into()] } else { Vec::new() };
    // A forged pair: an unlisted change must be caught, a listed one not flagged.
    let mut tally = |on: &Report, off: &Report, listed: bool| {
        let newly_unlisted = (compare(on, off, &|_| true).unlisted > base.unlisted) as u64;
        if listed {
            right += 1;
            flagged += newly_unlisted;
        } else {
            planted += 1;
            caught += newly_unlisted;
        }
    };
    for (i, l) in with.loops.iter().enumerate() {
        if !loop_claims(l) || l.status == LoopStatus::Unknown {
            continue;
        }
        let Some(j) =
            without.loops.iter().position(|o| key(&o.function, &o.loc, &o.op) == key(&l.function, &l.loc, &l.op))
        else {
            continue;
        };
        if loop_key_claims(&without.loops[j]) != loop_key_claims(l) {
            continue;
        }
        let mut off = without.clone();
        let o = &mut off.loops[j];
        o.status = LoopStatus::Unknown;
        (o.body_count, o.condition_count, o.max_body_count, o.counter) = (None, None, None, None);
        (o.body_count_expr, o.condition_count_expr, o.max_body_count_expr) = (None, None, None);
        o.reason = Some("forged: needs the assumption".into());
        for listed in [false, true] {
            let mut on = with.clone();
            on.loops[i].assumptions = forged(listed);
            tally(&on, &off, listed);
        }
    }
    for (i, a) in with.accesses.iter().enumerate() {
        if a.status != AccessStatus::Proven {
            continue;
        }
        let Some(j) = without.accesses.iter().position(|o| {
            key(&o.function, &o.loc, &o.op) == key(&a.function, &a.loc, &a.op) && o.status == AccessStatus::Proven
        }) else {
            continue;
        };
        let mut off = without.clone();
        off.accesses[j].status = AccessStatus::Unproven;
        for listed in [false, true] {
            let mut on = with.clone();
            on.accesses[i].assumptions = forged(listed);
            tally(&on, &off, listed);
        }
    }
    let ok = planted > 0 && caught == planted && flagged == 0;
    (
        format!(
            "{what} assumption self-test: {planted} changed claims with no assumption listed planted, {caught} caught; {right} with one listed, {flagged} flagged"
        ),
        ok,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const WITH: &str = r#"{"version": 2, "index_bitwidth": 64, "loops": [
      {"function": "f", "loc": "a.mlir:3:3", "op": "scf.for", "depth": 0, "status": "exact", "entries": 1,
       "body_count_expr": "dim(%arg0, 0) ceildiv 4", "assumptions": ["buffer-bytes-below-half-address-space"]},
      {"function": "f", "loc": "a.mlir:5:5", "op": "scf.while", "depth": 1, "status": "exact", "body_count": 8, "condition_count": 9},
      {"function": "f", "loc": "a.mlir:9:5", "op": "scf.while", "depth": 1, "status": "exact", "body_count": 2, "condition_count": 3}],
      "accesses": [
      {"function": "f", "loc": "a.mlir:6:7", "op": "memref.load", "status": "proven"},
      {"function": "f", "loc": "a.mlir:7:7", "op": "memref.load", "status": "proven"}]}"#;
    const WITHOUT: &str = r#"{"version": 2, "index_bitwidth": 64, "loops": [
      {"function": "f", "loc": "a.mlir:3:3", "op": "scf.for", "depth": 0, "status": "unknown", "reason": "r", "entries": 1},
      {"function": "f", "loc": "a.mlir:5:5", "op": "scf.while", "depth": 1, "status": "unknown", "reason": "r"},
      {"function": "f", "loc": "a.mlir:9:5", "op": "scf.while", "depth": 1, "status": "exact", "body_count": 2, "condition_count": 3}],
      "accesses": [
      {"function": "f", "loc": "a.mlir:6:7", "op": "memref.load", "status": "unproven", "reason": "r"},
      {"function": "f", "loc": "a.mlir:7:7", "op": "memref.load", "status": "proven"}]}"#;

    #[test]
    fn changed_claims_without_an_assumption_are_flagged() {
        let t = compare_texts(WITH, WITHOUT, &|_| true).unwrap();
        assert_eq!((t.compared, t.changed, t.listed, t.unlisted), (5, 3, 1, 2), "{:?}", t.failures);
        assert!(t.failures[0].contains("a.mlir:5:5"), "{:?}", t.failures);
        assert!(t.failures[1].contains("a.mlir:6:7"), "{:?}", t.failures);
    }

    #[test]
    fn self_test_plants_are_caught() {
        let a = Report::from_json(WITH).unwrap();
        let b = Report::from_json(WITHOUT).unwrap();
        let (line, ok) = self_test(&a, &b, "unit");
        assert!(ok, "{line}");
        // Only the loop at 9:5 and the access at 7:7 agree in both runs.
        assert!(line.contains(": 2 changed claims") && line.contains("2 caught"), "{line}");
    }

    #[test]
    fn identical_reports_flag_nothing() {
        let t = compare_texts(WITH, WITH, &|_| true).unwrap();
        assert_eq!((t.compared, t.changed, t.unlisted), (5, 0, 0));
    }
}
