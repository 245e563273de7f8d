//! The abstract syntax of a differential-test program.
//!
//! A [`Program`] is the body of `func.func @main()`: a flat list of [`Op`]s,
//! some of which (`loom.if`, `loom.loop`, `loom.scope`, `loom.for`) own
//! single-block regions ([`Block`]). The AST is one-to-one with the MLIR text
//! that `emit` prints: every [`Op`] is exactly one MLIR operation, every
//! [`Terminator`] exactly one `loom.yield` / `loom.break` / `loom.continue`.
//!
//! # Invariants (enforced by `check`, relied on by `emit` and `interpret`)
//!
//! * **SSA.** A [`ValueId`] is defined exactly once in the whole program —
//!   as an op result, a region's iteration argument or a `loom.for` induction
//!   variable — and its type is `Program::value_types[id]`. A value is visible
//!   after its definition in its own block and inside the regions nested in
//!   that block; never after the op whose region defines it.
//! * **Tokens.** A [`TokenId`] is defined by exactly one `loom.loop`,
//!   `loom.scope` or `loom.for` and only ever named by an exit
//!   (`Terminator::Break` / `Terminator::Continue`) nested inside that op.
//! * **Integers** are stored as their two's-complement bit pattern,
//!   zero-extended into a `u64` (`bits & !width_mask(w) == 0`); `index` is 64
//!   bits wide. Helpers [`width_mask`], [`sign_extend`] and [`wrap_to_width`]
//!   are the only place this encoding is spelled out.
//! * **Floats** are `f64` holding a value exactly representable in the
//!   declared type (`f32` or `f64`).
//!
//! Nothing here enforces the invariants by itself: the types are plain data so
//! that tests can build malformed programs and watch `check` reject them.

/// A scalar type of the generated programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    I1,
    I8,
    I32,
    I64,
    Index,
    F32,
    F64,
    /// `tensor<Nxi32>` (tensor mode only): a value, not a buffer — every
    /// `tensor.insert` makes a new tensor and leaves its operand unchanged.
    TensorI32(u32),
}

impl Type {
    /// The MLIR spelling of the type.
    pub fn mlir_name(self) -> String {
        match self {
            Type::I1 => "i1".into(),
            Type::I8 => "i8".into(),
            Type::I32 => "i32".into(),
            Type::I64 => "i64".into(),
            Type::Index => "index".into(),
            Type::F32 => "f32".into(),
            Type::F64 => "f64".into(),
            Type::TensorI32(n) => format!("tensor<{n}xi32>"),
        }
    }

    /// The length of a `tensor<Nxi32>`; `None` for scalars.
    pub fn tensor_len(self) -> Option<u32> {
        match self {
            Type::TensorI32(n) => Some(n),
            _ => None,
        }
    }

    /// Bit width of an integer (or `index`, taken as 64 bits); `None` for floats.
    pub fn int_width(self) -> Option<u32> {
        match self {
            Type::I1 => Some(1),
            Type::I8 => Some(8),
            Type::I32 => Some(32),
            Type::I64 | Type::Index => Some(64),
            Type::F32 | Type::F64 | Type::TensorI32(_) => None,
        }
    }

    /// True for `i1`, `i8`, `i32`, `i64` and `index`.
    pub fn is_int(self) -> bool {
        self.int_width().is_some()
    }

    /// True for `f32` and `f64`.
    pub fn is_float(self) -> bool {
        matches!(self, Type::F32 | Type::F64)
    }
}

/// The all-ones mask of a `width`-bit integer held in a `u64`.
pub fn width_mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// The signed value of the `width`-bit pattern `bits`.
pub fn sign_extend(bits: u64, width: u32) -> i64 {
    if width >= 64 || width == 0 {
        bits as i64
    } else {
        let shift = 64 - width;
        ((bits << shift) as i64) >> shift
    }
}

/// The `width`-bit two's-complement pattern of `value` (wrapping).
pub fn wrap_to_width(value: i64, width: u32) -> u64 {
    (value as u64) & width_mask(width)
}

