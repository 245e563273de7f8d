//! Structural checker: the loom verifier's rules plus the generator's own
//! safety invariants, over the AST.
//!
//! `check` accepts exactly the programs whose emitted MLIR must verify and
//! whose execution is fully determined (no undefined behaviour, bounded work,
//! exactly printable floats). It is the oracle the generator's tests run over
//! thousands of seeds, and `generate` runs it on every program it returns.
//!
//! # Rules of the loom dialect
//! * every region is a single block ending in exactly one terminator;
//! * a `loom.loop` body ends with `loom.break` or `loom.continue`;
//!   `loom.if`, `loom.scope` and `loom.for` regions end with `loom.yield`,
//!   `loom.break` or `loom.continue`;
//! * `loom.yield` operands match the `loom.if` / `loom.scope` results or the
//!   `loom.for` iteration arguments; a `loom.if` with results has an else;
//! * an exit's token belongs to an enclosing `loom.loop` / `loom.scope` /
//!   `loom.for` (the AST only has loom ops with regions, so nothing but loom
//!   ops can lie between an exit and its target);
//! * `loom.continue` never targets `loom.scope`; its operands match the
//!   target's iteration arguments; `loom.break` operands match the target's
//!   results (for `loom.for`: its iteration-argument types);
//! * SSA: single definition, use only where visible (see `program`).
//!
//! # Invariants of generated programs (termination, determinism)
//! * **Fuel.** Every `loom.loop` has an `i32` fuel iteration argument #0
//!   initialised by a constant in `0..=MAX_FUEL`, and its body starts with
//!   ```mlir
//!   %zero = arith.constant 0 : i32
//!   %out  = arith.cmpi sle, %fuel, %zero : i32
//!   loom.if %out { <constants only>  loom.break %own, ... }
//!   %one  = arith.constant 1 : i32
//!   %next = arith.subi %fuel, %one : i32
//!   ```
//!   and every `loom.continue` to it passes `%next` as the fuel. So the body
//!   runs at most `fuel + 1` times per entry into the loop.
//! * **Counted loops** have constant bounds and step (`step > 0`, all within
//!   `±MAX_FOR_BOUND`), so their trip count is static and the induction
//!   variable cannot overflow; or constant bounds anywhere in the type's
//!   range with at most `MAX_FOR_BOUND` trips (near the type's maximum the
//!   last increment may overflow: the interpreter rejects a run that
//!   reaches it as undefined, so such a loop must be left by an exit first);
//!   or a lower bound `%v` and upper bound `arith.addi %v, c` (no overflow
//!   flags, constant `c` in `1..=MAX_FOR_BOUND`) with step the constant 1:
//!   at most `c` trips whether or not `%v + c` wraps (if it does, the
//!   signed bound is below `%v`: no trip), and `%j < upper` keeps `%j + 1`
//!   from overflowing.
//! * **No UB in arith**: `remsi` by a positive constant, `remui` by a non-zero
//!   constant (never on `i1`), shifts by a constant below the width (never on
//!   `i1` / `index`), `fptosi` only to `i32` / `i64`.
//! * **Exact floats**: float constants are multiples of 0.5 with magnitude
//!   `<= MAX_FLOAT_CONSTANT`; `addf` / `subf` add a constant of magnitude
//!   `<= MAX_FLOAT_STEP`; `sitofp` only converts a `remsi` by a constant
//!   `<= MAX_SITOFP_DIVISOR`. Every float is therefore a multiple of 0.5 with
//!   magnitude at most `MAX_FLOAT_CONSTANT + MAX_FLOAT_STEP * work`, which must
//!   stay below `FLOAT_PRINT_LIMIT` so that `%g` prints it exactly.
//! * **No UB in tensors**: `tensor.insert` / `tensor.extract` index with an
//!   `index` constant below the static length; tensors hold `i32` and are
//!   never printed whole (the generator extracts their elements). The fuel
//!   guard's "constants" include dense tensor constants.
//! * **Early ends**: `exit` takes an `i32` code; `cf.assert` an `i1`
//!   condition and a message of lower-case letters, digits and spaces (it
//!   is printed verbatim, so nothing needs escaping).
//! * **Static work**: the returned [`StaticCost::work`] bounds the number of
//!   ops plus terminators the interpreter executes (`Execution::steps`).

