//! loom-facts-fuzz: random loops, their loop-facts report, and execution.
//!
//! See `testkit::facts_fuzz` for what is generated and checked. Every `exact`
//! count/range/exit must match execution, every `at_most` must bound it,
//! every `proven` access must stay in bounds.
//!
//! usage: loom-facts-fuzz [--cases START..END] [--batch N] [--index32] [--out DIR] [--self-test]
//!        loom-facts-fuzz --symbolic [--seeds START..END] [--batch N] [--out DIR] [--without-parallel-shapes] [--without-early-end-shapes] [--without-deep-nest-shapes] [--without-wide-const-shapes] [--self-test] [--print SEED]
//!        loom-facts-fuzz --bounds [--seeds START..END] [--batch N] [--out DIR] [--self-test] [--print SEED]
//! `--symbolic` checks the symbolic facts (expressions over arguments and
//! buffer sizes) instead: see `testkit::symbolic_fuzz`; `--seeds` is its
//! name for `--cases`; `--self-test` first runs hand-written wrong and right
//! claims through the same checker and fails unless every wrong one is
//! caught and no right one is, then also reports how many off-by-one
//! mutants of the report's own expression claims are caught; `--print SEED`
//! prints one case (function, argument sets, simulated counts) and exits.
//! `--bounds` checks loom's in-bounds proofs of accesses with relational
//! indices instead (see `testkit::bounds_fuzz`): every access the report
//! proves must stay in bounds in the simulation and under runtime checks;
//! `--self-test` first feeds the checker forged proofs of accesses that go
//! out of bounds; `--print SEED` prints one program and its runs.
//! Without `--symbolic`/`--bounds`, `--self-test` first feeds the constant
//! checker hand-made right and wrong claims about the context shapes (wrong
//! entries/totals of loops in non-entry blocks, proofs at the wrong index
//! width or from an out-of-width assumption), a module loom-opt rejects
//! (which must read as a non-claim) and planted unlisted assumptions.
//! `--without-context-shapes` leaves out the context shapes, loops whose
//! facts depend on where they sit (nested modules of another index width,
//! loops in non-entry blocks, out-of-width assume_range, the buffer-size
//! assumption nest);
//! every check, the rerun with assumptions off included, still runs.
//! `--without-parallel-shapes` leaves out the symbolic fuzzer's
//! `scf.parallel`/`scf.forall` loops (nothing else in a seed's case
//! changes); `--without-early-end-shapes` its early-end programs too (and
//! the constant fuzzer's), `--without-deep-nest-shapes` its deep nests,
//! `--without-wide-const-shapes` its programs with attribute constants
//! beyond a 32-bit index.
//! `--without-pipeline-shapes` leaves out the bounds fuzzer's shapes of
//! upstream pipelines' IR (scf.parallel, scf.forall, tiles and subviews,
//! affine.for, output allocs, lower-affine before the report);
//! `--without-call-site-shapes` its kernels called with their sizes.
//! Exit code 0 when no claim is contradicted, 1 otherwise, 2 on usage or
//! tool errors.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use loom::analysis::{AccessReport, LoopReport, Report};
use testkit::assumption_diff as diff;
use testkit::bounds_fuzz as bf;
use testkit::facts_fuzz::{self as fuzz, Case, Outcome, Tally};
use testkit::symbolic_fuzz as sym;
use testkit::tools::{self, lower_and_run};

