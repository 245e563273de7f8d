//! Deep nests: loop nests 16 to 64 deep whose every loop's bounds are the
//! max and min of two or three enclosing induction variables and
//! arguments (the shape of `bench/facts/gen.py --deep-nest`), where an
//! analysis that rereads an enclosing loop's bounds through its variables
//! takes time exponential in the depth.
//!
//! A program ([`DeepNest`], a pure function of the seed, one seed in
//! 40, from a random stream of its own so that the other shapes of a
//! seed do not change; off with `--without-deep-nest-shapes`,
//! [`DEEP_NEST_SHAPES`]) is a function `@dn<seed>(%n: index, %m: index,
//! %rec: memref<?xi64>)` holding one nest, all `scf.for` (bounds built with
//! `arith.addi`/`subi` by constants and `arith.maxsi`/`minsi`) or all
//! `affine.for` (bounds `max`/`min` of inline affine maps over the
//! enclosing induction variables as dimensions and `%m`/`%n` as symbols):
//! loop 0 runs `0 to %n`; loop `K` from `max(%i{K-1} + a, %i{K-2} - b[,
//! %i{K-3} - b'][, %m - d])` to `min(%i{K-1} + c, %i{K-2} + e[, %i{K-3} +
//! e'], %n)` with `a` in 0..=1, `c` in 1..=3 (most loops run 0 to 2
//! iterations per entry). Every induction variable lies in `[0, %n)` and
//! none decreases inward, so with `%n <= 3` the whole nest runs at most a
//! few thousand innermost bodies and no bound wraps. Each body adds one to
//! its loop's slot of `%rec` (a load, an add and a store: no op with
//! regions added).
//!
//! **Check.** `loom-report` on the program must take at most
//! [`REPORT_LIMIT`] of CPU time (user + system of the whole `loom-opt`
//! process, from `wait4`, [`crate::tools::run_tool_cpu_time`]: unlike
//! wall-clock time, it does not grow when other processes load the
//! machine; a slower program is a failure, with its time). The programs of
//! a batch are first reported together: their analyses are independent, so
//! if the whole run is within the limit so is each; otherwise each is timed
//! alone. The program then runs with two
//! argument sets through `loom-check-claims` + `loom-lower-to-llvm` +
//! `mlir-runner`: every claim loom makes on it (per-entry counts, counter
//! ranges in bodies, per-call totals) is checked at run time, and the
//! printed per-loop body totals must equal the simulation's (exact: the
//! bounds never wrap). The report's own claims are not compared with the
//! simulation here: the claims are checked as `loom-check-claims` makes
//! them on the executed program.

use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

use crate::rng::Rng;
use crate::tools::Tools;

use super::harness::CLAIM_VIOLATED;
use super::tally::SymTally;

/// Whether the symbolic fuzzer adds deep nests. On by default;
/// `loom-facts-fuzz --symbolic --without-deep-nest-shapes` turns it off.
pub static DEEP_NEST_SHAPES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// The most CPU time `loom-report` may take on one deep nest: 2 s for the
/// release build users run. A debug build (CI tests both profiles, each
/// with its own tools: this binary's profile is loom-opt's) runs the same
/// analysis about ten times slower and gets ten times as long.
pub const REPORT_LIMIT: Duration =
    if cfg!(debug_assertions) { Duration::from_secs(20) } else { Duration::from_secs(2) };

/// One term of a bound: an enclosing induction variable `back` loops out
/// (0: the parent) plus `offset`, or an argument (`%m` for lower bounds,
/// `%n` for upper ones) plus `offset`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    Iv { back: usize, offset: i64 },
    Arg { offset: i64 },
}

/// Loop `K > 0`'s bounds: the max of `lo`, the min of `hi`.
#[derive(Clone, Debug)]
pub struct DeepLoop {
    pub lo: Vec<Term>,
    pub hi: Vec<Term>,
}

/// One deep-nest program.
#[derive(Clone, Debug)]
pub struct DeepNest {
    pub id: u64,
    pub affine: bool,
    /// Loops 1 to depth - 1 (loop 0 runs `0 to %n`).
    pub inner: Vec<DeepLoop>,
    /// The argument sets `(%n, %m)`.
    pub sets: Vec<(i64, i64)>,
}

/// The program of seed `id`, or none (39 seeds in 40, or the shape
/// switched off).
pub fn generate(id: u64) -> Option<DeepNest> {
    if !DEEP_NEST_SHAPES.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let mut rng = Rng::new(id.wrapping_mul(0xC2B2_AE3D_27D4_EB4F) ^ 0xDEE9);
    if rng.below(40) != 0 {
        return None;
    }
    Some(generate_program(id, &mut rng))
}

