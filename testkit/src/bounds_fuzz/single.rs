//! One self-contained bounds program, reported on and run alone: the
//! harness of the bounds fuzzer's width shapes (`wide_const`,
//! `early_end`).
//!
//! A program is a module (64-bit, or 32-bit through
//! [`crate::tools::with_index32`]) whose `@main` calls one function `@<name>`.
//! Its accesses carry `loc("<name>":<id>:1)` (ids from 1) and sit under the
//! program's own guard, `scf.if %x ult %lim`, where `%x` is the access's
//! index computed the way the access computes it (the same `affine.apply`
//! or value) and `%lim` the buffer's size *loaded from memory*: loom can
//! derive nothing about the access from the guard, and the run never
//! leaves the buffer. The guard's else branch prints the access id: the
//! run's output is the list of accesses it saw out of bounds.
//!
//! [`observe`] reads loom's report on the program (as it is, or after
//! `lower-affine`) and runs it through `loom-check-claims` and the
//! lowering at the module's width (`lower_and_run_to_end`). A claim the
//! run violates is an error naming it; the caller decides what the report
//! and the printed ids must satisfy.
//!
//! Invariant: every access of `@<name>` carries a distinct id; the report
//! must list each exactly once.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use loom::analysis::{AccessStatus, Report};

use crate::tools::{loom_report, lower_and_run_to_end, run_tool, with_index32, Ending};

/// What loom said about a program's accesses and what its run did.
#[derive(Clone, Debug)]
pub struct Observed {
    /// Access id to whether the report proves it in bounds.
    pub proven: BTreeMap<usize, bool>,
    /// Access ids some iteration saw out of bounds (printed by the guard).
    pub oob: BTreeSet<usize>,
    /// The ids printed, in order.
    pub printed: Vec<u64>,
    pub ending: Ending,
}

/// The module text of `program` (functions, no module) at index width `iw`.
pub fn module(program: &str, iw: u32) -> String {
    if iw == 32 {
        with_index32(program)
    } else {
        format!("module {{\n{program}}}\n")
    }
}

/// One program to report on and run.
#[derive(Clone, Copy, Debug)]
pub struct Single<'a> {
    pub name: &'a str,
    /// Its functions (no module).
    pub program: &'a str,
    /// Its accesses and subviews carry ids `1..=accesses`.
    pub accesses: usize,
    /// The index width of its module.
    pub iw: u32,
    /// Whether loom reports on it after `lower-affine`.
    pub lower_affine: bool,
}

/// Reports on and runs `p` (named `name`, `accesses` accesses) at
/// index width `iw`, the report after `lower-affine` if `lower_affine`, the
/// run with `loom-check-claims{check_opts}`. A violated claim is an `Err`
/// containing `loom claim violated`; so is a tool failure (another text).
/// A report that lists an access twice, misses one or lists one not
/// generated is `Ok(Err(why))`.
pub fn observe(loom_opt: &Path, dir: &Path, p: &Single, check_opts: &str) -> Result<Result<Observed, String>, String> {
    let (report, stdout, ending) = report_and_run(loom_opt, dir, p, check_opts)?;
    let proven = match proven_ids(&report, p.name, p.accesses) {
        Ok(p) => p,
        Err(why) => return Ok(Err(why)),
    };
    let printed: Vec<u64> = stdout.lines().filter_map(|l| l.trim().parse::<u64>().ok()).collect();
    let oob = printed.iter().map(|&k| k as usize).collect();
    Ok(Ok(Observed { proven, oob, printed, ending }))
}