struct Args {
    cases: std::ops::Range<u64>,
    batch: usize,
    index32: bool,
    out: PathBuf,
    symbolic: bool,
    bounds: bool,
    self_test: bool,
    batch_given: bool,
    print: Option<u64>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        cases: 0..200,
        batch: 150,
        index32: false,
        symbolic: false,
        bounds: false,
        self_test: false,
        batch_given: false,
        print: None,
        out: std::env::temp_dir().join(format!("loom-facts-fuzz-{}", std::process::id())),
    };
    let mut iter = std::env::args().skip(1);
    while let Some(flag) = iter.next() {
        let mut value = || iter.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--cases" | "--seeds" => {
                let v = value()?;
                let (a, b) = v.split_once("..").ok_or_else(|| format!("{flag} takes START..END"))?;
                let start: u64 = a.parse().map_err(|_| format!("bad number '{a}'"))?;
                let end: u64 = b.parse().map_err(|_| format!("bad number '{b}'"))?;
                if end <= start {
                    return Err("--cases: END must be greater than START".into());
                }
                args.cases = start..end;
            }
            "--batch" => {
                args.batch = value()?.parse().map_err(|_| "--batch takes a positive number".to_string())?;
                if args.batch == 0 {
                    return Err("--batch takes a positive number".into());
                }
                args.batch_given = true;
            }
            "--symbolic" => args.symbolic = true,
            "--bounds" => args.bounds = true,
            "--self-test" => args.self_test = true,
            "--print" => args.print = Some(value()?.parse().map_err(|_| "--print takes a seed".to_string())?),
            "--index32" => args.index32 = true,
            "--without-context-shapes" => testkit::CONTEXT_SHAPES.store(false, std::sync::atomic::Ordering::Relaxed),
            "--without-early-end-shapes" => fuzz::EARLY_END_SHAPES.store(false, std::sync::atomic::Ordering::Relaxed),
            "--without-parallel-shapes" => sym::PARALLEL_SHAPES.store(false, std::sync::atomic::Ordering::Relaxed),
            "--without-deep-nest-shapes" => sym::DEEP_NEST_SHAPES.store(false, std::sync::atomic::Ordering::Relaxed),
            "--without-wide-const-shapes" => sym::WIDE_CONST_SHAPES.store(false, std::sync::atomic::Ordering::Relaxed),
            "--without-pipeline-shapes" => bf::PIPELINE_SHAPES.store(false, std::sync::atomic::Ordering::Relaxed),
            "--without-mask-shapes" => bf::masks::MASK_SHAPES.store(false, std::sync::atomic::Ordering::Relaxed),
            "--without-width-shapes" => bf::wide_const::WIDTH_SHAPES.store(false, std::sync::atomic::Ordering::Relaxed),
            "--without-earlier-access-shapes" => {
                bf::earlier::EARLIER_SHAPES.store(false, std::sync::atomic::Ordering::Relaxed)
            }
            "--without-carried-counter-shapes" => {
                bf::carried::CARRIED_SHAPES.store(false, std::sync::atomic::Ordering::Relaxed)
            }
            "--without-ssa-view-shapes" => {
                bf::ssa_views::SSA_VIEW_SHAPES.store(false, std::sync::atomic::Ordering::Relaxed)
            }
            "--without-call-site-shapes" => {
                bf::call_sites::CALL_SITE_SHAPES.store(false, std::sync::atomic::Ordering::Relaxed)
            }
            "--out" => args.out = PathBuf::from(value()?),
            "--help" | "-h" => {
                println!("usage: loom-facts-fuzz [--cases START..END] [--batch N] [--index32] [--out DIR] [--without-context-shapes] [--without-early-end-shapes] [--self-test]");
                println!("       loom-facts-fuzz --symbolic [--seeds START..END] [--batch N] [--out DIR] [--without-context-shapes] [--without-parallel-shapes] [--without-early-end-shapes] [--without-deep-nest-shapes] [--without-wide-const-shapes] [--self-test] [--print SEED]");
                println!("       loom-facts-fuzz --bounds [--seeds START..END] [--batch N] [--out DIR] [--without-context-shapes] [--without-pipeline-shapes] [--without-width-shapes] [--without-ssa-view-shapes] [--without-mask-shapes] [--without-carried-counter-shapes] [--without-call-site-shapes] [--without-earlier-access-shapes] [--self-test] [--print SEED]");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    if args.print.is_some() && !args.symbolic && !args.bounds {
        return Err("--print needs --symbolic or --bounds".into());
    }
    if args.symbolic && args.bounds {
        return Err("--symbolic and --bounds are different modes: give one".into());
    }
    if (args.symbolic || args.bounds) && args.index32 {
        return Err("--symbolic and --bounds do not take --index32".into());
    }
    Ok(args)
}

/// One `loom-report` input of a batch: its file, the extra options it
/// needs, and whether loom-opt may reject it (out-of-width assumptions).
struct Input {
    path: PathBuf,
    opts: &'static str,
    may_reject: bool,
    ids: Vec<u64>,
}

