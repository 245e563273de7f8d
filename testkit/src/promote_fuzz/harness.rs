//! Running generated slot programs before and after `loom-promote-slots`.
//!
//! A batch is one module: the programs of consecutive seeds and a `@main`
//! calling them in order, so one `loom-opt` and one `mlir-runner` process
//! serve a whole batch per side. The original module and its promotion
//! (`loom-promote-slots` alone, written to a file and verified by loom-opt)
//! are both canonicalized ([`BEFORE_RUN`]), their claims checked
//! (`loom-check-claims`: a violated claim fails the batch), lowered and
//! run ([`tools::lower_and_run_to_end`]); the two outputs are split at
//! the `seed N` lines the programs print first and compared per program.
//! When a batch fails (a tool error, a timeout, different outputs), its
//! programs are run one by one to name the first failing seed, whose module
//! is written out as a reproducer. Slots (`memref.alloca()`) and slot loads
//! (`memref.load`, every load of a program is one) are counted in the text
//! before and after the pass.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::generate::generate;
use crate::tools::{self, run_tool, Ending};

/// The pipeline both sides go through before they are run (see the
/// module's page for why): the one `docs/front-ends.md` gives after
/// `loom-promote-slots`. [`tools::lower_and_run_to_end`] then checks every claim
/// loom's facts make on the result (`loom-check-claims`), lowers it with
/// `loom-lower-to-llvm` and runs it.
pub const BEFORE_RUN: &str = "builtin.module(canonicalize)";
/// How long one loom-opt run may take (the run of the program has its own
/// limit in [`tools::lower_and_run_to_end`]), in seconds, as `timeout(1)` takes it.
const TIMEOUT_SECS: &str = "60";

/// Where loom-opt, mlir-runner and the scratch directory are.
#[derive(Clone, Debug)]
pub struct Tools {
    pub loom_opt: PathBuf,
    pub llvm_prefix: PathBuf,
    pub work_dir: PathBuf,
    /// Options of `loom-check-claims` (empty, or e.g. `plant=count` to
    /// plant a wrong claim the run must catch).
    pub check_opts: String,
}

impl Tools {
    /// loom-opt beside the running executable, LLVM 22's tools.
    pub fn discover(work_dir: PathBuf, check_opts: String) -> Result<Tools, String> {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find this executable: {e}"))?;
        let tools = Tools {
            loom_opt: exe.with_file_name("loom-opt"),
            llvm_prefix: PathBuf::from(env!("LOOM_LLVM_PREFIX")),
            work_dir,
            check_opts,
        };
        for path in [tools.loom_opt.clone(), tools.llvm_prefix.join("bin/mlir-runner")] {
            if !path.exists() {
                return Err(format!("{} not found (build loom-opt; install mlir-22-tools)", path.display()));
            }
        }
        std::fs::create_dir_all(&tools.work_dir)
            .map_err(|e| format!("cannot create {}: {e}", tools.work_dir.display()))?;
        Ok(tools)
    }
}

/// Figures of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Programs whose outputs agreed.
    pub programs: u64,
    /// Output lines compared (without the `seed` lines).
    pub lines: u64,
    pub slots_before: u64,
    pub slots_after: u64,
    /// Slots whose address escapes through a `memref.cast`: the only ones
    /// the pass must leave.
    pub slots_escaping: u64,
    pub loads_before: u64,
    pub loads_after: u64,
}

/// A program the check failed on.
#[derive(Debug)]
pub struct Failure {
    pub seed: u64,
    pub reason: String,
    /// The reproducer module written for it.
    pub reproducer: PathBuf,
}

/// The module of `seeds`' programs with a `@main` calling them in order.
pub fn batch_module(seeds: &[u64]) -> String {
    let mut text = String::new();
    for &seed in seeds {
        text.push_str(&generate(seed));
    }
    text.push_str("func.func @main() {\n");
    for &seed in seeds {
        text.push_str(&format!("  func.call @p{seed}() : () -> ()\n"));
    }
    text.push_str("  return\n}\n");
    text
}

fn count(text: &str, needle: &str) -> u64 {
    text.matches(needle).count() as u64
}

/// `module` after [`BEFORE_RUN`], with its claims checked
/// (`loom-check-claims{check_opts}`), lowered and run
/// ([`tools::lower_and_run_to_end`]); its stdout. A violated claim or an
/// abort is an error naming it.
fn lower_and_run(tools: &Tools, module: &Path, tag: &str) -> Result<String, String> {
    let canonical = tools.work_dir.join(format!("{tag}.canonical.mlir"));
    run_tool(
        Command::new("timeout")
            .arg(TIMEOUT_SECS)
            .arg(&tools.loom_opt)
            .arg(module)
            .arg(format!("--pass-pipeline={BEFORE_RUN}"))
            .arg("-o")
            .arg(&canonical),
        &format!("loom-opt {BEFORE_RUN} on {}", module.display()),
    )?;
    let lowered = tools.work_dir.join(format!("{tag}.ll.mlir"));
    match tools::lower_and_run_to_end(
        &tools.loom_opt,
        &tools.llvm_prefix,
        &canonical,
        &lowered,
        false,
        &tools.check_opts,
    )? {
        (stdout, Ending::Returned) => Ok(stdout),
        (stdout, Ending::Aborted) => Err(format!("{} aborted after printing:\n{stdout}", canonical.display())),
    }
}