/// An SSA value (operation result or block argument); names `%v<N>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValueId(pub u32);

/// The `!loom.token` of one exit target; names `%t<N>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TokenId(pub u32);

/// The payload of an `arith.constant`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Constant {
    /// Bit pattern, already wrapped to the width of the result type.
    Int(u64),
    /// A value exactly representable in the result's float type.
    Float(f64),
}

/// Two-operand integer arithmetic (`arith.<op>`); operands and result share a type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntBinOp {
    Add,
    Sub,
    Mul,
    And,
    Or,
    Xor,
    /// `remsi`: the right operand must be a positive constant.
    RemS,
    /// `remui`: the right operand must be a non-zero constant.
    RemU,
    /// `shli`: the right operand must be a constant below the bit width.
    Shl,
    /// `shrsi`: the right operand must be a constant below the bit width.
    ShrS,
    /// `shrui`: the right operand must be a constant below the bit width.
    ShrU,
    MaxS,
    MinS,
    MaxU,
    MinU,
}

impl IntBinOp {
    /// The `arith` op name.
    pub fn mlir_name(self) -> &'static str {
        match self {
            IntBinOp::Add => "arith.addi",
            IntBinOp::Sub => "arith.subi",
            IntBinOp::Mul => "arith.muli",
            IntBinOp::And => "arith.andi",
            IntBinOp::Or => "arith.ori",
            IntBinOp::Xor => "arith.xori",
            IntBinOp::RemS => "arith.remsi",
            IntBinOp::RemU => "arith.remui",
            IntBinOp::Shl => "arith.shli",
            IntBinOp::ShrS => "arith.shrsi",
            IntBinOp::ShrU => "arith.shrui",
            IntBinOp::MaxS => "arith.maxsi",
            IntBinOp::MinS => "arith.minsi",
            IntBinOp::MaxU => "arith.maxui",
            IntBinOp::MinU => "arith.minui",
        }
    }

    /// True for the ops whose right operand must be a constant.
    pub fn needs_constant_rhs(self) -> bool {
        matches!(self, IntBinOp::RemS | IntBinOp::RemU | IntBinOp::Shl | IntBinOp::ShrS | IntBinOp::ShrU)
    }
}

/// Float arithmetic; the right operand must be a small constant (see `check`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatBinOp {
    Add,
    Sub,
}

impl FloatBinOp {
    /// The `arith` op name.
    pub fn mlir_name(self) -> &'static str {
        match self {
            FloatBinOp::Add => "arith.addf",
            FloatBinOp::Sub => "arith.subf",
        }
    }
}

/// `arith.cmpi` predicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpIPredicate {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
}

impl CmpIPredicate {
    /// Every predicate.
    pub const ALL: [CmpIPredicate; 10] = [
        CmpIPredicate::Eq,
        CmpIPredicate::Ne,
        CmpIPredicate::Slt,
        CmpIPredicate::Sle,
        CmpIPredicate::Sgt,
        CmpIPredicate::Sge,
        CmpIPredicate::Ult,
        CmpIPredicate::Ule,
        CmpIPredicate::Ugt,
        CmpIPredicate::Uge,
    ];

    /// The MLIR keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            CmpIPredicate::Eq => "eq",
            CmpIPredicate::Ne => "ne",
            CmpIPredicate::Slt => "slt",
            CmpIPredicate::Sle => "sle",
            CmpIPredicate::Sgt => "sgt",
            CmpIPredicate::Sge => "sge",
            CmpIPredicate::Ult => "ult",
            CmpIPredicate::Ule => "ule",
            CmpIPredicate::Ugt => "ugt",
            CmpIPredicate::Uge => "uge",
        }
    }
}

/// `arith.cmpf` predicates (ordered only; generated floats are never NaN).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpFPredicate {
    Oeq,
    One,
    Olt,
    Ole,
    Ogt,
    Oge,
}

