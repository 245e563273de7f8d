//! Running the bounds fuzzer's programs and checking loom's report.
//!
//! Per batch: one plain module through `loom-report`; every run the
//! simulator finishes or sees go out of bounds is executed (one executable
//! per batch, see the module header in `mod.rs`); then per access the
//! report's verdict is compared with what the simulation and the execution
//! saw. Execution pipeline: `loom-opt --pass-pipeline=
//! 'builtin.module(loom-check-claims,func.func(scf-forall-to-for),lower-affine,generate-runtime-verification,loom-lower-to-llvm)'`
//! (every claim loom makes on the executed module checked as it runs: a
//! violated one fails the batch)
//! (upstream's runtime verification pass as Debian's MLIR 22 archives
//! provide it, linked into loom-opt, which also parses the loom ops; after
//! `lower-affine`, so that `affine.load`/`store` are checked as the
//! `memref.load`/`store` they become, and after `scf-forall-to-for`),
//! `mlir-translate --mlir-to-llvmir`, `clang -O0` with [`DRIVER_C`].

use std::collections::{HashMap, HashSet};
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use loom::analysis::{AccessStatus, Report};

use super::emit::{exec_module, plain_module};
use super::generate::generate;
use super::model::{AccKind, Access, ArgSet, BoundsCase, Buf, ClaimStart, ForKind, Ix, Stmt};
use super::simulate::{simulate_with, SimOutcome};
use crate::tools::{loom_report, run_tool, Tools};

/// The executable's `main`: runs the run numbers given as arguments in
/// order, unbuffered, so that an abort's message is not lost.
const DRIVER_C: &str = r#"#include <stdio.h>
#include <stdlib.h>
long long bounds_run(int);
int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  for (int i = 1; i < argc; i++) {
    int k = atoi(argv[i]);
    printf("start %d\n", k);
    long long h = bounds_run(k);
    printf("done %d %lld\n", k, h);
  }
  return 0;
}
"#;

/// The executed module's way to LLVM: a run-time check of every claim loom
/// makes on it first (`loom-check-claims`: a violated claim fails the
/// batch, whatever the report said), then scf.forall and the affine ops
/// (upstream's runtime verification checks the memref ops they become;
/// lower-affine, unlike the greedy passes, keeps loads whose result is
/// unused), then the checks, then loom's lowering.
const EXEC_PIPELINE: &str =
    "loom-check-claims,func.func(scf-forall-to-for),lower-affine,generate-runtime-verification,loom-lower-to-llvm";

/// The same with loom's folds and function versioning between the checks
/// and the lowering: the folded executable must end every run as the plain
/// one does (the fold removes only checks of proven accesses and replaces
/// only comparisons, extrema and selects the facts decide; a versioned
/// function runs its unchecked copy only where its condition holds, so a
/// run its checks would stop still stops at the same check).
const FOLD_PIPELINE: &str = "func.func(scf-forall-to-for),lower-affine,generate-runtime-verification,loom-fold-loop-facts{version-functions=true},canonicalize,loom-lower-to-llvm";

/// Seconds one process of the executable may take.
const RUN_TIMEOUT: Duration = Duration::from_secs(30);

/// How an executed run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExecOutcome {
    /// Returned; the hash of the buffers.
    Done(i64),
    /// A runtime check failed at this location (`file`, line), if the
    /// message named one.
    Abort(Option<(String, usize)>),
    /// Anything else (a signal other than SIGABRT, a timeout).
    Crash(String),
}

/// What a batch observed: per case and argument set, the simulation and
/// (for runs that end within the fuel) the execution.
pub struct Observed {
    pub sim: Vec<Vec<SimOutcome>>,
    /// Per case, the accesses some simulated run reached.
    pub reached: Vec<HashSet<usize>>,
    pub exec: Vec<Vec<Option<ExecOutcome>>>,
    /// Per executed run, how the folded executable ended it.
    pub folded: Vec<Vec<Option<ExecOutcome>>>,
    /// Runtime checks in the executable's lowered code without and with
    /// the fold.
    pub checks: (usize, usize),
    /// Functions the folded executable versioned.
    pub versioned: usize,
}

/// `Location: loc("file":line:col)` → (file, line).
fn parse_location(line: &str) -> Option<(String, usize)> {
    let rest = line.split_once("Location: loc(\"")?.1;
    let (file, rest) = rest.split_once('"')?;
    let line_no = rest.strip_prefix(':')?.split(':').next()?.parse().ok()?;
    Some((file.to_string(), line_no))
}