fn batch(
    loom_opt: &Path,
    dir: &Path,
    cases: &[Case],
    index32: bool,
    gpu: bool,
    tally: &mut Tally,
) -> Result<(), String> {
    let first = cases[0].id;
    let outcomes: Vec<Outcome> = cases.iter().map(|c| c.simulate(fuzz::FUEL)).collect();
    // The report on the plain program: the root's functions (and, on a
    // 64-bit root, the nested 32-bit module) in one file; on a 32-bit root
    // the nested 64-bit module in a second; each function with an
    // out-of-width assumption alone, since loom-opt may reject it.
    let mut inputs = Vec::new();
    let root: Vec<&Case> = cases.iter().filter(|c| !c.nested && c.oow.is_none()).collect();
    let nested: Vec<&Case> = cases.iter().filter(|c| c.nested && c.oow.is_none()).collect();
    let mut write = |name: String, (text, opts): (String, &'static str), may_reject: bool, ids: Vec<u64>| {
        let path = dir.join(name);
        std::fs::write(&path, text).map_err(|e| format!("write: {e}"))?;
        inputs.push(Input { path, opts, may_reject, ids });
        Ok::<(), String>(())
    };
    let ids = |cs: &[&Case]| cs.iter().map(|c| c.id).collect::<Vec<u64>>();
    if index32 {
        write(format!("plain-{first}.mlir"), fuzz::module_text(&root, &[], true, false), false, ids(&root))?;
        if !nested.is_empty() {
            write(format!("nested-{first}.mlir"), fuzz::module_text(&[], &nested, true, gpu), false, ids(&nested))?;
        }
    } else {
        let all: Vec<u64> = ids(&root).into_iter().chain(ids(&nested)).collect();
        write(format!("plain-{first}.mlir"), fuzz::module_text(&root, &nested, false, gpu), false, all)?;
    }
    for c in cases.iter().filter(|c| c.oow.is_some()) {
        tally.oow += 1;
        write(format!("oow-{}.mlir", c.id), fuzz::plain_module(c, index32), true, vec![c.id])?;
    }
    let mut reports = Vec::new();
    let mut rejected = std::collections::HashSet::new();
    for (n, input) in inputs.iter().enumerate() {
        let report_path = dir.join(format!("report-{first}-{n}.json"));
        let text = if input.may_reject {
            match tools::loom_report_or_reject(loom_opt, &input.path, &report_path, input.opts)? {
                tools::Verdict::Report(t) => t,
                tools::Verdict::Rejected(_) => {
                    tally.oow_rejected += 1;
                    rejected.extend(input.ids.iter().copied());
                    continue;
                }
            }
        } else {
            tools::loom_report_with(loom_opt, &input.path, &report_path, input.opts)?
        };
        let report = Report::from_json(&text).map_err(|e| format!("report does not follow the schema: {e}"))?;
        // The same input with every assumption off.
        let off_path = dir.join(format!("report-{first}-{n}-off.json"));
        let off = diff::report_without_assumptions(loom_opt, &input.path, &off_path, input.opts)?;
        let off =
            Report::from_json(&off).map_err(|e| format!("report (assumptions off) does not follow the schema: {e}"))?;
        let d = diff::compare(&report, &off, &|_| true);
        for f in &d.failures {
            tally.failures.push(format!("{}: {f}", input.path.display()));
        }
        let mut d = d;
        d.failures.clear();
        tally.diff.add(d);
        reports.push(report);
    }
    let mut loops: HashMap<&str, Vec<&LoopReport>> = HashMap::new();
    let mut accesses: HashMap<&str, Vec<&AccessReport>> = HashMap::new();
    for report in &reports {
        for l in &report.loops {
            loops.entry(l.function.as_str()).or_default().push(l);
        }
        for a in &report.accesses {
            accesses.entry(a.function.as_str()).or_default().push(a);
        }
    }
    // Execution of the cases that end within the fuel, each in a module of
    // its own index width: 64 through mlir-runner, 32 (a root made 32-bit
    // by its DLTI spec) through mlir-translate and lli. The record must
    // equal the simulator's at that width. A case with an out-of-width
    // assumption has no meaning at 32 bits (the verifier rejects its
    // bounds there): it is checked against the simulation only.
    let mut truth: Vec<Outcome> = outcomes.clone();
    for iw in [64u32, 32] {
        let runnable: Vec<(usize, &Case)> = cases
            .iter()
            .enumerate()
            .filter(|(i, c)| c.iw == iw && matches!(outcomes[*i], Outcome::Ran(_)) && c.oow.is_none())
            .collect();
        if runnable.is_empty() {
            continue;
        }
        let exec = dir.join(format!("exec{iw}-{first}.mlir"));
        let refs: Vec<&Case> = runnable.iter().map(|(_, c)| *c).collect();
        let text = fuzz::exec_module(&refs);
        let text = if iw == 32 { tools::with_index32(&text) } else { text };
        std::fs::write(&exec, text).map_err(|e| format!("write: {e}"))?;
        let lowered = dir.join(format!("exec{iw}-{first}.ll.mlir"));
        let llvm = Path::new(env!("LOOM_LLVM_PREFIX"));
        let stdout = if iw == 32 {
            tools::lower_and_run_index32(loom_opt, llvm, &exec, &lowered)?
        } else {
            lower_and_run(loom_opt, llvm, &exec, &lowered)?
        };
        let mut numbers = stdout.lines().map(|l| l.trim().parse::<u64>());
        for (i, c) in &runnable {
            let mut rec = Vec::new();
            for _ in 0..fuzz::slots(c) {
                match numbers.next() {
                    Some(Ok(n)) => rec.push(n),
                    _ => return Err(format!("the {iw}-bit run's output ends early or is malformed at case {}", c.id)),
                }
            }
            if truth[*i] != Outcome::Ran(rec.clone()) {
                tally.model_mismatches += 1;
                tally.failures.push(format!(
                    "case {}: {iw}-bit execution record {:?} differs from the simulator's {:?} (simulator or lowering bug)",
                    c.id, rec, truth[*i]
                ));
            }
            truth[*i] = Outcome::Ran(rec);
            tally.executed += 1;
            tally.executed32 += (iw == 32) as u64;
        }
    }
    for (i, c) in cases.iter().enumerate() {
        tally.cases += 1;
        tally.nested += c.nested as u64;
        tally.non_entry += (c.outer.is_some() && c.outer_form.non_entry()) as u64;
        match outcomes[i] {
            Outcome::OutOfFuel => tally.out_of_fuel += 1,
            Outcome::Undefined => tally.undefined += 1,
            Outcome::Ran(_) => {}
        }
        if rejected.contains(&c.id) {
            continue;
        }
        let name = format!("c{}", c.id);
        let ls = loops.get(name.as_str()).cloned().unwrap_or_default();
        let accs = accesses.get(name.as_str()).cloned().unwrap_or_default();
        let before = tally.failures.len();
        fuzz::check_case(c, &ls, &accs, &truth[i], &mut || c.simulate(fuzz::LONG_FUEL), tally);
        if tally.failures.len() > before {
            let repro = dir.join(format!("case-{}.mlir", c.id));
            let (text, opts) = fuzz::plain_module(c, index32);
            let _ = std::fs::write(
                &repro,
                format!("// loom-report options: '{opts}'\n{text}\n// instrumented:\n{}", fuzz::emit(c, true)),
            );
            tally.failures.push(format!("  reproducer: {}", repro.display()));
        }
    }
    Ok(())
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("loom-facts-fuzz: {e}");
            std::process::exit(2);
        }
    };
    let loom_opt = match std::env::current_exe() {
        Ok(p) => p.with_file_name("loom-opt"),
        Err(e) => {
            eprintln!("loom-facts-fuzz: cannot find this executable: {e}");
            std::process::exit(2);
        }
    };
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        eprintln!("loom-facts-fuzz: cannot create {}: {e}", args.out.display());
        std::process::exit(2);
    }
    if args.symbolic {
        symbolic(&args, &loom_opt);
    }
    if args.bounds {
        bounds(&args, &loom_opt);
    }
    let mut self_test_failed = false;
    if args.self_test {
        match constant_self_test(&loom_opt, &args.out) {
            Ok((lines, ok)) => {
                for l in lines {
                    println!("{l}");
                }
                self_test_failed = !ok;
            }
            Err(e) => {
                eprintln!("loom-facts-fuzz: self-test: {e}");
                std::process::exit(2);
            }
        }
    }
    let mut tally = Tally::default();
    let ids: Vec<u64> = args.cases.clone().collect();
    for (n, chunk) in ids.chunks(args.batch).enumerate() {
        let cases: Vec<Case> = chunk.iter().map(|&id| fuzz::generate(id, args.index32)).collect();
        if let Err(e) = batch(&loom_opt, &args.out, &cases, args.index32, n % 2 == 1, &mut tally) {
            eprintln!("loom-facts-fuzz: batch at case {}: {e}", chunk[0]);
            std::process::exit(2);
        }
        let iw = if args.index32 { 32 } else { 64 };
        if let Err(e) = fuzz::run_early_end(&loom_opt, &args.out, chunk, iw, &mut tally) {
            eprintln!("loom-facts-fuzz: early-end programs at case {}: {e}", chunk[0]);
            std::process::exit(2);
        }
    }
    for f in &tally.failures {
        eprintln!("{f}");
    }
    let t = &tally;
    println!(
        "facts-fuzz: {} cases ({} executed, {} of them at 32 bits, {} beyond the fuel, {} undefined scf.for/loom.for); loops: {} exact, {} at_most, {} unknown; exact beyond the fuel: {} checked by long simulation, {} unchecked; accesses: {} ({} proven, {} of them checked; {} accesses went out of bounds)",
        t.cases, t.executed, t.executed32, t.out_of_fuel, t.undefined, t.exact, t.at_most, t.unknown, t.exact_checked_long, t.exact_unchecked,
        t.accesses, t.proven, t.proven_checked, t.violations_seen
    );
    println!(
        "facts-fuzz: context shapes: {} nested-width functions, {} non-entry-block loops ({} entries/totals checked), {} out-of-width assumptions ({} modules rejected with a diagnostic), {} early-end programs run with their claims checked; {}",
        t.nested, t.non_entry, t.totals_checked, t.oow, t.oow_rejected, t.early_end, t.diff.summary()
    );
    let failed = tally.failures.iter().filter(|f| !f.starts_with("  ")).count();
    println!(
        "facts-fuzz: {failed} contradicted claims ({} unlisted assumptions), {} simulator/execution mismatches",
        t.diff.unlisted, t.model_mismatches
    );
    if failed == 0 && !self_test_failed {
        let _ = std::fs::remove_dir_all(&args.out);
    }
    std::process::exit(if failed == 0 && !self_test_failed { 0 } else { 1 });
}

