//! Attribute constants beyond a 32-bit index: the bounds fuzzer's shape of
//! affine map constants, coefficients, divisors and moduli, `affine.for`
//! steps and static bounds, and static subview offsets, sizes and strides
//! of 2^31 or more (up to `3 * 2^32`, or negative `-2^32 + c`) in a module
//! whose `index` is 32 bits wide.
//!
//! A program ([`WideCase`], a pure function of the seed, one seed in
//! eight) is one `affine.for` loop over a buffer `%A` of `n` elements
//! whose accesses (through `super::single`'s guard) index it with a map
//! that holds such a constant, or sit in a loop whose step or bound is
//! one, and beside them an access of the same form with a constant that
//! fits (the near miss loom may prove); or a `memref.subview` of `%A`
//! with a wide static offset, size or stride (not accessed). Half the
//! programs reach `loom-report` through `lower-affine` (then the
//! constants are `arith.constant`s of `index` type).
//!
//! **Check: by execution and by the rule "nothing rests on such a
//! constant", not by simulation.** What the lowered 32-bit program
//! computes is not modelled: lower-affine materialises each constant as
//! an index constant the LLVM lowering truncates, but upstream folders may
//! first fold constant expressions with the 64-bit value, so either value
//! may be what runs. The truth is the run itself (at 32 bits, through
//! `loom-check-claims` and the lowering): an access the report proves that
//! the run's guard saw out of bounds is a wrong proof, and so is any claim
//! `loom-check-claims` sees violated. And an access whose index or loop
//! rests on a constant that does not fit (`WideAccess::rests`), or a
//! subview with such a static value, must not be proven at all: loom reads
//! neither value.
//!
//! Invariants: every `affine.for` step is positive at 32 bits too (`K *
//! 2^32 + s`, `s` in 1..=3), so each loop ends after at most `2n + 8`
//! iterations at either width; the guard keeps every run inside `%A`.

use std::fmt::Write as _;
use std::path::Path;

use crate::rng::Rng;

use super::single::{self, guarded, head, observe, tail, Observed, Single};

/// Whether the bounds fuzzer adds the wide-constant programs. On by
/// default; `--without-width-shapes` turns it off.
pub static WIDTH_SHAPES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Where the wide constant sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WideKind {
    MapConstant,
    Coefficient,
    Divisor,
    Modulus,
    Step,
    StaticBound,
    Subview,
}

impl WideKind {
    pub const ALL: [WideKind; 7] = [
        WideKind::MapConstant,
        WideKind::Coefficient,
        WideKind::Divisor,
        WideKind::Modulus,
        WideKind::Step,
        WideKind::StaticBound,
        WideKind::Subview,
    ];
    pub fn name(self) -> &'static str {
        match self {
            WideKind::MapConstant => "map constant",
            WideKind::Coefficient => "coefficient",
            WideKind::Divisor => "divisor",
            WideKind::Modulus => "modulus",
            WideKind::Step => "step",
            WideKind::StaticBound => "static bound",
            WideKind::Subview => "subview",
        }
    }
}

/// One access (or subview) of a program.
#[derive(Clone, Debug)]
pub struct WideAccess {
    /// The map's result over `d0` (the counter), e.g. `d0 + 4294967297`;
    /// for a subview, its text.
    pub expr: String,
    /// Whether a proof would rest on a constant that does not fit 32 bits.
    pub rests: bool,
    pub subview: bool,
}

/// One wide-constant program.
#[derive(Clone, Debug)]
pub struct WideCase {
    pub id: u64,
    pub kind: WideKind,
    pub n: u64,
    /// `affine.for %i = <lb> to <ub> step <step>`.
    pub lb: i64,
    pub ub: i64,
    pub step: i64,
    pub accesses: Vec<WideAccess>,
    pub lower_affine: bool,
}

const TWO32: i64 = 1 << 32;

/// `K * 2^32 + s`, `K` in 1..=3 (or -1 when `negative`).
fn wide(rng: &mut Rng, s: i64, negative: bool) -> i64 {
    let k = if negative && rng.chance(1, 3) { -1 } else { 1 + rng.below(3) as i64 };
    k * TWO32 + s
}

/// A constant in `[2^31, 2^32)`: negative at 32 bits.
fn big(rng: &mut Rng) -> i64 {
    (1 << 31) + rng.below(1 << 31) as i64
}

