//! Early-end shapes with argument bounds: the shape where the rule "a body
//! value satisfies `iv <= MAX - step`" does not hold because the iteration
//! may never reach its increment, with the loop bounded by arguments so
//! that only the values passed at run time bring it near the type's
//! maximum.
//!
//! A program ([`SymEarlyEnd`], a pure function of the seed, one seed in
//! 40, from a random stream of its own so that the other shapes of a
//! seed do not change) is a function `@ee<seed>(%lb, %ub, %at)` of the
//! counter type (`i8`, `i16`, `i32`, `i64` or `index`, the last in a 64-
//! or a 32-bit module) holding `scf.for %i = %lb to %ub step s` (or, for
//! `index`, `affine.for %i = %lb to %ub step s`, whose bounds are then
//! valid affine symbols); its body runs an inner `scf.for %j = %i to %i +
//! c step 1` (the bound an `arith.addi` without `nsw`/`nuw`, which wraps
//! when `%i + c` passes the maximum), prints the inner count, then may end
//! the program: `func.call @exit(0)` under `scf.if %i == %at`, or
//! `cf.assert %i != %at`, which aborts. `@main` calls the function with
//! one to three argument sets: every set but the last never ends (its `%at`
//! is no iteration's value, and no increment overflows); the last sits
//! near the maximum (`last + s` may overflow, and then the end fires on
//! `last`, so the program is well defined) and ends on a random iteration
//! or never. Off with `--without-early-end-shapes` (the switch of the
//! constant fuzzer's early-end programs, [`EARLY_END_SHAPES`]).
//!
//! **Check.** The simulation is exact (wrapping `w`-bit addition, the
//! signed comparison of `scf.for`/`affine.for`): the printed counts up to
//! the end, in order over the calls, and how the program ends (returned or
//! exited, or aborted by the failing assert). What the run printed
//! survives the end: every count is printed, unbuffered, before the op
//! that may end the run. The program runs alone (an exit or an abort ends
//! the process) with every claim loom makes on it checked at run time
//! (`loom-check-claims`: per-entry counts of every loop entry that
//! completes, counter ranges in bodies, per-call totals of calls that
//! return), at its module's index width ([`lower_and_run_to_end`]); a
//! violated claim, or a printed output or an ending that differs from the
//! simulation, is a failure. `loom-check-claims` does not check the
//! condition and exit values of counted loops, so neither does this shape.
//!
//! Invariants: in every set, `lb <= last < ub <= min(MAX, last + s)` where
//! `last` is the set's last iteration, so no iteration before `last`
//! overflows; only the last set may have `last + s > MAX`, and then its
//! `at` is `last`; the inner loop's `%j + 1` never passes its bound.

use std::fmt::Write as _;
use std::path::Path;

use crate::facts_fuzz::{EndOp, EARLY_END_SHAPES};
use crate::int::{mask, to_signed};
use crate::rng::Rng;
use crate::tools::{lower_and_run_to_end, with_index32, Ending};

use super::harness::CLAIM_VIOLATED;
use super::tally::SymTally;

/// One call's arguments: the bounds and the value at which the end fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Call {
    pub lb: i128,
    pub ub: i128,
    pub at: i128,
}

/// One early-end program with argument bounds.
#[derive(Clone, Debug)]
pub struct SymEarlyEnd {
    pub id: u64,
    /// The counter's type: `index` (of the module's width `iw`) or
    /// `i<width>`.
    pub index: bool,
    pub width: u32,
    /// The module's index width (64 or 32).
    pub iw: u32,
    /// `affine.for` rather than `scf.for` (`index` only).
    pub affine: bool,
    pub step: i128,
    /// The inner loop's bound is `%i + c`.
    pub c: i128,
    pub end: EndOp,
    pub calls: Vec<Call>,
}

/// The program of seed `id`, or none (39 seeds in 40, or the shape
/// switched off).
pub fn generate(id: u64) -> Option<SymEarlyEnd> {
    if !EARLY_END_SHAPES.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let mut rng = Rng::new(id.wrapping_mul(0x9FB2_1C65_1E98_DF25) ^ 0x5EE);
    if rng.below(40) != 0 {
        return None;
    }
    Some(generate_program(id, &mut rng))
}

