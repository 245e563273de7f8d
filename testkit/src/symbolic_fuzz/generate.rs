//! Random cases of the symbolic fuzzer, a pure function of the seed
//! ([`generate`]).
//!
//! The base stream draws the counter type, the arguments and one to three
//! loops (single, nested, siblings; templates of near misses among them);
//! further streams add, in order, the context shapes (the nested 32-bit
//! module, non-entry blocks, the buffer-size assumption nest), the
//! parallel loops and the parallel nests (`generate_parallel`), so that
//! leaving a later family out changes nothing else in a case. Argument sets
//! are chosen among more candidates by a quick simulation.
//!
//! Invariants the emitter and the simulator rely on: loops are in
//! pre-order, a [`Val::Outer`] names an enclosing loop, a parallel loop is
//! `index` only, and every buffer size is far below half the address
//! space (so the buffer-size assumptions always hold).

use std::collections::HashMap;

use crate::expr::ArgValue;
use crate::facts_fuzz::Ty;
use crate::int::{mask, to_signed, Predicate};
use crate::rng::Rng;

use super::generate_parallel::{
    demote_affine, gen_parallel_case, gen_parallel_nest, near_limit_dim, par_dim, settle_affine,
};
use super::model::{swapped, ArgKind, ArithOp, CfForm, Flags, LoopDesc, MinMaxOp, ParKind, Shape, SymCase, Val};
use super::simulate::{simulate_with, Outcome};
use super::{parallel_shapes, slot, ARG_SETS};

// ---------------------------------------------------------------------------
// Generation
// ---------------------------------------------------------------------------

/// Values the generator builds bounds from.
pub(super) struct Ctx {
    pub(super) w: u32,
    pub(super) scalars: Vec<usize>,
    narrow: Vec<usize>,
    mems: Vec<(usize, usize)>,
    /// Enclosing loops of the loop being generated.
    pub(super) outers: Vec<usize>,
}

fn edge(rng: &mut Rng, w: u32) -> u128 {
    let m = mask(w);
    let smax = m >> 1;
    match rng.below(6) {
        0 => smax,
        1 => smax + 1,
        2 => m,
        3 => 0,
        4 => 1,
        _ => rng.next_u64() as u128 & m,
    }
}

pub(super) fn small_const(rng: &mut Rng, w: u32) -> u128 {
    let m = mask(w);
    let v: i128 = match rng.below(10) {
        0..=2 => 0,
        3 => 1,
        4..=6 => rng.range_i64(2, 40) as i128,
        7 => rng.range_i64(-5, -1) as i128,
        _ => return (edge(rng, w) as i128 + rng.range_i64(-5, 0) as i128) as u128 & m,
    };
    v as u128 & m
}

pub(super) fn gen_leaf(rng: &mut Rng, cx: &Ctx) -> Val {
    loop {
        let r = rng.below(100);
        if r < 35 && !cx.scalars.is_empty() {
            return Val::Arg(*rng.choose(&cx.scalars).expect("non-empty"));
        } else if (35..45).contains(&r) && !cx.narrow.is_empty() {
            return Val::Cast { arg: *rng.choose(&cx.narrow).expect("non-empty"), signed: rng.below(2) == 0 };
        } else if (45..65).contains(&r) && !cx.mems.is_empty() {
            let &(arg, rank) = rng.choose(&cx.mems).expect("non-empty");
            return Val::Dim { arg, k: rng.below(rank as u64) as usize };
        } else if (65..80).contains(&r) && !cx.outers.is_empty() {
            return Val::Outer(*rng.choose(&cx.outers).expect("non-empty"), 0);
        } else if r >= 80 {
            return Val::Const(small_const(rng, cx.w));
        }
    }
}

pub(super) fn flags(rng: &mut Rng) -> Flags {
    match rng.below(4) {
        0 => Flags::Nsw,
        1 => Flags::Nuw,
        _ => Flags::None,
    }
}

