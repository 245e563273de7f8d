//! The symbolic fuzzer's parallel loops: `scf.parallel`, `scf.forall` and
//! `affine.parallel` cases (alone, around, inside or beside a loop of the
//! base generator), nests of them as upstream's tiling makes them, and
//! dimensions near the 32-bit limits for the nested 32-bit module.
//!
//! Invariants: a parallel loop has 1 to 3 dimensions; an `affine.parallel`
//! sits at the function's top level or directly in another one, and its
//! bounds are expressible as affine maps of values defined there (else it
//! is demoted to `scf.parallel`); steps are constants 1..5 or, as a near
//! miss, an argument.

use crate::int::{mask, to_signed, Predicate};
use crate::rng::Rng;

use super::generate::{flags, gen_leaf, gen_loop, gen_val, pick_arg, small_const, Ctx};
use super::model::{simple_loop, ArithOp, Flags, LoopDesc, MinMaxOp, ParDim, ParKind, Shape, Val};

/// A case with a parallel loop `P` (index only): `[P]`, `P` around a loop
/// of the existing generator (whose bounds may use `P`'s first induction
/// variable), `P` inside such a loop, or `P` beside one.
pub(super) fn gen_parallel_case(rng: &mut Rng, cx: &mut Ctx) -> Vec<LoopDesc> {
    cx.outers.clear();
    match rng.below(8) {
        0..=2 => vec![gen_parallel(rng, cx, None)],
        3 | 4 => {
            let p = gen_parallel(rng, cx, None);
            cx.outers = vec![0];
            let inner = gen_loop(rng, cx, Some(0));
            cx.outers.clear();
            vec![p, inner]
        }
        5 => {
            let outer = gen_loop(rng, cx, None);
            vec![outer, gen_parallel(rng, cx, Some(0))]
        }
        6 => {
            let p = gen_parallel(rng, cx, None);
            vec![p, gen_loop(rng, cx, None)]
        }
        _ => {
            let l = gen_loop(rng, cx, None);
            vec![l, gen_parallel(rng, cx, None)]
        }
    }
}

/// A bound of a parallel dimension: arguments, `memref.dim`, constants and
/// the sums/differences/min/max [`gen_val`] builds (never an enclosing
/// counter: `cx.outers` is empty).
fn gen_par_bounds(rng: &mut Rng, cx: &Ctx) -> (Val, Val) {
    let w = cx.w;
    // Mostly shapes loom reads (every dimension must be read for the op to
    // be counted), the rest anything the generator builds.
    match rng.below(10) {
        0..=2 => (Val::Const(rng.below(4) as u128), gen_leaf(rng, cx)),
        3 => (Val::Const(rng.below(4) as u128), gen_val(rng, cx, 2)),
        4 | 5 => {
            // `lb + c`, flagged or not.
            let lb = gen_val(rng, cx, 1);
            let c = rng.range_u64(1, 20) as u128;
            let ub = Val::Arith { op: ArithOp::Add, a: Box::new(lb.clone()), c, flags: flags(rng), const_left: false };
            (lb, ub)
        }
        6 => {
            // lb >= ub: no iteration (unless the difference wraps).
            if rng.below(2) == 0 {
                let ub = rng.below(6) as u128;
                (Val::Const(ub + rng.below(4) as u128), Val::Const(ub))
            } else {
                let lb = gen_leaf(rng, cx);
                let c = rng.range_u64(0, 6) as u128;
                let ub =
                    Val::Arith { op: ArithOp::Sub, a: Box::new(lb.clone()), c, flags: Flags::None, const_left: false };
                (lb, ub)
            }
        }
        7 => (Val::Const(small_const(rng, w)), gen_val(rng, cx, 1)),
        8 => (gen_leaf(rng, cx), gen_leaf(rng, cx)),
        _ => (gen_val(rng, cx, 2), gen_val(rng, cx, 2)),
    }
}

