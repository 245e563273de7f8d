//! Attribute constants beyond a 32-bit index: loops of a 32-bit module
//! whose `affine.for` step or static bound, affine map constant,
//! coefficient, divisor or modulus (in a bound map), or `affine.parallel` /
//! `scf.forall` step is 2^31 or more (`K * 2^32 + s` with `K` in 1..=3,
//! `-2^32 + c`, or a value in `[2^31, 2^32)`, negative at 32 bits).
//!
//! A program ([`WideProgram`], a pure function of the seed, one seed in
//! 24, from a random stream of its own so that the other shapes of a seed
//! do not change; off with `--without-wide-const-shapes`,
//! [`WIDE_CONST_SHAPES`]) is a function `@wc<seed>(%a: index, %b: index,
//! %rec: memref<?xi64>)` in a module whose `index` is 32 bits wide,
//! holding two or three sibling loops, each of one [`WideKind`] and bounded
//! by the arguments (valid affine symbols) and constants. A third of the
//! loops are near misses: the same loop with the constant replaced by the
//! value the 32-bit lowering reads it as (`K * 2^32 + s` becomes `s`), so
//! loom may state facts about them. Every body counts its executions, the
//! signed minimum and maximum of its induction variable (read through
//! `arith.index_cast` to `i32` and `arith.extsi`, which no folder can
//! evaluate at 64 bits) and how often `%i < %u` held, where `%u` is the
//! loop's upper bound recomputed by an `affine.apply` of the same map
//! before the loop (a comparison loom may fold). Half the programs reach
//! `loom-report` and the execution through `lower-affine` (then each
//! constant is an `arith.constant` of `index` type).
//!
//! **Check: by execution, not by simulation.** What the lowered 32-bit
//! program computes is not modelled: lower-affine materialises each
//! constant as an index constant that the LLVM lowering truncates, but
//! upstream folders may first fold constant expressions with the 64-bit
//! value, so either reading may be what runs. The truth is the run itself:
//! `@main` calls the function with three argument sets (`%a`, `%b` small)
//! through `loom-check-claims` + `loom-lower-to-llvm` + `mlir-translate` +
//! `lli` at 32 bits, where every claim loom makes (counts, counter ranges,
//! folds, per-call totals) is checked at run time: a violated claim is a
//! contradiction. Beside that, every claim of the report about each loop
//! is compared with what its run recorded: an `exact` body count (and the
//! dimension's, for a parallel loop) must equal the executed count, a
//! condition count (`scf`/`affine.for`) the count plus one, `entries` 1, an
//! `at_most` bound must be at least the count, a body range must contain
//! every value the body saw. So nothing exact rests on a constant beyond
//! the width unless it is what the 32-bit execution did; the summary
//! counts the exact claims on such loops beside those on near misses. And
//! on every loop, of every kind, wrong claims forged from its runs (an
//! exact count one too many, a body range one short of the largest value)
//! must be flagged by the same check ([`forge`]), so that it cannot pass
//! because a kind's records say nothing. Nothing here is an access: the
//! bounds fuzzer's width programs check proofs of accesses on such
//! constants; folds (`%i < %u`) are checked at run time.
//!
//! Invariants: every step is positive at 32 bits (`K * 2^32 + s`, `s` in
//! 1..=3); every bound reads at 32 bits as a small value or as a negative
//! one (an empty loop), never a large positive one, so each loop runs at
//! most a few dozen iterations at 32 bits whichever reading runs (a 64-bit
//! reading of a large bound would never reach the execution: the lowered
//! induction variable is 32 bits wide).

use std::fmt::Write as _;
use std::path::Path;

use crate::expr::{ArgValue, Env, EvalError};
use crate::rng::Rng;
use crate::tools::{lower_and_run_to_end, run_tool, with_index32, Ending, Tools};

use super::claims::{Claim, LoopClaims};
use super::harness::CLAIM_VIOLATED;
use super::json::Json;
use super::tally::SymTally;

/// Whether the symbolic fuzzer adds the wide-constant programs. On by
/// default; `loom-facts-fuzz --symbolic --without-wide-const-shapes` turns
/// it off.
pub static WIDE_CONST_SHAPES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// Where a loop's wide constant sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WideKind {
    Step,
    StaticBound,
    MapConstant,
    Coefficient,
    Divisor,
    Modulus,
    ParallelStep,
    ForallStep,
}

