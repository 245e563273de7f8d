//! Seeded generator of random, well-formed, terminating loom programs.
//!
//! `generate(seed, config)` is a pure function: the only source of choices is
//! a SplitMix64 stream seeded from `seed`, and no hash map or address is ever
//! consulted, so a seed names one program forever.
//!
//! # How well-formedness is obtained by construction
//! * **Scopes.** The generator keeps a stack of *frames* (values visible in
//!   each open region) and only ever reads a value from the frames, or makes a
//!   fresh `arith.constant` right where it is needed. Closing a region pops
//!   its frame, so nothing defined inside escapes; op results are added to the
//!   enclosing frame after the op.
//! * **Exits.** A stack of *targets* (enclosing `loom.loop` / `loom.scope` /
//!   `loom.for`) provides every exit: the target is drawn uniformly from the
//!   whole stack, not just the innermost, `continue` is only drawn for loops,
//!   and operand types come from the target (results for break, iteration
//!   arguments for continue and for-breaks). Exits are only ever region
//!   terminators, so nothing follows them in their block.
//! * **Termination.** Every `loom.loop` gets the fuel argument and guard that
//!   `check` documents; a continue to a `loom.loop` always passes that loop's
//!   decremented fuel. `loom.for` bounds are small constants (zero-trip,
//!   one-trip, negative bounds and steps up to 3 included).
//! * **Bounded work.** The generator tracks `multiplier` (the product of the
//!   maximal iteration counts of the enclosing loops) and charges every op it
//!   emits that much work; loops and new statements are only started while
//!   the charge stays within half of `Config::max_work`, and the product of
//!   iteration counts within `Config::max_iteration_product`. The exact static
//!   bound is then computed by `check`; a program over `max_work` (rare) is
//!   replaced by the next attempt from a derived seed.
//! * **No UB, exact floats**: only the op shapes `check` allows are built
//!   (constant divisors and shift amounts, floats as multiples of 0.5 changed
//!   by small constants, `sitofp` of a small `remsi`).
//!
//! Conditions are derived from loop state (fuel, induction variables,
//! iteration arguments and values computed from them) so that exits fire at
//! varying iterations.
//!
//! # Tensor mode (`Config::tensors`)
//! The same generator, not a sibling: tensors are one more value type
//! (`tensor<Nxi32>`, N in 1..=4) that `random_type` draws (one draw in
//! three), so they flow through every path scalars take — iteration
//! arguments of `loom.loop` / `loom.for`, results of `loom.if` /
//! `loom.scope`, operands of breaks and continues to any enclosing target
//! (multi-level exits), `arith.select` — with no second copy of the
//! control-flow generator to keep in step. On top of that, one arithmetic
//! statement in three is a tensor access: `tensor.extract` from, or
//! `tensor.insert` into, any visible tensor (often one captured from above
//! the loop, still live after it: bufferization must copy it); evolving a
//! loop-carried tensor is a `tensor.insert` of loop state. Constants are
//! `arith.constant dense<[...]>`; a tensor result is printed by extracting
//! every element. No UB: indices are `index` constants below the static
//! length (`check` enforces it). With `tensors` off no draw changes, so a
//! seed names the same scalar program as before tensor mode existed.
//! Not generated: dynamic shapes (`tensor<?xi32>`), `tensor.empty` + fill,
//! `tensor.from_elements`, non-constant indices.

use super::check::{check, MAX_FUEL};
use super::program::{
    wrap_to_width, Block, CastOp, CmpFPredicate, CmpIPredicate, Constant, FloatBinOp, ForOp, IfOp, IntBinOp, IterArg,
    LoopOp, Op, Program, ProgramBuilder, ScopeOp, TargetKind, Terminator, TokenId, Type, ValueId,
};
use crate::rng::Rng;

/// How floats reach `vector.print`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatPrinting {
    /// `vector.print %f : f32` (relies on the `%g` formatting of the runtime).
    Direct,
    /// `arith.fptosi %f : f32 to i64` first (immune to float formatting).
    ViaFpToSi,
}

/// Shape and size limits of generated programs.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Maximal nesting of regions.
    pub max_depth: u32,
    /// Maximal number of statements generated in one region.
    pub max_block_statements: u32,
    /// Maximal number of statements at the top of `@main`.
    pub max_top_level_statements: u32,
    /// Soft cap on the number of ops.
    pub max_ops: u32,
    /// Cap on the product of the iteration bounds of nested loops.
    pub max_iteration_product: u64,
    /// Hard cap on the static work bound (`check`'s `StaticCost::work`).
    /// `check` itself rejects work above 49_967 (floats must stay below
    /// 1e5 to print exactly), so larger values only produce fallbacks.
    pub max_work: u64,
    /// Maximal initial fuel of a `loom.loop` (clamped to `check::MAX_FUEL`).
    pub max_fuel: u32,
    /// Maximal trip count of a `loom.for`.
    pub max_trip_count: u32,
    /// Maximal iteration arguments of a loop besides the fuel.
    pub max_iter_args: u32,
    /// Maximal results of a `loom.if` / `loom.loop` / `loom.scope`.
    pub max_results: u32,
    /// Also print values inside regions (traces the execution order).
    pub trace_prints: bool,
    /// How floats are printed.
    pub float_printing: FloatPrinting,
    /// Allow `loom.for` without `iter_args` (scf.for-like syntax).
    pub for_without_iter_args: bool,
    /// Tensor mode: `tensor<Nxi32>` values (see the module header). Off by
    /// default, so that a seed names the same scalar program as before.
    pub tensors: bool,
    /// Append, to one program in three, a counted loop near its counter
    /// type's maximum left by a break before an increment that would
    /// overflow (`near_max`; not with `max_depth` 0). From a random stream
    /// of its own: the ops before it are what the seed makes with it off.
    pub near_max_loops: bool,
    /// Append, to one program in six, a loop whose body may end the program
    /// (`exit`, failing `cf.assert`; `early_end`, own random stream too).
    pub early_end_shapes: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            max_depth: 4,
            max_block_statements: 4,
            max_top_level_statements: 4,
            max_ops: 160,
            max_iteration_product: 1000,
            max_work: 20_000,
            max_fuel: 6,
            max_trip_count: 5,
            max_iter_args: 3,
            max_results: 3,
            trace_prints: true,
            float_printing: FloatPrinting::Direct,
            for_without_iter_args: true,
            tensors: false,
            near_max_loops: true,
            early_end_shapes: true,
        }
    }
}