/// Runs `exe` on runs `0..total`, restarting after each abort.
fn run_driver(exe: &Path, dir: &Path, total: usize) -> Result<Vec<ExecOutcome>, String> {
    let mut results: Vec<Option<ExecOutcome>> = vec![None; total];
    let mut next = 0;
    let out_path = dir.join("driver.out");
    while next < total {
        let out = std::fs::File::create(&out_path).map_err(|e| format!("create {}: {e}", out_path.display()))?;
        let mut child = Command::new(exe)
            .args((next..total).map(|k| k.to_string()))
            .stdout(out)
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
        let started = Instant::now();
        let status = loop {
            match child.try_wait().map_err(|e| format!("wait: {e}"))? {
                Some(s) => break Some(s),
                None if started.elapsed() > RUN_TIMEOUT => {
                    let _ = child.kill();
                    let _ = child.wait();
                    break None;
                }
                None => std::thread::sleep(Duration::from_millis(1)),
            }
        };
        let text = std::fs::read_to_string(&out_path).map_err(|e| format!("read driver output: {e}"))?;
        let mut current: Option<usize> = None;
        let mut loc = None;
        for l in text.lines() {
            if let Some(k) = l.strip_prefix("start ") {
                current = Some(k.trim().parse().map_err(|_| format!("driver printed '{l}'"))?);
                loc = None;
            } else if let Some(rest) = l.strip_prefix("done ") {
                let mut it = rest.split_whitespace();
                let k: usize = it.next().and_then(|k| k.parse().ok()).ok_or_else(|| format!("driver printed '{l}'"))?;
                let h: i64 = it.next().and_then(|h| h.parse().ok()).ok_or_else(|| format!("driver printed '{l}'"))?;
                results[k] = Some(ExecOutcome::Done(h));
                next = k + 1;
                current = None;
            } else if l.contains("Location: loc(") {
                loc = parse_location(l);
            } else if l.contains("loom claim violated") {
                let run = current.map_or_else(|| "outside any run".to_string(), |k| format!("in run {k}"));
                return Err(format!("{} {run}: {l}", exe.display()));
            }
        }
        match status {
            Some(s) if s.success() => {
                if next != total {
                    return Err(format!("driver exited normally after run {next} of {total}"));
                }
            }
            _ => {
                let k = current.ok_or_else(|| format!("driver failed ({status:?}) outside any run"))?;
                results[k] = Some(match status.and_then(|s| s.signal()) {
                    Some(6) => ExecOutcome::Abort(loc),
                    Some(sig) => ExecOutcome::Crash(format!("signal {sig}")),
                    None if status.is_none() => ExecOutcome::Crash(format!("timeout ({}s)", RUN_TIMEOUT.as_secs())),
                    None => ExecOutcome::Crash(format!("exit {status:?}")),
                });
                next = k + 1;
            }
        }
    }
    Ok(results.into_iter().map(|r| r.expect("every run has an outcome")).collect())
}

/// Builds the executable of `runs` under `dir` (tagged `tag`), lowered
/// by `pipeline`; with the number of lines of the lowered code that call
/// `abort` (a failed runtime check's end: how many checks are left) and
/// the number of functions versioned (carrying `loom.version_condition`).
fn build_executable(
    tools: &Tools,
    dir: &Path,
    tag: &str,
    runs: &[(&BoundsCase, usize)],
    pipeline: &str,
) -> Result<(PathBuf, usize, usize), String> {
    let write = |p: &Path, s: &str| std::fs::write(p, s).map_err(|e| format!("write {}: {e}", p.display()));
    let exec = dir.join(format!("exec-{tag}.mlir"));
    write(&exec, &exec_module(runs))?;
    let lowered = dir.join(format!("exec-{tag}.llvm.mlir"));
    run_tool(
        Command::new(&tools.loom_opt)
            .arg(&exec)
            .arg(format!("--pass-pipeline=builtin.module({pipeline})"))
            .arg("-o")
            .arg(&lowered),
        &format!("loom-opt {pipeline}"),
    )?;
    let text = std::fs::read_to_string(&lowered).map_err(|e| format!("read {}: {e}", lowered.display()))?;
    let checks = text.lines().filter(|l| l.contains("llvm.call @abort")).count();
    let versioned = text.lines().filter(|l| l.contains("loom.version_condition")).count();
    let ll = dir.join(format!("exec-{tag}.ll"));
    let bin = tools.llvm_prefix.join("bin");
    run_tool(
        Command::new(bin.join("mlir-translate")).arg("--mlir-to-llvmir").arg(&lowered).arg("-o").arg(&ll),
        "mlir-translate",
    )?;
    let driver = dir.join("driver.c");
    write(&driver, DRIVER_C)?;
    let exe = dir.join(format!("exec-{tag}"));
    run_tool(Command::new(bin.join("clang")).args(["-O0", "-w"]).arg(&ll).arg(&driver).arg("-o").arg(&exe), "clang")?;
    Ok((exe, checks, versioned))
}

/// Simulates every argument set of `cases` and executes the runs that end
/// within the fuel.
pub fn observe(tools: &Tools, dir: &Path, tag: &str, cases: &[BoundsCase]) -> Result<Observed, String> {
    let mut sim: Vec<Vec<SimOutcome>> = Vec::new();
    let mut reached: Vec<HashSet<usize>> = Vec::new();
    for c in cases {
        let runs: Vec<(SimOutcome, Vec<usize>)> = c.arg_sets.iter().map(|a| simulate_with(c, a)).collect();
        reached.push(runs.iter().flat_map(|(_, r)| r.iter().copied()).collect());
        sim.push(runs.into_iter().map(|(o, _)| o).collect());
    }
    let mut exec: Vec<Vec<Option<ExecOutcome>>> = sim.iter().map(|r| vec![None; r.len()]).collect();
    let mut folded = exec.clone();
    let mut checks = (0, 0);
    let mut versioned = 0;
    let mut runnable = Vec::new();
    for (i, runs) in sim.iter().enumerate() {
        for (s, o) in runs.iter().enumerate() {
            // mlir-runner on this host runs 64-bit index only.
            if matches!(o, SimOutcome::Done(_) | SimOutcome::Oob(_) | SimOutcome::SubviewOob(_)) && cases[i].iw == 64 {
                runnable.push((i, s));
            }
        }
    }
    if !runnable.is_empty() {
        let refs: Vec<(&BoundsCase, usize)> = runnable.iter().map(|&(i, s)| (&cases[i], s)).collect();
        let (exe, before, _) = build_executable(tools, dir, tag, &refs, EXEC_PIPELINE)?;
        let outcomes = run_driver(&exe, dir, refs.len())?;
        for (&(i, s), o) in runnable.iter().zip(outcomes) {
            exec[i][s] = Some(o);
        }
        let (exe, after, functions) = build_executable(tools, dir, &format!("{tag}-fold"), &refs, FOLD_PIPELINE)?;
        versioned = functions;
        let outcomes = run_driver(&exe, dir, refs.len())?;
        for (&(i, s), o) in runnable.iter().zip(outcomes) {
            folded[i][s] = Some(o);
        }
        checks = (before, after);
    }
    Ok(Observed { sim, reached, exec, folded, checks, versioned })
}

