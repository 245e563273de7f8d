//! Masked vector accesses, for bounds proofs: `vector.maskedload`/
//! `maskedstore`/`expandload`/`compressstore` and masked
//! `vector.transfer_read`/`transfer_write` whose mask is a
//! `vector.create_mask` of the remaining width, with near misses one lane
//! too many.
//!
//! A program ([`MaskCase`], a pure function of the seed, one seed in four)
//! is a 64-bit or 32-bit module whose function holds one to three loops
//! `scf.for %j = lb to dim(%A) step s` over `%A` of `n` elements, each with
//! one access of a `vector<V x i32>` at `%x = %j + off` under the mask
//! `vector.create_mask (dim(%A) - %j - k + delta)` (`%A`'s size loaded
//! from memory, so that only its `dim` bounds the accesses), `V` in {4, 8}, `s` in
//! {1, V/2, V}, `off` and `k` in {0, 1}, `delta` in {-1, 0, 0, 1}: the
//! last active lane is at most `%x + b - 1 = dim - 1 + off - k + delta`,
//! so the lanes fit when `delta <= k - off`; otherwise the tail may have
//! one or two lanes too many. The guard (`super::single`'s idea,
//! written here for a footprint) computes the active count
//! `clamp(b, 0, V)` and runs the access only when it is 0 or `0 <= %x` and
//! `%x + count <= %lim`, `%lim` the size loaded from memory (loom derives
//! nothing from it); otherwise it prints the access id.
//!
//! **Check** (exact simulation; the values are small, so no arithmetic
//! wraps and no mask bound is truncated): the ids the run prints must be
//! the simulated ones; an access the report proves that some iteration
//! takes out of bounds is a wrong proof; a claim `loom-check-claims` sees
//! violated is a failure (the run goes through it).
//!
//! Invariant: every access carries a distinct id `1..=loops.len()`.

use std::fmt::Write as _;
use std::path::Path;

use crate::rng::Rng;

use super::single::{forged_self_test, function_tail, run_cases, Observed, SingleCase, DECLS};

/// Whether the masked-access shapes run. On by default.
pub static MASK_SHAPES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// The masked access of a loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaskedOp {
    MaskedLoad,
    MaskedStore,
    ExpandLoad,
    CompressStore,
    TransferRead,
    TransferWrite,
}

const OPS: [MaskedOp; 6] = [
    MaskedOp::MaskedLoad,
    MaskedOp::MaskedStore,
    MaskedOp::ExpandLoad,
    MaskedOp::CompressStore,
    MaskedOp::TransferRead,
    MaskedOp::TransferWrite,
];

/// One loop and its masked access.
#[derive(Clone, Copy, Debug)]
pub struct MaskLoop {
    pub op: MaskedOp,
    pub lanes: i64,
    pub lb: i64,
    pub step: i64,
    /// The access is at `%j + off`.
    pub off: i64,
    /// The mask bound is `dim - %j - k + delta`.
    pub k: i64,
    pub delta: i64,
}

/// One masked-access bounds program.
#[derive(Clone, Debug)]
pub struct MaskCase {
    pub id: u64,
    pub iw: u32,
    pub n: u64,
    pub loops: Vec<MaskLoop>,
}

/// The program of seed `id`, or none (three seeds in four).
pub fn generate(id: u64) -> Option<MaskCase> {
    if !MASK_SHAPES.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let mut rng = Rng::new(id.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x3A5C);
    if rng.below(4) != 0 {
        return None;
    }
    Some(generate_case(id, &mut rng))
}

fn generate_case(id: u64, rng: &mut Rng) -> MaskCase {
    let iw = if rng.chance(1, 4) { 32 } else { 64 };
    let n = rng.below(24);
    let count = 1 + rng.below(3) as usize;
    let loops = (0..count)
        .map(|_| {
            let lanes = if rng.chance(1, 2) { 4 } else { 8 };
            let step = match rng.below(3) {
                0 => 1,
                1 => lanes / 2,
                _ => lanes,
            };
            MaskLoop {
                op: OPS[rng.below(OPS.len() as u64) as usize],
                lanes,
                lb: rng.below(2) as i64,
                step,
                off: rng.below(2) as i64,
                k: rng.below(2) as i64,
                delta: [-1, 0, 0, 1][rng.below(4) as usize],
            }
        })
        .collect();
    MaskCase { id, iw, n, loops }
}

impl MaskLoop {
    /// The active count at `%j = j` with `dim = d`: clamp(b, 0, lanes).
    fn count(&self, j: i64, d: i64) -> i64 {
        (d - j - self.k + self.delta).clamp(0, self.lanes)
    }

    /// Whether some iteration's active lanes leave `%A` of `n` elements.
    fn goes_out(&self, n: i64) -> bool {
        (self.lb..n).step_by(self.step as usize).any(|j| {
            let (x, c) = (j + self.off, self.count(j, n));
            c > 0 && (x < 0 || x + c > n)
        })
    }