/// Longest `tensor<Nxi32>` in tensor mode.
const MAX_TENSOR_LEN: u64 = 4;
/// Attempts (from derived seeds) before falling back to a loop-free program.
const MAX_ATTEMPTS: u64 = 16;
/// Work reserved per unit of multiplier when opening a region: the mandatory
/// ops of a region (fuel guard, exit operands, terminator) fit in it.
const RESERVE: u64 = 24;

/// A random, well-formed, terminating program; a pure function of its inputs.
pub fn generate(seed: u64, config: &Config) -> Program {
    generate_with_attempts(seed, config).0
}

/// The program and the number of attempts it took (`MAX_ATTEMPTS + 1` for
/// the loop-free fallback).
fn generate_with_attempts(seed: u64, config: &Config) -> (Program, u64) {
    for attempt in 0..MAX_ATTEMPTS {
        let stream = seed ^ attempt.wrapping_mul(0xD1B5_4A32_D192_ED03);
        let program = Gen::new(config, stream).program(seed);
        if check(&program).is_ok_and(|cost| cost.work <= config.max_work) {
            return (program, attempt + 1);
        }
    }
    let flat = Config { max_depth: 0, ..config.clone() };
    (Gen::new(&flat, seed).program(seed), MAX_ATTEMPTS + 1)
}

/// An enclosing op that exits may target.
#[derive(Clone)]
struct Target {
    token: TokenId,
    kind: TargetKind,
    results: Vec<Type>,
    iters: Vec<Type>,
    /// `%next` of a `loom.loop` (set once its guard is built).
    fuel_next: Option<ValueId>,
    /// A value counting the iterations and the range it runs through: the
    /// fuel `%next` of a `loom.loop` (down), the induction variable of a
    /// `loom.for` (up).
    counter: Option<Counter>,
}

/// A monotonic per-iteration value: `first`, `first + delta`, ... `last`.
#[derive(Clone, Copy)]
struct Counter {
    value: ValueId,
    first: i64,
    last: i64,
}

struct Gen<'c> {
    cfg: &'c Config,
    rng: Rng,
    builder: ProgramBuilder,
    /// Values visible in each open region, innermost last.
    frames: Vec<Vec<ValueId>>,
    /// Per value id: defined by `arith.constant`.
    is_const: Vec<bool>,
    targets: Vec<Target>,
    /// Product of the iteration bounds of the enclosing loops.
    mult: u64,
    /// Work charged so far (an estimate of `check`'s bound).
    work: u64,
    op_count: u32,
}

