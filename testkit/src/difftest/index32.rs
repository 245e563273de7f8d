//! Generated programs run at a 32-bit index (`loom-difftest --index32`).
//!
//! The reference interpreter gives `index` 64 bits, so only the programs
//! with no `index` value (and no tensor, whose indices are `index`) have
//! the same meaning at 32 bits; the others are counted and not run. Those
//! programs are batched as [`harness`](super::harness) batches them
//! (`@p<seed>` called in order from `@main`), wrapped in a module whose
//! data layout makes `index` 32 bits wide (`tools::with_index32`), and run
//! through each of [`INDEX32_LOWERINGS`]: straight to LLVM (`cf`), or first
//! through `loom-lower-to-fixed-bound` with the bounds loom's facts prove
//! at 32 bits (`fixed-bound`: a program with a loop they do not bound is
//! counted and not run) or with every `loom.loop` given the bound its fuel
//! guarantees (`fixed-bound-fuel`, `harness::with_fuel_bounds`; one too
//! small with `--plant-short-fuel-bounds`, which must disagree). Each is
//! then run by `tools::lower_and_run_to_status` at 32 bits:
//! `loom-check-claims` (loom's claims checked at run time, at the scope's
//! 32-bit width), `loom-lower-to-llvm`, `mlir-translate` and `lli` (MLIR
//! 22's `mlir-runner` rejects a module with a `dlti.dl_spec`). The output
//! must be the interpreter's lines, and the process must end as the
//! interpreter says (a program that ends early, by `exit` or a failing
//! `cf.assert`, is the last of its batch, as in the harness); a batch that
//! differs is run program by program to name the first seed that does,
//! whose module (as given to the lowering) is written out.

use std::path::Path;

use super::harness::{
    batch_end, batch_module, batches, ended_as, lower, make_case, only_missing_bounds, with_fuel_bounds, Case,
    Lowering, Tools,
};
use super::{Config, RunEnd};
use crate::tools::{lower_and_run_to_status, with_index32};

/// The lowerings every index-free program runs through at 32 bits, in order.
pub const INDEX32_LOWERINGS: [Lowering; 3] = [Lowering::Cf, Lowering::FixedBound, Lowering::FixedBoundFuel];

/// What [`check_seeds_index32`] found.
#[derive(Debug, Default)]
pub struct Index32Summary {
    /// Per lowering of [`INDEX32_LOWERINGS`] (same order): the programs
    /// without `index` values that printed the interpreter's lines.
    pub agreed: [u64; INDEX32_LOWERINGS.len()],
    /// Lowering `fixed-bound`: programs not run because a loop has no bound
    /// (loom's facts prove none at 32 bits).
    pub unbounded: u64,
    /// Programs with `index` or tensor values (not run at 32 bits).
    pub with_index: u64,
    /// Programs run (among those without `index` values) with an op that
    /// may end them early.
    pub may_end_early: u64,
    /// Programs run whose run ends early, as the interpreter says.
    pub ended_early: u64,
    /// The first failing seed, the lowering, its 32-bit module and what
    /// went wrong.
    pub failure: Option<(u64, Lowering, String, String)>,
}

/// Runs the index-free programs of `seeds` at a 32-bit index through each
/// of [`INDEX32_LOWERINGS`] in batches of `batch`; stops at the first that
/// disagrees.
pub fn check_seeds_index32(
    tools: &Tools,
    config: &Config,
    seeds: impl IntoIterator<Item = u64>,
    batch: usize,
) -> Result<Index32Summary, String> {
    let mut summary = Index32Summary::default();
    let mut cases = Vec::new();
    for seed in seeds {
        let program = super::generate(seed, config);
        if program.value_types.iter().any(|t| matches!(t, super::program::Type::Index) || t.tensor_len().is_some()) {
            summary.with_index += 1;
            continue;
        }
        let case = make_case(seed, config)?;
        summary.may_end_early += u64::from(case.may_end_early);
        summary.ended_early += u64::from(case.end.is_early());
        cases.push(case);
    }
    for (i, lowering) in INDEX32_LOWERINGS.into_iter().enumerate() {
        let mut kept = Vec::new();
        for case in &cases {
            let mut case = case.clone();
            if lowering == Lowering::FixedBoundFuel {
                case.mlir = with_fuel_bounds(&case.mlir, tools.fuel_bound_delta);
            }
            if lowering == Lowering::FixedBound {
                match fixed_bound_at_32_bits(tools, &case) {
                    Ok(true) => {}
                    Ok(false) => {
                        summary.unbounded += 1;
                        continue;
                    }
                    Err(why) => {
                        summary.failure = Some((case.seed, lowering, with_index32(&case.mlir), why));
                        return Ok(summary);
                    }
                }
            }
            kept.push(case);
        }
        if !check_lowering(tools, &kept, lowering, batch, &mut summary.agreed[i], &mut summary.failure)? {
            return Ok(summary);
        }
    }
    Ok(summary)
}