/// Totals over a fuzzing run.
#[derive(Default, Debug)]
pub struct BoundsTally {
    pub programs: u64,
    pub arg_sets: u64,
    pub executed: u64,
    pub undefined: u64,
    pub out_of_fuel: u64,
    pub accesses: u64,
    pub proven: u64,
    pub unproven: u64,
    /// Accesses some run reached (the others are not tested).
    pub reached: u64,
    /// Distinct accesses some run took out of bounds.
    pub oob_accesses: u64,
    /// Runs that ended out of bounds (simulation).
    pub oob_runs: u64,
    /// Distinct proven accesses some run took out of bounds.
    pub wrong_proofs: u64,
    /// The preconditions of unproven accesses against the runs.
    pub preconditions: super::preconditions::PreconditionTally,
    pub mismatches: u64,
    /// Runs executed again after `loom-fold-loop-facts` and canonicalize,
    /// and those that ended otherwise than before the fold.
    pub fold_runs: u64,
    pub fold_mismatches: u64,
    /// Runtime checks in the executables' lowered code, without and with
    /// the fold (the fold must remove some for the comparison to test it).
    pub checks_unfolded: u64,
    pub checks_folded: u64,
    /// Functions the folded executables versioned.
    pub versioned: u64,
    /// Messages (lines starting with two spaces continue the previous one).
    pub failures: Vec<String>,
    /// The rerun with every assumption off.
    pub diff: crate::assumption_diff::DiffTally,
    /// Programs in the nested 32-bit module (simulated only).
    pub nested: u64,
    /// Programs with each pipeline shape (`BoundsCase::shapes`).
    pub shapes: [u64; 8],
    /// Subviews (claims of the report beside the accesses), proven ones,
    /// runs that stopped at one.
    pub subviews: u64,
    pub subviews_proven: u64,
    pub subview_oob_runs: u64,
    /// Accesses of the pipeline templates, proven ones, distinct ones some
    /// run took out of bounds.
    pub pipeline_accesses: u64,
    pub pipeline_proven: u64,
    pub pipeline_oob: u64,
    /// Programs with each of the more pipeline shapes
    /// (`BoundsCase::more_shapes`).
    pub more_shapes: [u64; 6],
    /// Accesses of the more pipeline shapes, proven ones, distinct ones
    /// some run took out of bounds; their subviews, proven ones.
    pub more_accesses: u64,
    pub more_proven: u64,
    pub more_oob: u64,
    pub more_subviews: u64,
    pub more_subviews_proven: u64,
}

impl BoundsTally {
    pub fn summary(&self) -> String {
        let [par, forall, tile, sv, aff, alloc, la, div] = self.shapes;
        let pipeline = format!(
            "bounds-fuzz: pipeline shapes: {par} scf.parallel, {forall} scf.forall, {tile} tile, {sv} subview, {aff} affine.for, {div} affine division, {alloc} alloc, {la} lower-affine programs; their {} accesses ({} proven by loom, {} seen out of bounds), {} subviews ({} proven by loom), {} runs stopped at a subview",
            self.pipeline_accesses,
            self.pipeline_proven,
            self.pipeline_oob,
            self.subviews,
            self.subviews_proven,
            self.subview_oob_runs
        );
        let [avec, tile2, sv2, row, div_sum, long_sum] = self.more_shapes;
        let more = format!(
            "bounds-fuzz: more pipeline shapes: {avec} affine.vector_load/store, {tile2} 2-D tile view, {sv2} subview of a 2-D view, {row} rank-reducing subview, {div_sum} affine division in a sum, {long_sum} affine sum of 6+ terms programs; their {} accesses ({} proven by loom, {} seen out of bounds), {} subviews ({} proven by loom)",
            self.more_accesses,
            self.more_proven,
            self.more_oob,
            self.more_subviews,
            self.more_subviews_proven
        );
        let main = format!(
            "bounds-fuzz: context shapes: {} nested-width functions; {}\nbounds-fuzz: {} programs, {} argument sets ({} executed, {} undefined, {} beyond the fuel), {} accesses ({} proven by loom, {} unproven; {} reached by some run, {} seen out of bounds), {} out-of-bounds runs observed\nbounds-fuzz: {} wrong proofs ({} unlisted assumptions), {} simulator/execution mismatches; fold: {} runs executed folded ({} runtime checks left of {}; {} functions versioned), {} ended differently",
            self.nested,
            self.diff.summary(),
            self.programs,
            self.arg_sets,
            self.executed,
            self.undefined,
            self.out_of_fuel,
            self.accesses,
            self.proven,
            self.unproven,
            self.reached,
            self.oob_accesses,
            self.oob_runs,
            self.wrong_proofs,
            self.diff.unlisted,
            self.mismatches,
            self.fold_runs,
            self.checks_folded,
            self.checks_unfolded,
            self.versioned,
            self.fold_mismatches
        );
        let p = &self.preconditions;
        let pre = format!(
            "bounds-fuzz: preconditions: {} accesses with one, {} out-of-bounds runs of them checked, {} wrong",
            p.stated, p.checked, p.wrong
        );
        format!("{pipeline}\n{more}\n{main}\n{pre}")
    }
    pub fn failed(&self) -> bool {
        self.wrong_proofs > 0
            || self.mismatches > 0
            || self.fold_mismatches > 0
            || self.diff.unlisted > 0
            || !self.failures.is_empty()
    }
}

