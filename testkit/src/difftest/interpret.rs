//! Reference interpreter: computes exactly the lines `mlir-runner` prints for
//! an emitted program.
//!
//! # Semantics
//! * **Control flow.** Executing a block yields a `Flow`: either a normal
//!   `loom.yield` or an exit (`loom.break` / `loom.continue` naming a token)
//!   that propagates outwards through every enclosing op until the op that
//!   owns the token handles it. Because a token is owned by exactly one static
//!   op and exits only target enclosing ops, the innermost dynamic activation
//!   of that op is the target, which is what the recursion gives for free.
//!   * `loom.loop`: continue-to-self re-runs the body with new iteration
//!     arguments; break-to-self produces the results.
//!   * `loom.for` (scf.for semantics: signed `iv < ub`, `iv += step`): yield
//!     and continue-to-self start the next iteration; break-to-self produces
//!     the results; normal completion produces the final iteration arguments.
//!   * `loom.scope`: yield and break-to-self produce the results.
//!   * `loom.if`: yield produces the results; the implicit else yields nothing.
//! * **Integers** wrap in two's complement at their width (`index` = 64
//!   bits), like `arith` without overflow flags. Anything LLVM would treat as
//!   undefined or poison (`remsi`/`remui` by zero, `INT_MIN remsi -1`, shift
//!   amount >= width, out-of-range `fptosi`, a non-positive `loom.for` step,
//!   a `loom.for` increment that overflows, as for `scf.for`) is
//!   reported as [`InterpError::UndefinedBehaviour`] instead of guessed at.
//! * **Floats** are computed in their own precision (`f32` arithmetic in
//!   `f32`), IEEE round-to-nearest-even, as LLVM does on x86-64 and AArch64.
//!
//! # Output format (the `vector.print` lowering + `libmlir_c_runner_utils`)
//! `vector.print %v : T` of a scalar prints the value and a newline:
//! * `i1`: zero-extended, `printI64` → `0` / `1`;
//! * `i8`, `i32`, `i64` (signless): sign-extended, `printI64` (`%PRId64`) →
//!   signed decimal, e.g. `-128`;
//! * `index`: `printU64` (`%PRIu64`) → **unsigned** decimal of the 64-bit
//!   pattern, e.g. `-1 : index` prints `18446744073709551615`;
//! * `f32` / `f64`: `printF32` / `printF64`, `printf("%g")` → `2`, `1.5`,
//!   `-0.5`, `40000.5`, `-0`. Only multiples of 0.5 below 1e5 in magnitude are
//!   formatted (for those `%g`'s six significant digits are exact); any other
//!   float is an [`InterpError::UnprintableFloat`] rather than a guess.
//!
//! This model is checked against `mlir-runner` of LLVM 22.1.8 by the
//! differential test itself (test/Execution/differential.test and
//! `loom-difftest`): both lowerings must print exactly these lines.
//!
//! A step budget (ops plus terminators executed) turns a non-terminating or
//! runaway program into [`InterpError::StepLimitExceeded`].

use super::check::FLOAT_PRINT_LIMIT;
use super::program::{
    sign_extend, width_mask, wrap_to_width, Block, CastOp, CmpFPredicate, CmpIPredicate, Constant, FloatBinOp, ForOp,
    IfOp, IntBinOp, LoopOp, Op, Program, ScopeOp, Terminator, TokenId, Type, ValueId,
};
use std::fmt;
use std::rc::Rc;

/// Step budget used by [`interpret`].
pub const DEFAULT_STEP_LIMIT: u64 = 1_000_000;

/// Why a program has no defined output.
#[derive(Clone, Debug, PartialEq)]
pub enum InterpError {
    /// More than `limit` ops and terminators were executed.
    StepLimitExceeded { limit: u64 },
    /// A value was read before being computed, or has no declared type.
    UnknownValue(ValueId),
    /// A value does not have the representation its declared type requires.
    TypeMismatch { value: ValueId, expected: Type },
    /// A list of values (iteration arguments, results, ...) has the wrong length.
    ArityMismatch { what: &'static str, expected: usize, found: usize },
    /// An operation LLVM treats as undefined behaviour or poison.
    UndefinedBehaviour(String),
    /// A terminator that the verifier would reject in its position.
    BadControlFlow(String),
    /// A float whose `%g` formatting is not modelled exactly.
    UnprintableFloat(f64),
}

impl fmt::Display for InterpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InterpError::StepLimitExceeded { limit } => {
                write!(f, "more than {limit} steps executed")
            }
            InterpError::UnknownValue(v) => write!(f, "%v{} read before it was computed", v.0),
            InterpError::TypeMismatch { value, expected } => {
                write!(f, "%v{} does not hold a {}", value.0, expected.mlir_name())
            }
            InterpError::ArityMismatch { what, expected, found } => {
                write!(f, "{what}: expected {expected} values, found {found}")
            }
            InterpError::UndefinedBehaviour(what) => write!(f, "undefined behaviour: {what}"),
            InterpError::BadControlFlow(what) => write!(f, "invalid control flow: {what}"),
            InterpError::UnprintableFloat(x) => write!(f, "float {x} cannot be printed exactly"),
        }
    }
}

impl std::error::Error for InterpError {}

/// The result of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Execution {
    /// Printed lines, without newlines.
    pub lines: Vec<String>,
    /// Ops plus terminators executed.
    pub steps: u64,
    /// `iterations[n]`: loop activations (`loom.loop` / `loom.for`) whose body
    /// ran `n` times (the last bucket counts `n >= ITERATION_BUCKETS - 1`).
    pub iterations: [u64; ITERATION_BUCKETS],
    /// Times an exit left a `loom.loop` / `loom.scope` / `loom.for` that was
    /// not its target (an exit past an inner target).
    pub exits_past_targets: u64,
}

/// Number of buckets of [`Execution::iterations`].
pub const ITERATION_BUCKETS: usize = 8;

/// The lines the program prints, without their newlines: the expected
/// stdout is every line followed by `\n` (nothing else is printed).
pub fn interpret(program: &Program) -> Result<Vec<String>, InterpError> {
    run(program, DEFAULT_STEP_LIMIT).map(|e| e.lines)
}

