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
}

impl Buf {
    pub fn rank(self) -> usize {
        if self == Buf::M {
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
        }
    }
    pub fn type_name(self) -> &'static str {
        match self {
            Buf::M => "memref<?x?xf32>",
            Buf::T0 | Buf::T1 => "memref<?xi32, strided<[1], offset: ?>>",
            _ => "memref<?xi32>",
        }
    }
    pub fn is_view(self) -> bool {
        matches!(self, Buf::T0 | Buf::T1)
    }
    pub fn element(self) -> &'static str {
        if self == Buf::M {
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
    /// expression of its operands (`Var`, `Const`, `AddC`, `Add`, `Sub`,
    /// `MulC`, `AffDiv`).
    ALoad,
    AStore,
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
        }
    }
    /// The op name once `lower-affine` has run.
    pub fn lowered_op_name(self) -> &'static str {
        match self {
            AccKind::ALoad => "memref.load",
            AccKind::AStore => "memref.store",
            k => k.op_name(),
        }
    }
    /// Elements covered along the last dimension.
    pub fn extent(self) -> i64 {
        match self {
            AccKind::Load | AccKind::Store | AccKind::ALoad | AccKind::AStore => 1,
            AccKind::VLoad(n) | AccKind::VStore(n) | AccKind::TRead(n) | AccKind::TWrite(n) => n,
        }
    }
    pub fn is_vector(self) -> bool {
        self.extent() > 1 || !matches!(self, AccKind::Load | AccKind::Store | AccKind::ALoad | AccKind::AStore)
    }
    pub fn writes(self) -> bool {
        matches!(self, AccKind::Store | AccKind::VStore(_) | AccKind::TWrite(_) | AccKind::AStore)
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
    /// `view = memref.subview src[off] [size] [1]` (subview number `k`,
    /// location `loc("b<seed>.sv":k:1)`), visible to the statements after it
    /// in the same block. In bounds of `src` when `0 <= off`, `0 <= size`
    /// and `off + size <= dim(src)`; a run stops at the first subview that
    /// is not.
    Subview {
        k: usize,
        view: Buf,
        src: Buf,
        off: Ix,
        size: Ix,
    },
    /// `%O = memref.alloc(size) : memref<?xi32>`, then `body`, then
    /// `memref.dealloc %O` when `dealloc`.
    Alloc {
        size: Ix,
        dealloc: bool,
        body: Vec<Stmt>,
    },
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
    /// the nested `@dev32` module (soundness issue 18: simulated at 32
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
        fn walk(stmts: &[Stmt], s: &mut [bool; 8]) {
            for st in stmts {
                match st {
                    Stmt::Par { kind, body, .. } => {
                        s[if *kind == ParKind::Parallel { 0 } else { 1 }] = true;
                        walk(body, s);
                    }
                    Stmt::Let { value: Ix::Affine(m), .. } if m.min => s[2] = true,
                    Stmt::Subview { .. } => s[3] = true,
                    Stmt::AffineFor { body, .. } => {
                        s[4] = true;
                        walk(body, s);
                    }
                    Stmt::Alloc { body, .. } => {
                        s[5] = true;
                        walk(body, s);
                    }
                    Stmt::For { body, .. }
                    | Stmt::While { body, .. }
                    | Stmt::Loop { body, .. }
                    | Stmt::Pair { body, .. }
                    | Stmt::Sentinel { body, .. } => walk(body, s),
                    Stmt::If { then, els, .. } => {
                        walk(then, s);
                        walk(els, s);
                    }
                    Stmt::Search(x) => walk(&x.body, s),
                    _ => {}
                }
            }
        }
        let mut s = [false; 8];
        walk(&self.body, &mut s);
        s[6] = self.lower_affine;
        s[7] = format!("{:?}", self.body).contains("AffDiv");
        s
    }
}
