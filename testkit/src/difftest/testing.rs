//! Test-only helpers to hand-write programs concisely.
//!
//! `Asm` wraps a `ProgramBuilder`; every helper appends ops to the `Vec<Op>`
//! of the block under construction and returns the values it defines. Loops
//! built with [`Asm::fuel_loop`] carry the fuel guard `check` requires, so the
//! hand-written programs are valid generated-style programs too.

use super::program::{
    wrap_to_width, Block, CastOp, CmpIPredicate, Constant, FloatBinOp, ForOp, IfOp, IntBinOp, IterArg, LoopOp, Op,
    Program, ProgramBuilder, ScopeOp, Terminator, TokenId, Type, ValueId,
};

/// What a `fuel_loop` body gets to work with.
pub struct LoopCtx {
    pub token: TokenId,
    /// The iteration arguments after the fuel.
    pub params: Vec<ValueId>,
    /// The decremented fuel: first operand of every continue to this loop.
    pub next: ValueId,
}

impl LoopCtx {
    /// `loom.continue` to this loop with new (non-fuel) iteration arguments.
    pub fn continue_with(&self, values: &[ValueId]) -> Terminator {
        let mut all = vec![self.next];
        all.extend_from_slice(values);
        Terminator::Continue { target: self.token, values: all }
    }
}

pub struct Asm {
    pub b: ProgramBuilder,
}

impl Asm {
    pub fn new() -> Asm {
        Asm { b: ProgramBuilder::new() }
    }

    pub fn finish(self, ops: Vec<Op>) -> Program {
        self.b.finish(0, ops)
    }

    pub fn ty(&self, v: ValueId) -> Type {
        self.b.type_of(v).expect("typed value")
    }

    pub fn int(&mut self, ops: &mut Vec<Op>, ty: Type, v: i64) -> ValueId {
        let result = self.b.value(ty);
        let bits = wrap_to_width(v, ty.int_width().expect("integer type"));
        ops.push(Op::Const { result, value: Constant::Int(bits) });
        result
    }

    pub fn float(&mut self, ops: &mut Vec<Op>, ty: Type, x: f64) -> ValueId {
        let result = self.b.value(ty);
        ops.push(Op::Const { result, value: Constant::Float(x) });
        result
    }

    pub fn bin(&mut self, ops: &mut Vec<Op>, op: IntBinOp, lhs: ValueId, rhs: ValueId) -> ValueId {
        let result = self.b.value(self.ty(lhs));
        ops.push(Op::IntBinary { result, op, lhs, rhs });
        result
    }

    pub fn fbin(&mut self, ops: &mut Vec<Op>, op: FloatBinOp, lhs: ValueId, rhs: ValueId) -> ValueId {
        let result = self.b.value(self.ty(lhs));
        ops.push(Op::FloatBinary { result, op, lhs, rhs });
        result
    }

    pub fn cmp(&mut self, ops: &mut Vec<Op>, predicate: CmpIPredicate, lhs: ValueId, rhs: ValueId) -> ValueId {
        let result = self.b.value(Type::I1);
        ops.push(Op::CmpI { result, predicate, lhs, rhs });
        result
    }

    pub fn cast(&mut self, ops: &mut Vec<Op>, op: CastOp, operand: ValueId, to: Type) -> ValueId {
        let result = self.b.value(to);
        ops.push(Op::Cast { result, op, operand });
        result
    }

    pub fn print(&mut self, ops: &mut Vec<Op>, value: ValueId) {
        ops.push(Op::Print { value });
    }

    /// `arith.constant dense<elements> : tensor<Nxi32>`.
    pub fn tensor(&mut self, ops: &mut Vec<Op>, elements: &[i32]) -> ValueId {
        let result = self.b.value(Type::TensorI32(elements.len() as u32));
        let elements = elements.iter().map(|x| wrap_to_width(i64::from(*x), 32)).collect();
        ops.push(Op::TensorConst { result, elements });
        result
    }

    /// `tensor.insert %scalar into %tensor[index]` with a fresh index constant.
    pub fn insert(&mut self, ops: &mut Vec<Op>, scalar: ValueId, tensor: ValueId, index: i64) -> ValueId {
        let index = self.int(ops, Type::Index, index);
        let result = self.b.value(self.ty(tensor));
        ops.push(Op::TensorInsert { result, scalar, tensor, index });
        result
    }

    /// `tensor.extract %tensor[index]` with a fresh index constant.
    pub fn extract(&mut self, ops: &mut Vec<Op>, tensor: ValueId, index: i64) -> ValueId {
        let index = self.int(ops, Type::Index, index);
        let result = self.b.value(Type::I32);
        ops.push(Op::TensorExtract { result, tensor, index });
        result
    }

    /// `loom.if %cond { <terminator> }` (no results, implicit else).
    pub fn exit_if(&mut self, ops: &mut Vec<Op>, condition: ValueId, terminator: Terminator) {
        ops.push(Op::If(IfOp {
            results: vec![],
            condition,
            then_block: Block { ops: vec![], terminator },
            else_block: None,
        }));
    }

