//! Random programs for the bounds fuzzer, a pure function of the seed.
//!
//! Each top-level statement is one template (a 1-D loop, possibly nested;
//! a 2-D nest over `%M`; a binary search; a loop bounded by `%n` under an
//! `scf.if` relating `%n` to a size; a sentinel loop; two counters moving
//! together). Argument sets are
//! chosen by simulation among more candidates (see `arg_sets`). Inside a loop, an access's index is
//! one of a fixed list of relational forms of the counter (see
//! [`Gen::index`]); whether it is safe depends on the loop's bound, start
//! and step and on the guard around it, all drawn independently, which
//! gives roughly as many safe accesses as near misses. The optional
//! templates (the context shapes, the pipeline shapes, the more pipeline shapes)
//! come from random streams of their own, see [`generate_with`].

use super::model::{
    AccKind, Access, AffMap, ArgSet, BoundsCase, Buf, ClaimStart, Cond, DivOp, ForKind, Ix, Lin, ParKind, Scalar,
    Search, Stmt, SvSize, Var,
};
use super::simulate::{simulate_with, SimOutcome};
use super::ARG_SETS;
use crate::int::Predicate;
use crate::rng::Rng;
use std::collections::HashSet;

/// What an enclosing loop offers the templates of its body.
#[derive(Clone, Debug)]
struct LoopCx {
    var: Var,
    /// The buffer and dimension the loop walks.
    buf: Buf,
    k: usize,
    /// The loop's bound (exclusive for upward loops).
    bound: Ix,
    /// Whether the loop is a loom loop (its body may hold exits).
    loom: bool,
}

struct Gen {
    rng: Rng,
    vars: usize,
    accesses: Vec<(AccKind, Buf)>,
    subviews: usize,
}

impl Gen {
    fn var(&mut self) -> Var {
        self.vars += 1;
        self.vars - 1
    }

    /// The next subview, `view = subview src[off..][size..][1, ..]`.
    fn subview(&mut self, view: Buf, src: Buf, off: Vec<Ix>, size: Vec<SvSize>) -> Stmt {
        self.subviews += 1;
        Stmt::Subview { k: self.subviews, view, src, off, size }
    }

    fn access(&mut self, kind: AccKind, buf: Buf, idx: Vec<Ix>) -> Access {
        self.accesses.push((kind, buf));
        Access { id: self.accesses.len(), kind, buf, idx }
    }

    fn small(&mut self) -> i64 {
        self.rng.range_i64(1, 3)
    }

    /// A kind of access: half scalar, half vector-ish when `vectors`.
    fn kind(&mut self, vectors: bool) -> AccKind {
        let n = if self.rng.chance(1, 2) { 2 } else { 4 };
        match self.rng.below(if vectors { 10 } else { 5 }) {
            0..=2 => AccKind::Load,
            3 | 4 => AccKind::Store,
            5 => AccKind::VLoad(n),
            6 => AccKind::VStore(n),
            7 | 8 => AccKind::TRead(n),
            _ => AccKind::TWrite(n),
        }
    }

    /// An index related to the counter of `cx` (and maybe of `outer`'s).
    fn index(&mut self, cx: &LoopCx, outer: &[LoopCx], extent: i64) -> Ix {
        let v = Ix::var(cx.var);
        let dim = Ix::Dim(cx.buf, cx.k);
        let c = self.small();
        match self.rng.below(17) {
            0..=3 => v,
            4 if self.rng.chance(1, 3) => v.add_nsw(c),
            4 => v.add_c(c),
            5 => v.add_c(-c),
            // dim - 1 - i, written two ways.
            6 => {
                if self.rng.chance(1, 2) {
                    dim.add_c(-1).minus(v)
                } else {
                    dim.minus(v.add_c(1))
                }
            }
            7 => cx.bound.clone().add_c(-1).minus(v),
            8 => Ix::MulC(Box::new(v), 2).add_c(self.rng.below(2) as i64),
            9 => Ix::Min(Box::new(v.add_c(c)), Box::new(dim.add_c(-extent))),
            10 => Ix::Max(Box::new(v.add_c(-c)), Box::new(Ix::Const(0))),
            11 => {
                let cond = Cond { pred: Predicate::Slt, a: v.clone().add_c(c + extent - 1), b: dim };
                Ix::Select(Box::new(cond), Box::new(v.clone().add_c(c)), Box::new(v))
            }
            12 => Ix::ShrUI(Box::new(v.add_c(c - 1)), 1),
            13 => Ix::DivSI(Box::new(v.plus(cx.bound.clone())), 2),
            14 => v.plus(Ix::Arg(Scalar::M)),
            15 => match outer.last() {
                Some(o) => v.plus(Ix::var(o.var)),
                None => v,
            },
            // Clamped for a vector: min(i, dim - extent).
            _ => Ix::Min(Box::new(v), Box::new(dim.add_c(-extent))),
        }
    }

    /// A guard for an access of `extent` elements at `e` in `buf` (dim k):
    /// usually `e + extent - 1 < dim`, sometimes a near miss.
    fn guard(&mut self, e: &Ix, buf: Buf, k: usize, extent: i64) -> Cond {
        let last = e.clone().add_c(extent - 1);
        let dim = Ix::Dim(buf, k);
        match self.rng.below(10) {
            0..=3 => Cond { pred: Predicate::Slt, a: last, b: dim },
            4 | 5 => Cond { pred: Predicate::Ult, a: last, b: dim },
            6 => Cond { pred: Predicate::Sgt, a: dim, b: last },
            7 => Cond { pred: Predicate::Sle, a: last, b: dim },
            8 => Cond { pred: Predicate::Slt, a: last, b: Ix::Dim(buf.other(), 0) },
            _ => Cond { pred: Predicate::Slt, a: e.clone(), b: dim },
        }
    }

    /// Statements of a loop body.
    fn body(&mut self, cx: &LoopCx, outer: &[LoopCx], depth: u32) -> Vec<Stmt> {
        let mut out = Vec::new();
        for _ in 0..self.rng.range_u64(1, 3) {
            let r = self.rng.below(100);
            if (74..88).contains(&r) && depth < 2 {
                let mut all = outer.to_vec();
                all.push(cx.clone());
                out.push(self.loop1(&all, depth + 1));
                continue;
            }
            let kind = self.kind(true);
            let buf = if self.rng.chance(1, 7) { cx.buf.other() } else { cx.buf };
            let e = self.index(cx, outer, kind.extent());
            let acc = Stmt::Access(self.access(kind, buf, vec![e.clone()]));
            if (50..62).contains(&r) {
                let cond = self.guard(&e, buf, 0, kind.extent());
                let els = if self.rng.chance(1, 4) {
                    let k = self.kind(false);
                    vec![Stmt::Access(self.access(k, buf, vec![e.clone()]))]
                } else {
                    Vec::new()
                };
                out.push(Stmt::If { cond, then: vec![acc], els });
            } else if (62..74).contains(&r) && cx.loom {
                let hi = Cond {
                    pred: if self.rng.chance(1, 6) { Predicate::Sgt } else { Predicate::Sge },
                    a: e.clone().add_c(kind.extent() - 1),
                    b: Ix::Dim(buf, 0),
                };
                // Sometimes the branch exits only when %m is small too.
                let only_if = self.rng.chance(1, 5).then(|| Cond {
                    pred: Predicate::Slt,
                    a: Ix::Arg(Scalar::M),
                    b: Ix::Const(self.rng.range_i64(0, 4)),
                });
                out.push(Stmt::Exit { cond: hi, target: cx.var, cont: self.rng.chance(1, 3), only_if });
                if self.rng.chance(1, 2) {
                    let lo = Cond { pred: Predicate::Slt, a: e, b: Ix::Const(0) };
                    out.push(Stmt::Exit { cond: lo, target: cx.var, cont: false, only_if: None });
                }
                out.push(acc);
            } else {
                out.push(acc);
            }
        }
        out
    }

    /// A bound for a 1-D loop over `buf`.
    fn bound(&mut self, buf: Buf, outer: &[LoopCx]) -> Ix {
        let d = Ix::Dim(buf, 0);
        let c = self.small();
        match self.rng.below(100) {
            0..=39 => d,
            40..=49 => d.add_c(-c),
            50..=57 => d.add_nsw(-c),
            58..=71 => Ix::Arg(Scalar::N),
            72..=79 => Ix::Min(Box::new(Ix::Arg(Scalar::N)), Box::new(d)),
            80..=85 => Ix::Dim(buf.other(), 0),
            86..=89 => d.add_c(1),
            90 | 91 => Ix::ShrUI(Box::new(d), 1),
            92 | 93 => Ix::DivSI(Box::new(d), 2),
            _ => match outer.last() {
                Some(o) => Ix::var(o.var),
                None => d,
            },
        }
    }

    /// A 1-D loop (and its body) inside `outer`.
    fn loop1(&mut self, outer: &[LoopCx], depth: u32) -> Stmt {
        let buf = if self.rng.chance(3, 4) { Buf::A } else { Buf::B };
        let bound = self.bound(buf, outer);
        self.loop1_with(outer, depth, buf, bound)
    }