/// The constant fuzzer's self-test: hand-made right and wrong claims about
/// the context shapes through the checker ([`fuzz::self_test_claims`]); a
/// module loom-opt rejects with a located diagnostic (an `i8`
/// assume_range with bounds that do not fit, which the verifier rejects)
/// must read as a rejection, not a tool failure; and unlisted assumptions
/// planted on loom's own reports of the first cases. Lines, and whether
/// all of it held.
fn constant_self_test(loom_opt: &Path, dir: &Path) -> Result<(Vec<String>, bool), String> {
    let mut lines = Vec::new();
    let mut ok = true;
    let (mut wrong, mut caught, mut right, mut flagged) = (0, 0, 0, 0);
    for (name, is_wrong, found) in fuzz::self_test_claims() {
        if is_wrong {
            wrong += 1;
            caught += (found > 0) as usize;
        } else {
            right += 1;
            flagged += (found > 0) as usize;
        }
        let verdict = match (is_wrong, found > 0) {
            (true, true) => "caught [wrong claim]",
            (true, false) => "MISSED [wrong claim]",
            (false, false) => "accepted [right claim]",
            (false, true) => "FLAGGED [right claim]",
        };
        lines.push(format!("self-test: {verdict} {name}"));
    }
    ok &= caught == wrong && flagged == 0;
    let bad = dir.join("self-test-reject.mlir");
    std::fs::write(
        &bad,
        "func.func @f(%x: i8) -> i8 {\n  %y = loom.assume_range %x [0, 255] : i8\n  return %y : i8\n}\n",
    )
    .map_err(|e| format!("write: {e}"))?;
    let rejected = match tools::loom_report_or_reject(loom_opt, &bad, &dir.join("self-test-reject.json"), "")? {
        tools::Verdict::Rejected(line) => {
            lines.push(format!("self-test: rejection read as a non-claim: {line}"));
            true
        }
        tools::Verdict::Report(_) => false,
    };
    ok &= rejected;
    let cases: Vec<Case> = (0..60).map(|id| fuzz::generate(id, false)).collect();
    let root: Vec<&Case> = cases.iter().filter(|c| !c.nested && c.oow.is_none()).collect();
    let plain = dir.join("plain-self-test.mlir");
    std::fs::write(&plain, fuzz::module_text(&root, &[], false, false).0).map_err(|e| format!("write: {e}"))?;
    let with = tools::loom_report(loom_opt, &plain, &dir.join("report-self-test.json"))?;
    let off = diff::report_without_assumptions(loom_opt, &plain, &dir.join("report-self-test-off.json"), "")?;
    let parse = |t: &str| Report::from_json(t).map_err(|e| format!("report does not follow the schema: {e}"));
    let (line, diff_ok) = diff::self_test(&parse(&with)?, &parse(&off)?, "constant");
    lines.push(line);
    ok &= diff_ok;
    let (line, early_ok) = fuzz::early_end_self_test(loom_opt, dir)?;
    lines.push(line);
    ok &= early_ok;
    lines.push(format!(
        "constant self-test: {wrong} wrong claim sets, {caught} caught; {right} right claim sets, {flagged} flagged; located rejection read as a non-claim: {}",
        if rejected { "yes" } else { "NO" }
    ));
    Ok((lines, ok))
}