impl<'c> Gen<'c> {
    fn new(cfg: &'c Config, stream: u64) -> Gen<'c> {
        Gen {
            cfg,
            rng: Rng::new(stream),
            builder: ProgramBuilder::new(),
            frames: Vec::new(),
            is_const: Vec::new(),
            targets: Vec::new(),
            mult: 1,
            work: 0,
            op_count: 0,
        }
    }

    // ----- bookkeeping ---------------------------------------------------

    fn soft_budget(&self) -> u64 {
        self.cfg.max_work / 2
    }

    /// Whether a region running `inner_mult` times may still be opened.
    fn room_for(&self, inner_mult: u64) -> bool {
        self.work.saturating_add(inner_mult.saturating_mul(RESERVE)) <= self.soft_budget()
            && self.op_count < self.cfg.max_ops
    }

    /// How many iterations a new loop at the current multiplier may have.
    fn iteration_room(&self, cap: u64) -> u64 {
        let by_work = self.soft_budget().saturating_sub(self.work) / self.mult.saturating_mul(RESERVE).max(1);
        cap.min(self.cfg.max_iteration_product / self.mult.max(1)).min(by_work)
    }

    fn ty(&self, v: ValueId) -> Type {
        self.builder.type_of(v).unwrap_or(Type::I32)
    }

    fn fresh(&mut self, ty: Type) -> ValueId {
        self.is_const.push(false);
        self.builder.value(ty)
    }

    fn define(&mut self, v: ValueId) {
        if let Some(frame) = self.frames.last_mut() {
            frame.push(v);
        }
    }

    fn emit(&mut self, ops: &mut Vec<Op>, op: Op) {
        self.work = self.work.saturating_add(self.mult);
        self.op_count += 1;
        ops.push(op);
    }

    /// Emits an op defining the fresh value `result` and makes it visible.
    fn emit_def(&mut self, ops: &mut Vec<Op>, result: ValueId, op: Op) -> ValueId {
        self.emit(ops, op);
        self.define(result);
        result
    }

    fn weighted<T: Copy>(&mut self, items: &[(T, u64)]) -> T {
        let total: u64 = items.iter().map(|(_, w)| w).sum();
        let mut roll = self.rng.below(total);
        for (item, weight) in items {
            if roll < *weight {
                return *item;
            }
            roll -= weight;
        }
        items[0].0
    }

    fn random_type(&mut self) -> Type {
        if self.cfg.tensors && self.rng.chance(1, 3) {
            return Type::TensorI32(self.rng.range_u64(1, MAX_TENSOR_LEN) as u32);
        }
        self.weighted(&[
            (Type::I1, 2),
            (Type::I8, 1),
            (Type::I32, 4),
            (Type::I64, 2),
            (Type::Index, 2),
            (Type::F32, 2),
            (Type::F64, 1),
        ])
    }

    fn random_int_type(&mut self) -> Type {
        self.weighted(&[(Type::I1, 1), (Type::I8, 1), (Type::I32, 4), (Type::I64, 2), (Type::Index, 2)])
    }

    /// `0..=max` types; empty with probability `empty_percent`.
    fn random_types(&mut self, max: u32, empty_percent: u64) -> Vec<Type> {
        if max == 0 || self.rng.below(100) < empty_percent {
            return Vec::new();
        }
        let n = self.rng.range_u64(1, u64::from(max));
        (0..n).map(|_| self.random_type()).collect()
    }

    // ----- values ----------------------------------------------------------

    fn constant(&mut self, ops: &mut Vec<Op>, ty: Type, value: Constant) -> ValueId {
        let result = self.fresh(ty);
        self.is_const[result.0 as usize] = true;
        self.emit_def(ops, result, Op::Const { result, value })
    }

    fn int_const(&mut self, ops: &mut Vec<Op>, ty: Type, x: i64) -> ValueId {
        let bits = wrap_to_width(x, ty.int_width().unwrap_or(64));
        self.constant(ops, ty, Constant::Int(bits))
    }

    fn float_const(&mut self, ops: &mut Vec<Op>, ty: Type, x: f64) -> ValueId {
        self.constant(ops, ty, Constant::Float(x))
    }

    fn random_int_value(&mut self, ty: Type) -> i64 {
        let width = ty.int_width().unwrap_or(32);
        if width == 1 {
            return self.rng.range_i64(0, 1);
        }
        let max = if width >= 64 { i64::MAX } else { (1i64 << (width - 1)) - 1 };
        match self.rng.below(12) {
            0..=5 => self.rng.range_i64(-4, 9),
            6 | 7 => self.rng.range_i64(-100, 100),
            8 => *self.rng.choose(&[max, -max - 1, -1, max - 1, -max]).unwrap_or(&0),
            9 => self.rng.range_i64(10, 60),
            _ => self.rng.range_i64(-20, 20),
        }
    }

    fn random_constant(&mut self, ops: &mut Vec<Op>, ty: Type) -> ValueId {
        if let Some(n) = ty.tensor_len() {
            let elements = (0..n).map(|_| wrap_to_width(self.random_int_value(Type::I32), 32)).collect();
            let result = self.fresh(ty);
            self.is_const[result.0 as usize] = true;
            return self.emit_def(ops, result, Op::TensorConst { result, elements });
        }
        if ty.is_float() {
            let x = self.rng.range_i64(-16, 16) as f64 / 2.0;
            self.float_const(ops, ty, x)
        } else {
            let x = self.random_int_value(ty);
            self.int_const(ops, ty, x)
        }
    }

    fn visible(&self, ty: Type) -> Vec<ValueId> {
        self.frames.iter().flatten().copied().filter(|v| self.ty(*v) == ty).collect()
    }

    /// Non-constant values of the innermost regions (loop state and values
    /// computed from it) accepted by `keep`.
    fn state_values(&self, keep: impl Fn(Type) -> bool) -> Vec<ValueId> {
        self.frames
            .iter()
            .rev()
            .take(3)
            .flatten()
            .copied()
            .filter(|v| !self.is_const[v.0 as usize] && keep(self.ty(*v)))
            .collect()
    }

    /// A visible value of type `ty` (recent ones preferred), or a new constant.
    fn pick(&mut self, ops: &mut Vec<Op>, ty: Type) -> ValueId {
        let candidates = self.visible(ty);
        if candidates.is_empty() || self.rng.chance(1, 8) {
            return self.random_constant(ops, ty);
        }
        if self.rng.chance(1, 2) {
            let recent = candidates.len().min(4) as u64;
            candidates[candidates.len() - 1 - self.rng.below(recent) as usize]
        } else {
            candidates[self.rng.below(candidates.len() as u64) as usize]
        }
    }

    /// Like `pick`, but prefers loop state of type `ty`.
    fn pick_state(&mut self, ops: &mut Vec<Op>, ty: Type) -> ValueId {
        let state = self.state_values(|t| t == ty);
        match self.rng.choose(&state) {
            Some(v) if self.rng.chance(2, 3) => *v,
            _ => self.pick(ops, ty),
        }
    }

    // ----- arithmetic ----------------------------------------------------

    fn gen_arith(&mut self, ops: &mut Vec<Op>) {
        if self.cfg.tensors && self.rng.chance(1, 3) {
            return self.gen_tensor_access(ops);
        }
        match self.rng.below(12) {
            0..=4 => {
                self.gen_int_binary(ops);
            }
            5 => {
                self.gen_condition(ops);
            }
            6 => self.gen_select(ops),
            7 => self.gen_cast(ops),
            8 | 9 => {
                let ty = if self.rng.chance(1, 2) { Type::F32 } else { Type::F64 };
                let lhs = self.pick_state(ops, ty);
                self.float_step(ops, lhs);
            }
            10 => {
                self.gen_cmpf(ops);
            }
            _ => self.gen_int_to_float(ops),
        }
    }

    fn int_ops_for(ty: Type) -> &'static [IntBinOp] {
        use IntBinOp::*;
        match ty {
            Type::I1 => &[Add, Sub, Mul, And, Or, Xor, MaxS, MinS, MaxU, MinU],
            Type::Index => &[Add, Sub, Mul, And, Or, Xor, RemS, RemU, MaxS, MinS, MaxU, MinU],
            _ => &[Add, Sub, Mul, And, Or, Xor, RemS, RemU, Shl, ShrS, ShrU, MaxS, MinS, MaxU, MinU, Add, Sub],
        }
    }