/// An `scf.parallel` (or `scf.forall`) of 1 to 3 dimensions; steps 1..5,
/// sometimes (the near miss that must stay unknown) a function argument.
fn gen_parallel(rng: &mut Rng, cx: &Ctx, parent: Option<usize>) -> LoopDesc {
    let kind = match rng.below(10) {
        0..=4 if parent.is_none() && rng.below(3) == 0 => ParKind::AffineParallel,
        0..=4 => ParKind::Parallel,
        5 | 6 => ParKind::ForallIn,
        _ => ParKind::ForallRange,
    };
    gen_parallel_of(rng, cx, parent, kind)
}

/// [`gen_parallel`] of a given kind.
fn gen_parallel_of(rng: &mut Rng, cx: &Ctx, parent: Option<usize>, kind: ParKind) -> LoopDesc {
    let n = 1 + rng.below(3) as usize;
    let mut dims = Vec::new();
    for _ in 0..n {
        let argument_step = !matches!(kind, ParKind::ForallIn | ParKind::AffineParallel);
        let step = if argument_step && !cx.scalars.is_empty() && rng.below(12) == 0 {
            Val::Arg(*rng.choose(&cx.scalars).expect("non-empty"))
        } else {
            Val::Const(rng.range_u64(1, 5) as u128)
        };
        let d = match kind {
            ParKind::ForallIn => {
                let ub = if rng.below(3) == 0 { Val::Const(rng.below(7) as u128) } else { gen_par_bounds(rng, cx).1 };
                par_dim(rng, kind, cx.w, Val::Const(0), ub, step)
            }
            _ => {
                let (lb, ub) = gen_par_bounds(rng, cx);
                par_dim(rng, kind, cx.w, lb, ub, step)
            }
        };
        dims.push(d);
    }
    LoopDesc {
        parent,
        shape: Shape::Parallel { kind },
        init: Val::Const(0),
        bound: Val::Const(0),
        step: 1,
        pred: Predicate::Slt,
        counter_lhs: true,
        brk: None,
        sub_step: false,
        dims,
    }
}

/// A dimension of a parallel loop of `kind`, its static parts (literals
/// in the op's syntax) chosen: `scf.forall in` has lower bounds 0 and
/// steps 1 (`lb`, `step` ignored) and its constant upper bounds are mostly
/// literals; `scf.forall`'s other constants are often literals;
/// `affine.parallel`'s steps are always (integers in its syntax).
pub(super) fn par_dim(rng: &mut Rng, kind: ParKind, w: u32, lb: Val, ub: Val, step: Val) -> ParDim {
    if kind == ParKind::ForallIn {
        let static_ub = matches!(ub, Val::Const(_)) && rng.below(4) != 0;
        return ParDim { lb: Val::Const(0), ub, step: Val::Const(1), static_lb: true, static_ub, static_step: true };
    }
    let forall = kind == ParKind::ForallRange;
    // A literal equal to i64::MIN would be MLIR's marker of a dynamic
    // part: that constant stays an operand.
    let literal = |c: u128| to_signed(c, w) != i128::from(i64::MIN);
    let lit = |v: &Val, rng: &mut Rng| forall && matches!(v, Val::Const(c) if literal(*c)) && rng.below(3) != 0;
    let static_lb = lit(&lb, rng);
    let static_ub = lit(&ub, rng);
    let static_step = kind == ParKind::AffineParallel || lit(&step, rng);
    ParDim { lb, ub, step, static_lb, static_ub, static_step }
}

/// An `affine.parallel` becomes an `scf.parallel` (no static parts) where
/// its bounds are not valid affine ones: inside the control-flow wrapper,
/// or nested in an `scf.parallel`/`scf.forall`, or (nested in another
/// `affine.parallel`) with a bound that has no affine form.
pub(super) fn demote_affine(d: &mut LoopDesc) {
    if d.shape == (Shape::Parallel { kind: ParKind::AffineParallel }) {
        d.shape = Shape::Parallel { kind: ParKind::Parallel };
        for dim in &mut d.dims {
            dim.static_lb = false;
            dim.static_ub = false;
            dim.static_step = false;
        }
    }
}