/// The program of seed `id`, or none (seven seeds in eight).
pub fn generate(id: u64) -> Option<WideCase> {
    if !WIDTH_SHAPES.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let mut rng = Rng::new(id.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x3_1D7);
    if rng.below(8) != 0 {
        return None;
    }
    Some(generate_case(id, &mut rng))
}

fn acc(expr: String, rests: bool) -> WideAccess {
    WideAccess { expr, rests, subview: false }
}

fn generate_case(id: u64, rng: &mut Rng) -> WideCase {
    let kind = WideKind::ALL[rng.below(WideKind::ALL.len() as u64) as usize];
    let n = 2 + rng.below(20);
    let ni = n as i64;
    let (mut lb, mut ub, mut step) = (0i64, ni, 1i64);
    let mut accesses = Vec::new();
    let c = rng.range_i64(-2, 2);
    match kind {
        WideKind::MapConstant => {
            let k = if rng.chance(1, 4) { big(&mut *rng) } else { wide(rng, c, true) };
            accesses.push(acc(format!("d0 + {k}"), true));
            accesses.push(acc(format!("d0 + {c}"), false));
        }
        WideKind::Coefficient => {
            let s = 1 + rng.below(2) as i64;
            let k = wide(rng, s, true);
            accesses.push(acc(format!("d0 * {k} + {c}"), true));
            accesses.push(acc(format!("d0 + {c}"), false));
        }
        WideKind::Divisor | WideKind::Modulus => {
            // Near 2^31 - 1: divisions by 3000000000 (negative at 32 bits)
            // of a counter that fits.
            let high = rng.chance(1, 2);
            if high {
                lb = 1_999_999_990 + rng.below(8) as i64;
                ub = lb + 1 + rng.below(2 * n) as i64;
            }
            let s = 2 + rng.below(2) as i64;
            let d = if high { big(&mut *rng) } else { wide(rng, s, false) };
            let small = 2 + rng.below(2) as i64;
            let e = rng.range_i64(-1, 1);
            let base = if high { format!("d0 - {lb}") } else { "d0".to_string() };
            if kind == WideKind::Divisor {
                if high {
                    accesses.push(acc(format!("d0 floordiv {d} + {}", e + 1), true));
                } else {
                    accesses.push(acc(format!("({base}) floordiv {d} + {e}"), true));
                }
                accesses.push(acc(format!("({base}) floordiv {small} + {e}"), false));
            } else {
                if high {
                    accesses.push(acc(format!("d0 mod {d} - {}", lb + e), true));
                } else {
                    accesses.push(acc(format!("d0 mod {d} + {e}"), true));
                }
                accesses.push(acc(format!("({base}) mod {small} + {e}"), false));
            }
        }
        WideKind::Step => {
            let s = 1 + rng.below(3) as i64;
            step = wide(rng, s, false);
            let off = rng.below(n + 1) as i64;
            accesses.push(acc(format!("d0 + {off}"), off != 0));
        }
        WideKind::StaticBound => {
            let b = ni - 1 + rng.below(3) as i64;
            let a = rng.below(3) as i64;
            let off = rng.below(3) as i64;
            match rng.below(4) {
                0 => {
                    let k = 1 + rng.below(3) as i64;
                    (lb, ub) = (k * TWO32 + a, k * TWO32 + b);
                }
                // Empty at 64 bits, `a to b` at 32.
                1 => (lb, ub) = (TWO32 + a, b),
                2 => (lb, ub) = (0, wide(rng, b, false)),
                // Empty at 32 bits.
                _ => (lb, ub) = (0, big(&mut *rng)),
            }
            accesses.push(acc(format!("d0 + {off}"), true));
        }
        WideKind::Subview => {
            let (mut o, mut sz, mut st) = (rng.below(3) as i64, 1 + rng.below(3) as i64, 1 + rng.below(2) as i64);
            match rng.below(3) {
                0 => o = wide(rng, o, false),
                1 => sz = wide(rng, sz, false),
                _ => st = wide(rng, st, false),
            }
            accesses.push(WideAccess {
                expr: format!(
                    "memref.subview %A[{o}] [{sz}] [{st}] : memref<?xi32> to memref<{sz}xi32, strided<[{st}], offset: {o}>>"
                ),
                rests: true,
                subview: true,
            });
            let off = rng.below(3) as i64;
            accesses.push(acc(format!("d0 + {off}"), false));
        }
    }
    let lower_affine = rng.chance(1, 2);
    WideCase { id, kind, n, lb, ub, step, accesses, lower_affine }
}

