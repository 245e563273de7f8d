//! Carried counters, for bounds proofs: an access indexed by an iteration
//! argument of a counted loop that grows by a constant each iteration, as
//! C front ends keep a second counter (`affine.for %i = LB to UB step S
//! iter_args(%j = x0)` with `yield %j + c`, `%j` an `i8`..`i64` or an
//! `index`; also `scf.for`, and `%j - (-c)`).
//!
//! A program ([`CarriedCase`], a pure function of the seed, one seed in
//! eight) accesses `%A[index(%j) - k]` of a buffer of `n` elements under
//! `super::single`'s guard. Most pick `x0`, `c`, `k` and the run count so
//! that the indices reach the buffer's first or last element exactly or
//! one past it (near misses); one in five starts `%j` near its type's
//! largest (or smallest) value so that the additions wrap before the last
//! iteration: then `index(%j)` jumps to the other end of the type, and no
//! range may be claimed for `%j`.
//!
//! **Check** (exact simulation: the values wrap at `%j`'s width, the cast
//! to `index` and the subtraction at the module's index width): the ids
//! the guard prints and how the run ends must be the simulated ones; an
//! access the report proves that the run takes out of bounds is a wrong
//! proof; a claim `loom-check-claims` sees violated is a failure.

use std::fmt::Write as _;
use std::path::Path;

use crate::rng::Rng;
use crate::tools::Ending;

use super::single::{
    guarded, head, one_access_self_test, one_access_verdicts, tail, Observed, OneAccessTally, SingleCase,
};

/// Whether the carried-counter shapes are generated
/// (`--without-carried-counter-shapes` clears it).
pub static CARRIED_SHAPES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// The loop that carries the counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopOp {
    Scf,
    Affine,
}

/// One carried-counter bounds program.
#[derive(Clone, Debug)]
pub struct CarriedCase {
    pub id: u64,
    /// The module's index width.
    pub iw: u32,
    /// The buffer's size.
    pub n: u64,
    pub op: LoopOp,
    pub lb: i64,
    pub ub: i64,
    pub step: i64,
    /// `%j`'s width; None: `index`.
    pub bits: Option<u32>,
    pub x0: i64,
    pub c: i64,
    /// The yield subtracts `-c` instead of adding `c`.
    pub sub: bool,
    /// The access is `%A[index(%j) - k]`.
    pub k: i64,
}

/// `x` wrapped to a signed `bits`-bit value.
fn wrap(x: i128, bits: u32) -> i128 {
    let m = 1i128 << bits;
    let r = x.rem_euclid(m);
    if r >= m / 2 {
        r - m
    } else {
        r
    }
}

/// The program of seed `id`, or none (seven seeds in eight).
pub fn generate(id: u64) -> Option<CarriedCase> {
    if !CARRIED_SHAPES.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let mut rng = Rng::new(id.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xCA11);
    if rng.below(8) != 0 {
        return None;
    }
    Some(generate_case(id, &mut rng))
}

fn generate_case(id: u64, rng: &mut Rng) -> CarriedCase {
    let iw = if rng.chance(1, 2) { 32 } else { 64 };
    let op = if rng.chance(1, 2) { LoopOp::Scf } else { LoopOp::Affine };
    let bits = match rng.below(5) {
        0 => Some(8),
        1 => Some(16),
        2 => Some(32),
        3 => Some(64),
        _ => None,
    };
    let width = bits.unwrap_or(iw);
    let step = 1 + rng.below(3) as i64;
    let runs = rng.below(13) as i64;
    let lb = rng.range_i64(-6, 20);
    // `runs` iterations: the last at lb + (runs - 1) step, ub past it by
    // at most a step.
    let ub =
        if runs == 0 { lb - rng.below(3) as i64 } else { lb + (runs - 1) * step + 1 + rng.below(step as u64) as i64 };
    let c = rng.range_i64(-3, 3);
    let sub = rng.chance(1, 3);
    let max = (1i128 << (width - 1)) - 1;
    let near = rng.range_i64(-1, 1);
    let (n, x0, k) = if rng.chance(1, 5) && c != 0 && runs >= 2 {
        // Wraps within the run: start within (runs - 2) steps of the end
        // of the type in c's direction, index relative to the start.
        let room = rng.below((runs - 1) as u64) as i128 * c.unsigned_abs() as i128;
        let x0 = if c > 0 { max - room } else { -max - 1 + room };
        let x0 = i64::try_from(wrap(x0, width)).unwrap_or(0);
        let n = 40 + rng.below(40);
        let k = if c > 0 { x0 as i128 - 1 } else { x0 as i128 - (n as i128 - 2) };
        // An index constant of the module's width.
        (n, x0, wrap(k, iw) as i64)
    } else {
        let n = 1 + rng.below(24);
        let span = (runs.max(1) - 1) * c;
        let (first, last) = (0, n as i64 - 1);
        // The lowest index lands on 0 or the highest on n - 1, give or take one.
        let lowest = if rng.chance(1, 2) { first + near } else { last + near - span.abs() };
        let x0_index = if c >= 0 { lowest } else { lowest - span };
        let k = rng.range_i64(-2, 2);
        (n, x0_index + k, k)
    };
    CarriedCase { id, iw, n, op, lb, ub, step, bits, x0, c, sub, k }
}

impl CarriedCase {
    fn width(&self) -> u32 {
        self.bits.unwrap_or(self.iw)
    }

    /// The iterations' count.
    fn runs(&self) -> i64 {
        if self.lb >= self.ub {
            0
        } else {
            (self.ub - self.lb + self.step - 1) / self.step
        }
    }

