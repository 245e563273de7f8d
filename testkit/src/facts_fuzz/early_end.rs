//! Bodies that end early: the shape where the rule "a body value satisfies
//! `iv <= MAX - step`" does not hold because the iteration may never reach
//! its increment.
//!
//! A program ([`EarlyEnd`], a pure function of the seed) is an `scf.for
//! %i = lb to ub step s` over `i8`, `i16`, `i32`, `i64` or `index` whose
//! last iteration sits near the type's signed maximum; its body runs an
//! inner `scf.for %j = %i to %i + c step 1` (the bound an `arith.addi`
//! without `nsw`/`nuw`, which wraps when `%i + c` passes the maximum),
//! prints the inner count, then may end the program: a call to libc's
//! `exit(0)` under `scf.if %i == v`, or a `cf.assert %i != v` that aborts.
//! When the last iteration's `%i + s` would overflow (the increment is then
//! undefined behaviour), the end fires on that iteration, so the program is
//! well defined; otherwise it fires on a random iteration or never.
//!
//! **Check.** The simulation here is exact (wrapping `w`-bit addition, the
//! signed comparison of `scf.for`): the printed counts up to the end and
//! how the program ends (returned, or aborted for a firing assert). The
//! program is executed with every claim loom makes on it checked at run
//! time (`loom-check-claims`), at the run's index width (32 through
//! [`crate::tools::lower_and_run_index32`]'s path); a violated claim, a
//! printed output or an ending that differs from the simulation is a
//! failure. Each program runs alone (an exit or an abort ends the whole
//! process).
//!
//! Invariants: `lb <= last`, `last < ub <= min(MAX, last + s)`, so the loop
//! reaches `last` and no iteration before it overflows; the inner loop's
//! `%j + 1` never passes its bound `%i + c`, so only the outer increment
//! can overflow.

use std::fmt::Write as _;
use std::path::Path;

use crate::int::{mask, to_signed};
use crate::rng::Rng;
use crate::tools::{lower_and_run_to_end, with_index32, Ending};

use super::check::Tally;

/// Whether the constant facts fuzzer adds the early-end programs (a tenth
/// of the cases, from a random stream of their own). On by default;
/// `loom-facts-fuzz --without-early-end-shapes` turns it off.
pub static EARLY_END_SHAPES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// How the body may end the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndOp {
    /// `scf.if %i == v { func.call @exit(0) }`.
    Exit,
    /// `cf.assert %i != v` (aborts when it fails).
    Assert,
}

impl EndOp {
    /// The early-end loop's body (counter `%i` of type `t`), appended to
    /// `s`: the inner loop `%i .. %i + %c` counting its bodies (no flag on
    /// the add), the count printed, then this op on `%i == %at` (`%z`,
    /// `%one`, `%c1`, `%code` defined before the loop).
    pub fn emit_body(self, s: &mut String, t: &str) {
        let _ = writeln!(s, "    %e = arith.addi %i, %c : {t}");
        let _ = writeln!(s, "    %n = scf.for %j = %i to %e step %c1 iter_args(%k = %z) -> (i64) : {t} {{");
        s.push_str("      %k1 = arith.addi %k, %one : i64\n      scf.yield %k1 : i64\n    }\n");
        s.push_str("    func.call @printI64(%n) : (i64) -> ()\n    func.call @printNewline() : () -> ()\n");
        match self {
            EndOp::Exit => {
                let _ = writeln!(s, "    %hit = arith.cmpi eq, %i, %at : {t}");
                s.push_str("    scf.if %hit {\n      func.call @exit(%code) : (i32) -> ()\n    }\n");
            }
            EndOp::Assert => {
                let _ = writeln!(s, "    %go = arith.cmpi ne, %i, %at : {t}");
                s.push_str("    cf.assert %go, \"early end\"\n");
            }
        }
    }
}

/// One early-end program.
#[derive(Clone, Debug)]
pub struct EarlyEnd {
    pub id: u64,
    /// The counter's type: `index` or `i<width>`.
    pub index: bool,
    pub width: u32,
    pub lb: i128,
    pub ub: i128,
    pub step: i128,
    /// The inner loop's bound is `%i + c`.
    pub c: i128,
    pub end: EndOp,
    /// The counter value at which the end fires (may be no iteration's).
    pub at: i128,
}

/// The early-end program of seed `id`, or none (nine seeds in ten), for a
/// run whose `index` is `iw` bits wide.
pub fn generate(id: u64, iw: u32) -> Option<EarlyEnd> {
    if !EARLY_END_SHAPES.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let mut rng = Rng::new(id.wrapping_mul(0xA24B_AED4_963E_E407) ^ 0xE4D);
    if rng.below(10) != 0 {
        return None;
    }
    Some(generate_program(id, iw, &mut rng))
}

