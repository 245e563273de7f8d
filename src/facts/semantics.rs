//! What each op computes, written once: the one place in the analyses where
//! an op's name is matched to its meaning.
//!
//! Upstream MLIR lets each op state its bounds once through
//! `ValueBoundsOpInterface`, and one engine consumes them. This module is
//! that statement for loom's analyses: [`IntOp::of`] reads an op as the
//! integer operation it performs (its operands by role, its overflow
//! flags, the order it compares or divides in, how a cast reads its
//! source), [`poison_flow`] says which operands a result's poison comes
//! from, and [`size_of`] gives the size of a dimension of a shaped result
//! as its defining op states it. Every layer reads ops only through these:
//! `bits` (exact constant bits), `ranges` (range transfer), `recognize`
//! (counter updates), `symbolic::symbols` (expressions) and
//! `relational::query` (linear relations with the conditions under which
//! they hold). Supporting a new op is one arm here plus, where its meaning
//! is new, one arm in each layer that can use it.
//!
//! Invariants:
//! - an op is read as an [`IntOp`] only when its semantics in MLIR 22 are
//!   exactly the variant's (operands in the variant's roles, the result the
//!   operation's value modulo 2^width, poison where MLIR says so);
//! - `arith` and `index` ops with the same meaning give the same variant
//!   (`index` ops have no overflow flags: [`Overflow::NONE`]);
//! - nothing here decides a fact: each layer states what the meaning
//!   implies in its own domain, under its own no-wrap conditions.

use super::ir::{int_attr, shape_of, subview_kept_dims, subview_parts, AffineForm, Def, Op, Part, Val};
use super::predicate::Predicate;
use super::trip_count::Order;

/// The `overflow<...>` flags of an `arith` add, sub, mul or shl: the result
/// is poison when the operation wraps in that order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) struct Overflow {
    pub nsw: bool,
    pub nuw: bool,
}

impl Overflow {
    /// No flag (every `index` op, an `arith` op without flags).
    pub const NONE: Overflow = Overflow { nsw: false, nuw: false };

    /// The flag that makes wrapping in `order` poison.
    pub fn in_order(self, order: Order) -> bool {
        match order {
            Order::Signed => self.nsw,
            Order::Unsigned => self.nuw,
        }
    }
}

/// Where an op's overflow flags are, read only when a layer asks (constant
/// folding and ranges never need them).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Flags<'a>(Option<Op<'a>>);

impl<'a> Flags<'a> {
    /// An op without overflow flags (`index` ops).
    const NONE: Flags<'static> = Flags(None);

    /// The flags of an `arith` op.
    fn of(op: Op<'a>) -> Flags<'a> {
        Flags(Some(op))
    }

    pub fn read(self) -> Overflow {
        let Some(op) = self.0 else { return Overflow::NONE };
        // Every op `of` is given has the flags; without them nothing is
        // flagged (no claim rests on a flag).
        op.overflow_flags().map_or(Overflow::NONE, |(nsw, nuw)| Overflow { nsw, nuw })
    }
}

/// How a division by a constant rounds its quotient.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rounding {
    /// Toward minus infinity (`floordivsi`; every unsigned division).
    Floor,
    /// Toward plus infinity (`ceildivsi`).
    Ceil,
    /// Toward zero (`divsi`: floor for a non-negative dividend, ceil below).
    TowardZero,
}

/// How an integer cast reads its source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cast {
    /// `extsi`, `index_cast`, `index.casts`: the source read signed, then
    /// sign-extended or truncated to the result's width.
    Signed,
    /// `extui`, `index_castui`, `index.castu`: the source read unsigned,
    /// then zero-extended or truncated.
    Unsigned,
    /// `trunci`: the low bits (both readings agree when the value fits).
    Truncate,
}

/// Which of its operands a min/max op returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Extremum {
    Min,
    Max,
}

/// Which affine op a map is applied by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AffineKind {
    /// `affine.apply`: the map's one result.
    Apply,
    /// `affine.min`: the smallest result (signed).
    Min,
    /// `affine.max`: the largest result (signed).
    Max,
}

