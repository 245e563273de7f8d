//! Hand-written near misses of the pipeline shapes, for the self-test: each
//! has one claim (an access, or a subview) that some of its argument sets
//! take out of bounds whatever the simulator says, so a forged proof of it
//! must be caught by the simulation and by the execution.

use super::generate::{afor, const_map, scf_for, sym_lin, sym_map, tile_size};
use super::model::{
    AccKind, Access, AffMap, ArgSet, BoundsCase, Buf, ClaimStart, DivOp, Ix, Lin, ParKind, Scalar, Stmt, SvSize,
};

/// Argument sets with `%A` of these sizes (`%B` of 3, `%M` of `a x 3`).
fn sets(a: &[usize]) -> Vec<ArgSet> {
    a.iter().map(|&a_len| ArgSet { a_len, b_len: 3, m_dims: (a_len.min(12), 3), n: 0, m: 0 }).collect()
}

fn case(id: u64, body: Vec<Stmt>, accesses: Vec<(AccKind, Buf)>, vars: usize, subviews: usize) -> BoundsCase {
    BoundsCase {
        id,
        body,
        accesses,
        vars,
        arg_sets: sets(&[0, 5, 7]),
        iw: 64,
        subviews,
        pipeline_first: 1,
        lower_affine: false,
        more_first: ClaimStart { access: 1, subview: 1 },
    }
}

fn acc(id: usize, kind: AccKind, buf: Buf, idx: Vec<Ix>) -> Stmt {
    Stmt::Access(Access { id, kind, buf, idx })
}

fn dim_a() -> Ix {
    Ix::Dim(Buf::A, 0)
}

/// Subview number `k`, `view = memref.subview src[off..] [size..]`.
fn subview(k: usize, view: Buf, src: Buf, off: Vec<Ix>, size: Vec<SvSize>) -> Stmt {
    Stmt::Subview { k, view, src, off, size }
}

/// A 1-D subview: `view = memref.subview src[off] [size] [1]`.
fn subview1(k: usize, view: Buf, src: Buf, off: Ix, size: Ix) -> Stmt {
    subview(k, view, src, vec![off], vec![SvSize::Keep(size)])
}

/// `scf.forall (%i) = (0) to (dim(%A)) step (4) { %A[%i + 3] }`: out of
/// bounds unless the size is a multiple of 4 (5 and 7 are not).
pub fn forall_step4() -> BoundsCase {
    let body = vec![acc(1, AccKind::Load, Buf::A, vec![Ix::Var(0).add_c(3)])];
    let par = Stmt::Par {
        kind: ParKind::Forall { static_consts: true },
        vars: vec![0],
        lbs: vec![Ix::Const(0)],
        ubs: vec![dim_a()],
        steps: vec![4],
        body,
    };
    case(999_990, vec![par], vec![(AccKind::Load, Buf::A)], 1, 0)
}

/// `scf.parallel (%i, %j) = (0, 0) to (dim(%M, 0), dim(%M, 1)) { %M[%i, %j + 1] = .. }`.
pub fn parallel_2d() -> BoundsCase {
    let body = vec![acc(1, AccKind::Store, Buf::M, vec![Ix::Var(0), Ix::Var(1).add_c(1)])];
    let par = Stmt::Par {
        kind: ParKind::Parallel,
        vars: vec![0, 1],
        lbs: vec![Ix::Const(0), Ix::Const(0)],
        ubs: vec![Ix::Dim(Buf::M, 0), Ix::Dim(Buf::M, 1)],
        steps: vec![1, 1],
        body,
    };
    case(999_991, vec![par], vec![(AccKind::Store, Buf::M)], 2, 0)
}