    /// `loom.if` with results; each closure builds a branch.
    pub fn if_else(
        &mut self,
        ops: &mut Vec<Op>,
        condition: ValueId,
        results: &[Type],
        then_branch: impl FnOnce(&mut Asm, &mut Vec<Op>) -> Terminator,
        else_branch: impl FnOnce(&mut Asm, &mut Vec<Op>) -> Terminator,
    ) -> Vec<ValueId> {
        let mut then_ops = Vec::new();
        let then_term = then_branch(self, &mut then_ops);
        let mut else_ops = Vec::new();
        let else_term = else_branch(self, &mut else_ops);
        let results: Vec<ValueId> = results.iter().map(|t| self.b.value(*t)).collect();
        ops.push(Op::If(IfOp {
            results: results.clone(),
            condition,
            then_block: Block { ops: then_ops, terminator: then_term },
            else_block: Some(Block { ops: else_ops, terminator: else_term }),
        }));
        results
    }

    /// A fuel-guarded `loom.loop`. `guard_values` are the operands of the
    /// guard's break (the loop's result types); `inits` the non-fuel
    /// iteration arguments.
    pub fn fuel_loop(
        &mut self,
        ops: &mut Vec<Op>,
        fuel: i64,
        inits: &[ValueId],
        results: &[Type],
        guard_values: &[ValueId],
        body: impl FnOnce(&mut Asm, &mut Vec<Op>, &LoopCtx) -> Terminator,
    ) -> Vec<ValueId> {
        let fuel_init = self.int(ops, Type::I32, fuel);
        let token = self.b.token();
        let fuel_param = self.b.value(Type::I32);
        let mut iter_args = vec![IterArg { param: fuel_param, init: fuel_init }];
        let mut params = Vec::new();
        for init in inits {
            let param = self.b.value(self.ty(*init));
            params.push(param);
            iter_args.push(IterArg { param, init: *init });
        }
        let mut body_ops = Vec::new();
        let zero = self.int(&mut body_ops, Type::I32, 0);
        let out = self.cmp(&mut body_ops, CmpIPredicate::Sle, fuel_param, zero);
        self.exit_if(&mut body_ops, out, Terminator::Break { target: token, values: guard_values.to_vec() });
        let one = self.int(&mut body_ops, Type::I32, 1);
        let next = self.bin(&mut body_ops, IntBinOp::Sub, fuel_param, one);
        let ctx = LoopCtx { token, params, next };
        let terminator = body(self, &mut body_ops, &ctx);
        let results: Vec<ValueId> = results.iter().map(|t| self.b.value(*t)).collect();
        ops.push(Op::Loop(LoopOp {
            results: results.clone(),
            token,
            iter_args,
            body: Block { ops: body_ops, terminator },
        }));
        results
    }

    /// A `loom.for` with constant bounds of type `iv_type`; the body closure
    /// gets the token, the induction variable and the iteration parameters.
    pub fn for_loop(
        &mut self,
        ops: &mut Vec<Op>,
        iv_type: Type,
        bounds: (i64, i64, i64),
        inits: &[ValueId],
        body: impl FnOnce(&mut Asm, &mut Vec<Op>, TokenId, ValueId, &[ValueId]) -> Terminator,
    ) -> Vec<ValueId> {
        let lower = self.int(ops, iv_type, bounds.0);
        let upper = self.int(ops, iv_type, bounds.1);
        let step = self.int(ops, iv_type, bounds.2);
        let token = self.b.token();
        let induction = self.b.value(iv_type);
        let mut iter_args = Vec::new();
        for init in inits {
            let param = self.b.value(self.ty(*init));
            iter_args.push(IterArg { param, init: *init });
        }
        let params: Vec<ValueId> = iter_args.iter().map(|a| a.param).collect();
        let mut body_ops = Vec::new();
        let terminator = body(self, &mut body_ops, token, induction, &params);
        let results: Vec<ValueId> = inits.iter().map(|v| self.b.value(self.ty(*v))).collect();
        ops.push(Op::For(ForOp {
            results: results.clone(),
            token,
            induction,
            lower,
            upper,
            step,
            iter_args,
            body: Block { ops: body_ops, terminator },
        }));
        results
    }

    /// A `loom.scope`.
    pub fn scope(
        &mut self,
        ops: &mut Vec<Op>,
        results: &[Type],
        body: impl FnOnce(&mut Asm, &mut Vec<Op>, TokenId) -> Terminator,
    ) -> Vec<ValueId> {
        let token = self.b.token();
        let mut body_ops = Vec::new();
        let terminator = body(self, &mut body_ops, token);
        let results: Vec<ValueId> = results.iter().map(|t| self.b.value(*t)).collect();
        ops.push(Op::Scope(ScopeOp { results: results.clone(), token, body: Block { ops: body_ops, terminator } }));
        results
    }
}