pub(super) fn gen_val(rng: &mut Rng, cx: &Ctx, depth: u32) -> Val {
    let r = rng.below(10);
    if depth == 0 || r < 6 {
        return gen_leaf(rng, cx);
    }
    if r < 9 {
        let op = match rng.below(10) {
            0..=4 => ArithOp::Add,
            5..=7 => ArithOp::Sub,
            _ => ArithOp::Mul,
        };
        let c = match op {
            ArithOp::Mul => rng.range_u64(2, 4) as u128,
            _ if rng.below(8) == 0 => edge(rng, cx.w),
            _ => rng.range_u64(1, 8) as u128,
        };
        let const_left = op != ArithOp::Sub && rng.below(3) == 0 || op == ArithOp::Sub && rng.below(8) == 0;
        Val::Arith { op, a: Box::new(gen_val(rng, cx, depth - 1)), c, flags: flags(rng), const_left }
    } else {
        let op = [MinMaxOp::MinS, MinMaxOp::MaxS, MinMaxOp::MinU, MinMaxOp::MaxU][rng.below(4) as usize];
        Val::MinMax { op, a: Box::new(gen_val(rng, cx, depth - 1)), b: Box::new(gen_val(rng, cx, depth - 1)) }
    }
}

fn step_magnitude(rng: &mut Rng) -> u128 {
    match rng.below(10) {
        0..=5 => 1,
        6 | 7 => 2,
        _ => rng.range_u64(3, 5) as u128,
    }
}

fn random_shape(rng: &mut Rng) -> Shape {
    match rng.below(20) {
        0..=4 => Shape::ScfFor { unsigned: false },
        5 | 6 => Shape::ScfFor { unsigned: true },
        7..=9 => Shape::LoomFor,
        10..=14 => Shape::While,
        15 | 16 => Shape::DoWhile,
        _ => Shape::LoomLoop { guard: rng.below(2) as u8 },
    }
}

/// Predicate and step for a while/loom.loop counter moving toward the
/// bound (or, rarely, away from it).
fn while_pred_step(rng: &mut Rng, w: u32, mag: u128) -> (Predicate, bool, u128) {
    let pred = Predicate::ORDERED[rng.below(8) as usize];
    let counter_lhs = rng.below(2) == 0;
    let effective = if counter_lhs { pred } else { swapped(pred) };
    let up = matches!(effective, Predicate::Slt | Predicate::Sle | Predicate::Ult | Predicate::Ule);
    let up = if rng.below(10) == 0 { !up } else { up };
    let step = if up { mag } else { mag.wrapping_neg() & mask(w) };
    (pred, counter_lhs, step)
}

pub(super) fn pick_arg(rng: &mut Rng, cx: &Ctx) -> Val {
    if cx.scalars.is_empty() {
        gen_leaf(rng, cx)
    } else {
        Val::Arg(*rng.choose(&cx.scalars).expect("non-empty"))
    }
}