fn generate_program(id: u64, rng: &mut Rng) -> SymEarlyEnd {
    let (index, width, iw) = match rng.below(6) {
        0 => (false, 8, 64),
        1 => (false, 16, 64),
        2 => (false, 32, 64),
        3 => (false, 64, 64),
        4 => (true, 64, 64),
        _ => (true, 32, 32),
    };
    let affine = index && rng.chance(1, 2);
    let max = (1i128 << (width - 1)) - 1;
    let step = 1 + rng.below(8) as i128;
    let c = 1 + rng.below(2 * step as u64 + 2) as i128;
    let end = if rng.chance(1, 2) { EndOp::Exit } else { EndOp::Assert };
    let mut calls = Vec::new();
    for _ in 0..rng.below(3) {
        // A set that never ends: small values, or near the maximum with
        // room for the last increment.
        if rng.chance(1, 2) {
            let lb = rng.range_i64(-6, 6) as i128;
            let ub = lb + rng.range_i64(-2, 16) as i128;
            calls.push(Call { lb, ub, at: ub.max(lb) });
        } else {
            let iters = 1 + rng.below(4) as i128;
            let last = max - step - rng.below(2 * step as u64) as i128;
            let lb = last - (iters - 1) * step;
            let ub = last + 1 + rng.below(step as u64) as i128;
            calls.push(Call { lb, ub, at: ub });
        }
    }
    // The last set: `last + step` overflows iff r < step.
    let iters = 1 + rng.below(4) as i128;
    let r = 1 + rng.below(2 * step as u64 + 1) as i128;
    let last = max - r;
    let lb = last - (iters - 1) * step;
    let room = (max.min(last + step) - last) as u64;
    let ub = last + 1 + rng.below(room) as i128;
    let at = if r < step {
        last
    } else if rng.chance(1, 3) {
        // Never fires.
        ub
    } else {
        lb + rng.below(iters as u64) as i128 * step
    };
    calls.push(Call { lb, ub, at });
    SymEarlyEnd { id, index, width, iw, affine, step, c, end, calls }
}

impl SymEarlyEnd {
    fn ty(&self) -> String {
        if self.index {
            "index".into()
        } else {
            format!("i{}", self.width)
        }
    }

    /// What the program prints (one inner count a line, over all calls)
    /// and how it ends; `None` if an increment overflows before the end
    /// fires (the program would be undefined: the generator never makes
    /// one).
    pub fn simulate(&self) -> Option<(Vec<u64>, Ending)> {
        let w = self.width;
        let max = (1i128 << (w - 1)) - 1;
        let mut out = Vec::new();
        for call in &self.calls {
            let mut i = call.lb;
            while i < call.ub {
                let e = to_signed((i as u128).wrapping_add(self.c as u128) & mask(w), w);
                out.push((e - i).max(0) as u64);
                if i == call.at {
                    let ending = match self.end {
                        EndOp::Exit => Ending::Returned,
                        EndOp::Assert => Ending::Aborted,
                    };
                    return Some((out, ending));
                }
                if i + self.step > max {
                    return None;
                }
                i += self.step;
            }
        }
        Some((out, Ending::Returned))
    }

    /// The program's MLIR text (its function, `@main` and declarations; no
    /// module).
    pub fn program(&self) -> String {
        let t = self.ty();
        let mut s = String::new();
        s.push_str(
            "func.func private @exit(i32)\nfunc.func private @printI64(i64)\nfunc.func private @printNewline()\n",
        );
        let _ = writeln!(s, "func.func @ee{}(%lb: {t}, %ub: {t}, %at: {t}) {{", self.id);
        let _ = writeln!(s, "  %c = arith.constant {} : {t}\n  %c1 = arith.constant 1 : {t}", self.c);
        s.push_str(
            "  %z = arith.constant 0 : i64\n  %one = arith.constant 1 : i64\n  %code = arith.constant 0 : i32\n",
        );
        if self.affine {
            let _ = writeln!(s, "  affine.for %i = %lb to %ub step {} {{", self.step);
        } else {
            let _ = writeln!(s, "  %s = arith.constant {} : {t}", self.step);
            let _ = writeln!(s, "  scf.for %i = %lb to %ub step %s : {t} {{");
        }
        self.end.emit_body(&mut s, &t);
        s.push_str("  }\n  return\n}\n");
        s.push_str("func.func @main() {\n");
        for (k, call) in self.calls.iter().enumerate() {
            for (name, v) in [("lb", call.lb), ("ub", call.ub), ("at", call.at)] {
                let _ = writeln!(s, "  %{name}{k} = arith.constant {v} : {t}");
            }
            let _ = writeln!(s, "  func.call @ee{}(%lb{k}, %ub{k}, %at{k}) : ({t}, {t}, {t}) -> ()", self.id);
        }
        s.push_str("  return\n}\n");
        s
    }

