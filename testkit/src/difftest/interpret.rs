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
//! # Early ends
//! `func.call @exit(%code)` ends the run at once with exit status
//! `code & 0xff`; a `cf.assert` whose condition is false prints its message
//! as one more line (the `cf` → LLVM lowering `puts` it to stdout) and
//! aborts. Either unwinds every enclosing op (no result is bound, no loop
//! increments): the output is exactly the lines printed before (plus the
//! assert's message), and [`Execution::end`] says how the run ended. The
//! harness keeps what was printed before an abort by running unbuffered;
//! `exit` flushes stdio itself.
//!
//! A step budget (ops plus terminators executed) turns a non-terminating or
//! runaway program into [`InterpError::StepLimitExceeded`].

use super::check::FLOAT_PRINT_LIMIT;
use super::program::{
    sign_extend, width_mask, wrap_to_width, Block, CastOp, CmpFPredicate, CmpIPredicate, Constant, FloatBinOp, ForOp,
    IfOp, IntBinOp, LoopOp, Op, Program, RunEnd, ScopeOp, Terminator, TokenId, Type, ValueId,
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
    /// How the run ended.
    pub end: RunEnd,
}

/// Number of buckets of [`Execution::iterations`].
pub const ITERATION_BUCKETS: usize = 8;

/// The lines the program prints, without their newlines: the expected
/// stdout is every line followed by `\n` (nothing else is printed).
/// A program that ends early prints the lines before its end (see
/// [`interpret_to_end`]).
pub fn interpret(program: &Program) -> Result<Vec<String>, InterpError> {
    run(program, DEFAULT_STEP_LIMIT).map(|e| e.lines)
}

/// The lines the program prints and how its run ends.
pub fn interpret_to_end(program: &Program) -> Result<(Vec<String>, RunEnd), InterpError> {
    run(program, DEFAULT_STEP_LIMIT).map(|e| (e.lines, e.end))
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
    let end = match machine.ops(&program.body) {
        Ok(None) => RunEnd::Returned,
        Ok(Some(exit)) => {
            return Err(InterpError::BadControlFlow(format!("exit to %t{} escaped @main", exit.token().0)))
        }
        Err(Stop::Ended(end)) => end,
        Err(Stop::Error(error)) => return Err(error),
    };
    Ok(Execution {
        lines: machine.lines,
        steps: machine.steps,
        iterations: machine.iterations,
        exits_past_targets: machine.exits_past_targets,
        end,
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

/// Why execution stopped before `@main` returned: the program ended
/// itself (unwinding every op, like an exception), or has no defined output.
enum Stop {
    Ended(RunEnd),
    Error(InterpError),
}

impl From<InterpError> for Stop {
    fn from(error: InterpError) -> Stop {
        Stop::Error(error)
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
    fn pass_exit(&mut self, exit: Escape) -> Result<Option<Escape>, Stop> {
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

    fn ops(&mut self, ops: &[Op]) -> Result<Option<Escape>, Stop> {
        for op in ops {
            if let Some(exit) = self.op(op)? {
                return Ok(Some(exit));
            }
        }
        Ok(None)
    }

    fn block(&mut self, block: &Block) -> Result<Flow, Stop> {
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

    fn op(&mut self, op: &Op) -> Result<Option<Escape>, Stop> {
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
                    _ => return Err(InterpError::TypeMismatch { value: *lhs, expected: self.ty(*result)? }.into()),
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
            Op::Exit { code } => {
                let (bits, _) = self.int(*code)?;
                return Err(Stop::Ended(RunEnd::Exited(sign_extend(bits, 32) as i32)));
            }
            Op::Assert { condition, message } => {
                if self.int(*condition)?.0 & 1 == 0 {
                    self.lines.push(message.clone());
                    return Err(Stop::Ended(RunEnd::Aborted));
                }
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

    fn if_op(&mut self, op: &IfOp) -> Result<Option<Escape>, Stop> {
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

    fn loop_op(&mut self, op: &LoopOp) -> Result<Option<Escape>, Stop> {
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
                    return Err(InterpError::BadControlFlow("loom.yield ends a loom.loop body".to_string()).into())
                }
                Flow::Exit(exit) => {
                    self.record_iterations(count);
                    return self.pass_exit(exit);
                }
            }
        }
    }

    fn scope_op(&mut self, op: &ScopeOp) -> Result<Option<Escape>, Stop> {
        let vals = match self.block(&op.body)? {
            Flow::Yield(vals) => vals,
            Flow::Exit(Escape::Break(t, vals)) if t == op.token => vals,
            Flow::Exit(Escape::Continue(t, _)) if t == op.token => {
                return Err(InterpError::BadControlFlow("loom.continue targets a loom.scope".to_string()).into())
            }
            Flow::Exit(exit) => return self.pass_exit(exit),
        };
        self.set_all(&op.results, vals, "loom.scope results")?;
        Ok(None)
    }

    fn for_op(&mut self, op: &ForOp) -> Result<Option<Escape>, Stop> {
        let (lower, w) = self.int(op.lower)?;
        let (upper, _) = self.int(op.upper)?;
        let (step, _) = self.int(op.step)?;
        if sign_extend(step, w) <= 0 {
            return Err(ub("loom.for with a non-positive step").into());
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
                return Err(ub("loom.for increment overflows").into());
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
#[path = "interpret_tests.rs"]
mod tests;