use super::program::{
    sign_extend, width_mask, Block, CastOp, CmpIPredicate, Constant, ForOp, IfOp, IntBinOp, LoopOp, Op, Program,
    ScopeOp, TargetKind, Terminator, TokenId, Type, ValueId,
};
use std::fmt;

/// Largest initial fuel of a `loom.loop`.
pub const MAX_FUEL: i64 = 64;
/// Largest magnitude of a float constant.
pub const MAX_FLOAT_CONSTANT: f64 = 64.0;
/// Largest magnitude of the constant operand of `addf` / `subf`.
pub const MAX_FLOAT_STEP: f64 = 2.0;
/// Largest divisor of a `remsi` whose result feeds `sitofp`.
pub const MAX_SITOFP_DIVISOR: i64 = 64;
/// Floats must stay strictly below this magnitude (`%g` prints 6 digits).
pub const FLOAT_PRINT_LIMIT: f64 = 100_000.0;
/// Largest magnitude of a `loom.for` bound or step.
pub const MAX_FOR_BOUND: i64 = 1000;

/// Why a program was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckError {
    pub message: String,
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid loom difftest program: {}", self.message)
    }
}

impl std::error::Error for CheckError {}

/// Static bounds of an accepted program.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StaticCost {
    /// Upper bound on executed ops plus terminators.
    pub work: u64,
    /// Upper bound on the magnitude of any float value.
    pub float_bound: f64,
}

/// Checks every rule listed in the module documentation.
pub fn check(program: &Program) -> Result<StaticCost, CheckError> {
    let count = program.value_types.len();
    let mut checker = Checker {
        program,
        defined: vec![false; count],
        visible: vec![false; count],
        frames: vec![Vec::new()],
        constants: vec![None; count],
        rem_divisor: vec![None; count],
        plus_constant: vec![None; count],
        token_defined: vec![false; program.token_count as usize],
        targets: Vec::new(),
    };
    let work = checker.ops(&program.body, 1)?;
    let float_bound = MAX_FLOAT_CONSTANT + MAX_FLOAT_STEP * work as f64;
    if float_bound >= FLOAT_PRINT_LIMIT {
        return Err(error(format!(
            "static work {work} allows floats of magnitude {float_bound}, not exactly printable"
        )));
    }
    Ok(StaticCost { work, float_bound })
}

fn error(message: String) -> CheckError {
    CheckError { message }
}

fn name(v: ValueId) -> String {
    format!("%v{}", v.0)
}

/// An enclosing op an exit may target.
struct Target {
    token: TokenId,
    kind: TargetKind,
    results: Vec<Type>,
    iters: Vec<Type>,
    fuel_next: Option<ValueId>,
}

/// Which region a block is, and so which terminators it may end with.
#[derive(Clone, Copy)]
enum Role<'a> {
    LoopBody,
    /// Yield types of the branch / scope body / for body.
    Yielding(&'a [Type]),
}

struct Checker<'p> {
    program: &'p Program,
    defined: Vec<bool>,
    visible: Vec<bool>,
    /// Values defined per open region, to hide them again when it closes.
    frames: Vec<Vec<ValueId>>,
    constants: Vec<Option<Constant>>,
    /// For results of `remsi` by a constant: the divisor.
    rem_divisor: Vec<Option<i64>>,
    /// For results of `arith.addi %v, c` with a constant `c`: `(%v, c)`.
    plus_constant: Vec<Option<(ValueId, i64)>>,
    token_defined: Vec<bool>,
    targets: Vec<Target>,
}