impl WideKind {
    pub const ALL: [WideKind; 8] = [
        WideKind::Step,
        WideKind::StaticBound,
        WideKind::MapConstant,
        WideKind::Coefficient,
        WideKind::Divisor,
        WideKind::Modulus,
        WideKind::ParallelStep,
        WideKind::ForallStep,
    ];
    pub fn name(self) -> &'static str {
        match self {
            WideKind::Step => "affine.for step",
            WideKind::StaticBound => "static bound",
            WideKind::MapConstant => "map constant",
            WideKind::Coefficient => "coefficient",
            WideKind::Divisor => "divisor",
            WideKind::Modulus => "modulus",
            WideKind::ParallelStep => "affine.parallel step",
            WideKind::ForallStep => "scf.forall step",
        }
    }
    fn index(self) -> usize {
        WideKind::ALL.iter().position(|k| *k == self).expect("listed")
    }
    /// Whether the loop is a parallel op (no condition count, one `dims`).
    fn parallel(self) -> bool {
        matches!(self, WideKind::ParallelStep | WideKind::ForallStep)
    }
}

/// One loop: its head (`affine.for %iN = ... {`, ...), the op that
/// computes its upper bound `%u` before it (`affine.apply` or `affine.min`
/// of the bound's map), and whether its constant is a near miss (fits 32
/// bits).
#[derive(Clone, Debug)]
pub struct WideLoop {
    pub kind: WideKind,
    pub head: String,
    pub ub_op: String,
    pub fits: bool,
}

/// One wide-constant program.
#[derive(Clone, Debug)]
pub struct WideProgram {
    pub id: u64,
    pub loops: Vec<WideLoop>,
    /// The argument sets `(%a, %b)`.
    pub sets: Vec<(i64, i64)>,
    pub lower_affine: bool,
}

/// Record slots per loop: body count, min and max of the induction
/// variable, bodies in which `%i < %u` held.
const SLOTS: usize = 4;
const TWO32: i64 = 1 << 32;

/// The program of seed `id`, or none (23 seeds in 24, or the shape
/// switched off).
pub fn generate(id: u64) -> Option<WideProgram> {
    if !WIDE_CONST_SHAPES.load(std::sync::atomic::Ordering::Relaxed) {
        return None;
    }
    let mut rng = Rng::new(id.wrapping_mul(0xC2B2_AE3D_27D4_EB4F) ^ 0x31DE);
    if rng.below(24) != 0 {
        return None;
    }
    Some(generate_program(id, &mut rng))
}

/// `K * 2^32 + s` (`K` in 1..=3, or -1 when `negative` allows), or `s`
/// itself for a near miss.
fn wide(rng: &mut Rng, s: i64, negative: bool, fits: bool) -> i64 {
    if fits {
        return s;
    }
    let k = if negative && rng.chance(1, 3) { -1 } else { 1 + rng.below(3) as i64 };
    k * TWO32 + s
}

/// `x + c` in affine syntax.
fn plus(x: &str, c: i64) -> String {
    match c {
        0 => x.to_string(),
        c if c < 0 => format!("{x} - {}", -c),
        c => format!("{x} + {c}"),
    }
}

/// A small constant or an argument, as an affine.for bound operand and as
/// an expression of an `affine.parallel` bound.
fn small_or_arg(rng: &mut Rng, arg: &str, lo: i64, hi: i64) -> (String, String) {
    if rng.chance(1, 2) {
        (format!("%{arg}"), format!("symbol(%{arg})"))
    } else {
        let c = rng.range_i64(lo, hi);
        (c.to_string(), c.to_string())
    }
}