    /// An integer binary op whose type follows the loop state when possible.
    fn gen_int_binary(&mut self, ops: &mut Vec<Op>) -> ValueId {
        let state = self.state_values(|t| t.is_int());
        let ty = match self.rng.choose(&state) {
            Some(v) if self.rng.chance(2, 3) => self.ty(*v),
            _ => self.random_int_type(),
        };
        let op = *self.rng.choose(Self::int_ops_for(ty)).unwrap_or(&IntBinOp::Add);
        let lhs = self.pick_state(ops, ty);
        self.int_binary_with(ops, op, lhs)
    }

    fn int_binary_with(&mut self, ops: &mut Vec<Op>, op: IntBinOp, lhs: ValueId) -> ValueId {
        let ty = self.ty(lhs);
        let width = ty.int_width().unwrap_or(64);
        let rhs = match op {
            IntBinOp::RemS | IntBinOp::RemU => {
                let d = self.rng.range_i64(1, 16);
                self.int_const(ops, ty, d)
            }
            IntBinOp::Shl | IntBinOp::ShrS | IntBinOp::ShrU => {
                let amount = self.rng.below(u64::from(width)) as i64;
                self.int_const(ops, ty, amount)
            }
            IntBinOp::Mul if self.rng.chance(3, 4) => {
                let k = self.rng.range_i64(-5, 5);
                self.int_const(ops, ty, k)
            }
            _ if self.rng.chance(1, 3) => {
                let k = self.rng.range_i64(-6, 6);
                self.int_const(ops, ty, k)
            }
            _ => self.pick(ops, ty),
        };
        let result = self.fresh(ty);
        self.emit_def(ops, result, Op::IntBinary { result, op, lhs, rhs })
    }

    /// `lhs +/- c` with a small constant `c` (keeps floats exact).
    fn float_step(&mut self, ops: &mut Vec<Op>, lhs: ValueId) -> ValueId {
        let ty = self.ty(lhs);
        let c = *self.rng.choose(&[0.5, 1.0, 1.5, 2.0, -0.5, -1.0, -2.0]).unwrap_or(&1.0);
        let rhs = self.float_const(ops, ty, c);
        let op = if self.rng.chance(1, 2) { FloatBinOp::Add } else { FloatBinOp::Sub };
        let result = self.fresh(ty);
        self.emit_def(ops, result, Op::FloatBinary { result, op, lhs, rhs })
    }

    fn gen_select(&mut self, ops: &mut Vec<Op>) {
        let ty = self.random_type();
        let condition = if self.rng.chance(1, 2) { self.gen_condition(ops) } else { self.pick(ops, Type::I1) };
        let on_true = self.pick_state(ops, ty);
        let on_false = self.pick(ops, ty);
        let result = self.fresh(ty);
        self.emit_def(ops, result, Op::Select { result, condition, on_true, on_false });
    }

    fn gen_cast(&mut self, ops: &mut Vec<Op>) {
        use Type::*;
        let (op, from, to) = match self.rng.below(5) {
            0 => {
                let (from, to) = *self
                    .rng
                    .choose(&[(I1, I8), (I1, I32), (I8, I32), (I8, I64), (I32, I64), (I1, I64)])
                    .unwrap_or(&(I32, I64));
                (if self.rng.chance(1, 2) { CastOp::ExtSI } else { CastOp::ExtUI }, from, to)
            }
            1 => {
                let (from, to) = *self
                    .rng
                    .choose(&[(I64, I32), (I64, I8), (I32, I8), (I32, I1), (I8, I1), (I64, I1)])
                    .unwrap_or(&(I64, I32));
                (CastOp::TruncI, from, to)
            }
            2 | 3 => {
                let int = *self.rng.choose(&[I8, I32, I64]).unwrap_or(&I32);
                let op = if self.rng.chance(1, 2) { CastOp::IndexCast } else { CastOp::IndexCastUI };
                if self.rng.chance(1, 2) {
                    (op, int, Index)
                } else {
                    (op, Index, int)
                }
            }
            _ => {
                let from = if self.rng.chance(1, 2) { F32 } else { F64 };
                let to = if self.rng.chance(1, 2) { I32 } else { I64 };
                (CastOp::FPToSI, from, to)
            }
        };
        let operand = self.pick_state(ops, from);
        let result = self.fresh(to);
        self.emit_def(ops, result, Op::Cast { result, op, operand });
    }

    fn gen_cmpf(&mut self, ops: &mut Vec<Op>) -> ValueId {
        let ty = if self.rng.chance(1, 2) { Type::F32 } else { Type::F64 };
        let lhs = self.pick_state(ops, ty);
        let rhs = self.pick(ops, ty);
        let predicate = *self.rng.choose(&CmpFPredicate::ALL).unwrap_or(&CmpFPredicate::Olt);
        let result = self.fresh(Type::I1);
        self.emit_def(ops, result, Op::CmpF { result, predicate, lhs, rhs })
    }

    /// `sitofp(remsi(x, d))`: an exactly representable float from loop state.
    fn gen_int_to_float(&mut self, ops: &mut Vec<Op>) {
        let from = *self.rng.choose(&[Type::I8, Type::I32, Type::I64]).unwrap_or(&Type::I32);
        let to = if self.rng.chance(1, 2) { Type::F32 } else { Type::F64 };
        let x = self.pick_state(ops, from);
        let d = self.rng.range_i64(2, 16);
        let divisor = self.int_const(ops, from, d);
        let rem = self.fresh(from);
        self.emit_def(ops, rem, Op::IntBinary { result: rem, op: IntBinOp::RemS, lhs: x, rhs: divisor });
        let result = self.fresh(to);
        self.emit_def(ops, result, Op::Cast { result, op: CastOp::SIToFP, operand: rem });
    }

    /// An `i1` derived from loop state where possible.
    fn gen_condition(&mut self, ops: &mut Vec<Op>) -> ValueId {
        if self.rng.chance(1, 8) {
            let a = self.gen_atomic_condition(ops);
            let b = self.gen_atomic_condition(ops);
            let op = *self.rng.choose(&[IntBinOp::And, IntBinOp::Or, IntBinOp::Xor]).unwrap_or(&IntBinOp::And);
            let result = self.fresh(Type::I1);
            return self.emit_def(ops, result, Op::IntBinary { result, op, lhs: a, rhs: b });
        }
        self.gen_atomic_condition(ops)
    }

