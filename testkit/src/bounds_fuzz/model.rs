//! The bounds fuzzer's programs: a small structured language whose every
//! construct maps to one MLIR construct (see `emit`) and has one meaning
//! (see `simulate`).
//!
//! Invariants the generator keeps and the emitter relies on: a [`Stmt::Exit`]
//! is a direct child of the body of the loom loop it names; a variable is
//! only read inside the construct that defines it; access ids are 1..=n in
//! the order the emitter meets them.

use crate::int::Predicate;

/// A function argument buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buf {
    /// `%A: memref<?xi32>`.
    A,
    /// `%B: memref<?xi32>`.
    B,
    /// `%M: memref<?x?xf32>`.
    M,
}

impl Buf {
    pub fn rank(self) -> usize {
        if self == Buf::M {
            2
        } else {
            1
        }
    }
    pub fn ssa(self) -> &'static str {
        match self {
            Buf::A => "%A",
            Buf::B => "%B",
            Buf::M => "%M",
        }
    }
    pub fn type_name(self) -> &'static str {
        if self == Buf::M {
            "memref<?x?xf32>"
        } else {
            "memref<?xi32>"
        }
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
        }
    }
    /// Elements covered along the last dimension.
    pub fn extent(self) -> i64 {
        match self {
            AccKind::Load | AccKind::Store => 1,
            AccKind::VLoad(n) | AccKind::VStore(n) | AccKind::TRead(n) | AccKind::TWrite(n) => n,
        }
    }
    pub fn is_vector(self) -> bool {
        self.extent() > 1 || !matches!(self, AccKind::Load | AccKind::Store)
    }
    pub fn writes(self) -> bool {
        matches!(self, AccKind::Store | AccKind::VStore(_) | AccKind::TWrite(_))
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
}

impl BoundsCase {
    pub fn name(&self) -> String {
        format!("b{}", self.id)
    }
}
