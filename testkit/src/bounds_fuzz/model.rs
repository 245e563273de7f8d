//! The bounds fuzzer's programs: a small structured language whose every
//! construct maps to one MLIR construct (see `emit`) and has one meaning
//! (see `simulate`).
//!
//! Invariants the generator keeps and the emitter relies on: a [`Stmt::Exit`]
//! is a direct child of the body of the loom loop it names; a variable is
//! only read inside the construct that defines it (a [`Stmt::Let`] or
//! [`Stmt::Subview`]: in the statements after it in its block); access ids
//! are 1..=n (the pipeline templates' after the others', wherever they sit).

use crate::int::Predicate;

/// A buffer: a function argument, an output alloc or a tile view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Buf {
    /// `%A: memref<?xi32>`.
    A,
    /// `%B: memref<?xi32>`.
    B,
    /// `%M: memref<?x?xf32>`.
    M,
    /// An output buffer `memref.alloc(size) : memref<?xi32>` ([`Stmt::Alloc`]).
    O,
    /// The innermost tile views ([`Stmt::Subview`]): `T0` of `%A`, `%B` or
    /// `%O`, `T1` of `T0`; `memref<?xi32, strided<[1], offset: ?>>`.
    T0,
    T1,
    /// The 2-D tile views of `%M`: `V0` of `%M`, `V1` of `V0`;
    /// `memref<?x?xf32, strided<[?, 1], offset: ?>>`.
    V0,
    V1,
    /// A row of `%M` or of `V0` (a rank-reducing subview):
    /// `memref<?xf32, strided<[1], offset: ?>>`.
    Row,
}

impl Buf {
    pub fn rank(self) -> usize {
        if matches!(self, Buf::M | Buf::V0 | Buf::V1) {
            2
        } else {
            1
        }
    }
    /// The SSA name of an argument buffer (the emitter names the others).
    pub fn ssa(self) -> &'static str {
        match self {
            Buf::A => "%A",
            Buf::B => "%B",
            Buf::M => "%M",
            Buf::O => "%O",
            Buf::T0 => "%t0",
            Buf::T1 => "%t1",
            Buf::V0 => "%v0",
            Buf::V1 => "%v1",
            Buf::Row => "%row",
        }
    }
    pub fn type_name(self) -> &'static str {
        match self {
            Buf::M => "memref<?x?xf32>",
            Buf::T0 | Buf::T1 => "memref<?xi32, strided<[1], offset: ?>>",
            Buf::V0 | Buf::V1 => "memref<?x?xf32, strided<[?, 1], offset: ?>>",
            Buf::Row => "memref<?xf32, strided<[1], offset: ?>>",
            _ => "memref<?xi32>",
        }
    }
    pub fn is_view(self) -> bool {
        matches!(self, Buf::T0 | Buf::T1 | Buf::V0 | Buf::V1 | Buf::Row)
    }
    pub fn element(self) -> &'static str {
        if matches!(self, Buf::M | Buf::V0 | Buf::V1 | Buf::Row) {
            "f32"
        } else {
            "i32"
        }
    }
    /// The other 1-D buffer.
    pub fn other(self) -> Buf {
        if self == Buf::A {
            Buf::B
        } else {
            Buf::A
        }
    }
}

/// A scalar argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    N,
    M,
}

/// A variable: a loop counter, an iteration argument or a midpoint.
pub type Var = usize;

