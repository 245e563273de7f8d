//! Tests of the reference interpreter ([`interpret`](super)): control flow,
//! integer and float semantics, undefined behaviour, tensors and early ends,
//! on hand-written programs with the lines `mlir-runner` prints for them.

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
    let expected = strs(&["0", "1", "2", "3", "4", "10", "11", "12", "13", "14", "20", "21", "22", "23", "2", "23"]);
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

/// `for %i = 0 to 5 { print %i; <end at %i == 2> ; print 100 + %i }`, then
/// `print -1`: the run stops at the third iteration.
fn ending_at_two(end: impl Fn(&mut Asm, &mut Vec<Op>, ValueId)) -> Program {
    let mut a = Asm::new();
    let mut ops = Vec::new();
    a.for_loop(&mut ops, Type::I32, (0, 5, 1), &[], |a, body, _, i, _| {
        a.print(body, i);
        let two = a.int(body, Type::I32, 2);
        let at_two = a.cmp(body, Eq, i, two);
        end(a, body, at_two);
        let hundred = a.int(body, Type::I32, 100);
        let after = a.bin(body, Add, i, hundred);
        a.print(body, after);
        Terminator::Yield(vec![])
    });
    let minus_one = a.int(&mut ops, Type::I32, -1);
    a.print(&mut ops, minus_one);
    a.finish(ops)
}

#[test]
fn exit_and_a_failing_assert_end_the_run_with_exactly_the_lines_before() {
    let exit = ending_at_two(|a, body, at_two| {
        let mut then = Vec::new();
        let code = a.int(&mut then, Type::I32, -2);
        then.push(Op::Exit { code });
        body.push(Op::If(IfOp {
            results: vec![],
            condition: at_two,
            then_block: Block { ops: then, terminator: Terminator::Yield(vec![]) },
            else_block: None,
        }));
    });
    check(&exit).unwrap();
    let execution = run(&exit, DEFAULT_STEP_LIMIT).unwrap();
    assert_eq!(execution.lines, strs(&["0", "100", "1", "101", "2"]));
    assert_eq!(execution.end, RunEnd::Exited(-2));
    assert_eq!(RunEnd::Exited(-2).status(), Some(254));

    let assert = ending_at_two(|a, body, at_two| {
        let one = a.int(body, Type::I1, 1);
        let ok = a.bin(body, Xor, at_two, one);
        body.push(Op::Assert { condition: ok, message: "not two".to_string() });
    });
    check(&assert).unwrap();
    assert_eq!(interpret_to_end(&assert).unwrap(), (strs(&["0", "100", "1", "101", "2", "not two"]), RunEnd::Aborted));

    // An assert that holds and an exit that is never reached change nothing.
    let holds = ending_at_two(|a, body, _| {
        let one = a.int(body, Type::I1, 1);
        body.push(Op::Assert { condition: one, message: "holds".to_string() });
    });
    let lines = strs(&["0", "100", "1", "101", "2", "102", "3", "103", "4", "104", "-1"]);
    assert_eq!(interpret_to_end(&holds).unwrap(), (lines, RunEnd::Returned));
}

#[test]
fn check_rejects_a_malformed_exit_or_assert() {
    let exit_i64 = ending_at_two(|a, body, _| {
        let code = a.int(body, Type::I64, 1);
        body.push(Op::Exit { code });
    });
    assert!(check(&exit_i64).unwrap_err().message.contains("not an i32"));
    let quoted = ending_at_two(|_, body, c| body.push(Op::Assert { condition: c, message: "a \"b".to_string() }));
    assert!(check(&quoted).unwrap_err().message.contains("message"));
}