fn generate_program(id: u64, rng: &mut Rng) -> DeepNest {
    let depth = 16 + rng.below(49) as usize;
    let refs = 2 + rng.below(2) as usize;
    let mut inner = Vec::new();
    for k in 1..depth {
        let mut lo = vec![Term::Iv { back: 0, offset: rng.chance(1, 12) as i64 }];
        let mut hi = vec![Term::Iv { back: 0, offset: 1 + rng.below(3) as i64 }];
        for back in 1..refs.min(k) {
            lo.push(Term::Iv { back, offset: -(rng.below(3) as i64) });
            hi.push(Term::Iv { back, offset: 1 + rng.below(4) as i64 });
        }
        if rng.chance(1, 4) {
            lo.push(Term::Arg { offset: -(rng.below(3) as i64) });
        }
        hi.push(Term::Arg { offset: 0 });
        inner.push(DeepLoop { lo, hi });
    }
    let sets = (0..2).map(|_| (rng.below(4) as i64, rng.range_i64(-2, 3))).collect();
    DeepNest { id, affine: rng.chance(1, 2), inner, sets }
}

impl DeepNest {
    pub fn depth(&self) -> usize {
        self.inner.len() + 1
    }

    /// Body executions per loop for argument set `set`.
    pub fn simulate(&self, set: usize) -> Vec<u64> {
        let (n, m) = self.sets[set];
        let mut counts = vec![0u64; self.depth()];
        let mut ivs = Vec::with_capacity(self.depth());
        for i0 in 0..n {
            ivs.push(i0);
            counts[0] += 1;
            self.run_inner(1, n, m, &mut ivs, &mut counts);
            ivs.pop();
        }
        counts
    }

    fn run_inner(&self, k: usize, n: i64, m: i64, ivs: &mut Vec<i64>, counts: &mut [u64]) {
        let Some(l) = self.inner.get(k - 1) else { return };
        let value = |t: &Term, arg: i64| match *t {
            Term::Iv { back, offset } => ivs[k - 1 - back] + offset,
            Term::Arg { offset } => arg + offset,
        };
        let lo = l.lo.iter().map(|t| value(t, m)).max().expect("a lower bound");
        let hi = l.hi.iter().map(|t| value(t, n)).min().expect("an upper bound");
        for i in lo..hi {
            ivs.push(i);
            counts[k] += 1;
            self.run_inner(k + 1, n, m, ivs, counts);
            ivs.pop();
        }
    }

    /// The program's function (no module).
    pub fn function(&self) -> String {
        let d = self.depth();
        let mut s = format!("func.func @dn{}(%n: index, %m: index, %rec: memref<?xi64>) {{\n", self.id);
        s.push_str("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n");
        s.push_str("  %one = arith.constant 1 : i64\n");
        let mut consts = std::collections::BTreeSet::new();
        if !self.affine {
            for l in &self.inner {
                for t in l.lo.iter().chain(&l.hi) {
                    let (Term::Iv { offset, .. } | Term::Arg { offset }) = *t;
                    consts.insert(offset.abs());
                }
            }
            for v in &consts {
                let _ = writeln!(s, "  %k{v} = arith.constant {v} : index");
            }
        }
        if self.affine {
            s.push_str("  affine.for %i0 = 0 to %n {\n");
        } else {
            s.push_str("  scf.for %i0 = %c0 to %n step %c1 {\n");
        }
        for k in 0..d {
            let ind = "  ".repeat(k + 2);
            let _ = writeln!(s, "{ind}%r{k} = memref.load %rec[%c{k}x] : memref<?xi64>");
            let _ = writeln!(s, "{ind}%r{k}n = arith.addi %r{k}, %one : i64");
            let _ = writeln!(s, "{ind}memref.store %r{k}n, %rec[%c{k}x] : memref<?xi64>");
            if k + 1 == d {
                break;
            }
            let l = &self.inner[k];
            let next = k + 1;
            if self.affine {
                let (lo_map, lo_args) = affine_bound(&l.lo, next, "m");
                let (hi_map, hi_args) = affine_bound(&l.hi, next, "n");
                let _ = writeln!(s, "{ind}affine.for %i{next} = max {lo_map}{lo_args} to min {hi_map}{hi_args} {{");
            } else {
                let lo = scf_bound(&mut s, &ind, &l.lo, next, "lo", "maxsi", "%m");
                let hi = scf_bound(&mut s, &ind, &l.hi, next, "hi", "minsi", "%n");
                let _ = writeln!(s, "{ind}scf.for %i{next} = {lo} to {hi} step %c1 {{");
            }
        }
        for k in (0..d).rev() {
            let _ = writeln!(s, "{}}}", "  ".repeat(k + 1));
        }
        s.push_str("  return\n}\n");
        // The slots' indices, defined before the nest.
        let slots: String = (0..d).map(|k| format!("  %c{k}x = arith.constant {k} : index\n")).collect();
        s.replacen("  %one = arith.constant 1 : i64\n", &format!("  %one = arith.constant 1 : i64\n{slots}"), 1)
    }
}