/// An `index` value (no overflow flags: every operation wraps).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ix {
    Arg(Scalar),
    /// `memref.dim buf, k`.
    Dim(Buf, usize),
    Const(i64),
    Var(Var),
    /// `arith.addi x, c` (`arith.subi x, -c` when c < 0).
    AddC(Box<Ix>, i64),
    /// The same with `overflow<nsw>`: poison when the signed sum overflows.
    AddNsw(Box<Ix>, i64),
    Add(Box<Ix>, Box<Ix>),
    Sub(Box<Ix>, Box<Ix>),
    MulC(Box<Ix>, i64),
    Min(Box<Ix>, Box<Ix>),
    Max(Box<Ix>, Box<Ix>),
    Select(Box<Cond>, Box<Ix>, Box<Ix>),
    /// `arith.shrui x, k`.
    ShrUI(Box<Ix>, u32),
    /// `arith.divsi x, c` with c > 0.
    DivSI(Box<Ix>, i64),
    /// `affine.apply` (one result) or `affine.min` of a map.
    Affine(Box<AffMap>),
    /// `affine.apply (d0) -> (d0 op k)(x)` (k > 0), with the meaning of
    /// lower-affine's expansion (exact except where it wraps, see
    /// `simulate`); in an affine access index, `(x op k)`.
    AffDiv(Box<Ix>, DivOp, i64),
    /// `affine.apply` of the map whose one result is this tree, written as
    /// an affine expression (see [`Ix::is_affine_expr`]; counters are its
    /// dims, arguments and sizes its symbols), with the meaning of
    /// lower-affine's expansion of it (see `simulate`).
    AffineApply(Box<Ix>),
}

/// An affine division by a positive constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DivOp {
    FloorDiv,
    CeilDiv,
    Mod,
}

impl DivOp {
    pub fn name(self) -> &'static str {
        match self {
            DivOp::FloorDiv => "floordiv",
            DivOp::CeilDiv => "ceildiv",
            DivOp::Mod => "mod",
        }
    }
}

/// `c + sum d[k] * dim_k + sum s[k] * sym_k` (wrapping, as lower-affine
/// expands it: `muli`/`addi` at the index width).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lin {
    pub c: i64,
    pub d: Vec<i64>,
    pub s: Vec<i64>,
}

impl Lin {
    pub fn c(c: i64) -> Lin {
        Lin { c, d: Vec::new(), s: Vec::new() }
    }
}

/// An affine map applied to operands: `results` over `dims` then `syms`;
/// `affine.min` (the signed minimum of the results) when `min`, else
/// `affine.apply` (one result). As an `affine.for` bound: the lower bound is
/// the maximum of the results, the upper bound the minimum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AffMap {
    pub min: bool,
    pub results: Vec<Lin>,
    pub dims: Vec<Ix>,
    pub syms: Vec<Ix>,
}

impl Ix {
    pub fn var(v: Var) -> Ix {
        Ix::Var(v)
    }
    pub fn add_c(self, c: i64) -> Ix {
        if c == 0 {
            self
        } else {
            Ix::AddC(Box::new(self), c)
        }
    }
    pub fn add_nsw(self, c: i64) -> Ix {
        Ix::AddNsw(Box::new(self), c)
    }
    pub fn minus(self, other: Ix) -> Ix {
        Ix::Sub(Box::new(self), Box::new(other))
    }
    pub fn plus(self, other: Ix) -> Ix {
        Ix::Add(Box::new(self), Box::new(other))
    }
    pub fn times(self, c: i64) -> Ix {
        Ix::MulC(Box::new(self), c)
    }
    pub fn div(self, op: DivOp, k: i64) -> Ix {
        Ix::AffDiv(Box::new(self), op, k)
    }
    /// Whether this tree can be written as an affine expression (an affine
    /// access's index, [`Ix::AffineApply`]'s map): `Add`, `Sub`, `AddC`,
    /// `MulC` and `AffDiv` nodes over counters, arguments, sizes and
    /// constants.
    pub fn is_affine_expr(&self) -> bool {
        match self {
            Ix::Var(_) | Ix::Arg(_) | Ix::Dim(..) | Ix::Const(_) => true,
            Ix::AddC(x, _) | Ix::MulC(x, _) | Ix::AffDiv(x, ..) => x.is_affine_expr(),
            Ix::Add(x, y) | Ix::Sub(x, y) => x.is_affine_expr() && y.is_affine_expr(),
            _ => false,
        }
    }
    /// The terms of the sum this tree is (a constant term counts as one):
    /// `d0 + d1 + d2 + s0 + s1 - 1` has six.
    pub fn sum_terms(&self) -> usize {
        match self {
            Ix::Add(x, y) | Ix::Sub(x, y) => x.sum_terms() + y.sum_terms(),
            Ix::AddC(x, _) => x.sum_terms() + 1,
            _ => 1,
        }
    }
    /// Whether this tree has a division among the terms of a sum (`d0 mod
    /// 4 + d1`, `(d0 + d1) floordiv 2 + s0`; not `c × (L floordiv m)`
    /// alone).
    pub fn has_division_in_sum(&self) -> bool {
        fn has_div(e: &Ix) -> bool {
            match e {
                Ix::AffDiv(..) => true,
                Ix::AddC(x, _) | Ix::MulC(x, _) => has_div(x),
                Ix::Add(x, y) | Ix::Sub(x, y) => has_div(x) || has_div(y),
                _ => false,
            }
        }
        self.sum_terms() > 1 && has_div(self)
    }
}