fn generate_program(id: u64, iw: u32, rng: &mut Rng) -> EarlyEnd {
    let (index, width) = match rng.below(5) {
        0 => (false, 8),
        1 => (false, 16),
        2 => (false, 32),
        3 => (false, 64),
        _ => (true, iw),
    };
    let max = (1i128 << (width - 1)) - 1;
    let step = 1 + rng.below(8) as i128;
    let iters = 1 + rng.below(4) as i128;
    // `last + step` overflows iff r < step; r >= 1 leaves room for an
    // upper bound above `last`.
    let r = 1 + rng.below(2 * step as u64 + 1) as i128;
    let last = max - r;
    let lb = last - (iters - 1) * step;
    let room = (max.min(last + step) - last) as u64;
    let ub = last + 1 + rng.below(room) as i128;
    let c = 1 + rng.below(2 * step as u64 + 2) as i128;
    let end = if rng.below(2) == 0 { EndOp::Exit } else { EndOp::Assert };
    let at = if r < step {
        last
    } else if rng.below(3) == 0 {
        // Never fires: a value between two iterations or past the last.
        if step > 1 {
            lb + 1
        } else {
            ub
        }
    } else {
        lb + rng.below(iters as u64) as i128 * step
    };
    EarlyEnd { id, index, width, lb, ub, step, c, end, at }
}

impl EarlyEnd {
    fn ty(&self) -> String {
        if self.index {
            "index".into()
        } else {
            format!("i{}", self.width)
        }
    }

    /// What the program prints (one inner count a line) and how it ends.
    pub fn simulate(&self) -> (Vec<u64>, Ending) {
        let w = self.width;
        let mut out = Vec::new();
        let mut i = self.lb;
        while i < self.ub {
            let e = to_signed((i as u128).wrapping_add(self.c as u128) & mask(w), w);
            out.push((e - i).max(0) as u64);
            if i == self.at {
                let ending = match self.end {
                    EndOp::Exit => Ending::Returned,
                    EndOp::Assert => Ending::Aborted,
                };
                return (out, ending);
            }
            // Never overflows here: the end fires on an iteration whose
            // increment would (see the generator).
            i += self.step;
        }
        (out, Ending::Returned)
    }

    /// The program's MLIR text (a `@main` and its declarations, no module).
    pub fn program(&self) -> String {
        let t = self.ty();
        let mut s = String::new();
        s.push_str(
            "func.func private @exit(i32)\nfunc.func private @printI64(i64)\nfunc.func private @printNewline()\n",
        );
        let _ = writeln!(s, "func.func @e{}() {{", self.id);
        for (name, v) in [("lb", self.lb), ("ub", self.ub), ("s", self.step), ("c", self.c), ("at", self.at)] {
            let _ = writeln!(s, "  %{name} = arith.constant {v} : {t}");
        }
        s.push_str("  %c1 = arith.constant 1 : ");
        s.push_str(&t);
        s.push('\n');
        s.push_str(
            "  %z = arith.constant 0 : i64\n  %one = arith.constant 1 : i64\n  %code = arith.constant 0 : i32\n",
        );
        let _ = writeln!(s, "  scf.for %i = %lb to %ub step %s : {t} {{");
        self.end.emit_body(&mut s, &t);
        s.push_str("  }\n  return\n}\n");
        let _ = writeln!(s, "func.func @main() {{\n  func.call @e{}() : () -> ()\n  return\n}}", self.id);
        s
    }

    /// Runs the program (in a module of `iw`-bit index) with its claims
    /// checked (`loom-check-claims{check_opts}`) and compares what it
    /// printed and how it ended with the simulation: `Ok(None)` if they
    /// agree, `Ok(Some(why))` if not; a violated claim is `Err`.
    pub fn check(&self, loom_opt: &Path, dir: &Path, iw: u32, check_opts: &str) -> Result<Option<String>, String> {
        let exec = dir.join(format!("early-end-{}.mlir", self.id));
        let text = if iw == 32 { with_index32(&self.program()) } else { format!("module {{\n{}}}\n", self.program()) };
        std::fs::write(&exec, text).map_err(|e| format!("write: {e}"))?;
        let lowered = dir.join(format!("early-end-{}.ll.mlir", self.id));
        let llvm = Path::new(env!("LOOM_LLVM_PREFIX"));
        let (stdout, ending) = lower_and_run_to_end(loom_opt, llvm, &exec, &lowered, iw == 32, check_opts)?;
        // A failing assert's message is not a count.
        let printed: Vec<u64> = stdout.lines().filter_map(|l| l.trim().parse::<u64>().ok()).collect();
        let (want, want_end) = self.simulate();
        if printed != want || ending != want_end {
            return Ok(Some(format!(
                "early-end program {}: printed {printed:?} and {ending:?}, simulated {want:?} and {want_end:?}",
                self.id
            )));
        }
        Ok(None)
    }
}

