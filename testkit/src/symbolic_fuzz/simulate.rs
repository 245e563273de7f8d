//! The symbolic fuzzer's simulator: what a case does with one argument
//! set, counted in the record the instrumented function also fills.
//!
//! Arithmetic is `w`-bit wrapping; `nsw`/`nuw` overflow is poison, and a
//! loop bound that is poison, an `scf.for`/`loom.for` induction variable
//! that overflows, or a parallel dimension with a non-positive step or an
//! overflowing final value makes the run undefined. A run stops at the
//! fuel ([`super::FUEL`] body executions per loop entry,
//! [`super::TOTAL_FUEL`] per call) with what it recorded so far. Invariant:
//! for every run that ends within the fuel, the record equals the one
//! execution of the instrumented function produces (the harness executes
//! every such run of a case outside the nested 32-bit module and compares).

use crate::expr::ArgValue;
use crate::int::{in_order, mask, to_signed};

use super::model::{ArithOp, Flags, LoopDesc, MinMaxOp, Shape, SymCase, Val};
use super::{slot, FUEL, TOTAL_FUEL};

/// How a simulated run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Ended within the fuel.
    Complete,
    /// Stopped when a loop entry or the call exceeded the fuel; the record
    /// holds what happened until then.
    OutOfFuel,
    /// Undefined behaviour (a poison bound, an induction variable overflow).
    Undefined(String),
}

/// A run: its outcome, its record, and which loops were in an unfinished
/// entry when it stopped.
#[derive(Clone, Debug)]
pub struct Run {
    pub outcome: Outcome,
    pub record: Vec<u64>,
    pub in_progress: Vec<bool>,
}

/// The record before the call: counts 0, min slots at their maximum.
pub fn initial_record(loops: usize) -> Vec<u64> {
    let mut r = vec![0u64; slot::PER_LOOP * loops];
    for l in 0..loops {
        let b = slot::PER_LOOP * l;
        r[b + slot::EC_MIN] = u64::MAX;
        r[b + slot::EB_MIN] = u64::MAX;
        for s in slot::STATS {
            r[b + s] = i64::MAX as u64;
            r[b + s + 1] = i64::MIN as u64;
            r[b + s + 2] = u64::MAX;
            r[b + s + 3] = 0;
        }
    }
    r
}

enum Stop {
    Fuel,
    Ub(String),
}

/// An scf.for/loom.for in an unfinished entry.
#[derive(Clone, Copy)]
struct Frame {
    iv: u128,
    ub: u128,
    step: u128,
    signed: bool,
    brk: Option<u128>,
}

struct Sim<'a> {
    case: &'a SymCase,
    args: &'a [ArgValue],
    fuel: u64,
    total_fuel: u64,
    rec: Vec<u64>,
    counters: Vec<u128>,
    in_progress: Vec<bool>,
    frames: Vec<Option<Frame>>,
    total: u64,
}

/// The signed min and max slots at `at` of a group, with `lo` and `hi`
/// (a parallel dimension's groups keep only these: its counter is signed).
fn observe2(r: &mut [u64], at: usize, lo: i64, hi: i64) {
    r[at] = (r[at] as i64).min(lo) as u64;
    r[at + 1] = (r[at + 1] as i64).max(hi) as u64;
}

fn observe4(r: &mut [u64], at: usize, s: u64, u: u64) {
    observe2(r, at, s as i64, s as i64);
    r[at + 2] = r[at + 2].min(u);
    r[at + 3] = r[at + 3].max(u);
}