/// Which accesses of one case were flagged, and how.
#[derive(Default)]
struct Verdict {
    by_sim: HashSet<usize>,
    by_exec: HashSet<usize>,
}

/// The claim id of subview `k` of `case` (after the accesses' ids).
fn subview_claim(case: &BoundsCase, k: usize) -> usize {
    case.accesses.len() + k
}

/// The op name of claim `id`.
fn claim_op(case: &BoundsCase, id: usize) -> &'static str {
    if id <= case.accesses.len() {
        case.accesses[id - 1].0.op_name()
    } else {
        "memref.subview"
    }
}

/// The claim an abort at `loc` names, if it is one of `case`'s.
fn abort_claim(case: &BoundsCase, loc: &(String, usize)) -> Option<usize> {
    let (file, at) = loc;
    if file == &case.name() && (1..=case.accesses.len()).contains(at) {
        Some(*at)
    } else if file == &case.subview_file() && (1..=case.subviews).contains(at) {
        Some(subview_claim(case, *at))
    } else {
        None
    }
}

/// A subview's description in messages.
fn claim_text(case: &BoundsCase, id: usize) -> String {
    if id <= case.accesses.len() {
        format!("access {id} ({})", claim_op(case, id))
    } else {
        format!("subview {} (memref.subview)", id - case.accesses.len())
    }
}

/// Checks one case's observations against `proven` (claim id → whether
/// loom proved it: access ids, then the subviews, see `subview_claim`).
fn check_case(
    case: &BoundsCase,
    obs: &Observed,
    i: usize,
    proven: &dyn Fn(usize) -> bool,
    tally: &mut BoundsTally,
) -> Verdict {
    let (sim, exec) = (&obs.sim[i], &obs.exec[i]);
    let mut v = Verdict::default();
    let mut seen = HashSet::new();
    tally.programs += 1;
    tally.nested += (case.iw == 32) as u64;
    for (t, has) in tally.shapes.iter_mut().zip(case.shapes()) {
        *t += has as u64;
    }
    for (t, has) in tally.more_shapes.iter_mut().zip(case.more_shapes()) {
        *t += has as u64;
    }
    for k in 1..=case.subviews {
        tally.subviews += 1;
        tally.subviews_proven += proven(subview_claim(case, k)) as u64;
        if k >= case.more_first.subview {
            tally.more_subviews += 1;
            tally.more_subviews_proven += proven(subview_claim(case, k)) as u64;
        }
    }
    tally.reached += obs.reached[i].len() as u64;
    for id in 1..=case.accesses.len() {
        tally.accesses += 1;
        if proven(id) {
            tally.proven += 1;
        } else {
            tally.unproven += 1;
        }
        if id >= case.pipeline_first {
            tally.pipeline_accesses += 1;
            tally.pipeline_proven += proven(id) as u64;
        }
        if id >= case.more_first.access {
            tally.more_accesses += 1;
            tally.more_proven += proven(id) as u64;
        }
    }
    let name = case.name();
    for (s, o) in sim.iter().enumerate() {
        tally.arg_sets += 1;
        let args = case.arg_sets[s].describe();
        let stop = match o {
            SimOutcome::Oob(id) => Some(*id),
            SimOutcome::SubviewOob(k) => Some(subview_claim(case, *k)),
            _ => None,
        };
        if let Some(id) = stop {
            if id <= case.accesses.len() {
                tally.oob_runs += 1;
                seen.insert(id);
            } else {
                tally.subview_oob_runs += 1;
            }
            if proven(id) && v.by_sim.insert(id) {
                tally.failures.push(format!(
                    "wrong proof: @{name} {} is proven, but the simulation with {args} takes it out of bounds",
                    claim_text(case, id)
                ));
            }
        }
        match o {
            SimOutcome::Oob(_) | SimOutcome::SubviewOob(_) => {}
            SimOutcome::Undefined => tally.undefined += 1,
            SimOutcome::OutOfFuel => tally.out_of_fuel += 1,
            SimOutcome::Done(_) => {}
        }
        let Some(e) = &exec[s] else { continue };
        tally.executed += 1;
        if let ExecOutcome::Abort(Some(loc)) = e {
            if let Some(id) = abort_claim(case, loc) {
                if proven(id) && v.by_exec.insert(id) {
                    tally.failures.push(format!(
                        "wrong proof: @{name} {} is proven, but its runtime check fails with {args}",
                        claim_text(case, id)
                    ));
                }
            }
        }
        let agree = match (o, e) {
            (SimOutcome::Done(h), ExecOutcome::Done(g)) => h == g,
            (SimOutcome::Oob(id), ExecOutcome::Abort(Some(loc))) => abort_claim(case, loc) == Some(*id),
            (SimOutcome::SubviewOob(k), ExecOutcome::Abort(Some(loc))) => {
                abort_claim(case, loc) == Some(subview_claim(case, *k))
            }
            _ => false,
        };
        if !agree {
            tally.mismatches += 1;
            tally.failures.push(format!(
                "mismatch: @{name} with {args}: the simulation says '{}', the execution {e:?}",
                o.describe()
            ));
        }
        // The folded executable ends the run the same way (a crash is not
        // compared by its message).
        if let Some(f) = obs.folded.get(i).and_then(|r| r.get(s)).cloned().flatten() {
            tally.fold_runs += 1;
            let same = match (e, &f) {
                (ExecOutcome::Crash(_), ExecOutcome::Crash(_)) => true,
                _ => *e == f,
            };
            if !same {
                tally.fold_mismatches += 1;
                tally.failures.push(format!(
                    "fold changes a run: @{name} with {args} ends {e:?}, after loom-fold-loop-facts {f:?}"
                ));
            }
        }
    }
    tally.oob_accesses += seen.len() as u64;
    tally.pipeline_oob += seen.iter().filter(|&&id| id >= case.pipeline_first).count() as u64;
    tally.more_oob += seen.iter().filter(|&&id| id >= case.more_first.access).count() as u64;
    tally.wrong_proofs += v.by_sim.union(&v.by_exec).count() as u64;
    v
}