/// `arith.cmpi pred, a, b : index`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cond {
    pub pred: Predicate,
    pub a: Ix,
    pub b: Ix,
}

/// What an access does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccKind {
    Load,
    Store,
    /// `vector.load` of this many elements.
    VLoad(i64),
    VStore(i64),
    /// `vector.transfer_read ... {in_bounds = [true]}`.
    TRead(i64),
    TWrite(i64),
    /// `affine.load`/`affine.store`, the index written as an affine
    /// expression of its operands (see [`Ix::is_affine_expr`]).
    ALoad,
    AStore,
    /// `affine.vector_load`/`affine.vector_store` of this many elements
    /// (along the last dimension), indexed like `ALoad`.
    AVLoad(i64),
    AVStore(i64),
}

impl AccKind {
    pub fn op_name(self) -> &'static str {
        match self {
            AccKind::Load => "memref.load",
            AccKind::Store => "memref.store",
            AccKind::VLoad(_) => "vector.load",
            AccKind::VStore(_) => "vector.store",
            AccKind::TRead(_) => "vector.transfer_read",
            AccKind::TWrite(_) => "vector.transfer_write",
            AccKind::ALoad => "affine.load",
            AccKind::AStore => "affine.store",
            AccKind::AVLoad(_) => "affine.vector_load",
            AccKind::AVStore(_) => "affine.vector_store",
        }
    }
    /// The op name once `lower-affine` has run.
    pub fn lowered_op_name(self) -> &'static str {
        match self {
            AccKind::ALoad => "memref.load",
            AccKind::AStore => "memref.store",
            AccKind::AVLoad(_) => "vector.load",
            AccKind::AVStore(_) => "vector.store",
            k => k.op_name(),
        }
    }
    /// Elements covered along the last dimension.
    pub fn extent(self) -> i64 {
        match self {
            AccKind::Load | AccKind::Store | AccKind::ALoad | AccKind::AStore => 1,
            AccKind::VLoad(n)
            | AccKind::VStore(n)
            | AccKind::TRead(n)
            | AccKind::TWrite(n)
            | AccKind::AVLoad(n)
            | AccKind::AVStore(n) => n,
        }
    }
    pub fn is_vector(self) -> bool {
        self.extent() > 1 || !matches!(self, AccKind::Load | AccKind::Store | AccKind::ALoad | AccKind::AStore)
    }
    pub fn writes(self) -> bool {
        matches!(self, AccKind::Store | AccKind::VStore(_) | AccKind::TWrite(_) | AccKind::AStore | AccKind::AVStore(_))
    }
    /// An affine access: its indices are affine expressions, evaluated as
    /// lower-affine expands them.
    pub fn is_affine(self) -> bool {
        matches!(self, AccKind::ALoad | AccKind::AStore | AccKind::AVLoad(_) | AccKind::AVStore(_))
    }
}

/// One access; `id` is its location's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Access {
    pub id: usize,
    pub kind: AccKind,
    pub buf: Buf,
    /// One index per dimension of `buf`.
    pub idx: Vec<Ix>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ForKind {
    Scf,
    Loom,
}