/// An affine `max`/`min` bound of loop `k`: the map and its operands.
fn affine_bound(terms: &[Term], k: usize, sym: &str) -> (String, String) {
    let dims: Vec<usize> =
        terms.iter().filter_map(|t| if let Term::Iv { back, .. } = *t { Some(back) } else { None }).collect();
    let has_sym = terms.iter().any(|t| matches!(t, Term::Arg { .. }));
    let exprs: Vec<String> = terms
        .iter()
        .map(|t| match *t {
            Term::Iv { back, offset } => {
                let d = dims.iter().position(|&b| b == back).expect("listed");
                format!("d{d} {} {}", if offset < 0 { '-' } else { '+' }, offset.abs())
            }
            Term::Arg { offset } => format!("s0 {} {}", if offset < 0 { '-' } else { '+' }, offset.abs()),
        })
        .collect();
    let dim_names: Vec<String> = (0..dims.len()).map(|d| format!("d{d}")).collect();
    let map = format!(
        "affine_map<({}){} -> ({})>",
        dim_names.join(", "),
        if has_sym { "[s0]" } else { "" },
        exprs.join(", ")
    );
    let ivs: Vec<String> = dims.iter().map(|b| format!("%i{}", k - 1 - b)).collect();
    let args = format!("({}){}", ivs.join(", "), if has_sym { format!("[%{sym}]") } else { String::new() });
    (map, args)
}

/// Emits the `scf` bound of loop `k` (`op` of its terms) into `s`; its
/// value's name.
fn scf_bound(s: &mut String, ind: &str, terms: &[Term], k: usize, tag: &str, op: &str, arg: &str) -> String {
    let mut acc: Option<String> = None;
    for (n, t) in terms.iter().enumerate() {
        let (base, offset) = match *t {
            Term::Iv { back, offset } => (format!("%i{}", k - 1 - back), offset),
            Term::Arg { offset } => (arg.to_string(), offset),
        };
        let v = if offset == 0 {
            base
        } else {
            let name = format!("%{tag}{k}_{n}");
            let f = if offset < 0 { "subi" } else { "addi" };
            let _ = writeln!(s, "{ind}{name} = arith.{f} {base}, %k{} : index", offset.abs());
            name
        };
        acc = Some(match acc {
            None => v,
            Some(prev) => {
                let name = format!("%{tag}{k}_{n}m");
                let _ = writeln!(s, "{ind}{name} = arith.{op} {prev}, {v} : index");
                name
            }
        });
    }
    acc.expect("a bound has a term")
}

/// A module of `programs`' functions and a `@main` that runs each with
/// each of its argument sets on a fresh record and prints the record, one
/// number per line.
fn exec_module(programs: &[&DeepNest]) -> String {
    let mut s = String::from("module {\nfunc.func private @printI64(i64)\nfunc.func private @printNewline()\n");
    for p in programs {
        s.push_str(&p.function());
    }
    s.push_str("func.func @main() {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n");
    s.push_str("  %z = arith.constant 0 : i64\n");
    for (x, p) in programs.iter().enumerate() {
        for (k, (n, m)) in p.sets.iter().enumerate() {
            let r = format!("%rec{x}_{k}");
            let _ = writeln!(s, "  %d{x}_{k} = arith.constant {} : index", p.depth());
            let _ = writeln!(s, "  {r} = memref.alloc(%d{x}_{k}) : memref<?xi64>");
            let _ = writeln!(
                s,
                "  scf.for %j = %c0 to %d{x}_{k} step %c1 {{\n    memref.store %z, {r}[%j] : memref<?xi64>\n  }}"
            );
            let _ = writeln!(s, "  %n{x}_{k} = arith.constant {n} : index\n  %m{x}_{k} = arith.constant {m} : index");
            let _ =
                writeln!(s, "  func.call @dn{}(%n{x}_{k}, %m{x}_{k}, {r}) : (index, index, memref<?xi64>) -> ()", p.id);
            let _ = writeln!(s, "  scf.for %j = %c0 to %d{x}_{k} step %c1 {{\n    %v = memref.load {r}[%j] : memref<?xi64>\n    func.call @printI64(%v) : (i64) -> ()\n    func.call @printNewline() : () -> ()\n  }}");
            let _ = writeln!(s, "  memref.dealloc {r} : memref<?xi64>");
        }
    }
    s.push_str("  return\n}\n}\n");
    s
}