/// The output of each program, keyed by the `seed N` line it starts with.
fn split_by_seed(output: &str) -> Vec<(String, Vec<&str>)> {
    let mut programs: Vec<(String, Vec<&str>)> = Vec::new();
    for line in output.lines() {
        match (line.strip_prefix("seed "), programs.last_mut()) {
            (Some(seed), _) => programs.push((seed.to_string(), Vec::new())),
            (None, Some((_, lines))) => lines.push(line),
            (None, None) => programs.push((String::new(), vec![line])),
        }
    }
    programs
}

/// Runs one batch; the tally of its figures, or why it failed.
fn run_batch(tools: &Tools, seeds: &[u64], tag: &str) -> Result<Tally, String> {
    let original = tools.work_dir.join(format!("{tag}.mlir"));
    let promoted = tools.work_dir.join(format!("{tag}.promoted.mlir"));
    let text = batch_module(seeds);
    std::fs::write(&original, &text).map_err(|e| format!("write {}: {e}", original.display()))?;
    run_tool(
        Command::new("timeout")
            .arg(TIMEOUT_SECS)
            .arg(&tools.loom_opt)
            .arg(&original)
            .arg("--pass-pipeline=builtin.module(loom-promote-slots)")
            .arg("-o")
            .arg(&promoted),
        "loom-opt loom-promote-slots",
    )?;
    let promoted_text = std::fs::read_to_string(&promoted).map_err(|e| format!("read {}: {e}", promoted.display()))?;
    let expected = lower_and_run(tools, &original, tag)?;
    let actual = lower_and_run(tools, &promoted, &format!("{tag}.promoted"))?;
    let (expected, actual) = (split_by_seed(&expected), split_by_seed(&actual));
    if expected.len() != seeds.len() {
        return Err(format!("the original batch printed {} programs' output, not {}", expected.len(), seeds.len()));
    }
    for (i, (want, got)) in
        expected.iter().zip(actual.iter().chain(std::iter::repeat(&(String::new(), Vec::new())))).enumerate()
    {
        if want != got {
            return Err(format!(
                "seed {}: outputs differ\n  original: {}: {:?}\n  promoted: {}: {:?}",
                seeds[i], want.0, want.1, got.0, got.1
            ));
        }
    }
    if actual.len() != expected.len() {
        return Err(format!("the promoted batch printed {} programs' output, not {}", actual.len(), expected.len()));
    }
    let (slots_after, slots_escaping) = (count(&promoted_text, "memref.alloca()"), count(&text, "memref.cast"));
    if slots_after != slots_escaping {
        return Err(format!("{slots_after} slots left after the pass, but only {slots_escaping} escape"));
    }
    Ok(Tally {
        programs: seeds.len() as u64,
        lines: expected.iter().map(|(_, lines)| lines.len() as u64).sum(),
        slots_before: count(&text, "memref.alloca()"),
        slots_after,
        slots_escaping,
        loads_before: count(&text, "memref.load"),
        loads_after: count(&promoted_text, "memref.load"),
    })
}

/// Checks the programs of `seeds` in batches of `batch`, adding to `tally`;
/// stops at the first failing program.
pub fn check_seeds(tools: &Tools, seeds: std::ops::Range<u64>, batch: usize, tally: &mut Tally) -> Result<(), Failure> {
    let all: Vec<u64> = seeds.collect();
    for chunk in all.chunks(batch.max(1)) {
        match run_batch(tools, chunk, "batch") {
            Ok(t) => add(tally, &t),
            Err(batch_reason) => {
                for &seed in chunk {
                    let tag = format!("seed-{seed}");
                    match run_batch(tools, &[seed], &tag) {
                        Ok(t) => add(tally, &t),
                        Err(reason) => {
                            return Err(Failure {
                                seed,
                                reason,
                                reproducer: tools.work_dir.join(format!("{tag}.mlir")),
                            })
                        }
                    }
                }
                return Err(Failure {
                    seed: chunk[0],
                    reason: format!("the batch failed but each of its programs passed alone: {batch_reason}"),
                    reproducer: tools.work_dir.join("batch.mlir"),
                });
            }
        }
    }
    Ok(())
}

fn add(total: &mut Tally, t: &Tally) {
    total.programs += t.programs;
    total.lines += t.lines;
    total.slots_before += t.slots_before;
    total.slots_after += t.slots_after;
    total.slots_escaping += t.slots_escaping;
    total.loads_before += t.loads_before;
    total.loads_after += t.loads_after;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_split_at_seed_lines() {
        let out = "seed 3\n1\n2\nseed 4\nseed 5\n7\n";
        let split = split_by_seed(out);
        assert_eq!(
            split,
            vec![("3".to_string(), vec!["1", "2"]), ("4".to_string(), vec![]), ("5".to_string(), vec!["7"])]
        );
    }

    #[test]
    fn a_batch_calls_its_programs_in_order() {
        let text = batch_module(&[5, 2]);
        let five = text.find("func.call @p5()").expect("calls p5");
        let two = text.find("func.call @p2()").expect("calls p2");
        assert!(five < two);
    }
}
