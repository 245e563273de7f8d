//! Accesses after an earlier access, for proofs that rest on one: loom
//! proves a scalar access in bounds when an access that dominates it
//! reached the same element of the same memref (`facts::bounds::earlier`).
//!
//! A program ([`EarlierCase`], a pure function of the seed, one seed in
//! eight) loops `scf.for %i = 0 to R` with `%xi = %i + %k`, `%k` loaded
//! from memory (nothing bounds `%xi`), and has two guarded accesses (ids 1
//! and 2, each under a guard like `super::single`'s): A, a load or store
//! of `%A[%xi]`, and B, a load or store at an index of its own of `%A` or
//! of a second buffer `%B` of `n2` elements. B is where a wrong rest would show (loom rests B on A at the
//! same value, and the relational prover uses A's bounds as facts wherever
//! A dominates B):
//! - where A is: before B in B's block (A dominates B: the only placement
//!   where B may rest on A), inside an `scf.if` on `%i`'s parity before B,
//!   after B in the loop body (A of the previous iteration), or in an
//!   earlier loop of its own;
//! - B's index: `%xi` itself, `%xi + d` (d = ±1), or `%i + %k` computed
//!   again (a different value with the same number: loom does not rest on
//!   it, and nothing else proves it);
//! - B's memref: `%A`, or `%B` of `n - 1`, `n` or `n + 1` elements.
//!
//! `%k` and `R` put `%xi` at the buffer's ends exactly or one past them.
//!
//! **Check** (exact simulation, every value small: nothing wraps): the
//! ids the guards print must be the simulated ones; an access the report
//! proves that a run takes out of bounds is a wrong proof; a claim
//! `loom-check-claims` sees violated is a failure. B is counted as
//! resting when the report proves it (it is unproven on its own).

use std::fmt::Write as _;
use std::path::Path;

use crate::rng::Rng;
use crate::tools::Ending;

use super::single::{function_tail, head, one_access_self_test, run_cases, Observed, SingleCase};

/// Whether the earlier-access shapes are generated
/// (`--without-earlier-access-shapes` clears it).
pub static EARLIER_SHAPES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Where A is, relative to B.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// Before B in B's block: A dominates B.
    Before,
    /// Inside an `scf.if` on `%i`'s parity, before B.
    InBranch,
    /// After B in the loop body.
    After,
    /// In an earlier loop of its own.
    EarlierLoop,
}

/// B's index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BIndex {
    /// `%x` itself.
    Same,
    /// `%x + d`.
    Offset(i64),
    /// `%i + %k` computed again.
    Recomputed,
}

/// One guarded access of a program (see [`EarlierCase::guard`]).
struct Guarded<'s> {
    id: usize,
    store: bool,
    memref: &'s str,
    index: &'s str,
    lim: &'s str,
}

/// One earlier-access program.
#[derive(Clone, Debug)]
pub struct EarlierCase {
    pub id: u64,
    /// The module's index width.
    pub iw: u32,
    /// `%A`'s size.
    pub n: u64,
    /// `%B`'s size when B accesses it; None: B accesses `%A`.
    pub other: Option<u64>,
    /// The loop's run count.
    pub runs: u64,
    pub k: i64,
    pub placement: Placement,
    pub index: BIndex,
    /// Whether A (B) is a store, else a load.
    pub a_store: bool,
    pub b_store: bool,
}

/// The program of seed `id`, or none (seven seeds in eight).
pub fn generate(id: u64) -> Option<EarlierCase> {
    if !EARLIER_SHAPES.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let mut rng = Rng::new(id.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xEA71);
    if rng.below(8) != 0 {
        return None;
    }
    Some(generate_case(id, &mut rng))
}

fn generate_case(id: u64, rng: &mut Rng) -> EarlierCase {
    let iw = if rng.chance(1, 2) { 32 } else { 64 };
    let n = 1 + rng.below(12);
    let runs = rng.below(14);
    // %x runs over k .. k + runs - 1: start at -1, 0 or end at n - 1, n.
    let k = match rng.below(4) {
        0 => -1,
        1 => 0,
        2 => n as i64 - runs as i64,
        _ => n as i64 + 1 - runs as i64,
    };
    let placement = match rng.below(4) {
        0 | 1 => Placement::Before,
        2 => Placement::InBranch,
        _ => {
            if rng.chance(1, 2) {
                Placement::After
            } else {
                Placement::EarlierLoop
            }
        }
    };
    let index = match rng.below(4) {
        0 | 1 => BIndex::Same,
        2 => BIndex::Offset(if rng.chance(1, 2) { 1 } else { -1 }),
        _ => BIndex::Recomputed,
    };
    let other = rng.chance(1, 4).then(|| (n as i64 + rng.range_i64(-1, 1)).max(1) as u64);
    EarlierCase { id, iw, n, other, runs, k, placement, index, a_store: rng.chance(1, 2), b_store: rng.chance(2, 3) }
}