/// Access verdicts of the report, by (function, access id); problems with
/// the report itself go to `tally.failures`.
fn report_verdicts(
    text: &str,
    cases: &[BoundsCase],
    tally: &mut BoundsTally,
) -> Result<HashMap<(String, usize), bool>, String> {
    let report = Report::from_json(text).map_err(|e| format!("report does not follow the schema: {e}"))?;
    let mut out = HashMap::new();
    // Accesses are at `loc("b<seed>":id:1)`, subviews at `loc("b<seed>.sv":k:1)`.
    let mut ops: HashMap<String, &BoundsCase> = cases.iter().map(|c| (c.name(), c)).collect();
    ops.extend(cases.iter().map(|c| (c.subview_file(), c)));
    for a in &report.accesses {
        let parsed = a.loc.rsplitn(3, ':').collect::<Vec<_>>();
        let key = match parsed.as_slice() {
            [_col, line, file] => line.parse::<usize>().ok().map(|l| (file.to_string(), l)),
            _ => None,
        };
        let known = key.as_ref().and_then(|loc| {
            let c = ops.get(&loc.0)?;
            let id = abort_claim(c, loc)?;
            let op = if id <= c.accesses.len() { c.expected_op(id) } else { "memref.subview" };
            (c.name() == a.function).then_some((c.name(), id, op))
        });
        match known {
            Some((f, id, op)) => {
                if op != a.op {
                    tally.failures.push(format!("report: access at {} is a {op}, not a {}", a.loc, a.op));
                }
                if out.insert((f, id), a.status == AccessStatus::Proven).is_some() {
                    tally.failures.push(format!("report: access at {} listed twice", a.loc));
                }
            }
            _ => tally.failures.push(format!("report: access at '{}' in @{} was not generated", a.loc, a.function)),
        }
    }
    for c in cases {
        for id in 1..=c.accesses.len() + c.subviews {
            if !out.contains_key(&(c.name(), id)) {
                tally.failures.push(format!("report: {} of @{} is missing", claim_text(c, id), c.name()));
            }
        }
    }
    Ok(out)
}

/// Checks one batch of cases: report, simulation, execution.
/// loom's reports on `cases`, with and without assumptions: the programs
/// without `lower_affine` in one plain module, those with it in another
/// that goes through `lower-affine` first (tagged `<tag>-la`); the two
/// reports of each kind merged into one.
fn reports(tools: &Tools, dir: &Path, tag: &str, cases: &[BoundsCase]) -> Result<(String, String), String> {
    let parse = |t: &str| Report::from_json(t).map_err(|e| format!("report does not follow the schema: {e}"));
    let mut merged: Option<(Report, Report)> = None;
    for (la, t) in [(false, tag.to_string()), (true, format!("{tag}-la"))] {
        let part: Vec<BoundsCase> = cases.iter().filter(|c| c.lower_affine == la).cloned().collect();
        if part.is_empty() {
            continue;
        }
        let mut plain = dir.join(format!("plain-{t}.mlir"));
        std::fs::write(&plain, plain_module(&part)).map_err(|e| format!("write: {e}"))?;
        if la {
            let lowered = dir.join(format!("plain-{t}.lowered.mlir"));
            run_tool(
                Command::new(&tools.loom_opt)
                    .arg(&plain)
                    .arg("--pass-pipeline=builtin.module(lower-affine)")
                    .arg("--mlir-print-debuginfo")
                    .arg("-o")
                    .arg(&lowered),
                "loom-opt lower-affine",
            )?;
            plain = lowered;
        }
        let text = parse(&loom_report(&tools.loom_opt, &plain, &dir.join(format!("report-{t}.json")))?)?;
        // The same module with every assumption off.
        let off = parse(&crate::assumption_diff::report_without_assumptions(
            &tools.loom_opt,
            &plain,
            &dir.join(format!("report-{t}-off.json")),
            "",
        )?)?;
        merged = Some(match merged {
            None => (text, off),
            Some((mut r, mut o)) => {
                r.loops.extend(text.loops);
                r.accesses.extend(text.accesses);
                o.loops.extend(off.loops);
                o.accesses.extend(off.accesses);
                (r, o)
            }
        });
    }
    let (r, o) = merged.ok_or("no programs")?;
    Ok((r.to_json(), o.to_json()))
}