pub(super) fn gen_loop(rng: &mut Rng, cx: &Ctx, parent: Option<usize>) -> LoopDesc {
    let w = cx.w;
    let mut d = LoopDesc {
        parent,
        shape: random_shape(rng),
        init: Val::Const(0),
        bound: Val::Const(0),
        step: step_magnitude(rng),
        pred: Predicate::Slt,
        counter_lhs: true,
        brk: None,
        sub_step: rng.below(2) == 0,
        dims: Vec::new(),
    };
    let template = if rng.below(10) < 3 { rng.below(5) } else { 99 };
    match template {
        0 => {
            // Step > 1 up to an argument that may be near the maximum.
            d.step = rng.range_u64(2, 5) as u128;
            d.init = if rng.below(2) == 0 { Val::Const(0) } else { pick_arg(rng, cx) };
            d.bound = pick_arg(rng, cx);
        }
        1 => {
            // `<=` an argument that may be the type maximum.
            d.shape = [Shape::While, Shape::LoomLoop { guard: 0 }, Shape::DoWhile][rng.below(3) as usize];
            d.counter_lhs = rng.below(2) == 0;
            let le = if rng.below(2) == 0 { Predicate::Sle } else { Predicate::Ule };
            d.pred = if d.counter_lhs { le } else { swapped(le) };
            d.step = 1;
            let n = pick_arg(rng, cx);
            d.init = if rng.below(2) == 0 {
                Val::Const(0)
            } else {
                Val::Arith { op: ArithOp::Sub, a: Box::new(n.clone()), c: 3, flags: Flags::None, const_left: false }
            };
            d.bound = n;
            return d;
        }
        2 => {
            // `%lb to %lb + 8` step 2, with or without a flag.
            if !d.shape.is_for() {
                d.shape = Shape::ScfFor { unsigned: rng.below(3) == 0 };
            }
            let lb = pick_arg(rng, cx);
            d.step = 2;
            d.bound =
                Val::Arith { op: ArithOp::Add, a: Box::new(lb.clone()), c: 8, flags: flags(rng), const_left: false };
            d.init = lb;
            return d;
        }
        3 if !cx.mems.is_empty() => {
            // 0 to dim step 3, or dim - 1 down to 0.
            let &(arg, rank) = rng.choose(&cx.mems).expect("non-empty");
            let dim = Val::Dim { arg, k: rng.below(rank as u64) as usize };
            if rng.below(2) == 0 {
                d.shape = Shape::ScfFor { unsigned: rng.below(3) == 0 };
                d.step = 3;
                d.init = Val::Const(0);
                d.bound = dim;
            } else {
                d.shape = if rng.below(2) == 0 { Shape::While } else { Shape::LoomLoop { guard: rng.below(2) as u8 } };
                d.counter_lhs = rng.below(2) == 0;
                d.pred = if d.counter_lhs { Predicate::Sge } else { Predicate::Sle };
                d.step = mask(w);
                d.init = Val::Arith { op: ArithOp::Sub, a: Box::new(dim), c: 1, flags: flags(rng), const_left: false };
                d.bound = Val::Const(0);
            }
            return d;
        }
        _ => {
            // Where the bound lies from the initial value: for loops count
            // up; a while/loom.loop counter moves by the sign of its step.
            let up = if d.shape.is_for() {
                true
            } else {
                let (pred, lhs, step) = while_pred_step(rng, w, d.step);
                d.pred = pred;
                d.counter_lhs = lhs;
                d.step = step;
                to_signed(step, w) > 0
            };
            let toward = |c: u128| if up { c } else { c.wrapping_neg() & mask(w) };
            match rng.below(10) {
                0..=3 => {
                    d.init = Val::Const(if rng.below(4) == 0 { small_const(rng, w) } else { rng.below(4) as u128 });
                    d.bound = gen_val(rng, cx, 2);
                    if !up && rng.below(2) == 0 {
                        std::mem::swap(&mut d.init, &mut d.bound);
                    }
                }
                4 | 5 => {
                    // `init + c` (toward the bound), flagged or not.
                    d.init = gen_val(rng, cx, 1);
                    let c = toward(rng.range_u64(1, 20) as u128);
                    d.bound = Val::Arith {
                        op: ArithOp::Add,
                        a: Box::new(d.init.clone()),
                        c,
                        flags: flags(rng),
                        const_left: false,
                    };
                }
                6 => {
                    // A tile's end: min(init + c, symbol) (max when counting down).
                    d.init = gen_val(rng, cx, 1);
                    let c = toward(rng.range_u64(2, 12) as u128);
                    let plus = Val::Arith {
                        op: ArithOp::Add,
                        a: Box::new(d.init.clone()),
                        c,
                        flags: flags(rng),
                        const_left: false,
                    };
                    let signed = rng.below(3) != 0;
                    let op = match (up, signed) {
                        (true, true) => MinMaxOp::MinS,
                        (true, false) => MinMaxOp::MinU,
                        (false, true) => MinMaxOp::MaxS,
                        (false, false) => MinMaxOp::MaxU,
                    };
                    d.bound = Val::MinMax { op, a: Box::new(plus), b: Box::new(gen_leaf(rng, cx)) };
                }
                _ => {
                    d.init = if rng.below(3) == 0 { Val::Const(small_const(rng, w)) } else { gen_val(rng, cx, 2) };
                    d.bound = gen_val(rng, cx, 2);
                }
            }
            if let Shape::LoomFor = d.shape {
                add_break(rng, cx, &mut d);
            }
            return d;
        }
    }
    match d.shape {
        Shape::ScfFor { .. } => {}
        Shape::LoomFor => add_break(rng, cx, &mut d),
        _ => {
            let (pred, lhs, step) = while_pred_step(rng, w, d.step);
            d.pred = pred;
            d.counter_lhs = lhs;
            d.step = step;
        }
    }
    d
}