    fn gen_atomic_condition(&mut self, ops: &mut Vec<Op>) -> ValueId {
        use CmpIPredicate::*;
        let state = self.state_values(|t| t.is_int() && t != Type::I1);
        let roll = self.rng.below(20);
        let (predicate, lhs, rhs) = match self.rng.choose(&state).copied() {
            // A threshold or an equality on loop state: true at some iterations only.
            Some(x) if roll < 10 => {
                let k = self.rng.range_i64(-2, 6);
                let c = self.int_const(ops, self.ty(x), k);
                let p = *self.rng.choose(&[Eq, Eq, Ne, Slt, Sle, Sgt, Sge, Sgt, Slt, Ult, Ugt]).unwrap_or(&Eq);
                (p, x, c)
            }
            // Periodic: `x mod k == r`.
            Some(x) if roll < 15 => {
                let ty = self.ty(x);
                let k = self.rng.range_i64(2, 5);
                let divisor = self.int_const(ops, ty, k);
                let rem = self.fresh(ty);
                self.emit_def(ops, rem, Op::IntBinary { result: rem, op: IntBinOp::RemU, lhs: x, rhs: divisor });
                let r = self.rng.range_i64(0, k - 1);
                let c = self.int_const(ops, ty, r);
                let p = if self.rng.chance(3, 4) { Eq } else { Ne };
                (p, rem, c)
            }
            // Two pieces of state against each other.
            Some(x) if roll < 17 => {
                let y = self.pick_state(ops, self.ty(x));
                (*self.rng.choose(&CmpIPredicate::ALL).unwrap_or(&Slt), x, y)
            }
            _ if roll < 18 => return self.pick_state(ops, Type::I1),
            _ => {
                let ty = self.random_int_type();
                let x = self.pick(ops, ty);
                let y = self.pick(ops, ty);
                (*self.rng.choose(&CmpIPredicate::ALL).unwrap_or(&Eq), x, y)
            }
        };
        let result = self.fresh(Type::I1);
        self.emit_def(ops, result, Op::CmpI { result, predicate, lhs, rhs })
    }

    /// A new value for loop-carried `v`: usually `v` changed a little.
    fn evolve(&mut self, ops: &mut Vec<Op>, v: ValueId) -> ValueId {
        let ty = self.ty(v);
        if self.rng.chance(1, 6) {
            return self.pick(ops, ty);
        }
        if ty.is_float() {
            return self.float_step(ops, v);
        }
        if ty.tensor_len().is_some() {
            return self.tensor_insert(ops, v);
        }
        if ty == Type::I1 {
            let c = self.gen_condition(ops);
            let result = self.fresh(Type::I1);
            return self.emit_def(ops, result, Op::IntBinary { result, op: IntBinOp::Xor, lhs: v, rhs: c });
        }
        let op = *self
            .rng
            .choose(&[IntBinOp::Add, IntBinOp::Add, IntBinOp::Sub, IntBinOp::Mul, IntBinOp::Xor])
            .unwrap_or(&IntBinOp::Add);
        self.int_binary_with(ops, op, v)
    }

    // ----- tensors -----------------------------------------------------------

    /// A constant `index` in bounds of tensor `t`.
    fn tensor_index(&mut self, ops: &mut Vec<Op>, t: ValueId) -> ValueId {
        let len = self.ty(t).tensor_len().unwrap_or(1);
        let i = self.rng.below(u64::from(len)) as i64;
        self.int_const(ops, Type::Index, i)
    }

    /// `tensor.insert` of an `i32` (loop state preferred) into `t`.
    fn tensor_insert(&mut self, ops: &mut Vec<Op>, t: ValueId) -> ValueId {
        let scalar = self.pick_state(ops, Type::I32);
        let index = self.tensor_index(ops, t);
        let result = self.fresh(self.ty(t));
        self.emit_def(ops, result, Op::TensorInsert { result, scalar, tensor: t, index })
    }

    /// `tensor.extract` from `t`.
    fn tensor_extract(&mut self, ops: &mut Vec<Op>, t: ValueId) -> ValueId {
        let index = self.tensor_index(ops, t);
        let result = self.fresh(Type::I32);
        self.emit_def(ops, result, Op::TensorExtract { result, tensor: t, index })
    }

    /// A tensor statement: read a visible tensor into the scalar state, or
    /// write one — any visible tensor, so often one captured from above a
    /// loop, which is still live afterwards (bufferization must copy it).
    fn gen_tensor_access(&mut self, ops: &mut Vec<Op>) {
        let tensors: Vec<ValueId> =
            self.frames.iter().flatten().copied().filter(|v| self.ty(*v).tensor_len().is_some()).collect();
        let Some(t) = self.rng.choose(&tensors).copied() else {
            return;
        };
        if self.rng.chance(1, 2) {
            self.tensor_extract(ops, t);
        } else {
            self.tensor_insert(ops, t);
        }
    }

    fn print_value(&mut self, ops: &mut Vec<Op>, value: ValueId) {
        if let Some(len) = self.ty(value).tensor_len() {
            for i in 0..len {
                let index = self.int_const(ops, Type::Index, i64::from(i));
                let result = self.fresh(Type::I32);
                self.emit_def(ops, result, Op::TensorExtract { result, tensor: value, index });
                self.emit(ops, Op::Print { value: result });
            }
            return;
        }
        let value = if self.ty(value).is_float() && self.cfg.float_printing == FloatPrinting::ViaFpToSi {
            let result = self.fresh(Type::I64);
            self.emit_def(ops, result, Op::Cast { result, op: CastOp::FPToSI, operand: value })
        } else {
            value
        };
        self.emit(ops, Op::Print { value });
    }