/// Runs `program` with an explicit step budget.
pub fn run(program: &Program, step_limit: u64) -> Result<Execution, InterpError> {
    let mut machine = Machine {
        program,
        env: vec![None; program.value_types.len()],
        lines: Vec::new(),
        steps: 0,
        limit: step_limit,
        iterations: [0; ITERATION_BUCKETS],
        exits_past_targets: 0,
    };
    if let Some(exit) = machine.ops(&program.body)? {
        return Err(InterpError::BadControlFlow(format!("exit to %t{} escaped @main", exit.token().0)));
    }
    Ok(Execution {
        lines: machine.lines,
        steps: machine.steps,
        iterations: machine.iterations,
        exits_past_targets: machine.exits_past_targets,
    })
}

/// `%g` formatting of a float in the exactly modelled domain.
pub fn format_float(x: f64) -> Result<String, InterpError> {
    if !x.is_finite() || (x * 2.0).fract() != 0.0 || x.abs() >= FLOAT_PRINT_LIMIT {
        return Err(InterpError::UnprintableFloat(x));
    }
    let sign = if x.is_sign_negative() { "-" } else { "" };
    let magnitude = x.abs();
    let half = if magnitude.fract() != 0.0 { ".5" } else { "" };
    Ok(format!("{sign}{}{half}", magnitude.trunc() as u64))
}

/// A runtime value.
#[derive(Clone, Debug, PartialEq)]
enum Val {
    /// Bit pattern zero-extended to 64 bits.
    Int(u64),
    F32(f32),
    F64(f64),
    /// A `tensor<Nxi32>`: value semantics, so an immutable list of i32 bit
    /// patterns; `tensor.insert` builds a new one and the operand's value
    /// (still held by every other name for it) is unchanged.
    Tensor(Rc<Vec<u64>>),
}

impl Val {
    fn as_f64(&self) -> Option<f64> {
        match *self {
            Val::F32(x) => Some(f64::from(x)),
            Val::F64(x) => Some(x),
            Val::Int(_) | Val::Tensor(_) => None,
        }
    }
}

/// A non-local exit travelling outwards.
#[derive(Debug)]
enum Escape {
    Break(TokenId, Vec<Val>),
    Continue(TokenId, Vec<Val>),
}

impl Escape {
    fn token(&self) -> TokenId {
        match self {
            Escape::Break(t, _) | Escape::Continue(t, _) => *t,
        }
    }
}

/// How a block ended.
enum Flow {
    Yield(Vec<Val>),
    Exit(Escape),
}

struct Machine<'p> {
    program: &'p Program,
    env: Vec<Option<Val>>,
    lines: Vec<String>,
    steps: u64,
    limit: u64,
    iterations: [u64; ITERATION_BUCKETS],
    exits_past_targets: u64,
}

fn ub(what: &str) -> InterpError {
    InterpError::UndefinedBehaviour(what.to_string())
}