impl CmpFPredicate {
    /// Every predicate.
    pub const ALL: [CmpFPredicate; 6] = [
        CmpFPredicate::Oeq,
        CmpFPredicate::One,
        CmpFPredicate::Olt,
        CmpFPredicate::Ole,
        CmpFPredicate::Ogt,
        CmpFPredicate::Oge,
    ];

    /// The MLIR keyword.
    pub fn keyword(self) -> &'static str {
        match self {
            CmpFPredicate::Oeq => "oeq",
            CmpFPredicate::One => "one",
            CmpFPredicate::Olt => "olt",
            CmpFPredicate::Ole => "ole",
            CmpFPredicate::Ogt => "ogt",
            CmpFPredicate::Oge => "oge",
        }
    }
}

/// One-operand conversions; source and result types come from the value table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastOp {
    /// Sign-extend to a wider integer.
    ExtSI,
    /// Zero-extend to a wider integer.
    ExtUI,
    /// Truncate to a narrower integer.
    TruncI,
    /// integer <-> index; sign-extends when widening.
    IndexCast,
    /// integer <-> index; zero-extends when widening.
    IndexCastUI,
    /// Signed integer to float; the operand must be a `remsi` by a small constant.
    SIToFP,
    /// Float to signed integer (truncating); only to `i32` / `i64`.
    FPToSI,
}

impl CastOp {
    /// The `arith` op name.
    pub fn mlir_name(self) -> &'static str {
        match self {
            CastOp::ExtSI => "arith.extsi",
            CastOp::ExtUI => "arith.extui",
            CastOp::TruncI => "arith.trunci",
            CastOp::IndexCast => "arith.index_cast",
            CastOp::IndexCastUI => "arith.index_castui",
            CastOp::SIToFP => "arith.sitofp",
            CastOp::FPToSI => "arith.fptosi",
        }
    }
}

/// What an exit may target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TargetKind {
    /// `loom.loop`: break forwards its results, continue its iteration arguments.
    Loop,
    /// `loom.scope`: break only.
    Scope,
    /// `loom.for`: break and continue both carry the iteration arguments.
    For,
}

/// A region's iteration argument: the block argument and its initial value.
#[derive(Clone, Debug, PartialEq)]
pub struct IterArg {
    pub param: ValueId,
    pub init: ValueId,
}

/// How a single-block region ends.
#[derive(Clone, Debug, PartialEq)]
pub enum Terminator {
    /// `loom.yield`: normal end of a `loom.if` / `loom.scope` region or of a
    /// `loom.for` iteration.
    Yield(Vec<ValueId>),
    /// `loom.break %target, values`.
    Break { target: TokenId, values: Vec<ValueId> },
    /// `loom.continue %target, values`.
    Continue { target: TokenId, values: Vec<ValueId> },
}

/// The single block of a region.
#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub ops: Vec<Op>,
    pub terminator: Terminator,
}

/// `loom.if`; `else_block == None` is the implicit empty else (only without results).
#[derive(Clone, Debug, PartialEq)]
pub struct IfOp {
    pub results: Vec<ValueId>,
    pub condition: ValueId,
    pub then_block: Block,
    pub else_block: Option<Block>,
}

/// `loom.loop`; results are whatever the breaks that target it forward.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopOp {
    pub results: Vec<ValueId>,
    pub token: TokenId,
    pub iter_args: Vec<IterArg>,
    pub body: Block,
}

/// `loom.scope`.
#[derive(Clone, Debug, PartialEq)]
pub struct ScopeOp {
    pub results: Vec<ValueId>,
    pub token: TokenId,
    pub body: Block,
}

/// `loom.for`; `results` has the types of `iter_args`.
#[derive(Clone, Debug, PartialEq)]
pub struct ForOp {
    pub results: Vec<ValueId>,
    pub token: TokenId,
    pub induction: ValueId,
    pub lower: ValueId,
    pub upper: ValueId,
    pub step: ValueId,
    pub iter_args: Vec<IterArg>,
    pub body: Block,
}

