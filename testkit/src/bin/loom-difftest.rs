//! loom-difftest: random loom programs, three executions that must agree.
//!
//! Each seed's program runs in the reference interpreter and, lowered with
//! `loom-lower-to-cf` and with `loom-lower-to-scf` (each followed in the
//! same process by the `--tail` passes, default `sccp,cse,canonicalize`, then
//! loom-lower-to-llvm), under mlir-runner. `--tail none` runs the lowered
//! code as it is. A tool run longer than `--timeout` (default 60 s) fails. The first disagreement is written as a reproducer file
//! and the exit code is 1.
//!
//! `--tensors` generates tensor programs (`tensor<Nxi32>` values carried
//! through the loom ops) and by default runs each through both bufferization
//! orders (`--lowering tensor-all`, see `harness::Lowering`):
//! `bufferize-loom` (one-shot-bufferize with the loom ops present, then
//! loom-lower-to-scf, then deallocation), `bufferize-loom-dealloc`
//! (deallocation with the loom ops present, then loom-lower-to-scf),
//! `bufferize-loom-cf` (deallocation with the loom ops present, then
//! loom-lower-to-llvm directly) and `bufferize-scf` (loom-lower-to-scf, then
//! one-shot-bufferize and deallocation), each followed by the tail and the
//! LLVM lowering. `--keep-going` checks every seed instead of stopping at a
//! lowering's first disagreement (each gets a reproducer file).
//!
//! `--check-claims` runs `loom-check-claims` on each program before its
//! lowering: every claim loom's facts make on it (proven accesses, decided
//! comparisons, trip counts) is checked while it runs, and a violated
//! claim aborts the run, a disagreement. `--head PASSES` runs any passes
//! there instead (`'loom-check-claims{plant=count}'` shows that a wrong
//! claim is caught).
//!
//! About one program in six ends with a loop whose body may end the
//! program early (`exit` under a data-dependent `loom.if`, a `cf.assert`
//! that may fail; see `difftest::early_end`): the output before the end
//! and how the process ended (exit status, abort) must be the
//! interpreter's. Each lowering's summary counts the programs with such an
//! op and those that ended early. `--without-early-end-shapes` leaves them
//! out (the other ops of every seed's program stay the same).
//!
//! `--lowering fixed-bound` lowers with `loom-lower-to-fixed-bound`; a
//! program with a loop that has no bound is skipped and counted, the
//! output of every other must pass `--check-fixed-bound` (constant-bound
//! loops, flag-guarded control; `difftest::fixed_bound_check`).
//! `--lowering fixed-bound-fuel` first gives every `loom.loop` the bound
//! its fuel guarantees (`loom.max_trips = fuel + 1`), so the user's bound
//! is used where the facts prove none; `--plant-short-fuel-bounds` makes
//! those bounds one too small, which must make programs disagree (the
//! self-test: a lowering that stops too early is caught).
//!
//! L is one of cf, scf, both (cf and scf), fixed-bound, fixed-bound-fuel, bufferize-loom,
//! bufferize-loom-dealloc, bufferize-loom-cf, bufferize-scf, tensor-all.
//!
//! usage: loom-difftest [--tensors] [--check-claims | --head PASSES] [--seeds START..END] [--without-early-end-shapes]
//!                      [--lowering L] [--keep-going]
//!                      [--batch N] [--out DIR] [--timeout SECS] [--tail PASSES|none]
//!        loom-difftest [--tensors] --print SEED
//!        loom-difftest --check-fixed-bound FILE|-

use std::path::PathBuf;

use testkit::difftest::harness::{check_seeds, Lowering, Tools, CHECK_CLAIMS, TENSOR_LOWERINGS};
use testkit::difftest::index32::check_seeds_index32;
use testkit::difftest::Config;