impl Machine<'_> {
    fn record_iterations(&mut self, n: usize) {
        self.iterations[n.min(ITERATION_BUCKETS - 1)] += 1;
    }

    /// An exit leaving the target op it does not name.
    fn pass_exit(&mut self, exit: Escape) -> Result<Option<Escape>, InterpError> {
        self.exits_past_targets += 1;
        Ok(Some(exit))
    }

    fn tick(&mut self) -> Result<(), InterpError> {
        self.steps += 1;
        if self.steps > self.limit {
            Err(InterpError::StepLimitExceeded { limit: self.limit })
        } else {
            Ok(())
        }
    }

    fn ty(&self, v: ValueId) -> Result<Type, InterpError> {
        self.program.type_of(v).ok_or(InterpError::UnknownValue(v))
    }

    fn get(&self, v: ValueId) -> Result<Val, InterpError> {
        self.env.get(v.0 as usize).cloned().flatten().ok_or(InterpError::UnknownValue(v))
    }

    fn get_all(&self, values: &[ValueId]) -> Result<Vec<Val>, InterpError> {
        values.iter().map(|v| self.get(*v)).collect()
    }

    /// An integer operand: its bit pattern and width.
    fn int(&self, v: ValueId) -> Result<(u64, u32), InterpError> {
        let ty = self.ty(v)?;
        match (self.get(v)?, ty.int_width()) {
            (Val::Int(bits), Some(w)) => Ok((bits, w)),
            _ => Err(InterpError::TypeMismatch { value: v, expected: ty }),
        }
    }

    /// A copy of the elements of tensor `v`.
    fn tensor(&self, v: ValueId) -> Result<Vec<u64>, InterpError> {
        match self.get(v)? {
            Val::Tensor(elements) => Ok(elements.as_ref().clone()),
            _ => Err(InterpError::TypeMismatch { value: v, expected: self.ty(v)? }),
        }
    }

    /// The value of `index` as an in-bounds position of a tensor of `len`.
    fn tensor_index(&self, index: ValueId, len: usize) -> Result<usize, InterpError> {
        let (i, _) = self.int(index)?;
        usize::try_from(i).ok().filter(|i| *i < len).ok_or_else(|| ub("tensor index out of bounds"))
    }

    fn set(&mut self, v: ValueId, val: Val) -> Result<(), InterpError> {
        let ty = self.ty(v)?;
        let conforms = match (&val, ty) {
            (Val::Int(bits), _) => ty.int_width().is_some_and(|w| bits & !width_mask(w) == 0),
            (Val::F32(_), Type::F32) | (Val::F64(_), Type::F64) => true,
            (Val::Tensor(elements), Type::TensorI32(n)) => {
                elements.len() == n as usize && elements.iter().all(|b| b & !width_mask(32) == 0)
            }
            _ => false,
        };
        if !conforms {
            return Err(InterpError::TypeMismatch { value: v, expected: ty });
        }
        match self.env.get_mut(v.0 as usize) {
            Some(slot) => {
                *slot = Some(val);
                Ok(())
            }
            None => Err(InterpError::UnknownValue(v)),
        }
    }

    fn set_all(&mut self, targets: &[ValueId], vals: Vec<Val>, what: &'static str) -> Result<(), InterpError> {
        if targets.len() != vals.len() {
            return Err(InterpError::ArityMismatch { what, expected: targets.len(), found: vals.len() });
        }
        for (t, v) in targets.iter().zip(vals) {
            self.set(*t, v)?;
        }
        Ok(())
    }

    fn ops(&mut self, ops: &[Op]) -> Result<Option<Escape>, InterpError> {
        for op in ops {
            if let Some(exit) = self.op(op)? {
                return Ok(Some(exit));
            }
        }
        Ok(None)
    }

    fn block(&mut self, block: &Block) -> Result<Flow, InterpError> {
        if let Some(exit) = self.ops(&block.ops)? {
            return Ok(Flow::Exit(exit));
        }
        self.tick()?;
        Ok(match &block.terminator {
            Terminator::Yield(values) => Flow::Yield(self.get_all(values)?),
            Terminator::Break { target, values } => Flow::Exit(Escape::Break(*target, self.get_all(values)?)),
            Terminator::Continue { target, values } => Flow::Exit(Escape::Continue(*target, self.get_all(values)?)),
        })
    }

    fn op(&mut self, op: &Op) -> Result<Option<Escape>, InterpError> {
        self.tick()?;
        match op {
            Op::Const { result, value } => {
                let val = match (*value, self.ty(*result)?) {
                    (Constant::Int(bits), _) => Val::Int(bits),
                    (Constant::Float(x), Type::F32) => Val::F32(x as f32),
                    (Constant::Float(x), _) => Val::F64(x),
                };
                self.set(*result, val)?;
            }
            Op::IntBinary { result, op: bin, lhs, rhs } => {
                let (a, w) = self.int(*lhs)?;
                let (b, _) = self.int(*rhs)?;
                let val = int_binary(*bin, a, b, w)?;
                self.set(*result, Val::Int(val))?;
            }
            Op::FloatBinary { result, op: bin, lhs, rhs } => {
                let val = match (self.get(*lhs)?, self.get(*rhs)?, bin) {
                    (Val::F32(x), Val::F32(y), FloatBinOp::Add) => Val::F32(x + y),
                    (Val::F32(x), Val::F32(y), FloatBinOp::Sub) => Val::F32(x - y),
                    (Val::F64(x), Val::F64(y), FloatBinOp::Add) => Val::F64(x + y),
                    (Val::F64(x), Val::F64(y), FloatBinOp::Sub) => Val::F64(x - y),
                    _ => return Err(InterpError::TypeMismatch { value: *lhs, expected: self.ty(*result)? }),
                };
                self.set(*result, val)?;
            }
            Op::CmpI { result, predicate, lhs, rhs } => {
                let (a, w) = self.int(*lhs)?;
                let (b, _) = self.int(*rhs)?;
                let holds = compare_ints(*predicate, a, b, w);
                self.set(*result, Val::Int(u64::from(holds)))?;
            }
            Op::CmpF { result, predicate, lhs, rhs } => {
                let ty = self.ty(*lhs)?;
                let mismatch = |value| InterpError::TypeMismatch { value, expected: ty };
                let x = self.get(*lhs)?.as_f64().ok_or_else(|| mismatch(*lhs))?;
                let y = self.get(*rhs)?.as_f64().ok_or_else(|| mismatch(*rhs))?;
                let ordered = !x.is_nan() && !y.is_nan();
                let holds = ordered
                    && match predicate {
                        CmpFPredicate::Oeq => x == y,
                        CmpFPredicate::One => x != y,
                        CmpFPredicate::Olt => x < y,
                        CmpFPredicate::Ole => x <= y,
                        CmpFPredicate::Ogt => x > y,
                        CmpFPredicate::Oge => x >= y,
                    };
                self.set(*result, Val::Int(u64::from(holds)))?;
            }
            Op::Select { result, condition, on_true, on_false } => {
                let (c, _) = self.int(*condition)?;
                let chosen = if c & 1 == 1 { *on_true } else { *on_false };
                let val = self.get(chosen)?;
                self.set(*result, val)?;
            }
            Op::Cast { result, op: cast, operand } => {
                let val = self.cast(*cast, *operand, *result)?;
                self.set(*result, val)?;
            }
            Op::TensorConst { result, elements } => {
                self.set(*result, Val::Tensor(Rc::new(elements.clone())))?;
            }
            Op::TensorInsert { result, scalar, tensor, index } => {
                let (bits, _) = self.int(*scalar)?;
                let mut elements = self.tensor(*tensor)?;
                let i = self.tensor_index(*index, elements.len())?;
                elements[i] = bits;
                self.set(*result, Val::Tensor(Rc::new(elements)))?;
            }
            Op::TensorExtract { result, tensor, index } => {
                let elements = self.tensor(*tensor)?;
                let i = self.tensor_index(*index, elements.len())?;
                self.set(*result, Val::Int(elements[i]))?;
            }
            Op::Print { value } => {
                let line = self.format(*value)?;
                self.lines.push(line);
            }
            Op::If(if_op) => return self.if_op(if_op),
            Op::Loop(loop_op) => return self.loop_op(loop_op),
            Op::Scope(scope) => return self.scope_op(scope),
            Op::For(for_op) => return self.for_op(for_op),
        }
        Ok(None)
    }

    fn cast(&self, cast: CastOp, operand: ValueId, result: ValueId) -> Result<Val, InterpError> {
        let to = self.ty(result)?;
        let from = self.ty(operand)?;
        let target_width = to.int_width();
        match cast {
            CastOp::SIToFP => {
                let (a, w) = self.int(operand)?;
                let signed = sign_extend(a, w);
                Ok(if to == Type::F32 { Val::F32(signed as f32) } else { Val::F64(signed as f64) })
            }
            CastOp::FPToSI => {
                let x =
                    self.get(operand)?.as_f64().ok_or(InterpError::TypeMismatch { value: operand, expected: from })?;
                let w = target_width.ok_or(InterpError::TypeMismatch { value: result, expected: to })?;
                let t = x.trunc();
                let limit = 2f64.powi(w as i32 - 1);
                if !t.is_finite() || t < -limit || t >= limit {
                    return Err(ub("arith.fptosi of an out-of-range value"));
                }
                Ok(Val::Int(wrap_to_width(t as i64, w)))
            }
            _ => {
                let (a, fw) = self.int(operand)?;
                let tw = target_width.ok_or(InterpError::TypeMismatch { value: result, expected: to })?;
                let bits = match cast {
                    CastOp::ExtSI => wrap_to_width(sign_extend(a, fw), tw),
                    CastOp::ExtUI => a,
                    CastOp::IndexCast if from != Type::Index => wrap_to_width(sign_extend(a, fw), tw),
                    CastOp::IndexCastUI if from != Type::Index => a,
                    // trunci, and index_cast(ui) from index: truncate.
                    _ => a & width_mask(tw),
                };
                Ok(Val::Int(bits))
            }
        }
    }

    fn format(&self, v: ValueId) -> Result<String, InterpError> {
        let ty = self.ty(v)?;
        match (ty, self.get(v)?) {
            (Type::I1, Val::Int(bits)) => Ok((bits & 1).to_string()),
            (Type::Index, Val::Int(bits)) => Ok(bits.to_string()),
            (_, Val::Int(bits)) => {
                let w = ty.int_width().ok_or(InterpError::TypeMismatch { value: v, expected: ty })?;
                Ok(sign_extend(bits, w).to_string())
            }
            (_, Val::F32(x)) => format_float(f64::from(x)),
            (_, Val::F64(x)) => format_float(x),
            (_, Val::Tensor(_)) => Err(InterpError::TypeMismatch { value: v, expected: ty }),
        }
    }

    fn if_op(&mut self, op: &IfOp) -> Result<Option<Escape>, InterpError> {
        let (c, _) = self.int(op.condition)?;
        let flow = if c & 1 == 1 {
            self.block(&op.then_block)?
        } else {
            match &op.else_block {
                Some(block) => self.block(block)?,
                None => Flow::Yield(Vec::new()),
            }
        };
        match flow {
            Flow::Yield(vals) => {
                self.set_all(&op.results, vals, "loom.if results")?;
                Ok(None)
            }
            Flow::Exit(exit) => Ok(Some(exit)),
        }
    }

    fn loop_op(&mut self, op: &LoopOp) -> Result<Option<Escape>, InterpError> {
        let params: Vec<ValueId> = op.iter_args.iter().map(|a| a.param).collect();
        let mut args = self.get_all(&op.iter_args.iter().map(|a| a.init).collect::<Vec<_>>())?;
        let mut count = 0;
        loop {
            self.set_all(&params, args, "loom.loop iteration arguments")?;
            count += 1;
            let flow = self.block(&op.body)?;
            match flow {
                Flow::Exit(Escape::Continue(t, vals)) if t == op.token => args = vals,
                Flow::Exit(Escape::Break(t, vals)) if t == op.token => {
                    self.record_iterations(count);
                    self.set_all(&op.results, vals, "loom.loop results")?;
                    return Ok(None);
                }
                Flow::Yield(_) => {
                    return Err(InterpError::BadControlFlow("loom.yield ends a loom.loop body".to_string()))
                }
                Flow::Exit(exit) => {
                    self.record_iterations(count);
                    return self.pass_exit(exit);
                }
            }
        }
    }

    fn scope_op(&mut self, op: &ScopeOp) -> Result<Option<Escape>, InterpError> {
        let vals = match self.block(&op.body)? {
            Flow::Yield(vals) => vals,
            Flow::Exit(Escape::Break(t, vals)) if t == op.token => vals,
            Flow::Exit(Escape::Continue(t, _)) if t == op.token => {
                return Err(InterpError::BadControlFlow("loom.continue targets a loom.scope".to_string()))
            }
            Flow::Exit(exit) => return self.pass_exit(exit),
        };
        self.set_all(&op.results, vals, "loom.scope results")?;
        Ok(None)
    }

    fn for_op(&mut self, op: &ForOp) -> Result<Option<Escape>, InterpError> {
        let (lower, w) = self.int(op.lower)?;
        let (upper, _) = self.int(op.upper)?;
        let (step, _) = self.int(op.step)?;
        if sign_extend(step, w) <= 0 {
            return Err(ub("loom.for with a non-positive step"));
        }
        let params: Vec<ValueId> = op.iter_args.iter().map(|a| a.param).collect();
        let mut args = self.get_all(&op.iter_args.iter().map(|a| a.init).collect::<Vec<_>>())?;
        let mut iv = lower;
        let mut count = 0;
        while sign_extend(iv, w) < sign_extend(upper, w) {
            self.set(op.induction, Val::Int(iv))?;
            self.set_all(&params, args, "loom.for iteration arguments")?;
            count += 1;
            args = match self.block(&op.body)? {
                Flow::Yield(vals) => vals,
                Flow::Exit(Escape::Continue(t, vals)) if t == op.token => vals,
                Flow::Exit(Escape::Break(t, vals)) if t == op.token => {
                    self.record_iterations(count);
                    self.set_all(&op.results, vals, "loom.for results")?;
                    return Ok(None);
                }
                Flow::Exit(exit) => {
                    self.record_iterations(count);
                    return self.pass_exit(exit);
                }
            };
            let next = i128::from(sign_extend(iv, w)) + i128::from(sign_extend(step, w));
            if next > i128::from(sign_extend(width_mask(w) >> 1, w)) {
                return Err(ub("loom.for increment overflows"));
            }
            iv = iv.wrapping_add(step) & width_mask(w);
        }
        self.record_iterations(count);
        self.set_all(&op.results, args, "loom.for results")?;
        Ok(None)
    }
}