    /// The program as a module of its index width.
    pub fn module(&self) -> String {
        if self.iw == 32 {
            with_index32(&self.program())
        } else {
            format!("module {{\n{}}}\n", self.program())
        }
    }

    /// Runs the program with its claims checked
    /// (`loom-check-claims{check_opts}`) and compares what it printed and
    /// how it ended with the simulation: `Ok(None)` if they agree,
    /// `Ok(Some(why))` if not; a violated claim is `Err` with its message.
    pub fn check(&self, loom_opt: &Path, dir: &Path, check_opts: &str) -> Result<Option<String>, String> {
        let exec = dir.join(format!("sym-early-end-{}.mlir", self.id));
        std::fs::write(&exec, self.module()).map_err(|e| format!("write: {e}"))?;
        let lowered = dir.join(format!("sym-early-end-{}.ll.mlir", self.id));
        let llvm = Path::new(env!("LOOM_LLVM_PREFIX"));
        let (stdout, ending) = lower_and_run_to_end(loom_opt, llvm, &exec, &lowered, self.iw == 32, check_opts)?;
        // A failing assert's message is not a count.
        let printed: Vec<u64> = stdout.lines().filter_map(|l| l.trim().parse::<u64>().ok()).collect();
        let Some((want, want_end)) = self.simulate() else {
            return Ok(Some(format!("early-end program {}: the generator made an undefined program", self.id)));
        };
        if printed != want || ending != want_end {
            return Ok(Some(format!(
                "early-end program {} ({}): printed {printed:?} and {ending:?}, simulated {want:?} and {want_end:?}",
                self.id,
                self.describe_calls()
            )));
        }
        Ok(None)
    }

    /// Whether `call` reaches the iteration at which its end fires.
    pub fn fires(&self, call: &Call) -> bool {
        call.lb <= call.at && call.at < call.ub && (call.at - call.lb) % self.step == 0
    }

    /// The calls' arguments, for messages.
    pub fn describe_calls(&self) -> String {
        let calls: Vec<String> =
            self.calls.iter().map(|c| format!("lb = {}, ub = {}, at = {}", c.lb, c.ub, c.at)).collect();
        format!("{}-bit index; calls: {}", self.iw, calls.join("; "))
    }
}

/// Runs the early-end programs of `ids` (see `generate`) and records them
/// in `tally`: a violated claim or a disagreement with the simulation is a
/// failure; a tool failure is an error.
pub fn run_early_end(loom_opt: &Path, dir: &Path, ids: &[u64], tally: &mut SymTally) -> Result<(), String> {
    for p in ids.iter().filter_map(|&id| generate(id)) {
        tally.early_end += 1;
        tally.early_end_affine += p.affine as u64;
        tally.early_end_calls += p.calls.len() as u64;
        if let Some((_, ending)) = p.simulate() {
            tally.early_end_fired += p.calls.last().is_some_and(|c| p.fires(c)) as u64;
            tally.early_end_aborted += (ending == Ending::Aborted) as u64;
        }
        let failure = match p.check(loom_opt, dir, "") {
            Ok(None) => None,
            Ok(Some(why)) => {
                tally.model_mismatches += 1;
                Some(why)
            }
            Err(e) if e.contains(CLAIM_VIOLATED) => {
                Some(format!("early-end program {} ({}): {e}", p.id, p.describe_calls()))
            }
            Err(e) => return Err(e),
        };
        if let Some(why) = failure {
            tally.failures.push(why);
            tally
                .failures
                .push(format!("  reproducer: {}", dir.join(format!("sym-early-end-{}.mlir", p.id)).display()));
        }
    }
    Ok(())
}

