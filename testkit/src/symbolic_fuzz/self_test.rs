//! The symbolic fuzzer's self-test: hand-made cases with hand-written
//! reports ([`scenarios`]), right and wrong, checked against executed
//! truths; every wrong claim set must be caught and no right one flagged.
//! Also the unlisted-assumption check, planted on loom's own reports, and
//! a wrong count planted in an executed copy (`loom-check-claims{plant=count}`),
//! which must stop its run.

use std::path::Path;

use crate::expr::ArgValue;
use crate::facts_fuzz::Ty;
use crate::int::{mask, Predicate};
use crate::tools::Tools;

use super::check::check_case;
use super::generate::generate;
use super::harness::{execute, report, truths, CLAIM_VIOLATED};
use super::json::Json;
use super::model::{op_name, simple_loop, ArgKind, ArithOp, CfForm, Flags, ParDim, ParKind, Shape, SymCase, Val};
use super::simulate::Run;
use super::tally::SymTally;
use super::BUFFER_ASSUMPTION;

/// A hand-made case and a hand-written report for it.
pub struct Scenario {
    pub name: &'static str,
    pub case: SymCase,
    /// The report's loop objects for the case, in pre-order (JSON text).
    pub loops: Vec<String>,
    /// Whether the claims are wrong (and must be caught).
    pub wrong: bool,
}

pub(super) fn scalars(width: u32, values: &[i128]) -> Vec<Vec<ArgValue>> {
    values.iter().map(|&v| vec![ArgValue::Scalar { bits: v as u128 & mask(width), width }]).collect()
}

pub(super) fn pairs(width: u32, values: &[(i128, i128)]) -> Vec<Vec<ArgValue>> {
    values
        .iter()
        .map(|&(a, b)| {
            vec![
                ArgValue::Scalar { bits: a as u128 & mask(width), width },
                ArgValue::Scalar { bits: b as u128 & mask(width), width },
            ]
        })
        .collect()
}

/// A loop object: `fields` is the JSON text after the common prefix.
fn loop_json(case: &SymCase, l: usize, fields: &str) -> String {
    format!(
        "{{\"function\": \"{}\", \"loc\": \"self-test\", \"op\": \"{}\", \"depth\": 0, {fields}}}",
        case.name(),
        op_name(case.loops[l].shape)
    )
}

