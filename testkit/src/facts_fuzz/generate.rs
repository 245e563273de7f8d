//! Random cases of the constant facts fuzzer, a pure function of the id
//! ([`generate`]).
//!
//! The base stream draws the kind, width, predicate, steps, initial values
//! and bounds near the type's limits, decoys and accesses; the context
//! shapes (a nested module of the other index width, loops in non-entry
//! blocks, out-of-width assumptions) come from a second stream, so that
//! leaving them out changes nothing else in a case.

use crate::int::{mask, to_signed, Predicate};
use crate::rng::Rng;

use super::model::{Access, AccessOp, AddForm, Case, Expr, Guard, Kind, OuterForm, Place, Ty};

/// One of the eight ordered predicates, uniformly.
fn ordered_predicate(rng: &mut Rng) -> Predicate {
    Predicate::ORDERED[rng.below(8) as usize]
}

fn interesting(rng: &mut Rng, w: u32) -> u128 {
    let m = mask(w);
    let smax = m >> 1;
    let smin = smax + 1;
    let base = match rng.below(9) {
        0 => 0,
        1 => smax,
        2 => smin,
        3 => m,
        4 => 1,
        5 => rng.next_u64() as u128,
        _ => rng.below(12) as u128,
    };
    let delta = rng.range_i64(-6, 6) as i128;
    ((base as i128).wrapping_add(delta) as u128) & m
}

fn step_value(rng: &mut Rng, w: u32) -> u128 {
    let m = mask(w);
    let s: i128 = match rng.below(8) {
        0 | 1 => 1,
        2 => -1,
        3 => rng.range_i64(-5, 5) as i128,
        4 => 1i128 << (w - 1),
        5 => rng.next_u64() as i128,
        _ => rng.range_i64(-300, 300) as i128,
    };
    (s as u128) & m
}

fn add_form(rng: &mut Rng, ty: Ty, c: u128) -> AddForm {
    let n = if ty.index { 7 } else { 5 };
    match rng.below(n) {
        0 if c == 0 => AddForm::Same,
        0 | 1 => AddForm::AddR,
        2 => AddForm::AddL,
        3 => AddForm::Sub,
        4 if ty.width > 8 => AddForm::CastConst,
        4 => AddForm::Chain(interesting(rng, ty.width)),
        5 => AddForm::IndexAdd,
        _ => AddForm::IndexSub,
    }
}

/// The case of `id` for a root module of 64-bit `index` (or 32 with
/// `index32`). The context shapes (a nested module of the other index
/// width, loops in non-entry blocks, out-of-width assumptions) are drawn
/// from a second stream, so that leaving them out changes nothing else in a
/// case.
pub fn generate(id: u64, index32: bool) -> Case {
    let mut extra = Rng::new(id.wrapping_mul(0xD1B5_4A32_D192_ED03) ^ 0x1857);
    if !crate::context_shapes() {
        return generate_base(id, index32);
    }
    let nested = extra.below(5) == 0;
    let mut case = generate_base(id, index32 != nested);
    case.nested = nested;
    if extra.below(3) == 0 {
        let form = [OuterForm::CfLoop, OuterForm::ExecRegion, OuterForm::CfCond][extra.below(3) as usize];
        // Accesses at the enclosing counter (generated only when `outer`
        // was already set) read the cf loop's block argument instead.
        case.outer_form = form;
        case.outer = Some(if form == OuterForm::CfCond { extra.below(2) } else { extra.below(4) });
    }
    if nested && !case.accesses.is_empty() && extra.below(2) == 0 {
        let i = extra.below(case.accesses.len() as u64) as usize;
        let (c, d) = match (case.iw, extra.below(2)) {
            (32, 0) => (1u128 << 31, Some(1u128 << 29)),
            (32, _) => ((1u128 << 31) + extra.below(4) as u128, Some(1u128 << 30)),
            (_, 0) => ((1u128 << 32) + extra.below(4) as u128, None),
            _ => (1u128 << 33, Some(1u128 << 31)),
        };
        case.wide = Some((i, c, d));
    }
    if case.iw == 32 && !case.accesses.is_empty() && extra.below(3) == 0 {
        let top = (1i128 << 32) - 1;
        let half = 1i128 << 31;
        let (lo, hi) = match extra.below(3) {
            // Both ends above the signed maximum (empty once truncated).
            0 => (half + extra.below(8) as i128, top - extra.below(8) as i128),
            // Only the upper end beyond the width.
            1 => (extra.range_i64(-8, 8) as i128, half + extra.below(1 << 20) as i128),
            // Only the lower end below the signed minimum.
            _ => (-half - 1 - extra.below(1 << 20) as i128, extra.range_i64(-8, 30) as i128),
        };
        let i = extra.below(case.accesses.len() as u64) as usize;
        if extra.below(2) == 0 {
            // Past the end for small counters: a proof that trusts the
            // assumption is then visibly wrong.
            let a = &mut case.accesses[i];
            a.c = a.c.wrapping_add(a.size as u128) & mask(case.ty.width);
        }
        case.oow = Some((i, lo, hi));
    }
    case
}