fn generate_loop(rng: &mut Rng, j: usize) -> WideLoop {
    let kind = WideKind::ALL[rng.below(WideKind::ALL.len() as u64) as usize];
    let fits = rng.chance(1, 3);
    let iv = format!("%i{j}");
    // The loop's head, its upper bound's map over the symbol `s0` (`%b`)
    // and that map's operands.
    let (head, ub_map, ub_operands) = match kind {
        WideKind::Step => {
            let s = 1 + rng.below(3) as i64;
            let step = wide(rng, s, false, fits);
            let (lb, _) = small_or_arg(rng, "a", -3, 3);
            let (ub, _) = small_or_arg(rng, "b", 0, 20);
            let map = if ub == "%b" { "()[s0] -> (s0)".to_string() } else { format!("() -> ({ub})") };
            let ops = if ub == "%b" { "()[%b]" } else { "()" };
            (format!("affine.for {iv} = {lb} to {ub} step {step} {{"), map, ops.to_string())
        }
        WideKind::StaticBound => {
            let (a, b) = (rng.range_i64(-2, 3), rng.range_i64(0, 16));
            let k = 1 + rng.below(3) as i64;
            let (lb, ub) = match (rng.below(5), fits) {
                (_, true) => (a.to_string(), b.to_string()),
                (0, _) => ((k * TWO32 + a).to_string(), (k * TWO32 + b).to_string()),
                // Empty at 64 bits, `a to b` at 32.
                (1, _) => ((TWO32 + a).to_string(), b.to_string()),
                (2, _) => ("%a".to_string(), (k * TWO32 + b).to_string()),
                (3, _) => (a.to_string(), (k * TWO32 + b).to_string()),
                // Empty at 32 bits.
                _ => (a.to_string(), ((1i64 << 31) + rng.below(1 << 31) as i64).to_string()),
            };
            let ub_map = if ub == "%b" { "()[s0] -> (s0)".to_string() } else { format!("() -> ({ub})") };
            (format!("affine.for {iv} = {lb} to {ub} {{"), ub_map, "()".to_string())
        }
        WideKind::MapConstant => {
            let c = rng.range_i64(-2, 5);
            let k = if fits {
                c
            } else if rng.chance(1, 4) {
                // Negative at 32 bits: the loop is empty there.
                (1i64 << 31) + rng.below(1 << 31) as i64
            } else {
                wide(rng, c, true, false)
            };
            let map = format!("()[s0] -> ({})", plus("s0", k));
            if rng.chance(1, 2) {
                // A `min` with a constant beside it.
                let m = rng.range_i64(4, 20);
                let map2 = format!("()[s0] -> ({}, {m})", plus("s0", k));
                let head = format!("affine.for {iv} = %a to min affine_map<{map2}>()[%b] {{");
                let ub_op = format!("affine.min affine_map<{map2}>()[%b]");
                return WideLoop { kind, head, ub_op, fits };
            } else {
                (format!("affine.for {iv} = 0 to affine_map<{map}>()[%b] {{"), map, "()[%b]".to_string())
            }
        }
        WideKind::Coefficient => {
            let s = 1 + rng.below(2) as i64;
            let k = wide(rng, s, true, fits);
            let c = rng.range_i64(-2, 3);
            let map = format!("()[s0] -> ({})", plus(&format!("s0 * {k}"), c));
            (format!("affine.for {iv} = 0 to affine_map<{map}>()[%b] {{"), map, "()[%b]".to_string())
        }
        WideKind::Divisor | WideKind::Modulus => {
            let s = 2 + rng.below(2) as i64;
            let d = if fits {
                s
            } else if rng.chance(1, 3) {
                // Negative at 32 bits.
                (1i64 << 31) + rng.below(1 << 31) as i64
            } else {
                wide(rng, s, false, false)
            };
            let e = rng.range_i64(-1, 4);
            let op = if kind == WideKind::Modulus {
                "mod"
            } else if rng.chance(1, 3) {
                "ceildiv"
            } else {
                "floordiv"
            };
            let map = format!("()[s0] -> ({})", plus(&format!("s0 {op} {d}"), e));
            (format!("affine.for {iv} = 0 to affine_map<{map}>()[%b] {{"), map, "()[%b]".to_string())
        }
        WideKind::ParallelStep => {
            let s = 1 + rng.below(3) as i64;
            let step = wide(rng, s, false, fits);
            let (_, lb) = small_or_arg(rng, "a", -3, 3);
            let (_, ub) = small_or_arg(rng, "b", 0, 20);
            let (map, ops) = if ub.starts_with("symbol") {
                ("()[s0] -> (s0)".to_string(), "()[%b]")
            } else {
                (format!("() -> ({ub})"), "()")
            };
            (format!("affine.parallel ({iv}) = ({lb}) to ({ub}) step ({step}) {{"), map, ops.to_string())
        }
        WideKind::ForallStep => {
            let s = 1 + rng.below(3) as i64;
            let step = wide(rng, s, false, fits);
            let (lb, _) = small_or_arg(rng, "a", -3, 3);
            let (ub, _) = small_or_arg(rng, "b", 0, 20);
            let map = if ub == "%b" { "()[s0] -> (s0)".to_string() } else { format!("() -> ({ub})") };
            let ops = if ub == "%b" { "()[%b]" } else { "()" };
            (format!("scf.forall ({iv}) = ({lb}) to ({ub}) step ({step}) {{"), map, ops.to_string())
        }
    };
    WideLoop { kind, head, ub_op: format!("affine.apply affine_map<{ub_map}>{ub_operands}"), fits }
}

fn generate_program(id: u64, rng: &mut Rng) -> WideProgram {
    let loops = (0..2 + rng.below(2) as usize).map(|j| generate_loop(rng, j)).collect();
    let sets = (0..3).map(|_| (rng.range_i64(-4, 6), rng.range_i64(-3, 24))).collect();
    WideProgram { id, loops, sets, lower_affine: rng.chance(1, 2) }
}

