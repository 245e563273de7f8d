//! Hand-written near misses of the pipeline shapes, for the self-test: each
//! has one claim (an access, or a subview) that some of its argument sets
//! take out of bounds whatever the simulator says, so a forged proof of it
//! must be caught by the simulation and by the execution.

use super::model::{AccKind, Access, AffMap, ArgSet, BoundsCase, Buf, ForKind, Ix, Lin, ParKind, Stmt};

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
    }
}

fn acc(id: usize, kind: AccKind, buf: Buf, idx: Vec<Ix>) -> Stmt {
    Stmt::Access(Access { id, kind, buf, idx })
}

fn dim_a() -> Ix {
    Ix::Dim(Buf::A, 0)
}

/// `(d0)[s0] -> (4, s0 - d0 + extra)`(%v)[d].
fn tile_size(v: usize, d: Ix, extra: i64) -> Ix {
    let rest = Lin { c: extra, d: vec![-1], s: vec![1] };
    Ix::Affine(Box::new(AffMap { min: true, results: vec![Lin::c(4), rest], dims: vec![Ix::Var(v)], syms: vec![d] }))
}

fn scf_for(var: usize, ub: Ix, step: i64, body: Vec<Stmt>) -> Stmt {
    Stmt::For { kind: ForKind::Scf, var, lb: Ix::Const(0), ub, step, body }
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
    let body = vec![Stmt::Let { var: 1, value: tile_size(0, dim_a(), 1) }, inner];
    case(999_992, vec![scf_for(0, dim_a(), 4, body)], vec![(AccKind::Load, Buf::A)], 3, 0)
}

/// A tile view `%t = memref.subview %A[%i] [%sz] [1]` read at `%t[%j]` for
/// `%j < 4` (not `%sz`): out of the view in the last, partial tile.
pub fn subview_access() -> BoundsCase {
    let sv = Stmt::Subview { k: 1, view: Buf::T0, src: Buf::A, off: Ix::Var(0), size: Ix::Var(1) };
    let inner = scf_for(2, Ix::Const(4), 1, vec![acc(1, AccKind::Store, Buf::T0, vec![Ix::Var(2)])]);
    let body = vec![Stmt::Let { var: 1, value: tile_size(0, dim_a(), 0) }, sv, inner];
    case(999_993, vec![scf_for(0, dim_a(), 4, body)], vec![(AccKind::Store, Buf::T0)], 3, 1)
}

/// A subview of a tile view of size 2 (no `affine.min`) at every second
/// element of the tile: outside its source in a tile of odd size (the last
/// tile of 5, 7). The claim is subview 2 (claim id 3, after the access).
pub fn subview_of_subview() -> BoundsCase {
    let sv1 = Stmt::Subview { k: 1, view: Buf::T0, src: Buf::A, off: Ix::Var(0), size: Ix::Var(1) };
    let sv2 = Stmt::Subview { k: 2, view: Buf::T1, src: Buf::T0, off: Ix::Var(2), size: Ix::Const(2) };
    let read = scf_for(3, Ix::Dim(Buf::T1, 0), 1, vec![acc(1, AccKind::Load, Buf::T1, vec![Ix::Var(3)])]);
    let inner = scf_for(2, Ix::Var(1), 2, vec![sv2, read]);
    let body = vec![Stmt::Let { var: 1, value: tile_size(0, dim_a(), 0) }, sv1, inner];
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
    let zero = AffMap { min: false, results: vec![Lin::c(0)], dims: Vec::new(), syms: Vec::new() };
    let d = AffMap {
        min: false,
        results: vec![Lin { c: 0, d: Vec::new(), s: vec![1] }],
        dims: Vec::new(),
        syms: vec![dim_a()],
    };
    let outer = Stmt::AffineFor { var: 0, lb: zero, ub: d, step: 4, body: vec![inner] };
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
        body[0] = Stmt::Let { var: 1, value: tile_size(0, dim_a(), 0) };
        assert!((0..3).all(|s| matches!(simulate(&c, s), SimOutcome::Done(_))));
    }
}