    fn loop1_with(&mut self, outer: &[LoopCx], depth: u32, buf: Buf, bound: Ix) -> Stmt {
        let c = self.small();
        let lb = match self.rng.below(100) {
            0..=64 => Ix::Const(0),
            65..=81 => Ix::Const(c),
            82..=89 => Ix::Arg(Scalar::M),
            _ => match outer.last() {
                Some(o) => Ix::var(o.var),
                None => Ix::Const(0),
            },
        };
        let step = match self.rng.below(10) {
            0..=6 => 1,
            7 | 8 => 2,
            _ => 3,
        };
        let var = self.var();
        let shape = self.rng.below(100);
        let loom = (35..55).contains(&shape) || (72..85).contains(&shape) || (shape >= 85 && shape.is_multiple_of(2));
        let cx = LoopCx { var, buf, k: 0, bound: bound.clone(), loom };
        let body = self.body(&cx, outer, depth);
        let v = Ix::var(var);
        match shape {
            0..=34 => Stmt::For { kind: ForKind::Scf, var, lb, ub: bound, step, body },
            35..=54 => Stmt::For { kind: ForKind::Loom, var, lb, ub: bound, step, body },
            55..=84 => {
                let pred = match self.rng.below(20) {
                    0..=11 => Predicate::Slt,
                    12 | 13 => Predicate::Ult,
                    14..=16 => Predicate::Sle,
                    _ => Predicate::Ne,
                };
                let cond = Cond { pred, a: v, b: bound };
                if loom {
                    Stmt::Loop { var, init: lb, exit: negate(cond), step, body }
                } else {
                    Stmt::While { var, init: lb, cond, step, body }
                }
            }
            _ => {
                // Reversed: from bound - 1 (or, a near miss, bound) down to lb.
                let init = if self.rng.chance(4, 5) { bound.add_c(-1) } else { bound };
                let pred = if self.rng.chance(5, 6) { Predicate::Sge } else { Predicate::Sgt };
                let floor = if pred == Predicate::Sgt { lb.add_c(-1) } else { lb };
                let cond = Cond { pred, a: v, b: floor };
                if loom {
                    Stmt::Loop { var, init, exit: negate(cond), step: -step, body }
                } else {
                    Stmt::While { var, init, cond, step: -step, body }
                }
            }
        }
    }

    /// A 2-D nest over `%M`.
    fn nest2(&mut self) -> Stmt {
        let c = self.small();
        let b0 = match self.rng.below(20) {
            0..=11 => Ix::Dim(Buf::M, 0),
            12..=14 => Ix::Dim(Buf::M, 1),
            15..=17 => Ix::Dim(Buf::M, 0).add_c(-1),
            _ => Ix::Arg(Scalar::N),
        };
        let b1 = match self.rng.below(20) {
            0..=10 => Ix::Dim(Buf::M, 1),
            11..=13 => Ix::Dim(Buf::M, 0),
            14..=17 => Ix::Dim(Buf::M, 1).add_c(-c),
            _ => Ix::Dim(Buf::M, 1).add_c(1),
        };
        let (vi, vj) = (self.var(), self.var());
        let kinds = [self.for_kind(), self.for_kind()];
        let cx0 = LoopCx { var: vi, buf: Buf::M, k: 0, bound: b0.clone(), loom: false };
        let cx1 = LoopCx { var: vj, buf: Buf::M, k: 1, bound: b1.clone(), loom: false };
        let mut body = Vec::new();
        for _ in 0..self.rng.range_u64(1, 2) {
            let kind = self.kind(true);
            let i0 = if self.rng.chance(3, 4) { Ix::var(vi) } else { self.index(&cx0, &[], 1) };
            let i1 = self.index(&cx1, std::slice::from_ref(&cx0), kind.extent());
            let acc = Stmt::Access(self.access(kind, Buf::M, vec![i0.clone(), i1.clone()]));
            if self.rng.chance(1, 5) {
                let cond = self.guard(&i1, Buf::M, 1, kind.extent());
                body.push(Stmt::If { cond, then: vec![acc], els: Vec::new() });
            } else {
                body.push(acc);
            }
        }
        let inner = Stmt::For { kind: kinds[1], var: vj, lb: Ix::Const(0), ub: b1, step: 1, body };
        Stmt::For { kind: kinds[0], var: vi, lb: Ix::Const(0), ub: b0, step: 1, body: vec![inner] }
    }

    fn for_kind(&mut self) -> ForKind {
        if self.rng.chance(1, 3) {
            ForKind::Loom
        } else {
            ForKind::Scf
        }
    }

    /// A binary search over `%A` or `%B`.
    fn search(&mut self) -> Stmt {
        let buf = if self.rng.chance(4, 5) { Buf::A } else { Buf::B };
        let d = Ix::Dim(buf, 0);
        let other = Ix::Dim(buf.other(), 0);
        let inclusive = self.rng.chance(1, 2);
        let (pred, init_hi) = if inclusive {
            let pred = if self.rng.chance(4, 5) { Predicate::Sle } else { Predicate::Slt };
            let hi = match self.rng.below(20) {
                0..=12 => d.add_c(-1),
                13..=15 => d,
                16 | 17 => Ix::Arg(Scalar::N),
                _ => other.add_c(-1),
            };
            (pred, hi)
        } else {
            let pred = if self.rng.chance(9, 10) { Predicate::Slt } else { Predicate::Ne };
            let hi = match self.rng.below(20) {
                0..=12 => d,
                13 | 14 => d.add_c(1),
                15 | 16 => Ix::Arg(Scalar::N),
                _ => other,
            };
            (pred, hi)
        };
        let init_lo = match self.rng.below(10) {
            0..=7 => Ix::Const(0),
            8 => Ix::Arg(Scalar::M),
            _ => Ix::Const(1),
        };
        let (lo, hi, mid) = (self.var(), self.var(), self.var());
        let (l, h) = (Ix::var(lo), Ix::var(hi));
        let mid_expr = match self.rng.below(4) {
            0 => l.clone().plus(Ix::ShrUI(Box::new(h.minus(l)), 1)),
            1 => l.clone().plus(Ix::DivSI(Box::new(h.minus(l)), 2)),
            2 => Ix::ShrUI(Box::new(l.plus(h)), 1),
            _ => Ix::DivSI(Box::new(l.plus(h)), 2),
        };
        let mut body = Vec::new();
        for _ in 0..self.rng.below(3) {
            let m = Ix::var(mid);
            let e = match self.rng.below(6) {
                0 => m.add_c(1),
                1 => m.add_c(-1),
                2 => Ix::var(lo),
                3 => Ix::var(hi),
                4 => Ix::var(hi).add_c(-1),
                _ => m,
            };
            let kind = self.kind(false);
            let b = if self.rng.chance(1, 6) { buf.other() } else { buf };
            body.push(Stmt::Access(self.access(kind, b, vec![e])));
        }
        let probe = self.access(AccKind::Load, buf, vec![Ix::var(mid)]);
        let grow = self.rng.chance(1, 8);
        Stmt::Search(Box::new(Search { lo, hi, mid, init_lo, init_hi, pred, mid_expr, inclusive, grow, body, probe }))
    }

    /// Two counters moving together: `%j` starts at `c` (or `%m`) and
    /// steps by 1 (or, a near miss, 2) beside `%i`; accesses at `%j - c`,
    /// `%j`, `%j - c - 1`, `%i`.
    fn pair(&mut self) -> Stmt {
        let buf = if self.rng.chance(3, 4) { Buf::A } else { Buf::B };
        let bound = self.bound(buf, &[]);
        let c = self.rng.range_i64(0, 2);
        let init_j = if self.rng.chance(7, 8) { Ix::Const(c) } else { Ix::Arg(Scalar::M) };
        let step_j = if self.rng.chance(4, 5) { 1 } else { 2 };
        let (i, j) = (self.var(), self.var());
        let mut body = Vec::new();
        for _ in 0..self.rng.range_u64(1, 2) {
            let e = match self.rng.below(8) {
                0..=3 => Ix::var(j).add_c(-c),
                4 => Ix::var(j),
                5 | 6 => Ix::var(j).add_c(-c - 1),
                _ => Ix::var(i),
            };
            let kind = self.kind(false);
            body.push(Stmt::Access(self.access(kind, buf, vec![e])));
        }
        Stmt::Pair { i, j, bound, init_j, step_j, body }
    }

    /// A sentinel loop over `%A` or `%B`, its load guarded or not.
    fn sentinel(&mut self) -> Stmt {
        let buf = if self.rng.chance(3, 4) { Buf::A } else { Buf::B };
        let var = self.var();
        let guarded = self.rng.chance(1, 2);
        let probe = self.access(AccKind::Load, buf, vec![Ix::var(var)]);
        let mut body = Vec::new();
        if self.rng.chance(1, 2) {
            let kind = self.kind(false);
            let e = if self.rng.chance(2, 3) { Ix::var(var) } else { Ix::var(var).add_c(1) };
            body.push(Stmt::Access(self.access(kind, buf, vec![e])));
        }
        Stmt::Sentinel { var, buf, guarded, probe, body }
    }