/// The early-end check on hand-made programs whose outer loop completes
/// (the end never fires, `%at` is no iteration's value; at 64 bits over
/// `i16` with `scf.for` ending by `exit`; at a 32-bit `index` with
/// `affine.for`, calling once more and ending by a failing assert): each
/// must stop with a wrong count planted (`loom-check-claims{plant=count}`;
/// unplanted, such programs run clean in the fuzzing itself);
/// and the increment-exit program with argument bounds (`i8`, 116 to 127
/// step 4, bound `%i + 4`, exit at 124) must run clean. A summary line, and
/// whether all of it held.
pub fn self_test(loom_opt: &Path, dir: &Path) -> Result<(String, bool), String> {
    let never = Call { lb: 100, ub: 120, at: 120 };
    let program = |id, index, width, iw, affine, end, calls: Vec<Call>| SymEarlyEnd {
        id,
        index,
        width,
        iw,
        affine,
        step: 4,
        c: 3,
        end,
        calls,
    };
    let programs = [
        program(1_000_101, false, 16, 64, false, EndOp::Exit, vec![never]),
        program(1_000_102, true, 32, 32, true, EndOp::Assert, vec![never, Call { lb: 100, ub: 120, at: 108 }]),
    ];
    let mut caught = 0;
    for p in &programs {
        caught += match p.check(loom_opt, dir, "plant=count") {
            Err(e) if e.contains(CLAIM_VIOLATED) => 1,
            Err(e) => return Err(e),
            Ok(_) => 0,
        };
    }
    let wrap = SymEarlyEnd {
        id: 1_000_104,
        index: false,
        width: 8,
        iw: 64,
        affine: false,
        step: 4,
        c: 4,
        end: EndOp::Exit,
        calls: vec![Call { lb: 116, ub: 127, at: 124 }],
    };
    let wrap_ok = wrap.check(loom_opt, dir, "")?.is_none();
    let n = programs.len();
    let ok = caught == n && wrap_ok;
    let line = format!(
        "symbolic early-end self-test: {n} programs, {caught} caught with a wrong count planted; increment-exit program with argument bounds clean: {}",
        if wrap_ok { "yes" } else { "NO" }
    );
    Ok((line, ok))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The increment-exit execution test's program with argument bounds:
    /// counts 4, 4, 0, then the end at 124.
    #[test]
    fn simulates_the_wrapping_inner_bound() {
        let p = SymEarlyEnd {
            id: 0,
            index: false,
            width: 8,
            iw: 64,
            affine: false,
            step: 4,
            c: 4,
            end: EndOp::Exit,
            calls: vec![Call { lb: 116, ub: 127, at: 124 }],
        };
        assert_eq!(p.simulate(), Some((vec![4, 4, 0], Ending::Returned)));
        let p = SymEarlyEnd { end: EndOp::Assert, ..p };
        assert_eq!(p.simulate(), Some((vec![4, 4, 0], Ending::Aborted)));
        // Past the end, the last increment would overflow.
        let p = SymEarlyEnd { calls: vec![Call { lb: 116, ub: 127, at: 0 }], ..p };
        assert_eq!(p.simulate(), None);
    }

    /// Every generated program is well defined, and only its last call may
    /// end it.
    #[test]
    fn generated_programs_are_defined_and_end_last() {
        for id in 0..3000 {
            let p = generate_program(id, &mut Rng::new(id));
            let (out, _) = p.simulate().unwrap_or_else(|| panic!("undefined: {p:?}"));
            let before: SymEarlyEnd = SymEarlyEnd { calls: p.calls[..p.calls.len() - 1].to_vec(), ..p.clone() };
            let (early, ending) = before.simulate().expect("a prefix is defined");
            assert_eq!(ending, Ending::Returned, "{p:?}");
            assert!(before.calls.iter().all(|c| !p.fires(c)), "{p:?}");
            assert!(out.starts_with(&early), "{p:?}");
            assert!(!p.affine || p.index);
        }
    }
}