impl EarlierCase {
    /// B's index for `x` (A's).
    fn b_index(&self, x: i64) -> i64 {
        match self.index {
            BIndex::Offset(d) => x + d,
            BIndex::Same | BIndex::Recomputed => x,
        }
    }

    /// B's buffer size.
    fn b_size(&self) -> u64 {
        self.other.unwrap_or(self.n)
    }

    /// Whether B's proof may rest on A: A dominates B, at the same number
    /// (the same value, or computed again), of `%A` or of a `%B` at least
    /// as long (through the relational prover, which uses A's bounds and
    /// the buffers' sizes: a value computed again only when it shows the
    /// two equal).
    pub fn may_rest(&self) -> bool {
        self.placement == Placement::Before
            && matches!(self.index, BIndex::Same | BIndex::Recomputed)
            && self.other.is_none_or(|n2| n2 >= self.n)
    }

    /// The ids the guards print, in order; the run always returns.
    pub fn simulate(&self) -> (Vec<u64>, Ending) {
        let mut out = Vec::new();
        let inb = |v: i64, size: u64| v >= 0 && v < size as i64;
        let a = |out: &mut Vec<u64>, x: i64| {
            if !inb(x, self.n) {
                out.push(1);
            }
        };
        let b = |out: &mut Vec<u64>, x: i64| {
            if !inb(self.b_index(x), self.b_size()) {
                out.push(2);
            }
        };
        if self.placement == Placement::EarlierLoop {
            for i in 0..self.runs as i64 {
                a(&mut out, i + self.k);
            }
        }
        for i in 0..self.runs as i64 {
            let x = i + self.k;
            match self.placement {
                // B sits inside A's guard: it runs only when A was in bounds.
                Placement::Before => {
                    if inb(x, self.n) {
                        b(&mut out, x);
                    } else {
                        out.push(1);
                    }
                }
                Placement::InBranch => {
                    if i % 2 == 1 {
                        a(&mut out, x);
                    }
                    b(&mut out, x);
                }
                Placement::After => {
                    b(&mut out, x);
                    a(&mut out, x);
                }
                Placement::EarlierLoop => b(&mut out, x),
            }
        }
        (out, Ending::Returned)
    }

    /// Access `g.id` (a store if `g.store`, else a load) of `g.memref` at
    /// `g.index`, under a guard `index ult lim` whose else branch prints
    /// the id (as `super::single`'s, without defining the index).
    fn guard(&self, s: &mut String, indent: &str, g: Guarded) {
        let Guarded { id, store, memref, index, lim } = g;
        let name = self.name();
        let _ = writeln!(s, "{indent}%ok{id} = arith.cmpi ult, {index}, {lim} : index");
        let _ = writeln!(s, "{indent}scf.if %ok{id} {{");
        if store {
            let _ = writeln!(s, "{indent}  memref.store %v, {memref}[{index}] : memref<?xi32> loc(\"{name}\":{id}:1)");
        } else {
            let _ =
                writeln!(s, "{indent}  %ld{id} = memref.load {memref}[{index}] : memref<?xi32> loc(\"{name}\":{id}:1)");
        }
        let _ = writeln!(s, "{indent}}} else {{");
        let _ = writeln!(s, "{indent}  %id{id} = arith.constant {id} : i64");
        let _ = writeln!(s, "{indent}  func.call @printI64(%id{id}) : (i64) -> ()");
        let _ = writeln!(s, "{indent}  func.call @printNewline() : () -> ()");
        let _ = writeln!(s, "{indent}}}");
    }
}

impl SingleCase for EarlierCase {
    fn name(&self) -> String {
        format!("earlier{}", self.id)
    }

    fn accesses(&self) -> usize {
        2
    }

    /// What is wrong given what loom said and the run did.
    fn verdicts(&self, seen: &Observed) -> Vec<String> {
        let name = self.name();
        let (want, want_end) = self.simulate();
        let mut out = Vec::new();
        if seen.printed != want || seen.ending != want_end {
            out.push(format!(
                "{name}: printed {:?} and {:?}, simulated {want:?} and {want_end:?}",
                seen.printed, seen.ending
            ));
        }
        for id in [1u64, 2] {
            let proven = seen.proven.get(&(id as usize)) == Some(&true);
            if proven && (seen.oob.contains(&(id as usize)) || want.contains(&id)) {
                out.push(format!("{name}: wrong proof: access {id} went out of bounds"));
            }
        }
        out
    }