    /// A loop bounded by `%n` under `scf.if (%n pred size)`.
    fn guarded_loop(&mut self) -> Stmt {
        let buf = if self.rng.chance(3, 4) { Buf::A } else { Buf::B };
        let n = Ix::Arg(Scalar::N);
        let cond = match self.rng.below(10) {
            0..=3 => Cond { pred: Predicate::Sle, a: n.clone(), b: Ix::Dim(buf, 0) },
            4 => Cond { pred: Predicate::Ule, a: n.clone(), b: Ix::Dim(buf, 0) },
            5 => Cond { pred: Predicate::Sge, a: Ix::Dim(buf, 0), b: n.clone() },
            6 => Cond { pred: Predicate::Slt, a: n.clone(), b: Ix::Dim(buf, 0) },
            7 => Cond { pred: Predicate::Sle, a: n.clone(), b: Ix::Dim(buf, 0).add_c(1) },
            _ => Cond { pred: Predicate::Sle, a: n.clone(), b: Ix::Dim(buf.other(), 0) },
        };
        let inner = self.loop1_with(&[], 0, buf, n);
        Stmt::If { cond, then: vec![inner], els: Vec::new() }
    }
}

/// `(d0)[s0] -> (T, s0 - d0 + extra)`(%i)[d]: tiling's tile size (`extra`
/// 1 is a near miss).
pub(super) fn tile_size(t: i64, extra: i64, i: Var, d: Ix) -> Ix {
    let rest = Lin { c: extra, d: vec![-1], s: vec![1] };
    Ix::Affine(Box::new(AffMap { min: true, results: vec![Lin::c(t), rest], dims: vec![Ix::Var(i)], syms: vec![d] }))
}

/// The `scf.for` `s` as the parallel loop `kind` (`in (ub)` only from 0
/// by 1; else as `= (lb) to (ub) step (s)`); other statements unchanged.
fn to_par(s: Stmt, kind: ParKind) -> Stmt {
    match s {
        Stmt::For { kind: ForKind::Scf, var, lb, ub, step, body } => {
            let kind = match kind {
                ParKind::ForallIn { static_consts } if lb != Ix::Const(0) || step != 1 => {
                    ParKind::Forall { static_consts }
                }
                k => k,
            };
            Stmt::Par { kind, vars: vec![var], lbs: vec![lb], ubs: vec![ub], steps: vec![step], body }
        }
        other => other,
    }
}

/// `(d0, d1) -> (d0 + d1)`(a, b).
fn apply_sum(a: Ix, b: Ix) -> Ix {
    let l = Lin { c: 0, d: vec![1, 1], s: Vec::new() };
    Ix::Affine(Box::new(AffMap { min: false, results: vec![l], dims: vec![a, b], syms: Vec::new() }))
}

/// `() -> (c)`.
pub(super) fn const_map(c: i64) -> AffMap {
    AffMap { min: false, results: vec![Lin::c(c)], dims: Vec::new(), syms: Vec::new() }
}

/// `()[s0] -> (s0 + c)`[d].
pub(super) fn sym_map(d: Ix, c: i64) -> AffMap {
    sym_lin(c, vec![1], vec![d])
}

/// `()[s0, ..] -> (c + coefficients · (s0, ..))`[syms].
pub(super) fn sym_lin(c: i64, coefficients: Vec<i64>, syms: Vec<Ix>) -> AffMap {
    AffMap { min: false, results: vec![Lin { c, d: Vec::new(), s: coefficients }], dims: Vec::new(), syms }
}

/// The templates of the IR upstream pipelines produce (`mod.rs`).
impl Gen {
    fn pipeline_template(&mut self) -> Stmt {
        match self.rng.below(100) {
            0..=17 => self.par1(),
            18..=28 => self.par2(),
            29..=53 => self.tile(),
            54..=73 => self.affine(),
            74..=85 => self.div_loop(),
            _ => self.alloc(),
        }
    }

    /// An index of `v` through an affine division (see `DivOp`): `v
    /// floordiv 2`, `v mod 4`, `(v + 1) ceildiv 2`, `(v + c) floordiv 2`,
    /// `dim - 1 - v floordiv 2`, `v - v mod 2`.
    fn div_index(&mut self, v: Ix, dim: Ix) -> Ix {
        let d = |x: Ix, op, k| Ix::AffDiv(Box::new(x), op, k);
        match self.rng.below(7) {
            0 => d(v, DivOp::FloorDiv, 2),
            1 => d(v, DivOp::Mod, 4),
            2 => d(v.add_c(1), DivOp::CeilDiv, 2),
            3 => {
                let c = self.small();
                d(v.add_c(c), DivOp::FloorDiv, 2)
            }
            4 => dim.add_c(-1).minus(d(v, DivOp::FloorDiv, 2)),
            5 => v.clone().minus(d(v, DivOp::Mod, 2)),
            _ => d(v, DivOp::CeilDiv, 3),
        }
    }

    /// `scf.for %i = lb to bound step s` (lb 0, c or `%m`, which may be
    /// negative) over an index through `affine.apply` of a floordiv,
    /// ceildiv or mod (what lower-affine expands into `divsi`/`remsi` and
    /// selects).
    fn div_loop(&mut self) -> Stmt {
        let buf = if self.rng.chance(3, 4) { Buf::A } else { Buf::B };
        let bound = self.bound(buf, &[]);
        let lb = match self.rng.below(10) {
            0..=5 => Ix::Const(0),
            6 | 7 => Ix::Arg(Scalar::M),
            _ => Ix::Const(-self.small()),
        };
        let step = self.rng.range_i64(1, 2);
        let var = self.var();
        let mut body = Vec::new();
        for _ in 0..self.rng.range_u64(1, 2) {
            let e = self.div_index(Ix::var(var), Ix::Dim(buf, 0));
            let kind = self.kind(true);
            let acc = Stmt::Access(self.access(kind, buf, vec![e.clone()]));
            if self.rng.chance(1, 4) {
                let cond = self.guard(&e, buf, 0, kind.extent());
                body.push(Stmt::If { cond, then: vec![acc], els: Vec::new() });
            } else {
                body.push(acc);
            }
        }
        let kind = if self.rng.chance(3, 4) { ForKind::Scf } else { ForKind::Loom };
        Stmt::For { kind, var, lb, ub: bound, step, body }
    }

    fn par_kind(&mut self) -> ParKind {
        let static_consts = self.rng.chance(1, 2);
        match self.rng.below(3) {
            0 => ParKind::Parallel,
            1 => ParKind::Forall { static_consts },
            _ => ParKind::ForallIn { static_consts },
        }
    }

    /// A 1-D `scf.parallel`/`scf.forall` over `%A` or `%B`; a third of the
    /// stepped ones step by 4 and read `%i + c` (c = 0..3: out of bounds
    /// for c > 0 when the bound is no multiple of 4).
    fn par1(&mut self) -> Stmt {
        let buf = if self.rng.chance(3, 4) { Buf::A } else { Buf::B };
        let kind = self.par_kind();
        let ub = self.bound(buf, &[]);
        let (lb, step) = if matches!(kind, ParKind::ForallIn { .. }) {
            (Ix::Const(0), 1)
        } else {
            let lb = match self.rng.below(10) {
                0..=6 => Ix::Const(0),
                7 | 8 => Ix::Const(self.small()),
                _ => Ix::Arg(Scalar::M),
            };
            (lb, self.rng.range_i64(1, 4))
        };
        let var = self.var();
        let cx = LoopCx { var, buf, k: 0, bound: ub.clone(), loom: false };
        let body = if step == 4 && self.rng.chance(1, 2) {
            let kind = self.kind(true);
            let c = self.rng.range_i64(0, 3);
            let e = Ix::var(var).add_c(c);
            vec![Stmt::Access(self.access(kind, buf, vec![e]))]
        } else {
            self.body(&cx, &[], 1)
        };
        Stmt::Par { kind, vars: vec![var], lbs: vec![lb], ubs: vec![ub], steps: vec![step], body }
    }

    /// A 2-D `scf.parallel`/`scf.forall` over `%M`'s dims (bounds as in
    /// `nest2`).
    fn par2(&mut self) -> Stmt {
        let Stmt::For { var: vi, ub: b0, body, .. } = self.nest2() else { unreachable!("nest2 is a loop") };
        let Some(Stmt::For { var: vj, ub: b1, body, .. }) = body.into_iter().next() else {
            unreachable!("nest2 nests two loops")
        };
        let kind = self.par_kind();
        Stmt::Par {
            kind,
            vars: vec![vi, vj],
            lbs: vec![Ix::Const(0), Ix::Const(0)],
            ubs: vec![b0, b1],
            steps: vec![1, 1],
            body,
        }
    }

    /// An access (scalar or vector) of `buf` at `e`, sometimes under a guard (`e < dim`, or a near miss: the other
    /// buffer's size).
    fn tile_access(&mut self, buf: Buf, e: Ix, guard: Option<Buf>) -> Stmt {
        let kind = self.kind(true);
        let ext = kind.extent();
        let acc = Stmt::Access(self.access(kind, buf, vec![e.clone()]));
        match guard {
            Some(g) if self.rng.chance(1, 4) => {
                let cond = Cond { pred: Predicate::Slt, a: e.add_c(ext - 1), b: Ix::Dim(g, 0) };
                Stmt::If { cond, then: vec![acc], els: Vec::new() }
            }
            _ => acc,
        }
    }

