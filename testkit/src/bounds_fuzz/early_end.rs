//! Bodies that end early, for bounds proofs: an access after an inner loop
//! bounded by `%i + c` (an `arith.addi` without flags), followed by an op
//! that may end the program (`exit(0)` under `%i == v`, or `cf.assert %i
//! != v`), where the rule "a body value satisfies `iv <= MAX - step`" does
//! not hold because the iteration may never reach its increment.
//!
//! A program ([`EarlyEndCase`], a pure function of the seed, one seed in
//! eight; the shape of `facts_fuzz/early_end.rs`) is an `scf.for %i = lb to
//! ub step s : index` in a 64-bit or 32-bit module whose last iteration
//! sits near the signed maximum; `ub` is loaded from memory, so only the
//! loop's semantics bound `%i` from above. The access is `%A[%i - K]`
//! (through `super::single`'s guard), `K = MAX - s - (n - 1) + d`, `d` in
//! -1..=1: an index of at most `n - 1 - d` if `%i <= MAX - s` held, but on
//! the last iteration `%i` may be up to `MAX - 1`. When that iteration's
//! `%i + s` would overflow, the end fires on it, so the program is well
//! defined.
//!
//! **Check** (exact simulation, 64-bit arithmetic on values that never
//! wrap): the accesses the guard sees out of bounds and how the run ends
//! must be the simulated ones; an access the report proves that the run
//! takes out of bounds is a wrong proof; a claim `loom-check-claims` sees
//! violated is a failure.
//!
//! Invariants: `lb <= last < ub <= min(MAX, last + s)`; the inner loop's
//! `%j + 1` never passes `%i + c`; only the outer increment can overflow,
//! and only on an iteration where the end fires.

use std::fmt::Write as _;
use std::path::Path;

use crate::rng::Rng;
use crate::tools::Ending;

use super::single::{
    guarded, head, one_access_self_test, one_access_verdicts, tail, Observed, OneAccessTally, SingleCase,
};
use super::wide_const::WIDTH_SHAPES;

/// How the body may end the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndOp {
    /// `scf.if %i == at { func.call @exit(0) }`.
    Exit,
    /// `cf.assert %i != at` (aborts when it fails).
    Assert,
}

/// One early-end bounds program.
#[derive(Clone, Debug)]
pub struct EarlyEndCase {
    pub id: u64,
    pub iw: u32,
    pub n: u64,
    pub lb: i64,
    pub ub: i64,
    pub step: i64,
    pub c: i64,
    /// The access is `%A[%i - k]`.
    pub k: i64,
    pub end: EndOp,
    pub at: i64,
}

/// The program of seed `id`, or none (seven seeds in eight).
pub fn generate(id: u64) -> Option<EarlyEndCase> {
    if !WIDTH_SHAPES.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let mut rng = Rng::new(id.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ 0xEE1);
    if rng.below(8) != 0 {
        return None;
    }
    Some(generate_case(id, &mut rng))
}

fn generate_case(id: u64, rng: &mut Rng) -> EarlyEndCase {
    let iw = if rng.chance(1, 2) { 32 } else { 64 };
    let max = if iw == 32 { i32::MAX as i64 } else { i64::MAX };
    let n = 2 + rng.below(20);
    let step = 1 + rng.below(8) as i64;
    let iters = 1 + rng.below(4) as i64;
    // `last + step` overflows iff r < step.
    let r = 1 + rng.below(2 * step as u64 + 1) as i64;
    let last = max - r;
    let lb = last - (iters - 1) * step;
    let room = (max.min(last.saturating_add(step)) - last) as u64;
    let ub = last + 1 + rng.below(room) as i64;
    let c = 1 + rng.below(2 * step as u64 + 2) as i64;
    let end = if rng.chance(1, 2) { EndOp::Exit } else { EndOp::Assert };
    let at = if r < step {
        last
    } else if rng.chance(1, 3) {
        if step > 1 {
            lb + 1
        } else {
            ub
        }
    } else {
        lb + rng.below(iters as u64) as i64 * step
    };
    let k = max - step - (n as i64 - 1) + rng.range_i64(-1, 1);
    EarlyEndCase { id, iw, n, lb, ub, step, c, k, end, at }
}