/// Lowering `fixed-bound`: whether `case`, at 32 bits, lowers (Ok(true)) or
/// has a loop without a bound (Ok(false): every error is that one).
fn fixed_bound_at_32_bits(tools: &Tools, case: &Case) -> Result<bool, String> {
    let input = tools.work_dir.join(format!("index32-seed-{}-fixed-bound-pre.mlir", case.seed));
    let output = tools.work_dir.join(format!("index32-seed-{}-fixed-bound-pre.out.mlir", case.seed));
    std::fs::write(&input, with_index32(&case.mlir)).map_err(|e| format!("write {}: {e}", input.display()))?;
    match lower(tools, &input, "builtin.module(loom-lower-to-fixed-bound)", &output) {
        Ok(()) => Ok(true),
        Err(error) if only_missing_bounds(&error) => Ok(false),
        Err(error) => Err(error),
    }
}

/// Runs `cases` at 32 bits through `lowering` (one of
/// [`INDEX32_LOWERINGS`]), counting those that agree in `agreed`; false
/// (with `failure` set) at the first that does not.
fn check_lowering(
    tools: &Tools,
    cases: &[Case],
    lowering: Lowering,
    batch: usize,
    agreed: &mut u64,
    failure: &mut Option<(u64, Lowering, String, String)>,
) -> Result<bool, String> {
    let llvm = Path::new(env!("LOOM_LLVM_PREFIX"));
    let name = lowering.name();
    let run = |module: &str, end: RunEnd, tag: &str| -> Result<Vec<String>, String> {
        let input = tools.work_dir.join(format!("{tag}.mlir"));
        let lowered = tools.work_dir.join(format!("{tag}.ll.mlir"));
        std::fs::write(&input, module).map_err(|e| format!("write {}: {e}", input.display()))?;
        let exec = if lowering == Lowering::Cf {
            input
        } else {
            let fixed = tools.work_dir.join(format!("{tag}.fixed.mlir"));
            lower(tools, &input, "builtin.module(loom-lower-to-fixed-bound)", &fixed)?;
            fixed
        };
        let (runner, out) = lower_and_run_to_status(&tools.loom_opt, llvm, &exec, &lowered, true, "")?;
        if !ended_as(out.status, end) {
            return Err(format!(
                "{runner} ended with {} (expected ending {end:?}) after printing:\n{}{}",
                out.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(String::from_utf8_lossy(&out.stdout).lines().map(str::to_owned).collect())
    };
    for chunk in cases.chunks(batch.max(1)).flat_map(batches) {
        let expected: Vec<String> = chunk.iter().flat_map(|c| c.expected.iter().cloned()).collect();
        let tag = format!("index32-{name}-batch-{}", chunk[0].seed);
        if run(&with_index32(&batch_module(chunk)), batch_end(chunk), &tag).is_ok_and(|lines| lines == expected) {
            *agreed += chunk.len() as u64;
            continue;
        }
        for case in chunk {
            let module = with_index32(&case.mlir);
            match run(&module, case.end, &format!("index32-{name}-seed-{}", case.seed)) {
                Ok(lines) if lines == case.expected => *agreed += 1,
                actual => {
                    let why = match actual {
                        Ok(lines) => format!("expected {:?} ({:?}), printed {:?}", case.expected, case.end, lines),
                        Err(e) => e,
                    };
                    *failure = Some((case.seed, lowering, module, why));
                    return Ok(false);
                }
            }
        }
        return Err(format!(
            "index32 {name} batch starting at seed {} disagreed but every program agreed alone",
            chunk[0].seed
        ));
    }
    Ok(true)
}