/// The self-test's scenarios: every `wrong` one must be caught, no right
/// one may be.
pub fn scenarios() -> Vec<Scenario> {
    let idx = Ty { width: 64, index: true };
    let smax = i64::MAX as i128;
    let smin = i64::MIN as i128;
    let mut out = Vec::new();
    let mut add = |name: &'static str, case: &SymCase, loops: &[&str], wrong: bool| {
        let loops = loops.iter().enumerate().map(|(l, f)| loop_json(case, l, f)).collect();
        out.push(Scenario { name, case: case.clone(), loops, wrong });
    };

    // A: scf.for %i = %arg0 to %arg1 step 1 (signed index).
    let a = SymCase {
        id: 1_000_001,
        ty: idx,
        args: vec![ArgKind::Index, ArgKind::Index],
        loops: vec![simple_loop(Shape::ScfFor { unsigned: false }, Val::Arg(0), Val::Arg(1), 1)],
        arg_sets: pairs(64, &[(3, 10), (10, 3), (smax - 2, smax), (smin, smin + 5), (-4, 2)]),
        cf: None,
        nested: false,
    };
    let n = "max(0, %arg1 - %arg0)";
    let counter = |cond: &str, body: &str, exit: &str| {
        format!(
            "\"counter\": {{\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": 1, \"condition_expr\": {cond}, \"body_expr\": {body}, \"exit_expr\": \"{exit}\"}}"
        )
    };
    let right_counter =
        counter("[\"%arg0\", \"max(%arg0, %arg1)\"]", "[\"%arg0\", \"%arg1 - 1\"]", "max(%arg0, %arg1)");
    let exact = |body: &str, cond: &str, tb: &str, c: &str| {
        format!(
            "\"status\": \"exact\", \"body_count_expr\": \"{body}\", \"condition_count_expr\": \"{cond}\", \"entries\": 1, \"total_body_count_expr\": \"{tb}\", \"total_condition_count_expr\": \"{cond}\", {c}"
        )
    };
    add("for %arg0 to %arg1: right", &a, &[&exact(n, &format!("{n} + 1"), n, &right_counter)], false);
    add(
        "for %arg0 to %arg1: body count without max(0, ...)",
        &a,
        &[&exact("%arg1 - %arg0", &format!("{n} + 1"), n, &right_counter)],
        true,
    );
    add("for %arg0 to %arg1: condition count = body count", &a, &[&exact(n, n, n, &right_counter)], true);
    add(
        "for %arg0 to %arg1: total body count off by one",
        &a,
        &[&exact(n, &format!("{n} + 1"), &format!("{n} + 1"), &right_counter)],
        true,
    );
    add(
        "for %arg0 to %arg1: exit %arg1",
        &a,
        &[&exact(
            n,
            &format!("{n} + 1"),
            n,
            &counter("[\"%arg0\", \"max(%arg0, %arg1)\"]", "[\"%arg0\", \"%arg1 - 1\"]", "%arg1"),
        )],
        true,
    );
    add(
        "for %arg0 to %arg1: body range too wide for an exact loop",
        &a,
        &[&exact(
            n,
            &format!("{n} + 1"),
            n,
            &counter("[\"%arg0\", \"max(%arg0, %arg1)\"]", "[\"%arg0\", \"%arg1\"]", "max(%arg0, %arg1)"),
        )],
        true,
    );
    add(
        "for %arg0 to %arg1: at most one less",
        &a,
        &[&format!("\"status\": \"at_most\", \"max_body_count_expr\": \"{n} - 1\", \"reason\": \"self-test\"")],
        true,
    );

    // B: scf.for %i = 0 to dim(%arg0, 0) step 3.
    let b = SymCase {
        id: 1_000_002,
        ty: idx,
        args: vec![ArgKind::Mem1],
        loops: vec![simple_loop(Shape::ScfFor { unsigned: false }, Val::Const(0), Val::Dim { arg: 0, k: 0 }, 3)],
        arg_sets: [0u64, 1, 3, 7, 40].iter().map(|&d| vec![ArgValue::Buffer { dims: vec![d] }]).collect(),
        cf: None,
        nested: false,
    };
    let n = "dim(%arg0, 0) ceildiv 3";
    let bc = |body: &str, assumption: &str| {
        format!(
            "\"status\": \"exact\", \"body_count_expr\": \"{body}\", \"condition_count_expr\": \"{n} + 1\", \"assumptions\": [\"{assumption}\"], \"counter\": {{\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": 3, \"condition_expr\": [\"0\", \"3 * ({n})\"], \"body_expr\": [\"0\", \"3 * ({n}) - 3\"], \"exit_expr\": \"3 * ({n})\"}}"
        )
    };
    add("for 0 to dim step 3: right", &b, &[&bc(n, BUFFER_ASSUMPTION)], false);
    add("for 0 to dim step 3: floordiv", &b, &[&bc("dim(%arg0, 0) floordiv 3", BUFFER_ASSUMPTION)], true);
    add("for 0 to dim step 3: an assumption the fuzzer does not know", &b, &[&bc(n, "index-below-2^31")], true);
    add("for 0 to dim step 3: malformed expression", &b, &[&bc("max(0, dim(%arg0, 0) -", BUFFER_ASSUMPTION)], true);

    // C: i8 scf.while (%x = 0) x slt %arg0, x += 2: never ends for 127.
    let c = SymCase {
        id: 1_000_003,
        ty: Ty { width: 8, index: false },
        args: vec![ArgKind::Int(8)],
        loops: vec![simple_loop(Shape::While, Val::Const(0), Val::Arg(0), 2)],
        arg_sets: scalars(8, &[5, 126, -3, 127]),
        cf: None,
        nested: false,
    };
    add("i8 while x < %arg0 step 2: unknown", &c, &["\"status\": \"unknown\", \"reason\": \"self-test\""], false);
    add(
        "i8 while x < %arg0 step 2: exact although 127 never ends",
        &c,
        &["\"status\": \"exact\", \"body_count_expr\": \"max(0, %arg0) ceildiv 2\", \"condition_count_expr\": \"max(0, %arg0) ceildiv 2 + 1\""],
        true,
    );

    // D: do-while (next = x + 1; next ult %arg0) from 0, unsigned index.
    let mut dl = simple_loop(Shape::DoWhile, Val::Const(0), Val::Arg(0), 1);
    dl.pred = Predicate::Ult;
    let d = SymCase {
        id: 1_000_004,
        ty: idx,
        args: vec![ArgKind::Index],
        loops: vec![dl],
        arg_sets: scalars(64, &[0, 1, 2, 9, -1]),
        cf: None,
        nested: false,
    };
    let dc = |exit: &str| {
        format!(
            "\"status\": \"exact\", \"body_count_expr\": \"max(0, %arg0 - 1)\", \"condition_count_expr\": \"max(0, %arg0 - 1) + 1\", \"counter\": {{\"type\": \"index\", \"width\": 64, \"signed\": false, \"step\": 1, \"condition_expr\": [\"0\", \"max(0, %arg0 - 1)\"], \"body_expr\": [\"0\", \"%arg0 - 2\"], \"exit_expr\": \"{exit}\"}}"
        )
    };
    add("do-while next ult %arg0: right", &d, &[&dc("max(0, %arg0 - 1)")], false);
    add("do-while next ult %arg0: exit %arg0", &d, &[&dc("%arg0")], true);

    // E: loom.for %i = 0 to %arg0 with a break at %arg1.
    let mut el = simple_loop(Shape::LoomFor, Val::Const(0), Val::Arg(0), 1);
    el.brk = Some(Val::Arg(1));
    let e = SymCase {
        id: 1_000_005,
        ty: idx,
        args: vec![ArgKind::Index, ArgKind::Index],
        loops: vec![el],
        arg_sets: pairs(64, &[(10, 3), (10, 20), (0, 0), (5, 4), (-3, 1)]),
        cf: None,
        nested: false,
    };
    add(
        "loom.for with break: at most max(0, %arg0)",
        &e,
        &["\"status\": \"at_most\", \"max_body_count_expr\": \"max(0, %arg0)\", \"counter\": {\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": 1, \"condition_expr\": [\"0\", \"max(0, %arg0)\"], \"body_expr\": [\"0\", \"%arg0 - 1\"], \"exit_expr\": \"max(0, %arg0)\"}"],
        false,
    );
    add(
        "loom.for with break: at most one less",
        &e,
        &["\"status\": \"at_most\", \"max_body_count_expr\": \"max(0, %arg0) - 1\""],
        true,
    );
    add(
        "loom.for with break: exact",
        &e,
        &["\"status\": \"exact\", \"body_count_expr\": \"max(0, %arg0)\", \"condition_count_expr\": \"max(0, %arg0) + 1\""],
        true,
    );

    // F: scf.for %i = 0 to %arg0 { scf.for %j = %i to %arg0 }.
    let mut inner = simple_loop(Shape::ScfFor { unsigned: false }, Val::Outer(0, 0), Val::Arg(0), 1);
    inner.parent = Some(0);
    let f = SymCase {
        id: 1_000_006,
        ty: idx,
        args: vec![ArgKind::Index],
        loops: vec![simple_loop(Shape::ScfFor { unsigned: false }, Val::Const(0), Val::Arg(0), 1), inner],
        arg_sets: scalars(64, &[0, 1, 4, 7, -2]),
        cf: None,
        nested: false,
    };
    let outer = "\"status\": \"exact\", \"body_count_expr\": \"max(0, %arg0)\", \"condition_count_expr\": \"max(0, %arg0) + 1\", \"total_body_count_expr\": \"max(0, %arg0)\"";
    let tri = "max(0, %arg0) * (max(0, %arg0) + 1) floordiv 2";
    let inner_right = format!(
        "\"status\": \"at_most\", \"max_body_count_expr\": \"max(0, %arg0)\", \"total_body_count_expr\": \"{tri}\", \"total_condition_count_expr\": \"{tri} + max(0, %arg0)\", \"counter\": {{\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": 1, \"condition_expr\": [\"0\", \"max(0, %arg0)\"], \"body_expr\": [\"0\", \"%arg0 - 1\"]}}"
    );
    add("triangular nest: right", &f, &[outer, &inner_right], false);
    add(
        "triangular nest: inner total n*n/2",
        &f,
        &[outer, "\"status\": \"unknown\", \"total_body_count_expr\": \"%arg0 * %arg0 floordiv 2\""],
        true,
    );
    add(
        "triangular nest: inner exact",
        &f,
        &[outer, "\"status\": \"exact\", \"body_count_expr\": \"max(0, %arg0)\", \"condition_count_expr\": \"max(0, %arg0) + 1\""],
        true,
    );

    // G: scf.for %i = %arg0 to %arg0 + 8 (no flag) step 2, signed index.
    let g = SymCase {
        id: 1_000_007,
        ty: idx,
        args: vec![ArgKind::Index],
        loops: vec![simple_loop(
            Shape::ScfFor { unsigned: false },
            Val::Arg(0),
            Val::Arith { op: ArithOp::Add, a: Box::new(Val::Arg(0)), c: 8, flags: Flags::None, const_left: false },
            2,
        )],
        arg_sets: scalars(64, &[0, -3, smax - 3, smax, smin]),
        cf: None,
        nested: false,
    };
    add("for %lb to %lb + 8 step 2: at most 4", &g, &["\"status\": \"at_most\", \"max_body_count\": 4"], false);
    add(
        "for %lb to %lb + 8 step 2: exact 4 (numeric, v1 fields)",
        &g,
        &["\"status\": \"exact\", \"body_count\": 4, \"condition_count\": 5"],
        true,
    );

    // H: A's loop in the body block of a cf loop of 3 iterations (and of
    // one inside a multi-block scf.execute_region, and in a block that a
    // cf.cond_br %false never reaches): loops in non-entry blocks, where
    // `entries: 1` is wrong.
    let n = "max(0, %arg1 - %arg0)";
    let right_counter =
        counter("[\"%arg0\", \"max(%arg0, %arg1)\"]", "[\"%arg0\", \"%arg1 - 1\"]", "max(%arg0, %arg1)");
    let per_call = |entries: &str, tb: &str, tc: &str| {
        format!(
            "\"status\": \"exact\", \"body_count_expr\": \"{n}\", \"condition_count_expr\": \"{n} + 1\", \"entries\": {entries}, \"total_body_count_expr\": \"{tb}\", \"total_condition_count_expr\": \"{tc}\", {right_counter}"
        )
    };
    for (id, form, name_right, name_wrong, name_total) in [
        (
            1_000_008,
            CfForm::Loop,
            "for in a cf loop of 3: entries 3, totals 3 * n: right",
            "for in a cf loop of 3: entries 1 (the loop counted as entered once per call)",
            "for in a cf loop of 3: total body count n (one entry's)",
        ),
        (
            1_000_009,
            CfForm::ExecRegion,
            "for in a cf loop of 3 in scf.execute_region: right",
            "for in a cf loop of 3 in scf.execute_region: entries 1",
            "for in a cf loop of 3 in scf.execute_region: total body count n",
        ),
    ] {
        let h = SymCase { id, cf: Some((form, 3)), ..a.clone() };
        let (t3b, t3c) = (format!("3 * ({n})"), format!("3 * ({n} + 1)"));
        add(name_right, &h, &[&per_call("3", &t3b, &t3c)], false);
        add(name_wrong, &h, &[&per_call("1", &t3b, &t3c)], true);
        add(name_total, &h, &[&per_call("3", n, &t3c)], true);
    }
    let z = SymCase { id: 1_000_010, cf: Some((CfForm::Cond, 0)), ..a.clone() };
    add(
        "for in a block cf.cond_br %false never reaches: entries 0, totals 0: right",
        &z,
        &[&per_call("0", "0", "0")],
        false,
    );
    add("for in a block cf.cond_br %false never reaches: entries 1", &z, &[&per_call("1", "0", "0")], true);
    add(
        "for in a block cf.cond_br %false never reaches: total body count n",
        &z,
        &[&per_call("0", n, &format!("{n} + 1"))],
        true,
    );

    // P: scf.parallel (%i, %j) = (0, %arg0) to (%arg1, %arg1) step (1, 2)
    // { scf.for %k = 0 to 3 }: counts per dimension, as the nest it lowers
    // to.
    let dyn_dim = |lb: Val, ub: Val, step: u128| ParDim {
        lb,
        ub,
        step: Val::Const(step),
        static_lb: false,
        static_ub: false,
        static_step: false,
    };
    let mut par = simple_loop(Shape::Parallel { kind: ParKind::Parallel }, Val::Const(0), Val::Const(0), 1);
    par.dims = vec![dyn_dim(Val::Const(0), Val::Arg(1), 1), dyn_dim(Val::Arg(0), Val::Arg(1), 2)];
    let mut k3 = simple_loop(Shape::ScfFor { unsigned: false }, Val::Const(0), Val::Const(3), 1);
    k3.parent = Some(0);
    let p = SymCase {
        id: 1_000_011,
        ty: idx,
        args: vec![ArgKind::Index, ArgKind::Index],
        loops: vec![par, k3],
        arg_sets: pairs(64, &[(0, 5), (3, 10), (0, 6), (-5, -1), (10, 3)]),
        cf: None,
        nested: false,
    };
    let (c0, c1) = ("max(0, %arg1)", "max(0, %arg1 - %arg0) ceildiv 2");
    let pbody = format!("{c0} * ({c1})");
    let dim = |body: &str, cond: &str, step: u128, crange: [&str; 2], brange: [&str; 2], exit: &str| {
        format!(
            "{{\"status\": \"exact\", \"body_count_expr\": \"{body}\", \"condition_count_expr\": \"{cond}\", \"counter\": {{\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": {step}, \"condition_expr\": [\"{}\", \"{}\"], \"body_expr\": [\"{}\", \"{}\"], \"exit_expr\": \"{exit}\"}}}}",
            crange[0], crange[1], brange[0], brange[1]
        )
    };
    let d0 = dim(c0, &format!("{c0} + 1"), 1, ["0", c0], ["0", "%arg1 - 1"], c0);
    let last1 = format!("%arg0 + 2 * ({c1})");
    let d1_with = |body: &str, brange: [&str; 2], exit: &str| {
        dim(body, &format!("{body} + 1"), 2, ["%arg0", &last1], brange, exit)
    };
    let d1 = d1_with(c1, ["%arg0", &format!("{last1} - 2")], &last1);
    let ptop = |body: &str, extra: &str, dims: &[&str]| {
        format!(
            "\"status\": \"exact\", \"body_count_expr\": \"{body}\", \"entries\": 1, \"total_body_count_expr\": \"{body}\", {extra}\"dims\": [{}]",
            dims.join(", ")
        )
    };
    let inner = |entries: &str| {
        format!(
            "\"status\": \"exact\", \"body_count\": 3, \"condition_count\": 4, \"entries_expr\": \"{entries}\", \"total_body_count_expr\": \"3 * ({pbody})\", \"total_condition_count_expr\": \"4 * ({pbody})\", \"counter\": {{\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": 1, \"condition\": [0, 3], \"body\": [0, 2], \"exit\": 3}}"
        )
    };
    let right_inner = inner(&pbody);
    add("scf.parallel around a loop: right", &p, &[&ptop(&pbody, "", &[&d0, &d1]), &right_inner], false);
    add(
        "scf.parallel: body count without max(0, ...) on dimension 0",
        &p,
        &[&ptop(&format!("%arg1 * ({c1})"), "", &[&d0, &d1]), &right_inner],
        true,
    );
    let floor1 = "max(0, %arg1 - %arg0) floordiv 2";
    add(
        "scf.parallel: dims[1] count floordiv 2",
        &p,
        &[&ptop(&pbody, "", &[&d0, &d1_with(floor1, ["%arg0", &format!("{last1} - 2")], &last1)]), &right_inner],
        true,
    );
    add(
        "scf.parallel: dims[1] body range up to %arg1 - 1",
        &p,
        &[&ptop(&pbody, "", &[&d0, &d1_with(c1, ["%arg0", "%arg1 - 1"], &last1)]), &right_inner],
        true,
    );
    let d0_from1 = dim(c0, &format!("{c0} + 1"), 1, ["0", c0], ["1", "%arg1 - 1"], c0);
    add("scf.parallel: dims[0] body range from 1", &p, &[&ptop(&pbody, "", &[&d0_from1, &d1]), &right_inner], true);
    add(
        "scf.parallel: dims[1] exit %arg1",
        &p,
        &[&ptop(&pbody, "", &[&d0, &d1_with(c1, ["%arg0", &format!("{last1} - 2")], "%arg1")]), &right_inner],
        true,
    );
    add(
        "scf.parallel with a condition count",
        &p,
        &[&ptop(&pbody, &format!("\"condition_count_expr\": \"{pbody} + 1\", "), &[&d0, &d1]), &right_inner],
        true,
    );
    add(
        "scf.parallel with a counter",
        &p,
        &[
            &ptop(
                &pbody,
                "\"counter\": {\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": 1}, ",
                &[&d0, &d1],
            ),
            &right_inner,
        ],
        true,
    );
    add(
        "scf.parallel: one dims entry for two induction variables",
        &p,
        &[&ptop(&pbody, "", &[&d0]), &right_inner],
        true,
    );
    add("loop inside scf.parallel: entries 1", &p, &[&ptop(&pbody, "", &[&d0, &d1]), &inner("1")], true);

    // Q: scf.forall (%i, %j) in (%arg0, 4).
    let static_dim = |ub: Val, static_ub: bool| ParDim {
        lb: Val::Const(0),
        ub,
        step: Val::Const(1),
        static_lb: true,
        static_ub,
        static_step: true,
    };
    let mut fa = simple_loop(Shape::Parallel { kind: ParKind::ForallIn }, Val::Const(0), Val::Const(0), 1);
    fa.dims = vec![static_dim(Val::Arg(0), false), static_dim(Val::Const(4), true)];
    let q = SymCase {
        id: 1_000_012,
        ty: idx,
        args: vec![ArgKind::Index],
        loops: vec![fa],
        arg_sets: scalars(64, &[0, 3, -2, 7]),
        cf: None,
        nested: false,
    };
    let n0 = "max(0, %arg0)";
    let q0 = dim(n0, &format!("{n0} + 1"), 1, ["0", n0], ["0", &format!("{n0} - 1")], n0);
    let q1 = |cond: u32, body_hi: u32| {
        format!(
            "{{\"status\": \"exact\", \"body_count\": 4, \"condition_count\": {cond}, \"counter\": {{\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": 1, \"condition\": [0, 4], \"body\": [0, {body_hi}], \"exit\": 4}}}}"
        )
    };
    let qb = format!("4 * {n0}");
    add("scf.forall in (%arg0, 4): right", &q, &[&ptop(&qb, "", &[&q0, &q1(5, 3)])], false);
    add("scf.forall in (%arg0, 4): dims[1] condition count 4", &q, &[&ptop(&qb, "", &[&q0, &q1(4, 3)])], true);
    add("scf.forall in (%arg0, 4): dims[1] body range [0, 4]", &q, &[&ptop(&qb, "", &[&q0, &q1(5, 4)])], true);
    add("scf.forall in (%arg0, 4): body count 4 * %arg0", &q, &[&ptop("4 * %arg0", "", &[&q0, &q1(5, 3)])], true);

    // R: upstream's tiling (scf-parallel-loop-tiling): scf.parallel (%i,
    // %j) = (0, 0) to (%arg0, %arg1) step (4, 3) { scf.forall (%ii, %jj)
    // in (affine.min(4, %arg0 - %i), affine.min(3, %arg1 - %j)) }: each
    // inner dimension's count varies with the outer induction variables,
    // and its claims must hold on every entry of the inner op.
    let tile =
        |c: u128, n: usize, k: usize| Val::AffineMin { c, n: Box::new(Val::Arg(n)), iv: Box::new(Val::Outer(0, k)) };
    let mut tiles = simple_loop(Shape::Parallel { kind: ParKind::Parallel }, Val::Const(0), Val::Const(0), 1);
    tiles.dims = vec![dyn_dim(Val::Const(0), Val::Arg(0), 4), dyn_dim(Val::Const(0), Val::Arg(1), 3)];
    let mut in_tile = simple_loop(Shape::Parallel { kind: ParKind::ForallIn }, Val::Const(0), Val::Const(0), 1);
    in_tile.parent = Some(0);
    in_tile.dims = vec![static_dim(tile(4, 0, 0), false), static_dim(tile(3, 1, 1), false)];
    let r = SymCase {
        id: 1_000_013,
        ty: idx,
        args: vec![ArgKind::Index, ArgKind::Index],
        loops: vec![tiles, in_tile],
        arg_sets: pairs(64, &[(10, 7), (8, 6), (0, 5), (3, 3), (-2, 4)]),
        cf: None,
        nested: false,
    };
    let unknown = "\"status\": \"unknown\", \"reason\": \"self-test\"";
    let tdim = |max: u32, body_hi: u32| {
        format!(
            "{{\"status\": \"at_most\", \"max_body_count\": {max}, \"counter\": {{\"type\": \"index\", \"width\": 64, \"signed\": true, \"step\": 1, \"condition\": [0, {}], \"body\": [0, {body_hi}]}}}}",
            body_hi + 1
        )
    };
    let at_most = |max: u32, dims: &[String]| {
        format!("\"status\": \"at_most\", \"max_body_count\": {max}, \"dims\": [{}]", dims.join(", "))
    };
    let entries = "max(0, %arg0 ceildiv 4) * max(0, %arg1 ceildiv 3)";
    let exact_in = |entries: &str, d0: &str| {
        format!("\"status\": \"exact\", \"entries_expr\": \"{entries}\", \"dims\": [{d0}, {{\"status\": \"exact\"}}]")
    };
    add("tiled parallel nest: right", &r, &[unknown, &at_most(12, &[tdim(4, 3), tdim(3, 2)])], false);
    add(
        "tiled parallel nest: inner exact, counts not expressible: right",
        &r,
        &[unknown, &exact_in(entries, "{\"status\": \"exact\"}")],
        false,
    );
    add(
        "tiled parallel nest: inner dims[0] count 4 (every tile full)",
        &r,
        &[unknown, &exact_in(entries, "{\"status\": \"exact\", \"body_count\": 4, \"condition_count\": 5}")],
        true,
    );
    add(
        "tiled parallel nest: inner dims[1] body range [0, 1]",
        &r,
        &[unknown, &at_most(12, &[tdim(4, 3), tdim(3, 1)])],
        true,
    );
    add("tiled parallel nest: inner dims[1] at most 2", &r, &[unknown, &at_most(12, &[tdim(4, 3), tdim(2, 2)])], true);
    add("tiled parallel nest: inner entered once", &r, &[unknown, &exact_in("1", "{\"status\": \"exact\"}")], true);

    // S: in the nested 32-bit module, scf.parallel (%i) = (%arg0) to
    // (%arg0 + 9) step (3): the bound wraps at 32 bits for %arg0 near
    // 2^31 - 1 (no iteration) where at 64 bits it would not.
    let plus9 = Val::Arith { op: ArithOp::Add, a: Box::new(Val::Arg(0)), c: 9, flags: Flags::None, const_left: false };
    let mut wrap = simple_loop(Shape::Parallel { kind: ParKind::Parallel }, Val::Const(0), Val::Const(0), 1);
    wrap.dims = vec![dyn_dim(Val::Arg(0), plus9, 3)];
    let s32 = SymCase {
        id: 1_000_014,
        ty: Ty { width: 32, index: true },
        args: vec![ArgKind::Index32],
        loops: vec![wrap],
        arg_sets: scalars(32, &[0, 2147483637, 2147483640, -5]),
        cf: None,
        nested: true,
    };
    add(
        "32-bit scf.parallel %arg0 to %arg0 + 9 step 3: at most 3",
        &s32,
        &["\"status\": \"at_most\", \"max_body_count\": 3"],
        false,
    );
    add(
        "32-bit scf.parallel %arg0 to %arg0 + 9 step 3: exact 3, as at 64 bits",
        &s32,
        &["\"status\": \"exact\", \"body_count\": 3, \"dims\": [{\"status\": \"exact\", \"body_count\": 3, \"condition_count\": 4}]"],
        true,
    );
    out
}

