//! Typed builders of the check code `loom-check-claims` and function
//! versioning insert, over the facts' [`Rewriter`] (the one place that
//! creates IR).
//!
//! Every check computes in `i128`: indices, sizes and counts are values of
//! at most 64 bits (the facts' invariant), widened by sign or zero
//! extension as their order reads them, so sums and differences of a few of
//! them, and products of two, cannot wrap there. Each builder inserts its
//! ops right before one op (`before`), in the order they are built, so a
//! check is a straight sequence ending in its `cf.assert`. Each returns
//! None when an op could not be made (the caller then makes no check:
//! never a half-built one that would claim something else).

use mlir_sys::MlirType;

use crate::facts::ir::{int_type, AttrText, Op, Rewriter, Val};

/// `arith.cmpi` predicates by their number (MLIR's `CmpIPredicate`).
#[derive(Clone, Copy, Debug)]
pub(in crate::passes) enum Cmp {
    Eq = 0,
    Slt = 2,
    Sle = 3,
}

/// Builds checks before one op at a time.
pub(in crate::passes) struct Emitter<'r, 'a> {
    pub(in crate::passes) rw: &'r mut Rewriter<'a>,
    wide: MlirType,
    i1: MlirType,
    i64: MlirType,
}

impl<'r, 'a> Emitter<'r, 'a> {
    /// None if the root's context cannot give the types (never for a live
    /// context with the builtin dialect).
    pub(in crate::passes) fn new(rw: &'r mut Rewriter<'a>) -> Option<Emitter<'r, 'a>> {
        let wide = rw.parse_type("i128")?;
        let i1 = rw.parse_type("i1")?;
        let i64 = rw.parse_type("i64")?;
        Some(Emitter { rw, wide, i1, i64 })
    }