fn compare_ints(predicate: CmpIPredicate, a: u64, b: u64, w: u32) -> bool {
    let (sa, sb) = (sign_extend(a, w), sign_extend(b, w));
    match predicate {
        CmpIPredicate::Eq => a == b,
        CmpIPredicate::Ne => a != b,
        CmpIPredicate::Slt => sa < sb,
        CmpIPredicate::Sle => sa <= sb,
        CmpIPredicate::Sgt => sa > sb,
        CmpIPredicate::Sge => sa >= sb,
        CmpIPredicate::Ult => a < b,
        CmpIPredicate::Ule => a <= b,
        CmpIPredicate::Ugt => a > b,
        CmpIPredicate::Uge => a >= b,
    }
}

fn int_binary(op: IntBinOp, a: u64, b: u64, w: u32) -> Result<u64, InterpError> {
    let mask = width_mask(w);
    let (sa, sb) = (sign_extend(a, w), sign_extend(b, w));
    let shift_ok = b < u64::from(w);
    Ok(match op {
        IntBinOp::Add => a.wrapping_add(b) & mask,
        IntBinOp::Sub => a.wrapping_sub(b) & mask,
        IntBinOp::Mul => a.wrapping_mul(b) & mask,
        IntBinOp::And => a & b,
        IntBinOp::Or => a | b,
        IntBinOp::Xor => a ^ b,
        IntBinOp::RemS => {
            if b == 0 {
                return Err(ub("arith.remsi by zero"));
            }
            if sb == -1 && a == 1u64 << (w - 1) {
                return Err(ub("arith.remsi of the minimum value by -1"));
            }
            wrap_to_width(sa % sb, w)
        }
        IntBinOp::RemU => {
            if b == 0 {
                return Err(ub("arith.remui by zero"));
            }
            a % b
        }
        IntBinOp::Shl | IntBinOp::ShrS | IntBinOp::ShrU if !shift_ok => {
            return Err(ub("shift amount not below the bit width"))
        }
        IntBinOp::Shl => (a << b) & mask,
        IntBinOp::ShrS => wrap_to_width(sa >> b, w),
        IntBinOp::ShrU => a >> b,
        IntBinOp::MaxS => {
            if sa >= sb {
                a
            } else {
                b
            }
        }
        IntBinOp::MinS => {
            if sa <= sb {
                a
            } else {
                b
            }
        }
        IntBinOp::MaxU => a.max(b),
        IntBinOp::MinU => a.min(b),
    })
}