/// An op read as the integer operation it performs (results modulo
/// 2^width, as executed).
#[derive(Clone, Copy, Debug)]
pub(crate) enum IntOp<'a> {
    /// `arith.constant`, `index.constant`, `index.bool.constant`: the
    /// integer attribute's bits and width (None: not an integer attribute);
    /// `memref.rank` of a ranked memref: its rank (an `index`, as 64 bits).
    Constant {
        value: Option<(u64, u32)>,
    },
    Add {
        lhs: Val<'a>,
        rhs: Val<'a>,
        flags: Flags<'a>,
    },
    Sub {
        lhs: Val<'a>,
        rhs: Val<'a>,
        flags: Flags<'a>,
    },
    Mul {
        lhs: Val<'a>,
        rhs: Val<'a>,
        flags: Flags<'a>,
    },
    /// `value << amount`.
    ShiftLeft {
        value: Val<'a>,
        amount: Val<'a>,
        flags: Flags<'a>,
    },
    /// `value / divisor`, rounded, both read in `order`.
    Divide {
        value: Val<'a>,
        divisor: Val<'a>,
        rounding: Rounding,
        order: Order,
    },
    /// `value >> amount`: arithmetic (`Signed`) or logical (`Unsigned`);
    /// a floor division by `2^amount` in that order.
    ShiftRight {
        value: Val<'a>,
        amount: Val<'a>,
        order: Order,
    },
    /// `value % divisor`, unsigned.
    RemainderUnsigned {
        value: Val<'a>,
        divisor: Val<'a>,
    },
    /// The smaller or larger of two values in `order`.
    Extremum {
        lhs: Val<'a>,
        rhs: Val<'a>,
        which: Extremum,
        order: Order,
    },
    /// `condition ? if_true : if_false`.
    Select {
        condition: Val<'a>,
        if_true: Val<'a>,
        if_false: Val<'a>,
    },
    /// Bitwise and, or, exclusive or (on `i1`: conjunction, disjunction,
    /// negation by `true`).
    And {
        lhs: Val<'a>,
        rhs: Val<'a>,
    },
    Or {
        lhs: Val<'a>,
        rhs: Val<'a>,
    },
    Xor {
        lhs: Val<'a>,
        rhs: Val<'a>,
    },
    Cast {
        value: Val<'a>,
        kind: Cast,
    },
    /// `loom.assume_range`: `value`, assumed to lie in `[lo, hi]` (signed;
    /// each bound's bits and width, None when the attribute is missing).
    AssumeRange {
        value: Val<'a>,
        lo: Option<(u64, u32)>,
        hi: Option<(u64, u32)>,
    },
    /// `memref.dim`: the size of dimension `index` of `memref`.
    Dim {
        memref: Val<'a>,
        index: Val<'a>,
    },
    /// `affine.apply`/`min`/`max` of the op's map (see [`IntOp::affine_map`])
    /// to its operands (dims first, then symbols).
    Affine {
        kind: AffineKind,
    },
    /// `memref.extract_strided_metadata` of `memref`: results base, offset,
    /// then one size per dimension, then one stride per dimension.
    StridedMetadata {
        memref: Val<'a>,
    },
}

