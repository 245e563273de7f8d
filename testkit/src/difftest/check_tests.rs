//! Tests of [`check`](super::check): the loom verifier's rules and the
//! generator's invariants, on hand-built programs that break one rule each.

use super::super::program::{IterArg, ProgramBuilder};
use super::*;

fn int(b: &mut ProgramBuilder, ops: &mut Vec<Op>, ty: Type, v: i64) -> ValueId {
    let r = b.value(ty);
    ops.push(Op::Const {
        result: r,
        value: Constant::Int(super::super::program::wrap_to_width(v, ty.int_width().unwrap_or(64))),
    });
    r
}

/// `loom.loop` with fuel `fuel` whose body is the guard followed by `rest`
/// (built by the closure, which gets the fuel param and `%next`).
fn fuel_loop(
    b: &mut ProgramBuilder,
    outer: &mut Vec<Op>,
    fuel: i64,
    rest: impl FnOnce(&mut ProgramBuilder, &mut Vec<Op>, TokenId, ValueId) -> Terminator,
) {
    let init = int(b, outer, Type::I32, fuel);
    let token = b.token();
    let param = b.value(Type::I32);
    let mut body = Vec::new();
    let zero = int(b, &mut body, Type::I32, 0);
    let out = b.value(Type::I1);
    body.push(Op::CmpI { result: out, predicate: CmpIPredicate::Sle, lhs: param, rhs: zero });
    body.push(Op::If(IfOp {
        results: vec![],
        condition: out,
        then_block: Block { ops: vec![], terminator: Terminator::Break { target: token, values: vec![] } },
        else_block: None,
    }));
    let one = int(b, &mut body, Type::I32, 1);
    let next = b.value(Type::I32);
    body.push(Op::IntBinary { result: next, op: IntBinOp::Sub, lhs: param, rhs: one });
    let terminator = rest(b, &mut body, token, next);
    outer.push(Op::Loop(LoopOp {
        results: vec![],
        token,
        iter_args: vec![IterArg { param, init }],
        body: Block { ops: body, terminator },
    }));
}

#[test]
fn accepts_guarded_loop_and_bounds_work() {
    let mut b = ProgramBuilder::new();
    let mut ops = Vec::new();
    fuel_loop(&mut b, &mut ops, 3, |_, _, t, next| Terminator::Continue { target: t, values: vec![next] });
    let p = b.finish(0, ops);
    let cost = check(&p).expect("valid");
    // 1 (fuel const) + 1 (loop op) + 4 iterations * (5 guard ops + guard break + terminator)
    assert_eq!(cost.work, 2 + 4 * 7);
}

#[test]
fn rejects_continue_without_decremented_fuel() {
    let mut b = ProgramBuilder::new();
    let mut ops = Vec::new();
    fuel_loop(&mut b, &mut ops, 3, |b, body, t, _| {
        let c = int(b, body, Type::I32, 3);
        Terminator::Continue { target: t, values: vec![c] }
    });
    let p = b.finish(0, ops);
    assert!(check(&p).unwrap_err().message.contains("decremented fuel"));
}

#[test]
fn rejects_yield_in_loop_body_and_continue_to_scope() {
    let mut b = ProgramBuilder::new();
    let mut ops = Vec::new();
    fuel_loop(&mut b, &mut ops, 1, |_, _, _, _| Terminator::Yield(vec![]));
    assert!(check(&b.finish(0, ops)).unwrap_err().message.contains("loom.yield cannot end"));

    let mut b = ProgramBuilder::new();
    let t = b.token();
    let ops = vec![Op::Scope(ScopeOp {
        results: vec![],
        token: t,
        body: Block { ops: vec![], terminator: Terminator::Continue { target: t, values: vec![] } },
    })];
    assert!(check(&b.finish(0, ops)).unwrap_err().message.contains("cannot target loom.scope"));
}

#[test]
fn rejects_value_escaping_its_region_and_foreign_tokens() {
    let mut b = ProgramBuilder::new();
    let t = b.token();
    let mut inner = Vec::new();
    let v = int(&mut b, &mut inner, Type::I32, 1);
    let ops = vec![
        Op::Scope(ScopeOp {
            results: vec![],
            token: t,
            body: Block { ops: inner, terminator: Terminator::Yield(vec![]) },
        }),
        Op::Print { value: v },
    ];
    assert!(check(&b.finish(0, ops)).unwrap_err().message.contains("not visible"));

    let mut b = ProgramBuilder::new();
    let t1 = b.token();
    let t2 = b.token();
    let ops = vec![
        Op::Scope(ScopeOp {
            results: vec![],
            token: t1,
            body: Block { ops: vec![], terminator: Terminator::Yield(vec![]) },
        }),
        Op::Scope(ScopeOp {
            results: vec![],
            token: t2,
            body: Block { ops: vec![], terminator: Terminator::Break { target: t1, values: vec![] } },
        }),
    ];
    assert!(check(&b.finish(0, ops)).unwrap_err().message.contains("not an enclosing target"));
}

#[test]
fn rejects_unsafe_arith() {
    let cases: Vec<(IntBinOp, Type, i64)> = vec![
        (IntBinOp::RemS, Type::I32, 0),
        (IntBinOp::RemS, Type::I32, -1),
        (IntBinOp::RemU, Type::I8, 0),
        (IntBinOp::RemU, Type::I1, 1),
        (IntBinOp::Shl, Type::I32, 32),
        (IntBinOp::ShrS, Type::Index, 1),
    ];
    for (op, ty, rhs) in cases {
        let mut b = ProgramBuilder::new();
        let mut ops = Vec::new();
        let l = int(&mut b, &mut ops, ty, 5);
        let r = int(&mut b, &mut ops, ty, rhs);
        let res = b.value(ty);
        ops.push(Op::IntBinary { result: res, op, lhs: l, rhs: r });
        assert!(check(&b.finish(0, ops)).is_err(), "{op:?} {ty:?} {rhs}");
    }
}

#[test]
fn rejects_mismatched_break_types_and_if_without_else() {
    let mut b = ProgramBuilder::new();
    let t = b.token();
    let r = b.value(Type::I32);
    let mut inner = Vec::new();
    let v = int(&mut b, &mut inner, Type::I64, 1);
    let ops = vec![Op::Scope(ScopeOp {
        results: vec![r],
        token: t,
        body: Block { ops: inner, terminator: Terminator::Break { target: t, values: vec![v] } },
    })];
    assert!(check(&b.finish(0, ops)).unwrap_err().message.contains("operands do not match"));

    let mut b = ProgramBuilder::new();
    let mut ops = Vec::new();
    let c = int(&mut b, &mut ops, Type::I1, 1);
    let r = b.value(Type::I32);
    let mut then_ops = Vec::new();
    let y = int(&mut b, &mut then_ops, Type::I32, 1);
    ops.push(Op::If(IfOp {
        results: vec![r],
        condition: c,
        then_block: Block { ops: then_ops, terminator: Terminator::Yield(vec![y]) },
        else_block: None,
    }));
    assert!(check(&b.finish(0, ops)).unwrap_err().message.contains("needs an else"));
}

#[test]
fn rejects_loop_without_guard() {
    let mut b = ProgramBuilder::new();
    let t = b.token();
    let ops = vec![Op::Loop(LoopOp {
        results: vec![],
        token: t,
        iter_args: vec![],
        body: Block { ops: vec![], terminator: Terminator::Continue { target: t, values: vec![] } },
    })];
    assert!(check(&b.finish(0, ops)).unwrap_err().message.contains("fuel"));
}
