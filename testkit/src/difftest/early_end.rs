//! Loop bodies that end the program early: `exit` and failing `cf.assert`.
//!
//! One template, appended to a program's `@main` by the generator (one
//! program in six, from a random stream of its own so that the rest of the
//! program is what the seed made before the template existed). The ending
//! op is either `func.call @exit(%code)` under a `loom.if` or a
//! `cf.assert %ok, "..."` that may fail; its condition depends on the
//! counter or on a computed value. Two shapes:
//!
//! **Counted, near the counter type's maximum** (`T` is `i32`, `i64` or
//! `index`; the constants as in `near_max`):
//! ```mlir
//! %r = loom.for %i = %lb to %ub step %s iter_args(%acc = %zero) -> (i64) : T {
//!   %e = arith.addi %i, %c : T                     // no overflow flags
//!   %n = loom.for %j = %i to %e step %one ... { count trips }
//!   vector.print %n : i64
//!   %acc1 = arith.addi %acc, %n : i64
//!   [break decision]  %b = arith.cmpi sge, %i, %brk : T   loom.if %b { loom.break %t, %acc1 }
//!   [ending]          %z = arith.cmpi sge, %i, %end : T    (or: ... | %n == 0)
//!                     loom.if %z { func.call @exit(%code) }   or   cf.assert !%z, "..."
//!   loom.yield %acc1 : i64
//! }
//! vector.print %r : i64
//! ```
//! The break decision comes before or after the ending, or not at all.
//! Where the last iteration's increment would overflow, the ending or the
//! break comes at that iteration or earlier (so the run never reaches the
//! undefined increment); elsewhere either may come at a random iteration or
//! never. In the iterations near the maximum `%i + %c` wraps and the inner
//! loop runs no trip: a fact derived from `%i <= MAX - %s` (true only where
//! the iteration reaches its increment, which the ending op prevents) would
//! count `%c` trips there, and `loom-check-claims` makes such a claim abort.
//!
//! **Uncounted** (`loom.loop` with the fuel guard, a `loom.scope` inside):
//! ```mlir
//! %r = loom.loop token(%t) iter_args(%fuel = F, %x = X) : (i32, i64) -> (i64) {
//!   <fuel guard: loom.break %t, %x>
//!   %x1 = arith.addi (arith.muli %x, %m), %a : i64
//!   vector.print %x1 : i64
//!   %s = loom.scope token(%u) -> (i64) {
//!     %q = arith.remsi %x1, %d : i64
//!     [decisions, in random order: loom.if (%q == k1) { loom.break %t, %x1 },
//!      loom.if (%q == k2) { loom.continue %t, %next, %x1 },
//!      loom.if (%q == k3) { loom.break %u, %x1 }]
//!     [ending on %q == k4 (exit) or %q != k4 (assert)]
//!     loom.yield %x1 : i64
//!   }
//!   loom.continue %t, %next, %s : i32, i64
//! }
//! vector.print %r : i64
//! ```
//! Whether (and where) it ends is left to the data; the reference
//! interpreter says.
//!
//! Invariants: the appended ops satisfy `check`'s rules (fuel guard,
//! counted-loop forms, assert messages of lower-case letters, digits and
//! spaces), every value they define is fresh, and no run reaches an
//! undefined increment.

use super::near_max::NearMax;
use super::program::{
    wrap_to_width, Block, CmpIPredicate, Constant, ForOp, IfOp, IntBinOp, IterArg, LoopOp, Op, ProgramBuilder, ScopeOp,
    Terminator, TokenId, Type, ValueId,
};
use crate::rng::Rng;

/// Mixed into the seed to give the template its own random stream.
const STREAM: u64 = 0x6561_726C_792D_656E;

/// How the template ends the program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ending {
    /// `loom.if %cond { func.call @exit(%code) }`.
    Exit(i32),
    /// `cf.assert %not_cond, "..."`.
    Assert,
}

/// Where the break decision of the counted shape goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BreakPlace {
    None,
    BeforeEnding,
    AfterEnding,
}

/// The counted shape's choices.
#[derive(Clone, Copy, Debug)]
struct Counted {
    ty: Type,
    /// `[lb, ub, s, c, brk, end]`.
    constants: [i64; 6],
    ending: Ending,
    brk: BreakPlace,
    /// The ending's condition is also true where the inner loop ran no trip.
    on_no_trip: bool,
}

/// The uncounted shape's choices.
#[derive(Clone, Copy, Debug)]
struct Uncounted {
    fuel: i64,
    /// `[x0, m, a, d]`: start, multiplier, addend, divisor.
    arith: [i64; 4],
    /// Remainders deciding break-loop, continue, break-scope, ending
    /// (`None`: that decision is absent).
    decisions: [Option<i64>; 3],
    /// The order of the three decisions.
    order: [usize; 3],
    end_on: i64,
    ending: Ending,
}