/// `for %i = 0 to dim(%A) step 4 { %sz = affine.min (4, dim - %i + 1); for
/// %j = 0 to %sz { %A[affine.apply (d0 + d1)(%i, %j)] } }`.
pub fn tile_min_plus_one() -> BoundsCase {
    let sum = AffMap {
        min: false,
        results: vec![Lin { c: 0, d: vec![1, 1], s: Vec::new() }],
        dims: vec![Ix::Var(0), Ix::Var(2)],
        syms: Vec::new(),
    };
    let inner = scf_for(2, Ix::Var(1), 1, vec![acc(1, AccKind::Load, Buf::A, vec![Ix::Affine(Box::new(sum))])]);
    let body = vec![Stmt::Let { var: 1, value: tile_size(4, 1, 0, dim_a()) }, inner];
    case(999_992, vec![scf_for(0, dim_a(), 4, body)], vec![(AccKind::Load, Buf::A)], 3, 0)
}

/// A tile view `%t = memref.subview %A[%i] [%sz] [1]` read at `%t[%j]` for
/// `%j < 4` (not `%sz`): out of the view in the last, partial tile.
pub fn subview_access() -> BoundsCase {
    let sv = subview1(1, Buf::T0, Buf::A, Ix::Var(0), Ix::Var(1));
    let inner = scf_for(2, Ix::Const(4), 1, vec![acc(1, AccKind::Store, Buf::T0, vec![Ix::Var(2)])]);
    let body = vec![Stmt::Let { var: 1, value: tile_size(4, 0, 0, dim_a()) }, sv, inner];
    case(999_993, vec![scf_for(0, dim_a(), 4, body)], vec![(AccKind::Store, Buf::T0)], 3, 1)
}

/// A subview of a tile view of size 2 (no `affine.min`) at every second
/// element of the tile: outside its source in a tile of odd size (the last
/// tile of 5, 7). The claim is subview 2 (claim id 3, after the access).
pub fn subview_of_subview() -> BoundsCase {
    let sv1 = subview1(1, Buf::T0, Buf::A, Ix::Var(0), Ix::Var(1));
    let sv2 = subview1(2, Buf::T1, Buf::T0, Ix::Var(2), Ix::Const(2));
    let read = scf_for(3, Ix::Dim(Buf::T1, 0), 1, vec![acc(1, AccKind::Load, Buf::T1, vec![Ix::Var(3)])]);
    let inner = scf_for(2, Ix::Var(1), 2, vec![sv2, read]);
    let body = vec![Stmt::Let { var: 1, value: tile_size(4, 0, 0, dim_a()) }, sv1, inner];
    case(999_994, vec![scf_for(0, dim_a(), 4, body)], vec![(AccKind::Load, Buf::T1)], 4, 2)
}

/// `affine.for %i = 0 to dim step 4 { affine.for %j = %i to min(%i + 4,
/// dim + 1) { affine.load %A[%j] } }` (after lower-affine when `lowered`).
pub fn affine_tile(lowered: bool) -> BoundsCase {
    let lb = AffMap {
        min: false,
        results: vec![Lin { c: 0, d: vec![1], s: Vec::new() }],
        dims: vec![Ix::Var(0)],
        syms: Vec::new(),
    };
    let ub = AffMap {
        min: true,
        results: vec![Lin { c: 4, d: vec![1], s: Vec::new() }, Lin { c: 1, d: vec![0], s: vec![1] }],
        dims: vec![Ix::Var(0)],
        syms: vec![dim_a()],
    };
    let inner =
        Stmt::AffineFor { var: 1, lb, ub, step: 1, body: vec![acc(1, AccKind::ALoad, Buf::A, vec![Ix::Var(1)])] };
    let outer = afor(0, const_map(0), sym_map(dim_a(), 0), 4, vec![inner]);
    let mut c = case(if lowered { 999_996 } else { 999_995 }, vec![outer], vec![(AccKind::ALoad, Buf::A)], 2, 0);
    c.lower_affine = lowered;
    c
}