struct Args {
    seeds: std::ops::Range<u64>,
    lowerings: Vec<Lowering>,
    batch: usize,
    out: PathBuf,
    timeout: std::time::Duration,
    tail: String,
    config: Config,
    print: Option<u64>,
    keep_going: bool,
    head: String,
    index32: bool,
    /// `--check-fixed-bound FILE`: only check FILE (`-`: standard input).
    check_fixed_bound: Option<String>,
    /// `--plant-short-fuel-bounds`: -1 (see `Tools::fuel_bound_delta`).
    fuel_bound_delta: i64,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        seeds: 0..300,
        lowerings: vec![Lowering::Cf, Lowering::Scf],
        batch: 50,
        out: std::env::temp_dir().join(format!("loom-difftest-{}", std::process::id())),
        timeout: std::time::Duration::from_secs(60),
        tail: testkit::difftest::harness::DEFAULT_TAIL.to_string(),
        config: Config::default(),
        print: None,
        keep_going: false,
        head: String::new(),
        index32: false,
        check_fixed_bound: None,
        fuel_bound_delta: 0,
    };
    let mut lowering_given = false;
    let mut iter = std::env::args().skip(1);
    while let Some(flag) = iter.next() {
        let mut value = || iter.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--seeds" => {
                let v = value()?;
                let (a, b) = v.split_once("..").ok_or("--seeds takes START..END")?;
                let start = a.parse().map_err(|_| format!("bad seed '{a}'"))?;
                let end = b.parse().map_err(|_| format!("bad seed '{b}'"))?;
                if end <= start {
                    return Err("--seeds: END must be greater than START".into());
                }
                args.seeds = start..end;
            }
            "--lowering" => {
                lowering_given = true;
                args.lowerings = match value()?.as_str() {
                    "both" => vec![Lowering::Cf, Lowering::Scf],
                    "tensor-all" => TENSOR_LOWERINGS.to_vec(),
                    name => vec![Lowering::from_name(name).ok_or_else(|| {
                        format!("unknown lowering '{name}' (cf, scf, both, fixed-bound, fixed-bound-fuel, bufferize-loom, bufferize-loom-dealloc, bufferize-loom-cf, bufferize-scf or tensor-all)")
                    })?],
                }
            }
            "--tensors" => args.config.tensors = true,
            "--without-early-end-shapes" => args.config.early_end_shapes = false,
            "--keep-going" => args.keep_going = true,
            "--index32" => args.index32 = true,
            "--check-claims" => args.head = CHECK_CLAIMS.to_string(),
            "--head" => args.head = value()?,
            "--batch" => args.batch = value()?.parse().map_err(|_| "--batch takes a positive number".to_string())?,
            "--out" => args.out = PathBuf::from(value()?),
            "--timeout" => {
                let secs: u64 = value()?.parse().map_err(|_| "--timeout takes a number of seconds".to_string())?;
                args.timeout = std::time::Duration::from_secs(secs.max(1));
            }
            "--tail" => {
                let v = value()?;
                args.tail = if v == "none" { String::new() } else { v };
            }
            "--check-fixed-bound" => args.check_fixed_bound = Some(value()?),
            "--plant-short-fuel-bounds" => args.fuel_bound_delta = -1,
            "--print" => {
                // The program of one seed, as the lowerings see it.
                args.print = Some(value()?.parse().map_err(|_| "--print takes a seed".to_string())?);
            }
            "--help" | "-h" => {
                println!("usage: loom-difftest [--tensors] [--check-claims | --head PASSES] [--seeds START..END] [--lowering L] [--keep-going] [--batch N] [--out DIR] [--timeout SECS] [--tail PASSES|none] [--without-early-end-shapes] [--plant-short-fuel-bounds]");
                println!("       loom-difftest --index32 [--seeds START..END] [--batch N] [--out DIR] [--plant-short-fuel-bounds]   (programs without index values, at a 32-bit index, claims checked; cf, fixed-bound, fixed-bound-fuel)");
                println!("       loom-difftest [--tensors] --print SEED   (print the program of SEED)");
                println!("       loom-difftest --check-fixed-bound FILE|-   (check loom-lower-to-fixed-bound output: constant-bound loops, flag-guarded control)");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
    }
    if args.config.tensors && !lowering_given {
        args.lowerings = TENSOR_LOWERINGS.to_vec();
    }
    Ok(args)
}

/// `--index32`: the exit status.
fn run_index32(tools: &Tools, args: &Args) -> i32 {
    match check_seeds_index32(tools, &args.config, args.seeds.clone(), args.batch) {
        Ok(summary) => {
            let [cf, fixed_bound, fixed_bound_fuel] = summary.agreed;
            println!(
                "index32: {cf} programs without index values agree with the interpreter at a 32-bit index ({} with index or tensor values not run)",
                summary.with_index
            );
            println!(
                "index32: {} of the programs run may end early (exit, cf.assert), {} ended early",
                summary.may_end_early, summary.ended_early
            );
            println!(
                "index32: fixed-bound: {fixed_bound} programs agree ({} skipped: a loop has no bound); fixed-bound-fuel: {fixed_bound_fuel} programs agree",
                summary.unbounded
            );
            match summary.failure {
                None => 0,
                Some((seed, lowering, module, why)) => {
                    let name = lowering.name();
                    let path = args.out.join(format!("difftest-seed-{seed}-index32-{name}.mlir"));
                    let _ = std::fs::create_dir_all(&args.out);
                    let text =
                        format!("// loom difftest disagreement at a 32-bit index, lowering {name}, seed {seed}: {why}\n{module}");
                    if let Err(e) = std::fs::write(&path, text) {
                        eprintln!("loom-difftest: cannot write {}: {e}", path.display());
                    }
                    println!("index32: seed {seed} disagrees ({name}); reproducer: {}", path.display());
                    1
                }
            }
        }
        Err(e) => {
            eprintln!("loom-difftest: {e}");
            2
        }
    }
}