impl Checker<'_> {
    fn type_of(&self, v: ValueId) -> Result<Type, CheckError> {
        self.program.type_of(v).ok_or_else(|| error(format!("{} has no declared type", name(v))))
    }

    /// The type of a use of `v`, which must be visible here.
    fn use_value(&self, v: ValueId) -> Result<Type, CheckError> {
        let ty = self.type_of(v)?;
        if self.visible.get(v.0 as usize).copied().unwrap_or(false) {
            Ok(ty)
        } else {
            Err(error(format!("{} is used where it is not visible", name(v))))
        }
    }

    fn use_values(&self, values: &[ValueId]) -> Result<Vec<Type>, CheckError> {
        values.iter().map(|v| self.use_value(*v)).collect()
    }

    fn define(&mut self, v: ValueId) -> Result<Type, CheckError> {
        let ty = self.type_of(v)?;
        let i = v.0 as usize;
        if self.defined[i] {
            return Err(error(format!("{} is defined twice", name(v))));
        }
        self.defined[i] = true;
        self.visible[i] = true;
        if let Some(frame) = self.frames.last_mut() {
            frame.push(v);
        }
        Ok(ty)
    }

    fn define_token(&mut self, t: TokenId) -> Result<(), CheckError> {
        match self.token_defined.get_mut(t.0 as usize) {
            Some(seen) if !*seen => {
                *seen = true;
                Ok(())
            }
            Some(_) => Err(error(format!("token %t{} is defined twice", t.0))),
            None => Err(error(format!("token %t{} is out of range", t.0))),
        }
    }

    fn enter(&mut self) {
        self.frames.push(Vec::new());
    }

    fn leave(&mut self) {
        if let Some(frame) = self.frames.pop() {
            for v in frame {
                self.visible[v.0 as usize] = false;
            }
        }
    }

    /// The constant `v` was defined by, as a signed integer of its type.
    fn int_constant(&self, v: ValueId) -> Option<i64> {
        let ty = self.program.type_of(v)?;
        match self.constants.get(v.0 as usize).copied().flatten()? {
            Constant::Int(bits) => Some(sign_extend(bits, ty.int_width()?)),
            Constant::Float(_) => None,
        }
    }

    /// No UB in tensor accesses: `index` is a visible `index` constant below
    /// the length of `tensor_type`.
    fn in_bounds(&self, index: ValueId, tensor_type: Type) -> Result<(), CheckError> {
        let ty = self.use_value(index)?;
        let len = i64::from(tensor_type.tensor_len().unwrap_or(0));
        match self.int_constant(index) {
            Some(i) if ty == Type::Index && (0..len).contains(&i) => Ok(()),
            _ => Err(error(format!("tensor index {} is not a constant below {len}", name(index)))),
        }
    }

    fn float_constant(&self, v: ValueId) -> Option<f64> {
        match self.constants.get(v.0 as usize).copied().flatten()? {
            Constant::Float(x) => Some(x),
            Constant::Int(_) => None,
        }
    }

    fn ops(&mut self, ops: &[Op], mult: u64) -> Result<u64, CheckError> {
        let mut work = 0u64;
        for op in ops {
            work = work.saturating_add(self.op(op, mult)?);
        }
        Ok(work)
    }

    fn block(&mut self, block: &Block, mult: u64, role: Role<'_>) -> Result<u64, CheckError> {
        let work = self.ops(&block.ops, mult)?;
        self.terminator(&block.terminator, role)?;
        Ok(work.saturating_add(mult))
    }

    fn op(&mut self, op: &Op, mult: u64) -> Result<u64, CheckError> {
        match op {
            Op::Const { result, value } => {
                let ty = self.type_of(*result)?;
                match (*value, ty.int_width()) {
                    (Constant::Int(bits), Some(w)) if bits & !width_mask(w) == 0 => {}
                    (Constant::Float(x), None) if ty.is_float() => check_float_constant(x, ty)?,
                    _ => return Err(error(format!("constant {value:?} does not fit {}", name(*result)))),
                }
                self.define(*result)?;
                self.constants[result.0 as usize] = Some(*value);
            }
            Op::IntBinary { result, op: bin, lhs, rhs } => {
                let (lt, rt, ty) = (self.use_value(*lhs)?, self.use_value(*rhs)?, self.type_of(*result)?);
                if !ty.is_int() || lt != ty || rt != ty {
                    return Err(error(format!("{} operands/result types differ or are not integers", bin.mlir_name())));
                }
                let width = ty.int_width().unwrap_or(64);
                let divisor = self.int_constant(*rhs);
                if bin.needs_constant_rhs() && divisor.is_none() {
                    return Err(error(format!("{} needs a constant right operand", bin.mlir_name())));
                }
                match bin {
                    IntBinOp::RemS | IntBinOp::RemU => {
                        let ok = ty != Type::I1
                            && match (bin, divisor) {
                                (IntBinOp::RemS, Some(d)) => d >= 1,
                                (_, Some(d)) => d != 0,
                                _ => false,
                            };
                        if !ok {
                            return Err(error(format!("{} needs a safe constant divisor", bin.mlir_name())));
                        }
                    }
                    IntBinOp::Shl | IntBinOp::ShrS | IntBinOp::ShrU => {
                        let amount = self.constants.get(rhs.0 as usize).copied().flatten();
                        let ok = !matches!(ty, Type::I1 | Type::Index)
                            && matches!(amount, Some(Constant::Int(a)) if a < u64::from(width));
                        if !ok {
                            return Err(error(format!("{} needs a constant amount below the width", bin.mlir_name())));
                        }
                    }
                    _ => {}
                }
                self.define(*result)?;
                if *bin == IntBinOp::RemS {
                    self.rem_divisor[result.0 as usize] = divisor;
                }
                if let (IntBinOp::Add, Some(c)) = (bin, divisor) {
                    self.plus_constant[result.0 as usize] = Some((*lhs, c));
                }
            }
            Op::FloatBinary { result, op: bin, lhs, rhs } => {
                let (lt, rt, ty) = (self.use_value(*lhs)?, self.use_value(*rhs)?, self.type_of(*result)?);
                if !ty.is_float() || lt != ty || rt != ty {
                    return Err(error(format!("{} operands/result types differ or are not floats", bin.mlir_name())));
                }
                match self.float_constant(*rhs) {
                    Some(c) if c.abs() <= MAX_FLOAT_STEP => {}
                    _ => return Err(error(format!("{} needs a small constant right operand", bin.mlir_name()))),
                }
                self.define(*result)?;
            }
            Op::CmpI { result, lhs, rhs, .. } => {
                let (lt, rt, ty) = (self.use_value(*lhs)?, self.use_value(*rhs)?, self.type_of(*result)?);
                if !lt.is_int() || lt != rt || ty != Type::I1 {
                    return Err(error("arith.cmpi types are wrong".to_string()));
                }
                self.define(*result)?;
            }
            Op::CmpF { result, lhs, rhs, .. } => {
                let (lt, rt, ty) = (self.use_value(*lhs)?, self.use_value(*rhs)?, self.type_of(*result)?);
                if !lt.is_float() || lt != rt || ty != Type::I1 {
                    return Err(error("arith.cmpf types are wrong".to_string()));
                }
                self.define(*result)?;
            }
            Op::Select { result, condition, on_true, on_false } => {
                let ct = self.use_value(*condition)?;
                let (tt, ft, ty) = (self.use_value(*on_true)?, self.use_value(*on_false)?, self.type_of(*result)?);
                if ct != Type::I1 || tt != ty || ft != ty {
                    return Err(error("arith.select types are wrong".to_string()));
                }
                self.define(*result)?;
            }
            Op::Cast { result, op: cast, operand } => {
                let from = self.use_value(*operand)?;
                let to = self.type_of(*result)?;
                self.check_cast(*cast, *operand, from, to)?;
                self.define(*result)?;
            }
            Op::TensorConst { result, elements } => {
                let ty = self.type_of(*result)?;
                let fits = elements.iter().all(|b| b & !width_mask(32) == 0);
                if ty.tensor_len() != Some(elements.len() as u32) || !fits {
                    return Err(error(format!("dense constant does not fit {}", name(*result))));
                }
                self.define(*result)?;
            }
            Op::TensorInsert { result, scalar, tensor, index } => {
                let (st, tt, ty) = (self.use_value(*scalar)?, self.use_value(*tensor)?, self.type_of(*result)?);
                if st != Type::I32 || tt.tensor_len().is_none() || tt != ty {
                    return Err(error("tensor.insert types are wrong".to_string()));
                }
                self.in_bounds(*index, tt)?;
                self.define(*result)?;
            }
            Op::TensorExtract { result, tensor, index } => {
                let (tt, ty) = (self.use_value(*tensor)?, self.type_of(*result)?);
                if ty != Type::I32 || tt.tensor_len().is_none() {
                    return Err(error("tensor.extract types are wrong".to_string()));
                }
                self.in_bounds(*index, tt)?;
                self.define(*result)?;
            }
            Op::Print { value } => {
                if self.use_value(*value)?.tensor_len().is_some() {
                    return Err(error(format!("vector.print of the tensor {}", name(*value))));
                }
            }
            Op::Exit { code } => {
                if self.use_value(*code)? != Type::I32 {
                    return Err(error(format!("exit code {} is not an i32", name(*code))));
                }
            }
            Op::Assert { condition, message } => {
                if self.use_value(*condition)? != Type::I1 {
                    return Err(error(format!("cf.assert condition {} is not an i1", name(*condition))));
                }
                if message.is_empty()
                    || !message.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == ' ')
                {
                    return Err(error(format!(
                        "cf.assert message {message:?} is not lower-case letters, digits and spaces"
                    )));
                }
            }
            Op::If(if_op) => return self.if_op(if_op, mult),
            Op::Loop(loop_op) => return self.loop_op(loop_op, mult),
            Op::Scope(scope) => return self.scope_op(scope, mult),
            Op::For(for_op) => return self.for_op(for_op, mult),
        }
        Ok(mult)
    }

    fn check_cast(&self, cast: CastOp, operand: ValueId, from: Type, to: Type) -> Result<(), CheckError> {
        let plain_int = |t: Type| t.is_int() && t != Type::Index;
        let (fw, tw) = (from.int_width().unwrap_or(0), to.int_width().unwrap_or(0));
        let ok = match cast {
            CastOp::ExtSI | CastOp::ExtUI => plain_int(from) && plain_int(to) && tw > fw,
            CastOp::TruncI => plain_int(from) && plain_int(to) && tw < fw,
            CastOp::IndexCast | CastOp::IndexCastUI => {
                from.is_int() && to.is_int() && ((from == Type::Index) != (to == Type::Index))
            }
            CastOp::SIToFP => {
                plain_int(from)
                    && to.is_float()
                    && matches!(
                        self.rem_divisor.get(operand.0 as usize).copied().flatten(),
                        Some(d) if (1..=MAX_SITOFP_DIVISOR).contains(&d)
                    )
            }
            CastOp::FPToSI => from.is_float() && matches!(to, Type::I32 | Type::I64),
        };
        if ok {
            Ok(())
        } else {
            Err(error(format!(
                "{} from {} to {} is not allowed here",
                cast.mlir_name(),
                from.mlir_name(),
                to.mlir_name()
            )))
        }
    }

    fn define_results(&mut self, results: &[ValueId], expected: &[Type]) -> Result<(), CheckError> {
        if results.len() != expected.len() {
            return Err(error("result count does not match".to_string()));
        }
        for (r, ty) in results.iter().zip(expected) {
            if self.define(*r)? != *ty {
                return Err(error(format!("result {} has the wrong type", name(*r))));
            }
        }
        Ok(())
    }

    fn types_of(&self, values: &[ValueId]) -> Result<Vec<Type>, CheckError> {
        values.iter().map(|v| self.type_of(*v)).collect()
    }

    fn if_op(&mut self, op: &IfOp, mult: u64) -> Result<u64, CheckError> {
        if self.use_value(op.condition)? != Type::I1 {
            return Err(error("loom.if condition is not i1".to_string()));
        }
        let types = self.types_of(&op.results)?;
        self.enter();
        let then_work = self.block(&op.then_block, mult, Role::Yielding(&types));
        self.leave();
        let mut work = mult.saturating_add(then_work?);
        match &op.else_block {
            Some(else_block) => {
                self.enter();
                let else_work = self.block(else_block, mult, Role::Yielding(&types));
                self.leave();
                work = work.saturating_add(else_work?);
            }
            None if !types.is_empty() => return Err(error("loom.if with results needs an else region".to_string())),
            None => {}
        }
        self.define_results(&op.results, &types)?;
        Ok(work)
    }

    /// Checks the fuel guard; returns the iteration bound and `%next`.
    fn fuel_guard(&self, op: &LoopOp) -> Result<(u64, ValueId), CheckError> {
        let bad = |what: &str| error(format!("loom.loop %t{}: {what}", op.token.0));
        let fuel = op.iter_args.first().ok_or_else(|| bad("no fuel iteration argument"))?;
        if self.type_of(fuel.param)? != Type::I32 {
            return Err(bad("fuel is not i32"));
        }
        let initial = self
            .int_constant(fuel.init)
            .filter(|f| (0..=MAX_FUEL).contains(f))
            .ok_or_else(|| bad("fuel is not initialised by a small constant"))?;
        let guard = match op.body.ops.get(0..5) {
            Some(
                [Op::Const { result: zero, value: Constant::Int(0) }, Op::CmpI { result: out, predicate: CmpIPredicate::Sle, lhs, rhs }, Op::If(guard), Op::Const { result: one, value: Constant::Int(1) }, Op::IntBinary { result: next, op: IntBinOp::Sub, lhs: fuel_lhs, rhs: one_rhs }],
            ) if *lhs == fuel.param
                && rhs == zero
                && guard.condition == *out
                && guard.results.is_empty()
                && guard.else_block.is_none()
                && guard.then_block.ops.iter().all(|o| matches!(o, Op::Const { .. } | Op::TensorConst { .. }))
                && matches!(guard.then_block.terminator, Terminator::Break { target, .. } if target == op.token)
                && *fuel_lhs == fuel.param
                && one_rhs == one =>
            {
                *next
            }
            _ => return Err(bad("body does not start with the fuel guard")),
        };
        Ok((initial as u64 + 1, guard))
    }

    fn loop_op(&mut self, op: &LoopOp, mult: u64) -> Result<u64, CheckError> {
        let init_types = self.use_values(&op.iter_args.iter().map(|a| a.init).collect::<Vec<_>>())?;
        let (iterations, fuel_next) = self.fuel_guard(op)?;
        let result_types = self.types_of(&op.results)?;
        self.define_token(op.token)?;
        self.enter();
        let body = self.region_with_args(
            &op.iter_args.iter().map(|a| a.param).collect::<Vec<_>>(),
            &init_types,
            Target {
                token: op.token,
                kind: TargetKind::Loop,
                results: result_types.clone(),
                iters: init_types.clone(),
                fuel_next: Some(fuel_next),
            },
            &op.body,
            mult.saturating_mul(iterations),
            Role::LoopBody,
        );
        self.leave();
        let work = mult.saturating_add(body?);
        self.define_results(&op.results, &result_types)?;
        Ok(work)
    }

    /// Defines `params` (typed like `types`), pushes `target`, checks `body`.
    fn region_with_args(
        &mut self,
        params: &[ValueId],
        types: &[Type],
        target: Target,
        body: &Block,
        mult: u64,
        role: Role<'_>,
    ) -> Result<u64, CheckError> {
        for (p, ty) in params.iter().zip(types) {
            if self.define(*p)? != *ty {
                return Err(error(format!("iteration argument {} has the wrong type", name(*p))));
            }
        }
        self.targets.push(target);
        let work = self.block(body, mult, role);
        self.targets.pop();
        work
    }

    fn scope_op(&mut self, op: &ScopeOp, mult: u64) -> Result<u64, CheckError> {
        let types = self.types_of(&op.results)?;
        self.define_token(op.token)?;
        self.enter();
        let body = self.region_with_args(
            &[],
            &[],
            Target {
                token: op.token,
                kind: TargetKind::Scope,
                results: types.clone(),
                iters: Vec::new(),
                fuel_next: None,
            },
            &op.body,
            mult,
            Role::Yielding(&types),
        );
        self.leave();
        let work = mult.saturating_add(body?);
        self.define_results(&op.results, &types)?;
        Ok(work)
    }

    fn for_op(&mut self, op: &ForOp, mult: u64) -> Result<u64, CheckError> {
        let iv_type = self.type_of(op.induction)?;
        let bound_types = self.use_values(&[op.lower, op.upper, op.step])?;
        if !matches!(iv_type, Type::Index | Type::I32 | Type::I64) || bound_types.iter().any(|t| *t != iv_type) {
            return Err(error("loom.for bounds and induction variable types differ".to_string()));
        }
        let trips = self.for_trip_bound(op)?;
        let init_types = self.use_values(&op.iter_args.iter().map(|a| a.init).collect::<Vec<_>>())?;
        self.define_token(op.token)?;
        self.enter();
        let mut params = vec![op.induction];
        params.extend(op.iter_args.iter().map(|a| a.param));
        let mut types = vec![iv_type];
        types.extend(init_types.iter().copied());
        let body = self.region_with_args(
            &params,
            &types,
            Target {
                token: op.token,
                kind: TargetKind::For,
                results: init_types.clone(),
                iters: init_types.clone(),
                fuel_next: None,
            },
            &op.body,
            mult.saturating_mul(trips),
            Role::Yielding(&init_types),
        );
        self.leave();
        let work = mult.saturating_add(body?);
        self.define_results(&op.results, &init_types)?;
        Ok(work)
    }

    /// A bound on the trips of `op` per entry (see "Counted loops" in the
    /// module documentation for the three accepted forms).
    fn for_trip_bound(&self, op: &ForOp) -> Result<u64, CheckError> {
        let step = match self.int_constant(op.step) {
            Some(s) if s > 0 && s <= MAX_FOR_BOUND => s,
            _ => return Err(error("loom.for step is not a constant in the safe range".to_string())),
        };
        match (self.int_constant(op.lower), self.int_constant(op.upper)) {
            (Some(lower), Some(upper)) => {
                let (lower, upper) = (i128::from(lower), i128::from(upper));
                let trips = if upper > lower { (upper - lower + i128::from(step) - 1) / i128::from(step) } else { 0 };
                let small = lower.abs() <= i128::from(MAX_FOR_BOUND) && upper.abs() <= i128::from(MAX_FOR_BOUND);
                if !small && trips > i128::from(MAX_FOR_BOUND) {
                    return Err(error("loom.for bounds out of the safe range".to_string()));
                }
                Ok(trips as u64)
            }
            _ => match self.plus_constant.get(op.upper.0 as usize).copied().flatten() {
                Some((base, c)) if base == op.lower && step == 1 && (1..=MAX_FOR_BOUND).contains(&c) => Ok(c as u64),
                _ => Err(error("loom.for bounds are neither constants nor `%v` to `%v + c` by 1".to_string())),
            },
        }
    }

    fn terminator(&self, term: &Terminator, role: Role<'_>) -> Result<(), CheckError> {
        match term {
            Terminator::Yield(values) => {
                let expected = match role {
                    Role::LoopBody => return Err(error("loom.yield cannot end a loom.loop body".to_string())),
                    Role::Yielding(types) => types,
                };
                if self.use_values(values)? != expected {
                    return Err(error("loom.yield operands do not match".to_string()));
                }
            }
            Terminator::Break { target, values } => {
                let t = self.target(*target)?;
                let expected = match t.kind {
                    TargetKind::Loop | TargetKind::Scope => &t.results,
                    TargetKind::For => &t.iters,
                };
                if &self.use_values(values)? != expected {
                    return Err(error(format!("loom.break %t{} operands do not match", target.0)));
                }
            }
            Terminator::Continue { target, values } => {
                let t = self.target(*target)?;
                if t.kind == TargetKind::Scope {
                    return Err(error(format!("loom.continue cannot target loom.scope %t{}", target.0)));
                }
                if self.use_values(values)? != t.iters {
                    return Err(error(format!("loom.continue %t{} operands do not match", target.0)));
                }
                if let Some(next) = t.fuel_next {
                    if values.first() != Some(&next) {
                        return Err(error(format!("loom.continue %t{} does not pass the decremented fuel", target.0)));
                    }
                }
            }
        }
        Ok(())
    }

    fn target(&self, token: TokenId) -> Result<&Target, CheckError> {
        self.targets
            .iter()
            .rev()
            .find(|t| t.token == token)
            .ok_or_else(|| error(format!("exit to %t{} which is not an enclosing target", token.0)))
    }
}

fn check_float_constant(x: f64, ty: Type) -> Result<(), CheckError> {
    let exact_in_type = match ty {
        Type::F32 => f64::from(x as f32) == x,
        _ => true,
    };
    if x.is_finite() && (x * 2.0).fract() == 0.0 && x.abs() <= MAX_FLOAT_CONSTANT && exact_in_type {
        Ok(())
    } else {
        Err(error(format!("float constant {x} is outside the exactly printable domain")))
    }
}

#[cfg(test)]
#[path = "check_tests.rs"]
mod tests;