    /// Tiles as `transform.structured.tile_using_for` makes them: `for %i =
    /// 0 to %d step T { %sz = affine.min (T, %d - %i); ... }` with an inner
    /// loop to `%sz` over `%A[%i + %j]`, or over a subview `%A[%i][%sz][1]`
    /// (and a subview of it, tiled again). Near misses: `%d - %i + 1`, a
    /// subview of size T, an inner loop to T or the wrong size, `%d` of
    /// the other buffer, a guard on the other buffer.
    fn tile(&mut self) -> Stmt {
        let buf = if self.rng.chance(3, 4) { Buf::A } else { Buf::B };
        let t = self.rng.range_i64(2, 8);
        let d = if self.rng.chance(6, 7) { Ix::Dim(buf, 0) } else { Ix::Dim(buf.other(), 0) };
        let extra = if self.rng.chance(5, 6) { 0 } else { 1 };
        let (i, sz, j) = (self.var(), self.var(), self.var());
        let size = tile_size(t, extra, i, d.clone());
        let guard = if self.rng.chance(4, 5) { buf } else { buf.other() };
        let mut body = vec![Stmt::Let { var: sz, value: size }];
        let inner_ub = |g: &mut Gen, own: Ix| match g.rng.below(10) {
            0..=6 => own,
            7 => Ix::Const(t),
            8 => Ix::Dim(buf.other(), 0),
            _ => Ix::Var(sz).add_c(1),
        };
        let inner = |var: Var, ub: Ix, body: Vec<Stmt>| Stmt::For {
            kind: ForKind::Scf,
            var,
            lb: Ix::Const(0),
            ub,
            step: 1,
            body,
        };
        match self.rng.below(3) {
            0 => {
                let e =
                    if self.rng.chance(1, 2) { apply_sum(Ix::Var(i), Ix::Var(j)) } else { Ix::Var(i).plus(Ix::Var(j)) };
                let e = if self.rng.chance(1, 6) { e.add_c(1) } else { e };
                let ub = inner_ub(self, Ix::Var(sz));
                let acc = self.tile_access(buf, e, Some(guard));
                body.push(inner(j, ub, vec![acc]));
            }
            1 => {
                let view_size = if self.rng.chance(5, 6) { Ix::Var(sz) } else { Ix::Const(t) };
                body.push(self.subview(Buf::T0, buf, vec![Ix::Var(i)], vec![SvSize::Keep(view_size)]));
                let own = if self.rng.chance(1, 2) { Ix::Var(sz) } else { Ix::Dim(Buf::T0, 0) };
                let ub = inner_ub(self, own);
                let e = if self.rng.chance(1, 6) { Ix::Var(j).add_c(1) } else { Ix::Var(j) };
                let acc = self.tile_access(Buf::T0, e, Some(Buf::T0));
                body.push(inner(j, ub, vec![acc]));
            }
            _ => {
                body.push(self.subview(Buf::T0, buf, vec![Ix::Var(i)], vec![SvSize::Keep(Ix::Var(sz))]));
                let t2 = self.rng.range_i64(2, 4);
                let (k, sz2) = (self.var(), self.var());
                let extra2 = if self.rng.chance(5, 6) { 0 } else { 1 };
                let mut tile2 = vec![Stmt::Let { var: sz2, value: tile_size(t2, extra2, k, Ix::Var(sz)) }];
                let size2 = if self.rng.chance(6, 7) { Ix::Var(sz2) } else { Ix::Const(t2) };
                tile2.push(self.subview(Buf::T1, Buf::T0, vec![Ix::Var(k)], vec![SvSize::Keep(size2)]));
                let ub = inner_ub(self, Ix::Var(sz2));
                let (view, e) = if self.rng.chance(4, 5) {
                    (Buf::T1, Ix::Var(j))
                } else {
                    // Through the outer tile: %t0[%k + %j].
                    (Buf::T0, Ix::Var(k).plus(Ix::Var(j)))
                };
                let acc = self.tile_access(view, e, Some(view));
                tile2.push(inner(j, ub, vec![acc]));
                body.push(Stmt::For {
                    kind: ForKind::Scf,
                    var: k,
                    lb: Ix::Const(0),
                    ub: Ix::Var(sz),
                    step: t2,
                    body: tile2,
                });
            }
        }
        // The inner loop of the tile as scf.parallel/scf.forall sometimes
        // (scf-parallel-loop-tiling), and the tile loop as tile_using_forall
        // makes it (or an scf.parallel).
        if self.rng.chance(1, 4) {
            let kind = self.par_kind();
            if let Some(last) = body.last_mut() {
                *last = to_par(last.clone(), kind);
            }
        }
        let tile = Stmt::For { kind: ForKind::Scf, var: i, lb: Ix::Const(0), ub: d, step: t, body };
        match self.rng.below(4) {
            0 => to_par(tile, ParKind::Forall { static_consts: self.rng.chance(1, 2) }),
            1 => to_par(tile, ParKind::Parallel),
            _ => tile,
        }
    }

    /// An affine access of `buf` at `e`.
    fn affine_access(&mut self, buf: Buf, e: Ix) -> Stmt {
        let kind = if self.rng.chance(3, 5) { AccKind::ALoad } else { AccKind::AStore };
        Stmt::Access(self.access(kind, buf, vec![e]))
    }

    /// `affine.for` nests: `0 to %d` (or `%d - k`, a window `%i + %j`
    /// inside), and `affine-loop-tile`'s `%i = 0 to %d step T { %j = %i to
    /// min(%i + T, %d) }`; near misses: `min(%i + T, %d + 1)`, `%d` of the
    /// other buffer, `%j + c`.
    fn affine(&mut self) -> Stmt {
        let buf = if self.rng.chance(3, 4) { Buf::A } else { Buf::B };
        let d = if self.rng.chance(6, 7) { Ix::Dim(buf, 0) } else { Ix::Dim(buf.other(), 0) };
        let i = self.var();
        let v = Ix::var(i);
        if self.rng.chance(1, 2) {
            let t = self.rng.range_i64(2, 8);
            let j = self.var();
            let w = Ix::var(j);
            let over = if self.rng.chance(5, 6) { 0 } else { 1 };
            let mut body = Vec::new();
            let inner = if self.rng.chance(2, 3) {
                // %j = %i to min(%i + T, %d)
                let lb = AffMap {
                    min: false,
                    results: vec![Lin { c: 0, d: vec![1], s: Vec::new() }],
                    dims: vec![v.clone()],
                    syms: Vec::new(),
                };
                let ub = AffMap {
                    min: true,
                    results: vec![Lin { c: t, d: vec![1], s: Vec::new() }, Lin { c: over, d: vec![0], s: vec![1] }],
                    dims: vec![v.clone()],
                    syms: vec![d.clone()],
                };
                for _ in 0..self.rng.range_u64(1, 2) {
                    let e = match self.rng.below(6) {
                        0..=3 => w.clone(),
                        4 => w.clone().add_c(1),
                        _ => w.clone().add_c(-1),
                    };
                    body.push(self.affine_access(buf, e));
                }
                Stmt::AffineFor { var: j, lb, ub, step: 1, body }
            } else {
                // %j = 0 to min(T, %d - %i), at %i + %j
                let ub = AffMap {
                    min: true,
                    results: vec![Lin::c(t), Lin { c: over, d: vec![-1], s: vec![1] }],
                    dims: vec![v.clone()],
                    syms: vec![d.clone()],
                };
                let e = v.clone().plus(w);
                body.push(self.affine_access(buf, e));
                Stmt::AffineFor { var: j, lb: const_map(0), ub, step: 1, body }
            };
            return Stmt::AffineFor { var: i, lb: const_map(0), ub: sym_map(d, 0), step: t, body: vec![inner] };
        }
        let lb = match self.rng.below(10) {
            0..=6 => const_map(0),
            7 | 8 => const_map(self.small()),
            // From %m (negative in some runs).
            _ => AffMap {
                min: false,
                results: vec![Lin { c: 0, d: Vec::new(), s: vec![1] }],
                dims: Vec::new(),
                syms: vec![Ix::Arg(Scalar::M)],
            },
        };
        let k = self.rng.range_i64(0, 2);
        let step = if self.rng.chance(3, 4) { 1 } else { 2 };
        let mut body = Vec::new();
        if self.rng.chance(1, 3) {
            // A window: %i = 0 to %d - (W - 1) (or - (W - 2)), %j = 0 to W, at %i + %j.
            let win = self.rng.range_i64(2, 3);
            let cut = if self.rng.chance(4, 5) { win - 1 } else { win - 2 };
            let j = self.var();
            let acc = self.affine_access(buf, v.clone().plus(Ix::var(j)));
            body.push(Stmt::AffineFor { var: j, lb: const_map(0), ub: const_map(win), step: 1, body: vec![acc] });
            return Stmt::AffineFor { var: i, lb, ub: sym_map(d, -cut), step, body };
        }
        for _ in 0..self.rng.range_u64(1, 2) {
            let c = self.small();
            let e = match self.rng.below(10) {
                0..=2 => v.clone(),
                3 => v.clone().add_c(c),
                4 => v.clone().add_c(-c),
                5 => Ix::MulC(Box::new(v.clone()), 2),
                6 => v.clone().add_c(k),
                7 => v.clone().add_c(k - 1),
                _ => {
                    let e = self.div_index(v.clone(), d.clone());
                    // An affine access index is an affine expression of
                    // its operands; `dim - ..` is not one (no symbol).
                    if matches!(e, Ix::Sub(ref a, _) if !matches!(**a, Ix::Var(_))) {
                        Ix::AffDiv(Box::new(v.clone()), DivOp::FloorDiv, 2)
                    } else {
                        e
                    }
                }
            };
            body.push(self.affine_access(buf, e));
        }
        if self.rng.chance(1, 4) {
            // A memref.load at an arith index inside the affine loop.
            let e = v.clone().add_c(k);
            let kind = self.kind(true);
            body.push(Stmt::Access(self.access(kind, buf, vec![e])));
        }
        Stmt::AffineFor { var: i, lb, ub: sym_map(d, -k), step, body }
    }