/// One MLIR operation.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// `arith.constant`.
    Const {
        result: ValueId,
        value: Constant,
    },
    /// Integer `arith` binary op.
    IntBinary {
        result: ValueId,
        op: IntBinOp,
        lhs: ValueId,
        rhs: ValueId,
    },
    /// Float `arith` binary op.
    FloatBinary {
        result: ValueId,
        op: FloatBinOp,
        lhs: ValueId,
        rhs: ValueId,
    },
    /// `arith.cmpi`.
    CmpI {
        result: ValueId,
        predicate: CmpIPredicate,
        lhs: ValueId,
        rhs: ValueId,
    },
    /// `arith.cmpf`.
    CmpF {
        result: ValueId,
        predicate: CmpFPredicate,
        lhs: ValueId,
        rhs: ValueId,
    },
    /// `arith.select`.
    Select {
        result: ValueId,
        condition: ValueId,
        on_true: ValueId,
        on_false: ValueId,
    },
    /// `arith` conversion.
    Cast {
        result: ValueId,
        op: CastOp,
        operand: ValueId,
    },
    /// `arith.constant dense<[...]> : tensor<Nxi32>`; `elements` are i32 bit
    /// patterns (wrapped to 32 bits), as many as the result type's length.
    TensorConst {
        result: ValueId,
        elements: Vec<u64>,
    },
    /// `tensor.insert %scalar into %tensor[%index]`: a new tensor equal to
    /// `tensor` except at `index`, which must be a constant in bounds.
    TensorInsert {
        result: ValueId,
        scalar: ValueId,
        tensor: ValueId,
        index: ValueId,
    },
    /// `tensor.extract %tensor[%index]`; `index` must be a constant in bounds.
    TensorExtract {
        result: ValueId,
        tensor: ValueId,
        index: ValueId,
    },
    /// `vector.print` of a scalar (one output line).
    Print {
        value: ValueId,
    },
    /// `func.call @exit(%code) : (i32) -> ()`: libc's `exit`, which ends
    /// the program with status `code & 0xff` (declared
    /// `func.func private @exit(i32)`). `code` is an `i32`.
    Exit {
        code: ValueId,
    },
    /// `cf.assert %condition, "message"`: where `condition` (an `i1`) is
    /// false the program prints `message` and a newline and aborts.
    /// `message` is lower-case letters, digits and spaces.
    Assert {
        condition: ValueId,
        message: String,
    },
    If(IfOp),
    Loop(LoopOp),
    Scope(ScopeOp),
    For(ForOp),
}

/// How a run of a program ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RunEnd {
    /// `@main` returned: exit status 0.
    Returned,
    /// An `exit(code)` call: exit status `code & 0xff`.
    Exited(i32),
    /// A failing `cf.assert`: its message printed, then `abort()` (SIGABRT).
    Aborted,
}

impl RunEnd {
    /// True where the program stopped before `@main` returned.
    pub fn is_early(self) -> bool {
        self != RunEnd::Returned
    }

    /// The process exit status (`None` for an abort, which ends by a signal).
    pub fn status(self) -> Option<i32> {
        match self {
            RunEnd::Returned => Some(0),
            RunEnd::Exited(code) => Some(code & 0xff),
            RunEnd::Aborted => None,
        }
    }
}

/// A whole test program: the body of `func.func @main()`.
#[derive(Clone, Debug, PartialEq)]
pub struct Program {
    /// The seed it was generated from (0 for hand-written programs); only
    /// used in the emitted header comment.
    pub seed: u64,
    /// Type of every value, indexed by `ValueId.0`.
    pub value_types: Vec<Type>,
    /// Number of tokens; tokens are `0..token_count`.
    pub token_count: u32,
    /// The ops of `@main`, followed by an implicit `return`.
    pub body: Vec<Op>,
}

impl Program {
    /// The declared type of `value`, if it exists.
    pub fn type_of(&self, value: ValueId) -> Option<Type> {
        self.value_types.get(value.0 as usize).copied()
    }

    /// True if `test` holds for some op of the program, at any depth.
    pub fn any_op(&self, test: &impl Fn(&Op) -> bool) -> bool {
        any_op_in(&self.body, test)
    }

