//! Runs and checks the SSA-constant view programs (`super`): in batches
//! of one width (one report, one lowering, one run each), a failing batch
//! program by program; their counts; the self-test that forges proofs of
//! out-of-bounds claims and plants a wrong claim.

use std::path::Path;

use crate::tools::Ending;

use super::super::single::{batch_program, proven_ids, report_and_run, split_by_program, Observed, Single};
use super::{generate, Claim, SsaViewCase};

/// Counts of the SSA-constant view programs.
#[derive(Default, Debug)]
pub struct SsaViewTally {
    pub programs: u64,
    pub at32: u64,
    pub views: u64,
    pub subviews: u64,
    pub subviews_proven: u64,
    pub accesses: u64,
    pub accesses_in_bounds: u64,
    pub accesses_proven: u64,
    pub near_misses: u64,
    pub near_misses_unproven: u64,
    pub wrong: u64,
    pub failures: Vec<String>,
}

impl SsaViewTally {
    pub fn summary(&self) -> String {
        format!(
            "bounds-fuzz: SSA-constant views: {} programs ({} at 32 bits), {} views; {} subviews ({} proven), {} accesses ({} in bounds, {} proven); {} near misses ({} unproven); {} wrong claims or mismatches",
            self.programs,
            self.at32,
            self.views,
            self.subviews,
            self.subviews_proven,
            self.accesses,
            self.accesses_in_bounds,
            self.accesses_proven,
            self.near_misses,
            self.near_misses_unproven,
            self.wrong
        )
    }
}

/// Checks one program into `tally`.
pub fn check_case(loom_opt: &Path, dir: &Path, case: &SsaViewCase, tally: &mut SsaViewTally) -> Result<(), String> {
    let seen = case.observe(loom_opt, dir, "");
    tally_case(dir, case, seen, tally)
}

/// Counts one program's claims into `tally` and records what is wrong.
fn tally_case(
    dir: &Path,
    case: &SsaViewCase,
    seen: Result<Result<Observed, String>, String>,
    tally: &mut SsaViewTally,
) -> Result<(), String> {
    tally.programs += 1;
    tally.at32 += u64::from(case.iw == 32);
    tally.views += case.views.len() as u64;
    let repro = || format!("  reproducer: {}", dir.join(format!("{}.mlir", case.name())).display());
    let bad = match seen {
        Ok(Ok(seen)) => {
            for (k, c) in case.claims().into_iter().enumerate() {
                let proven = seen.proven.get(&(k + 1)) == Some(&true);
                let ok = case.in_bounds(c);
                if matches!(c, Claim::Subview { .. }) {
                    tally.subviews += 1;
                    tally.subviews_proven += u64::from(proven);
                } else {
                    tally.accesses += 1;
                    tally.accesses_in_bounds += u64::from(ok);
                    tally.accesses_proven += u64::from(proven);
                }
                if !ok {
                    tally.near_misses += 1;
                    tally.near_misses_unproven += u64::from(!proven);
                }
            }
            case.verdicts(&seen)
        }
        Ok(Err(why)) => vec![format!("{}: {why}", case.name())],
        Err(e) if e.contains("loom claim violated") => vec![format!("{}: {e}", case.name())],
        Err(e) => return Err(format!("{}: {e}", case.name())),
    };
    if !bad.is_empty() {
        tally.wrong += bad.len() as u64;
        tally.failures.extend(bad);
        tally.failures.push(repro());
    }
    Ok(())
}

/// Programs per batch (one report, one lowering and one run).
const BATCH: usize = 64;