    /// An output buffer `%O = memref.alloc(size)` (an input's size, or not)
    /// that one loop fills and another reads.
    fn alloc(&mut self) -> Stmt {
        let size = match self.rng.below(10) {
            0..=5 => Ix::Dim(Buf::A, 0),
            6 => Ix::Dim(Buf::B, 0),
            7 => Ix::Dim(Buf::A, 0).add_c(1),
            8 => Ix::ShrUI(Box::new(Ix::Dim(Buf::A, 0)), 1),
            _ => Ix::Dim(Buf::M, 0),
        };
        let mut body = Vec::new();
        for _ in 0..2 {
            let bound = match self.rng.below(10) {
                0..=5 => Ix::Dim(Buf::A, 0),
                6 | 7 => Ix::Dim(Buf::O, 0),
                8 => Ix::Dim(Buf::A, 0).add_c(1),
                _ => Ix::Arg(Scalar::N),
            };
            body.push(self.loop1_with(&[], 1, Buf::O, bound));
        }
        Stmt::Alloc { size, dealloc: self.rng.chance(3, 4), body }
    }
}

/// `(d0) -> (d0)`(v).
fn dim_map(v: Ix) -> AffMap {
    AffMap { min: false, results: vec![Lin { c: 0, d: vec![1], s: Vec::new() }], dims: vec![v], syms: Vec::new() }
}

/// `max(0, -s0)`[s]: the first counter value at which `counter + s` is not
/// negative.
fn from_minus(s: Ix) -> AffMap {
    AffMap {
        min: false,
        results: vec![Lin::c(0), Lin { c: 0, d: Vec::new(), s: vec![-1] }],
        dims: Vec::new(),
        syms: vec![s],
    }
}

/// `affine.for %v = lb to ub step s { body }`.
pub(super) fn afor(var: Var, lb: AffMap, ub: AffMap, step: i64, body: Vec<Stmt>) -> Stmt {
    Stmt::AffineFor { var, lb, ub, step, body }
}

/// `scf.for %v = 0 to ub step s { body }`.
pub(super) fn scf_for(var: Var, ub: Ix, step: i64, body: Vec<Stmt>) -> Stmt {
    Stmt::For { kind: ForKind::Scf, var, lb: Ix::Const(0), ub, step, body }
}

/// A loop walking a dimension in vectors (`Gen::vector_walk`): its bounds,
/// step, and the offsets from the counter of the vectors each iteration
/// reads.
struct VectorWalk {
    lb: AffMap,
    ub: AffMap,
    step: i64,
    offsets: Vec<i64>,
}

/// The more pipeline shapes (`mod.rs`): affine vector accesses, 2-D views,
/// affine maps with divisions inside sums and long sums.
impl Gen {
    fn more_template(&mut self) -> Stmt {
        match self.rng.below(100) {
            0..=31 => self.affine_vector(),
            32..=65 => self.view2(),
            _ => self.affine_sum(),
        }
    }

    /// An affine vector access of `n` elements.
    fn avector(&mut self, n: i64, buf: Buf, idx: Vec<Ix>) -> Stmt {
        let kind = if self.rng.chance(3, 5) { AccKind::AVLoad(n) } else { AccKind::AVStore(n) };
        Stmt::Access(self.access(kind, buf, idx))
    }

    /// A loop over a dimension of size `d` reading vectors of `n`: from 0
    /// (or c, or `%m`) to `d - cut` at the counter `+ c`, where `cut = n -
    /// 1 + c` fits and `n - 2 + c` reads one element past the end; or
    /// stepping by n or 2n and reading every vector of the step, to `d -
    /// (step - 1)` (fits) or `d - (step - n)` (the last step overruns
    /// unless its size divides `d`).
    fn vector_walk(&mut self, d: Ix, n: i64) -> VectorWalk {
        if self.rng.chance(1, 2) {
            let c = self.rng.range_i64(0, 2);
            let cut = n - 1 + c - self.rng.chance(1, 3) as i64;
            let lb = match self.rng.below(20) {
                0..=13 => const_map(0),
                14..=16 => const_map(self.small()),
                _ => sym_map(Ix::Arg(Scalar::M), 0),
            };
            let step = if self.rng.chance(3, 4) { 1 } else { 2 };
            VectorWalk { lb, ub: sym_map(d, -cut), step, offsets: vec![c] }
        } else {
            let step = n * self.rng.range_i64(1, 2);
            let cut = if self.rng.chance(1, 2) { step - 1 } else { step - n };
            VectorWalk { lb: const_map(0), ub: sym_map(d, -cut), step, offsets: (0..step / n).map(|q| q * n).collect() }
        }
    }

    /// `affine.vector_load`/`store` in `affine.for` loops: over `%A`/`%B`
    /// (a `vector_walk`, or `affine-loop-tile`'s `%i = 0 to %d step T { %j
    /// = %i to min(%i + T, %d - (n - 1)) step n }`, near miss `min(%i + T,
    /// %d)`), or over the rows of `%M` with the vector along the last
    /// dimension (near misses: the rows to `dim(%M, 1)`, row `%i + 1`, the
    /// columns walked to `dim(%M, 0)`).
    fn affine_vector(&mut self) -> Stmt {
        let n = if self.rng.chance(1, 2) { 2 } else { 4 };
        let i = self.var();
        let v = Ix::var(i);
        if self.rng.chance(1, 3) {
            let j = self.var();
            let rows = if self.rng.chance(7, 8) { Ix::Dim(Buf::M, 0) } else { Ix::Dim(Buf::M, 1) };
            let cols = if self.rng.chance(7, 8) { Ix::Dim(Buf::M, 1) } else { Ix::Dim(Buf::M, 0) };
            let row = if self.rng.chance(7, 8) { v } else { v.add_c(1) };
            let w = self.vector_walk(cols, n);
            let body: Vec<Stmt> =
                w.offsets.iter().map(|&c| self.avector(n, Buf::M, vec![row.clone(), Ix::var(j).add_c(c)])).collect();
            let inner = afor(j, w.lb, w.ub, w.step, body);
            return afor(i, const_map(0), sym_map(rows, 0), 1, vec![inner]);
        }
        let buf = if self.rng.chance(3, 4) { Buf::A } else { Buf::B };
        let d = if self.rng.chance(6, 7) { Ix::Dim(buf, 0) } else { Ix::Dim(buf.other(), 0) };
        if self.rng.chance(1, 3) {
            let t = n * self.rng.range_i64(1, 3);
            let j = self.var();
            let cut = if self.rng.chance(3, 4) { n - 1 } else { 0 };
            let ub = AffMap {
                min: true,
                results: vec![Lin { c: t, d: vec![1], s: Vec::new() }, Lin { c: -cut, d: vec![0], s: vec![1] }],
                dims: vec![v.clone()],
                syms: vec![d.clone()],
            };
            let acc = self.avector(n, buf, vec![Ix::var(j)]);
            let inner = afor(j, dim_map(v), ub, n, vec![acc]);
            return afor(i, const_map(0), sym_map(d, 0), t, vec![inner]);
        }
        let w = self.vector_walk(d, n);
        let mut body: Vec<Stmt> = w.offsets.iter().map(|&c| self.avector(n, buf, vec![v.clone().add_c(c)])).collect();
        if self.rng.chance(1, 4) {
            // A scalar affine access beside the vectors.
            body.push(self.affine_access(buf, v.add_c(w.offsets[0])));
        }
        afor(i, w.lb, w.ub, w.step, body)
    }