impl Sim<'_> {
    fn w(&self) -> u32 {
        self.case.ty.width
    }
    fn scalar(&self, n: usize) -> (u128, u32) {
        match &self.args[n] {
            ArgValue::Scalar { bits, width } => (*bits, *width),
            ArgValue::Buffer { .. } => panic!("argument {n} of case {} is not a scalar", self.case.id),
        }
    }
    /// The value's bits, or why it is poison.
    fn val(&self, v: &Val) -> Result<u128, String> {
        let w = self.w();
        let m = mask(w);
        Ok(match v {
            Val::Arg(n) => self.scalar(*n).0 & m,
            Val::Cast { arg, signed } => {
                let (bits, k) = self.scalar(*arg);
                if *signed {
                    to_signed(bits, k) as u128 & m
                } else {
                    bits & mask(k)
                }
            }
            Val::Dim { arg, k } => match &self.args[*arg] {
                ArgValue::Buffer { dims } => dims[*k] as u128 & m,
                ArgValue::Scalar { .. } => panic!("dim of a scalar in case {}", self.case.id),
            },
            Val::Const(c) => *c & m,
            Val::Outer(l, k) => self.counters[self.case.iv_slot(*l, *k)],
            Val::Arith { op, a, c, flags, const_left } => {
                let x = self.val(a)?;
                let (p, q) = if *const_left { (*c & m, x) } else { (x, *c & m) };
                let (sp, sq) = (to_signed(p, w), to_signed(q, w));
                let (exact_s, exact_u): (i128, Option<u128>) = match op {
                    ArithOp::Add => (sp + sq, p.checked_add(q)),
                    ArithOp::Sub => (sp - sq, p.checked_sub(q)),
                    ArithOp::Mul => (sp * sq, p.checked_mul(q)),
                };
                let smin = -(1i128 << (w - 1));
                let smax = (1i128 << (w - 1)) - 1;
                match flags {
                    Flags::Nsw if exact_s < smin || exact_s > smax => {
                        return Err(format!("{op:?} overflow<nsw> overflows ({sp} and {sq} at i{w})"));
                    }
                    Flags::Nuw if exact_u.is_none_or(|u| u > m) => {
                        return Err(format!("{op:?} overflow<nuw> overflows ({p} and {q} at i{w})"));
                    }
                    _ => {}
                }
                exact_s as u128 & m
            }
            Val::MinMax { op, a, b } => {
                let (x, y) = (self.val(a)?, self.val(b)?);
                let (sx, sy) = (to_signed(x, w), to_signed(y, w));
                match op {
                    MinMaxOp::MinS => {
                        if sx <= sy {
                            x
                        } else {
                            y
                        }
                    }
                    MinMaxOp::MaxS => {
                        if sx >= sy {
                            x
                        } else {
                            y
                        }
                    }
                    MinMaxOp::MinU => x.min(y),
                    MinMaxOp::MaxU => x.max(y),
                }
            }
            Val::AffineMin { c, n, iv } => {
                let d = self.val(n)?.wrapping_sub(self.val(iv)?) & m;
                if to_signed(*c & m, w) <= to_signed(d, w) {
                    *c & m
                } else {
                    d
                }
            }
        })
    }
    fn at(l: usize, s: usize) -> usize {
        slot::PER_LOOP * l + s
    }
    fn cond_obs(&mut self, l: usize, v: u128) {
        let w = self.w();
        let (s, u) = (to_signed(v, w) as i64 as u64, v as u64);
        self.rec[Self::at(l, slot::CUR_COND)] += 1;
        self.rec[Self::at(l, slot::TOT_COND)] += 1;
        observe4(&mut self.rec, Self::at(l, slot::COND), s, u);
        self.rec[Self::at(l, slot::LAST_S)] = s;
        self.rec[Self::at(l, slot::LAST_U)] = u;
    }
    fn body_obs(&mut self, l: usize, v: u128) -> Result<(), Stop> {
        let w = self.w();
        let (s, u) = (to_signed(v, w) as i64 as u64, v as u64);
        self.rec[Self::at(l, slot::CUR_BODY)] += 1;
        self.rec[Self::at(l, slot::TOT_BODY)] += 1;
        observe4(&mut self.rec, Self::at(l, slot::BODY), s, u);
        self.total += 1;
        if self.rec[Self::at(l, slot::CUR_BODY)] > self.fuel || self.total > self.total_fuel {
            return Err(Stop::Fuel);
        }
        Ok(())
    }
    fn holds(&self, d: &LoopDesc, tested: u128, bound: u128) -> bool {
        if d.counter_lhs {
            d.pred.holds(tested, bound, self.w())
        } else {
            d.pred.holds(bound, tested, self.w())
        }
    }
    fn run_children(&mut self, parent: Option<usize>) -> Result<(), Stop> {
        for l in self.case.children(parent) {
            self.run_loop(l)?;
        }
        Ok(())
    }
    fn run_loop(&mut self, l: usize) -> Result<(), Stop> {
        let case = self.case;
        let d = &case.loops[l];
        if let Shape::Parallel { .. } = d.shape {
            return self.run_parallel(l);
        }
        let w = self.w();
        let m = mask(w);
        let init = self.val(&d.init).map_err(Stop::Ub)?;
        let bound = self.val(&d.bound).map_err(Stop::Ub)?;
        // The break value is only branched on when the body runs.
        let brk = d.brk.as_ref().map(|b| self.val(b));
        self.rec[Self::at(l, slot::ENTRIES)] += 1;
        for s in [slot::CUR_COND, slot::CUR_BODY, slot::BROKE_CUR] {
            self.rec[Self::at(l, s)] = 0;
        }
        self.in_progress[l] = true;
        match d.shape {
            Shape::ScfFor { .. } | Shape::LoomFor => {
                let signed = case.loop_signed(l);
                let rd = |v: u128| in_order(v, w, signed);
                let (lo, hi) = if signed { (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1) } else { (0, m as i128) };
                self.cond_obs(l, init);
                let mut iv = init;
                while rd(iv) < rd(bound) {
                    let b = match &brk {
                        Some(Ok(b)) => Some(*b),
                        Some(Err(e)) => return Err(Stop::Ub(format!("break value: {e}"))),
                        None => None,
                    };
                    self.frames[l] = Some(Frame { iv, ub: bound, step: d.step, signed, brk: b });
                    self.counters[l] = iv;
                    self.body_obs(l, iv)?;
                    if let Some(b) = b {
                        let hit = iv == b;
                        self.rec[Self::at(l, slot::BROKE_CUR)] = hit as u64;
                        if hit {
                            break;
                        }
                    }
                    self.run_children(Some(l))?;
                    let next = rd(iv) + rd(d.step);
                    if next < lo || next > hi {
                        return Err(Stop::Ub(format!("loop #{l}'s induction variable overflows ({next} at i{w})")));
                    }
                    iv = (iv + d.step) & m;
                    self.cond_obs(l, iv);
                }
                self.frames[l] = None;
            }
            Shape::While | Shape::LoomLoop { .. } => {
                let mut x = init;
                loop {
                    self.cond_obs(l, x);
                    if !self.holds(d, x, bound) {
                        break;
                    }
                    self.counters[l] = x;
                    self.body_obs(l, x)?;
                    self.run_children(Some(l))?;
                    x = (x + d.step) & m;
                }
            }
            Shape::Parallel { .. } => unreachable!("run_parallel"),
            Shape::DoWhile => {
                let mut x = init;
                loop {
                    self.cond_obs(l, x);
                    let next = (x + d.step) & m;
                    if !self.holds(d, next, bound) {
                        break;
                    }
                    self.counters[l] = x;
                    self.body_obs(l, x)?;
                    self.run_children(Some(l))?;
                    x = next;
                }
            }
        }
        // The epilogue after the loop op.
        let r = &mut self.rec;
        let (cc, bc) = (r[Self::at(l, slot::CUR_COND)], r[Self::at(l, slot::CUR_BODY)]);
        r[Self::at(l, slot::EC_MIN)] = r[Self::at(l, slot::EC_MIN)].min(cc);
        r[Self::at(l, slot::EC_MAX)] = r[Self::at(l, slot::EC_MAX)].max(cc);
        r[Self::at(l, slot::EB_MIN)] = r[Self::at(l, slot::EB_MIN)].min(bc);
        r[Self::at(l, slot::EB_MAX)] = r[Self::at(l, slot::EB_MAX)].max(bc);
        let broke = r[Self::at(l, slot::BROKE_CUR)];
        if broke == 0 {
            let (s, u) = (r[Self::at(l, slot::LAST_S)], r[Self::at(l, slot::LAST_U)]);
            observe4(r, Self::at(l, slot::EXIT), s, u);
        }
        r[Self::at(l, slot::NORMAL)] += 1 - broke;
        r[Self::at(l, slot::BROKE)] = r[Self::at(l, slot::BROKE)].max(broke);
        self.in_progress[l] = false;
        Ok(())
    }
}

