//! The constant facts fuzzer's self-test: hand-made right and wrong claims
//! about the context shapes (entries and totals of loops in non-entry
//! blocks, proofs at the wrong index width or from an out-of-width
//! assumption), judged by [`check_case`] against the simulation. Every
//! wrong claim must be caught and no right one flagged.

use loom::analysis::{AccessReport, AccessStatus, LoopReport, LoopStatus};

use crate::int::Predicate;

use super::check::{check_case, Tally};
use super::generate::generate_base;
use super::model::{Access, AccessOp, AddForm, Case, Expr, Kind, OuterForm, Place, Ty};
use super::{FUEL, LONG_FUEL};

/// `scf.while` counting 0 to 4 by 1 (index, `iw` bits) with one store at
/// `%i + c` into `memref<size>`, no enclosing loop.
fn worked_case(id: u64, iw: u32, c: u128, size: u64) -> Case {
    let mut k = generate_base(1, iw == 32);
    k.id = id;
    k.ty = Ty { width: iw, index: true };
    k.iw = iw;
    k.kind = Kind::While { perm: vec![0], fo: vec![0] };
    k.inits = vec![0];
    (k.tested, k.offset, k.offset_form) = (0, 0, AddForm::Same);
    (k.pred, k.counter_lhs, k.bound) = (Predicate::Slt, true, 4);
    k.yields = vec![Expr::Add { src: 0, c: 1, form: AddForm::AddR }];
    k.step = 1;
    k.accesses = vec![Access { place: Place::Body, src: 0, c, sext: true, op: AccessOp::Store, size, guard: None }];
    (k.outer, k.outer_form, k.nested, k.oow, k.wide) = (None, OuterForm::ScfFor, false, None, None);
    k
}

/// The right report of [`worked_case`] entered `entries` times, its one
/// access `proven` or not.
fn worked_claims(case: &Case, entries: u128, proven: bool) -> (LoopReport, AccessReport) {
    let w = case.iw;
    let l = LoopReport {
        function: format!("c{}", case.id),
        loc: "self-test".into(),
        op: "scf.while".into(),
        depth: 0,
        status: LoopStatus::Exact,
        body_count: Some(4),
        condition_count: Some(5),
        max_body_count: None,
        reason: None,
        entries: Some(entries),
        total_body_count: Some(4 * entries),
        total_condition_count: Some(5 * entries),
        counter: Some(loom::analysis::CounterReport {
            type_name: "index".into(),
            width: w,
            signed: true,
            step: 1,
            condition: [0, 4],
            body: Some([0, 3]),
            exit: Some(4),
            condition_expr: None,
            body_expr: None,
            exit_expr: None,
        }),
        note: None,
        body_count_expr: None,
        condition_count_expr: None,
        max_body_count_expr: None,
        total_body_count_expr: None,
        total_condition_count_expr: None,
        assumptions: Vec::new(),
        dims: Vec::new(),
    };
    let a = AccessReport {
        function: l.function.clone(),
        loc: "self-test".into(),
        op: "memref.store".into(),
        status: if proven { AccessStatus::Proven } else { AccessStatus::Unproven },
        reason: None,
        assumptions: Vec::new(),
        precondition: None,
        precondition_assumptions: Vec::new(),
        call_sites: None,
        rests_on: Vec::new(),
    };
    (l, a)
}

/// Hand-made claims, right and wrong, about the context shapes, checked
/// against the simulation by [`check_case`]: `(name, wrong, contradictions
/// found)`.
pub fn self_test_claims() -> Vec<(String, bool, usize)> {
    let mut out = Vec::new();
    let mut run = |name: &str, case: &Case, l: &LoopReport, a: &AccessReport, wrong: bool| {
        let mut t = Tally::default();
        let outcome = case.simulate(FUEL);
        check_case(case, &[l], &[a], &outcome, &mut || case.simulate(LONG_FUEL), &mut t);
        out.push((name.to_string(), wrong, t.failures.len()));
    };
    for (form, n, what) in [
        (OuterForm::CfLoop, 3, "in a cf loop of 3"),
        (OuterForm::ExecRegion, 2, "in a cf loop of 2 inside scf.execute_region"),
        (OuterForm::CfCond, 0, "in a block cf.cond_br %false never reaches"),
    ] {
        let mut c = worked_case(2_000_001, 64, 0, 8);
        (c.outer, c.outer_form) = (Some(n), form);
        let (l, a) = worked_claims(&c, n as u128, true);
        run(&format!("while 0..4 {what}: entries {n}, totals {}: right", 4 * n), &c, &l, &a, false);
        let (l1, a1) = worked_claims(&c, 1, true);
        run(&format!("while 0..4 {what}: entries 1 (once per call)"), &c, &l1, &a1, true);
        let mut lt = l.clone();
        lt.total_body_count = Some(4);
        run(&format!("while 0..4 {what}: total body count 4 (one entry's)"), &c, &lt, &a, true);
    }
    // Index divsi(%i + 2^31, 2^29) in a 32-bit module: -4..-3 at 32 bits,
    // 4 at 64 (the root's width): a proof at the root's width is wrong.
    let mut c = worked_case(2_000_002, 32, 0, 8);
    c.nested = true;
    c.wide = Some((0, 1 << 31, Some(1 << 29)));
    let (l, a) = worked_claims(&c, 1, false);
    run("nested 32-bit module: divsi(%i + 2^31, 2^29) unproven: right", &c, &l, &a, false);
    let (l, a) = worked_claims(&c, 1, true);
    run("nested 32-bit module: divsi(%i + 2^31, 2^29) into memref<8> proven", &c, &l, &a, true);
    // %i + 2^32 + 1 in a 64-bit module of a 32-bit root: 1..4 at 32 bits.
    let mut c = worked_case(2_000_003, 64, (1 << 32) + 1, 8);
    c.nested = true;
    let (l, a) = worked_claims(&c, 1, true);
    run("nested 64-bit module: %i + 2^32 + 1 into memref<8> proven", &c, &l, &a, true);
    // An out-of-width assume_range on a 32-bit index that goes past the end.
    let mut c = worked_case(2_000_004, 32, 6, 8);
    c.oow = Some((0, 1 << 31, (1 << 32) - 1));
    let (l, a) = worked_claims(&c, 1, true);
    run("assume_range [2^31, 2^32 - 1] on %i + 6 into memref<8> (32-bit) proven", &c, &l, &a, true);
    let (l, a) = worked_claims(&c, 1, false);
    run("assume_range [2^31, 2^32 - 1] on %i + 6 into memref<8> (32-bit) unproven: right", &c, &l, &a, false);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn self_test_claims_are_judged_right() {
        for (name, wrong, found) in self_test_claims() {
            assert_eq!(found > 0, wrong, "{name}: {found} contradictions");
        }
    }
}