/// Appends the template to `ops` for one seed in six.
pub fn maybe_append(builder: &mut ProgramBuilder, seed: u64, ops: &mut Vec<Op>) {
    let mut rng = Rng::new(seed ^ STREAM);
    if !rng.chance(1, 6) {
        return;
    }
    let ending =
        if rng.chance(1, 2) { Ending::Exit(*rng.choose(&[0, 1, 3, 42, 257]).unwrap_or(&1)) } else { Ending::Assert };
    if rng.chance(1, 2) {
        append_counted(builder, ops, counted(&mut rng, ending), seed);
    } else {
        append_uncounted(builder, ops, uncounted(&mut rng, ending), seed);
    }
}

fn counted(rng: &mut Rng, ending: Ending) -> Counted {
    let NearMax { ty, lower, upper, step, trips, offset, overflows } = NearMax::draw(rng);
    // Iterations (0-based) of the ending and the break; `trips` means never.
    let mut end_at = if rng.chance(3, 4) { rng.range_i64(0, trips - 1) } else { trips };
    let brk = *rng
        .choose(&[BreakPlace::None, BreakPlace::BeforeEnding, BreakPlace::AfterEnding])
        .unwrap_or(&BreakPlace::None);
    let mut break_at = if brk != BreakPlace::None && rng.chance(2, 3) { rng.range_i64(0, trips - 1) } else { trips };
    if overflows && end_at == trips && break_at == trips {
        // Something must come before the undefined increment.
        if brk == BreakPlace::None || rng.chance(1, 2) {
            end_at = rng.range_i64(0, trips - 1);
        } else {
            break_at = rng.range_i64(0, trips - 1);
        }
    }
    let at = |k: i64| if k == trips { upper } else { lower + k * step };
    Counted {
        ty,
        constants: [lower, upper, step, offset, at(break_at), at(end_at)],
        ending,
        brk,
        on_no_trip: rng.chance(1, 2),
    }
}

fn uncounted(rng: &mut Rng, ending: Ending) -> Uncounted {
    let d = rng.range_i64(3, 7);
    let mut decision = || if rng.chance(2, 3) { Some(rng.range_i64(0, d - 1)) } else { None };
    let decisions = [decision(), decision(), decision()];
    let order = *rng.choose(&[[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]).unwrap_or(&[0, 1, 2]);
    Uncounted {
        fuel: rng.range_i64(2, 8),
        arith: [rng.range_i64(-20, 20), rng.range_i64(1, 5), rng.range_i64(-7, 7), d],
        decisions,
        order,
        end_on: rng.range_i64(0, d - 1),
        ending,
    }
}

/// Appends `Const` ops to the op list it is given; the fresh values.
struct Emitter<'b> {
    b: &'b mut ProgramBuilder,
}

impl Emitter<'_> {
    fn constant(&mut self, ops: &mut Vec<Op>, ty: Type, x: i64) -> ValueId {
        let result = self.b.value(ty);
        ops.push(Op::Const { result, value: Constant::Int(wrap_to_width(x, ty.int_width().unwrap_or(64))) });
        result
    }

    fn binary(&mut self, ops: &mut Vec<Op>, op: IntBinOp, lhs: ValueId, rhs: ValueId) -> ValueId {
        let result = self.b.value(self.b.type_of(lhs).unwrap_or(Type::I64));
        ops.push(Op::IntBinary { result, op, lhs, rhs });
        result
    }

    fn cmp(&mut self, ops: &mut Vec<Op>, predicate: CmpIPredicate, lhs: ValueId, rhs: ValueId) -> ValueId {
        let result = self.b.value(Type::I1);
        ops.push(Op::CmpI { result, predicate, lhs, rhs });
        result
    }

    /// `loom.if %cond { <terminator> }`.
    fn exit_if(ops: &mut Vec<Op>, condition: ValueId, terminator: Terminator) {
        ops.push(Op::If(IfOp {
            results: Vec::new(),
            condition,
            then_block: Block { ops: Vec::new(), terminator },
            else_block: None,
        }));
    }

    /// The ending op, taken where `cond` is true.
    fn ending(&mut self, ops: &mut Vec<Op>, ending: Ending, cond: ValueId, seed: u64) {
        match ending {
            Ending::Exit(code) => {
                let mut then = Vec::new();
                let code = self.constant(&mut then, Type::I32, i64::from(code));
                then.push(Op::Exit { code });
                ops.push(Op::If(IfOp {
                    results: Vec::new(),
                    condition: cond,
                    then_block: Block { ops: then, terminator: Terminator::Yield(Vec::new()) },
                    else_block: None,
                }));
            }
            Ending::Assert => {
                let t = self.constant(ops, Type::I1, 1);
                let ok = self.binary(ops, IntBinOp::Xor, cond, t);
                ops.push(Op::Assert { condition: ok, message: format!("difftest assert seed {seed}") });
            }
        }
    }
}