/// Why a run of a parallel loop is undefined when a dimension's final
/// induction value does not fit.
pub(super) const FINAL_VALUE_OVERFLOWS: &str = "the final induction value overflows";

impl Sim<'_> {
    /// A parallel loop, as the nest of scf.for it lowers to (dimension 0
    /// outermost; the body's record is order-independent). A non-positive
    /// step, or a final induction value beyond the signed maximum of a
    /// dimension whose loop the nest enters, is undefined (before anything
    /// runs: the bounds decide it).
    fn run_parallel(&mut self, l: usize) -> Result<(), Stop> {
        let case = self.case;
        let d = &case.loops[l];
        let w = self.w();
        let smax = (1i128 << (w - 1)) - 1;
        let mut bounds = Vec::new();
        for (k, dim) in d.dims.iter().enumerate() {
            let lb = to_signed(self.val(&dim.lb).map_err(Stop::Ub)?, w);
            let ub = to_signed(self.val(&dim.ub).map_err(Stop::Ub)?, w);
            let st = to_signed(self.val(&dim.step).map_err(Stop::Ub)?, w);
            if st <= 0 {
                return Err(Stop::Ub(format!("loop #{l} dimension {k}: step {st} is not positive")));
            }
            bounds.push((lb, ub, st));
        }
        let counts: Vec<i128> =
            bounds.iter().map(|&(lb, ub, st)| if lb < ub { (ub - lb + st - 1) / st } else { 0 }).collect();
        let mut entered = true;
        for (k, &(lb, _, st)) in bounds.iter().enumerate() {
            if entered && lb + counts[k] * st > smax {
                return Err(Stop::Ub(format!(
                    "loop #{l} dimension {k}: {FINAL_VALUE_OVERFLOWS} i{w} ({})",
                    lb + counts[k] * st
                )));
            }
            entered &= counts[k] > 0;
        }
        self.rec[Self::at(l, slot::ENTRIES)] += 1;
        self.rec[Self::at(l, slot::CUR_BODY)] = 0;
        let blocks: Vec<usize> = (0..d.dims.len()).map(|k| case.dim_block(l, k)).collect();
        // Each dimension's scf.for in the nest, entered `e` times in this
        // entry of the op (the product of the counts of the dimensions
        // before it), each time from lb to lb + count * step.
        let mut e: u64 = 1;
        for (k, &(lb, ub, st)) in bounds.iter().enumerate() {
            let r = &mut self.rec;
            let at = |s: usize| Self::at(blocks[k], s);
            r[at(slot::DIM_LB)] = lb as i64 as u64;
            r[at(slot::DIM_UB)] = ub as i64 as u64;
            r[at(slot::DIM_STEP)] = st as i64 as u64;
            let count = u64::try_from(counts[k]).unwrap_or(u64::MAX);
            r[at(slot::ENTRIES)] = r[at(slot::ENTRIES)].saturating_add(e);
            r[at(slot::TOT_BODY)] = r[at(slot::TOT_BODY)].saturating_add(e.saturating_mul(count));
            if e > 0 {
                r[at(slot::EB_MIN)] = r[at(slot::EB_MIN)].min(count);
                r[at(slot::EB_MAX)] = r[at(slot::EB_MAX)].max(count);
                let last = lb + counts[k] * st;
                let mut values = vec![(slot::COND, lb, last), (slot::EXIT, last, last)];
                if count > 0 {
                    values.push((slot::BODY, lb, last - st));
                }
                for (s, lo, hi) in values {
                    observe2(r, at(s), lo as i64, hi as i64);
                }
            }
            e = e.saturating_mul(count);
        }
        self.in_progress[l] = true;
        // With an empty dimension the body never runs, but the nest still
        // iterates the dimensions before it: that costs fuel too.
        if let Some(z) = counts.iter().position(|&c| c == 0) {
            let outer = counts[..z].iter().fold(if z == 0 { 0i128 } else { 1 }, |p, &c| p.saturating_mul(c));
            if outer > self.fuel as i128 || self.total as i128 + outer > self.total_fuel as i128 {
                return Err(Stop::Fuel);
            }
            self.total += outer as u64;
        }
        if counts.iter().all(|&c| c > 0) {
            let n = counts.len();
            let mut idx = vec![0i128; n];
            'nest: loop {
                let ivs: Vec<i128> = (0..n).map(|k| bounds[k].0 + idx[k] * bounds[k].2).collect();
                for k in 0..n {
                    let b = blocks[k];
                    observe2(&mut self.rec, Self::at(b, slot::OBS), ivs[k] as i64, ivs[k] as i64);
                    if (0..n).all(|j| j == k || idx[j] == 0) {
                        self.rec[Self::at(b, slot::SEEN)] += 1;
                    }
                    self.counters[b] = ivs[k] as u128 & mask(w);
                }
                self.rec[Self::at(l, slot::CUR_BODY)] += 1;
                self.rec[Self::at(l, slot::TOT_BODY)] += 1;
                self.total += 1;
                if self.rec[Self::at(l, slot::CUR_BODY)] > self.fuel || self.total > self.total_fuel {
                    return Err(Stop::Fuel);
                }
                self.run_children(Some(l))?;
                // The odometer: the last dimension fastest.
                let mut k = n;
                loop {
                    if k == 0 {
                        break 'nest;
                    }
                    k -= 1;
                    idx[k] += 1;
                    if idx[k] < counts[k] {
                        break;
                    }
                    idx[k] = 0;
                }
            }
        }
        let r = &mut self.rec;
        let bc = r[Self::at(l, slot::CUR_BODY)];
        r[Self::at(l, slot::EB_MIN)] = r[Self::at(l, slot::EB_MIN)].min(bc);
        r[Self::at(l, slot::EB_MAX)] = r[Self::at(l, slot::EB_MAX)].max(bc);
        self.in_progress[l] = false;
        Ok(())
    }
}