/// An `affine.parallel` nested in another one (its bounds written as
/// affine expressions, see `Emitter::emit_parallel`) stays one only if
/// every bound has an affine form ([`affine_expressible`]).
pub(super) fn settle_affine(d: &mut LoopDesc) {
    if d.parent.is_some() && !d.dims.iter().all(affine_bounds) {
        demote_affine(d);
    }
}

/// Whether a dimension's bounds have affine forms (a max for the lower
/// bound, a min for the upper one: see [`affine_expressible`]).
fn affine_bounds(p: &ParDim) -> bool {
    affine_expressible(&p.lb, Some(MinMaxOp::MaxS), true) && affine_expressible(&p.ub, Some(MinMaxOp::MinS), true)
}

/// A nest of parallel loops, the shape upstream's `scf-parallel-loop-tiling`
/// (and `tile_using_forall` followed by it) makes: an outer parallel loop of
/// any kind ([`gen_parallel`], its dimensions mostly `0 to N step T`) whose
/// body holds an inner one of any kind (`affine.parallel` only inside
/// `affine.parallel`, where its bounds have affine forms) bounded by the
/// outer induction variables ([`gen_inner_bounds`]); sometimes a second
/// inner one beside it, or a loop of the generator inside it.
pub(super) fn gen_parallel_nest(rng: &mut Rng, cx: &mut Ctx) -> Vec<LoopDesc> {
    cx.outers.clear();
    let kinds = [ParKind::Parallel, ParKind::ForallIn, ParKind::ForallRange, ParKind::AffineParallel];
    let kind = kinds[rng.below(5).min(3) as usize];
    let mut outer = gen_parallel_of(rng, cx, None, kind);
    for d in &mut outer.dims {
        if rng.below(3) != 0 {
            let n = if rng.below(4) == 0 { gen_val(rng, cx, 1) } else { gen_leaf(rng, cx) };
            let t = [1u128, 2, 3, 4, 4, 8][rng.below(6) as usize];
            *d = par_dim(rng, kind, cx.w, Val::Const(0), n, Val::Const(t));
        }
    }
    let mut loops = vec![outer];
    for _ in 0..if rng.below(6) == 0 { 2 } else { 1 } {
        let inner = gen_inner_parallel(rng, cx, &loops[0]);
        loops.push(inner);
        if rng.below(6) == 0 {
            let p = loops.len() - 1;
            cx.outers = vec![p, 0];
            let l = gen_loop(rng, cx, Some(p));
            loops.push(l);
            cx.outers.clear();
        }
    }
    loops
}

/// The inner parallel loop of a nest (see [`gen_parallel_nest`]) in
/// `outer` (loop 0): 1 to 3 dimensions, each bounded by one of the outer
/// induction variables.
fn gen_inner_parallel(rng: &mut Rng, cx: &Ctx, outer: &LoopDesc) -> LoopDesc {
    let outer_affine = outer.shape == Shape::Parallel { kind: ParKind::AffineParallel };
    let kind = if outer_affine && rng.below(2) == 0 {
        ParKind::AffineParallel
    } else {
        [ParKind::Parallel, ParKind::Parallel, ParKind::ForallIn, ParKind::ForallRange][rng.below(4) as usize]
    };
    let n = outer.dims.len();
    let m = if rng.below(3) == 0 { 1 + rng.below(3) as usize } else { n };
    let mut d = simple_loop(Shape::Parallel { kind }, Val::Const(0), Val::Const(0), 1);
    d.parent = Some(0);
    for j in 0..m {
        let k = if j < n && rng.below(4) != 0 { j } else { rng.below(n as u64) as usize };
        // An affine.parallel draws again (twice at most) bounds that have
        // no affine form.
        for attempt in 0..3 {
            let (lb, ub, step) = gen_inner_bounds(rng, cx, &outer.dims[k], k);
            let p = par_dim(rng, kind, cx.w, lb, ub, step);
            if kind != ParKind::AffineParallel || affine_bounds(&p) || attempt == 2 {
                d.dims.push(p);
                break;
            }
        }
    }
    settle_affine(&mut d);
    d
}