fn append_counted(builder: &mut ProgramBuilder, ops: &mut Vec<Op>, c: Counted, seed: u64) {
    let ty = c.ty;
    let mut e = Emitter { b: builder };
    let [lb, ub, step, offset, brk, end] = c.constants.map(|x| e.constant(ops, ty, x));
    let one = e.constant(ops, ty, 1);
    let zero64 = e.constant(ops, Type::I64, 0);
    let one64 = e.constant(ops, Type::I64, 1);

    let (i, acc) = (e.b.value(ty), e.b.value(Type::I64));
    let mut body = Vec::new();
    let upper = e.binary(&mut body, IntBinOp::Add, i, offset);
    let (j, k) = (e.b.value(ty), e.b.value(Type::I64));
    let mut inner_body = Vec::new();
    let k1 = e.binary(&mut inner_body, IntBinOp::Add, k, one64);
    let n = e.b.value(Type::I64);
    body.push(Op::For(ForOp {
        results: vec![n],
        token: e.b.token(),
        induction: j,
        lower: i,
        upper,
        step: one,
        iter_args: vec![IterArg { param: k, init: zero64 }],
        body: Block { ops: inner_body, terminator: Terminator::Yield(vec![k1]) },
    }));
    body.push(Op::Print { value: n });
    let acc1 = e.binary(&mut body, IntBinOp::Add, acc, n);
    let token = e.b.token();
    let break_decision = |e: &mut Emitter, body: &mut Vec<Op>| {
        let b = e.cmp(body, CmpIPredicate::Sge, i, brk);
        Emitter::exit_if(body, b, Terminator::Break { target: token, values: vec![acc1] });
    };
    if c.brk == BreakPlace::BeforeEnding {
        break_decision(&mut e, &mut body);
    }
    let mut cond = e.cmp(&mut body, CmpIPredicate::Sge, i, end);
    if c.on_no_trip {
        let none = e.cmp(&mut body, CmpIPredicate::Eq, n, zero64);
        cond = e.binary(&mut body, IntBinOp::Or, cond, none);
    }
    e.ending(&mut body, c.ending, cond, seed);
    if c.brk == BreakPlace::AfterEnding {
        break_decision(&mut e, &mut body);
    }
    let r = e.b.value(Type::I64);
    ops.push(Op::For(ForOp {
        results: vec![r],
        token,
        induction: i,
        lower: lb,
        upper: ub,
        step,
        iter_args: vec![IterArg { param: acc, init: zero64 }],
        body: Block { ops: body, terminator: Terminator::Yield(vec![acc1]) },
    }));
    ops.push(Op::Print { value: r });
}

fn append_uncounted(builder: &mut ProgramBuilder, ops: &mut Vec<Op>, u: Uncounted, seed: u64) {
    let mut e = Emitter { b: builder };
    let fuel0 = e.constant(ops, Type::I32, u.fuel);
    let x0 = e.constant(ops, Type::I64, u.arith[0]);
    let (fuel, x) = (e.b.value(Type::I32), e.b.value(Type::I64));
    let t: TokenId = e.b.token();

    // The fuel guard (see `check`).
    let mut body = Vec::new();
    let zero = e.constant(&mut body, Type::I32, 0);
    let out = e.cmp(&mut body, CmpIPredicate::Sle, fuel, zero);
    Emitter::exit_if(&mut body, out, Terminator::Break { target: t, values: vec![x] });
    let one = e.constant(&mut body, Type::I32, 1);
    let next = e.binary(&mut body, IntBinOp::Sub, fuel, one);

    let [m, a, d] = [u.arith[1], u.arith[2], u.arith[3]].map(|v| e.constant(&mut body, Type::I64, v));
    let scaled = e.binary(&mut body, IntBinOp::Mul, x, m);
    let x1 = e.binary(&mut body, IntBinOp::Add, scaled, a);
    body.push(Op::Print { value: x1 });

    let u_token = e.b.token();
    let mut scope = Vec::new();
    let q = e.binary(&mut scope, IntBinOp::RemS, x1, d);
    for &which in &u.order {
        let Some(k) = u.decisions[which] else { continue };
        let kv = e.constant(&mut scope, Type::I64, k);
        let hit = e.cmp(&mut scope, CmpIPredicate::Eq, q, kv);
        let terminator = match which {
            0 => Terminator::Break { target: t, values: vec![x1] },
            1 => Terminator::Continue { target: t, values: vec![next, x1] },
            _ => Terminator::Break { target: u_token, values: vec![x1] },
        };
        Emitter::exit_if(&mut scope, hit, terminator);
    }
    let kv = e.constant(&mut scope, Type::I64, u.end_on);
    let hit = e.cmp(&mut scope, CmpIPredicate::Eq, q, kv);
    e.ending(&mut scope, u.ending, hit, seed);
    let s = e.b.value(Type::I64);
    body.push(Op::Scope(ScopeOp {
        results: vec![s],
        token: u_token,
        body: Block { ops: scope, terminator: Terminator::Yield(vec![x1]) },
    }));
    let r = e.b.value(Type::I64);
    ops.push(Op::Loop(LoopOp {
        results: vec![r],
        token: t,
        iter_args: vec![IterArg { param: fuel, init: fuel0 }, IterArg { param: x, init: x0 }],
        body: Block { ops: body, terminator: Terminator::Continue { target: t, values: vec![next, s] } },
    }));
    ops.push(Op::Print { value: r });
}