/// Sometimes a `loom.break` when the induction variable equals a symbol.
fn add_break(rng: &mut Rng, cx: &Ctx, d: &mut LoopDesc) {
    if rng.below(5) < 2 {
        d.brk = Some(if rng.below(2) == 0 {
            gen_val(rng, cx, 1)
        } else {
            Val::Arith {
                op: ArithOp::Add,
                a: Box::new(d.init.clone()),
                c: rng.range_u64(0, 6) as u128 * d.step,
                flags: Flags::None,
                const_left: false,
            }
        });
    }
}

/// A tile or triangular nest: `scf.for %i = 0 to %n step 4 {
/// scf.for %j = %i to min(%i + 4, %n) }` or `for %j = %i to %n`.
fn gen_nest_template(rng: &mut Rng, cx: &mut Ctx) -> Vec<LoopDesc> {
    let n = pick_arg(rng, cx);
    let tile = rng.below(2) == 0;
    let outer_shape = if rng.below(3) == 0 { Shape::LoomFor } else { Shape::ScfFor { unsigned: rng.below(4) == 0 } };
    let outer = LoopDesc {
        parent: None,
        shape: outer_shape,
        init: Val::Const(0),
        bound: n.clone(),
        step: if tile { 4 } else { 1 },
        pred: Predicate::Slt,
        counter_lhs: true,
        brk: None,
        sub_step: false,
        dims: Vec::new(),
    };
    let unsigned = matches!(outer_shape, Shape::ScfFor { unsigned: true });
    let bound = if tile {
        let plus4 =
            Val::Arith { op: ArithOp::Add, a: Box::new(Val::Outer(0, 0)), c: 4, flags: flags(rng), const_left: false };
        let op = if unsigned { MinMaxOp::MinU } else { MinMaxOp::MinS };
        Val::MinMax { op, a: Box::new(plus4), b: Box::new(n) }
    } else {
        n
    };
    let inner_shape = if rng.below(3) == 0 { Shape::LoomFor } else { Shape::ScfFor { unsigned } };
    let inner = LoopDesc {
        parent: Some(0),
        shape: inner_shape,
        init: Val::Outer(0, 0),
        bound,
        step: 1,
        pred: Predicate::Slt,
        counter_lhs: true,
        brk: None,
        sub_step: false,
        dims: Vec::new(),
    };
    vec![outer, inner]
}