/// A binary search over `buf`: `lo`, `hi` iteration arguments, the
/// midpoint `mid`, a probe load `buf[mid]` that decides the direction
/// against `%n` truncated to i32.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Search {
    pub lo: Var,
    pub hi: Var,
    pub mid: Var,
    pub init_lo: Ix,
    pub init_hi: Ix,
    /// Continue while `lo pred hi`.
    pub pred: Predicate,
    /// `lo`, `hi` → midpoint.
    pub mid_expr: Ix,
    /// Inclusive (`hi = mid - 1`) or exclusive (`hi = mid`) upper end.
    pub inclusive: bool,
    /// When the probe is below the key, `hi` grows by one as `lo` moves up
    /// (`hi <= dim` is then not inductive).
    pub grow: bool,
    /// Accesses before the probe (they see `mid`, `lo`, `hi`).
    pub body: Vec<Stmt>,
    pub probe: Access,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stmt {
    /// `scf.for`/`loom.for %v = lb to ub step s` (s > 0, signed).
    For {
        kind: ForKind,
        var: Var,
        lb: Ix,
        ub: Ix,
        step: i64,
        body: Vec<Stmt>,
    },
    /// Header-tested `scf.while`: while `cond` (reading `var`), body, `var += step`.
    While {
        var: Var,
        init: Ix,
        cond: Cond,
        step: i64,
        body: Vec<Stmt>,
    },
    /// Counted `loom.loop`: `loom.if exit { loom.break }`, body, continue with `var + step`.
    Loop {
        var: Var,
        init: Ix,
        exit: Cond,
        step: i64,
        body: Vec<Stmt>,
    },
    Search(Box<Search>),
    /// A sentinel loop: `scf.while (%v = 0)` whose condition region loads
    /// `buf[%v]` (access `probe`) and goes on while the value differs from
    /// `%n` truncated to i32; when `guarded`, the load sits under `scf.if
    /// %v < dim(buf)` (else the loop stops). The body runs `body`, then
    /// `%v + 1`.
    Sentinel {
        var: Var,
        buf: Buf,
        guarded: bool,
        probe: Access,
        body: Vec<Stmt>,
    },
    /// `scf.if cond { then } else { els }`.
    If {
        cond: Cond,
        then: Vec<Stmt>,
        els: Vec<Stmt>,
    },
    /// `loom.if cond { loom.break / loom.continue }` to the loom loop of
    /// `target`; with `only_if`, the then-branch exits only when that holds
    /// too (`loom.if cond { loom.if only_if { exit } loom.yield }`: a branch
    /// that does not always exit).
    Exit {
        cond: Cond,
        target: Var,
        cont: bool,
        only_if: Option<Cond>,
    },
    /// `scf.for %i = 0 to bound step 1 iter_args(%j = init_j)` yielding
    /// `%j + step_j`: two counters that move together.
    Pair {
        i: Var,
        j: Var,
        bound: Ix,
        init_j: Ix,
        step_j: i64,
        body: Vec<Stmt>,
    },
    Access(Access),
    /// `scf.parallel` / `scf.forall` over one or two counters (dimension
    /// order: the first counter outermost, as both lowerings nest them).
    Par {
        kind: ParKind,
        vars: Vec<Var>,
        lbs: Vec<Ix>,
        ubs: Vec<Ix>,
        steps: Vec<i64>,
        body: Vec<Stmt>,
    },
    /// `affine.for %v = max(lb) to min(ub) step s` (s > 0).
    AffineFor {
        var: Var,
        lb: AffMap,
        ub: AffMap,
        step: i64,
        body: Vec<Stmt>,
    },
    /// `%v = value`, visible to the statements after it in the same block
    /// (one SSA value used twice, like tiling's `affine.min` tile size).
    Let {
        var: Var,
        value: Ix,
    },
    /// `view = memref.subview src[off..] [size..] [1, ..]` (subview number
    /// `k`, location `loc("b<seed>.sv":k:1)`; one offset and size per
    /// dimension of `src`, a [`SvSize::Drop`] dimension left out of the
    /// view), visible to the statements after it in the same block. In
    /// bounds of `src` when, in every dimension, `0 <= off`, `0 <= size`
    /// and `off + size <= dim(src)`; a run stops at the first subview that
    /// is not. The view's element `x` is the source's `off + x` (in the
    /// dimensions it keeps).
    Subview {
        k: usize,
        view: Buf,
        src: Buf,
        off: Vec<Ix>,
        size: Vec<SvSize>,
    },
    /// `%O = memref.alloc(size) : memref<?xi32>`, then `body`, then
    /// `memref.dealloc %O` when `dealloc`.
    Alloc {
        size: Ix,
        dealloc: bool,
        body: Vec<Stmt>,
    },
}