/// `%O = memref.alloc(dim(%B))`, filled by `for %i = 0 to dim(%A)`.
pub fn alloc_wrong_size() -> BoundsCase {
    let fill = scf_for(0, dim_a(), 1, vec![acc(1, AccKind::Store, Buf::O, vec![Ix::Var(0)])]);
    let alloc = Stmt::Alloc { size: Ix::Dim(Buf::B, 0), dealloc: true, body: vec![fill] };
    case(999_997, vec![alloc], vec![(AccKind::Store, Buf::O)], 1, 0)
}

/// `affine.for %i = 0 to dim(%A) - 2 { affine.vector_load %A[%i] :
/// vector<4xi32> }`: the last vector ends one past the end.
pub fn affine_vector_one_past() -> BoundsCase {
    let body = vec![acc(1, AccKind::AVLoad(4), Buf::A, vec![Ix::Var(0)])];
    let f = afor(0, const_map(0), sym_map(dim_a(), -2), 1, body);
    case(999_970, vec![f], vec![(AccKind::AVLoad(4), Buf::A)], 1, 0)
}

/// `affine.for %i = 0 to dim(%M, 0) { affine.for %j = 0 to dim(%M, 1) step
/// 2 { affine.vector_store %M[%i, %j] : vector<2xf32> } }` after
/// lower-affine: the last step overruns a row of 3.
pub fn affine_vector_rows() -> BoundsCase {
    let body = vec![acc(1, AccKind::AVStore(2), Buf::M, vec![Ix::Var(0), Ix::Var(1)])];
    let inner = afor(1, const_map(0), sym_map(Ix::Dim(Buf::M, 1), 0), 2, body);
    let outer = afor(0, const_map(0), sym_map(Ix::Dim(Buf::M, 0), 0), 1, vec![inner]);
    let mut c = case(999_971, vec![outer], vec![(AccKind::AVStore(2), Buf::M)], 2, 0);
    c.lower_affine = true;
    c
}

/// `for %i = 0 to dim(%M, 0) step 4 { %s0 = affine.min (4, d0 - %i +
/// extra0); for %j = 0 to dim(%M, 1) step 2 { %s1 = affine.min (2, d1 -
/// %j); %v = memref.subview %M[%i, %j] [%s0, %s1] [1, 1]; then }}`
/// (variables 0 to 3: %i, %j, %s0, %s1).
fn tile2(extra0: i64, then: Vec<Stmt>) -> Stmt {
    let (d0, d1) = (Ix::Dim(Buf::M, 0), Ix::Dim(Buf::M, 1));
    let sizes = vec![SvSize::Keep(Ix::Var(2)), SvSize::Keep(Ix::Var(3))];
    let sv = subview(1, Buf::V0, Buf::M, vec![Ix::Var(0), Ix::Var(1)], sizes);
    let mut body = vec![Stmt::Let { var: 3, value: tile_size(2, 0, 1, d1.clone()) }, sv];
    body.extend(then);
    let inner = scf_for(1, d1, 2, body);
    scf_for(0, d0.clone(), 4, vec![Stmt::Let { var: 2, value: tile_size(4, extra0, 0, d0) }, inner])
}

/// A 2-D tile whose row tile size is one too big
/// (`affine.min (4, d0 - %i + 1)`): the tile view leaves `%M` in the last
/// row tile of 5 and 7 rows.
/// The claim is the subview (claim id 2, after the access).
pub fn tile2_size_plus_one() -> BoundsCase {
    let st = acc(1, AccKind::Store, Buf::V0, vec![Ix::Var(4), Ix::Var(5)]);
    let nest = scf_for(4, Ix::Var(2), 1, vec![scf_for(5, Ix::Var(3), 1, vec![st])]);
    case(999_972, vec![tile2(1, vec![nest])], vec![(AccKind::Store, Buf::V0)], 6, 1)
}