/// `--symbolic`: the symbolic facts fuzzer (and its self-test). Exits.
fn symbolic(args: &Args, loom_opt: &Path) -> ! {
    let tools = tools::Tools { loom_opt: loom_opt.to_path_buf(), llvm_prefix: PathBuf::from(env!("LOOM_LLVM_PREFIX")) };
    if let Some(seed) = args.print {
        print!("{}", sym::describe(seed));
        if let Some(text) = sym::describe_wide_const(seed) {
            print!("{text}");
        }
        // Only if empty: nothing was written there.
        let _ = std::fs::remove_dir(&args.out);
        std::process::exit(0);
    }
    let mut failed = false;
    if args.self_test {
        match sym::self_test(&tools, &args.out) {
            Ok((lines, ok)) => {
                for l in lines {
                    println!("{l}");
                }
                failed |= !ok;
            }
            Err(e) => {
                eprintln!("loom-facts-fuzz: symbolic self-test: {e}");
                std::process::exit(2);
            }
        }
    }
    let mut tally = sym::SymTally::default();
    let ids: Vec<u64> = args.cases.clone().collect();
    let batch = if args.batch_given { args.batch } else { 40 };
    for chunk in ids.chunks(batch) {
        let cases: Vec<sym::SymCase> = chunk.iter().map(|&id| sym::generate(id)).collect();
        if let Err(e) = sym::run_batch_with(&tools, &args.out, &cases, args.self_test, &mut tally) {
            eprintln!("loom-facts-fuzz: symbolic batch at seed {}: {e}", chunk[0]);
            std::process::exit(2);
        }
    }
    if let Err(e) = sym::run_program_shapes(&tools, &args.out, &ids, &mut tally) {
        eprintln!("loom-facts-fuzz: symbolic early-end and deep-nest programs: {e}");
        std::process::exit(2);
    }
    for f in &tally.failures {
        eprintln!("{f}");
    }
    if let Some(m) = tally.mutant_summary() {
        println!("{m}");
    }
    println!("{}", tally.summary());
    failed |= tally.contradictions() > 0;
    if !failed {
        let _ = std::fs::remove_dir_all(&args.out);
    }
    std::process::exit(if failed { 1 } else { 0 });
}