    /// The program's MLIR text (functions, no module).
    fn program(&self) -> String {
        let name = self.name();
        let mut s = head(&name, self.n);
        let _ = writeln!(s, "  %c1 = arith.constant 1 : index\n  %c2 = arith.constant 2 : index");
        let _ = writeln!(s, "  %dp = arith.constant 1 : index\n  %dm = arith.constant -1 : index");
        let _ = writeln!(s, "  %r = arith.constant {} : index", self.runs);
        let _ = writeln!(s, "  %kc = arith.constant {} : index", self.k);
        let _ = writeln!(s, "  %K = memref.alloc() : memref<1xindex>");
        let _ = writeln!(s, "  memref.store %kc, %K[%c0] : memref<1xindex>");
        let _ = writeln!(s, "  %k = memref.load %K[%c0] : memref<1xindex>");
        let (b_memref, b_lim) = match self.other {
            Some(n2) => {
                let _ = writeln!(s, "  %n2 = arith.constant {n2} : index");
                let _ = writeln!(s, "  %B = memref.alloc(%n2) : memref<?xi32>");
                let _ = writeln!(s, "  memref.store %n2, %L[%c1] : memref<2xindex>");
                let _ = writeln!(s, "  %lim2 = memref.load %L[%c1] : memref<2xindex>");
                ("%B", "%lim2")
            }
            None => ("%A", "%lim"),
        };
        // B's index: A's value %xi itself, or a value of its own.
        let b_def = match self.index {
            BIndex::Same => None,
            BIndex::Offset(d) => Some(format!("arith.addi %xi, %d{} : index", if d > 0 { "p" } else { "m" })),
            BIndex::Recomputed => Some("arith.addi %i, %k : index".to_string()),
        };
        let b = |s: &mut String, indent: &str| {
            let index = match &b_def {
                Some(def) => {
                    let _ = writeln!(s, "{indent}%xb = {def}");
                    "%xb"
                }
                None => "%xi",
            };
            self.guard(s, indent, Guarded { id: 2, store: self.b_store, memref: b_memref, index, lim: b_lim });
        };
        if self.placement == Placement::EarlierLoop {
            let _ = writeln!(s, "  scf.for %e = %c0 to %r step %c1 {{");
            let _ = writeln!(s, "    %xe = arith.addi %e, %k : index");
            self.guard(&mut s, "    ", Guarded { id: 1, store: self.a_store, memref: "%A", index: "%xe", lim: "%lim" });
            let _ = writeln!(s, "  }}");
        }
        let _ = writeln!(s, "  scf.for %i = %c0 to %r step %c1 {{");
        let _ = writeln!(s, "    %xi = arith.addi %i, %k : index");
        match self.placement {
            Placement::Before => {
                // B (with its guard) inside A's guard, after A.
                let mut inner = String::new();
                b(&mut inner, "      ");
                let mut a = String::new();
                self.guard(
                    &mut a,
                    "    ",
                    Guarded { id: 1, store: self.a_store, memref: "%A", index: "%xi", lim: "%lim" },
                );
                // B goes right after A's access, in A's then-branch.
                let mut lines: Vec<&str> = a.lines().collect();
                let at =
                    lines.iter().position(|l| l.contains(&format!("\"{name}\":1:1"))).map_or(lines.len(), |p| p + 1);
                let inner_lines: Vec<&str> = inner.lines().collect();
                lines.splice(at..at, inner_lines);
                for l in lines {
                    let _ = writeln!(s, "{l}");
                }
            }
            Placement::InBranch => {
                let _ = writeln!(s, "    %par = arith.remui %i, %c2 : index");
                let _ = writeln!(s, "    %odd = arith.cmpi eq, %par, %c1 : index");
                let _ = writeln!(s, "    scf.if %odd {{");
                self.guard(
                    &mut s,
                    "      ",
                    Guarded { id: 1, store: self.a_store, memref: "%A", index: "%xi", lim: "%lim" },
                );
                let _ = writeln!(s, "    }}");
                b(&mut s, "    ");
            }
            Placement::After => {
                b(&mut s, "    ");
                self.guard(
                    &mut s,
                    "    ",
                    Guarded { id: 1, store: self.a_store, memref: "%A", index: "%xi", lim: "%lim" },
                );
            }
            Placement::EarlierLoop => b(&mut s, "    "),
        }
        let _ = writeln!(s, "  }}");
        let _ = writeln!(s, "  memref.dealloc %K : memref<1xindex>");
        if self.other.is_some() {
            let _ = writeln!(s, "  memref.dealloc %B : memref<?xi32>");
        }
        s.push_str(function_tail());
        let _ = writeln!(s, "func.func @main() {{\n  func.call @{name}() : () -> ()\n  return\n}}");
        s
    }