impl WideProgram {
    pub fn name(&self) -> String {
        format!("wc{}", self.id)
    }

    fn slots(&self) -> usize {
        SLOTS * self.loops.len()
    }

    /// The function (no module).
    pub fn function(&self) -> String {
        let mut s = format!("func.func @{}(%a: index, %b: index, %rec: memref<?xi64>) {{\n", self.name());
        s.push_str("  %one = arith.constant 1 : i64\n");
        for k in 0..self.slots() {
            let _ = writeln!(s, "  %s{k} = arith.constant {k} : index");
        }
        for (j, l) in self.loops.iter().enumerate() {
            let _ = writeln!(s, "  %u{j} = {}", l.ub_op);
            let _ = writeln!(s, "  {}", l.head);
            let slot = |k: usize| format!("%s{}", SLOTS * j + k);
            let ld = |s: &mut String, name: &str, k: usize| {
                let _ = writeln!(s, "    %{name}{j} = memref.load %rec[{}] : memref<?xi64>", slot(k));
            };
            let st = |s: &mut String, name: &str, k: usize| {
                let _ = writeln!(s, "    memref.store %{name}{j}, %rec[{}] : memref<?xi64>", slot(k));
            };
            ld(&mut s, "n", 0);
            let _ = writeln!(s, "    %n1_{j} = arith.addi %n{j}, %one : i64");
            let _ = writeln!(s, "    memref.store %n1_{j}, %rec[{}] : memref<?xi64>", slot(0));
            let _ = writeln!(s, "    %w{j} = arith.index_cast %i{j} : index to i32");
            let _ = writeln!(s, "    %x{j} = arith.extsi %w{j} : i32 to i64");
            ld(&mut s, "lo", 1);
            let _ = writeln!(s, "    %lo1_{j} = arith.minsi %lo{j}, %x{j} : i64");
            st(&mut s, "lo1_", 1);
            ld(&mut s, "hi", 2);
            let _ = writeln!(s, "    %hi1_{j} = arith.maxsi %hi{j}, %x{j} : i64");
            st(&mut s, "hi1_", 2);
            let _ = writeln!(s, "    %lt{j} = arith.cmpi slt, %i{j}, %u{j} : index");
            let _ = writeln!(s, "    %ltx{j} = arith.extui %lt{j} : i1 to i64");
            ld(&mut s, "c", 3);
            let _ = writeln!(s, "    %c1_{j} = arith.addi %c{j}, %ltx{j} : i64");
            st(&mut s, "c1_", 3);
            s.push_str("  }\n");
        }
        s.push_str("  return\n}\n");
        s
    }
}

/// A 32-bit module of `programs`' functions and a `@main` that calls each
/// with each of its argument sets on a fresh record (count 0, min
/// `i64::MAX`, max `i64::MIN`, `%i < %u` count 0 per loop) and prints the
/// record, one number per line.
fn module(programs: &[&WideProgram]) -> String {
    let mut s = String::from("func.func private @printI64(i64)\nfunc.func private @printNewline()\n");
    for p in programs {
        s.push_str(&p.function());
    }
    s.push_str("func.func @main() {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n");
    s.push_str("  %z = arith.constant 0 : i64\n");
    let _ = writeln!(s, "  %max = arith.constant {} : i64\n  %min = arith.constant {} : i64", i64::MAX, i64::MIN);
    for (x, p) in programs.iter().enumerate() {
        for (k, (a, b)) in p.sets.iter().enumerate() {
            let r = format!("%rec{x}_{k}");
            let _ = writeln!(s, "  %d{x}_{k} = arith.constant {} : index", p.slots());
            let _ = writeln!(s, "  {r} = memref.alloc(%d{x}_{k}) : memref<?xi64>");
            for slot in 0..p.slots() {
                let v = ["%z", "%max", "%min", "%z"][slot % SLOTS];
                let _ = writeln!(s, "  %q{x}_{k}_{slot} = arith.constant {slot} : index");
                let _ = writeln!(s, "  memref.store {v}, {r}[%q{x}_{k}_{slot}] : memref<?xi64>");
            }
            let _ = writeln!(s, "  %a{x}_{k} = arith.constant {a} : index\n  %b{x}_{k} = arith.constant {b} : index");
            let _ = writeln!(
                s,
                "  func.call @{}(%a{x}_{k}, %b{x}_{k}, {r}) : (index, index, memref<?xi64>) -> ()",
                p.name()
            );
            let _ = writeln!(s, "  scf.for %j = %c0 to %d{x}_{k} step %c1 {{\n    %v = memref.load {r}[%j] : memref<?xi64>\n    func.call @printI64(%v) : (i64) -> ()\n    func.call @printNewline() : () -> ()\n  }}");
            let _ = writeln!(s, "  memref.dealloc {r} : memref<?xi64>");
        }
    }
    s.push_str("  return\n}\n");
    with_index32(&s)
}