/// Bounds and step of an inner dimension of a nest from dimension `k` of
/// the outer loop (`od`: `lb to N step T`, its induction variable `%i`):
/// upstream's tile `0 to affine.min(T, N - %i)`; near misses: a tile larger
/// than the step, `min(T, N - %i) + 1`, a step that skips; `%i to %i + c`;
/// `0 to %i` and `%i to N` (the outer variable itself); `%i to min(%i + T,
/// N)`; or bounds that do not depend on `%i`.
fn gen_inner_bounds(rng: &mut Rng, cx: &Ctx, od: &ParDim, k: usize) -> (Val, Val, Val) {
    let iv = Val::Outer(0, k);
    let t = match od.step {
        Val::Const(t) => t,
        _ => 4,
    };
    let n = od.ub.clone();
    let tile = |c: u128| Val::AffineMin { c, n: Box::new(n.clone()), iv: Box::new(iv.clone()) };
    let plus =
        |a: Val, c: u128, flags: Flags| Val::Arith { op: ArithOp::Add, a: Box::new(a), c, flags, const_left: false };
    let one = Val::Const(1);
    match rng.below(12) {
        0..=3 => (Val::Const(0), tile(t), one),
        4 => (Val::Const(0), tile(t + rng.range_u64(1, 4) as u128), one),
        5 => (Val::Const(0), plus(tile(t), 1, Flags::None), one),
        6 => (Val::Const(0), tile(t), Val::Const(rng.range_u64(2, 3) as u128)),
        7 => {
            let c = if rng.below(2) == 0 { t } else { rng.range_u64(1, 8) as u128 };
            (iv.clone(), plus(iv, c, flags(rng)), one)
        }
        8 => (Val::Const(0), iv, one),
        9 => (iv, n, one),
        10 => {
            let end = Val::MinMax { op: MinMaxOp::MinS, a: Box::new(plus(iv.clone(), t, Flags::None)), b: Box::new(n) };
            (iv, end, one)
        }
        _ => {
            let (lb, ub) = gen_par_bounds(rng, cx);
            (lb, ub, Val::Const(rng.range_u64(1, 3) as u128))
        }
    }
}

/// A dimension of a parallel loop in the nested 32-bit module near its
/// limits, so that the induction variable's final value overflows at 32
/// bits (undefined) for some arguments and not for others, and `%a + c`
/// wraps at 32 bits where it would not at 64: step 3 (or 2 to 5) from
/// near `2^31 - 1` up to a constant there or an argument, or from an
/// argument up to such a constant or the argument plus a constant.
pub(super) fn near_limit_dim(rng: &mut Rng, cx: &Ctx) -> (Val, Val, Val) {
    let smax = mask(cx.w) >> 1;
    let near = |rng: &mut Rng| Val::Const(smax - rng.below(12) as u128);
    let (lb, ub) = match rng.below(4) {
        0 => (near(rng), Val::Const(smax - rng.below(3) as u128)),
        1 => (pick_arg(rng, cx), near(rng)),
        2 => {
            let a = pick_arg(rng, cx);
            let c = rng.range_u64(1, 12) as u128;
            (a.clone(), Val::Arith { op: ArithOp::Add, a: Box::new(a), c, flags: Flags::None, const_left: false })
        }
        _ => (near(rng), pick_arg(rng, cx)),
    };
    let step = if rng.below(3) == 0 { rng.range_u64(2, 5) as u128 } else { 3 };
    (lb, ub, Val::Const(step))
}