/// loom's report on `p` and the output and ending of its run (see
/// [`observe`]; `p.accesses` is not looked at).
pub fn report_and_run(
    loom_opt: &Path,
    dir: &Path,
    p: &Single,
    check_opts: &str,
) -> Result<(Report, String, Ending), String> {
    let Single { name, program, iw, lower_affine, .. } = *p;
    let exec = dir.join(format!("{name}.mlir"));
    std::fs::write(&exec, module(program, iw)).map_err(|e| format!("write: {e}"))?;
    let plain = if lower_affine {
        let la = dir.join(format!("{name}.la.mlir"));
        run_tool(
            std::process::Command::new(loom_opt)
                .arg(&exec)
                .arg("--pass-pipeline=builtin.module(lower-affine)")
                .arg("--mlir-print-debuginfo")
                .arg("-o")
                .arg(&la),
            "loom-opt lower-affine",
        )?;
        la
    } else {
        exec.clone()
    };
    let text = loom_report(loom_opt, &plain, &dir.join(format!("{name}.report.json")))?;
    let report = Report::from_json(&text).map_err(|e| format!("report does not follow the schema: {e}"))?;
    let lowered = dir.join(format!("{name}.ll.mlir"));
    let llvm = Path::new(env!("LOOM_LLVM_PREFIX"));
    let (stdout, ending) = lower_and_run_to_end(loom_opt, llvm, &exec, &lowered, iw == 32, check_opts)?;
    Ok((report, stdout, ending))
}

/// The report's verdict on each access of `@name` (ids `1..=accesses`;
/// the accesses at other locations, of the size slot, are not the
/// program's).
pub fn proven_ids(report: &Report, name: &str, accesses: usize) -> Result<BTreeMap<usize, bool>, String> {
    let mut out = BTreeMap::new();
    let file = format!("\"{name}\"");
    for a in report.accesses.iter().filter(|a| a.function == name) {
        let parts: Vec<&str> = a.loc.rsplitn(3, ':').collect();
        let id = match parts.as_slice() {
            [_col, line, f] if *f == file || *f == name => line.parse::<usize>().ok(),
            _ => None,
        };
        let Some(id) = id else { continue };
        if !(1..=accesses).contains(&id) {
            return Err(format!("report: access at '{}' in @{name} was not generated", a.loc));
        }
        if out.insert(id, a.status == AccessStatus::Proven).is_some() {
            return Err(format!("report: access at {} listed twice", a.loc));
        }
    }
    match (1..=accesses).find(|id| !out.contains_key(id)) {
        Some(id) => Err(format!("report: access {id} of @{name} is missing")),
        None => Ok(out),
    }
}

/// The guarded access `body` (an op using `%x{id}`'s index) of id `id`:
/// `%x{id} = <index_def>` first (already emitted by the caller as
/// `index_def`), then `scf.if %x ult %lim { body } else { print id }`.
pub fn guarded(s: &mut String, indent: &str, name: &str, id: usize, index_def: &str, body: &str) {
    use std::fmt::Write as _;
    let _ = writeln!(s, "{indent}%x{id} = {index_def}");
    let _ = writeln!(s, "{indent}%ok{id} = arith.cmpi ult, %x{id}, %lim : index");
    let _ = writeln!(s, "{indent}scf.if %ok{id} {{");
    let _ = writeln!(s, "{indent}  {body} loc(\"{name}\":{id}:1)");
    let _ = writeln!(s, "{indent}}} else {{");
    let _ = writeln!(s, "{indent}  %id{id} = arith.constant {id} : i64");
    let _ = writeln!(s, "{indent}  func.call @printI64(%id{id}) : (i64) -> ()");
    let _ = writeln!(s, "{indent}  func.call @printNewline() : () -> ()");
    let _ = writeln!(s, "{indent}}}");
}

/// The functions every program calls (`exit`, the printers).
pub const DECLS: &str =
    "func.func private @exit(i32)\nfunc.func private @printI64(i64)\nfunc.func private @printNewline()\n";

/// The declarations and the head of function `@name`: `%A` of `n`
/// elements, `%lim` its size loaded from memory, `%v` a value to store.
pub fn head(name: &str, n: u64) -> String {
    format!("{DECLS}{}", function_head(name, n))
}

/// [`head`] without the declarations.
pub fn function_head(name: &str, n: u64) -> String {
    format!(
        "func.func @{name}() {{\n  %c0 = arith.constant 0 : index\n  %n = arith.constant {n} : index\n  \
         %A = memref.alloc(%n) : memref<?xi32>\n  %L = memref.alloc() : memref<2xindex>\n  \
         memref.store %n, %L[%c0] : memref<2xindex>\n  %lim = memref.load %L[%c0] : memref<2xindex>\n  \
         %v = arith.constant 7 : i32\n"
    )
}

