//! Counted loops near their counter type's maximum, left before the latch.
//!
//! One template, appended to a program's `@main` by the generator (one
//! program in three, from a random stream of its own so that the rest of
//! the program is what the seed made before the template existed):
//!
//! ```mlir
//! %r = loom.for %i = %lb to %ub step %s iter_args(%acc = %zero) -> (i64) : T {
//!   %e = arith.addi %i, %c : T                        // no overflow flags
//!   %n = loom.for %j = %i to %e step %one iter_args(%k = %zero) -> (i64) : T {
//!     %k1 = arith.addi %k, %one64 : i64
//!     loom.yield %k1 : i64
//!   }
//!   vector.print %n : i64
//!   %acc1 = arith.addi %acc, %n : i64
//!   %last = arith.cmpi sge, %i, %brk : T
//!   loom.if %last { loom.break %t, %acc1 : i64 }      // before the latch
//!   loom.yield %acc1 : i64
//! }
//! vector.print %r : i64
//! ```
//!
//! `T` is `i32`, `i64` or `index`; `%ub` is within 2 of `T`'s signed
//! maximum, the loop runs 1 to 4 iterations of step 1 to 4, and `%c` (1 to
//! 6) may exceed the step. Where the last iteration's `%i + %s` would
//! overflow, `%brk` is at most that iteration's counter, so the break always
//! comes first (otherwise the increment would be undefined, which the
//! interpreter rejects); elsewhere the break comes at a random iteration or
//! never. In the iterations near the maximum `%i + %c` wraps and the inner
//! loop runs no trip: a fact derived from `%i <= MAX - %s` (true only where
//! the iteration reaches the increment) would count `%c` trips there, and
//! `loom-check-claims` turns such a claim into an abort.
//!
//! Invariants: the appended ops satisfy `check`'s rules (the inner loop is
//! its `%v` to `%v + c` by 1 form; the outer one has constant bounds with at
//! most 4 trips), and every value they define is fresh.

use super::program::{
    wrap_to_width, Block, CmpIPredicate, Constant, ForOp, IfOp, IntBinOp, IterArg, Op, ProgramBuilder, Terminator,
    Type, ValueId,
};
use crate::rng::Rng;

/// Mixed into the seed to give the template its own random stream.
const STREAM: u64 = 0x6E65_6172_2D6D_6178;

/// Appends the template to `ops` for one seed in three.
pub fn maybe_append(builder: &mut ProgramBuilder, seed: u64, ops: &mut Vec<Op>) {
    let mut rng = Rng::new(seed ^ STREAM);
    if !rng.chance(1, 3) {
        return;
    }
    let NearMax { ty, lower, upper, step, trips, offset, overflows } = NearMax::draw(&mut rng);
    // The iteration (0-based) whose counter is `%brk`; `trips` means never.
    let break_at = if overflows || rng.chance(2, 3) { rng.range_i64(0, trips - 1) } else { trips };
    let brk = lower + break_at * step;
    append(builder, ops, ty, [lower, upper, step, offset, brk]);
}

/// The constants of a counted loop near its counter type's maximum (this
/// template's, and the counted early-end loop's).
pub(super) struct NearMax {
    /// `i32`, `i64` or `index`.
    pub ty: Type,
    pub lower: i64,
    /// Within 2 of the type's signed maximum.
    pub upper: i64,
    /// 1 to 4.
    pub step: i64,
    /// The iterations from `lower` to `upper` (1 to 4).
    pub trips: i64,
    /// The inner loop's `c` (1 to 6).
    pub offset: i64,
    /// Whether the last iteration's increment would overflow.
    pub overflows: bool,
}

impl NearMax {
    pub(super) fn draw(rng: &mut Rng) -> NearMax {
        let ty = *rng.choose(&[Type::I32, Type::I64, Type::Index]).unwrap_or(&Type::Index);
        let width = ty.int_width().unwrap_or(64);
        let max = i64::MAX >> (64 - width);
        let step = rng.range_i64(1, 4);
        let trips = rng.range_i64(1, 4);
        let upper = max - rng.range_i64(0, 2);
        let last = upper - 1 - rng.range_i64(0, step - 1);
        let lower = last - (trips - 1) * step;
        let offset = rng.range_i64(1, 6);
        let overflows = i128::from(last) + i128::from(step) > i128::from(max);
        NearMax { ty, lower, upper, step, trips, offset, overflows }
    }
}