    /// The ids the guard prints (1 for each iteration whose index is out
    /// of bounds); the run always returns.
    pub fn simulate(&self) -> (Vec<u64>, Ending) {
        let mut out = Vec::new();
        let mut j = wrap(self.x0 as i128, self.width());
        for _ in 0..self.runs() {
            // index_cast: sign extension or truncation to the index width.
            let x = wrap(wrap(j, self.iw) - self.k as i128, self.iw);
            if x < 0 || x >= self.n as i128 {
                out.push(1);
            }
            j = wrap(j + self.c as i128, self.width());
        }
        (out, Ending::Returned)
    }
}

impl SingleCase for CarriedCase {
    fn name(&self) -> String {
        format!("carried{}", self.id)
    }

    fn accesses(&self) -> usize {
        1
    }

    /// What is wrong given what loom said and the run did.
    fn verdicts(&self, seen: &Observed) -> Vec<String> {
        one_access_verdicts(&self.name(), seen, self.simulate(), "the access")
    }

    /// The program's MLIR text (functions, no module).
    fn program(&self) -> String {
        let name = self.name();
        let ty = self.bits.map_or("index".to_string(), |b| format!("i{b}"));
        let mut s = head(&name, self.n);
        let _ = writeln!(s, "  %x0 = arith.constant {} : {ty}", self.x0);
        let _ = writeln!(s, "  %k = arith.constant {} : index", self.k);
        let (grow, by) = if self.sub { ("subi", -(self.c as i128)) } else { ("addi", self.c as i128) };
        let _ = writeln!(s, "  %g = arith.constant {by} : {ty}");
        match self.op {
            LoopOp::Scf => {
                for (v, x) in [("lb", self.lb), ("ub", self.ub), ("st", self.step)] {
                    let _ = writeln!(s, "  %{v} = arith.constant {x} : index");
                }
                let _ = writeln!(s, "  %r = scf.for %i = %lb to %ub step %st iter_args(%j = %x0) -> ({ty}) {{");
            }
            LoopOp::Affine => {
                let _ = writeln!(
                    s,
                    "  %r = affine.for %i = {} to {} step {} iter_args(%j = %x0) -> ({ty}) {{",
                    self.lb, self.ub, self.step
                );
            }
        }
        let jx = if self.bits.is_some() {
            let _ = writeln!(s, "    %jx = arith.index_cast %j : {ty} to index");
            "%jx"
        } else {
            "%j"
        };
        guarded(
            &mut s,
            "    ",
            &name,
            1,
            &format!("arith.subi {jx}, %k : index"),
            "memref.store %v, %A[%x1] : memref<?xi32>",
        );
        let _ = writeln!(s, "    %jn = arith.{grow} %j, %g : {ty}");
        let yield_op = if self.op == LoopOp::Scf { "scf.yield" } else { "affine.yield" };
        let _ = writeln!(s, "    {yield_op} %jn : {ty}\n  }}");
        s.push_str(&tail(&name));
        s
    }

    fn index_width(&self) -> u32 {
        self.iw
    }
}

/// Counts of the carried-counter bounds programs.
#[derive(Default, Debug)]
pub struct CarriedTally {
    pub counts: OneAccessTally,
    /// Programs whose counter wraps before the last run.
    pub wrapping: u64,
}

impl CarriedTally {
    pub fn summary(&self) -> String {
        self.counts.summary("carried counters", &format!(", {} wrapping", self.wrapping))
    }
}

/// Whether the counter of `case` wraps before its last iteration.
fn wraps(case: &CarriedCase) -> bool {
    let last = case.x0 as i128 + (case.runs().max(1) - 1) as i128 * case.c as i128;
    wrap(last, case.width()) != last
}

/// Runs the carried-counter programs of `seeds`.
pub fn run(loom_opt: &Path, dir: &Path, seeds: std::ops::Range<u64>, tally: &mut CarriedTally) -> Result<(), String> {
    let mut wrapping = 0;
    let cases = seeds.filter_map(generate).inspect(|case| wrapping += u64::from(wraps(case)));
    tally.counts.run(loom_opt, dir, cases)?;
    tally.wrapping += wrapping;
    Ok(())
}

/// The self-test: the generated programs of `seeds` whose run takes the
/// access out of bounds, checked with a report forged to prove it (each
/// must be flagged). A summary line, and whether it held.
pub fn self_test(loom_opt: &Path, dir: &Path, seeds: std::ops::Range<u64>) -> Result<(String, bool), String> {
    one_access_self_test("carried-counter bounds", loom_opt, dir, seeds.filter_map(generate))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_is_twos_complement() {
        assert_eq!(wrap(128, 8), -128);
        assert_eq!(wrap(-129, 8), 127);
        assert_eq!(wrap(5, 8), 5);
    }

    /// The generator reaches every kind of program: near misses on both
    /// ends, in-bounds runs, wrapping counters, loops that never run.
    #[test]
    fn generated_programs_cover_the_shapes() {
        let (mut oob, mut fine, mut wrapping, mut empty) = (0, 0, 0, 0);
        for id in 0..4000 {
            let mut rng = Rng::new(id);
            let p = generate_case(id, &mut rng);
            let (printed, _) = p.simulate();
            if printed.is_empty() {
                fine += 1;
            } else {
                oob += 1;
            }
            wrapping += usize::from(wraps(&p));
            empty += usize::from(p.runs() == 0);
        }
        assert!(oob > 400 && fine > 400 && wrapping > 100 && empty > 100, "{oob} {fine} {wrapping} {empty}");
    }
}