/// A subview of a 2-D tile view, 2 rows (no `affine.min`) at every second
/// row of the tile: outside it in a tile of odd height (the last tile of
/// 5 and 7 rows). The claim is subview 2 (claim id 3).
pub fn subview_of_tile2() -> BoundsCase {
    let sizes = vec![SvSize::Keep(Ix::Const(2)), SvSize::Keep(Ix::Var(3))];
    let sv2 = subview(2, Buf::V1, Buf::V0, vec![Ix::Var(4), Ix::Const(0)], sizes);
    let ld = acc(1, AccKind::Load, Buf::V1, vec![Ix::Const(0), Ix::Var(5)]);
    let read = scf_for(5, Ix::Dim(Buf::V1, 1), 1, vec![ld]);
    let rows = scf_for(4, Ix::Var(2), 2, vec![sv2, read]);
    case(999_973, vec![tile2(0, vec![rows])], vec![(AccKind::Load, Buf::V1)], 6, 2)
}

/// `for %r = 0 to dim(%M, 0) { %row = memref.subview %M[0, %r] [1,
/// dim(%M, 1)] [1, 1]; for %c = 0 to dim(%row, 0) { %row[%c] } }`: the
/// offset in the wrong dimension (outside `%M` from the second row on).
/// The claim is the subview (claim id 2).
pub fn row_offset_swapped() -> BoundsCase {
    let sizes = vec![SvSize::Drop, SvSize::Keep(Ix::Dim(Buf::M, 1))];
    let sv = subview(1, Buf::Row, Buf::M, vec![Ix::Const(0), Ix::Var(0)], sizes);
    let read = scf_for(1, Ix::Dim(Buf::Row, 0), 1, vec![acc(1, AccKind::Load, Buf::Row, vec![Ix::Var(1)])]);
    let f = scf_for(0, Ix::Dim(Buf::M, 0), 1, vec![sv, read]);
    case(999_974, vec![f], vec![(AccKind::Load, Buf::Row)], 2, 1)
}

/// `affine.for %i = 0 to 8 { affine.for %j = 0 to dim(%A) - 2 {
/// affine.load %A[%i mod 4 + %j] } }`: one past the end for `%i mod 4 =
/// 3`.
pub fn mod_in_sum() -> BoundsCase {
    let e = Ix::Var(0).div(DivOp::Mod, 4).plus(Ix::Var(1));
    let inner = afor(1, const_map(0), sym_map(dim_a(), -2), 1, vec![acc(1, AccKind::ALoad, Buf::A, vec![e])]);
    case(999_975, vec![afor(0, const_map(0), const_map(8), 1, vec![inner])], vec![(AccKind::ALoad, Buf::A)], 2, 0)
}

/// A window of three loops, `%i` from `1 - %n - %m` to
/// `dim(%A) - %n - %m + 1 - 3` (the window needs 4), storing to
/// `%A[affine.apply (%i + %j + %k + s0 + s1 - 1)]` with `%n = i64::MAX`,
/// `%m = i64::MIN + 3` (the partial sums wrap, the whole does not): one
/// past the end.
pub fn long_sum() -> BoundsCase {
    let (n, m) = (Ix::Arg(Scalar::N), Ix::Arg(Scalar::M));
    let sum = Ix::Var(0).plus(Ix::Var(1)).plus(Ix::Var(2)).plus(n.clone()).plus(m.clone()).add_c(-1);
    let st = acc(1, AccKind::Store, Buf::A, vec![Ix::AffineApply(Box::new(sum))]);
    let k = afor(2, const_map(0), const_map(3), 1, vec![st]);
    let j = afor(1, const_map(0), const_map(3), 1, vec![k]);
    let lb = sym_lin(1, vec![-1, -1], vec![n.clone(), m.clone()]);
    let ub = sym_lin(-2, vec![-1, -1, 1], vec![n, m, dim_a()]);
    let mut c = case(999_976, vec![afor(0, lb, ub, 1, vec![j])], vec![(AccKind::Store, Buf::A)], 3, 0);
    for s in &mut c.arg_sets {
        (s.n, s.m) = (i64::MAX, i64::MIN + 3);
    }
    c
}