    /// 2-D tiles of `%M` as `tile_using_for` makes them: `for %i = 0 to
    /// dim(%M, 0) step T0 { %s0 = affine.min (T0, d0 - %i); for %j = 0 to
    /// dim(%M, 1) step T1 { %s1 = affine.min (T1, d1 - %j); %v =
    /// memref.subview %M[%i, %j] [%s0, %s1] [1, 1]; ... } }` with inner
    /// loops over `%v` (or over a subview of it tiled again, or over its
    /// rows, rank-reducing subviews); and rows of `%M`. Near misses: a tile
    /// size one too big in one dimension only (`+ 1`, or T), offsets
    /// swapped, an inner loop to the other dimension's size.
    fn view2(&mut self) -> Stmt {
        if self.rng.chance(1, 4) {
            return self.row_view();
        }
        let (t0, t1) = (self.rng.range_i64(2, 5), self.rng.range_i64(2, 5));
        let (d0, d1) = (Ix::Dim(Buf::M, 0), Ix::Dim(Buf::M, 1));
        let mut extra = [0, 0];
        if self.rng.chance(1, 6) {
            extra[self.rng.below(2) as usize] = 1;
        }
        let (i, j, s0, s1) = (self.var(), self.var(), self.var(), self.var());
        let off = if self.rng.chance(7, 8) { vec![Ix::Var(i), Ix::Var(j)] } else { vec![Ix::Var(j), Ix::Var(i)] };
        let mut sizes = [Ix::Var(s0), Ix::Var(s1)];
        if self.rng.chance(1, 8) {
            let k = self.rng.below(2) as usize;
            sizes[k] = Ix::Const([t0, t1][k]);
        }
        let sv = self.subview(Buf::V0, Buf::M, off, sizes.into_iter().map(SvSize::Keep).collect());
        let mut body = vec![Stmt::Let { var: s1, value: tile_size(t1, extra[1], j, d1.clone()) }, sv];
        match self.rng.below(3) {
            0 => {
                let nest = self.view_nest(Buf::V0, [Ix::Var(s0), Ix::Var(s1)]);
                body.push(nest);
            }
            1 => {
                // A subview of the tile, its rows tiled again by T2.
                let t2 = self.rng.range_i64(2, 3);
                let (k, s2) = (self.var(), self.var());
                let extra2 = if self.rng.chance(5, 6) { 0 } else { 1 };
                let size2 = if self.rng.chance(6, 7) { Ix::Var(s2) } else { Ix::Const(t2) };
                let off2 =
                    if self.rng.chance(7, 8) { vec![Ix::Var(k), Ix::Const(0)] } else { vec![Ix::Const(0), Ix::Var(k)] };
                let sizes2 = vec![SvSize::Keep(size2), SvSize::Keep(Ix::Var(s1))];
                let sv2 = self.subview(Buf::V1, Buf::V0, off2, sizes2);
                let nest = self.view_nest(Buf::V1, [Ix::Var(s2), Ix::Var(s1)]);
                let tile2 = vec![Stmt::Let { var: s2, value: tile_size(t2, extra2, k, Ix::Var(s0)) }, sv2, nest];
                body.push(scf_for(k, Ix::Var(s0), t2, tile2));
            }
            _ => {
                let own = [Ix::Var(s0), Ix::Var(s1)];
                let rows = self.row_of(Buf::V0, own);
                body.push(rows);
            }
        }
        let inner = scf_for(j, d1, t1, body);
        let size0 = Stmt::Let { var: s0, value: tile_size(t0, extra[0], i, d0.clone()) };
        scf_for(i, d0, t0, vec![size0, inner])
    }

    /// A size of `view`'s dimension k: `own` (the size it was made with)
    /// or `dim(view, k)`.
    fn view_size(&mut self, view: Buf, k: usize, own: &Ix) -> Ix {
        if self.rng.chance(1, 2) {
            own.clone()
        } else {
            Ix::Dim(view, k)
        }
    }

    /// `for %a = 0 to size0 { for %b = 0 to size1 - (extent - 1) {
    /// view[%a, %b] } }` (a scalar or vector access along the last
    /// dimension, sometimes under a guard); near misses: a loop to the
    /// other dimension's size, a vector that overruns the row.
    fn view_nest(&mut self, view: Buf, own: [Ix; 2]) -> Stmt {
        let (a, b) = (self.var(), self.var());
        let kind = self.kind(true);
        let ext = kind.extent();
        let size = [self.view_size(view, 0, &own[0]), self.view_size(view, 1, &own[1])];
        let ub_a = if self.rng.chance(5, 6) { size[0].clone() } else { size[1].clone() };
        let ub_b = match self.rng.below(10) {
            0..=6 => size[1].clone().add_c(1 - ext),
            7 | 8 => size[0].clone().add_c(1 - ext),
            _ => size[1].clone(),
        };
        let e = Ix::Var(b);
        let acc = Stmt::Access(self.access(kind, view, vec![Ix::Var(a), e.clone()]));
        let acc = if self.rng.chance(1, 5) {
            let cond = self.guard(&e, view, 1, ext);
            Stmt::If { cond, then: vec![acc], els: Vec::new() }
        } else {
            acc
        };
        scf_for(a, ub_a, 1, vec![scf_for(b, ub_b, 1, vec![acc])])
    }

    /// `for %r = 0 to own[0] { %row = memref.subview src[%r, 0] [1,
    /// own[1]] [1, 1]; for %c = 0 to dim(%row) { %row[%c] } }`, a
    /// rank-reducing subview of `src` (2-D) per row; near misses: the rows
    /// to the other size, the offset in the other dimension (`[0, %r]`),
    /// the row as long as the other size, the inner loop to the other
    /// size.
    fn row_of(&mut self, src: Buf, own: [Ix; 2]) -> Stmt {
        let (r, c) = (self.var(), self.var());
        let rows = if self.rng.chance(7, 8) { own[0].clone() } else { own[1].clone() };
        let off = if self.rng.chance(7, 8) { vec![Ix::Var(r), Ix::Const(0)] } else { vec![Ix::Const(0), Ix::Var(r)] };
        let len = if self.rng.chance(7, 8) { own[1].clone() } else { own[0].clone() };
        let sv = self.subview(Buf::Row, src, off, vec![SvSize::Drop, SvSize::Keep(len.clone())]);
        let kind = self.kind(true);
        let ext = kind.extent();
        let ub = match self.rng.below(10) {
            0..=3 => len,
            4..=6 => Ix::Dim(Buf::Row, 0),
            7 | 8 => own[0].clone(),
            _ => own[1].clone(),
        };
        let acc = Stmt::Access(self.access(kind, Buf::Row, vec![Ix::Var(c)]));
        scf_for(r, rows, 1, vec![sv, scf_for(c, ub.add_c(1 - ext), 1, vec![acc])])
    }

    /// Rows of `%M` (`row_of`), sometimes `%n` long under `scf.if %n ule
    /// dim(%M, 1)` (near miss: `dim(%M, 0)`).
    fn row_view(&mut self) -> Stmt {
        let (d0, d1) = (Ix::Dim(Buf::M, 0), Ix::Dim(Buf::M, 1));
        if self.rng.chance(1, 3) {
            let n = Ix::Arg(Scalar::N);
            let bound = if self.rng.chance(5, 6) { d1 } else { d0.clone() };
            let cond = Cond { pred: Predicate::Ule, a: n.clone(), b: bound };
            let rows = self.row_of(Buf::M, [d0, n]);
            return Stmt::If { cond, then: vec![rows], els: Vec::new() };
        }
        self.row_of(Buf::M, [d0, d1])
    }

    /// An access of `buf` at the affine expression `e`: an affine one, or
    /// a `memref.load`/`store` at `affine.apply` of it.
    fn sum_access(&mut self, buf: Buf, e: Ix) -> Stmt {
        if self.rng.chance(3, 5) {
            return self.affine_access(buf, e);
        }
        let kind = if self.rng.chance(3, 5) { AccKind::Load } else { AccKind::Store };
        Stmt::Access(self.access(kind, buf, vec![Ix::AffineApply(Box::new(e))]))
    }