    /// True if the program has an op that may end it early (`exit`, `cf.assert`).
    pub fn may_end_early(&self) -> bool {
        self.any_op(&|op| matches!(op, Op::Exit { .. } | Op::Assert { .. }))
    }
}

/// True if `test` holds for one of `ops` or an op nested in their regions.
fn any_op_in(ops: &[Op], test: &impl Fn(&Op) -> bool) -> bool {
    ops.iter().any(|op| {
        test(op)
            || match op {
                Op::If(o) => {
                    any_op_in(&o.then_block.ops, test) || o.else_block.as_ref().is_some_and(|b| any_op_in(&b.ops, test))
                }
                Op::Loop(o) => any_op_in(&o.body.ops, test),
                Op::Scope(o) => any_op_in(&o.body.ops, test),
                Op::For(o) => any_op_in(&o.body.ops, test),
                _ => false,
            }
    })
}

/// Allocates values and tokens; used by the generator and by hand-written tests.
#[derive(Clone, Debug, Default)]
pub struct ProgramBuilder {
    value_types: Vec<Type>,
    token_count: u32,
}

impl ProgramBuilder {
    /// An empty builder.
    pub fn new() -> ProgramBuilder {
        ProgramBuilder::default()
    }

    /// A fresh value of type `ty`.
    pub fn value(&mut self, ty: Type) -> ValueId {
        let id = ValueId(self.value_types.len() as u32);
        self.value_types.push(ty);
        id
    }

    /// A fresh token.
    pub fn token(&mut self) -> TokenId {
        let id = TokenId(self.token_count);
        self.token_count += 1;
        id
    }

    /// The declared type of a value allocated by this builder.
    pub fn type_of(&self, value: ValueId) -> Option<Type> {
        self.value_types.get(value.0 as usize).copied()
    }

    /// The finished program with `body` as the ops of `@main`.
    pub fn finish(self, seed: u64, body: Vec<Op>) -> Program {
        Program { seed, value_types: self.value_types, token_count: self.token_count, body }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_encoding_helpers() {
        assert_eq!(width_mask(1), 1);
        assert_eq!(width_mask(8), 0xff);
        assert_eq!(width_mask(64), u64::MAX);
        assert_eq!(sign_extend(0xff, 8), -1);
        assert_eq!(sign_extend(0x7f, 8), 127);
        assert_eq!(sign_extend(1, 1), -1);
        assert_eq!(sign_extend(u64::MAX, 64), -1);
        assert_eq!(wrap_to_width(-1, 8), 0xff);
        assert_eq!(wrap_to_width(-128, 8), 0x80);
        assert_eq!(wrap_to_width(300, 8), 44);
        assert_eq!(wrap_to_width(-1, 64), u64::MAX);
    }

    #[test]
    fn type_properties() {
        for ty in [Type::I1, Type::I8, Type::I32, Type::I64, Type::Index, Type::F32, Type::F64] {
            assert_ne!(ty.is_int(), ty.is_float());
            assert_eq!(ty.tensor_len(), None);
        }
        let t = Type::TensorI32(3);
        assert!(!t.is_int() && !t.is_float());
        assert_eq!((t.tensor_len(), t.mlir_name().as_str()), (Some(3), "tensor<3xi32>"));
        assert_eq!(Type::Index.int_width(), Some(64));
        assert_eq!(Type::F32.int_width(), None);
        assert_eq!(Type::Index.mlir_name(), "index");
    }

    #[test]
    fn builder_allocates_sequential_ids() {
        let mut b = ProgramBuilder::new();
        let a = b.value(Type::I32);
        let t = b.token();
        let c = b.value(Type::F64);
        assert_eq!((a, c, t), (ValueId(0), ValueId(1), TokenId(0)));
        assert_eq!(b.type_of(c), Some(Type::F64));
        let p = b.finish(3, Vec::new());
        assert_eq!(p.type_of(a), Some(Type::I32));
        assert_eq!(p.type_of(ValueId(9)), None);
        assert_eq!(p.token_count, 1);
    }
}