    fn gen_trace_print(&mut self, ops: &mut Vec<Op>) {
        let state = self.state_values(|_| true);
        if let Some(v) = self.rng.choose(&state).copied() {
            self.print_value(ops, v);
        }
    }

    // ----- exits and terminators -------------------------------------------

    /// Operands for an exit to `self.targets[index]`.
    fn exit_values(&mut self, ops: &mut Vec<Op>, index: usize, is_continue: bool) -> Vec<ValueId> {
        let target = self.targets[index].clone();
        let types = if is_continue || target.kind == TargetKind::For { target.iters } else { target.results };
        let mut values = Vec::with_capacity(types.len());
        for (i, ty) in types.iter().enumerate() {
            match target.fuel_next {
                Some(next) if is_continue && i == 0 => values.push(next),
                _ => {
                    let v = self.pick(ops, *ty);
                    values.push(v);
                }
            }
        }
        values
    }

    fn exit_to(&mut self, ops: &mut Vec<Op>, index: usize, is_continue: bool) -> Terminator {
        let values = self.exit_values(ops, index, is_continue);
        let target = self.targets[index].token;
        if is_continue {
            Terminator::Continue { target, values }
        } else {
            Terminator::Break { target, values }
        }
    }

    /// An exit to a uniformly chosen enclosing target (callers ensure one exists).
    fn random_exit(&mut self, ops: &mut Vec<Op>) -> Terminator {
        let index = self.rng.below(self.targets.len() as u64) as usize;
        let can_continue = self.targets.get(index).is_some_and(|t| t.kind != TargetKind::Scope);
        let is_continue = can_continue && self.rng.chance(1, 2);
        self.exit_to(ops, index, is_continue)
    }

    /// Terminator of a `loom.if` branch (`own == None`) or `loom.scope` body.
    fn yielding_terminator(&mut self, ops: &mut Vec<Op>, types: &[Type], own: Option<usize>) -> Terminator {
        let roll = self.rng.below(100);
        if self.targets.is_empty() || roll < 86 {
            let values = types.iter().map(|ty| self.pick(ops, *ty)).collect();
            return Terminator::Yield(values);
        }
        match own {
            Some(index) if roll < 94 => self.exit_to(ops, index, false),
            _ => self.random_exit(ops),
        }
    }

    /// Terminator of a `loom.loop` body (`own` is its target index).
    fn loop_terminator(&mut self, ops: &mut Vec<Op>, own: usize, extra_params: &[ValueId]) -> Terminator {
        let roll = self.rng.below(100);
        if roll < 84 {
            let mut values = Vec::new();
            if let Some(next) = self.targets[own].fuel_next {
                values.push(next);
            }
            for p in extra_params {
                let v = self.evolve(ops, *p);
                values.push(v);
            }
            Terminator::Continue { target: self.targets[own].token, values }
        } else if roll < 92 {
            self.exit_to(ops, own, false)
        } else {
            self.random_exit(ops)
        }
    }

    /// Terminator of a `loom.for` body.
    fn for_terminator(&mut self, ops: &mut Vec<Op>, own: usize, params: &[ValueId]) -> Terminator {
        let roll = self.rng.below(100);
        if roll < 84 {
            let values: Vec<ValueId> = params.iter().map(|p| self.evolve(ops, *p)).collect();
            if roll < 68 {
                Terminator::Yield(values)
            } else {
                Terminator::Continue { target: self.targets[own].token, values }
            }
        } else if roll < 92 {
            self.exit_to(ops, own, false)
        } else {
            self.random_exit(ops)
        }
    }

    // ----- statements ------------------------------------------------------

    fn gen_statements(&mut self, ops: &mut Vec<Op>, depth: u32) {
        let n = self.rng.range_u64(1, u64::from(self.cfg.max_block_statements.max(1)));
        for _ in 0..n {
            if !self.room_for(self.mult) {
                break;
            }
            self.gen_statement(ops, depth);
        }
    }

    fn gen_statement(&mut self, ops: &mut Vec<Op>, depth: u32) {
        let can_nest = depth < self.cfg.max_depth && self.room_for(self.mult.saturating_mul(2));
        let roll = self.rng.below(100);
        if can_nest && roll < 35 {
            self.gen_structured(ops, depth, false);
        } else if !self.targets.is_empty() && roll < 51 {
            self.gen_conditional_exit(ops);
        } else if self.cfg.trace_prints && depth > 0 && roll < 59 {
            self.gen_trace_print(ops);
        } else {
            self.gen_arith(ops);
        }
    }

    /// A condition for a conditional exit: mostly one that turns true only
    /// after some iterations of an enclosing loop, or periodically.
    fn gen_exit_condition(&mut self, ops: &mut Vec<Op>) -> ValueId {
        let counters: Vec<Counter> = self.targets.iter().filter_map(|t| t.counter).collect();
        match self.rng.choose(&counters).copied() {
            Some(counter) if self.rng.chance(3, 4) => {
                // Fires from a chosen iteration on (or exactly at it).
                let (lo, hi) = (counter.first.min(counter.last), counter.first.max(counter.last));
                let k = self.rng.range_i64(lo, hi);
                let c = self.int_const(ops, self.ty(counter.value), k);
                let predicate = match (self.rng.below(4), counter.first <= counter.last) {
                    (0, _) => CmpIPredicate::Eq,
                    (_, true) => CmpIPredicate::Sge,
                    (_, false) => CmpIPredicate::Sle,
                };
                let result = self.fresh(Type::I1);
                self.emit_def(ops, result, Op::CmpI { result, predicate, lhs: counter.value, rhs: c })
            }
            _ => self.gen_condition(ops),
        }
    }