impl<'a> IntOp<'a> {
    /// What `op` computes, if it is an integer operation the analyses read.
    pub fn of(op: Op<'a>) -> Option<IntOp<'a>> {
        let name = op.name_bytes();
        let n = op.num_operands();
        let a = |i: usize| op.operand(i);
        let binary = n == 2;
        let flagged = || Flags::of(op);
        Some(match name {
            b"arith.constant" | b"index.constant" | b"index.bool.constant" => {
                IntOp::Constant { value: op.attr("value").and_then(int_attr) }
            }
            b"memref.rank" if n == 1 => IntOp::Constant { value: shape_of(a(0).ty()).map(|s| (s.len() as u64, 64)) },
            b"arith.addi" if binary => IntOp::Add { lhs: a(0), rhs: a(1), flags: flagged() },
            b"index.add" if binary => IntOp::Add { lhs: a(0), rhs: a(1), flags: Flags::NONE },
            b"arith.subi" if binary => IntOp::Sub { lhs: a(0), rhs: a(1), flags: flagged() },
            b"index.sub" if binary => IntOp::Sub { lhs: a(0), rhs: a(1), flags: Flags::NONE },
            b"arith.muli" if binary => IntOp::Mul { lhs: a(0), rhs: a(1), flags: flagged() },
            b"index.mul" if binary => IntOp::Mul { lhs: a(0), rhs: a(1), flags: Flags::NONE },
            b"arith.shli" if binary => IntOp::ShiftLeft { value: a(0), amount: a(1), flags: flagged() },
            b"index.shl" if binary => IntOp::ShiftLeft { value: a(0), amount: a(1), flags: Flags::NONE },
            b"arith.floordivsi" | b"index.floordivs" if binary => divide(op, Rounding::Floor, Order::Signed),
            b"arith.ceildivsi" | b"index.ceildivs" if binary => divide(op, Rounding::Ceil, Order::Signed),
            b"arith.divsi" | b"index.divs" if binary => divide(op, Rounding::TowardZero, Order::Signed),
            b"arith.divui" | b"index.divu" if binary => divide(op, Rounding::Floor, Order::Unsigned),
            b"arith.shrsi" | b"index.shrs" if binary => {
                IntOp::ShiftRight { value: a(0), amount: a(1), order: Order::Signed }
            }
            b"arith.shrui" | b"index.shru" if binary => {
                IntOp::ShiftRight { value: a(0), amount: a(1), order: Order::Unsigned }
            }
            b"arith.remui" | b"index.remu" if binary => IntOp::RemainderUnsigned { value: a(0), divisor: a(1) },
            b"arith.minsi" | b"index.mins" if binary => extremum(op, Extremum::Min, Order::Signed),
            b"arith.maxsi" | b"index.maxs" if binary => extremum(op, Extremum::Max, Order::Signed),
            b"arith.minui" | b"index.minu" if binary => extremum(op, Extremum::Min, Order::Unsigned),
            b"arith.maxui" | b"index.maxu" if binary => extremum(op, Extremum::Max, Order::Unsigned),
            b"arith.select" if n == 3 => IntOp::Select { condition: a(0), if_true: a(1), if_false: a(2) },
            b"arith.andi" | b"index.and" if binary => IntOp::And { lhs: a(0), rhs: a(1) },
            b"arith.ori" | b"index.or" if binary => IntOp::Or { lhs: a(0), rhs: a(1) },
            b"arith.xori" | b"index.xor" if binary => IntOp::Xor { lhs: a(0), rhs: a(1) },
            b"arith.extsi" | b"arith.index_cast" | b"index.casts" if n == 1 => {
                IntOp::Cast { value: a(0), kind: Cast::Signed }
            }
            b"arith.extui" | b"arith.index_castui" | b"index.castu" if n == 1 => {
                IntOp::Cast { value: a(0), kind: Cast::Unsigned }
            }
            b"arith.trunci" if n == 1 => IntOp::Cast { value: a(0), kind: Cast::Truncate },
            b"loom.assume_range" if n == 1 => IntOp::AssumeRange {
                value: a(0),
                lo: op.attr("lo").and_then(int_attr),
                hi: op.attr("hi").and_then(int_attr),
            },
            b"memref.dim" if binary => IntOp::Dim { memref: a(0), index: a(1) },
            b"affine.apply" => IntOp::Affine { kind: AffineKind::Apply },
            b"affine.min" => IntOp::Affine { kind: AffineKind::Min },
            b"affine.max" => IntOp::Affine { kind: AffineKind::Max },
            b"memref.extract_strided_metadata" if n == 1 => IntOp::StridedMetadata { memref: a(0) },
            _ => return None,
        })
    }

    /// The map of an [`IntOp::Affine`] at index width `width`: its number
    /// of dims and each result as a linear form (None where a result is not
    /// linear or has a constant the width cannot hold).
    pub fn affine_map(op: Op<'a>, width: u32) -> Option<(usize, Vec<Option<AffineForm>>)> {
        op.attr("map").and_then(|m| super::ir::affine_map_results(m, width))
    }

    /// The same map's results as trees (`floordiv`, `ceildiv` and `mod`
    /// kept), for readers that handle them.
    pub fn affine_map_trees(op: Op<'a>, width: u32) -> Option<(usize, Vec<Option<super::ir::AffineTree>>)> {
        op.attr("map").and_then(|m| super::ir::affine_map_trees(m, width))
    }
}

fn divide(op: Op<'_>, rounding: Rounding, order: Order) -> IntOp<'_> {
    IntOp::Divide { value: op.operand(0), divisor: op.operand(1), rounding, order }
}

fn extremum(op: Op<'_>, which: Extremum, order: Order) -> IntOp<'_> {
    IntOp::Extremum { lhs: op.operand(0), rhs: op.operand(1), which, order }
}

/// A division by a positive constant of an affine map, as `lower-affine`
/// expands it into `arith` (see [`lowered_division`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Division {
    Floor,
    Ceil,
    Mod,
}

/// `x floordiv d`, `x ceildiv d` or `x mod d` (`d > 0` a constant), when
/// `op` is the `arith.select` that ends lower-affine's expansion of one
/// (MLIR 22's AffineToStandard, seen in its output):
/// - floordiv: `select(x < 0, -1 - q, q)`, `q = divsi(select(x < 0, -1 - x, x), d)`;
/// - ceildiv: `select(x <= 0, 0 - q, q + 1)`, `q = divsi(select(x <= 0, 0 - x, x - 1), d)`;
/// - mod: `select(r < 0, r + d, r)`, `r = remsi(x, d)`.
///
/// Both selects test the same condition value. `konst` reads a constant in
/// the signed order. Anything else, a rewritten or partly folded
/// expansion included, is None: the caller then reads the ops one by one.
pub(crate) fn lowered_division<'a>(
    op: Op<'a>,
    konst: &dyn Fn(Val<'a>) -> Option<i128>,
) -> Option<(Val<'a>, i128, Division)> {
    let IntOp::Select { condition, if_true, if_false } = IntOp::of(op)? else { return None };
    let test = defining(condition)?;
    let predicate = test.compare_predicate()?;
    if test.num_operands() != 2 || konst(test.operand(1)) != Some(0) {
        return None;
    }
    let tested = test.operand(0);
    let of = |v: Val<'a>| defining(v).and_then(IntOp::of);
    // `q = divsi(select(condition, negative, positive), d)`.
    let quotient = |q: Val<'a>| -> Option<(Val<'a>, Val<'a>, i128)> {
        let Some(IntOp::Divide { value, divisor, rounding: Rounding::TowardZero, order: Order::Signed }) = of(q) else {
            return None;
        };
        let d = konst(divisor).filter(|d| *d > 0)?;
        let Some(IntOp::Select { condition: c, if_true: negative, if_false: positive }) = of(value) else {
            return None;
        };
        (c == condition).then_some((negative, positive, d))
    };
    let sub = |v: Val<'a>| match of(v) {
        Some(IntOp::Sub { lhs, rhs, .. }) => Some((lhs, rhs)),
        _ => None,
    };
    let add = |v: Val<'a>| match of(v) {
        Some(IntOp::Add { lhs, rhs, .. }) => Some((lhs, rhs)),
        _ => None,
    };
    match predicate {
        Predicate::Slt => {
            // floordiv: -1 - q, else q.
            if let Some((negative, positive, d)) = quotient(if_false) {
                let (m1, q) = sub(if_true)?;
                let (m1x, x) = sub(negative)?;
                let ok =
                    konst(m1) == Some(-1) && q == if_false && konst(m1x) == Some(-1) && x == tested && positive == x;
                return ok.then_some((x, d, Division::Floor));
            }
            // mod: r + d, else r, with r = remsi(x, d).
            let r = if_false;
            let rem = defining(r).filter(|o| o.is("arith.remsi") && o.num_operands() == 2)?;
            let d = konst(rem.operand(1)).filter(|d| *d > 0)?;
            let (lhs, rhs) = add(if_true)?;
            (tested == r && lhs == r && konst(rhs) == Some(d)).then_some((rem.operand(0), d, Division::Mod))
        }
        Predicate::Sle => {
            // ceildiv: 0 - q, else q + 1.
            let (zero, q) = sub(if_true)?;
            let (q1, one) = add(if_false)?;
            let (negative, positive, d) = quotient(q)?;
            let (zero_x, x) = sub(negative)?;
            let (x1, one_x) = sub(positive)?;
            let ok = konst(zero) == Some(0)
                && q1 == q
                && konst(one) == Some(1)
                && konst(zero_x) == Some(0)
                && x == tested
                && x1 == x
                && konst(one_x) == Some(1);
            ok.then_some((x, d, Division::Ceil))
        }
        _ => None,
    }
}