#[cfg(test)]
mod tests {
    use super::super::check::check;
    use super::super::interpret::interpret_to_end;
    use super::super::program::RunEnd;
    use super::*;

    fn counted_program(
        ty: Type,
        constants: [i64; 6],
        ending: Ending,
        brk: BreakPlace,
        on_no_trip: bool,
    ) -> super::super::Program {
        let mut builder = ProgramBuilder::new();
        let mut ops = Vec::new();
        append_counted(&mut builder, &mut ops, Counted { ty, constants, ending, brk, on_no_trip }, 7);
        builder.finish(7, ops)
    }

    #[test]
    fn an_exit_before_an_overflowing_increment_ends_the_run_with_the_lines_printed_before() {
        let max = i64::from(i32::MAX);
        // %i = MAX-6, MAX-2; MAX-2 + 4 overflows; the exit at MAX-2 comes first,
        // after the wrapped inner loop printed its 0 trips.
        let p =
            counted_program(Type::I32, [max - 6, max, 4, 4, max, max - 2], Ending::Exit(257), BreakPlace::None, false);
        check(&p).unwrap();
        assert_eq!(interpret_to_end(&p).unwrap(), (vec!["4".to_string(), "0".to_string()], RunEnd::Exited(257)));
        assert_eq!(RunEnd::Exited(257).status(), Some(1));
    }

    #[test]
    fn a_failing_assert_prints_its_message_and_aborts_and_a_break_before_it_wins() {
        let max = i64::MAX;
        let p =
            counted_program(Type::Index, [max - 6, max, 4, 1, max, max - 2], Ending::Assert, BreakPlace::None, true);
        check(&p).unwrap();
        let lines = vec!["1".to_string(), "1".to_string(), "difftest assert seed 7".to_string()];
        assert_eq!(interpret_to_end(&p).unwrap(), (lines, RunEnd::Aborted));
        // The same with a break at the first iteration, before the ending.
        let p = counted_program(
            Type::Index,
            [max - 6, max, 4, 1, max - 6, max - 2],
            Ending::Assert,
            BreakPlace::BeforeEnding,
            false,
        );
        check(&p).unwrap();
        assert_eq!(interpret_to_end(&p).unwrap(), (vec!["1".to_string(), "1".to_string()], RunEnd::Returned));
    }

    #[test]
    fn the_ending_on_a_wrapped_inner_loop_fires_at_the_first_no_trip_iteration() {
        let max = i64::from(i32::MAX);
        // %i = MAX-5, MAX-4, MAX-3, MAX-2 (step 1, c 3): %i + 3 wraps from MAX-2 on.
        let p = counted_program(Type::I32, [max - 5, max - 1, 1, 3, max, max], Ending::Exit(0), BreakPlace::None, true);
        check(&p).unwrap();
        let lines: Vec<String> = ["3", "3", "3", "0"].map(String::from).to_vec();
        assert_eq!(interpret_to_end(&p).unwrap(), (lines, RunEnd::Exited(0)));
    }

    #[test]
    fn one_program_in_six_gets_the_template_every_one_is_valid_and_many_end_early() {
        let (mut with, mut early, mut exits, mut aborts) = (0, 0, 0, 0);
        for seed in 0..1200u64 {
            let mut builder = ProgramBuilder::new();
            let mut ops = Vec::new();
            maybe_append(&mut builder, seed, &mut ops);
            if ops.is_empty() {
                continue;
            }
            with += 1;
            let p = builder.finish(seed, ops);
            assert!(p.may_end_early(), "seed {seed}");
            check(&p).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            let (_, end) = interpret_to_end(&p).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            early += u32::from(end.is_early());
            exits += u32::from(matches!(end, RunEnd::Exited(_)));
            aborts += u32::from(end == RunEnd::Aborted);
        }
        assert!((150..250).contains(&with), "{with}");
        assert!(early * 4 > with && exits * 10 > with && aborts * 10 > with, "{with} {early} {exits} {aborts}");
        assert!(early < with, "some programs with the template return: {early} of {with}");
    }
}