/// The files of a group of programs: the module as written and the form
/// `loom-report` and the execution see (after `lower-affine` when the
/// programs take that path).
fn prepare(
    tools: &Tools,
    dir: &Path,
    tag: &str,
    programs: &[&WideProgram],
    lower: bool,
) -> Result<std::path::PathBuf, String> {
    let written = dir.join(format!("wide-const-{tag}.mlir"));
    std::fs::write(&written, module(programs)).map_err(|e| format!("write: {e}"))?;
    if !lower {
        return Ok(written);
    }
    let lowered = dir.join(format!("wide-const-{tag}.lower-affine.mlir"));
    run_tool(
        std::process::Command::new(&tools.loom_opt)
            .arg(&written)
            .arg("--pass-pipeline=builtin.module(lower-affine)")
            .arg("-o")
            .arg(&lowered),
        "loom-opt lower-affine",
    )?;
    Ok(lowered)
}

/// Runs `input` with its claims checked (`loom-check-claims{check_opts}`)
/// at 32 bits: the printed numbers, or a violated claim's message; a tool
/// failure is an error.
fn execute(tools: &Tools, input: &Path, check_opts: &str) -> Result<Result<Vec<i64>, String>, String> {
    let lowered = input.with_extension("ll.mlir");
    match lower_and_run_to_end(&tools.loom_opt, &tools.llvm_prefix, input, &lowered, true, check_opts) {
        Ok((out, Ending::Returned)) => Ok(Ok(out.lines().filter_map(|l| l.trim().parse::<i64>().ok()).collect())),
        Ok((out, Ending::Aborted)) => Err(format!("aborted without a violated claim after printing:\n{out}")),
        Err(e) if e.contains(CLAIM_VIOLATED) => Ok(Err(e)),
        Err(e) => Err(e),
    }
}

/// What one loop did in one call: body executions, the induction
/// variable's min and max (when the body ran).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LoopRun {
    pub count: i64,
    pub min: i64,
    pub max: i64,
}

/// What is wrong with `c`, the report's claims about a loop of `kind`,
/// given what the loop did in the calls `runs` (with the arguments `sets`
/// and a record of `rec_len` slots): one message per wrong claim.
pub fn check_loop(kind: WideKind, c: &LoopClaims, sets: &[(i64, i64)], runs: &[LoopRun], rec_len: u64) -> Vec<String> {
    let mut bad: Vec<String> = c.malformed.iter().map(|m| format!("malformed: {m}")).collect();
    let signed = c.signed.unwrap_or(true);
    for (&(a, b), r) in sets.iter().zip(runs) {
        let scalar = |v: i64| ArgValue::Scalar { bits: v as u32 as u128, width: 32 };
        let args = [scalar(a), scalar(b), ArgValue::Buffer { dims: vec![rec_len] }];
        let env = Env { args: &args, signed };
        // A claim too large to evaluate is skipped; one that cannot be
        // evaluated at all is wrong.
        let val = |key: &str, claim: &Claim, bad: &mut Vec<String>| match claim.eval(&env) {
            Ok(v) => Some(v),
            Err(EvalError::Overflow) => None,
            Err(EvalError::Invalid(m)) => {
                bad.push(format!("%a = {a}, %b = {b}: {key} '{}' cannot be evaluated: {m}", claim.text()));
                None
            }
        };
        let n = i128::from(r.count);
        let mut each = |what: &str, claims: &[(String, Claim)], ok: &dyn Fn(i128) -> bool, want: &str| {
            for (key, claim) in claims {
                if let Some(v) = val(key, claim, &mut bad) {
                    if !ok(v) {
                        bad.push(format!("%a = {a}, %b = {b}: {what} {key} '{}' = {v}; executed {want}", claim.text()));
                    }
                }
            }
        };
        let want = format!("{n} bodies");
        match c.status.as_str() {
            "exact" => {
                each("exact", &c.body, &|v| v == n, &want);
                each("exact", &c.total_body, &|v| v == n, &want);
                if !kind.parallel() {
                    each("exact", &c.cond, &|v| v == n + 1, &want);
                    each("exact", &c.total_cond, &|v| v == n + 1, &want);
                }
            }
            "at_most" => {
                each("at_most", &c.body, &|v| v >= n, &want);
                each("at_most", &c.max_body, &|v| v >= n, &want);
            }
            _ => {}
        }
        for d in c.dims.iter().filter(|d| d.status == "exact") {
            each("exact dims", &d.body, &|v| v == n, &want);
        }
        each("entries", &c.entries, &|v| v == 1, "1 entry");
        // The record holds signed values: an unsigned counter's range (no
        // loop here has one) is not compared.
        if r.count > 0 && signed {
            let seen = format!("values {}..={}", r.min, r.max);
            let ranges = c.body_range.iter().chain(c.dims.iter().flat_map(|d| d.body_range.iter()));
            for (key, [lo, hi]) in ranges {
                if let (Some(lo), Some(hi)) = (val(key, lo, &mut bad), val(key, hi, &mut bad)) {
                    if lo > i128::from(r.min) || hi < i128::from(r.max) {
                        bad.push(format!("%a = {a}, %b = {b}: body range {key} [{lo}, {hi}]; executed {seen}"));
                    }
                }
            }
        }
    }
    bad
}