/// The op whose result `v` is.
fn defining(v: Val<'_>) -> Option<Op<'_>> {
    match v.def() {
        Def::Result(op) => Some(op),
        Def::Arg(..) => None,
    }
}

/// Which operands a result's poison comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PoisonFlow {
    /// Poison in any operand makes the result poison (integer `arith` and
    /// `index` ops, comparisons, `loom.assume_range`).
    Operands,
    /// `arith.select`: a poison condition does; a poison side only when it
    /// is chosen.
    Condition,
    /// Nothing is known to propagate (constants, floats, other ops).
    Stops,
}

/// How poison flows into `op`'s results.
pub(crate) fn poison_flow(op: Op<'_>) -> PoisonFlow {
    if op.compare_predicate().is_some() {
        return PoisonFlow::Operands;
    }
    let name = op.name_ref();
    let integer_arith = name.starts_with("arith.")
        && !matches!(&*name, "arith.select" | "arith.constant")
        && !name.ends_with('f')
        && !name.contains("f_");
    if integer_arith || (name.starts_with("index.") && name != "index.constant") || name == "loom.assume_range" {
        PoisonFlow::Operands
    } else if name == "arith.select" {
        PoisonFlow::Condition
    } else {
        PoisonFlow::Stops
    }
}

/// The size of a dimension of a shaped value, as its defining op states it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Size<'a> {
    /// An index value (a dynamic size operand).
    Value(Val<'a>),
    /// The same dimension of another shaped value (a cast keeps sizes).
    SameAs(Val<'a>),
    /// A constant the op states (a view's size given by a constant
    /// operand where the result type says `?`).
    Constant(i64),
}

/// Dimension `k` of `memref` as its defining op states it: the dynamic
/// size operand of `memref.alloc`/`alloca` (one operand per dynamic
/// dimension, in order, then the layout's symbols), the source's size
/// through `memref.cast`, the size operand of a `memref.subview` (for a
/// rank-reducing one, of the source dimension the result's dimension is:
/// see [`subview_kept_dims`]), read as a constant where it is one (whose
/// static parts fit the index width `width`). None when the op states
/// nothing dynamic about it.
pub(crate) fn size_of(memref: Val<'_>, k: usize, width: u32) -> Option<Size<'_>> {
    let def = memref.defining_op()?;
    match &*def.name_ref() {
        "memref.alloc" | "memref.alloca" => {
            let shape = shape_of(memref.ty())?;
            if !matches!(shape.get(k), Some(None)) {
                return None;
            }
            let j = shape[..k].iter().filter(|d| d.is_none()).count();
            (j < def.num_operands()).then(|| Size::Value(def.operand(j)))
        }
        "memref.cast" => Some(Size::SameAs(def.operand(0))),
        "memref.subview" => {
            // A rank-reducing subview's dimension k is the k-th source
            // dimension kept (see `subview_kept_dims`).
            let source_dim = *subview_kept_dims(def, width)?.get(k)?;
            match subview_parts(def, width).ok().and_then(|parts| parts.get(source_dim).map(|p| p.1)) {
                Some(Part::Dynamic(v)) => Some(Size::Value(v)),
                Some(Part::Static(c)) => Some(Size::Constant(c)),
                None => None,
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::ir::walk_preorder;

    /// Each op of a small module read through [`IntOp::of`]: the variant,
    /// the operands in their roles, the flags and orders. `arith` and
    /// `index` ops with one meaning give one variant.
    #[test]
    fn ops_read_as_their_meaning() {
        let context = crate::context();
        let source = r#"
          func.func @f(%a: index, %b: index, %x: i32, %c: i1, %m: memref<?xi8>) {
            %0 = arith.subi %a, %b overflow<nsw> : index
            %1 = index.sub %a, %b
            %2 = arith.addi %b, %a overflow<nuw> : index
            %3 = arith.ceildivsi %a, %b : index
            %4 = index.divu %a, %b
            %5 = arith.shrui %a, %b : index
            %6 = index.maxs %a, %b
            %7 = arith.minui %a, %b : index
            %8 = arith.select %c, %a, %b : index
            %9 = arith.index_castui %x : i32 to index
            %10 = arith.trunci %x : i32 to i8
            %11 = memref.dim %m, %a : memref<?xi8>
            %12 = affine.min affine_map<(d0)[s0] -> (d0, s0)>(%a)[%b]
            %13 = arith.shli %a, %b overflow<nsw, nuw> : index
            %14 = arith.andi %c, %c : i1
            %15 = arith.remui %a, %b : index
            %16 = arith.constant 7 : index
            %17 = arith.floordivsi %a, %b : index
            %18 = arith.divsi %a, %b : index
            return
          }"#;
        let module = crate::parse::parse_module(&context, source, "semantics-test").expect("parses");
        let operation = module.as_operation();
        let root = Op::of(&operation);
        let mut seen = Vec::new();
        walk_preorder(root, &mut |op| {
            if op.num_results() == 1 {
                seen.push((op.name(), op, IntOp::of(op)));
            }
        });
        let arg = |n: usize| {
            let f = seen[0].1.parent().expect("in a function");
            f.entry_block(0).expect("a body").arg(n)
        };
        let (a, b, x, c, m) = (arg(0), arg(1), arg(2), arg(3), arg(4));
        let nsw = Overflow { nsw: true, nuw: false };
        let nuw = Overflow { nsw: false, nuw: true };
        let mut checked = 0;
        for (name, _, meaning) in &seen {
            let ok = match (name.as_str(), *meaning) {
                ("arith.subi", Some(IntOp::Sub { lhs, rhs, flags })) => lhs == a && rhs == b && flags.read() == nsw,
                ("index.sub", Some(IntOp::Sub { lhs, rhs, flags })) => {
                    lhs == a && rhs == b && flags.read() == Overflow::NONE
                }
                ("arith.addi", Some(IntOp::Add { lhs, rhs, flags })) => lhs == b && rhs == a && flags.read() == nuw,
                ("arith.ceildivsi", Some(IntOp::Divide { rounding: Rounding::Ceil, order: Order::Signed, .. })) => true,
                ("arith.floordivsi", Some(IntOp::Divide { rounding: Rounding::Floor, order: Order::Signed, .. })) => {
                    true
                }
                ("arith.divsi", Some(IntOp::Divide { rounding: Rounding::TowardZero, order: Order::Signed, .. })) => {
                    true
                }
                (
                    "index.divu",
                    Some(IntOp::Divide { value, divisor, rounding: Rounding::Floor, order: Order::Unsigned }),
                ) => value == a && divisor == b,
                ("arith.shrui", Some(IntOp::ShiftRight { value, amount, order: Order::Unsigned })) => {
                    value == a && amount == b
                }
                ("index.maxs", Some(IntOp::Extremum { which: Extremum::Max, order: Order::Signed, .. })) => true,
                ("arith.minui", Some(IntOp::Extremum { which: Extremum::Min, order: Order::Unsigned, .. })) => true,
                ("arith.select", Some(IntOp::Select { condition, if_true, if_false })) => {
                    condition == c && if_true == a && if_false == b
                }
                ("arith.index_castui", Some(IntOp::Cast { value, kind: Cast::Unsigned })) => value == x,
                ("arith.trunci", Some(IntOp::Cast { value, kind: Cast::Truncate })) => value == x,
                ("memref.dim", Some(IntOp::Dim { memref, index })) => memref == m && index == a,
                ("affine.min", Some(IntOp::Affine { kind: AffineKind::Min })) => true,
                ("arith.shli", Some(IntOp::ShiftLeft { flags, .. })) => {
                    flags.read() == Overflow { nsw: true, nuw: true }
                }
                ("arith.andi", Some(IntOp::And { lhs, rhs })) => lhs == c && rhs == c,
                ("arith.remui", Some(IntOp::RemainderUnsigned { value, divisor })) => value == a && divisor == b,
                ("arith.constant", Some(IntOp::Constant { value: Some((7, 64)) })) => true,
                _ => false,
            };
            assert!(ok, "{name} read as {meaning:?}");
            checked += 1;
        }
        assert_eq!(checked, 19);
    }

    /// An affine map's constants, a loop's step and a view's static parts
    /// are read only where the index width holds them: at 32 bits
    /// 3000000000 and 4294967298 are refused (the lowering truncates them),
    /// 2147483647 and -2147483648 are read; at 64 bits everything is.
    #[test]
    fn attribute_constants_read_at_the_index_width() {
        use crate::facts::ir::{
            affine_parallel_dimension, index_constant, loop_dimension, subview_parts, wide_map_constant, WideConstant,
        };
        assert_eq!(index_constant(2147483647, 32), Ok(2147483647));
        assert_eq!(index_constant(-2147483648, 32), Ok(-2147483648));
        assert_eq!(index_constant(2147483648, 32), Err(WideConstant { value: 2147483648, width: 32 }));
        assert_eq!(index_constant(-2147483649, 32), Err(WideConstant { value: -2147483649, width: 32 }));
        assert_eq!(index_constant(i64::MIN, 64), Ok(i64::MIN));
        assert_eq!(index_constant(4294967298, 32).unwrap_err().to_string(), "4294967298 does not fit the 32-bit index");
        let context = crate::context();
        let source = r#"
          func.func @f(%a: index, %m: memref<?xi8>) {
            %0 = affine.apply affine_map<(d0) -> (d0 floordiv 3000000000)>(%a)
            %1 = affine.apply affine_map<(d0) -> (d0 floordiv 2147483647 + d0 * -2147483648)>(%a)
            %2 = affine.min affine_map<(d0) -> (d0 + 4294967296, d0 mod 7)>(%a)
            affine.parallel (%i) = (0) to (4) step (4294967298) {
            }
            scf.forall (%i, %j) = (0, 4294967296) to (4, 4294967300) step (1, 1) {
            }
            %s = memref.subview %m[4294967296] [2] [1] : memref<?xi8> to memref<2xi8, strided<[1], offset: 4294967296>>
            %t = memref.subview %m[1] [2] [2147483647] : memref<?xi8> to memref<2xi8, strided<[2147483647], offset: 1>>
            return
          }"#;
        let module = crate::parse::parse_module(&context, source, "attribute-width-test").expect("parses");
        let operation = module.as_operation();
        let mut ops = Vec::new();
        walk_preorder(Op::of(&operation), &mut |op| ops.push(op));
        let find = |name: &str, n: usize| *ops.iter().filter(|o| o.name() == name).nth(n).expect("op");
        let read = |op: Op, w: u32| {
            let forms = IntOp::affine_map(op, w).expect("a map").1;
            let trees = IntOp::affine_map_trees(op, w).expect("a map").1;
            (forms.iter().map(Option::is_some).collect::<Vec<_>>(), trees.iter().map(Option::is_some).collect())
        };
        let (apply, fits, min) = (find("affine.apply", 0), find("affine.apply", 1), find("affine.min", 0));
        // floordiv is not linear: no form at any width.
        assert_eq!(read(apply, 32), (vec![false], vec![false]));
        assert_eq!(read(apply, 64), (vec![false], vec![true]));
        assert_eq!(wide_map_constant(apply, 32).map(|w| w.value), Some(3000000000));
        assert_eq!(wide_map_constant(apply, 64), None);
        assert_eq!(read(fits, 32), (vec![false], vec![true]));
        assert_eq!(wide_map_constant(fits, 32), None);
        // One result refused, the other read.
        assert_eq!(read(min, 32), (vec![false, false], vec![false, true]));
        assert_eq!(read(min, 64), (vec![true, false], vec![true, true]));
        let parallel = find("affine.parallel", 0);
        let why = affine_parallel_dimension(parallel, 0, 32).err().expect("refused");
        assert_eq!(why, "the step 4294967298 of induction variable 0 does not fit the 32-bit index");
        assert_eq!(affine_parallel_dimension(parallel, 0, 64).map(|d| d.step), Ok(4294967298));
        let forall = find("scf.forall", 0);
        assert!(matches!(loop_dimension(forall, 0, 32), Some(Ok((Part::Static(0), Part::Static(4), Part::Static(1))))));
        let why = loop_dimension(forall, 1, 32).expect("a dimension").err().expect("refused");
        assert_eq!(why, "its static lower bound 4294967296 does not fit the 32-bit index");
        assert!(matches!(loop_dimension(forall, 1, 64), Some(Ok((Part::Static(4294967296), _, _)))));
        let (wide, fits) = (find("memref.subview", 0), find("memref.subview", 1));
        let why = subview_parts(wide, 32).err().expect("refused");
        assert_eq!(why, "its static offset 4294967296 does not fit the 32-bit index");
        assert!(subview_parts(wide, 64).is_ok());
        assert!(matches!(subview_parts(fits, 32).as_deref(), Ok([(Part::Static(1), Part::Static(2), 2147483647)])));
    }
}