/// What running `programs` together gave: the printed numbers, or a
/// violated claim's message; a tool failure is an error.
fn execute(
    tools: &Tools,
    dir: &Path,
    tag: &str,
    programs: &[&DeepNest],
    check_opts: &str,
) -> Result<Result<Vec<u64>, String>, String> {
    let exec = dir.join(format!("deep-nest-{tag}.mlir"));
    std::fs::write(&exec, exec_module(programs)).map_err(|e| format!("write: {e}"))?;
    let lowered = dir.join(format!("deep-nest-{tag}.ll.mlir"));
    match crate::tools::lower_and_run_to_end(&tools.loom_opt, &tools.llvm_prefix, &exec, &lowered, false, check_opts) {
        Ok((out, crate::tools::Ending::Returned)) => {
            Ok(Ok(out.lines().filter_map(|l| l.trim().parse::<u64>().ok()).collect()))
        }
        Ok((out, crate::tools::Ending::Aborted)) => {
            Err(format!("deep nests aborted without a violated claim after printing:\n{out}"))
        }
        Err(e) if e.contains(CLAIM_VIOLATED) => Ok(Err(e)),
        Err(e) => Err(e),
    }
}

/// The CPU time `loom-report` takes on `programs` together (their
/// functions in one module).
fn report_time(tools: &Tools, dir: &Path, tag: &str, programs: &[&DeepNest]) -> Result<Duration, String> {
    let plain = dir.join(format!("deep-nest-{tag}.plain.mlir"));
    let text: String = programs.iter().map(|p| p.function()).collect();
    std::fs::write(&plain, format!("module {{\n{text}}}\n")).map_err(|e| format!("write: {e}"))?;
    crate::tools::loom_report_cpu_time(&tools.loom_opt, &plain, &dir.join(format!("deep-nest-{tag}.json")))
}

/// Runs the deep nests of `ids` (see `generate`) and records them in
/// `tally`: a report slower than `REPORT_LIMIT`, a violated claim or
/// per-loop totals that differ from the simulation are failures; a tool
/// failure is an error. The nests run together; a violated claim reruns
/// each alone to name it.
pub fn run_deep_nests(tools: &Tools, dir: &Path, ids: &[u64], tally: &mut SymTally) -> Result<(), String> {
    let programs: Vec<DeepNest> = ids.iter().filter_map(|&id| generate(id)).collect();
    if programs.is_empty() {
        return Ok(());
    }
    let refs: Vec<&DeepNest> = programs.iter().collect();
    let tag = programs[0].id.to_string();
    for p in &programs {
        tally.deep_nests += 1;
        tally.deep_affine += p.affine as u64;
        tally.deep_max_depth = tally.deep_max_depth.max(p.depth() as u64);
    }
    // The programs' analyses are independent: within the limit together,
    // each is; otherwise each is timed alone.
    let together = report_time(tools, dir, &tag, &refs)?;
    let times = if together <= REPORT_LIMIT {
        vec![together; 1]
    } else {
        let mut times = Vec::new();
        for p in &programs {
            let t = report_time(tools, dir, &p.id.to_string(), &[p])?;
            if t > REPORT_LIMIT {
                tally.failures.push(format!(
                    "deep nest {} (depth {}, {}): loom-report took {:.2} s of CPU, over the {} s limit",
                    p.id,
                    p.depth(),
                    if p.affine { "affine.for" } else { "scf.for" },
                    t.as_secs_f64(),
                    REPORT_LIMIT.as_secs()
                ));
                tally
                    .failures
                    .push(format!("  reproducer: {}", dir.join(format!("deep-nest-{}.plain.mlir", p.id)).display()));
            }
            times.push(t);
        }
        times
    };
    for t in times {
        tally.deep_max_report = tally.deep_max_report.max(t);
    }
    let printed = match execute(tools, dir, &tag, &refs, "")? {
        Ok(printed) => printed,
        Err(group_error) => {
            let reproducer = |t: &str| format!("  reproducer: {}", dir.join(format!("deep-nest-{t}.mlir")).display());
            let mut alone = false;
            for p in &programs {
                if let Err(e) = execute(tools, dir, &p.id.to_string(), &[p], "")? {
                    alone = true;
                    tally.failures.push(format!("deep nest {} with (%n, %m) in {:?}: {e}", p.id, p.sets));
                    tally.failures.push(reproducer(&p.id.to_string()));
                }
            }
            // A violation that no program repeats alone is still one.
            if !alone {
                tally.failures.push(format!("deep nests {tag}, by no program alone: {group_error}"));
                tally.failures.push(reproducer(&tag));
            }
            return Ok(());
        }
    };
    let mut at = 0;
    for p in &programs {
        for (k, &(n, m)) in p.sets.iter().enumerate() {
            let want = p.simulate(k);
            let got = printed.get(at..at + want.len()).unwrap_or(&[]);
            at += want.len();
            tally.deep_runs += 1;
            tally.deep_bodies += want.iter().sum::<u64>();
            if got != want.as_slice() {
                tally.model_mismatches += 1;
                tally.failures.push(format!(
                    "deep nest {} with %n = {n}, %m = {m}: executed per-loop body totals {got:?}, simulated {want:?}",
                    p.id
                ));
            }
        }
    }
    Ok(())
}