    /// The one result of a new op `name`.
    fn one(
        &mut self,
        before: Op<'a>,
        name: &str,
        operands: &[Val<'a>],
        ty: MlirType,
        attrs: &[(&str, AttrText<'_>)],
    ) -> Option<Val<'a>> {
        self.rw.insert_op(before, name, operands, &[ty], attrs).map(|op| op.result(0))
    }

    /// `arith.constant value : i128`.
    pub(in crate::passes) fn wide_const(&mut self, before: Op<'a>, value: i128) -> Option<Val<'a>> {
        let text = format!("{value} : i128");
        self.one(before, "arith.constant", &[], self.wide, &[("value", AttrText::Parsed(&text))])
    }

    /// `arith.constant value : index`.
    pub(in crate::passes) fn index_const(&mut self, before: Op<'a>, value: i64) -> Option<Val<'a>> {
        let index = self.rw.index_type();
        self.rw.insert_constant(before, index, value)
    }

    /// `arith.constant value : i64`.
    pub(in crate::passes) fn i64_const(&mut self, before: Op<'a>, value: i64) -> Option<Val<'a>> {
        self.rw.insert_constant(before, self.i64, value)
    }

    /// `v` (an `index` or signless integer of at most 128 bits) as an
    /// `i128` of the same value in its order (`signed`: sign-extended).
    pub(in crate::passes) fn widen(&mut self, before: Op<'a>, v: Val<'a>, signed: bool) -> Option<Val<'a>> {
        let t = int_type(v.ty(), 64)?;
        let name = match (t.1, t.width(), signed) {
            (true, _, true) => "arith.index_cast",
            (true, _, false) => "arith.index_castui",
            (false, 128, _) => return Some(v),
            (false, w, _) if w > 128 => return None,
            (false, _, true) => "arith.extsi",
            (false, _, false) => "arith.extui",
        };
        self.one(before, name, &[v], self.wide, &[])
    }

    /// A binary `arith` op of `a` and `b` (same type) with their type.
    pub(in crate::passes) fn binary(&mut self, before: Op<'a>, name: &str, a: Val<'a>, b: Val<'a>) -> Option<Val<'a>> {
        self.one(before, name, &[a, b], a.ty(), &[])
    }

    /// `a + k` (`a` an `i128`).
    pub(in crate::passes) fn add_const(&mut self, before: Op<'a>, a: Val<'a>, k: i128) -> Option<Val<'a>> {
        if k == 0 {
            return Some(a);
        }
        let c = self.wide_const(before, k)?;
        self.binary(before, "arith.addi", a, c)
    }

    /// `arith.cmpi pred, a, b`.
    pub(in crate::passes) fn cmp(&mut self, before: Op<'a>, pred: Cmp, a: Val<'a>, b: Val<'a>) -> Option<Val<'a>> {
        let text = format!("{} : i64", pred as i64);
        self.one(before, "arith.cmpi", &[a, b], self.i1, &[("predicate", AttrText::Parsed(&text))])
    }

    /// The conjunction of `conds` (i1 values; at least one).
    pub(in crate::passes) fn all(&mut self, before: Op<'a>, conds: &[Val<'a>]) -> Option<Val<'a>> {
        let (first, rest) = conds.split_first()?;
        let mut acc = *first;
        for c in rest {
            acc = self.binary(before, "arith.andi", acc, *c)?;
        }
        Some(acc)
    }

    /// `a` implies `b` (i1 values): `arith.select a, b, true`.
    pub(in crate::passes) fn implies(&mut self, before: Op<'a>, a: Val<'a>, b: Val<'a>) -> Option<Val<'a>> {
        let yes = self.rw.insert_bool_constant(before, true)?;
        self.select(before, a, b, yes)
    }

    /// `arith.select c, a, b`.
    pub(in crate::passes) fn select(&mut self, before: Op<'a>, c: Val<'a>, a: Val<'a>, b: Val<'a>) -> Option<Val<'a>> {
        self.one(before, "arith.select", &[c, a, b], a.ty(), &[])
    }

    /// `cf.assert ok, "message"`.
    pub(in crate::passes) fn assert(&mut self, before: Op<'a>, ok: Val<'a>, message: &str) -> Option<()> {
        self.rw.insert_op(before, "cf.assert", &[ok], &[], &[("msg", AttrText::Str(message))]).map(|_| ())
    }

    /// Size of dimension `k` of memref `m` as an `i128` (`memref.dim`, or
    /// the constant of a static size).
    pub(in crate::passes) fn dim(
        &mut self,
        before: Op<'a>,
        m: Val<'a>,
        k: usize,
        size: Option<i64>,
    ) -> Option<Val<'a>> {
        if let Some(size) = size {
            return self.wide_const(before, size as i128);
        }
        let ck = self.index_const(before, i64::try_from(k).ok()?)?;
        let index = self.rw.index_type();
        let d = self.one(before, "memref.dim", &[m, ck], index, &[])?;
        self.widen(before, d, false)
    }

    /// `vector.vscale` as an `i128`.
    pub(in crate::passes) fn vscale(&mut self, before: Op<'a>) -> Option<Val<'a>> {
        let index = self.rw.index_type();
        let v = self.one(before, "vector.vscale", &[], index, &[])?;
        self.widen(before, v, false)
    }

    /// `memref.alloca() : memref<i64>`.
    pub(in crate::passes) fn slot(&mut self, before: Op<'a>) -> Option<Val<'a>> {
        let ty = self.rw.parse_type("memref<i64>")?;
        self.one(before, "memref.alloca", &[], ty, &[("operandSegmentSizes", AttrText::Parsed("array<i32: 0, 0>"))])
    }

    /// `memref.alloca() : memref<i128>`.
    pub(in crate::passes) fn wide_slot(&mut self, before: Op<'a>) -> Option<Val<'a>> {
        let ty = self.rw.parse_type("memref<i128>")?;
        self.one(before, "memref.alloca", &[], ty, &[("operandSegmentSizes", AttrText::Parsed("array<i32: 0, 0>"))])
    }

    /// `memref.store v, slot[]`.
    pub(in crate::passes) fn store(&mut self, before: Op<'a>, v: Val<'a>, slot: Val<'a>) -> Option<()> {
        self.rw.insert_op(before, "memref.store", &[v, slot], &[], &[]).map(|_| ())
    }

    /// `memref.atomic_rmw addi v, slot[]` (`v` an i64): adds `v` to the
    /// slot as one indivisible step, so executions that may run
    /// concurrently all count.
    pub(in crate::passes) fn atomic_add(&mut self, before: Op<'a>, v: Val<'a>, slot: Val<'a>) -> Option<()> {
        // `kind`: arith's AtomicRMWKind, `addi` = 1.
        self.one(before, "memref.atomic_rmw", &[v, slot], self.i64, &[("kind", AttrText::Parsed("1 : i64"))])
            .map(|_| ())
    }

    /// `memref.load slot[]` (an i64).
    /// Adds one to the i64 counter `slot` before `before`: atomically
    /// when executions of `before` may run concurrently (the body of a
    /// multi-dimensional loop).
    pub(in crate::passes) fn count_one(&mut self, before: Op<'a>, slot: Val<'a>, concurrent: bool) -> Option<()> {
        if concurrent {
            let one = self.i64_const(before, 1)?;
            return self.atomic_add(before, one, slot);
        }
        let old = self.load(before, slot)?;
        let one = self.i64_const(before, 1)?;
        let new = self.binary(before, "arith.addi", old, one)?;
        self.store(before, new, slot)
    }

    pub(in crate::passes) fn load(&mut self, before: Op<'a>, slot: Val<'a>) -> Option<Val<'a>> {
        self.one(before, "memref.load", &[slot], self.i64, &[])
    }

    /// `memref.load slot[]` of a [`Emitter::wide_slot`] (an i128).
    pub(in crate::passes) fn wide_load(&mut self, before: Op<'a>, slot: Val<'a>) -> Option<Val<'a>> {
        self.one(before, "memref.load", &[slot], self.wide, &[])
    }

    /// `affine.apply` of `map` (an attribute text) to `operands`.
    pub(in crate::passes) fn affine_apply(
        &mut self,
        before: Op<'a>,
        map: &str,
        operands: &[Val<'a>],
    ) -> Option<Val<'a>> {
        let index = self.rw.index_type();
        self.one(before, "affine.apply", operands, index, &[("map", AttrText::Parsed(map))])
    }
}