/// Loops by status (`[exact, at_most]`) and by constant (`[wide, near
/// miss]`).
type Statuses = [[u64; 2]; 2];

/// Wrong claims forged about a loop from its runs (an exact count one
/// more than the first run's; a body range one short of a run's largest
/// value), which [`check_loop`] must flag: `[forged, flagged]`.
fn forge(kind: WideKind, sets: &[(i64, i64)], runs: &[LoopRun], rec_len: u64) -> [u64; 2] {
    let num = |v: i64| Claim::Num(v.to_string());
    let mut forged = vec![LoopClaims {
        status: "exact".into(),
        body: vec![("body_count".into(), num(runs[0].count + 1))],
        ..LoopClaims::default()
    }];
    if let Some(r) = runs.iter().find(|r| r.count > 0) {
        forged.push(LoopClaims {
            status: "unknown".into(),
            body_range: vec![("body".into(), [num(r.min), num(r.max - 1)])],
            ..LoopClaims::default()
        });
    }
    let flagged = forged.iter().filter(|c| !check_loop(kind, c, sets, runs, rec_len).is_empty()).count();
    [forged.len() as u64, flagged as u64]
}

/// The report's loops of `p` against the runs `printed` (its records, in
/// call order): the failures; the loops' statuses are added to `statuses`,
/// and the claims [`forge`] makes and those flagged to `forged`.
fn check_program(
    p: &WideProgram,
    loops: &[&Json],
    printed: &[i64],
    statuses: &mut Statuses,
    forged: &mut [u64; 2],
) -> Vec<String> {
    if loops.len() != p.loops.len() {
        return vec![format!(
            "{}: the report lists {} loops, the program has {}",
            p.name(),
            loops.len(),
            p.loops.len()
        )];
    }
    let mut bad = Vec::new();
    for (j, (l, json)) in p.loops.iter().zip(loops).enumerate() {
        let runs: Vec<LoopRun> = (0..p.sets.len())
            .map(|k| {
                let at = k * p.slots() + SLOTS * j;
                LoopRun { count: printed[at], min: printed[at + 1], max: printed[at + 2] }
            })
            .collect();
        let [made, flagged] = forge(l.kind, &p.sets, &runs, p.slots() as u64);
        forged[0] += made;
        forged[1] += flagged;
        if flagged < made {
            bad.push(format!("{}: loop {j}: the checker missed a wrong claim forged from its runs", p.name()));
        }
        let claims = LoopClaims::from_json(json);
        match claims.status.as_str() {
            "exact" => statuses[0][l.fits as usize] += 1,
            "at_most" => statuses[1][l.fits as usize] += 1,
            _ => {}
        }
        for why in check_loop(l.kind, &claims, &p.sets, &runs, p.slots() as u64) {
            bad.push(format!("{}: loop {j} `{}` ({}): {why}", p.name(), l.head, l.kind.name()));
        }
    }
    bad
}