/// Whether an unfinished scf.for/loom.for entry will overflow its
/// induction variable (undefined behaviour) before it ends, ignoring what
/// its body does meanwhile.
fn will_overflow(f: &Frame, w: u32) -> bool {
    let rd = |v: u128| in_order(v, w, f.signed);
    let (iv, ub, st) = (rd(f.iv), rd(f.ub), rd(f.step));
    let hi = if f.signed { (1i128 << (w - 1)) - 1 } else { mask(w) as i128 };
    if let Some(b) = f.brk.map(rd) {
        if b >= iv && b < ub && (b - iv) % st == 0 {
            return false;
        }
    }
    let k = (ub - iv + st - 1) / st;
    iv + k * st > hi
}

/// Every argument set's simulated run of `case`.
#[cfg(test)]
pub(super) fn all_runs(case: &SymCase) -> Vec<Run> {
    (0..case.arg_sets.len()).map(|s| simulate(case, s)).collect()
}

/// Runs `case` with argument set `set`.
pub fn simulate(case: &SymCase, set: usize) -> Run {
    simulate_with(case, &case.arg_sets[set], FUEL, TOTAL_FUEL)
}

/// Runs `case` with `args` and the given fuel (per loop entry, per call).
pub(super) fn simulate_with(case: &SymCase, args: &[ArgValue], fuel: u64, total_fuel: u64) -> Run {
    let n = case.loops.len();
    let mut sim = Sim {
        case,
        args,
        fuel,
        total_fuel,
        rec: initial_record(case.blocks()),
        counters: vec![0; case.blocks()],
        in_progress: vec![false; n],
        frames: vec![None; n],
        total: 0,
    };
    let entries = case.cf.map_or(1, |(_, n)| n);
    let outcome = match (0..entries).try_for_each(|_| sim.run_children(None)) {
        Ok(()) => Outcome::Complete,
        Err(Stop::Ub(why)) => Outcome::Undefined(why),
        Err(Stop::Fuel) => {
            let w = case.ty.width;
            match (0..n).find(|&l| sim.in_progress[l] && sim.frames[l].is_some_and(|f| will_overflow(&f, w))) {
                Some(l) => Outcome::Undefined(format!("loop #{l}'s induction variable overflows after the fuel")),
                None => Outcome::OutOfFuel,
            }
        }
    };
    Run { outcome, record: sim.rec, in_progress: sim.in_progress }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts_fuzz::Ty;
    use crate::symbolic_fuzz::model::{simple_loop, ArgKind};
    use crate::symbolic_fuzz::self_test::{check_scenario, pairs, scalars, scenarios};

    #[test]
    fn simulator_worked_cases() {
        let sc = scenarios();
        // scf.for 0 to dim step 3 with dim 7: bodies at 0, 3, 6; exit 9.
        let b = &sc.iter().find(|s| s.case.id == 1_000_002).expect("scenario B").case;
        let r = simulate(b, 3);
        assert_eq!(r.outcome, Outcome::Complete);
        let at = |k: usize| r.record[k];
        assert_eq!((at(slot::TOT_BODY), at(slot::TOT_COND)), (3, 4));
        assert_eq!((at(slot::BODY), at(slot::BODY + 1)), (0, 6));
        assert_eq!((at(slot::COND), at(slot::COND + 1)), (0, 9));
        assert_eq!((at(slot::EXIT), at(slot::EXIT + 1), at(slot::NORMAL)), (9, 9, 1));
        // i8 while x < 127 step 2 never ends.
        let c = &sc.iter().find(|s| s.case.id == 1_000_003).expect("scenario C").case;
        assert_eq!(simulate(c, 3).outcome, Outcome::OutOfFuel);
        assert_eq!(simulate(c, 1).record[slot::TOT_BODY], 63);
        // A flagged bound that overflows is undefined; the same without a flag wraps.
        let mut g = sc.iter().find(|s| s.case.id == 1_000_007).expect("scenario G").case.clone();
        assert_eq!(simulate(&g, 2).outcome, Outcome::Complete);
        assert_eq!(simulate(&g, 2).record[slot::TOT_BODY], 0);
        if let Val::Arith { flags, .. } = &mut g.loops[0].bound {
            *flags = Flags::Nsw;
        }
        assert!(matches!(simulate(&g, 2).outcome, Outcome::Undefined(_)));
        // An scf.for whose last increment overflows is undefined, within
        // the fuel or beyond it.
        let mut f = g.clone();
        f.ty = Ty { width: 8, index: false };
        f.args = vec![ArgKind::Int(8)];
        f.loops[0] = simple_loop(Shape::ScfFor { unsigned: false }, Val::Const(120), Val::Arg(0), 5);
        f.arg_sets = scalars(8, &[127, 125]);
        assert!(matches!(simulate(&f, 0).outcome, Outcome::Undefined(_)));
        assert_eq!(simulate(&f, 1).outcome, Outcome::Complete);
        let frame = Frame { iv: 0, ub: i64::MAX as u128, step: 3, signed: true, brk: None };
        assert!(will_overflow(&frame, 64));
        assert!(!will_overflow(&Frame { brk: Some(9), ..frame }, 64));
        assert!(!will_overflow(&Frame { ub: i64::MAX as u128 - 1, ..frame }, 64));
    }

    #[test]
    fn parallel_simulation_and_checks() {
        let sc = scenarios();
        let p = &sc.iter().find(|s| s.case.id == 1_000_011).expect("scenario P").case;
        // (0, 5): 5 x 3 bodies, the inner loop entered once per body.
        let r = simulate(p, 0);
        assert_eq!(r.outcome, Outcome::Complete);
        let at = |b: usize, k: usize| r.record[slot::PER_LOOP * b + k];
        assert_eq!((at(0, slot::ENTRIES), at(0, slot::EB_MIN), at(0, slot::EB_MAX)), (1, 15, 15));
        assert_eq!((at(1, slot::ENTRIES), at(1, slot::TOT_BODY)), (15, 45));
        let (d0, d1) = (p.dim_block(0, 0), p.dim_block(0, 1));
        assert_eq!((d0, d1), (2, 3));
        assert_eq!((at(d0, slot::DIM_LB), at(d0, slot::DIM_UB), at(d0, slot::DIM_STEP)), (0, 5, 1));
        assert_eq!((at(d0, slot::EB_MIN), at(d0, slot::BODY), at(d0, slot::BODY + 1)), (5, 0, 4));
        assert_eq!((at(d1, slot::EB_MAX), at(d1, slot::BODY), at(d1, slot::BODY + 1)), (3, 0, 4));
        // (10, 3): dimension 1 is empty; the body never runs.
        let r = simulate(p, 4);
        assert_eq!((r.outcome.clone(), r.record[slot::TOT_BODY]), (Outcome::Complete, 0));
        // A wrong dimension count is caught by the dimension's own check,
        // not only by the product.
        let s = sc.iter().find(|s| s.name == "scf.parallel: dims[1] count floordiv 2").expect("scenario");
        let t = check_scenario(s, &all_runs(&s.case)).expect("parses");
        assert!(t.failures.iter().any(|f| f.contains("claims dims[1].body_count_expr")), "{:?}", t.failures);
        // An empty last dimension after a huge first one: the nest still
        // iterates the first (beyond the fuel), and a step that is not
        // positive is undefined.
        let mut big = p.clone();
        big.loops.truncate(1);
        big.loops[0].dims[0].ub = Val::Const(i64::MAX as u128 - 8);
        big.arg_sets = pairs(64, &[(10, 3), (0, 5)]);
        assert_eq!(simulate(&big, 0).outcome, Outcome::OutOfFuel);
        big.loops[0].dims[1].step = Val::Arg(0);
        big.arg_sets = pairs(64, &[(0, 5)]);
        assert!(matches!(simulate(&big, 0).outcome, Outcome::Undefined(_)));
        // The final induction value of an entered dimension overflowing is
        // undefined; of one never entered, not.
        let mut ov = big.clone();
        ov.loops[0].dims[1] = ov.loops[0].dims[0].clone();
        ov.loops[0].dims[1].lb = Val::Const(i64::MAX as u128 - 1);
        ov.loops[0].dims[1].ub = Val::Const(i64::MAX as u128);
        ov.loops[0].dims[1].step = Val::Const(3);
        ov.loops[0].dims[0].ub = Val::Arg(1);
        ov.arg_sets = pairs(64, &[(0, 5), (0, 0)]);
        assert!(matches!(simulate(&ov, 0).outcome, Outcome::Undefined(_)));
        assert_eq!(simulate(&ov, 1).outcome, Outcome::Complete);
    }

    #[test]
    fn parallel_nest_simulation() {
        let sc = scenarios();
        let r = &sc.iter().find(|s| s.case.id == 1_000_013).expect("scenario R").case;
        // (10, 7): tiles of 4, 4 and 2 by 3, 3 and 1.
        let run = simulate(r, 0);
        assert_eq!(run.outcome, Outcome::Complete);
        let at = |b: usize, k: usize| run.record[slot::PER_LOOP * b + k];
        assert_eq!((at(0, slot::TOT_BODY), at(1, slot::ENTRIES), at(1, slot::TOT_BODY)), (9, 9, 70));
        assert_eq!((at(1, slot::EB_MIN), at(1, slot::EB_MAX)), (2, 12));
        let (d0, d1) = (r.dim_block(1, 0), r.dim_block(1, 1));
        // The inner dimension 0's loop: entered once per entry of the inner
        // op, 2 to 4 iterations; dimension 1's once per iteration of it.
        let stats = |b: usize| (at(b, slot::ENTRIES), at(b, slot::EB_MIN), at(b, slot::EB_MAX), at(b, slot::TOT_BODY));
        assert_eq!(stats(d0), (9, 2, 4, 30));
        assert_eq!(stats(d1), (30, 1, 3, 70));
        assert_eq!(
            (at(d1, slot::BODY), at(d1, slot::BODY + 1), at(d1, slot::EXIT), at(d1, slot::EXIT + 1)),
            (0, 2, 1, 3)
        );
        assert_eq!((at(d1, slot::OBS), at(d1, slot::OBS + 1), at(d1, slot::SEEN)), (0, 2, 21));
        // A wrong inner count is caught by its dimension's own check.
        let s = sc.iter().find(|s| s.name.starts_with("tiled parallel nest: inner dims[0] count 4")).expect("scenario");
        let t = check_scenario(s, &all_runs(&s.case)).expect("parses");
        assert!(
            t.failures.iter().any(|f| f.contains("claims dims[0].body_count '4' = 4; executed 2..=4")),
            "{:?}",
            t.failures
        );
        // At 32 bits, %arg0 + 9 wraps for %arg0 = 2^31 - 8: no iteration.
        let w = &sc.iter().find(|s| s.case.id == 1_000_014).expect("scenario S").case;
        assert_eq!(simulate(w, 1).record[slot::TOT_BODY], 3);
        assert_eq!(simulate(w, 2).record[slot::TOT_BODY], 0);
    }
}