/// The files a batch tagged `tag` writes (removed when it finds nothing).
fn batch_files(tag: &str) -> Vec<String> {
    let mut v = Vec::new();
    for t in [tag.to_string(), format!("{tag}-la")] {
        v.extend([
            format!("plain-{t}.mlir"),
            format!("plain-{t}.lowered.mlir"),
            format!("report-{t}.json"),
            format!("report-{t}-off.json"),
        ]);
    }
    for t in [tag.to_string(), format!("{tag}-fold")] {
        v.extend([
            format!("exec-{t}.mlir"),
            format!("exec-{t}.llvm.mlir"),
            format!("exec-{t}.ll"),
            format!("exec-{t}"),
        ]);
    }
    v
}

/// Checks one batch of cases: report, simulation, execution.
pub fn run_batch(tools: &Tools, dir: &Path, cases: &[BoundsCase], tally: &mut BoundsTally) -> Result<(), String> {
    let tag = cases[0].id.to_string();
    let (text, off) = reports(tools, dir, &tag, cases)?;
    // What changes with every assumption off must list one.
    let mut d = crate::assumption_diff::compare_texts(&text, &off, &|_| true)?;
    for f in d.failures.drain(..) {
        tally.failures.push(format!("batch at seed {tag}: {f}"));
    }
    tally.diff.add(d);
    let verdicts = report_verdicts(&text, cases, tally)?;
    let preconditions = super::preconditions::of_report(&text, cases)?;
    let obs = observe(tools, dir, &tag, cases)?;
    tally.checks_unfolded += obs.checks.0 as u64;
    tally.checks_folded += obs.checks.1 as u64;
    tally.versioned += obs.versioned as u64;
    let failures_before = tally.failures.len();
    for (i, c) in cases.iter().enumerate() {
        let before = tally.failures.len();
        let name = c.name();
        let proven = |id: usize| verdicts.get(&(name.clone(), id)).copied().unwrap_or(false);
        check_case(c, &obs, i, &proven, tally);
        super::preconditions::check_case(c, &obs.sim[i], &preconditions, &mut tally.preconditions, &mut tally.failures);
        if tally.failures.len() > before {
            let repro = dir.join(format!("case-{}.mlir", c.id));
            let _ = std::fs::write(&repro, super::describe(c.id));
            tally.failures.push(format!(
                "  reproducer: {} (loom-facts-fuzz --bounds --print {})",
                repro.display(),
                c.id
            ));
        }
    }
    // A batch that found nothing keeps no files (a long run would
    // accumulate megabytes per batch); one that did keeps them all.
    if tally.failures.len() == failures_before {
        for f in batch_files(&tag) {
            let _ = std::fs::remove_file(dir.join(f));
        }
    }
    Ok(())
}

/// Checks seeds `seeds` in batches of `batch`.
pub fn run(
    tools: &Tools,
    dir: &Path,
    seeds: std::ops::Range<u64>,
    batch: usize,
    tally: &mut BoundsTally,
) -> Result<(), String> {
    let ids: Vec<u64> = seeds.collect();
    for chunk in ids.chunks(batch) {
        let cases: Vec<BoundsCase> = chunk.iter().map(|&id| generate(id)).collect();
        run_batch(tools, dir, &cases, tally).map_err(|e| format!("batch at seed {}: {e}", chunk[0]))?;
    }
    Ok(())
}

/// Seeds the self-test draws programs from (beside its hand-written one).
const SELF_TEST_SEEDS: std::ops::Range<u64> = 1_000_000..1_000_030;

/// `for %i = 0 to dim(%A, 0) { <kind> %A[idx] }` run with `%A` of 0, 1 and
/// 7 elements, at index width `iw`.
fn single_loop_case(id: u64, kind: AccKind, idx: Ix, iw: u32) -> BoundsCase {
    let acc = Access { id: 1, kind, buf: Buf::A, idx: vec![idx] };
    let body = vec![Stmt::For {
        kind: ForKind::Scf,
        var: 0,
        lb: Ix::Const(0),
        ub: Ix::Dim(Buf::A, 0),
        step: 1,
        body: vec![Stmt::Access(acc)],
    }];
    let set = |a_len| ArgSet { a_len, b_len: 0, m_dims: (0, 0), n: 0, m: 0 };
    BoundsCase {
        id,
        body,
        accesses: vec![(kind, Buf::A)],
        vars: 1,
        arg_sets: vec![set(0), set(1), set(7)],
        iw,
        subviews: 0,
        pipeline_first: 2,
        lower_affine: false,
        more_first: ClaimStart { access: 2, subview: 1 },
    }
}

/// `for %i = 0 to dim(%A, 0) { %A[%i + 1] = ... }`: out of bounds for every
/// non-empty `%A`, whatever the simulator says.
fn overrun_case() -> BoundsCase {
    single_loop_case(999_999, AccKind::Store, Ix::Var(0).add_c(1), 64)
}