/// Runs the wide-constant programs of `ids` (see [`generate`]) and records
/// them in `tally`: a violated claim or a claim the runs contradict is a
/// failure; a tool failure is an error. The programs of each path (with or
/// without `lower-affine`) are reported and run together; a violated claim
/// reruns each alone to name it.
pub fn run_wide_consts(tools: &Tools, dir: &Path, ids: &[u64], tally: &mut SymTally) -> Result<(), String> {
    let programs: Vec<WideProgram> = ids.iter().filter_map(|&id| generate(id)).collect();
    for lower in [false, true] {
        let group: Vec<&WideProgram> = programs.iter().filter(|p| p.lower_affine == lower).collect();
        let Some(first) = group.first() else { continue };
        for p in &group {
            tally.wide_programs += 1;
            tally.wide_lower_affine += lower as u64;
            for l in &p.loops {
                tally.wide_kinds[l.kind.index()] += 1;
                tally.wide_near_misses += l.fits as u64;
            }
            tally.wide_runs += p.sets.len() as u64;
        }
        let tag = format!("{}{}", first.id, if lower { "-l" } else { "" });
        let input = prepare(tools, dir, &tag, &group, lower)?;
        let repro = |t: &str| format!("  reproducer: {}", dir.join(format!("wide-const-{t}.mlir")).display());
        let printed = match execute(tools, &input, "")? {
            Ok(printed) => printed,
            Err(group_error) => {
                let mut alone = false;
                for p in &group {
                    let t = format!("{}{}", p.id, if lower { "-l" } else { "" });
                    let one = prepare(tools, dir, &t, &[p], lower)?;
                    if let Err(e) = execute(tools, &one, "")? {
                        alone = true;
                        tally.claims_violated += 1;
                        tally.failures.push(format!("wide-constant program {}: {e}", p.name()));
                        tally.failures.push(repro(&t));
                    }
                }
                // A violation that no program repeats alone is still one.
                if !alone {
                    tally.claims_violated += 1;
                    tally.failures.push(format!("wide-constant group {tag}, by no program alone: {group_error}"));
                    tally.failures.push(repro(&tag));
                }
                continue;
            }
        };
        let text = crate::tools::loom_report(&tools.loom_opt, &input, &dir.join(format!("wide-const-{tag}.json")))?;
        let json = Json::parse(&text)?;
        let all = json.get("loops").and_then(Json::as_arr).ok_or("the report has no loops list")?;
        let mut at = 0;
        for p in &group {
            let want = p.sets.len() * p.slots();
            let Some(rec) = printed.get(at..at + want) else {
                return Err(format!(
                    "wide-constant programs at {tag}: printed {} numbers, fewer than the records",
                    printed.len()
                ));
            };
            at += want;
            let name = p.name();
            let loops: Vec<&Json> =
                all.iter().filter(|l| l.get("function").and_then(Json::as_str) == Some(name.as_str())).collect();
            let bad = check_program(p, &loops, rec, &mut tally.wide_statuses, &mut tally.wide_forged);
            if !bad.is_empty() {
                tally.failures.extend(bad);
                tally.failures.push(repro(&tag));
            }
        }
    }
    Ok(())
}

/// The wide-constant check on a hand-made program: `affine.for %i0 = 0 to
/// 6 step 4294967297` (6 bodies at 32 bits, 1 by the 64-bit step) beside
/// its near miss `step 1`, called with `%a = 0, %b = 6`. Its run must be
/// clean and the report's claims must agree with it; forged claims (the
/// 64-bit reading, exact 1, on the first loop; a body range ending one
/// short of the last value on the second) must both be flagged; and a
/// wrong count planted (`loom-check-claims{plant=count}`) must stop the
/// run. A summary line, and whether all of it held.
pub fn self_test(tools: &Tools, dir: &Path) -> Result<(String, bool), String> {
    let loop_ = |j: usize, step: i64, fits| WideLoop {
        kind: WideKind::Step,
        head: format!("affine.for %i{j} = 0 to 6 step {step} {{"),
        ub_op: "affine.apply affine_map<() -> (6)>()".into(),
        fits,
    };
    let p = WideProgram {
        id: 1_000_301,
        loops: vec![loop_(0, TWO32 + 1, false), loop_(1, 1, true)],
        sets: vec![(0, 6)],
        lower_affine: false,
    };
    let input = prepare(tools, dir, "self-test", &[&p], false)?;
    let printed = match execute(tools, &input, "")? {
        Ok(printed) => printed,
        Err(e) => return Ok((format!("wide-constant self-test: the hand-made program violated a claim: {e}"), false)),
    };
    let text = crate::tools::loom_report(&tools.loom_opt, &input, &dir.join("wide-const-self-test.json"))?;
    let json = Json::parse(&text)?;
    let loops: Vec<&Json> = json
        .get("loops")
        .and_then(Json::as_arr)
        .unwrap_or(&[])
        .iter()
        .filter(|l| l.get("function").and_then(Json::as_str) == Some("wc1000301"))
        .collect();
    let ran = printed.get(..p.slots()).map(|r| (r[0], r[SLOTS])) == Some((6, 6));
    let clean = ran && check_program(&p, &loops, &printed, &mut Statuses::default(), &mut [0; 2]).is_empty();
    let run = |count, min, max| vec![LoopRun { count, min, max }];
    let exact_one = LoopClaims {
        status: "exact".into(),
        body: vec![("body_count".into(), Claim::Num("1".into()))],
        ..LoopClaims::default()
    };
    let short = LoopClaims {
        status: "exact".into(),
        body_range: vec![("body".into(), [Claim::Num("0".into()), Claim::Num("4".into())])],
        ..LoopClaims::default()
    };
    let forged = [
        check_loop(WideKind::Step, &exact_one, &p.sets, &run(6, 0, 5), 8).len(),
        check_loop(WideKind::Step, &short, &p.sets, &run(6, 0, 5), 8).len(),
    ];
    let caught = forged.iter().filter(|&&n| n > 0).count();
    let plant = matches!(execute(tools, &input, "plant=count")?, Err(e) if e.contains(CLAIM_VIOLATED));
    let yes = |b: bool| if b { "yes" } else { "NO" };
    let ok = clean && caught == forged.len() && plant;
    Ok((
        format!(
            "symbolic wide-constant self-test: hand-made step 4294967297 program ran 6 bodies and agrees with its report: {}; {} forged claims, {caught} caught; a wrong count planted caught: {}",
            yes(clean),
            forged.len(),
            yes(plant)
        ),
        ok,
    ))
}