/// The size of one source dimension of a [`Stmt::Subview`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SvSize {
    /// A dimension of the view of this size.
    Keep(Ix),
    /// A unit dimension the view drops (rank-reducing; written as the
    /// static size 1).
    Drop,
}

impl SvSize {
    /// The size as a value (`Drop` is 1).
    pub fn value(&self) -> Ix {
        match self {
            SvSize::Keep(e) => e.clone(),
            SvSize::Drop => Ix::Const(1),
        }
    }
}

/// Which parallel loop a [`Stmt::Par`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParKind {
    /// `scf.parallel (ivs) = (lbs) to (ubs) step (steps)`.
    Parallel,
    /// `scf.forall (ivs) = (lbs) to (ubs) step (steps)`; constant operands
    /// written statically when `static_consts`.
    Forall { static_consts: bool },
    /// `scf.forall (ivs) in (ubs)` (lower bounds 0, steps 1).
    ForallIn { static_consts: bool },
}

/// One argument set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgSet {
    pub a_len: usize,
    pub b_len: usize,
    pub m_dims: (usize, usize),
    pub n: i64,
    pub m: i64,
}

impl ArgSet {
    pub fn describe(&self) -> String {
        format!(
            "A: {}, B: {}, M: {}x{}, %n = {}, %m = {}",
            self.a_len, self.b_len, self.m_dims.0, self.m_dims.1, self.n, self.m
        )
    }
    pub fn len(&self, buf: Buf, k: usize) -> usize {
        match (buf, k) {
            (Buf::A, _) => self.a_len,
            (Buf::B, _) => self.b_len,
            (Buf::M, 0) => self.m_dims.0,
            (Buf::M, _) => self.m_dims.1,
            (b, _) => unreachable!("{b:?} is not an argument buffer"),
        }
    }
}

/// One generated program.
#[derive(Clone, Debug)]
pub struct BoundsCase {
    pub id: u64,
    pub body: Vec<Stmt>,
    /// Indexed by access id - 1.
    pub accesses: Vec<(AccKind, Buf)>,
    /// Variables used (each has a slot in the simulator).
    pub vars: usize,
    pub arg_sets: Vec<ArgSet>,
    /// The width of `index` where the function sits: 64 in the root, 32 in
    /// the nested `@dev32` module (a context shape: simulated at 32
    /// bits, not executed).
    pub iw: u32,
    /// Subviews (numbered 1..=subviews).
    pub subviews: usize,
    /// The first access id of the pipeline templates (theirs are the last
    /// ones; `accesses.len() + 1` when there are none).
    pub pipeline_first: usize,
    /// Whether `loom-report` sees the program after `lower-affine` (the
    /// executed copy is the same program either way).
    pub lower_affine: bool,
    /// Where the claims of the more pipeline shapes start (theirs are the
    /// last ones).
    pub more_first: ClaimStart,
}

/// The first access id and the first subview number of a template stream
/// (the claims of a stream are numbered after those of the streams before
/// it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClaimStart {
    pub access: usize,
    pub subview: usize,
}