    /// `loom.if %c { [arith] exit }` with an optional trivial else.
    fn gen_conditional_exit(&mut self, ops: &mut Vec<Op>) {
        let condition = self.gen_exit_condition(ops);
        self.frames.push(Vec::new());
        let mut then_ops = Vec::new();
        if self.rng.chance(1, 3) {
            self.gen_arith(&mut then_ops);
        }
        if self.cfg.trace_prints && self.rng.chance(1, 4) {
            self.gen_trace_print(&mut then_ops);
        }
        let terminator = self.random_exit(&mut then_ops);
        self.frames.pop();
        let else_block = if self.rng.chance(1, 4) {
            self.frames.push(Vec::new());
            let mut else_ops = Vec::new();
            self.gen_arith(&mut else_ops);
            self.frames.pop();
            Some(Block { ops: else_ops, terminator: Terminator::Yield(Vec::new()) })
        } else {
            None
        };
        let then_block = Block { ops: then_ops, terminator };
        self.emit(ops, Op::If(IfOp { results: Vec::new(), condition, then_block, else_block }));
    }

    /// A `loom.loop`, `loom.for`, `loom.scope` or `loom.if`; returns its
    /// results, of which there is at least one when `need_results`.
    fn gen_structured(&mut self, ops: &mut Vec<Op>, depth: u32, need_results: bool) -> Vec<ValueId> {
        let kind = self.rng.below(8);
        let attempt = match kind {
            0..=2 => self.gen_loop(ops, depth, need_results),
            3 | 4 => self.gen_for(ops, depth, need_results),
            _ => None,
        };
        match attempt {
            Some(results) => results,
            None if kind == 5 || kind == 6 => self.gen_scope(ops, depth, need_results),
            None => self.gen_if(ops, depth, need_results),
        }
    }

    /// Result types of a new op: none with probability `empty_percent`,
    /// unless `need_results`.
    fn result_types(&mut self, empty_percent: u64, need_results: bool) -> Vec<Type> {
        let max = self.cfg.max_results.max(u32::from(need_results));
        self.random_types(max, if need_results { 0 } else { empty_percent })
    }

    fn define_results(&mut self, types: &[Type]) -> Vec<ValueId> {
        types.iter().map(|ty| self.fresh(*ty)).collect()
    }

    fn make_visible(&mut self, values: &[ValueId]) {
        for v in values {
            self.define(*v);
        }
    }

    fn gen_if(&mut self, ops: &mut Vec<Op>, depth: u32, need_results: bool) -> Vec<ValueId> {
        let condition = self.gen_exit_condition(ops);
        let types = self.result_types(45, need_results);
        let then_block = self.if_branch(depth, &types);
        let else_block =
            if !types.is_empty() || self.rng.chance(1, 2) { Some(self.if_branch(depth, &types)) } else { None };
        let results = self.define_results(&types);
        self.emit(ops, Op::If(IfOp { results: results.clone(), condition, then_block, else_block }));
        self.make_visible(&results);
        results
    }

    fn if_branch(&mut self, depth: u32, types: &[Type]) -> Block {
        self.frames.push(Vec::new());
        let mut ops = Vec::new();
        self.gen_statements(&mut ops, depth + 1);
        let terminator = self.yielding_terminator(&mut ops, types, None);
        self.frames.pop();
        Block { ops, terminator }
    }

    fn gen_scope(&mut self, ops: &mut Vec<Op>, depth: u32, need_results: bool) -> Vec<ValueId> {
        let types = self.result_types(25, need_results);
        let token = self.builder.token();
        self.targets.push(Target {
            token,
            kind: TargetKind::Scope,
            results: types.clone(),
            iters: Vec::new(),
            fuel_next: None,
            counter: None,
        });
        let own = self.targets.len() - 1;
        self.frames.push(Vec::new());
        let mut body = Vec::new();
        self.gen_statements(&mut body, depth + 1);
        let terminator = self.yielding_terminator(&mut body, &types, Some(own));
        self.frames.pop();
        self.targets.pop();
        let results = self.define_results(&types);
        self.emit(ops, Op::Scope(ScopeOp { results: results.clone(), token, body: Block { ops: body, terminator } }));
        self.make_visible(&results);
        results
    }

    /// A fuel-guarded `loom.loop`, or `None` when the budget has no room.
    fn gen_loop(&mut self, ops: &mut Vec<Op>, depth: u32, need_results: bool) -> Option<Vec<ValueId>> {
        let max_fuel = u64::from(self.cfg.max_fuel).min(MAX_FUEL as u64);
        let max_iterations = self.iteration_room(max_fuel + 1);
        if max_iterations < 1 {
            return None;
        }
        // Fuel 0 (the guard exits at once) only now and then.
        let fuel = if self.rng.chance(1, 10) { 0 } else { self.rng.range_u64(1, max_iterations - 1) };
        let fuel_init = self.int_const(ops, Type::I32, fuel as i64);
        let extra_types: Vec<Type> =
            (0..self.rng.range_u64(0, u64::from(self.cfg.max_iter_args))).map(|_| self.random_type()).collect();
        let mut iter_args = vec![];
        let fuel_param = self.fresh(Type::I32);
        iter_args.push(IterArg { param: fuel_param, init: fuel_init });
        for ty in &extra_types {
            let init = self.pick(ops, *ty);
            let param = self.fresh(*ty);
            iter_args.push(IterArg { param, init });
        }
        let result_types = self.result_types(30, need_results);
        let token = self.builder.token();
        let mut iters = vec![Type::I32];
        iters.extend(extra_types.iter().copied());

        self.frames.push(iter_args.iter().map(|a| a.param).collect());
        self.targets.push(Target {
            token,
            kind: TargetKind::Loop,
            results: result_types.clone(),
            iters,
            fuel_next: None,
            counter: None,
        });
        let own = self.targets.len() - 1;
        let outer_mult = self.mult;
        self.mult = self.mult.saturating_mul(fuel + 1);

        let mut body = Vec::new();
        let zero = self.int_const(&mut body, Type::I32, 0);
        let out = self.fresh(Type::I1);
        self.emit_def(
            &mut body,
            out,
            Op::CmpI { result: out, predicate: CmpIPredicate::Sle, lhs: fuel_param, rhs: zero },
        );
        self.frames.push(Vec::new());
        let mut guard_ops = Vec::new();
        let guard_exit = self.exit_to(&mut guard_ops, own, false);
        self.frames.pop();
        self.emit(
            &mut body,
            Op::If(IfOp {
                results: Vec::new(),
                condition: out,
                then_block: Block { ops: guard_ops, terminator: guard_exit },
                else_block: None,
            }),
        );
        let one = self.int_const(&mut body, Type::I32, 1);
        let next = self.fresh(Type::I32);
        self.emit_def(&mut body, next, Op::IntBinary { result: next, op: IntBinOp::Sub, lhs: fuel_param, rhs: one });
        self.targets[own].fuel_next = Some(next);
        if fuel > 0 {
            self.targets[own].counter = Some(Counter { value: next, first: fuel as i64 - 1, last: 0 });
        }

        self.gen_statements(&mut body, depth + 1);
        let extra_params: Vec<ValueId> = iter_args.iter().skip(1).map(|a| a.param).collect();
        let terminator = self.loop_terminator(&mut body, own, &extra_params);

        self.mult = outer_mult;
        self.targets.pop();
        self.frames.pop();
        let results = self.define_results(&result_types);
        self.emit(
            ops,
            Op::Loop(LoopOp { results: results.clone(), token, iter_args, body: Block { ops: body, terminator } }),
        );
        self.make_visible(&results);
        Some(results)
    }