    /// The access op's text at `%x{id}` under `%mask{id}`.
    fn access(&self, id: usize) -> String {
        let v = self.lanes;
        let (vt, mt) = (format!("vector<{v}xi32>"), format!("vector<{v}xi1>"));
        match self.op {
            MaskedOp::MaskedLoad => {
                format!(
                    "%r{id} = vector.maskedload %A[%x{id}], %mask{id}, %pt{id} : memref<?xi32>, {mt}, {vt} into {vt}"
                )
            }
            MaskedOp::MaskedStore => {
                format!("vector.maskedstore %A[%x{id}], %mask{id}, %pt{id} : memref<?xi32>, {mt}, {vt}")
            }
            MaskedOp::ExpandLoad => {
                format!(
                    "%r{id} = vector.expandload %A[%x{id}], %mask{id}, %pt{id} : memref<?xi32>, {mt}, {vt} into {vt}"
                )
            }
            MaskedOp::CompressStore => {
                format!("vector.compressstore %A[%x{id}], %mask{id}, %pt{id} : memref<?xi32>, {mt}, {vt}")
            }
            MaskedOp::TransferRead => {
                format!("%r{id} = vector.transfer_read %A[%x{id}], %v, %mask{id} : memref<?xi32>, {vt}")
            }
            MaskedOp::TransferWrite => {
                format!("vector.transfer_write %pt{id}, %A[%x{id}], %mask{id} : {vt}, memref<?xi32>")
            }
        }
    }
}

impl MaskCase {
    /// The ids the guards print, in order (each loop's, per iteration).
    pub fn simulate(&self) -> Vec<u64> {
        let n = self.n as i64;
        let mut out = Vec::new();
        for (k, l) in self.loops.iter().enumerate() {
            for j in (l.lb..n).step_by(l.step as usize) {
                let (x, c) = (j + l.off, l.count(j, n));
                if c > 0 && (x < 0 || x + c > n) {
                    out.push(k as u64 + 1);
                }
            }
        }
        out
    }
}

impl SingleCase for MaskCase {
    fn name(&self) -> String {
        format!("mask{}", self.id)
    }

    fn accesses(&self) -> usize {
        self.loops.len()
    }

    /// What is wrong given what loom said and the run did.
    fn verdicts(&self, seen: &Observed) -> Vec<String> {
        let mut out = Vec::new();
        let want = self.simulate();
        if seen.printed != want {
            out.push(format!("{}: printed {:?}, simulated {want:?}", self.name(), seen.printed));
        }
        for (k, l) in self.loops.iter().enumerate() {
            let id = k + 1;
            if seen.proven.get(&id) == Some(&true) && (seen.oob.contains(&id) || l.goes_out(self.n as i64)) {
                out.push(format!("{}: wrong proof: access {id} ({l:?}) went out of bounds", self.name()));
            }
        }
        out
    }

    /// The program's MLIR text (functions, no module).
    fn program(&self) -> String {
        let name = self.name();
        let mut s = DECLS.to_string();
        let _ = write!(
            s,
            "func.func @{name}() {{\n  %c0 = arith.constant 0 : index\n  %n = arith.constant {} : index\n  \
             %c1 = arith.constant 1 : index\n  %L = memref.alloc() : memref<2xindex>\n  \
             memref.store %n, %L[%c0] : memref<2xindex>\n  %lim = memref.load %L[%c0] : memref<2xindex>\n  \
             memref.store %n, %L[%c1] : memref<2xindex>\n  %size = memref.load %L[%c1] : memref<2xindex>\n  \
             %A = memref.alloc(%size) : memref<?xi32>\n  \
             %v = arith.constant 7 : i32\n  %d = memref.dim %A, %c0 : memref<?xi32>\n",
            self.n
        );
        for (k, l) in self.loops.iter().enumerate() {
            let id = k + 1;
            let v = l.lanes;
            for (what, x) in [("lb", l.lb), ("s", l.step), ("off", l.off), ("k", l.k), ("dl", l.delta), ("V", v)] {
                let _ = writeln!(s, "  %{what}{id} = arith.constant {x} : index");
            }
            let _ = writeln!(s, "  %pt{id} = arith.constant dense<{id}> : vector<{v}xi32>");
            let _ = writeln!(s, "  scf.for %j{id} = %lb{id} to %d step %s{id} {{");
            let _ = writeln!(s, "    %rem{id} = arith.subi %d, %j{id} : index");
            let _ = writeln!(s, "    %rk{id} = arith.subi %rem{id}, %k{id} : index");
            let _ = writeln!(s, "    %b{id} = arith.addi %rk{id}, %dl{id} : index");
            let _ = writeln!(s, "    %mask{id} = vector.create_mask %b{id} : vector<{v}xi1>");
            let _ = writeln!(s, "    %x{id} = arith.addi %j{id}, %off{id} : index");
            // The guard: the active count is 0, or its lanes fit in %lim.
            let _ = writeln!(s, "    %pos{id} = arith.maxsi %b{id}, %c0 : index");
            let _ = writeln!(s, "    %cnt{id} = arith.minsi %pos{id}, %V{id} : index");
            let _ = writeln!(s, "    %end{id} = arith.addi %x{id}, %cnt{id} : index");
            let _ = writeln!(s, "    %none{id} = arith.cmpi eq, %cnt{id}, %c0 : index");
            let _ = writeln!(s, "    %lo{id} = arith.cmpi sge, %x{id}, %c0 : index");
            let _ = writeln!(s, "    %hi{id} = arith.cmpi sle, %end{id}, %lim : index");
            let _ = writeln!(s, "    %in{id} = arith.andi %lo{id}, %hi{id} : i1");
            let _ = writeln!(s, "    %ok{id} = arith.ori %none{id}, %in{id} : i1");
            let _ = writeln!(s, "    scf.if %ok{id} {{");
            let _ = writeln!(s, "      {} loc(\"{name}\":{id}:1)", l.access(id));
            let _ = writeln!(s, "    }} else {{");
            let _ = writeln!(s, "      %id{id} = arith.constant {id} : i64");
            let _ = writeln!(s, "      func.call @printI64(%id{id}) : (i64) -> ()");
            let _ = writeln!(s, "      func.call @printNewline() : () -> ()");
            let _ = writeln!(s, "    }}");
            let _ = writeln!(s, "  }}");
        }
        s.push_str(function_tail());
        let _ = write!(s, "func.func @main() {{\n  func.call @{name}() : () -> ()\n  return\n}}\n");
        s
    }