/// The tail of `@name` and `@main`.
pub fn tail(name: &str) -> String {
    format!("{}func.func @main() {{\n  func.call @{name}() : () -> ()\n  return\n}}\n", function_tail())
}

/// The tail of the function [`function_head`] began.
pub fn function_tail() -> &'static str {
    "  memref.dealloc %A : memref<?xi32>\n  memref.dealloc %L : memref<2xindex>\n  return\n}\n"
}

/// A shape whose programs are [`Single`] programs: what [`run_cases`] and
/// [`forged_self_test`] need of one program.
pub trait SingleCase {
    fn name(&self) -> String;
    /// Its accesses (ids `1..=accesses`).
    fn accesses(&self) -> usize;
    /// Its functions (no module).
    fn program(&self) -> String;
    /// The index width of its module.
    fn index_width(&self) -> u32;
    /// What is wrong given what loom said and the run did (a wrong proof's
    /// text contains "wrong proof").
    fn verdicts(&self, seen: &Observed) -> Vec<String>;

    /// Reports on and runs the program with `loom-check-claims{check_opts}`.
    fn observe(&self, loom_opt: &Path, dir: &Path, check_opts: &str) -> Result<Result<Observed, String>, String> {
        let (name, program) = (self.name(), self.program());
        let p = Single {
            name: &name,
            program: &program,
            accesses: self.accesses(),
            iw: self.index_width(),
            lower_affine: false,
        };
        observe(loom_opt, dir, &p, check_opts)
    }
}

/// Reports on and runs each of `cases`, handing each observed run to
/// `count`; what is wrong (a mismatch, a wrong proof, a violated claim)
/// goes to `failures` with the reproducer's path. The number of wrong
/// findings, or an error that stops the run (a tool that fails).
pub fn run_cases<C: SingleCase>(
    loom_opt: &Path,
    dir: &Path,
    cases: impl Iterator<Item = C>,
    failures: &mut Vec<String>,
    mut count: impl FnMut(&C, &Observed),
) -> Result<u64, String> {
    let mut wrong = 0;
    for case in cases {
        let name = case.name();
        let bad = match case.observe(loom_opt, dir, "") {
            Ok(Ok(seen)) => {
                count(&case, &seen);
                case.verdicts(&seen)
            }
            Ok(Err(why)) => vec![format!("{name}: {why}")],
            Err(e) if e.contains("loom claim violated") => vec![format!("{name}: {e}")],
            Err(e) => return Err(format!("{name}: {e}")),
        };
        if !bad.is_empty() {
            wrong += bad.len() as u64;
            failures.extend(bad);
            failures.push(format!("  reproducer: {}", dir.join(format!("{name}.mlir")).display()));
        }
    }
    Ok(wrong)
}

/// The self-test of a shape: each of `cases` whose run takes an access out
/// of bounds is checked against a report forged to prove every access (each
/// must be flagged as a wrong proof). The numbers planted and caught.
pub fn forged_self_test<C: SingleCase>(
    loom_opt: &Path,
    dir: &Path,
    cases: impl Iterator<Item = C>,
) -> Result<(usize, usize), String> {
    let (mut planted, mut caught) = (0, 0);
    for case in cases {
        let Ok(seen) = case.observe(loom_opt, dir, "")? else { continue };
        if seen.oob.is_empty() {
            continue;
        }
        planted += 1;
        let forged = Observed { proven: (1..=case.accesses()).map(|id| (id, true)).collect(), ..seen };
        caught += usize::from(case.verdicts(&forged).iter().any(|v| v.contains("wrong proof")));
    }
    Ok((planted, caught))
}

/// What is wrong with a program of one access (id 1) whose simulation
/// prints `want` and ends `want_end`, given what loom said and the run
/// did: a run that differs from the simulation, and a proof of the access
/// (`what`) where it went out of bounds.
pub fn one_access_verdicts(
    name: &str,
    seen: &Observed,
    (want, want_end): (Vec<u64>, Ending),
    what: &str,
) -> Vec<String> {
    let mut out = Vec::new();
    if seen.printed != want || seen.ending != want_end {
        out.push(format!(
            "{name}: printed {:?} and {:?}, simulated {want:?} and {want_end:?}",
            seen.printed, seen.ending
        ));
    }
    if seen.proven.get(&1) == Some(&true) && (seen.oob.contains(&1) || !want.is_empty()) {
        out.push(format!("{name}: wrong proof: {what} went out of bounds"));
    }
    out
}