    /// Affine maps with a division inside a sum and long sums, in
    /// `affine.for` nests over `%A`/`%B`: `%i mod 4 + %j` (`%j < %d - 3`),
    /// `(%i + %j) floordiv 2` (`%i, %j < %d`), `(%i + %j) floordiv 2 + s0`
    /// (`max(0, -s0) <= %i, %j < %d - s0`), `%i floordiv 3 * 2 + %j mod 2`
    /// (`%j < min(2, %d)`), windows of three loops at `%i + %j + %k` or
    /// `%i + %j + %k + s0 + s1 - 1` (from `1 - s0 - s1`), and
    /// `(%i + s0) floordiv 2 - s0 floordiv 2`, in bounds over the integers
    /// but not where `%i + s0` wraps; with
    /// near misses (one element past the end, no lower bound for a negative
    /// symbol, `mod 5`, `ceildiv` of an odd sum). The symbols are `%n` and
    /// `%m`, which take edge values.
    fn affine_sum(&mut self) -> Stmt {
        let buf = if self.rng.chance(3, 4) { Buf::A } else { Buf::B };
        let d = if self.rng.chance(6, 7) { Ix::Dim(buf, 0) } else { Ix::Dim(buf.other(), 0) };
        let sym = if self.rng.chance(1, 2) { Ix::Arg(Scalar::N) } else { Ix::Arg(Scalar::M) };
        let (i, j) = (self.var(), self.var());
        let (vi, vj) = (Ix::var(i), Ix::var(j));
        let near = self.rng.chance(1, 3);
        match self.rng.below(7) {
            0 => {
                let k = if near && self.rng.chance(1, 2) { 5 } else { 4 };
                let cut = if near && k == 4 { 2 } else { 3 };
                let e = vi.div(DivOp::Mod, k).plus(vj);
                let acc = self.sum_access(buf, e);
                let inner = afor(j, const_map(0), sym_map(d, -cut), 1, vec![acc]);
                afor(i, const_map(0), const_map(self.rng.range_i64(3, 8)), 1, vec![inner])
            }
            1 => {
                let (e, over) = match self.rng.below(4) {
                    0 => (vi.plus(vj).div(DivOp::FloorDiv, 2), near as i64),
                    1 => (vi.plus(vj).add_c(1).div(DivOp::FloorDiv, 2), near as i64),
                    2 => (vi.plus(vj).div(DivOp::CeilDiv, 2), near as i64),
                    _ => (vi.plus(vj).add_c(1).div(DivOp::CeilDiv, 2), 0),
                };
                let acc = self.sum_access(buf, e);
                let inner = afor(j, const_map(0), sym_map(d.clone(), over), 1, vec![acc]);
                afor(i, const_map(0), sym_map(d, 0), 1, vec![inner])
            }
            2 => {
                // (i + j) floordiv 2 + s0 for max(0, -s0) <= i, j < d - s0.
                let ub = sym_lin(0, vec![1, -1], vec![d, sym.clone()]);
                let lb = if near { const_map(0) } else { from_minus(sym.clone()) };
                let e = vi.plus(vj).div(DivOp::FloorDiv, 2).plus(sym);
                let acc = self.sum_access(buf, e);
                let inner = afor(j, lb.clone(), ub.clone(), 1, vec![acc]);
                afor(i, lb, ub, 1, vec![inner])
            }
            3 => {
                let e = vi.div(DivOp::FloorDiv, 3).times(2).plus(vj.div(DivOp::Mod, 2));
                let ub = if near {
                    const_map(2)
                } else {
                    AffMap {
                        min: true,
                        results: vec![Lin::c(2), Lin { c: 0, d: Vec::new(), s: vec![1] }],
                        dims: Vec::new(),
                        syms: vec![d.clone()],
                    }
                };
                let acc = self.sum_access(buf, e);
                let inner = afor(j, const_map(0), ub, 1, vec![acc]);
                afor(i, const_map(0), sym_map(d, 0), 1, vec![inner])
            }
            4 | 5 => self.window3(buf, d, [i, j], near),
            _ => {
                // In bounds over the integers ([i floordiv 2, i ceildiv 2]),
                // not where i + s0 wraps.
                let e = vi.plus(sym.clone()).div(DivOp::FloorDiv, 2).minus(sym.div(DivOp::FloorDiv, 2));
                let e = if near { e.add_c(1) } else { e };
                let acc = self.sum_access(buf, e);
                afor(i, const_map(0), sym_map(d, 0), 1, vec![acc])
            }
        }
    }

    /// A window of three loops: `%i = 0 to %d - (W1 + W2 - 2) { %j = 0 to
    /// W1 { %k = 0 to W2 { at %i + %j + %k } } }`, or with the symbols:
    /// `%i` from `1 - s0 - s1` to `%d - s0 - s1 + 1 - (W1 + W2 - 2)`, at
    /// `%i + %j + %k + s0 + s1 - 1` (six terms); near misses: the window
    /// one wider than the cut, `%i` from `-s0 - s1`.
    fn window3(&mut self, buf: Buf, d: Ix, [i, j]: [Var; 2], near: bool) -> Stmt {
        let (w1, w2) = (self.rng.range_i64(2, 3), self.rng.range_i64(2, 3));
        let k = self.var();
        let sum = Ix::var(i).plus(Ix::var(j)).plus(Ix::var(k));
        let late = near && self.rng.chance(1, 2);
        let cut = w1 + w2 - 2 - (late as i64);
        let (lb, ub, e) = if self.rng.chance(1, 3) {
            (const_map(0), sym_map(d, -cut), sum)
        } else {
            let syms = vec![Ix::Arg(Scalar::N), Ix::Arg(Scalar::M), d];
            let early = near && !late;
            let lb = sym_lin(1 - early as i64, vec![-1, -1], syms[..2].to_vec());
            let ub = sym_lin(1 - cut, vec![-1, -1, 1], syms);
            let e = sum.plus(Ix::Arg(Scalar::N)).plus(Ix::Arg(Scalar::M)).add_c(-1);
            (lb, ub, e)
        };
        let acc = self.sum_access(buf, e);
        let inner = afor(k, const_map(0), const_map(w2), 1, vec![acc]);
        let mid = afor(j, const_map(0), const_map(w1), 1, vec![inner]);
        afor(i, lb, ub, 1, vec![mid])
    }
}

fn negate(c: Cond) -> Cond {
    Cond { pred: c.pred.negate(), ..c }
}

/// Candidate argument set number `k`: small random values (k % 3 == 0),
/// `%n` equal to a size or one off (k % 3 == 1), or edge values.
fn candidate(rng: &mut Rng, k: usize) -> ArgSet {
    const EDGE: [i64; 9] = [0, 1, -1, 2, 40, 41, i64::MAX, i64::MIN, i64::MAX - 1];
    const SIZES: [usize; 6] = [0, 1, 2, 3, 39, 40];
    let size = |rng: &mut Rng, max: u64| rng.below(max + 1) as usize;
    let mut s = ArgSet {
        a_len: size(rng, 40),
        b_len: size(rng, 40),
        m_dims: (size(rng, 12), size(rng, 12)),
        n: rng.range_i64(-3, 45),
        m: rng.range_i64(-3, 8),
    };
    match k % 3 {
        1 => {
            let len = if rng.chance(1, 2) { s.a_len } else { s.b_len };
            s.n = len as i64 + rng.range_i64(-1, 1);
            s.m = rng.range_i64(0, 3);
        }
        2 => {
            s.a_len = *rng.choose(&SIZES).expect("non-empty");
            s.b_len = *rng.choose(&SIZES).expect("non-empty");
            s.m_dims = (rng.below(4) as usize, rng.below(4) as usize);
            s.n = *rng.choose(&EDGE).expect("non-empty");
            s.m = *rng.choose(&EDGE).expect("non-empty");
        }
        _ => {}
    }
    s
}

/// Candidate argument sets drawn per program.
const CANDIDATES: usize = 18;

/// [`ARG_SETS`] of [`CANDIDATES`] sets for `case`, chosen by simulation: an
/// edge set first, then greedily the set that takes a new claim (an access
/// or a subview) out of bounds, else reaches the most accesses not reached
/// yet, else ends normally or out of bounds. Since a run stops at its first
/// out-of-bounds claim, this is what keeps a near miss early in a program
/// from hiding the accesses after it.
fn arg_sets(rng: &mut Rng, case: &BoundsCase) -> Vec<ArgSet> {
    let cands: Vec<(ArgSet, SimOutcome, Vec<usize>)> = (0..CANDIDATES)
        .map(|k| {
            let mut s = candidate(rng, k);
            if case.iw == 32 {
                (s.n, s.m) = (edge32(s.n), edge32(s.m));
            }
            let (o, reached) = simulate_with(case, &s);
            (s, o, reached)
        })
        .collect();
    // The claim a run stops at (subviews numbered after the accesses).
    let stop = |o: &SimOutcome| match o {
        SimOutcome::Oob(id) => Some(*id),
        SimOutcome::SubviewOob(k) => Some(case.accesses.len() + k),
        _ => None,
    };
    let mut chosen: Vec<usize> = Vec::new();
    let mut oob = HashSet::new();
    let mut reached = HashSet::new();
    while chosen.len() < ARG_SETS {
        let score = |k: usize| -> u64 {
            let (_, o, r) = &cands[k];
            let new_oob = stop(o).is_some_and(|id| !oob.contains(&id));
            let new_reach = r.iter().filter(|id| !reached.contains(*id)).count() as u64;
            let ends = matches!(o, SimOutcome::Done(_)) || stop(o).is_some();
            let edge = chosen.is_empty() && k % 3 == 2;
            (edge as u64) << 40 | (new_oob as u64) << 20 | new_reach << 4 | ends as u64
        };
        let best = (0..CANDIDATES).filter(|k| !chosen.contains(k)).max_by_key(|&k| (score(k), CANDIDATES - k));
        let k = best.expect("more candidates than sets");
        if let Some(id) = stop(&cands[k].1) {
            oob.insert(id);
        }
        reached.extend(cands[k].2.iter().copied());
        chosen.push(k);
    }
    chosen.into_iter().map(|k| cands[k].0.clone()).collect()
}

/// The program of `seed` (with the pipeline shapes, the more ones
/// included, unless `--without-pipeline-shapes`).
pub fn generate(seed: u64) -> BoundsCase {
    let on = super::pipeline_shapes();
    generate_with(seed, Streams { pipeline: on, more: on })
}

/// Which optional template streams a program gets (each from a random
/// stream of its own, so that a program without one is the program of the
/// same seed with the streams before it).
#[derive(Clone, Copy, Debug)]
pub struct Streams {
    /// The pipeline shapes.
    pub pipeline: bool,
    /// The more pipeline shapes (affine vector accesses, 2-D views, affine
    /// sums).
    pub more: bool,
}