#[cfg(test)]
mod tests {
    use super::super::check::check;
    use super::super::program::{IterArg, ProgramBuilder};
    use super::super::testing::Asm;
    use super::*;
    use CmpIPredicate::*;
    use IntBinOp::*;

    /// Interprets a hand-written program after checking it is valid.
    fn lines(asm: Asm, ops: Vec<Op>) -> Vec<String> {
        let program = asm.finish(ops);
        if let Err(e) = check(&program) {
            panic!("hand-written program is invalid: {e}");
        }
        interpret(&program).unwrap_or_else(|e| panic!("{e}"))
    }

    fn strs(expected: &[&str]) -> Vec<String> {
        expected.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn break_out_of_two_nested_loops() {
        // for i: for j: print(i*10+j); if j == 4 break inner;
        //                if i == 2 && j == 3 break outer(i, i*10+j)
        let mut a = Asm::new();
        let mut ops = Vec::new();
        let zero = a.int(&mut ops, Type::I32, 0);
        let minus = a.int(&mut ops, Type::I32, -1);
        let results = a.fuel_loop(&mut ops, 10, &[zero], &[Type::I32, Type::I32], &[minus, minus], |a, body, outer| {
            let i = outer.params[0];
            let outer_token = outer.token;
            let j0 = a.int(body, Type::I32, 0);
            a.fuel_loop(body, 10, &[j0], &[], &[], |a, body, inner| {
                let j = inner.params[0];
                let ten = a.int(body, Type::I32, 10);
                let i10 = a.bin(body, Mul, i, ten);
                let s = a.bin(body, Add, i10, j);
                a.print(body, s);
                let four = a.int(body, Type::I32, 4);
                let j_is_4 = a.cmp(body, Eq, j, four);
                a.exit_if(body, j_is_4, Terminator::Break { target: inner.token, values: vec![] });
                let two = a.int(body, Type::I32, 2);
                let three = a.int(body, Type::I32, 3);
                let i_is_2 = a.cmp(body, Eq, i, two);
                let j_is_3 = a.cmp(body, Eq, j, three);
                let both = a.bin(body, And, i_is_2, j_is_3);
                a.exit_if(body, both, Terminator::Break { target: outer_token, values: vec![i, s] });
                let one = a.int(body, Type::I32, 1);
                let j1 = a.bin(body, Add, j, one);
                inner.continue_with(&[j1])
            });
            let one = a.int(body, Type::I32, 1);
            let i1 = a.bin(body, Add, i, one);
            outer.continue_with(&[i1])
        });
        a.print(&mut ops, results[0]);
        a.print(&mut ops, results[1]);
        let expected =
            strs(&["0", "1", "2", "3", "4", "10", "11", "12", "13", "14", "20", "21", "22", "23", "2", "23"]);
        assert_eq!(lines(a, ops), expected);
    }

    #[test]
    fn continue_of_an_outer_loop_from_an_inner_loop() {
        // acc = for i in 0..4 (index) iter acc: i64 = 0 {
        //   loop k = 1.. (fuel 4) { print k; if k == 2 && i odd: continue outer(acc + 10); k += 1 }
        //   yield acc + 1 }
        let mut a = Asm::new();
        let mut ops = Vec::new();
        let acc0 = a.int(&mut ops, Type::I64, 0);
        let sum = a.for_loop(&mut ops, Type::Index, (0, 4, 1), &[acc0], |a, body, for_token, i, params| {
            let acc = params[0];
            let k0 = a.int(body, Type::I64, 1);
            a.fuel_loop(body, 4, &[k0], &[], &[], |a, body, inner| {
                let k = inner.params[0];
                a.print(body, k);
                let two = a.int(body, Type::I64, 2);
                let k_is_2 = a.cmp(body, Eq, k, two);
                let two_idx = a.int(body, Type::Index, 2);
                let parity = a.bin(body, RemU, i, two_idx);
                let one_idx = a.int(body, Type::Index, 1);
                let odd = a.cmp(body, Eq, parity, one_idx);
                let both = a.bin(body, And, k_is_2, odd);
                let ten = a.int(body, Type::I64, 10);
                let acc10 = a.bin(body, Add, acc, ten);
                a.exit_if(body, both, Terminator::Continue { target: for_token, values: vec![acc10] });
                let one = a.int(body, Type::I64, 1);
                let k1 = a.bin(body, Add, k, one);
                inner.continue_with(&[k1])
            });
            let one = a.int(body, Type::I64, 1);
            let acc1 = a.bin(body, Add, acc, one);
            Terminator::Yield(vec![acc1])
        });
        a.print(&mut ops, sum[0]);
        let expected = strs(&["1", "2", "3", "4", "1", "2", "1", "2", "3", "4", "1", "2", "22"]);
        assert_eq!(lines(a, ops), expected);
    }

    #[test]
    fn scope_exit_and_normal_completion() {
        let mut a = Asm::new();
        let mut ops = Vec::new();
        for flag in [1, 0] {
            let c = a.int(&mut ops, Type::I1, flag);
            let r = a.scope(&mut ops, &[Type::I32, Type::F32], |a, body, s| {
                let seven = a.int(body, Type::I32, 7);
                let one_half = a.float(body, Type::F32, 1.5);
                a.exit_if(body, c, Terminator::Break { target: s, values: vec![seven, one_half] });
                let nine = a.int(body, Type::I32, 9);
                let two = a.float(body, Type::F32, 2.0);
                Terminator::Yield(vec![nine, two])
            });
            a.print(&mut ops, r[0]);
            a.print(&mut ops, r[1]);
        }
        assert_eq!(lines(a, ops), strs(&["7", "1.5", "9", "2"]));
    }

    #[test]
    fn counted_loops_zero_trip_negative_bounds_steps_and_breaks() {
        let mut a = Asm::new();
        let mut ops = Vec::new();
        // Zero trips: the iteration argument comes back unchanged.
        let init = a.int(&mut ops, Type::I32, 42);
        let r = a.for_loop(&mut ops, Type::Index, (5, 2, 1), &[init], |a, body, _, _, p| {
            let one = a.int(body, Type::I32, 1);
            let v = a.bin(body, Add, p[0], one);
            Terminator::Yield(vec![v])
        });
        a.print(&mut ops, r[0]);
        // -3, -1, 1, 3 with an i32 induction variable: s = 2s + i.
        let s0 = a.int(&mut ops, Type::I32, 0);
        let r = a.for_loop(&mut ops, Type::I32, (-3, 4, 2), &[s0], |a, body, _, iv, p| {
            let two = a.int(body, Type::I32, 2);
            let twice = a.bin(body, Mul, p[0], two);
            let v = a.bin(body, Add, twice, iv);
            Terminator::Yield(vec![v])
        });
        a.print(&mut ops, r[0]);
        // One trip that breaks with its own values.
        let x = a.int(&mut ops, Type::I64, 5);
        let r = a.for_loop(&mut ops, Type::I64, (0, 1, 3), &[x], |a, body, t, _, _| {
            let v = a.int(body, Type::I64, 77);
            Terminator::Break { target: t, values: vec![v] }
        });
        a.print(&mut ops, r[0]);
        // 0, 3, 6, 9: continue to self counts the iterations.
        let c0 = a.int(&mut ops, Type::I8, 0);
        let r = a.for_loop(&mut ops, Type::Index, (0, 10, 3), &[c0], |a, body, t, _, p| {
            let one = a.int(body, Type::I8, 1);
            let v = a.bin(body, Add, p[0], one);
            Terminator::Continue { target: t, values: vec![v] }
        });
        a.print(&mut ops, r[0]);
        assert_eq!(lines(a, ops), strs(&["42", "-23", "77", "4"]));
    }

    #[test]
    fn if_with_results_where_one_branch_exits() {
        // loop i = 0..: v = if i == 3 { break(i * 100) } else { yield i + 1 }; print v
        let mut a = Asm::new();
        let mut ops = Vec::new();
        let i0 = a.int(&mut ops, Type::I64, 0);
        let never = a.int(&mut ops, Type::I64, -1);
        let r = a.fuel_loop(&mut ops, 10, &[i0], &[Type::I64], &[never], |a, body, l| {
            let i = l.params[0];
            let three = a.int(body, Type::I64, 3);
            let c = a.cmp(body, Eq, i, three);
            let token = l.token;
            let v = a.if_else(
                body,
                c,
                &[Type::I64],
                |a, ops| {
                    let hundred = a.int(ops, Type::I64, 100);
                    let x = a.bin(ops, Mul, i, hundred);
                    Terminator::Break { target: token, values: vec![x] }
                },
                |a, ops| {
                    let one = a.int(ops, Type::I64, 1);
                    let y = a.bin(ops, Add, i, one);
                    Terminator::Yield(vec![y])
                },
            );
            a.print(body, v[0]);
            l.continue_with(&[v[0]])
        });
        a.print(&mut ops, r[0]);
        assert_eq!(lines(a, ops), strs(&["1", "2", "3", "300"]));
    }

    #[test]
    fn fuel_guard_ends_a_loop_that_never_breaks() {
        let mut a = Asm::new();
        let mut ops = Vec::new();
        let x0 = a.int(&mut ops, Type::I32, 0);
        let r = a.fuel_loop(&mut ops, 3, &[x0], &[Type::I32], &[x0], |a, body, l| {
            let five = a.int(body, Type::I32, 5);
            let x = a.bin(body, Add, l.params[0], five);
            l.continue_with(&[x])
        });
        a.print(&mut ops, r[0]);
        // The guard breaks with the *initial* value it names (%x0), not the state.
        assert_eq!(lines(a, ops), strs(&["0"]));
    }

    #[test]
    fn wrapping_integer_arithmetic_and_conversions() {
        let mut a = Asm::new();
        let mut ops = Vec::new();
        let mut out = Vec::new();
        let mut push = |v| out.push(v);
        let i8max = a.int(&mut ops, Type::I8, 127);
        let i8one = a.int(&mut ops, Type::I8, 1);
        push(a.bin(&mut ops, Add, i8max, i8one)); // -128
        let i8min = a.int(&mut ops, Type::I8, -128);
        push(a.bin(&mut ops, Sub, i8min, i8one)); // 127
        let hundred = a.int(&mut ops, Type::I8, 100);
        let three8 = a.int(&mut ops, Type::I8, 3);
        push(a.bin(&mut ops, Mul, hundred, three8)); // 300 mod 256 = 44
        let i32max = a.int(&mut ops, Type::I32, i64::from(i32::MAX));
        let two32 = a.int(&mut ops, Type::I32, 2);
        push(a.bin(&mut ops, Mul, i32max, two32)); // -2
        let i64max = a.int(&mut ops, Type::I64, i64::MAX);
        let one64 = a.int(&mut ops, Type::I64, 1);
        push(a.bin(&mut ops, Add, i64max, one64)); // i64::MIN
        let zero_idx = a.int(&mut ops, Type::Index, 0);
        let one_idx = a.int(&mut ops, Type::Index, 1);
        push(a.bin(&mut ops, Sub, zero_idx, one_idx)); // index -1, printed unsigned
        let t = a.int(&mut ops, Type::I1, 1);
        push(a.bin(&mut ops, Add, t, t)); // i1: 1 + 1 = 0
        push(t); // i1 true prints 1
        let m7 = a.int(&mut ops, Type::I8, -7);
        push(a.bin(&mut ops, RemS, m7, three8)); // -1
        let m6 = a.int(&mut ops, Type::I8, -6);
        let seven8 = a.int(&mut ops, Type::I8, 7);
        push(a.bin(&mut ops, RemU, m6, seven8)); // 250 % 7 = 5
        push(a.bin(&mut ops, ShrS, i8min, three8)); // -16
        push(a.bin(&mut ops, ShrU, i8min, three8)); // 16
        let thirty_one = a.int(&mut ops, Type::I32, 31);
        let one32 = a.int(&mut ops, Type::I32, 1);
        push(a.bin(&mut ops, Shl, one32, thirty_one)); // i32::MIN
        let m1_8 = a.int(&mut ops, Type::I8, -1);
        push(a.cast(&mut ops, CastOp::ExtSI, m1_8, Type::I32)); // -1
        push(a.cast(&mut ops, CastOp::ExtUI, m1_8, Type::I32)); // 255
        let big = a.int(&mut ops, Type::I32, 300);
        push(a.cast(&mut ops, CastOp::TruncI, big, Type::I8)); // 44
        let m1_32 = a.int(&mut ops, Type::I32, -1);
        push(a.cast(&mut ops, CastOp::IndexCast, m1_32, Type::Index)); // 2^64 - 1
        push(a.cast(&mut ops, CastOp::IndexCastUI, m1_32, Type::Index)); // 2^32 - 1
        let three64 = a.int(&mut ops, Type::I64, 3);
        push(a.cast(&mut ops, CastOp::TruncI, three64, Type::I1)); // 1
        let zero8 = a.int(&mut ops, Type::I8, 0);
        push(a.cmp(&mut ops, Slt, m1_8, zero8)); // 1
        push(a.cmp(&mut ops, Ult, m1_8, zero8)); // 0
        push(a.bin(&mut ops, MaxU, m1_8, zero8)); // -1 (255 unsigned)
        push(a.bin(&mut ops, MinS, m1_8, zero8)); // -1
        let four8 = a.int(&mut ops, Type::I8, 4);
        let rem = a.bin(&mut ops, RemS, m7, four8); // -3
        push(a.cast(&mut ops, CastOp::SIToFP, rem, Type::F32)); // -3
        let f = a.float(&mut ops, Type::F64, 2.5);
        push(a.cast(&mut ops, CastOp::FPToSI, f, Type::I32)); // 2
        let g = a.float(&mut ops, Type::F32, -2.5);
        push(a.cast(&mut ops, CastOp::FPToSI, g, Type::I64)); // -2
        let step = a.float(&mut ops, Type::F64, 2.0);
        let h = a.float(&mut ops, Type::F64, -3.5);
        push(a.fbin(&mut ops, FloatBinOp::Add, h, step)); // -1.5
        let half = a.float(&mut ops, Type::F32, 0.5);
        let one_f = a.float(&mut ops, Type::F32, 1.0);
        push(a.fbin(&mut ops, FloatBinOp::Sub, half, one_f)); // -0.5
        for v in out {
            a.print(&mut ops, v);
        }
        let expected = strs(&[
            "-128",
            "127",
            "44",
            "-2",
            "-9223372036854775808",
            "18446744073709551615",
            "0",
            "1",
            "-1",
            "5",
            "-16",
            "16",
            "-2147483648",
            "-1",
            "255",
            "44",
            "18446744073709551615",
            "4294967295",
            "1",
            "1",
            "0",
            "-1",
            "-1",
            "-3",
            "2",
            "-2",
            "-1.5",
            "-0.5",
        ]);
        assert_eq!(lines(a, ops), expected);
    }

    #[test]
    fn float_formatting_matches_printf_g_on_the_modelled_domain() {
        assert_eq!(format_float(2.0).as_deref(), Ok("2"));
        assert_eq!(format_float(1.5).as_deref(), Ok("1.5"));
        assert_eq!(format_float(-0.5).as_deref(), Ok("-0.5"));
        assert_eq!(format_float(0.0).as_deref(), Ok("0"));
        assert_eq!(format_float(-0.0).as_deref(), Ok("-0"));
        assert_eq!(format_float(99999.5).as_deref(), Ok("99999.5"));
        assert_eq!(format_float(-40000.0).as_deref(), Ok("-40000"));
        assert_eq!(format_float(0.25), Err(InterpError::UnprintableFloat(0.25)));
        assert_eq!(format_float(100000.0), Err(InterpError::UnprintableFloat(100000.0)));
        assert!(format_float(f64::NAN).is_err());
    }

    #[test]
    fn undefined_behaviour_and_runaway_programs_are_errors() {
        // remsi by zero.
        let mut a = Asm::new();
        let mut ops = Vec::new();
        let x = a.int(&mut ops, Type::I32, 5);
        let z = a.int(&mut ops, Type::I32, 0);
        a.bin(&mut ops, RemS, x, z);
        assert!(matches!(interpret(&a.finish(ops)), Err(InterpError::UndefinedBehaviour(_))));

        // INT_MIN remsi -1.
        let mut a = Asm::new();
        let mut ops = Vec::new();
        let x = a.int(&mut ops, Type::I8, -128);
        let m = a.int(&mut ops, Type::I8, -1);
        a.bin(&mut ops, RemS, x, m);
        assert!(matches!(interpret(&a.finish(ops)), Err(InterpError::UndefinedBehaviour(_))));

        // A loop without fuel that never exits.
        let mut b = ProgramBuilder::new();
        let t = b.token();
        let ops = vec![Op::Loop(LoopOp {
            results: vec![],
            token: t,
            iter_args: vec![],
            body: Block { ops: vec![], terminator: Terminator::Continue { target: t, values: vec![] } },
        })];
        assert_eq!(run(&b.finish(0, ops), 1000), Err(InterpError::StepLimitExceeded { limit: 1000 }));

        // An unprintable float.
        let mut a = Asm::new();
        let mut ops = Vec::new();
        let q = a.float(&mut ops, Type::F64, 0.25);
        a.print(&mut ops, q);
        assert_eq!(interpret(&a.finish(ops)), Err(InterpError::UnprintableFloat(0.25)));

        // Iteration-argument arity mismatch.
        let mut b = ProgramBuilder::new();
        let t = b.token();
        let p = b.value(Type::I32);
        let init = b.value(Type::I32);
        let ops = vec![
            Op::Const { result: init, value: Constant::Int(0) },
            Op::Loop(LoopOp {
                results: vec![],
                token: t,
                iter_args: vec![IterArg { param: p, init }],
                body: Block { ops: vec![], terminator: Terminator::Continue { target: t, values: vec![] } },
            }),
        ];
        assert!(matches!(interpret(&b.finish(0, ops)), Err(InterpError::ArityMismatch { .. })));
    }

    #[test]
    fn execution_statistics() {
        let mut a = Asm::new();
        let mut ops = Vec::new();
        let acc = a.int(&mut ops, Type::I32, 0);
        a.for_loop(&mut ops, Type::Index, (0, 3, 1), &[acc], |a, body, _, _, p| {
            let one = a.int(body, Type::I32, 1);
            let v = a.bin(body, Add, p[0], one);
            Terminator::Yield(vec![v])
        });
        let e = run(&a.finish(ops), 100).expect("runs");
        assert_eq!(e.iterations[3], 1);
        assert_eq!(e.exits_past_targets, 0);
        // 1 acc + 3 bounds + 1 for op + 3 * (const, add, yield)
        assert_eq!(e.steps, 5 + 9);
    }

    #[test]
    fn tensors_have_value_semantics_through_loops_and_exits() {
        // t = [1, 2, 3]; u = for i in 0..3 iter(acc = t) { if i == 2 break acc;
        //   acc' = insert i32(i*10) at i; also write t (captured) — unchanged };
        // print u, t: t keeps its elements, u has the writes of iterations 0, 1.
        let mut a = Asm::new();
        let mut ops = Vec::new();
        let t = a.tensor(&mut ops, &[1, 2, 3]);
        let u = a.for_loop(&mut ops, Type::Index, (0, 3, 1), &[t], |a, body, token, i, p| {
            let two = a.int(body, Type::Index, 2);
            let last = a.cmp(body, Eq, i, two);
            a.exit_if(body, last, Terminator::Break { target: token, values: vec![p[0]] });
            let i32v = a.cast(body, CastOp::IndexCast, i, Type::I32);
            let ten = a.int(body, Type::I32, 10);
            let x = a.bin(body, Mul, i32v, ten);
            let written = a.insert(body, x, t, 0);
            let seen = a.extract(body, written, 0);
            a.print(body, seen);
            let next = a.insert(body, x, p[0], 1);
            let again = a.insert(body, ten, next, 2);
            Terminator::Yield(vec![again])
        })[0];
        for (tensor, i) in [(u, 0), (u, 1), (u, 2), (t, 0), (t, 1), (t, 2)] {
            let e = a.extract(&mut ops, tensor, i);
            a.print(&mut ops, e);
        }
        assert_eq!(lines(a, ops), strs(&["0", "10", "1", "10", "10", "1", "2", "3"]));
    }

    #[test]
    fn tensor_select_and_scope_results_copy_nothing_back() {
        let mut a = Asm::new();
        let mut ops = Vec::new();
        let t = a.tensor(&mut ops, &[-7]);
        let r = a.scope(&mut ops, &[Type::TensorI32(1)], |a, body, s| {
            let five = a.int(body, Type::I32, 5);
            let w = a.insert(body, five, t, 0);
            let yes = a.int(body, Type::I1, 1);
            let result = a.b.value(Type::TensorI32(1));
            body.push(Op::Select { result, condition: yes, on_true: w, on_false: t });
            Terminator::Break { target: s, values: vec![result] }
        })[0];
        let (x, y) = (a.extract(&mut ops, r, 0), a.extract(&mut ops, t, 0));
        a.print(&mut ops, x);
        a.print(&mut ops, y);
        assert_eq!(lines(a, ops), strs(&["5", "-7"]));
    }

    #[test]
    fn tensor_index_out_of_bounds_is_rejected() {
        // check rejects it statically; the interpreter reports UB, not a panic.
        let mut a = Asm::new();
        let mut ops = Vec::new();
        let t = a.tensor(&mut ops, &[1, 2]);
        let e = a.extract(&mut ops, t, 2);
        a.print(&mut ops, e);
        let program = a.finish(ops);
        assert!(check(&program).is_err());
        assert!(matches!(interpret(&program), Err(InterpError::UndefinedBehaviour(_))));
    }
}
