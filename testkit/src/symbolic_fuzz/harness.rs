//! Running the symbolic fuzzer's cases through the tools: `loom-report` on
//! the plain module, `loom-check-claims` + `loom-lower-to-llvm` +
//! `mlir-runner` on the executed one (a claim loom makes on the executed
//! copy that its run violates is a contradiction), the simulation beside it (every executed record must equal the
//! simulator's), and one batch end to end: the report, the rerun with
//! every assumption off, the truths, the checks, optionally the mutants,
//! and a reproducer file per case with a contradiction; and the shapes
//! that run as programs of their own (early ends, deep nests).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::Path;

use crate::tools::{Ending, Tools};

use super::check::{check_case, check_claims, tile_dim};
use super::claims::LoopClaims;
use super::emit::{emit, exec_module, plain_module};
use super::generate::is_assumption_nest;
use super::json::Json;
use super::model::{fmt_args, ParKind, Shape, SymCase};
use super::mutants::mutants;
use super::simulate::{simulate, Outcome, Run};
use super::slot;
use super::tally::SymTally;

/// `loom-report` on `cases` (plain); the report's text.
pub fn report(tools: &Tools, dir: &Path, tag: &str, cases: &[SymCase]) -> Result<String, String> {
    let plain = dir.join(format!("plain-{tag}.mlir"));
    std::fs::write(&plain, plain_module(cases)).map_err(|e| format!("write: {e}"))?;
    let out = dir.join(format!("report-{tag}.json"));
    crate::tools::loom_report(&tools.loom_opt, &plain, &out)
}

/// What one executed run gave: its record, or the message of the claim
/// `loom-check-claims` found violated (the run aborted there).
pub type Executed = Result<Vec<u64>, String>;

/// Executes the instrumented `runs` (all of the 64-bit root, or all of
/// the nested 32-bit module: those run in a top-level module whose index
/// is 32 bits wide, through `lower_and_run_index32`'s path) with every
/// claim loom makes on the executed module checked at run time (`loom-check-claims{check_opts}`,
/// `check_opts` empty or a test-only `plant=...`); each run's record, or
/// the violated claim's message. A violation aborts the whole program, so
/// a batch with one is split in halves until each violating run is alone
/// (the others' records are kept). A tool failure is an error.
pub fn execute(
    tools: &Tools,
    dir: &Path,
    tag: &str,
    runs: &[(&SymCase, usize)],
    check_opts: &str,
) -> Result<Vec<Executed>, String> {
    let Some(((first, _), rest)) = runs.split_first() else {
        return Ok(Vec::new());
    };
    let index32 = first.nested;
    if rest.iter().any(|(c, _)| c.nested != index32) {
        return Err("execute: runs of the 64-bit root and of the nested 32-bit module mixed".into());
    }
    let exec = dir.join(format!("exec-{tag}.mlir"));
    let text = if index32 { crate::tools::with_index32(&exec_module(runs)) } else { exec_module(runs) };
    std::fs::write(&exec, text).map_err(|e| format!("write: {e}"))?;
    let lowered = dir.join(format!("exec-{tag}.ll.mlir"));
    let stdout = match crate::tools::lower_and_run_to_end(
        &tools.loom_opt,
        &tools.llvm_prefix,
        &exec,
        &lowered,
        index32,
        check_opts,
    ) {
        Ok((stdout, Ending::Returned)) => stdout,
        Ok((stdout, Ending::Aborted)) => {
            return Err(format!("the executed program aborted without a violated claim after printing:\n{stdout}"))
        }
        Err(e) if e.contains(CLAIM_VIOLATED) => {
            if runs.len() == 1 {
                return Ok(vec![Err(e)]);
            }
            let (a, b) = runs.split_at(runs.len() / 2);
            let mut out = execute(tools, dir, &format!("{tag}a"), a, check_opts)?;
            out.extend(execute(tools, dir, &format!("{tag}b"), b, check_opts)?);
            return Ok(out);
        }
        Err(e) => return Err(e),
    };
    let mut numbers = stdout.lines().map(|l| l.trim().parse::<u64>());
    let mut records = Vec::new();
    for (c, set) in runs {
        let mut rec = Vec::with_capacity(c.slots());
        for _ in 0..c.slots() {
            match numbers.next() {
                Some(Ok(n)) => rec.push(n),
                _ => return Err(format!("mlir-runner output ends early or is malformed at seed {} set {set}", c.id)),
            }
        }
        records.push(Ok(rec));
    }
    Ok(records)
}

/// The text every message of `loom-check-claims` starts with.
pub const CLAIM_VIOLATED: &str = "loom claim violated";