    fn index_width(&self) -> u32 {
        self.iw
    }
}

/// Counts of the masked-access programs.
#[derive(Default, Debug)]
pub struct MaskTally {
    pub programs: u64,
    pub at32: u64,
    pub accesses: u64,
    pub proven: u64,
    /// Accesses some iteration takes out of bounds (simulated).
    pub oob: u64,
    /// Accesses in bounds in every iteration (simulated) but not proven.
    pub safe_unproven: u64,
    pub wrong: u64,
    pub failures: Vec<String>,
}

impl MaskTally {
    pub fn summary(&self) -> String {
        format!(
            "bounds-fuzz: masked-access shapes: {} programs ({} at 32 bits), {} accesses: {} proven, {} out of bounds in some iteration, {} in bounds but unproven; {} wrong claims or mismatches",
            self.programs, self.at32, self.accesses, self.proven, self.oob, self.safe_unproven, self.wrong
        )
    }
}

/// Runs the masked-access programs of `seeds`.
pub fn run(loom_opt: &Path, dir: &Path, seeds: std::ops::Range<u64>, tally: &mut MaskTally) -> Result<(), String> {
    let cases = seeds.filter_map(generate).inspect(|case| {
        tally.programs += 1;
        tally.at32 += u64::from(case.iw == 32);
    });
    let (mut accesses, mut proven, mut oob, mut safe_unproven) = (0, 0, 0, 0);
    tally.wrong += run_cases(loom_opt, dir, cases, &mut tally.failures, |case, seen| {
        for (k, l) in case.loops.iter().enumerate() {
            let is_proven = seen.proven.get(&(k + 1)) == Some(&true);
            let out = l.goes_out(case.n as i64);
            accesses += 1;
            proven += u64::from(is_proven);
            oob += u64::from(out);
            safe_unproven += u64::from(!is_proven && !out);
        }
    })?;
    tally.accesses += accesses;
    tally.proven += proven;
    tally.oob += oob;
    tally.safe_unproven += safe_unproven;
    Ok(())
}

/// The self-test: the generated programs of `seeds` with an access some
/// run takes out of bounds, checked with a report forged to prove every
/// access (each must be flagged). A summary line, and whether it held.
pub fn self_test(loom_opt: &Path, dir: &Path, seeds: std::ops::Range<u64>) -> Result<(String, bool), String> {
    let (planted, caught) = forged_self_test(loom_opt, dir, seeds.filter_map(generate))?;
    Ok((
        format!(
            "masked-access bounds self-test: {planted} forged proofs of accesses run out of bounds, {caught} caught"
        ),
        planted > 0 && caught == planted,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Near misses are generated: some loops go out of bounds, some do not,
    /// and a loop whose bound fits (`delta <= k - off`) never goes out.
    #[test]
    fn generated_loops_include_fits_and_near_misses() {
        let (mut out, mut fits) = (0, 0);
        for id in 0..2000 {
            let mut rng = Rng::new(id);
            let case = generate_case(id, &mut rng);
            for l in &case.loops {
                let n = case.n as i64;
                if l.delta <= l.k - l.off {
                    assert!(!l.goes_out(n), "{l:?} of n = {n}");
                    fits += 1;
                } else {
                    out += u64::from(l.goes_out(n));
                }
            }
        }
        assert!(out > 100 && fits > 100, "{out} near misses out, {fits} fitting");
    }
}