/// Argument values: bits at the argument's width, or buffer sizes.
/// Candidate argument sets and their modes: 0 small, 1 tiny non-negative,
/// 5 small positive, 2 and 3 near one edge per width, 4 independent edges.
fn gen_arg_sets(rng: &mut Rng, ty: Ty, args: &[ArgKind]) -> Vec<(u64, Vec<ArgValue>)> {
    let mut sets = Vec::new();
    for s in 0..CANDIDATES {
        let mode = match s % 4 {
            0 => 0,
            1 => 1 + 4 * rng.below(2),
            _ => 2 + rng.below(3),
        };
        // Correlated mode: one edge per width.
        let mut edges: HashMap<u32, u128> = HashMap::new();
        let mut set = Vec::new();
        for a in args {
            let w = a.width();
            let m = mask(w);
            let v = match a {
                ArgKind::Mem1 | ArgKind::Mem2 => {
                    let dims = (0..a.rank())
                        .map(|_| match mode {
                            1 => rng.below(7),
                            5 => rng.range_u64(1, 12),
                            _ if ty.width <= 16 && rng.below(6) == 0 => rng.range_u64(100, 300),
                            _ => rng.below(41),
                        })
                        .collect();
                    set.push(ArgValue::Buffer { dims });
                    continue;
                }
                _ => match mode {
                    0 => {
                        if rng.below(10) < 8 {
                            rng.below(21) as u128
                        } else {
                            rng.range_i64(-3, -1) as i128 as u128 & m
                        }
                    }
                    1 => rng.below(7) as u128,
                    5 => rng.range_u64(2, 16) as u128,
                    2 | 3 => {
                        let e = *edges.entry(w).or_insert_with(|| edge(rng, w));
                        (e as i128 + rng.range_i64(-6, 6) as i128) as u128 & m
                    }
                    _ => (edge(rng, w) as i128 + rng.range_i64(-6, 6) as i128) as u128 & m,
                },
            };
            set.push(ArgValue::Scalar { bits: v, width: w });
        }
        sets.push((mode, set));
    }
    sets
}

/// Candidate argument sets generated per case.
const CANDIDATES: usize = 24;

/// [`ARG_SETS`] of the candidates: first those that end (under a small
/// fuel) and run the body of a loop no set chosen so far runs, up to all
/// but two; then edge sets (modes 2 to 4: wrapping, undefined, long runs);
/// then the rest in order.
fn select_arg_sets(case: &SymCase, candidates: Vec<(u64, Vec<ArgValue>)>) -> Vec<Vec<ArgValue>> {
    let n = case.loops.len();
    let mut covered = vec![false; n];
    let mut chosen: Vec<usize> = Vec::new();
    // The loops whose body each candidate runs, when it ends.
    let runs: Vec<Vec<usize>> = candidates
        .iter()
        .map(|(_, args)| {
            let run = simulate_with(case, args, 256, 4096);
            if run.outcome != Outcome::Complete {
                return Vec::new();
            }
            (0..n).filter(|&l| run.record[slot::PER_LOOP * l + slot::TOT_BODY] > 0).collect()
        })
        .collect();
    while chosen.len() + 2 < ARG_SETS {
        // The candidate running the most bodies not run yet (the first of equals).
        let best = (0..candidates.len())
            .filter(|i| !chosen.contains(i))
            .map(|i| (runs[i].iter().filter(|&&l| !covered[l]).count(), i))
            .max_by_key(|&(k, i)| (k, std::cmp::Reverse(i)));
        match best {
            Some((k, i)) if k > 0 => {
                for &l in &runs[i] {
                    covered[l] = true;
                }
                chosen.push(i);
            }
            _ => break,
        }
    }
    for want_edge in [true, false] {
        for (i, (mode, _)) in candidates.iter().enumerate() {
            if chosen.len() < ARG_SETS && !chosen.contains(&i) && (2..=4).contains(mode) == want_edge {
                chosen.push(i);
            }
        }
    }
    chosen.sort_unstable();
    chosen.into_iter().map(|i| candidates[i].1.clone()).collect()
}