/// The program of `seed` with the template streams `streams`.
pub fn generate_with(seed: u64, streams: Streams) -> BoundsCase {
    let mut g = Gen { rng: Rng::new(seed ^ 0xb0c4_d5f1_0000_0000), vars: 0, accesses: Vec::new(), subviews: 0 };
    let mut body = Vec::new();
    for _ in 0..if g.rng.chance(3, 5) { 1 } else { 2 } {
        let s = match g.rng.below(100) {
            0..=44 => g.loop1(&[], 0),
            45..=59 => g.nest2(),
            60..=72 => g.search(),
            73..=84 => g.guarded_loop(),
            85..=92 => g.sentinel(),
            _ => g.pair(),
        };
        body.push(s);
    }
    // The nested 32-bit module (a context shape), from a second stream:
    // leaving it out changes nothing else in the program.
    let mut extra = Rng::new(seed ^ 0x1818_d5f1_0000_0018);
    let nested = crate::context_shapes() && extra.below(4) == 0;
    let iw = if nested { 32 } else { 64 };
    if nested && extra.below(2) == 0 {
        // `for %i = 0 to dim(%A) { %A[divsi(2^31, 2^29) + (%i - 4)] }`
        // (or `divsi(%i + 2^31, 2^29)`): `%i` at 64 bits (the root's
        // width), `%i - 8` (out of bounds for `%i < 8`) at the module's 32.
        // A constant read at the wrong width proves it.
        let v = g.vars;
        g.vars += 1;
        g.accesses.push((AccKind::Load, Buf::A));
        let base = if extra.below(2) == 0 { Ix::Const(1 << 31) } else { Ix::Var(v).add_c(1 << 31) };
        let wide = Ix::DivSI(Box::new(base), 1 << 29);
        let idx = Ix::Add(Box::new(wide), Box::new(Ix::Var(v).add_c(-4)));
        let acc = Access { id: g.accesses.len(), kind: AccKind::Load, buf: Buf::A, idx: vec![idx] };
        body.push(Stmt::For {
            kind: ForKind::Scf,
            var: v,
            lb: Ix::Const(0),
            ub: Ix::Dim(Buf::A, 0),
            step: 1,
            body: vec![Stmt::Access(acc)],
        });
    }
    // The pipeline shapes, from a third stream (their access ids after the
    // others', so those keep theirs; the argument sets are drawn from the
    // first stream as before, though chosen by simulating the whole
    // program).
    let mut lower_affine = false;
    let pipeline_first = g.accesses.len() + 1;
    if streams.pipeline {
        let main = std::mem::replace(&mut g.rng, Rng::new(seed ^ 0x5c0f_a11e_0000_0022));
        let n = match g.rng.below(5) {
            0 => 0,
            1..=3 => 1,
            _ => 2,
        };
        let new: Vec<Stmt> = (0..n).map(|_| g.pipeline_template()).collect();
        // Half the time first: a run stops at its first out-of-bounds
        // access, and a near miss before them would hide them.
        if g.rng.chance(1, 2) {
            body.splice(0..0, new);
        } else {
            body.extend(new);
        }
        // loom analyses affine.load/store and affine.apply's divisions
        // only as lower-affine expands them: most such programs go through it.
        lower_affine = has_affine(&body) && g.rng.chance(2, 3);
        g.rng = main;
    }
    // The more pipeline shapes, from a fourth stream (their claims after
    // all others'); placed and sent through lower-affine like the pipeline
    // shapes (a program that had affine ops keeps its choice).
    let more_first = ClaimStart { access: g.accesses.len() + 1, subview: g.subviews + 1 };
    if streams.more {
        let main = std::mem::replace(&mut g.rng, Rng::new(seed ^ 0x3a0e_5eed_0000_0033));
        let n = match g.rng.below(20) {
            0..=12 => 0,
            13..=18 => 1,
            _ => 2,
        };
        let new: Vec<Stmt> = (0..n).map(|_| g.more_template()).collect();
        let had_affine = has_affine(&body);
        let first = g.rng.chance(1, 2);
        if !had_affine && has_affine(&new) {
            lower_affine = g.rng.chance(2, 3);
        }
        if first {
            body.splice(0..0, new);
        } else {
            body.extend(new);
        }
        g.rng = main;
    }
    let mut case = BoundsCase {
        id: seed,
        body,
        accesses: g.accesses,
        vars: g.vars,
        arg_sets: Vec::new(),
        iw,
        subviews: g.subviews,
        pipeline_first,
        lower_affine,
        more_first,
    };
    case.arg_sets = arg_sets(&mut g.rng, &case);
    case
}

/// Whether some statement of `stmts` is an `affine.for` or uses an
/// `affine.apply`/`affine.min` (what `lower-affine` rewrites).
fn has_affine(stmts: &[Stmt]) -> bool {
    format!("{stmts:?}").contains("Affine")
}

/// A 64-bit edge value moved to the same edge of 32 bits (others kept).
fn edge32(v: i64) -> i64 {
    match v {
        i64::MAX => i32::MAX as i64,
        i64::MIN => i32::MIN as i64,
        x if x == i64::MAX - 1 => i32::MAX as i64 - 1,
        x => x,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generation_is_a_function_of_the_seed() {
        for seed in 0..50 {
            let (a, b) = (generate(seed), generate(seed));
            assert_eq!(a.body, b.body);
            assert_eq!(a.arg_sets, b.arg_sets);
            assert!(!a.accesses.is_empty(), "seed {seed} has no access");
            assert_eq!(a.arg_sets.len(), ARG_SETS);
        }
    }

    #[test]
    fn every_template_kind_appears() {
        let mut seen = [false; 6];
        for seed in 0..200 {
            for s in &generate(seed).body {
                match s {
                    Stmt::For { body, .. } if matches!(body.first(), Some(Stmt::For { .. })) => seen[0] = true,
                    Stmt::Search(_) => seen[1] = true,
                    Stmt::If { .. } => seen[2] = true,
                    Stmt::While { .. } | Stmt::Loop { .. } => seen[3] = true,
                    Stmt::Sentinel { .. } => seen[4] = true,
                    Stmt::Pair { .. } => seen[5] = true,
                    _ => {}
                }
            }
        }
        assert_eq!(seen, [true; 6]);
    }

    #[test]
    fn pipeline_shapes_keep_the_old_program_and_all_appear() {
        let mut seen = [false; 8];
        for seed in 0..300 {
            let off = Streams { pipeline: false, more: false };
            let (old, new) = (generate_with(seed, off), generate_with(seed, Streams { pipeline: true, more: false }));
            // The old statements, in order, before or after the new ones;
            // the old accesses keep their ids.
            let n = old.body.len();
            let at_end = new.body[..n] == old.body[..];
            let at_start = new.body[new.body.len() - n..] == old.body[..];
            assert!(at_end || at_start, "seed {seed}");
            assert_eq!(new.accesses[..old.accesses.len()], old.accesses[..], "seed {seed}");
            assert_eq!(new.pipeline_first, old.accesses.len() + 1);
            assert_eq!(old.shapes(), [false; 8]);
            for (s, has) in seen.iter_mut().zip(new.shapes()) {
                *s |= has;
            }
        }
        assert_eq!(seen, [true; 8]);
    }

    #[test]
    fn more_shapes_keep_the_old_program_and_all_appear() {
        let mut seen = [false; 6];
        for seed in 0..300 {
            let old = generate_with(seed, Streams { pipeline: true, more: false });
            let new = generate_with(seed, Streams { pipeline: true, more: true });
            let n = old.body.len();
            let at_end = new.body[..n] == old.body[..];
            let at_start = new.body[new.body.len() - n..] == old.body[..];
            assert!(at_end || at_start, "seed {seed}");
            assert_eq!(new.accesses[..old.accesses.len()], old.accesses[..], "seed {seed}");
            assert_eq!(new.more_first, ClaimStart { access: old.accesses.len() + 1, subview: old.subviews + 1 });
            assert_eq!(new.pipeline_first, old.pipeline_first);
            if has_affine(&old.body) {
                assert_eq!(new.lower_affine, old.lower_affine, "seed {seed}");
            }
            assert_eq!(old.more_shapes()[..4], [false; 4]);
            for (s, has) in seen.iter_mut().zip(new.more_shapes()) {
                *s |= has;
            }
        }
        assert_eq!(seen, [true; 6]);
    }

    #[test]
    fn affine_trees_are_affine_expressions() {
        fn check(stmts: &[Stmt]) {
            for s in stmts {
                match s {
                    Stmt::Access(a) if a.kind.is_affine() => {
                        assert!(a.idx.iter().all(Ix::is_affine_expr), "{a:?}")
                    }
                    Stmt::Access(a) => {
                        for e in &a.idx {
                            if let Ix::AffineApply(t) = e {
                                assert!(t.is_affine_expr(), "{t:?}");
                            }
                        }
                    }
                    Stmt::AffineFor { body, .. } | Stmt::For { body, .. } | Stmt::Par { body, .. } => check(body),
                    Stmt::If { then, els, .. } => {
                        check(then);
                        check(els);
                    }
                    _ => {}
                }
            }
        }
        for seed in 0..300 {
            check(&generate(seed).body);
        }
    }
}