/// The template with constants `[lb, ub, s, c, brk]` of type `ty`.
fn append(builder: &mut ProgramBuilder, ops: &mut Vec<Op>, ty: Type, constants: [i64; 5]) {
    let constant = |b: &mut ProgramBuilder, ops: &mut Vec<Op>, ty: Type, x: i64| -> ValueId {
        let result = b.value(ty);
        ops.push(Op::Const { result, value: Constant::Int(wrap_to_width(x, ty.int_width().unwrap_or(64))) });
        result
    };
    let [lb, ub, step, offset, brk] = constants.map(|x| constant(builder, ops, ty, x));
    let one = constant(builder, ops, ty, 1);
    let zero64 = constant(builder, ops, Type::I64, 0);
    let one64 = constant(builder, ops, Type::I64, 1);

    // The inner loop: %j = %i to %i + c, counting its trips.
    let (i, acc) = (builder.value(ty), builder.value(Type::I64));
    let e = builder.value(ty);
    let (j, k, k1, n) =
        (builder.value(ty), builder.value(Type::I64), builder.value(Type::I64), builder.value(Type::I64));
    let inner = ForOp {
        results: vec![n],
        token: builder.token(),
        induction: j,
        lower: i,
        upper: e,
        step: one,
        iter_args: vec![IterArg { param: k, init: zero64 }],
        body: Block {
            ops: vec![Op::IntBinary { result: k1, op: IntBinOp::Add, lhs: k, rhs: one64 }],
            terminator: Terminator::Yield(vec![k1]),
        },
    };
    let outer_token = builder.token();
    let (acc1, is_last, r) = (builder.value(Type::I64), builder.value(Type::I1), builder.value(Type::I64));
    let body = vec![
        Op::IntBinary { result: e, op: IntBinOp::Add, lhs: i, rhs: offset },
        Op::For(inner),
        Op::Print { value: n },
        Op::IntBinary { result: acc1, op: IntBinOp::Add, lhs: acc, rhs: n },
        Op::CmpI { result: is_last, predicate: CmpIPredicate::Sge, lhs: i, rhs: brk },
        Op::If(IfOp {
            results: Vec::new(),
            condition: is_last,
            then_block: Block {
                ops: Vec::new(),
                terminator: Terminator::Break { target: outer_token, values: vec![acc1] },
            },
            else_block: None,
        }),
    ];
    ops.push(Op::For(ForOp {
        results: vec![r],
        token: outer_token,
        induction: i,
        lower: lb,
        upper: ub,
        step,
        iter_args: vec![IterArg { param: acc, init: zero64 }],
        body: Block { ops: body, terminator: Terminator::Yield(vec![acc1]) },
    }));
    ops.push(Op::Print { value: r });
}

#[cfg(test)]
mod tests {
    use super::super::check::check;
    use super::super::interpret::interpret;
    use super::*;

    fn program(ty: Type, constants: [i64; 5]) -> super::super::Program {
        let mut builder = ProgramBuilder::new();
        let mut ops = Vec::new();
        append(&mut builder, &mut ops, ty, constants);
        builder.finish(0, ops)
    }

    #[test]
    fn the_break_before_an_overflowing_increment_is_defined_and_the_wrapped_inner_loop_runs_no_trip() {
        let max = i64::from(i32::MAX);
        // %i = MAX-6, MAX-2; MAX-2 + 4 overflows, the break at MAX-2 comes first.
        let p = program(Type::I32, [max - 6, max, 4, 4, max - 2]);
        check(&p).unwrap();
        assert_eq!(interpret(&p).unwrap(), vec!["4", "0", "4"]);
    }

    #[test]
    fn an_overflowing_increment_without_the_break_is_undefined() {
        let max = i64::MAX;
        let p = program(Type::Index, [max - 6, max, 4, 1, max]);
        check(&p).unwrap();
        assert!(interpret(&p).unwrap_err().to_string().contains("increment overflows"));
    }

    #[test]
    fn one_program_in_three_gets_the_template_and_every_one_is_valid() {
        let mut with = 0;
        for seed in 0..600u64 {
            let mut builder = ProgramBuilder::new();
            let mut ops = Vec::new();
            maybe_append(&mut builder, seed, &mut ops);
            if ops.is_empty() {
                continue;
            }
            with += 1;
            let p = builder.finish(seed, ops);
            check(&p).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            interpret(&p).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
        assert!((150..250).contains(&with), "{with}");
    }
}