/// Simulates every argument set of `cases`, executes those that end within
/// the fuel, and compares each execution with its simulation. The truth per
/// case and argument set.
pub fn truths(
    tools: &Tools,
    dir: &Path,
    tag: &str,
    cases: &[SymCase],
    tally: &mut SymTally,
) -> Result<Vec<Vec<Run>>, String> {
    let mut truth: Vec<Vec<Run>> =
        cases.iter().map(|c| (0..c.arg_sets.len()).map(|s| simulate(c, s)).collect()).collect();
    let mut runnable = Vec::new();
    for (i, runs) in truth.iter().enumerate() {
        for (s, run) in runs.iter().enumerate() {
            if run.outcome == Outcome::Complete && !cases[i].nested {
                runnable.push((i, s));
            }
        }
    }
    let wide = runnable.len();
    // The nested 32-bit cases run at 32 bits, after the others.
    for (i, runs) in truth.iter().enumerate() {
        for (s, run) in runs.iter().enumerate() {
            if run.outcome == Outcome::Complete && cases[i].nested {
                runnable.push((i, s));
            }
        }
    }
    let refs: Vec<(&SymCase, usize)> = runnable.iter().map(|&(i, s)| (&cases[i], s)).collect();
    let mut records = execute(tools, dir, tag, &refs[..wide], "")?;
    records.extend(execute(tools, dir, &format!("{tag}-32"), &refs[wide..], "")?);
    tally.executed32 += (runnable.len() - wide) as u64;
    for (&(i, s), rec) in runnable.iter().zip(records) {
        tally.executed += 1;
        let rec = match rec {
            Ok(rec) => rec,
            Err(violated) => {
                // The run stopped at the check: the simulation stays its truth.
                tally.claims_violated += 1;
                tally.failures.push(format!(
                    "seed {} with {}: the executed copy violates a claim loom makes on it: {violated}",
                    cases[i].id,
                    fmt_args(&cases[i], s)
                ));
                tally.failures.push(format!("  seed {} instrumented IR:\n{}", cases[i].id, emit(&cases[i], true)));
                continue;
            }
        };
        if truth[i][s].record != rec {
            tally.model_mismatches += 1;
            let diff: Vec<String> = rec
                .iter()
                .zip(&truth[i][s].record)
                .enumerate()
                .filter(|(_, (a, b))| a != b)
                .map(|(k, (a, b))| {
                    format!("loop #{} slot {}: executed {a}, simulated {b}", k / slot::PER_LOOP, k % slot::PER_LOOP)
                })
                .collect();
            tally.failures.push(format!(
                "seed {} with {}: execution differs from the simulation (simulator or lowering bug): {}",
                cases[i].id,
                fmt_args(&cases[i], s),
                diff.join("; ")
            ));
            tally.failures.push(format!("  seed {} IR:\n{}", cases[i].id, emit(&cases[i], true)));
            truth[i][s].record = rec;
        }
    }
    Ok(truth)
}

/// One batch: report, truths, checks.
pub fn run_batch(tools: &Tools, dir: &Path, cases: &[SymCase], tally: &mut SymTally) -> Result<(), String> {
    run_batch_with(tools, dir, cases, false, tally)
}