/// The deep-nest check on two hand-made nests (depth 20, `scf.for` and
/// `affine.for`, run together): a wrong count planted
/// (`loom-check-claims{plant=count}`) must stop the run (unplanted, the
/// fuzzed nests run clean and within the time limit). A summary line, and
/// whether it held.
pub fn self_test(tools: &Tools, dir: &Path) -> Result<(String, bool), String> {
    let nest = |id, affine| {
        let inner = (1..20)
            .map(|k| DeepLoop {
                lo: (0..k.min(3)).map(|b| Term::Iv { back: b, offset: -(b as i64) }).collect(),
                hi: (0..k.min(3))
                    .map(|b| Term::Iv { back: b, offset: 2 + b as i64 })
                    .chain([Term::Arg { offset: 0 }])
                    .collect(),
            })
            .collect();
        DeepNest { id, affine, inner, sets: vec![(2, 0), (3, 1)] }
    };
    let programs = [nest(1_000_201, false), nest(1_000_202, true)];
    let refs: Vec<&DeepNest> = programs.iter().collect();
    let caught = matches!(
        execute(tools, dir, "self-test-plant", &refs, "plant=count")?,
        Err(e) if e.contains(CLAIM_VIOLATED)
    );
    Ok((
        format!(
            "symbolic deep-nest self-test: 2 nests of depth 20 (scf.for, affine.for) with a wrong count planted: {}",
            if caught { "caught" } else { "MISSED" }
        ),
        caught,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Induction variables stay in `[0, %n)` and never decrease inward, so
    /// the work stays small; every loop reads two or three enclosing
    /// variables (as many as there are) and `%n`.
    #[test]
    fn generated_nests_are_small_and_bounded() {
        for id in 0..300 {
            let p = generate_program(id, &mut Rng::new(id));
            assert!((16..=64).contains(&p.depth()));
            for (k, l) in p.inner.iter().enumerate() {
                assert!(l.lo.iter().any(|t| matches!(t, Term::Iv { back: 0, .. })));
                assert!(l.hi.contains(&Term::Arg { offset: 0 }));
                assert!(l.lo.iter().filter(|t| matches!(t, Term::Iv { .. })).count() == l.hi.len() - 1);
                assert!(l.hi.len() - 1 <= (k + 1).min(3));
            }
            for s in 0..p.sets.len() {
                assert!(p.simulate(s).iter().sum::<u64>() < 5_000_000, "{id}");
            }
        }
    }

    /// A nest of three loops `i1 in [i0, min(i0 + 2, n))`, `i2 in [max(i1,
    /// i0 - 1), min(i1 + 1, i0 + 3, n))`, by hand.
    #[test]
    fn simulates_by_hand() {
        let p = DeepNest {
            id: 0,
            affine: false,
            inner: vec![
                DeepLoop {
                    lo: vec![Term::Iv { back: 0, offset: 0 }],
                    hi: vec![Term::Iv { back: 0, offset: 2 }, Term::Arg { offset: 0 }],
                },
                DeepLoop {
                    lo: vec![Term::Iv { back: 0, offset: 0 }, Term::Iv { back: 1, offset: -1 }],
                    hi: vec![Term::Iv { back: 0, offset: 1 }, Term::Iv { back: 1, offset: 3 }, Term::Arg { offset: 0 }],
                },
            ],
            sets: vec![(3, 0)],
        };
        // i0 = 0: i1 in {0, 1}; i0 = 1: {1, 2}; i0 = 2: {2}. Each i2 once.
        assert_eq!(p.simulate(0), vec![3, 5, 5]);
    }
}