impl EarlyEndCase {
    /// The ids the guard prints (1 for each iteration whose `%i - k` is out
    /// of bounds) and how the run ends.
    pub fn simulate(&self) -> (Vec<u64>, Ending) {
        let mut out = Vec::new();
        let mut i = self.lb;
        while i < self.ub {
            let x = i - self.k;
            if x < 0 || x >= self.n as i64 {
                out.push(1);
            }
            if i == self.at {
                let ending = if self.end == EndOp::Exit { Ending::Returned } else { Ending::Aborted };
                return (out, ending);
            }
            // Never overflows: the end fires on an iteration whose
            // increment would.
            i += self.step;
        }
        (out, Ending::Returned)
    }
}

impl SingleCase for EarlyEndCase {
    fn name(&self) -> String {
        format!("early{}", self.id)
    }

    fn accesses(&self) -> usize {
        1
    }

    /// What is wrong given what loom said and the run did.
    fn verdicts(&self, seen: &Observed) -> Vec<String> {
        one_access_verdicts(&self.name(), seen, self.simulate(), &format!("%A[%i - {}]", self.k))
    }

    /// The program's MLIR text (functions, no module).
    fn program(&self) -> String {
        let name = self.name();
        let mut s = head(&name, self.n);
        for (v, x) in
            [("lb", self.lb), ("ubv", self.ub), ("s", self.step), ("c", self.c), ("k", self.k), ("at", self.at)]
        {
            let _ = writeln!(s, "  %{v} = arith.constant {x} : index");
        }
        s.push_str("  %c1 = arith.constant 1 : index\n  %code = arith.constant 0 : i32\n");
        s.push_str("  memref.store %ubv, %L[%c1] : memref<2xindex>\n  %ub = memref.load %L[%c1] : memref<2xindex>\n");
        s.push_str("  scf.for %i = %lb to %ub step %s {\n    %e = arith.addi %i, %c : index\n");
        s.push_str("    scf.for %j = %i to %e step %c1 {\n    }\n");
        guarded(&mut s, "    ", &name, 1, "arith.subi %i, %k : index", "memref.store %v, %A[%x1] : memref<?xi32>");
        match self.end {
            EndOp::Exit => {
                s.push_str("    %hit = arith.cmpi eq, %i, %at : index\n");
                s.push_str("    scf.if %hit {\n      func.call @exit(%code) : (i32) -> ()\n    }\n");
            }
            EndOp::Assert => {
                s.push_str("    %go = arith.cmpi ne, %i, %at : index\n    cf.assert %go, \"early end\"\n");
            }
        }
        s.push_str("  }\n");
        s.push_str(&tail(&name));
        s
    }

    fn index_width(&self) -> u32 {
        self.iw
    }
}

/// Counts of the early-end bounds programs.
pub type EarlyEndTally = OneAccessTally;

/// The summary line of the early-end programs.
pub fn summary(tally: &EarlyEndTally) -> String {
    tally.summary("early-end shapes", "")
}

/// Runs the early-end programs of `seeds`.
pub fn run(loom_opt: &Path, dir: &Path, seeds: std::ops::Range<u64>, tally: &mut EarlyEndTally) -> Result<(), String> {
    tally.run(loom_opt, dir, seeds.filter_map(generate))
}

/// The self-test: the generated programs of `seeds` whose run takes the
/// access out of bounds, checked with a report forged to prove it (each
/// must be flagged). A summary line, and whether it held.
pub fn self_test(loom_opt: &Path, dir: &Path, seeds: std::ops::Range<u64>) -> Result<(String, bool), String> {
    one_access_self_test("early-end bounds", loom_opt, dir, seeds.filter_map(generate))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every generated program ends before an increment that would
    /// overflow, and the access reaches past `n - 1` only where the rule
    /// `%i <= MAX - step` fails.
    #[test]
    fn generated_programs_are_defined() {
        for id in 0..2000 {
            let mut rng = Rng::new(id);
            let p = generate_case(id, &mut rng);
            let max = if p.iw == 32 { i32::MAX as i64 } else { i64::MAX };
            let mut i = p.lb;
            let mut last = i;
            while i < p.ub {
                last = i;
                if i == p.at {
                    break;
                }
                i += p.step;
            }
            assert!(last == p.at || last <= max - p.step, "{p:?}");
            assert!(p.ub <= max && p.lb <= last, "{p:?}");
        }
    }
}