/// Runs the early-end programs of `ids` (see `generate`) and records
/// them in `tally`: a violated claim or a disagreement with the simulation
/// is a failure; a tool failure is an error.
pub fn run_early_end(loom_opt: &Path, dir: &Path, ids: &[u64], iw: u32, tally: &mut Tally) -> Result<(), String> {
    for p in ids.iter().filter_map(|&id| generate(id, iw)) {
        tally.early_end += 1;
        let failure = match p.check(loom_opt, dir, iw, "") {
            Ok(None) => None,
            Ok(Some(why)) => {
                tally.model_mismatches += 1;
                Some(why)
            }
            Err(e) if e.contains("loom claim violated") => Some(format!("early-end program {}: {e}", p.id)),
            Err(e) => return Err(e),
        };
        if let Some(why) = failure {
            tally.failures.push(why);
            tally.failures.push(format!("  reproducer: {}", dir.join(format!("early-end-{}.mlir", p.id)).display()));
        }
    }
    Ok(())
}

/// The early-end check on hand-made programs whose inner count loom can
/// state exactly (no wrap: `%i + c` stays below the maximum), at 64 bits
/// (`i16`) and at a 32-bit `index`, ending by `exit` and by a failing
/// assert: each must pass as it is and fail with a wrong count planted
/// (`loom-check-claims{plant=count}`); and the increment-exit program
/// (`i8`, 116 to 127 step 4, bound `%i + 4`, exit at 124) must pass. A
/// summary line, and whether all of it held.
pub fn self_test(loom_opt: &Path, dir: &Path) -> Result<(String, bool), String> {
    let exact = |id, index, width, end| EarlyEnd { id, index, width, lb: 100, ub: 120, step: 4, c: 3, end, at: 108 };
    let programs = [
        (exact(1_000_001, false, 16, EndOp::Exit), 64),
        (exact(1_000_002, true, 32, EndOp::Assert), 32),
        (exact(1_000_003, true, 32, EndOp::Exit), 32),
    ];
    let (mut clean, mut caught) = (0, 0);
    for (p, iw) in &programs {
        clean += p.check(loom_opt, dir, *iw, "")?.is_none() as usize;
        caught += match p.check(loom_opt, dir, *iw, "plant=count") {
            Err(e) if e.contains("loom claim violated") => 1,
            Err(e) => return Err(e),
            Ok(_) => 0,
        };
    }
    let wrap =
        EarlyEnd { id: 1_000_004, index: false, width: 8, lb: 116, ub: 127, step: 4, c: 4, end: EndOp::Exit, at: 124 };
    let wrap_ok = wrap.check(loom_opt, dir, 64, "")?.is_none();
    let n = programs.len();
    let ok = clean == n && caught == n && wrap_ok;
    let line = format!(
        "early-end self-test: {n} programs, {clean} run clean, {caught} caught with a wrong count planted; increment-exit program clean: {}",
        if wrap_ok { "yes" } else { "NO" }
    );
    Ok((line, ok))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The increment-exit execution test's program: counts 4, 4, 0, then
    /// exit at 124.
    #[test]
    fn simulates_the_wrapping_inner_bound() {
        let p = EarlyEnd { id: 0, index: false, width: 8, lb: 116, ub: 127, step: 4, c: 4, end: EndOp::Exit, at: 124 };
        assert_eq!(p.simulate(), (vec![4, 4, 0], Ending::Returned));
        let p = EarlyEnd { end: EndOp::Assert, ..p };
        assert_eq!(p.simulate(), (vec![4, 4, 0], Ending::Aborted));
    }

    /// Every generated program is well defined: it ends by itself before an
    /// increment that would overflow.
    #[test]
    fn generated_programs_never_overflow() {
        for id in 0..2000 {
            let mut rng = Rng::new(id);
            for iw in [32, 64] {
                let p = generate_program(id, iw, &mut rng);
                let max = (1i128 << (p.width - 1)) - 1;
                let (out, _) = p.simulate();
                let last = p.lb + (out.len() as i128 - 1) * p.step;
                let stopped = last == p.at || last + p.step >= p.ub;
                assert!(stopped && (last == p.at || last + p.step <= max), "{p:?}");
                assert!(p.lb <= last && p.ub <= max);
            }
        }
    }
}