/// The case of `seed`.
pub fn generate(seed: u64) -> SymCase {
    let mut rng = Rng::new(seed.wrapping_mul(0xA076_1D64_78BD_642F) ^ 0x5b0c_5eed);
    // The context shapes come from a second stream: leaving them out
    // changes nothing else in the case.
    let mut extra = Rng::new(seed.wrapping_mul(0xE703_7ED1_A0B4_28DB) ^ 0x18);
    // scf.parallel/scf.forall from a third one, for the same reason.
    let mut par = Rng::new(seed.wrapping_mul(0x8EBC_6AF0_9C88_C6E3) ^ 0x19);
    // Nests of parallel loops and parallel dimensions near the 32-bit
    // limits from a fourth one.
    let mut pnest = Rng::new(seed.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ 0x1a);
    let context = crate::context_shapes();
    let mut ty = match rng.below(10) {
        0..=3 => Ty { width: 64, index: true },
        4 => Ty { width: 64, index: false },
        5 | 6 => Ty { width: 32, index: false },
        7 => Ty { width: 16, index: false },
        _ => Ty { width: 8, index: false },
    };
    let nested = context && ty.index && extra.below(3) == 0;
    if nested {
        ty.width = 32;
    }
    let w = ty.width;
    let mut args = Vec::new();
    for _ in 0..1 + rng.below(3) {
        args.push(match (ty.index, nested) {
            (true, true) => ArgKind::Index32,
            (true, false) => ArgKind::Index,
            _ => ArgKind::Int(w),
        });
    }
    if w > 8 && rng.below(3) == 0 {
        let narrower: Vec<u32> = [8, 16, 32].into_iter().filter(|&k| k < w).collect();
        args.push(ArgKind::Int(*rng.choose(&narrower).expect("w > 8")));
    }
    for _ in 0..rng.below(3) {
        args.push(if rng.below(3) == 0 { ArgKind::Mem2 } else { ArgKind::Mem1 });
    }
    for i in (1..args.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        args.swap(i, j);
    }
    let mut cx = Ctx { w, scalars: Vec::new(), narrow: Vec::new(), mems: Vec::new(), outers: Vec::new() };
    for (i, a) in args.iter().enumerate() {
        match a {
            ArgKind::Mem1 | ArgKind::Mem2 => cx.mems.push((i, a.rank())),
            ArgKind::Int(k) if *k < w => cx.narrow.push(i),
            _ => cx.scalars.push(i),
        }
    }
    let mut loops = Vec::new();
    let structure = rng.below(20);
    if (11..15).contains(&structure) && rng.below(2) == 0 {
        loops = gen_nest_template(&mut rng, &mut cx);
    } else {
        // Parents in pre-order.
        let parents: &[Option<usize>] = match structure {
            0..=10 => &[None],
            11..=15 => &[None, Some(0)],
            16 | 17 => &[None, None],
            18 => &[None, Some(0), Some(1)],
            _ => &[None, Some(0), Some(0)],
        };
        for &p in parents {
            cx.outers.clear();
            let mut q = p;
            while let Some(l) = q {
                cx.outers.push(l);
                q = loops[l].parent;
            }
            let d = gen_loop(&mut rng, &cx, p);
            loops.push(d);
        }
    }
    let candidates = gen_arg_sets(&mut rng, ty, &args);

    if context && !cx.mems.is_empty() && extra.below(4) == 0 {
        loops = gen_assumption_nest(&mut extra, &cx);
    } else if ty.index && parallel_shapes() && par.below(2) == 0 {
        loops = gen_parallel_case(&mut par, &mut cx);
    } else if ty.index && parallel_shapes() && pnest.below(2) == 0 {
        loops = gen_parallel_nest(&mut pnest, &mut cx);
    }
    if nested && parallel_shapes() && pnest.below(2) == 0 {
        if let Some(d) = loops.iter_mut().find(|d| !d.dims.is_empty()) {
            let k = pnest.below(d.dims.len() as u64) as usize;
            let (lb, ub, step) = near_limit_dim(&mut pnest, &cx);
            if d.shape == (Shape::Parallel { kind: ParKind::ForallIn }) {
                // Its other dimensions (0 to a bound step 1, static 0 and 1)
                // are the same in the range form.
                d.shape = Shape::Parallel { kind: ParKind::ForallRange };
            }
            let Shape::Parallel { kind } = d.shape else { unreachable!("a parallel loop") };
            d.dims[k] = par_dim(&mut pnest, kind, w, lb, ub, step);
            settle_affine(d);
        }
    }
    let cf = (context && extra.below(3) == 0).then(|| match extra.below(3) {
        0 => (CfForm::Loop, extra.below(4)),
        1 => (CfForm::ExecRegion, extra.below(4)),
        _ => (CfForm::Cond, extra.below(2)),
    });
    if cf.is_some() {
        // Inside the control-flow wrapper the bounds are not valid affine
        // symbols: an affine.parallel there becomes an scf.parallel.
        loops.iter_mut().for_each(demote_affine);
    }
    let mut case = SymCase { id: seed, ty, args, loops, arg_sets: Vec::new(), cf, nested };
    case.arg_sets = select_arg_sets(&case, candidates);
    case
}