/// [`run_batch`], and with `mutate`, the mutation check of every case whose
/// claims hold.
pub fn run_batch_with(
    tools: &Tools,
    dir: &Path,
    cases: &[SymCase],
    mutate: bool,
    tally: &mut SymTally,
) -> Result<(), String> {
    let tag = cases.first().map_or(0, |c| c.id).to_string();
    let text = report(tools, dir, &tag, cases)?;
    loom::analysis::Report::from_json(&text).map_err(|e| format!("the report does not parse as loom's Report: {e}"))?;
    // The same module with every assumption off: what changes must list one.
    let off = crate::assumption_diff::report_without_assumptions(
        &tools.loom_opt,
        &dir.join(format!("plain-{tag}.mlir")),
        &dir.join(format!("report-{tag}-off.json")),
        "",
    )?;
    let d = crate::assumption_diff::compare_texts(&text, &off, &|_| true)?;
    for f in &d.failures {
        tally.failures.push(format!("batch at seed {tag}: {f}"));
    }
    let mut d = d;
    d.failures.clear();
    tally.diff.add(d);
    for c in cases {
        tally.non_entry += if c.cf.is_some() { c.loops.len() as u64 } else { 0 };
        tally.assumption_nests += is_assumption_nest(c) as u64;
        tally.nested += c.nested as u64;
        tally.par_cases += c.has_parallel() as u64;
        for d in &c.loops {
            match d.shape {
                Shape::Parallel { kind: ParKind::Parallel } => tally.scf_parallel += 1,
                Shape::Parallel { kind: ParKind::AffineParallel } => tally.affine_parallel += 1,
                Shape::Parallel { .. } => tally.scf_forall += 1,
                _ => {}
            }
            tally.par_dims += d.dims.len() as u64;
        }
        tally.par32 += (c.nested && c.has_parallel()) as u64;
        let mut nest = false;
        for (l, d) in c.loops.iter().enumerate() {
            let is_par = |x: usize| !c.loops[x].dims.is_empty();
            if is_par(l) && d.parent.is_some_and(|p| !is_par(p)) {
                tally.par_in_loop += 1;
            }
            if !is_par(l) && d.parent.is_some_and(is_par) {
                tally.par_around_loop += 1;
            }
            if is_par(l) && d.parent.is_some_and(is_par) {
                nest = true;
                let kind = match d.shape {
                    Shape::Parallel { kind: ParKind::Parallel } => 0,
                    Shape::Parallel { kind: ParKind::AffineParallel } => 2,
                    _ => 1,
                };
                tally.nest_inner[kind] += 1;
                tally.nest_dims += d.dims.len() as u64;
                for p in &d.dims {
                    if let Some(near_miss) = tile_dim(c, p) {
                        tally.nest_tiles += 1;
                        tally.nest_near_misses += near_miss as u64;
                    }
                }
            }
        }
        tally.nests += nest as u64;
    }
    let json = Json::parse(&text)?;
    let mut by_fn: HashMap<&str, Vec<&Json>> = HashMap::new();
    for l in json.get("loops").and_then(Json::as_arr).ok_or("the report has no loops list")? {
        by_fn.entry(l.get("function").and_then(Json::as_str).unwrap_or("")).or_default().push(l);
    }
    let truth = truths(tools, dir, &tag, cases, tally)?;
    for (c, runs) in cases.iter().zip(&truth) {
        let before = tally.failures.len();
        let name = c.name();
        let loops = by_fn.get(name.as_str()).map_or(&[][..], |v| v.as_slice());
        check_case(c, loops, runs, tally);
        if mutate && tally.failures.len() == before && loops.len() == c.loops.len() {
            let claims: Vec<LoopClaims> = loops.iter().map(|j| LoopClaims::from_json(j)).collect();
            for (kind, m) in mutants(&claims) {
                let mut t = SymTally::default();
                check_claims(c, &m, runs, &mut t);
                let e = tally.mutants.entry(kind).or_default();
                e.0 += 1;
                e.1 += (t.contradictions() > 0) as u64;
            }
        }
        if tally.failures.len() > before {
            let repro = dir.join(format!("case-{}.mlir", c.id));
            let mut text = format!("// seed {}\n", c.id);
            for s in 0..c.arg_sets.len() {
                let _ = writeln!(text, "// argument set {s}: {}", fmt_args(c, s));
            }
            text.push_str(&emit(c, false));
            text.push_str("// instrumented:\n");
            text.push_str(&emit(c, true));
            let _ = std::fs::write(&repro, text);
            tally.failures.push(format!("  reproducer: {}", repro.display()));
        }
    }
    Ok(())
}

/// The shapes that run as programs of their own, for the seeds `ids`: the
/// early-end programs (each alone: its end ends the process), the deep
/// nests (reported and run [`DEEP_NEST_GROUP`] at a time) and the
/// wide-constant programs (those of `wide_const::WIDE_CONST_GROUP` seeds at a time).
pub fn run_program_shapes(tools: &Tools, dir: &Path, ids: &[u64], tally: &mut SymTally) -> Result<(), String> {
    super::early_end::run_early_end(&tools.loom_opt, dir, ids, tally)?;
    let deep: Vec<u64> = ids.iter().copied().filter(|&id| super::deep_nest::generate(id).is_some()).collect();
    for group in deep.chunks(DEEP_NEST_GROUP) {
        super::deep_nest::run_deep_nests(tools, dir, group, tally)?;
    }
    for group in ids.chunks(WIDE_CONST_GROUP) {
        super::wide_const::run_wide_consts(tools, dir, group, tally)?;
    }
    Ok(())
}

/// Deep nests reported and run together.
pub const DEEP_NEST_GROUP: usize = 16;
/// Seeds whose wide-constant programs are reported and run together (one
/// module per path, with and without `lower-affine`).
pub const WIDE_CONST_GROUP: usize = 400;