impl WideCase {
    pub fn name(&self) -> String {
        format!("wide{}", self.id)
    }

    /// The program's MLIR text (functions, no module).
    pub fn program(&self) -> String {
        let name = self.name();
        let mut s = head(&name, self.n);
        for (k, a) in self.accesses.iter().enumerate().filter(|(_, a)| a.subview) {
            let _ = writeln!(s, "  %sv{} = {} loc(\"{name}\":{}:1)", k + 1, a.expr, k + 1);
        }
        let step = if self.step == 1 { String::new() } else { format!(" step {}", self.step) };
        let _ = writeln!(s, "  affine.for %i = {} to {}{step} {{", self.lb, self.ub);
        for (k, a) in self.accesses.iter().enumerate().filter(|(_, a)| !a.subview) {
            let map = format!("affine_map<(d0) -> ({})>", a.expr);
            let def = format!("affine.apply {map}(%i)");
            let body = format!("affine.store %v, %A[{}] : memref<?xi32>", a.expr.replace("d0", "%i"));
            guarded(&mut s, "    ", &name, k + 1, &def, &body);
        }
        s.push_str("  }\n");
        s.push_str(&tail(&name));
        s
    }

    /// What is wrong with loom's claims given what the run did: a proven
    /// access some run saw out of bounds, a proof that rests on a constant
    /// that does not fit.
    pub fn verdicts(&self, seen: &Observed) -> Vec<String> {
        let mut out = Vec::new();
        for (k, a) in self.accesses.iter().enumerate() {
            let id = k + 1;
            if seen.proven.get(&id) != Some(&true) {
                continue;
            }
            if seen.oob.contains(&id) {
                out.push(format!("{}: wrong proof: access {id} (`{}`) went out of bounds", self.name(), a.expr));
            }
            if a.rests {
                out.push(format!(
                    "{}: access {id} (`{}`) proven on a constant beyond the 32-bit index",
                    self.name(),
                    a.expr
                ));
            }
        }
        out
    }

    /// Runs the program at 32 bits with `loom-check-claims{check_opts}`.
    pub fn observe(&self, loom_opt: &Path, dir: &Path, check_opts: &str) -> Result<Result<Observed, String>, String> {
        let (name, program) = (self.name(), self.program());
        let p = Single {
            name: &name,
            program: &program,
            accesses: self.accesses.len(),
            iw: 32,
            lower_affine: self.lower_affine,
        };
        observe(loom_opt, dir, &p, check_opts)
    }
}

/// Counts of the wide-constant programs.
#[derive(Default, Debug)]
pub struct WideTally {
    pub programs: [u64; 7],
    pub accesses: u64,
    pub proven: u64,
    pub resting: u64,
    pub resting_proven: u64,
    pub oob: u64,
    pub lower_affine: u64,
    pub wrong: u64,
    pub failures: Vec<String>,
}

impl WideTally {
    pub fn summary(&self) -> String {
        let per: Vec<String> =
            WideKind::ALL.iter().zip(self.programs).map(|(k, c)| format!("{c} {}", k.name())).collect();
        format!(
            "bounds-fuzz: wide constants at 32 bits: {} programs ({}; {} through lower-affine), {} accesses and subviews ({} proven, {} seen out of bounds; {} resting on a wide constant, {} of them proven); {} wrong claims",
            self.programs.iter().sum::<u64>(),
            per.join(", "),
            self.lower_affine,
            self.accesses,
            self.proven,
            self.oob,
            self.resting,
            self.resting_proven,
            self.wrong
        )
    }
}