/// `affine.for %i = 0 to dim(%A) { affine.load %A[(%i + s0) floordiv 2 -
/// s0 floordiv 2] }` with `%n = i64::MAX` as s0: in bounds over the
/// integers, but `%i + s0` wraps for `%i >= 1` (lower-affine adds with
/// wrapping `addi`), and the index is then far below 0.
pub fn wrapping_division() -> BoundsCase {
    let n = Ix::Arg(Scalar::N);
    let e = Ix::Var(0).plus(n.clone()).div(DivOp::FloorDiv, 2).minus(n.div(DivOp::FloorDiv, 2));
    let f = afor(0, const_map(0), sym_map(dim_a(), 0), 1, vec![acc(1, AccKind::ALoad, Buf::A, vec![e])]);
    let mut c = case(999_977, vec![f], vec![(AccKind::ALoad, Buf::A)], 1, 0);
    for s in &mut c.arg_sets {
        s.n = i64::MAX;
    }
    c
}

/// Every hand-written case, with the claim id that must be caught (access
/// ids, then the subviews') and what it is.
pub fn all() -> Vec<(BoundsCase, usize, &'static str)> {
    vec![
        (forall_step4(), 1, "scf.forall step 4 reading %i + 3"),
        (parallel_2d(), 1, "2-D scf.parallel"),
        (tile_min_plus_one(), 1, "tile of affine.min (4, d - i + 1)"),
        (subview_access(), 1, "access of a tile subview"),
        (subview_of_subview(), 3, "subview of a subview"),
        (affine_tile(false), 1, "affine.for to min(i + 4, d + 1)"),
        (affine_tile(true), 1, "the same after lower-affine"),
        (alloc_wrong_size(), 1, "alloc of the wrong size"),
        (affine_vector_one_past(), 1, "affine.vector_load one element past the end"),
        (affine_vector_rows(), 1, "stepped affine.vector_store on rows of %M, after lower-affine"),
        (tile2_size_plus_one(), 2, "2-D tile with a row tile size one too big"),
        (subview_of_tile2(), 3, "subview of a 2-D tile view"),
        (row_offset_swapped(), 2, "rank-reducing subview with the offset in the wrong dimension"),
        (mod_in_sum(), 1, "affine.load at %i mod 4 + %j"),
        (long_sum(), 1, "affine.apply of a six-term sum with edge symbols"),
        (wrapping_division(), 1, "affine division of a wrapping sum"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bounds_fuzz::simulate::{simulate, SimOutcome};

    #[test]
    fn each_hand_written_claim_goes_out_of_bounds_for_sizes_5_and_7_only() {
        for (c, id, what) in all() {
            let runs: Vec<SimOutcome> = (0..3).map(|s| simulate(&c, s)).collect();
            assert!(matches!(runs[0], SimOutcome::Done(_)), "{what}: {runs:?}");
            let stop =
                if id > c.accesses.len() { SimOutcome::SubviewOob(id - c.accesses.len()) } else { SimOutcome::Oob(id) };
            assert_eq!(&runs[1..], &[stop.clone(), stop], "{what}");
        }
    }

    #[test]
    fn in_bounds_variants_run_to_the_end() {
        // The same forall stepping by 4 and reading %i, the tile without + 1.
        let mut c = forall_step4();
        let Stmt::Par { body, .. } = &mut c.body[0] else { unreachable!() };
        body[0] = acc(1, AccKind::Load, Buf::A, vec![Ix::Var(0)]);
        assert!((0..3).all(|s| matches!(simulate(&c, s), SimOutcome::Done(_))));
        let mut c = tile_min_plus_one();
        let Stmt::For { body, .. } = &mut c.body[0] else { unreachable!() };
        body[0] = Stmt::Let { var: 1, value: tile_size(4, 0, 0, dim_a()) };
        assert!((0..3).all(|s| matches!(simulate(&c, s), SimOutcome::Done(_))));
    }
}