/// `--bounds`: the relational bounds-proof fuzzer (and its self-test). Exits.
/// Ends the process with status 2 when a bounds run failed to run (a tool
/// failed; wrong claims are counted, not errors).
fn bounds_or_exit(run: Result<(), String>) {
    if let Err(e) = run {
        eprintln!("loom-facts-fuzz: bounds: {e}");
        std::process::exit(2);
    }
}

/// Prints a shape's self-test line; true if it did not hold. A self-test
/// that could not run (`what` names it) ends the process with status 2.
fn self_test_line(what: &str, result: Result<(String, bool), String>) -> bool {
    match result {
        Ok((line, ok)) => {
            println!("{line}");
            !ok
        }
        Err(e) => {
            eprintln!("loom-facts-fuzz: {what}: {e}");
            std::process::exit(2);
        }
    }
}

fn bounds(args: &Args, loom_opt: &Path) -> ! {
    let tools = tools::Tools { loom_opt: loom_opt.to_path_buf(), llvm_prefix: PathBuf::from(env!("LOOM_LLVM_PREFIX")) };
    if let Some(seed) = args.print {
        print!("{}", bf::describe(seed));
        if let Some(text) = bf::wide_const::describe(seed) {
            print!("{text}");
        }
        if let Some(text) = bf::ssa_views::describe(seed) {
            print!("{text}");
        }
        if let Some(text) = bf::call_sites::describe(seed) {
            print!("{text}");
        }
        let _ = std::fs::remove_dir(&args.out);
        std::process::exit(0);
    }
    let mut failed = false;
    if args.self_test {
        match bf::self_test(&tools, &args.out) {
            Ok((lines, ok)) => {
                for l in lines {
                    println!("{l}");
                }
                failed |= !ok;
            }
            Err(e) => {
                eprintln!("loom-facts-fuzz: bounds self-test: {e}");
                std::process::exit(2);
            }
        }
        failed |= self_test_line("wide-constant self-test", bf::wide_const::self_test(loom_opt, &args.out, 0..40));
        failed |= self_test_line("early-end bounds self-test", bf::early_end::self_test(loom_opt, &args.out, 0..80));
        failed |= self_test_line("masked-access self-test", bf::masks::self_test(loom_opt, &args.out, 0..40));
        failed |=
            self_test_line("carried-counter bounds self-test", bf::carried::self_test(loom_opt, &args.out, 0..80));
        failed |= self_test_line("earlier-access self-test", bf::earlier::self_test(loom_opt, &args.out, 0..80));
        failed |= self_test_line("SSA-constant view self-test", bf::ssa_views::self_test(loom_opt, &args.out, 0..40));
        failed |= self_test_line("call-site self-test", bf::call_sites::self_test(loom_opt, &args.out, 0..120));
    }
    let mut tally = bf::BoundsTally::default();
    let batch = if args.batch_given { args.batch } else { 50 };
    bounds_or_exit(bf::run(&tools, &args.out, args.cases.clone(), batch, &mut tally));
    let mut wide = bf::wide_const::WideTally::default();
    bounds_or_exit(bf::wide_const::run(loom_opt, &args.out, args.cases.clone(), &mut wide));
    let mut early = bf::early_end::EarlyEndTally::default();
    bounds_or_exit(bf::early_end::run(loom_opt, &args.out, args.cases.clone(), &mut early));
    let mut views = bf::ssa_views::SsaViewTally::default();
    bounds_or_exit(bf::ssa_views::run(loom_opt, &args.out, args.cases.clone(), &mut views));
    let mut masks = bf::masks::MaskTally::default();
    bounds_or_exit(bf::masks::run(loom_opt, &args.out, args.cases.clone(), &mut masks));
    let mut carried = bf::carried::CarriedTally::default();
    bounds_or_exit(bf::carried::run(loom_opt, &args.out, args.cases.clone(), &mut carried));
    let mut earlier = bf::earlier::EarlierTally::default();
    bounds_or_exit(bf::earlier::run(loom_opt, &args.out, args.cases.clone(), &mut earlier));
    let mut calls = bf::call_sites::CallSiteTally::default();
    bounds_or_exit(bf::call_sites::run(loom_opt, &args.out, args.cases.clone(), &mut calls));
    for f in tally
        .failures
        .iter()
        .chain(&wide.failures)
        .chain(&early.failures)
        .chain(&views.failures)
        .chain(&masks.failures)
        .chain(&carried.counts.failures)
        .chain(&earlier.failures)
        .chain(&calls.failures)
    {
        eprintln!("{f}");
    }
    println!("{}", tally.summary());
    println!("{}", wide.summary());
    println!("{}", bf::early_end::summary(&early));
    println!("{}", views.summary());
    println!("{}", masks.summary());
    println!("{}", carried.summary());
    println!("{}", earlier.summary());
    println!("{}", calls.summary());
    failed |= tally.failed()
        || wide.wrong > 0
        || !wide.failures.is_empty()
        || !early.failures.is_empty()
        || !views.failures.is_empty()
        || !masks.failures.is_empty()
        || !carried.counts.failures.is_empty()
        || !earlier.failures.is_empty()
        || !calls.failures.is_empty();
    if !failed {
        let _ = std::fs::remove_dir_all(&args.out);
    }
    std::process::exit(if failed { 1 } else { 0 });
}