    fn index_width(&self) -> u32 {
        self.iw
    }
}

/// Counts of the earlier-access programs.
#[derive(Default, Debug)]
pub struct EarlierTally {
    pub programs: u64,
    pub at32: u64,
    /// Programs where B may rest on A, and those where loom proved B.
    pub may_rest: u64,
    pub rested: u64,
    /// B proven where it may not rest on A (it must then be in bounds by
    /// other facts), and those of them in loops that never run.
    pub other_proofs: u64,
    pub other_never_run: u64,
    pub oob_programs: u64,
    pub wrong: u64,
    pub failures: Vec<String>,
}

impl EarlierTally {
    pub fn summary(&self) -> String {
        format!(
            "bounds-fuzz: earlier accesses: {} programs ({} at 32 bits), {} where the later access may rest on the earlier one ({} proven), {} later accesses proven otherwise ({} in loops that never run), {} programs with an access out of bounds; {} wrong claims or mismatches",
            self.programs,
            self.at32,
            self.may_rest,
            self.rested,
            self.other_proofs,
            self.other_never_run,
            self.oob_programs,
            self.wrong
        )
    }
}

/// Runs the earlier-access programs of `seeds`.
pub fn run(loom_opt: &Path, dir: &Path, seeds: std::ops::Range<u64>, tally: &mut EarlierTally) -> Result<(), String> {
    let (mut programs, mut at32, mut may_rest, mut rested, mut oob) = (0, 0, 0, 0, 0);
    let (mut other_proofs, mut other_never_run) = (0, 0);
    let cases = seeds.filter_map(generate).inspect(|case| {
        programs += 1;
        at32 += u64::from(case.iw == 32);
        may_rest += u64::from(case.may_rest());
    });
    tally.wrong += run_cases(loom_opt, dir, cases, &mut tally.failures, |case, seen| {
        let proven = seen.proven.get(&2) == Some(&true);
        if case.may_rest() {
            rested += u64::from(proven);
        } else {
            other_proofs += u64::from(proven);
            other_never_run += u64::from(proven && case.runs == 0);
        }
        oob += u64::from(!seen.oob.is_empty());
    })?;
    tally.programs += programs;
    tally.at32 += at32;
    tally.may_rest += may_rest;
    tally.rested += rested;
    tally.other_proofs += other_proofs;
    tally.other_never_run += other_never_run;
    tally.oob_programs += oob;
    Ok(())
}

/// The self-test: the generated programs of `seeds` whose run takes an
/// access out of bounds, checked with a report forged to prove both
/// accesses (each must be flagged). A summary line, and whether it held.
pub fn self_test(loom_opt: &Path, dir: &Path, seeds: std::ops::Range<u64>) -> Result<(String, bool), String> {
    one_access_self_test("earlier-access", loom_opt, dir, seeds.filter_map(generate))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generator reaches every placement and index, programs where B
    /// may rest on A, and runs that leave a buffer through A and through B.
    #[test]
    fn generated_programs_cover_the_shapes() {
        let (mut rest, mut a_oob, mut b_oob, mut fine) = (0, 0, 0, 0);
        let mut placements = std::collections::BTreeSet::new();
        for id in 0..4000 {
            let mut rng = Rng::new(id);
            let p = generate_case(id, &mut rng);
            placements.insert(format!("{:?} {:?}", p.placement, p.index));
            rest += usize::from(p.may_rest());
            let (printed, _) = p.simulate();
            a_oob += usize::from(printed.contains(&1));
            b_oob += usize::from(printed.contains(&2));
            fine += usize::from(printed.is_empty());
        }
        assert!(placements.len() >= 16, "{placements:?}");
        assert!(rest > 400 && a_oob > 400 && b_oob > 400 && fine > 400, "{rest} {a_oob} {b_oob} {fine}");
    }

    /// Where B may rest on A, B never leaves its buffer in the simulation:
    /// a proof resting on A is never contradicted by the oracle itself.
    #[test]
    fn resting_accesses_stay_in_bounds() {
        for id in 0..4000 {
            let mut rng = Rng::new(id);
            let p = generate_case(id, &mut rng);
            if p.may_rest() {
                assert!(!p.simulate().0.contains(&2), "{p:?}");
            }
        }
    }
}