/// Whether `v` has an expression of `affine.parallel`'s bound syntax with
/// the same value (`emit::Emitter::affine_expr` writes it): constants,
/// arguments (symbols), `memref.dim` of an argument and the induction
/// variables of an enclosing `affine.parallel` (`outer_affine`; dims), the
/// sums, differences and products by a constant without a flag (lowered to
/// wrapping `arith` ops), and at the top a signed min for an upper bound
/// (`top`: `MinS`; `affine.min`'s tile size too) or max for a lower one.
fn affine_expressible(v: &Val, top: Option<MinMaxOp>, outer_affine: bool) -> bool {
    match v {
        Val::Const(_) | Val::Arg(_) | Val::Dim { .. } => true,
        Val::Outer(..) => outer_affine,
        Val::Arith { a, flags: Flags::None, .. } => affine_expressible(a, None, outer_affine),
        Val::MinMax { op, a, b } => {
            Some(*op) == top && affine_expressible(a, None, outer_affine) && affine_expressible(b, None, outer_affine)
        }
        Val::AffineMin { n, iv, .. } => {
            top == Some(MinMaxOp::MinS)
                && affine_expressible(n, None, outer_affine)
                && affine_expressible(iv, None, outer_affine)
        }
        Val::Arith { .. } | Val::Cast { .. } => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic_fuzz::check::tile_dim;
    use crate::symbolic_fuzz::emit::emit;
    use crate::symbolic_fuzz::generate::generate;
    use crate::symbolic_fuzz::model::SymCase;

    #[test]
    fn parallel_nests_are_generated() {
        let cases: Vec<SymCase> = (0..600).map(generate).collect();
        let is_par = |c: &SymCase, l: usize| !c.loops[l].dims.is_empty();
        let inner =
            |c: &SymCase| (0..c.loops.len()).any(|l| is_par(c, l) && c.loops[l].parent.is_some_and(|p| is_par(c, p)));
        let nests: Vec<&SymCase> = cases.iter().filter(|c| inner(c)).collect();
        assert!(nests.len() > 40, "{} nests", nests.len());
        let text: Vec<String> = nests.iter().map(|c| emit(c, false)).collect();
        assert!(text.iter().any(|t| t.contains("affine.min affine_map<(d0)[s0] -> (")));
        assert!(
            text.iter().any(|t| t.matches("affine.parallel").count() == 2 && t.contains("to (min(")),
            "no affine.parallel nest"
        );
        for kind in [ParKind::Parallel, ParKind::ForallIn, ParKind::ForallRange] {
            assert!(nests.iter().any(|c| c
                .loops
                .iter()
                .skip(1)
                .any(|d| d.shape == Shape::Parallel { kind } && d.parent == Some(0))));
        }
        assert!(nests.iter().any(|c| c.loops[1].dims.iter().any(|p| tile_dim(c, p) == Some(true))));
        // Parallel cases in the 32-bit module, some near its limits.
        let par32: Vec<&SymCase> = cases.iter().filter(|c| c.nested && c.has_parallel()).collect();
        assert!(par32.len() > 20, "{} 32-bit parallel cases", par32.len());
        let near = |v: &Val| matches!(v, Val::Const(c) if (2147483647 - 12..=2147483647).contains(c));
        assert!(par32.iter().any(|c| c.loops.iter().any(|d| d.dims.iter().any(|p| near(&p.lb) || near(&p.ub)))));
    }

    #[test]
    fn parallel_cases_are_generated() {
        let cases: Vec<SymCase> = (0..300).map(generate).collect();
        let par: Vec<&SymCase> = cases.iter().filter(|c| c.has_parallel()).collect();
        assert!(par.len() > 20, "{} parallel cases", par.len());
        for c in &par {
            assert!(c.ty.index);
            for d in c.loops.iter().filter(|d| !d.dims.is_empty()) {
                assert!((1..=3).contains(&d.dims.len()));
                let text = emit(c, false);
                assert!(
                    text.contains("scf.parallel") || text.contains("scf.forall") || text.contains("affine.parallel"),
                    "{text}"
                );
            }
        }
        assert!(par.iter().any(|c| c.loops.iter().any(|d| d.shape == Shape::Parallel { kind: ParKind::ForallIn })));
        assert!(par.iter().any(|c| c.loops.iter().any(|d| d.shape == Shape::Parallel { kind: ParKind::ForallRange })));
        assert!(par
            .iter()
            .any(|c| c.loops.iter().any(|d| d.shape == Shape::Parallel { kind: ParKind::AffineParallel })));
    }
}