/// Printed before each program's output in a batch module, plus its id.
pub const MARK: u64 = 1 << 40;

/// The functions of a batch of programs (each `(id, functions, name)`,
/// after [`DECLS`]) and a `@main` that calls each `@name` after printing
/// [`MARK`] plus its id.
pub fn batch_program(programs: impl IntoIterator<Item = (u64, String, String)>) -> String {
    use std::fmt::Write as _;
    let mut program = DECLS.to_string();
    let mut main = String::from("func.func @main() {\n");
    for (id, functions, name) in programs {
        program.push_str(&functions);
        let _ = writeln!(
            main,
            "  %m{id} = arith.constant {} : i64\n  func.call @printI64(%m{id}) : (i64) -> ()",
            MARK + id
        );
        let _ = writeln!(main, "  func.call @printNewline() : () -> ()\n  func.call @{name}() : () -> ()");
    }
    main.push_str("  return\n}\n");
    program.push_str(&main);
    program
}

/// A batch run's output (see [`batch_program`]) split by program: each
/// id that ran, with the numbers it printed; `batch` names the batch in
/// the error for a number printed before any program.
pub fn split_by_program(stdout: &str, batch: &str) -> Result<BTreeMap<u64, Vec<u64>>, String> {
    let mut printed: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
    let mut current = None;
    for x in stdout.lines().filter_map(|l| l.trim().parse::<u64>().ok()) {
        if x >= MARK {
            current = Some(x - MARK);
            printed.entry(x - MARK).or_default();
        } else if let Some(id) = current {
            printed.entry(id).or_default().push(x);
        } else {
            return Err(format!("{batch}: printed {x} before any program"));
        }
    }
    Ok(printed)
}

/// Counts of a shape whose programs have one access each.
#[derive(Default, Debug)]
pub struct OneAccessTally {
    pub programs: u64,
    pub at32: u64,
    pub proven: u64,
    pub oob_programs: u64,
    pub wrong: u64,
    pub failures: Vec<String>,
}

impl OneAccessTally {
    /// Reports on and runs each of `cases` (see [`run_cases`]) into the
    /// counts.
    pub fn run<C: SingleCase>(
        &mut self,
        loom_opt: &Path,
        dir: &Path,
        cases: impl Iterator<Item = C>,
    ) -> Result<(), String> {
        let (mut programs, mut at32, mut proven, mut oob_programs) = (0, 0, 0, 0);
        let cases = cases.inspect(|case| {
            programs += 1;
            at32 += u64::from(case.index_width() == 32);
        });
        self.wrong += run_cases(loom_opt, dir, cases, &mut self.failures, |_, seen| {
            proven += u64::from(seen.proven.get(&1) == Some(&true));
            oob_programs += u64::from(!seen.oob.is_empty());
        })?;
        self.programs += programs;
        self.at32 += at32;
        self.proven += proven;
        self.oob_programs += oob_programs;
        Ok(())
    }

    /// The summary line of the shape `what` (`extra` after the 32-bit
    /// count, e.g. ", 3 wrapping").
    pub fn summary(&self, what: &str, extra: &str) -> String {
        format!(
            "bounds-fuzz: {what}: {} programs ({} at 32 bits{extra}), {} accesses proven, {} programs with an access out of bounds; {} wrong claims or mismatches",
            self.programs, self.at32, self.proven, self.oob_programs, self.wrong
        )
    }
}

/// [`forged_self_test`] of a one-access shape named `what`: its line, and
/// whether it held.
pub fn one_access_self_test<C: SingleCase>(
    what: &str,
    loom_opt: &Path,
    dir: &Path,
    cases: impl Iterator<Item = C>,
) -> Result<(String, bool), String> {
    let (planted, caught) = forged_self_test(loom_opt, dir, cases)?;
    Ok((
        format!("{what} self-test: {planted} forged proofs of accesses run out of bounds, {caught} caught"),
        planted > 0 && caught == planted,
    ))
}