/// Checks one program into `tally`.
pub fn check_case(loom_opt: &Path, dir: &Path, case: &WideCase, tally: &mut WideTally) -> Result<(), String> {
    let kind = WideKind::ALL.iter().position(|k| *k == case.kind).unwrap_or(0);
    tally.programs[kind] += 1;
    tally.lower_affine += u64::from(case.lower_affine);
    tally.accesses += case.accesses.len() as u64;
    tally.resting += case.accesses.iter().filter(|a| a.rests).count() as u64;
    let repro = || format!("  reproducer: {}", dir.join(format!("{}.mlir", case.name())).display());
    match case.observe(loom_opt, dir, "") {
        Ok(Ok(seen)) => {
            tally.proven += seen.proven.values().filter(|p| **p).count() as u64;
            tally.resting_proven +=
                case.accesses.iter().enumerate().filter(|(k, a)| a.rests && seen.proven[&(k + 1)]).count() as u64;
            tally.oob += seen.oob.len() as u64;
            let bad = case.verdicts(&seen);
            if !bad.is_empty() {
                tally.wrong += bad.len() as u64;
                tally.failures.extend(bad);
                tally.failures.push(repro());
            }
        }
        Ok(Err(why)) => {
            tally.failures.push(format!("{}: {why}", case.name()));
            tally.failures.push(repro());
        }
        Err(e) if e.contains("loom claim violated") => {
            tally.wrong += 1;
            tally.failures.push(format!("{}: {e}", case.name()));
            tally.failures.push(repro());
        }
        Err(e) => return Err(format!("{}: {e}", case.name())),
    }
    Ok(())
}

/// The self-test: every generated program of `seeds` checked with a report
/// forged to prove every access (each access resting on a wide constant
/// and each seen out of bounds must be flagged), and a program whose near
/// miss loom proves run with `plant=access` (the planted claim must be
/// caught). A summary line, and whether all of it held.
pub fn self_test(loom_opt: &Path, dir: &Path, seeds: std::ops::Range<u64>) -> Result<(String, bool), String> {
    let (mut planted, mut caught) = (0, 0);
    for case in seeds.filter_map(generate) {
        let Ok(seen) = case.observe(loom_opt, dir, "")? else { continue };
        let forged = Observed { proven: seen.proven.keys().map(|&k| (k, true)).collect(), ..seen.clone() };
        let want = case.accesses.iter().enumerate().filter(|(k, a)| a.rests || seen.oob.contains(&(k + 1))).count();
        planted += want;
        caught += case.verdicts(&forged).len().min(want);
    }
    let hand = WideCase {
        id: 1_000_101,
        kind: WideKind::MapConstant,
        n: 6,
        lb: 0,
        ub: 6,
        step: 1,
        accesses: vec![acc(format!("d0 + {}", TWO32 + 1), true), acc("d0".into(), false)],
        lower_affine: false,
    };
    let plain = match hand.observe(loom_opt, dir, "")? {
        Ok(seen) => seen.proven.get(&2) == Some(&true) && hand.verdicts(&seen).is_empty(),
        Err(_) => false,
    };
    let plant = matches!(hand.observe(loom_opt, dir, "plant=access"), Err(e) if e.contains("loom claim violated"));
    let ok = planted > 0 && caught == planted && plain && plant;
    let yes = |b: bool| if b { "yes" } else { "NO" };
    Ok((
        format!(
            "wide-constant self-test: {planted} forged proofs planted, {caught} caught; hand-written near miss proven and clean: {}, caught with plant=access: {}",
            yes(plain),
            yes(plant)
        ),
        ok,
    ))
}

/// Runs the wide-constant programs of `seeds`.
pub fn run(loom_opt: &Path, dir: &Path, seeds: std::ops::Range<u64>, tally: &mut WideTally) -> Result<(), String> {
    for case in seeds.filter_map(generate) {
        check_case(loom_opt, dir, &case, tally)?;
    }
    Ok(())
}

/// Which wide-constant program a seed has, for `--print`.
pub fn describe(seed: u64) -> Option<String> {
    let case = generate(seed)?;
    Some(format!(
        "// wide-constant program ({}), in a 32-bit module{}\n{}",
        case.kind.name(),
        if case.lower_affine { "; loom-report sees it after lower-affine" } else { "" },
        single::module(&case.program(), 32)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every generated loop steps forward at both widths and ends soon at 32
    /// bits.
    #[test]
    fn loops_are_short_at_32_bits() {
        for id in 0..4000 {
            let mut rng = Rng::new(id);
            let c = generate_case(id, &mut rng);
            let t = |v: i64| v as i32 as i64;
            assert!(c.step > 0 && t(c.step) > 0, "{c:?}");
            assert!((t(c.ub) - t(c.lb)).max(0) <= 2 * c.n as i64 + 8, "{c:?}");
        }
    }
}