/// Checks a scenario's claims against `runs`; the contradictions found.
pub fn check_scenario(s: &Scenario, runs: &[Run]) -> Result<SymTally, String> {
    let mut objs = Vec::new();
    for l in &s.loops {
        objs.push(Json::parse(l).map_err(|e| format!("scenario '{}': {e}\n{l}", s.name))?);
    }
    let refs: Vec<&Json> = objs.iter().collect();
    let mut tally = SymTally::default();
    check_case(&s.case, &refs, runs, &mut tally);
    Ok(tally)
}

/// Runs every scenario with executed truths; a line per scenario, and
/// whether every wrong one was caught and no right one was.
pub fn self_test(tools: &Tools, dir: &Path) -> Result<(Vec<String>, bool), String> {
    let all = scenarios();
    let mut cases: Vec<SymCase> = Vec::new();
    for s in &all {
        if !cases.iter().any(|c| c.id == s.case.id) {
            cases.push(s.case.clone());
        }
    }
    let mut tally = SymTally::default();
    let truth = truths(tools, dir, "self-test", &cases, &mut tally)?;
    // The unlisted-assumption check, planted on loom's own reports (with
    // and without the assumptions) of the first generated cases.
    let nests: Vec<SymCase> = (0..40).map(generate).collect();
    let text = report(tools, dir, "self-test-nests", &nests)?;
    let off = crate::assumption_diff::report_without_assumptions(
        &tools.loom_opt,
        &dir.join("plain-self-test-nests.mlir"),
        &dir.join("report-self-test-nests-off.json"),
        "",
    )?;
    let parse =
        |t: &str| loom::analysis::Report::from_json(t).map_err(|e| format!("report does not follow the schema: {e}"));
    let (diff_line, diff_ok) = crate::assumption_diff::self_test(&parse(&text)?, &parse(&off)?, "symbolic");
    let mut lines = vec![diff_line];
    let mut ok = tally.model_mismatches == 0 && tally.claims_violated == 0 && diff_ok;
    // A wrong count planted in the executed copy of the first scenario's
    // case (an exact loop; argument sets that enter it and that do not)
    // must stop each run with the claim's message (the batch of two is
    // split to find both).
    let planted = execute(tools, dir, "self-test-plant", &[(&cases[0], 0), (&cases[0], 1)], "plant=count")?;
    let plant_caught = planted.len() == 2 && planted.iter().all(|r| matches!(r, Err(e) if e.contains(CLAIM_VIOLATED)));
    ok &= plant_caught;
    lines.extend(tally.failures.iter().cloned());
    let (mut wrong, mut caught, mut right, mut right_flagged) = (0, 0, 0, 0);
    for s in &all {
        let i = cases.iter().position(|c| c.id == s.case.id).expect("collected above");
        let t = check_scenario(s, &truth[i])?;
        let n = t.contradictions();
        let first = t.failures.first().map_or(String::new(), |f| format!(": {f}"));
        if s.wrong {
            wrong += 1;
            caught += (n > 0) as usize;
            ok &= n > 0;
            lines.push(format!(
                "self-test: {} [wrong claim] {}{first}",
                if n > 0 { "caught" } else { "MISSED" },
                s.name
            ));
        } else {
            right += 1;
            right_flagged += (n > 0) as usize;
            ok &= n == 0;
            lines.push(format!(
                "self-test: {} [right claim] {}{first}",
                if n == 0 { "accepted" } else { "FLAGGED" },
                s.name
            ));
        }
    }
    lines.push(format!(
        "symbolic self-test: a wrong count planted in the executed copy (loom-check-claims{{plant=count}}), 2 runs: {}",
        if plant_caught { "caught" } else { "MISSED" }
    ));
    lines.push(format!(
        "symbolic self-test: {wrong} wrong claim sets, {caught} caught; {right} right claim sets, {right_flagged} flagged; {} runs executed",
        tally.executed
    ));
    let (line, early_ok) = super::early_end::self_test(&tools.loom_opt, dir)?;
    lines.push(line);
    ok &= early_ok;
    let (line, deep_ok) = super::deep_nest::self_test(tools, dir)?;
    lines.push(line);
    ok &= deep_ok;
    let (line, wide_ok) = super::wide_const::self_test(tools, dir)?;
    lines.push(line);
    ok &= wide_ok;
    Ok((lines, ok))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symbolic_fuzz::check::check_claims;
    use crate::symbolic_fuzz::claims::LoopClaims;
    use crate::symbolic_fuzz::mutants::mutants;
    use crate::symbolic_fuzz::simulate::all_runs;

    #[test]
    fn wrong_claims_are_caught_and_right_ones_accepted() {
        // The self-test's scenarios against the simulation alone (the
        // binary's --self-test runs them against execution too).
        for s in scenarios() {
            let t = check_scenario(&s, &all_runs(&s.case)).expect("scenario JSON parses");
            if s.wrong {
                assert!(t.contradictions() > 0, "wrong claims not caught: {}", s.name);
            } else {
                assert_eq!(t.contradictions(), 0, "right claims flagged: {}: {:?}", s.name, t.failures);
            }
        }
    }

    #[test]
    fn off_by_one_mutants_of_right_claims_are_caught() {
        for s in scenarios().into_iter().filter(|s| !s.wrong && s.name.starts_with("for %arg0 to %arg1")) {
            let claims: Vec<LoopClaims> =
                s.loops.iter().map(|l| LoopClaims::from_json(&Json::parse(l).expect("parses"))).collect();
            let runs = all_runs(&s.case);
            let ms = mutants(&claims);
            assert!(ms.len() >= 8, "{} mutants", ms.len());
            for (kind, m) in ms {
                let mut t = SymTally::default();
                check_claims(&s.case, &m, &runs, &mut t);
                assert!(t.contradictions() > 0, "{kind} mutant of '{}' not caught", s.name);
            }
        }
    }
}