pub(super) fn generate_base(id: u64, index32: bool) -> Case {
    let mut rng = Rng::new(id.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5eed);
    let ty = if index32 {
        Ty { width: 32, index: true }
    } else {
        match rng.below(12) {
            0 => Ty { width: 1, index: false },
            1 => Ty { width: 2, index: false },
            2 => Ty { width: 3, index: false },
            3 => Ty { width: 5, index: false },
            4 | 5 => Ty { width: 8, index: false },
            6 => Ty { width: 16, index: false },
            7 => Ty { width: 32, index: false },
            8 => Ty { width: 64, index: false },
            _ => Ty { width: 64, index: true },
        }
    };
    let w = ty.width;
    let m = mask(w);
    let kind_pick = rng.below(10);
    let k = if kind_pick < 6 { [1, 1, 1, 2, 2, 3][rng.below(6) as usize] } else { 1 };
    let tested = rng.below(k as u64) as usize;
    let step = step_value(&mut rng, w);
    let pred = ordered_predicate(&mut rng);
    let pred = if rng.below(30) == 0 { [Predicate::Eq, Predicate::Ne][rng.below(2) as usize] } else { pred };
    let mut inits: Vec<u128> = (0..k).map(|_| interesting(&mut rng, w)).collect();
    if k > 1 && rng.below(2) == 0 {
        inits[1] = inits[0];
    }
    let mut bound = interesting(&mut rng, w);
    if rng.below(3) == 0 {
        // Near the init: few iterations, with partial last steps.
        bound = (inits[tested] as i128 + rng.range_i64(-20, 20) as i128) as u128 & m;
    }
    let dowhile = rng.below(3) == 0;
    let mut offset = if dowhile { step } else { 0 };
    let decoy = rng.below(5) == 0;
    if decoy && rng.below(3) == 0 {
        offset = interesting(&mut rng, w);
    }
    let offset_form = add_form(&mut rng, ty, offset);
    let mut case = Case {
        id,
        ty,
        kind: Kind::ScfFor { unsigned: false },
        inits,
        tested,
        offset,
        offset_form,
        pred,
        counter_lhs: rng.below(2) == 0,
        bound,
        yields: Vec::new(),
        ub: 0,
        step,
        accesses: Vec::new(),
        outer: if rng.below(5) == 0 { Some(1 + rng.below(3)) } else { None },
        use_index_cmp: ty.index && rng.below(2) == 0,
        bound_inside: rng.below(4) == 0,
        iw: if index32 { 32 } else { 64 },
        nested: false,
        outer_form: OuterForm::ScfFor,
        oow: None,
        wide: None,
    };
    let random_expr = |rng: &mut Rng, k: usize| -> Expr {
        match rng.below(6) {
            0 => Expr::Const(interesting(rng, w)),
            1 => Expr::Select {
                src: rng.below(k as u64) as usize,
                k: interesting(rng, w),
                c1: step_value(rng, w),
                c2: step_value(rng, w),
            },
            _ => {
                let c = step_value(rng, w);
                Expr::Add { src: rng.below(k as u64) as usize, c, form: add_form(rng, ty, c) }
            }
        }
    };
    if kind_pick < 8 {
        // scf.while (0..6) or counted loom.loop (6, 7).
        let is_while = kind_pick < 6;
        let (perm, fo): (Vec<usize>, Vec<u128>) = if is_while {
            let mut perm: Vec<usize> = (0..k).collect();
            for i in (1..k).rev() {
                let j = rng.below(i as u64 + 1) as usize;
                perm.swap(i, j);
            }
            if decoy && rng.below(3) == 0 {
                perm[rng.below(k as u64) as usize] = rng.below(k as u64) as usize;
            }
            let fo = (0..k)
                .map(|p| {
                    if perm[p] == tested && rng.below(2) == 0 {
                        offset
                    } else if rng.below(6) == 0 {
                        step_value(&mut rng, w)
                    } else {
                        0
                    }
                })
                .collect();
            (perm, fo)
        } else {
            ((0..k).collect(), vec![0; k])
        };
        let mut yields: Vec<Expr> = (0..k).map(|_| random_expr(&mut rng, k)).collect();
        // The counter's next value: through a forwarded copy of it.
        let carrier = (0..k).find(|&p| perm[p] == tested);
        if let (Some(p), false) = (carrier, decoy && rng.below(2) == 0) {
            let c = step.wrapping_sub(fo[p]) & m;
            yields[tested] = Expr::Add { src: p, c, form: add_form(&mut rng, ty, c) };
        }
        case.yields = yields;
        case.kind = if is_while {
            Kind::While { perm, fo }
        } else {
            Kind::LoomLoop { guard_form: if rng.below(12) == 0 { 2 } else { rng.below(2) as u8 } }
        };
    } else {
        case.ub = bound;
        case.offset = 0;
        case.tested = 0;
        case.inits.truncate(1);
        if kind_pick == 8 {
            let unsigned = rng.below(2) == 0;
            case.kind = Kind::ScfFor { unsigned };
        } else {
            // loom.for: the verifier wants a positive constant step.
            if to_signed(case.step, w) <= 0 {
                case.step = 1;
            }
            let brk = (rng.below(2) == 0).then(|| (case.inits[0] as i128 + rng.range_i64(0, 6) as i128) as u128 & m);
            case.kind = Kind::LoomFor { brk };
        }
        if w == 1 {
            // No positive signed i1 step exists; keep i1 for scf.for unsigned.
            case.kind = Kind::ScfFor { unsigned: true };
            case.step = 1;
        }
    }
    // Accesses.
    let n_acc = rng.below(3) as usize;
    let carried = match case.kind {
        Kind::While { .. } | Kind::LoomLoop { .. } => k,
        _ => 1,
    };
    for _ in 0..n_acc {
        let is_for = matches!(case.kind, Kind::ScfFor { .. } | Kind::LoomFor { .. });
        let place = if is_for || rng.below(2) == 0 { Place::Body } else { Place::Condition };
        let src =
            if case.outer.is_some() && rng.below(5) == 0 { usize::MAX } else { rng.below(carried as u64) as usize };
        let c = if rng.below(2) == 0 { 0 } else { (rng.range_i64(-4, 4) as i128 as u128) & m };
        let size = 1 + rng.below(20);
        let op = match rng.below(5) {
            0 => AccessOp::Load,
            1 => AccessOp::VectorLoad(1 + rng.below(4)),
            2 => {
                let other_size = 1 + rng.below(3);
                AccessOp::Store2D { dim: rng.below(2) as usize, other: rng.below(other_size), other_size }
            }
            _ => AccessOp::Store,
        };
        let guard = (rng.below(3) == 0).then(|| Guard {
            pred: ordered_predicate(&mut rng),
            on_index: rng.below(2) == 0,
            c: if rng.below(2) == 0 { rng.below(24) as u128 } else { interesting(&mut rng, w) },
            in_then: rng.below(3) != 0,
        });
        case.accesses.push(Access { place, src, c, sext: rng.below(2) == 0, op, size, guard });
    }
    case
}