/// `for %i = 0 to dim(%A, 0) { %A[divsi(2^31, 2^29) + (%i - 4)] }` in the
/// nested 32-bit module: `%A[%i - 8]` there, out of bounds for every `%A`
/// of 1 to 8 elements, though `%A[%i]` at 64 bits (the width a nested module
/// gives `index` decides).
/// Simulated only.
fn nested_overrun_case() -> BoundsCase {
    let wide = Ix::DivSI(Box::new(Ix::Const(1 << 31)), 1 << 29);
    single_loop_case(999_998, AccKind::Load, Ix::Add(Box::new(wide), Box::new(Ix::Var(0).add_c(-4))), 32)
}

/// `report` with every access's status set by `proven(function, loc)`.
fn forge(report: &Report, proven: &dyn Fn(&str, &str) -> bool) -> String {
    let mut forged = report.clone();
    for a in &mut forged.accesses {
        a.status = if proven(&a.function, &a.loc) { AccessStatus::Proven } else { AccessStatus::Unproven };
        if a.status == AccessStatus::Proven {
            a.reason = None;
        }
    }
    forged.to_json()
}

/// Feeds the checker forged reports (loom's own report of the self-test's
/// programs with the statuses rewritten, see the module header); the
/// summary line and whether every check passed.
pub fn self_test(tools: &Tools, dir: &Path) -> Result<(Vec<String>, bool), String> {
    let mut cases = vec![overrun_case(), nested_overrun_case()];
    let hand = super::hand::all();
    let first_hand = cases.len();
    cases.extend(hand.iter().map(|(c, _, _)| c.clone()));
    cases.extend(SELF_TEST_SEEDS.map(generate));
    let (text, off) = reports(tools, dir, "self-test", &cases)?;
    let report = Report::from_json(&text).map_err(|e| format!("report does not follow the schema: {e}"))?;
    let off = Report::from_json(&off).map_err(|e| format!("report does not follow the schema: {e}"))?;
    let (diff_line, diff_ok) = crate::assumption_diff::self_test(&report, &off, "bounds");
    let obs = observe(tools, dir, "self-test", &cases)?;
    // Accesses some simulated run took out of bounds, as report locations.
    let mut oob: HashSet<String> = HashSet::new();
    // Of those, the ones in executed (64-bit) programs.
    let mut oob_exec: HashSet<String> = HashSet::new();
    for (i, c) in cases.iter().enumerate() {
        for o in &obs.sim[i] {
            let loc = match o {
                SimOutcome::Oob(id) => format!("{}:{id}:1", c.name()),
                SimOutcome::SubviewOob(k) => format!("{}:{k}:1", c.subview_file()),
                _ => continue,
            };
            if c.iw == 64 {
                oob_exec.insert(loc.clone());
            }
            oob.insert(loc);
        }
    }
    let mut lines = vec![diff_line];
    let mut ok = diff_ok;
    // The hand-written pipeline near misses caught both ways (by case).
    type Checked = (usize, usize, bool, bool, Vec<bool>);
    let check = |forged: &str, lines: &mut Vec<String>| -> Result<Checked, String> {
        let mut t = BoundsTally::default();
        let verdicts = report_verdicts(forged, &cases, &mut t)?;
        let (mut by_sim, mut by_exec, mut overrun, mut nested) = (0, 0, false, false);
        let mut hand_caught = vec![false; hand.len()];
        for (i, c) in cases.iter().enumerate() {
            let name = c.name();
            let v = check_case(c, &obs, i, &|id| verdicts.get(&(name.clone(), id)).copied().unwrap_or(false), &mut t);
            by_sim += v.by_sim.len();
            by_exec += v.by_exec.len();
            overrun |= i == 0 && v.by_sim.contains(&1) && v.by_exec.contains(&1);
            nested |= i == 1 && v.by_sim.contains(&1);
            if let Some(h) = i.checked_sub(first_hand).filter(|h| *h < hand.len()) {
                let id = hand[h].1;
                hand_caught[h] = v.by_sim.contains(&id) && v.by_exec.contains(&id);
            }
        }
        let clean = t.mismatches == 0 && t.failures.iter().all(|f| f.starts_with("wrong proof"));
        if !clean {
            lines.extend(t.failures);
        }
        Ok((by_sim, by_exec, overrun && clean, nested && clean, hand_caught.into_iter().map(|h| h && clean).collect()))
    };
    // Every claim proven: each one seen out of bounds must be caught, both ways.
    let all = forge(&report, &|_, _| true);
    let (by_sim, by_exec, overrun, nested, hand_caught) = check(&all, &mut lines)?;
    ok &= overrun && nested && !oob.is_empty() && by_sim == oob.len() && by_exec == oob_exec.len();
    ok &= hand_caught.iter().all(|&h| h);
    // Proven exactly where no run went out of bounds: nothing may be flagged.
    let safe = forge(&report, &|_, loc| !oob.contains(loc));
    let (flag_sim, flag_exec, _, _, _) = check(&safe, &mut lines)?;
    let flagged = flag_sim + flag_exec;
    ok &= flagged == 0;
    let right = cases.iter().map(|c| c.accesses.len() + c.subviews).sum::<usize>() - oob.len();
    // Of the generated programs' claims seen out of bounds, those in each
    // pipeline template kind (all caught, see above).
    let missed: Vec<&str> = hand.iter().zip(&hand_caught).filter(|(_, &c)| !c).map(|((_, _, what), _)| *what).collect();
    lines.push(format!(
        "bounds self-test: pipeline shapes: {} hand-written false proofs planted, {} caught by simulation and execution{}",
        hand.len(),
        hand_caught.iter().filter(|&&h| h).count(),
        if missed.is_empty() { String::new() } else { format!(" (missed: {})", missed.join(", ")) }
    ));
    lines.push(format!(
        "bounds self-test: {} false proofs planted, {by_sim} caught by simulation, {by_exec} caught by execution of the {} in 64-bit programs (hand-written overrun caught: {}; in a nested 32-bit module: {}); {right} proofs of accesses no run took out of bounds, {flagged} flagged",
        oob.len(),
        oob_exec.len(),
        if overrun { "yes" } else { "NO" },
        if nested { "yes" } else { "NO" }
    ));
    Ok((lines, ok))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nested_overrun_is_out_of_bounds_at_32_bits_only() {
        let mut c = nested_overrun_case();
        // A: 0 (no iteration), 1, 7.
        let at32: Vec<SimOutcome> = (0..3).map(|s| crate::bounds_fuzz::simulate(&c, s)).collect();
        assert!(matches!(at32[0], SimOutcome::Done(_)), "{at32:?}");
        assert_eq!(&at32[1..], &[SimOutcome::Oob(1), SimOutcome::Oob(1)]);
        c.iw = 64;
        assert!((0..3).all(|s| matches!(crate::bounds_fuzz::simulate(&c, s), SimOutcome::Done(_))));
    }

    #[test]
    fn locations_of_runtime_messages() {
        assert_eq!(parse_location("Location: loc(\"b12\":3:1)"), Some(("b12".into(), 3)));
        assert_eq!(parse_location("x Location: loc(\"b0\":17:1)"), Some(("b0".into(), 17)));
        assert_eq!(parse_location("Location: loc(unknown)"), None);
        assert_eq!(parse_location("^ out-of-bounds access"), None);
    }

    fn observed(sim: Vec<SimOutcome>, exec: Vec<Option<ExecOutcome>>) -> Observed {
        let folded = vec![exec.clone()];
        Observed {
            sim: vec![sim],
            reached: vec![HashSet::from([1])],
            exec: vec![exec],
            folded,
            checks: (0, 0),
            versioned: 0,
        }
    }

    #[test]
    fn a_fold_that_changes_how_a_run_ends_is_flagged() {
        let c = overrun_case();
        let at = |id| ExecOutcome::Abort(Some((c.name(), id)));
        // The same ending (crashes are not compared by message): nothing.
        for (e, f) in [
            (ExecOutcome::Done(5), ExecOutcome::Done(5)),
            (ExecOutcome::Crash("signal 11".into()), ExecOutcome::Crash("timeout (30s)".into())),
        ] {
            let mut obs = observed(vec![SimOutcome::Done(5)], vec![Some(e)]);
            obs.folded = vec![vec![Some(f)]];
            let mut t = BoundsTally::default();
            check_case(&c, &obs, 0, &|_| false, &mut t);
            assert_eq!((t.fold_runs, t.fold_mismatches), (1, 0));
        }
        // A removed check (the run no longer stops at access 1), another
        // hash: flagged, and the run fails.
        for f in [ExecOutcome::Done(5), ExecOutcome::Abort(None)] {
            let mut obs = observed(vec![SimOutcome::Oob(1)], vec![Some(at(1))]);
            obs.folded = vec![vec![Some(f)]];
            let mut t = BoundsTally::default();
            check_case(&c, &obs, 0, &|_| false, &mut t);
            assert_eq!((t.fold_runs, t.fold_mismatches, t.failed()), (1, 1, true));
        }
    }

    #[test]
    fn proofs_contradicted_by_either_truth_and_disagreements_are_flagged() {
        let c = overrun_case();
        let at = |id| ExecOutcome::Abort(Some((c.name(), id)));
        // Both truths see access 1 out of bounds: a proof of it is wrong, twice over.
        let obs = observed(vec![SimOutcome::Oob(1)], vec![Some(at(1))]);
        let mut t = BoundsTally::default();
        let v = check_case(&c, &obs, 0, &|_| true, &mut t);
        assert_eq!((v.by_sim.len(), v.by_exec.len(), t.mismatches, t.wrong_proofs), (1, 1, 0, 1));
        // Unproven: nothing wrong.
        let mut t = BoundsTally::default();
        let v = check_case(&c, &obs, 0, &|_| false, &mut t);
        assert!(v.by_sim.is_empty() && v.by_exec.is_empty() && !t.failed());
        // Only the execution aborts: a wrong proof and a mismatch.
        let obs = observed(vec![SimOutcome::Done(5)], vec![Some(at(1))]);
        let mut t = BoundsTally::default();
        let v = check_case(&c, &obs, 0, &|_| true, &mut t);
        assert_eq!((v.by_sim.len(), v.by_exec.len(), t.mismatches, t.wrong_proofs), (0, 1, 1, 1));
        // Different hashes, a crash: mismatches.
        for e in [ExecOutcome::Done(6), ExecOutcome::Crash("signal 11".into()), ExecOutcome::Abort(None)] {
            let obs = observed(vec![SimOutcome::Done(5)], vec![Some(e)]);
            let mut t = BoundsTally::default();
            check_case(&c, &obs, 0, &|_| false, &mut t);
            assert_eq!(t.mismatches, 1);
        }
    }
}