/// The wide-constant program of a seed as text, for `--print`.
pub fn describe(seed: u64) -> Option<String> {
    let p = generate(seed)?;
    Some(format!(
        "// wide-constant program, in a 32-bit module{}; argument sets (%a, %b): {:?}\n{}",
        if p.lower_affine { "; loom-report and the execution see it after lower-affine" } else { "" },
        p.sets,
        module(&[&p])
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Claims against recorded runs: a right exact count, condition count
    /// and range pass; the 64-bit reading, a short at_most bound and a
    /// range that misses a value are flagged; expressions read the
    /// arguments at 32 bits.
    #[test]
    fn checks_claims_against_runs() {
        let num = |n: &str| Claim::Num(n.into());
        let sets = [(0, 6), (-1, 3)];
        let runs = [LoopRun { count: 6, min: 0, max: 5 }, LoopRun { count: 3, min: 0, max: 2 }];
        let right = LoopClaims {
            status: "exact".into(),
            signed: Some(true),
            body: vec![("body_count_expr".into(), Claim::Expr("max(0, %arg1)".into()))],
            cond: vec![("condition_count_expr".into(), Claim::Expr("max(0, %arg1) + 1".into()))],
            body_range: vec![("body_expr".into(), [num("0"), Claim::Expr("%arg1 - 1".into())])],
            ..LoopClaims::default()
        };
        assert!(check_loop(WideKind::Step, &right, &sets, &runs, 8).is_empty());
        let wide_reading = LoopClaims { body: vec![("body_count".into(), num("1"))], ..right.clone() };
        assert_eq!(check_loop(WideKind::Step, &wide_reading, &sets, &runs, 8).len(), 2);
        let short = LoopClaims {
            status: "at_most".into(),
            body: vec![("body_count".into(), num("5"))],
            cond: vec![],
            ..right.clone()
        };
        assert_eq!(check_loop(WideKind::Step, &short, &sets, &runs, 8).len(), 1);
        let narrow = LoopClaims { body_range: vec![("body".into(), [num("1"), num("5")])], ..right.clone() };
        assert_eq!(check_loop(WideKind::Step, &narrow, &sets, &runs, 8).len(), 2);
        // A parallel loop has no condition count: none is compared.
        let par = LoopClaims { cond: vec![("condition_count".into(), num("0"))], ..right };
        assert!(check_loop(WideKind::ForallStep, &par, &sets, &runs, 8).is_empty());
    }

    /// Every step is positive at 32 bits and every bound constant reads
    /// at 32 bits as a small value or a negative one.
    #[test]
    fn constants_read_small_or_negative_at_32_bits() {
        for id in 0..3000 {
            let p = generate_program(id, &mut Rng::new(id));
            for l in &p.loops {
                let nums =
                    l.head.split(|c: char| !(c.is_ascii_digit() || c == '-')).filter_map(|t| t.parse::<i64>().ok());
                for v in nums {
                    assert!((v as i32) < 64, "{l:?}");
                }
                if let Some(step) = l.head.split("step ").nth(1) {
                    let s: i64 = step
                        .trim_start_matches('(')
                        .split(|c: char| !c.is_ascii_digit())
                        .next()
                        .unwrap()
                        .parse()
                        .unwrap();
                    assert!((s as i32) > 0, "{l:?}");
                }
            }
        }
    }
}