/// `--check-fixed-bound FILE`: the exit status (0: the module passes).
fn run_check_fixed_bound(path: &str) -> i32 {
    let text = if path == "-" {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut text).map(|_| text)
    } else {
        std::fs::read_to_string(path)
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            eprintln!("loom-difftest: cannot read {path}: {e}");
            return 2;
        }
    };
    match testkit::difftest::fixed_bound_check::check_fixed_bound(&text) {
        Ok(report) if report.violations.is_empty() => {
            println!(
                "fixed-bound check: {} loops, all with constant bounds; every branch is on a flag, decides an exit or is data-independent",
                report.loops
            );
            0
        }
        Ok(report) => {
            for v in &report.violations {
                println!("fixed-bound check: {v}");
            }
            println!("fixed-bound check: {} violations", report.violations.len());
            1
        }
        Err(e) => {
            eprintln!("loom-difftest: {path}: {e}");
            2
        }
    }
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("loom-difftest: {e}");
            std::process::exit(2);
        }
    };
    if let Some(path) = &args.check_fixed_bound {
        std::process::exit(run_check_fixed_bound(path));
    }
    if let Some(seed) = args.print {
        // The program of one seed, as the lowerings see it.
        print!("{}", testkit::difftest::emit_mlir(&testkit::difftest::generate(seed, &args.config)));
        std::process::exit(0);
    }
    let tools = match Tools::discover(args.out.join("work")) {
        Ok(t) => Tools {
            timeout: args.timeout,
            tail: args.tail.clone(),
            head: args.head.clone(),
            fuel_bound_delta: args.fuel_bound_delta,
            ..t
        },
        Err(e) => {
            eprintln!("loom-difftest: {e}");
            std::process::exit(2);
        }
    };
    let config = args.config.clone();
    if args.index32 {
        std::process::exit(run_index32(&tools, &args));
    }
    let mut passed = 0u64;
    let mut failed = 0u64;
    let mut upstream = 0u64;
    for lowering in &args.lowerings {
        match check_seeds(&tools, &config, args.seeds.clone(), *lowering, args.batch, args.keep_going) {
            Ok(summary) => {
                passed += summary.checked;
                let mut line =
                    format!("lowering {}: {} programs agree with the interpreter", lowering.name(), summary.checked);
                if !summary.cse_only.is_empty() {
                    line += &format!(
                        " ({} ran without canonicalize: upstream canonicalize alone fails on their lowered IR, by not terminating (llvm/llvm-project#159743) or with invalid IR; seeds {:?})",
                        summary.cse_only.len(),
                        summary.cse_only
                    );
                }
                println!("{line}");
                if config.tensors {
                    println!("lowering {}: {} of the programs have tensors", lowering.name(), summary.with_tensors);
                }
                if matches!(lowering, Lowering::FixedBound | Lowering::FixedBoundFuel) {
                    println!(
                        "lowering {}: {} programs skipped: a loop has no bound (no loom.max_trips, and loom's facts prove none)",
                        lowering.name(),
                        summary.unbounded.len()
                    );
                }
                println!(
                    "lowering {}: {} of the programs may end early (exit, cf.assert), {} ended early",
                    lowering.name(),
                    summary.may_end_early,
                    summary.ended_early
                );
                if !summary.upstream_inplace.is_empty() {
                    upstream += summary.upstream_inplace.len() as u64;
                    println!(
                        "lowering {}: {} programs disagree only through upstream One-Shot Bufferize's in-place analysis (after loom-lower-to-scf; they agree with copy-before-write): seeds {:?}",
                        lowering.name(),
                        summary.upstream_inplace.len(),
                        summary.upstream_inplace.iter().map(|d| d.seed).collect::<Vec<_>>()
                    );
                    let _ = std::fs::create_dir_all(&args.out);
                    for disagreement in &summary.upstream_inplace {
                        let path = args.out.join(format!(
                            "difftest-seed-{}-{}-upstream.mlir",
                            disagreement.seed,
                            lowering.name()
                        ));
                        if let Err(e) = std::fs::write(&path, disagreement.reproducer()) {
                            eprintln!("loom-difftest: cannot write {}: {e}", path.display());
                        }
                    }
                }
                for disagreement in summary.disagreements {
                    failed += 1;
                    let path = args.out.join(format!("difftest-seed-{}-{}.mlir", disagreement.seed, lowering.name()));
                    let _ = std::fs::create_dir_all(&args.out);
                    match std::fs::write(&path, disagreement.reproducer()) {
                        Ok(()) => eprintln!(
                            "lowering {}: seed {} disagrees; reproducer: {}",
                            lowering.name(),
                            disagreement.seed,
                            path.display()
                        ),
                        Err(e) => eprintln!(
                            "lowering {}: seed {} disagrees (cannot write reproducer: {e})\n{}",
                            lowering.name(),
                            disagreement.seed,
                            disagreement.reproducer()
                        ),
                    }
                }
            }
            Err(e) => {
                failed += 1;
                eprintln!("lowering {}: {e}", lowering.name());
            }
        }
    }
    if failed == 0 {
        let _ = std::fs::remove_dir_all(args.out.join("work"));
    }
    if upstream == 0 {
        println!("difftest: {passed} passed, {failed} failed");
    } else {
        println!("difftest: {passed} passed, {failed} failed, {upstream} upstream (see above)");
    }
    std::process::exit(if failed == 0 { 0 } else { 1 });
}