/// Reports on and runs `cases` (all at index width `iw`) as one module
/// whose `@main` calls each program after printing `MARK` plus its seed;
/// what each saw. A batch whose run fails or does not return, or whose
/// report is malformed, is an `Err` (the caller checks its programs alone).
fn observe_batch(loom_opt: &Path, dir: &Path, cases: &[SsaViewCase], iw: u32) -> Result<Vec<Observed>, String> {
    let program = batch_program(cases.iter().map(|c| (c.id, c.function(), c.name())));
    let name = format!("ssav-batch{}-{iw}", cases[0].id);
    let p = Single { name: &name, program: &program, accesses: 0, iw, lower_affine: false };
    let (report, stdout, ending) = report_and_run(loom_opt, dir, &p, "")?;
    if ending != Ending::Returned {
        return Err(format!("{name}: the batch ended {ending:?}"));
    }
    let mut printed = split_by_program(&stdout, &name)?;
    cases
        .iter()
        .map(|c| {
            let proven = proven_ids(&report, &c.name(), c.claims().len())?;
            let printed = printed.remove(&c.id).ok_or_else(|| format!("{name}: {} did not run", c.name()))?;
            let oob = printed.iter().map(|&k| k as usize).collect();
            Ok(Observed { proven, oob, printed, ending: Ending::Returned })
        })
        .collect()
}

/// Runs the SSA-constant view programs of `seeds`, in batches of one
/// width; a batch that fails is checked program by program.
pub fn run(loom_opt: &Path, dir: &Path, seeds: std::ops::Range<u64>, tally: &mut SsaViewTally) -> Result<(), String> {
    let cases: Vec<SsaViewCase> = seeds.filter_map(generate).collect();
    for iw in [64, 32] {
        let of_width: Vec<SsaViewCase> = cases.iter().filter(|c| c.iw == iw).cloned().collect();
        for chunk in of_width.chunks(BATCH) {
            match observe_batch(loom_opt, dir, chunk, iw) {
                Ok(seen) => {
                    for (case, seen) in chunk.iter().zip(seen) {
                        tally_case(dir, case, Ok(Ok(seen)), tally)?;
                    }
                }
                Err(_) => {
                    for case in chunk {
                        check_case(loom_opt, dir, case, tally)?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// The self-test: every generated program of `seeds` (run in batches)
/// checked with a report forged to prove every claim (each out-of-bounds
/// one must be flagged), and a program with a proven access run with `plant=access` (the planted
/// claim must be caught). A summary line, and whether all of it held.
pub fn self_test(loom_opt: &Path, dir: &Path, seeds: std::ops::Range<u64>) -> Result<(String, bool), String> {
    let (mut planted, mut caught) = (0, 0);
    let mut plant_case = None;
    let cases: Vec<SsaViewCase> = seeds.filter_map(generate).collect();
    let mut observed = Vec::new();
    for iw in [64, 32] {
        let of_width: Vec<SsaViewCase> = cases.iter().filter(|c| c.iw == iw).cloned().collect();
        for chunk in of_width.chunks(BATCH) {
            observed.extend(chunk.iter().cloned().zip(observe_batch(loom_opt, dir, chunk, iw)?));
        }
    }
    for (case, seen) in observed {
        if plant_case.is_none() && seen.proven.values().any(|p| *p) {
            plant_case = Some(case.clone());
        }
        let forged = Observed { proven: seen.proven.keys().map(|&k| (k, true)).collect(), ..seen };
        let claims = case.claims();
        let bad: Vec<usize> = (1..=claims.len()).filter(|&id| !case.in_bounds(claims[id - 1])).collect();
        planted += bad.len();
        let verdicts = case.verdicts(&forged);
        caught +=
            bad.iter().filter(|id| verdicts.iter().any(|v| v.contains(&format!("wrong proof: claim {id} ")))).count();
    }
    let plant = match &plant_case {
        Some(c) => matches!(c.observe(loom_opt, dir, "plant=access"), Err(e) if e.contains("loom claim violated")),
        None => false,
    };
    let yes = |b: bool| if b { "yes" } else { "NO" };
    Ok((
        format!(
            "SSA-constant view self-test: {planted} forged proofs of claims out of bounds, {caught} caught; a program with a proven access caught with plant=access: {}",
            yes(plant)
        ),
        planted > 0 && caught == planted && plant,
    ))
}