    /// A `loom.for` with small constant bounds, or `None` when the budget has no room.
    fn gen_for(&mut self, ops: &mut Vec<Op>, depth: u32, need_results: bool) -> Option<Vec<ValueId>> {
        let max_trips = self.iteration_room(u64::from(self.cfg.max_trip_count));
        if max_trips < 1 {
            return None;
        }
        // Zero-trip and one-trip loops now and then, more iterations usually.
        let trips = match self.rng.below(20) {
            0..=2 => 0,
            3..=5 => 1,
            _ => self.rng.range_u64(2.min(max_trips), max_trips),
        } as i64;
        let iv_type = self.weighted(&[(Type::Index, 3), (Type::I32, 2), (Type::I64, 1)]);
        let step = *self.rng.choose(&[1i64, 1, 1, 2, 3]).unwrap_or(&1);
        let lower = self.rng.range_i64(-4, 4);
        let upper = if trips == 0 {
            lower - self.rng.range_i64(0, 3)
        } else {
            lower + (trips - 1) * step + self.rng.range_i64(1, step)
        };
        let lower_v = self.int_const(ops, iv_type, lower);
        let upper_v = self.int_const(ops, iv_type, upper);
        let step_v = self.int_const(ops, iv_type, step);
        let min_args = if self.cfg.for_without_iter_args && !need_results { 0 } else { 1 };
        let n_args = self.rng.range_u64(min_args, u64::from(self.cfg.max_iter_args).max(min_args));
        let types: Vec<Type> = (0..n_args).map(|_| self.random_type()).collect();
        let mut iter_args = Vec::new();
        for ty in &types {
            let init = self.pick(ops, *ty);
            let param = self.fresh(*ty);
            iter_args.push(IterArg { param, init });
        }
        let token = self.builder.token();
        let induction = self.fresh(iv_type);
        let params: Vec<ValueId> = iter_args.iter().map(|a| a.param).collect();
        let mut frame = vec![induction];
        frame.extend(params.iter().copied());

        self.frames.push(frame);
        self.targets.push(Target {
            token,
            kind: TargetKind::For,
            results: types.clone(),
            iters: types.clone(),
            fuel_next: None,
            counter: (trips > 0).then_some(Counter {
                value: induction,
                first: lower,
                last: lower + (trips - 1) * step,
            }),
        });
        let own = self.targets.len() - 1;
        let outer_mult = self.mult;
        self.mult = self.mult.saturating_mul(trips.max(1) as u64);
        let mut body = Vec::new();
        self.gen_statements(&mut body, depth + 1);
        let terminator = self.for_terminator(&mut body, own, &params);
        self.mult = outer_mult;
        self.targets.pop();
        self.frames.pop();

        let results = self.define_results(&types);
        self.emit(
            ops,
            Op::For(ForOp {
                results: results.clone(),
                token,
                induction,
                lower: lower_v,
                upper: upper_v,
                step: step_v,
                iter_args,
                body: Block { ops: body, terminator },
            }),
        );
        self.make_visible(&results);
        Some(results)
    }

    /// The whole `@main`: top-level statements, then prints of their results.
    fn program(mut self, seed: u64) -> Program {
        self.frames.push(Vec::new());
        let mut ops = Vec::new();
        let mut outputs = Vec::new();
        let n = self.rng.range_u64(1, u64::from(self.cfg.max_top_level_statements.max(1)));
        for i in 0..n {
            if i > 0 && !self.room_for(1) {
                break;
            }
            if self.cfg.max_depth > 0 && (i == 0 || self.rng.chance(2, 3)) {
                let results = self.gen_structured(&mut ops, 0, true);
                outputs.extend(results);
            } else {
                let v = self.gen_int_binary(&mut ops);
                outputs.push(v);
            }
        }
        for v in outputs {
            self.print_value(&mut ops, v);
        }
        if self.cfg.near_max_loops && self.cfg.max_depth > 0 {
            super::near_max::maybe_append(&mut self.builder, seed, &mut ops);
        }
        if self.cfg.early_end_shapes && self.cfg.max_depth > 0 {
            super::early_end::maybe_append(&mut self.builder, seed, &mut ops);
        }
        self.builder.finish(seed, ops)
    }
}

#[cfg(test)]
#[path = "generate_tests.rs"]
mod tests;