impl BoundsCase {
    pub fn name(&self) -> String {
        format!("b{}", self.id)
    }
    /// The location file of the subviews.
    pub fn subview_file(&self) -> String {
        format!("b{}.sv", self.id)
    }
    /// The op name the report must give access `id`.
    pub fn expected_op(&self, id: usize) -> &'static str {
        let k = self.accesses[id - 1].0;
        if self.lower_affine {
            k.lowered_op_name()
        } else {
            k.op_name()
        }
    }
    /// Which of the pipeline shapes the program has: scf.parallel,
    /// scf.forall, a tile (an `affine.min` tile size), a subview, an
    /// affine.for, an output alloc, lower-affine before the report, an
    /// affine division.
    pub fn shapes(&self) -> [bool; 8] {
        let mut s = [false; 8];
        visit(&self.body, &mut |st| match st {
            Stmt::Par { kind, .. } => s[if *kind == ParKind::Parallel { 0 } else { 1 }] = true,
            Stmt::Let { value: Ix::Affine(m), .. } if m.min => s[2] = true,
            Stmt::Subview { .. } => s[3] = true,
            Stmt::AffineFor { .. } => s[4] = true,
            Stmt::Alloc { .. } => s[5] = true,
            _ => {}
        });
        s[6] = self.lower_affine;
        s[7] = format!("{:?}", self.body).contains("AffDiv");
        s
    }

    /// Which of the more pipeline shapes the program has: an
    /// `affine.vector_load`/`store`, a 2-D tile view, a subview of one, a
    /// rank-reducing subview, an affine division inside a sum, an affine
    /// sum of more than five terms (in an affine access or `affine.apply`).
    pub fn more_shapes(&self) -> [bool; 6] {
        fn tree(e: &Ix, s: &mut [bool; 6]) {
            s[4] |= e.has_division_in_sum();
            s[5] |= e.sum_terms() > 5;
        }
        fn index(e: &Ix, s: &mut [bool; 6]) {
            match e {
                Ix::AffineApply(t) => tree(t, s),
                Ix::AddC(x, _) | Ix::AddNsw(x, _) | Ix::MulC(x, _) | Ix::ShrUI(x, _) | Ix::DivSI(x, _) => index(x, s),
                Ix::AffDiv(x, ..) => index(x, s),
                Ix::Add(x, y) | Ix::Sub(x, y) | Ix::Min(x, y) | Ix::Max(x, y) => {
                    index(x, s);
                    index(y, s);
                }
                _ => {}
            }
        }
        let mut s = [false; 6];
        visit(&self.body, &mut |st| match st {
            Stmt::Access(a) => {
                s[0] |= matches!(a.kind, AccKind::AVLoad(_) | AccKind::AVStore(_));
                for e in &a.idx {
                    if a.kind.is_affine() {
                        tree(e, &mut s);
                    }
                    index(e, &mut s);
                }
            }
            Stmt::Subview { view, .. } => {
                s[1] |= *view == Buf::V0;
                s[2] |= *view == Buf::V1;
                s[3] |= *view == Buf::Row;
            }
            Stmt::Let { value, .. } => index(value, &mut s),
            _ => {}
        });
        s
    }
}

/// Calls `f` on every statement of `stmts`, in pre-order (a statement
/// before the statements of its bodies).
fn visit<'s>(stmts: &'s [Stmt], f: &mut impl FnMut(&'s Stmt)) {
    for st in stmts {
        f(st);
        match st {
            Stmt::Par { body, .. }
            | Stmt::AffineFor { body, .. }
            | Stmt::Alloc { body, .. }
            | Stmt::For { body, .. }
            | Stmt::While { body, .. }
            | Stmt::Loop { body, .. }
            | Stmt::Pair { body, .. }
            | Stmt::Sentinel { body, .. } => visit(body, f),
            Stmt::If { then, els, .. } => {
                visit(then, f);
                visit(els, f);
            }
            Stmt::Search(x) => visit(&x.body, f),
            Stmt::Exit { .. } | Stmt::Access(_) | Stmt::Let { .. } | Stmt::Subview { .. } => {}
        }
    }
}