/// Whether `case` has `gen_assumption_nest`'s shape.
pub fn is_assumption_nest(case: &SymCase) -> bool {
    case.loops.len() == 2
        && matches!(case.loops[0].bound, Val::Dim { .. })
        && case.loops[0].step > 1
        && matches!(&case.loops[1].bound, Val::Arith { a, .. } if matches!(**a, Val::Outer(0, 0)))
}

/// The nest whose inner facts hold only under the buffer-size assumption:
/// `scf.for %i = 0 to dim(%a, k) step 2..8` (the assumption bounds the
/// dimension, hence `%i`) around a loop counting from `%i` to `%i + c`
/// (no flag: exact only while `%i + c` cannot wrap), an `scf.while`,
/// do-while, counted `loom.loop` or `scf.for`.
fn gen_assumption_nest(rng: &mut Rng, cx: &Ctx) -> Vec<LoopDesc> {
    let (arg, rank) = cx.mems[rng.below(cx.mems.len() as u64) as usize];
    let dim = Val::Dim { arg, k: rng.below(rank as u64) as usize };
    let outer = LoopDesc {
        parent: None,
        shape: if rng.below(4) == 0 { Shape::LoomFor } else { Shape::ScfFor { unsigned: false } },
        init: Val::Const(0),
        bound: dim,
        step: [2, 4, 4, 8][rng.below(4) as usize],
        pred: Predicate::Slt,
        counter_lhs: true,
        brk: None,
        sub_step: false,
        dims: Vec::new(),
    };
    let c = [1u128, 4, 8, 8, 16][rng.below(5) as usize];
    let plus = Val::Arith { op: ArithOp::Add, a: Box::new(Val::Outer(0, 0)), c, flags: Flags::None, const_left: false };
    let shape = match rng.below(4) {
        0 => Shape::DoWhile,
        1 => Shape::LoomLoop { guard: rng.below(2) as u8 },
        2 => Shape::ScfFor { unsigned: false },
        _ => Shape::While,
    };
    let inner = LoopDesc {
        parent: Some(0),
        shape,
        init: Val::Outer(0, 0),
        bound: plus,
        step: 1,
        pred: if rng.below(3) == 0 { Predicate::Sle } else { Predicate::Slt },
        counter_lhs: true,
        brk: None,
        sub_step: false,
        dims: Vec::new(),
    };
    vec![outer, inner]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic_fuzz::emit::emit;

    #[test]
    fn generation_is_deterministic_and_well_formed() {
        for seed in 0..200 {
            let (a, b) = (generate(seed), generate(seed));
            assert_eq!(emit(&a, false), emit(&b, false));
            assert_eq!(a.arg_sets, b.arg_sets);
            assert_eq!(a.arg_sets.len(), ARG_SETS);
            for set in &a.arg_sets {
                assert_eq!(set.len(), a.args.len());
            }
            for text in [emit(&a, false), emit(&a, true)] {
                assert!(text.starts_with(&format!("func.func @s{seed}(")));
                assert_eq!(text.matches('{').count(), text.matches('}').count(), "{text}");
            }
            for (l, d) in a.loops.iter().enumerate() {
                assert!(d.parent.is_none_or(|p| p < l), "loops are in pre-order");
            }
        }
    }
}
