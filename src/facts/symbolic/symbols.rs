//! IR values → symbolic expressions over function arguments and buffer
//! sizes, read in one order at one width, with the symbols' ranges.
//!
//! Understood (everything else is an error naming the op):
//! constants; arguments of the enclosing `func.func` (`%argN`); `memref.dim`
//! of a memref argument at a constant dimension (`dim(%argN, K)`, a constant
//! when the dimension is static and its size fits the index width);
//! `addi`/`subi`/`muli` by a constant (`arith` and `index`);
//! `minsi`/`maxsi` in the signed order and
//! `minui`/`maxui` in the unsigned one; `extsi`/`extui`/`index_cast`/
//! `index_castui` from narrower integers when the source's two readings
//! agree or the cast matches the order; `affine.apply`/`min`/`max` (sums,
//! products by constants, `floordiv`/`ceildiv`/`mod` by positive
//! constants: [`Symbols::affine_tree`]; every constant of the map a value
//! of the index width, see `ir::index_constant`); `loom.assume_range`.
//!
//! Soundness: every expression equals the IR value read in the order for
//! every execution that reaches the point asked about. An addition or
//! multiplication is exact only if it provably does not wrap in the order:
//! by the ranges of its operands, or by an `overflow<nsw>` (signed order) /
//! `overflow<nuw>` (unsigned order) flag, whose violation would make the
//! value poison and the loop's use of it undefined behaviour; a flag of the
//! other signedness proves nothing. A leaf that a flagged operation uses
//! directly has its range narrowed to what the flag allows.
//!
//! Ranges of leaves: an argument's range comes from the range queries at
//! the loop (its type, enclosing guards on it, `loom.assume_range`); a
//! buffer size is `[0, SMAX]` (sizes are non-negative), and, under the
//! buffer-size assumptions ([`Assumptions`]: of the buffer's bytes when its
//! other dimensions are non-empty static sizes, else of each dimension), at
//! most `SMAX floordiv element bytes`; the induction variable of an enclosing
//! `scf.for` or `affine.for` is below that loop's upper bound, so under the assumption at
//! most the bound's capped maximum less one.
//!
//! Where an operation fits the width only with those caps (an affine map's
//! `%iv + 32` where `%iv` counts up to a buffer's size, say), the
//! expression is exact only under the assumption, when it may be used:
//! [`Symbols::assumed`] then says so, and every fact derived from the
//! expressions must list the assumption.

use super::expr::{Env, Expr, Leaf};
use crate::facts::assumptions::Assumptions;
use crate::facts::bits::{carrier, const_bits, in_order};
use crate::facts::interval::Interval;
use crate::facts::ir::{
    affine_map_trees, index_attr, index_constant, shape_of, wide_map_constant, AffineTree, Def, Op, Val,
};
use crate::facts::ranges::Ranges;
use crate::facts::semantics::{lowered_division, AffineKind, Cast, Division, Extremum, Flags, IntOp};
use crate::facts::trip_count::{order_limits, Order};

/// Expressions for the values of one loop, in one order and width.
pub struct Symbols<'q, 'r, 'a> {
    ranges: &'q Ranges<'r, 'a>,
    /// Where the values are read (the loop op).
    at: Op<'a>,
    width: u32,
    order: Order,
    /// Ranges of the leaves met so far.
    pub env: Env,
    /// Size caps the buffer-size assumption gives, per leaf (buffer sizes,
    /// enclosing loops' induction variables).
    /// Each with the assumption it rests on.
    caps: Vec<(Leaf, i128, Assumptions)>,
    /// Whether the buffer-size assumption may be used to show that an
    /// operation does not wrap.
    assume: Assumptions,
    /// Whether an expression read so far is exact only under the
    /// buffer-size assumption.
    pub assumed: Assumptions,
}

impl<'q, 'r, 'a> Symbols<'q, 'r, 'a> {
    /// Reads values at `at`; `assume`: the buffer-size assumptions that
    /// may be used (see [`Symbols::assumed`]).
    pub fn new(ranges: &'q Ranges<'r, 'a>, at: Op<'a>, width: u32, order: Order, assume: Assumptions) -> Self {
        Symbols { ranges, at, width, order, env: Env::new(), caps: Vec::new(), assume, assumed: Assumptions::NONE }
    }

    /// Whether `e`'s values lie in the order's range at the width: with
    /// the leaves' ranges, or else (when allowed) with the buffer-size
    /// assumption's caps, which then sets [`Symbols::assumed`].
    fn fits(&mut self, e: &Expr) -> bool {
        let limits = self.limits(self.width);
        self.fits_in(e, limits)
    }

    /// [`Symbols::fits`] for the range `limits`.
    fn fits_in(&mut self, e: &Expr, limits: Interval) -> bool {
        let inside = |r: Option<Interval>| r.is_some_and(|r| r.lo >= limits.lo && r.hi <= limits.hi);
        if inside(e.range(&self.env)) {
            return true;
        }
        if !self.assume.is_empty() && inside(self.env_with_buffer_assumption().and_then(|env| e.range(&env))) {
            self.assumed |= self.cap_assumptions();
            return true;
        }
        false
    }

    fn limits(&self, width: u32) -> Interval {
        order_limits(width, self.order).expect("supported width")
    }

    /// The assumptions the caps met so far rest on (what a fact that the
    /// environment with the caps shows must list).
    pub fn cap_assumptions(&self) -> Assumptions {
        self.caps.iter().fold(Assumptions::NONE, |a, (_, _, c)| a | *c)
    }

    /// The leaf environment with the buffer-size assumption applied (None:
    /// no buffer size was met, so the assumption cannot help).
    pub fn env_with_buffer_assumption(&self) -> Option<Env> {
        if self.caps.is_empty() {
            return None;
        }
        let mut env = self.env.clone();
        for (leaf, cap, _) in &self.caps {
            let r = env.range_of(leaf).unwrap_or(Interval::new(0, *cap));
            // A cap below the leaf's least value would leave it empty:
            // not applying a cap is always sound.
            if r.lo <= *cap {
                env.set(leaf.clone(), Interval::new(r.lo, r.hi.min(*cap)));
            }
        }
        Some(env)
    }

    /// `v` as an expression, or why it is not one.
    pub fn expr(&mut self, v: Val<'a>) -> Result<Expr, String> {
        self.expr_depth(v, 0)
    }

    fn expr_depth(&mut self, v: Val<'a>, depth: u32) -> Result<Expr, String> {
        if depth > 32 {
            return Err("its definition is too deep".into());
        }
        let width = carrier(v, self.ranges.index_width).ok_or("it is not an integer")?.width();
        if width != self.width {
            return Err(format!("it is {width} bits wide, the counter {}", self.width));
        }
        let signed = self.order == Order::Signed;
        if let Some(bits) = self.ranges.const_bits(v) {
            return Ok(Expr::constant(in_order(bits, width, signed)));
        }
        let op = match v.def() {
            Def::Arg(block, n) => {
                let owner = block.parent_op();
                if owner.is_some_and(|o| o != self.at && self.at.is_within(o) && !o.is("func.func")) {
                    return self.opaque(v, owner, n);
                }
                return self.argument(v);
            }
            Def::Result(op) => op,
        };
        let name = op.name_ref();
        let sub = |s: &mut Self, x: Val<'a>| s.expr_depth(x, depth + 1);
        let konst = |x: Val<'a>| const_bits(x, self.ranges.index_width).map(|b| in_order(b, width, signed));
        let unread = || Err(format!("it is computed by '{name}', which symbolic facts do not read"));
        if signed {
            let signed_konst = |x: Val<'a>| const_bits(x, self.ranges.index_width).map(|b| in_order(b, width, true));
            if let Some((x, d, kind)) = lowered_division(op, &signed_konst) {
                let e = sub(self, x)?;
                return self.division(e, d, kind);
            }
        }
        let Some(meaning) = IntOp::of(op) else {
            if op.is("memref.load") && !v.defined_inside(self.at) {
                return self.opaque(v, Some(op), usize::MAX);
            }
            return unread();
        };
        match meaning {
            IntOp::Dim { memref, index } => self.dim(memref, index),
            IntOp::Add { lhs, rhs, flags } | IntOp::Sub { lhs, rhs, flags } | IntOp::Mul { lhs, rhs, flags } => {
                let is_sub = matches!(meaning, IntOp::Sub { .. });
                let is_mul = matches!(meaning, IntOp::Mul { .. });
                let (var, c) = match (konst(lhs), konst(rhs)) {
                    (_, Some(c)) => (lhs, c),
                    (Some(c), None) if !is_sub => (rhs, c),
                    _ if !is_mul => return self.sum(lhs, rhs, is_sub, flags, &name, depth),
                    _ => return Err(format!("'{name}' does not combine it with a constant")),
                };
                let x = sub(self, var)?;
                let e = if is_mul {
                    x.scale(c)
                } else if is_sub {
                    x.add_const(-c)
                } else {
                    x.add_const(c)
                }
                .ok_or("the arithmetic overflows")?;
                let flag = if signed { "nsw" } else { "nuw" };
                let limits = self.limits(width);
                if flags.read().in_order(self.order) {
                    // Poison otherwise: a leaf operand lies where the
                    // operation does not wrap.
                    if let (Some(leaf), false) = (single_leaf(&x), is_mul) {
                        let room = if is_sub {
                            Interval::new(limits.lo + c, limits.hi + c)
                        } else {
                            Interval::new(limits.lo - c, limits.hi - c)
                        };
                        self.env.narrow(&leaf, room.intersect(limits));
                    }
                    return Ok(e);
                }
                if self.fits(&e) {
                    return Ok(e);
                }
                Err(format!(
                    "'{name}' may wrap in the {} order (no {flag} flag, and its operand's range allows it)",
                    if signed { "signed" } else { "unsigned" }
                ))
            }
            IntOp::Extremum { lhs, rhs, which, order } => {
                if order != self.order {
                    return Err(format!("'{name}' compares in the other order than the loop"));
                }
                let (a, b) = (sub(self, lhs)?, sub(self, rhs)?);
                let e = match which {
                    Extremum::Max => a.maximum(&b, &self.env),
                    Extremum::Min => a.minimum(&b, &self.env),
                };
                e.ok_or_else(|| "the arithmetic overflows".into())
            }
            IntOp::Cast { value, kind: kind @ (Cast::Signed | Cast::Unsigned) } => self.cast(value, kind, &name, depth),
            IntOp::Affine { kind } => {
                let (_, results) =
                    IntOp::affine_map_trees(op, self.ranges.index_width).ok_or("its affine map is not readable")?;
                let which = match kind {
                    AffineKind::Apply => None,
                    AffineKind::Min => Some(Extremum::Min),
                    AffineKind::Max => Some(Extremum::Max),
                };
                self.affine_depth(op, &results, 0, which, depth)
            }
            IntOp::AssumeRange { value, .. } => {
                let e = sub(self, value)?;
                if let (Some(leaf), Some(r)) = (single_leaf(&e), self.ranges.at(v, self.at)) {
                    let r = if signed { r.s } else { r.u };
                    self.env.narrow(&leaf, r.intersect(self.limits(width)));
                }
                Ok(e)
            }
            _ => unread(),
        }
    }

    /// `lhs + rhs` or `lhs - rhs` of two non-constant values: exact when
    /// the op's flag in the loop's order makes wrapping poison, or when
    /// the expression's range fits the width.
    fn sum(
        &mut self,
        lhs: Val<'a>,
        rhs: Val<'a>,
        is_sub: bool,
        flags: Flags<'a>,
        name: &str,
        depth: u32,
    ) -> Result<Expr, String> {
        let (x, y) = (self.expr_depth(lhs, depth + 1)?, self.expr_depth(rhs, depth + 1)?);
        let e = if is_sub { x.sub(&y) } else { x.add(&y) }.ok_or("the arithmetic overflows")?;
        if flags.read().in_order(self.order) {
            return Ok(e);
        }
        if self.fits(&e) {
            return Ok(e);
        }
        Err(format!(
            "'{name}' of two values may wrap in the {} order (no {} flag, and their ranges allow it)",
            if self.order == Order::Signed { "signed" } else { "unsigned" },
            if self.order == Order::Signed { "nsw" } else { "nuw" }
        ))
    }

    /// The value an affine map gives over `op`'s operands from `first`
    /// on (dims, then symbols): its one result (`which` None, as
    /// `affine.apply`), or the min or max of its results. Each result is
    /// read as an expression over the operands' expressions (see
    /// [`Symbols::affine_tree`]), exact when its range fits the index
    /// width. The results compare signed (`minsi`/`maxsi`), so the loop's
    /// order must be signed.
    pub fn affine_map(
        &mut self,
        op: Op<'a>,
        results: &[Option<AffineTree>],
        first: usize,
        which: Option<Extremum>,
    ) -> Result<Expr, String> {
        self.affine_depth(op, results, first, which, 0)
    }

    fn affine_depth(
        &mut self,
        op: Op<'a>,
        results: &[Option<AffineTree>],
        first: usize,
        which: Option<Extremum>,
        depth: u32,
    ) -> Result<Expr, String> {
        if self.order != Order::Signed {
            return Err(format!("'{}' compares signed, the loop unsigned", op.name_ref()));
        }
        if which.is_none() && results.len() != 1 {
            return Err(format!("'{}' has {} results", op.name_ref(), results.len()));
        }
        let mut value: Option<Expr> = None;
        for tree in results {
            let tree = tree.as_ref().ok_or_else(|| match wide_map_constant(op, self.ranges.index_width) {
                Some(wide) => format!("an affine map's constant {wide}"),
                None => "an affine map result is not affine in constants".to_string(),
            })?;
            let e = self.affine_tree(op, tree, first, depth)?;
            if !self.fits(&e) {
                return Err("an affine map result may wrap at the index width".into());
            }
            value = Some(match (value, which) {
                (None, _) => e,
                (Some(v), Some(Extremum::Max)) => v.maximum(&e, &self.env).ok_or("the arithmetic overflows")?,
                (Some(v), _) => v.minimum(&e, &self.env).ok_or("the arithmetic overflows")?,
            });
        }
        value.ok_or_else(|| "an affine map has no result".into())
    }

    /// One map result over `op`'s operands from `first` on, as the
    /// mathematical value. Sums and products by constants need no check
    /// here: the lowering's wrapping `addi`/`muli` give the value modulo
    /// 2^width, exact when the whole result fits (the caller checks). A
    /// `floordiv`, `ceildiv` or `mod` by a positive constant divides its
    /// operand's wrapped value: see [`Symbols::division`], which also reads
    /// lower-affine's `arith` expansion of one.
    fn affine_tree(&mut self, op: Op<'a>, tree: &AffineTree, first: usize, depth: u32) -> Result<Expr, String> {
        let overflow = || "the arithmetic overflows".to_string();
        match tree {
            AffineTree::Constant(c) => Ok(Expr::constant(i128::from(*c))),
            AffineTree::Input(p) => {
                if first + p >= op.num_operands() {
                    return Err("an affine map operand is missing".into());
                }
                self.expr_depth(op.operand(first + p), depth + 1)
            }
            AffineTree::Add(a, b) => {
                let x = self.affine_tree(op, a, first, depth)?;
                let y = self.affine_tree(op, b, first, depth)?;
                x.add(&y).ok_or_else(overflow)
            }
            AffineTree::Scale(a, k) => {
                self.affine_tree(op, a, first, depth)?.scale(i128::from(*k)).ok_or_else(overflow)
            }
            AffineTree::FloorDiv(a, d) | AffineTree::CeilDiv(a, d) | AffineTree::Mod(a, d) => {
                let x = self.affine_tree(op, a, first, depth)?;
                let kind = match tree {
                    AffineTree::FloorDiv(..) => Division::Floor,
                    AffineTree::CeilDiv(..) => Division::Ceil,
                    _ => Division::Mod,
                };
                self.division(x, i128::from(*d), kind)
            }
        }
    }

    /// `x floordiv d`, `x ceildiv d` or `x mod d` (`d > 0`) as lower-affine
    /// computes it: on `x`'s wrapped value, so `x` must fit; for `ceildiv`
    /// it must not be the signed minimum either (lower-affine's `ceildiv`
    /// negates a non-positive operand: `SMIN ceildiv 4` comes out
    /// positive, seen by execution). Then `x floordiv d = (x - d + 1)
    /// ceildiv d` and `x mod d = x - d·(x floordiv d)`, exactly.
    fn division(&mut self, x: Expr, d: i128, kind: Division) -> Result<Expr, String> {
        let limits = self.limits(self.width);
        let (room, what) = match kind {
            Division::Ceil => (Interval::new(limits.lo + 1, limits.hi), "ceildiv"),
            Division::Floor => (limits, "floordiv"),
            Division::Mod => (limits, "mod"),
        };
        if !self.fits_in(&x, room) {
            return Err(format!(
                "an affine map's {what} operand may wrap at the index width{}",
                if kind == Division::Ceil { " (or be the signed minimum)" } else { "" }
            ));
        }
        let floor = |x: &Expr, env: &Env| x.add_const(1 - d)?.ceildiv(d, env);
        match kind {
            Division::Floor => floor(&x, &self.env),
            Division::Ceil => x.ceildiv(d, &self.env),
            Division::Mod => floor(&x, &self.env).and_then(|q| x.sub(&q.scale(d)?)),
        }
        .ok_or_else(|| "the arithmetic overflows".to_string())
    }

    /// `leaf` for the value `v`, its range (where the loop is, in the
    /// loop's order) narrowing what the leaf had.
    fn ranged_leaf(&mut self, leaf: Leaf, v: Val<'a>) -> Result<Expr, String> {
        let r = self.ranges.at(v, self.at).ok_or("its range is unknown")?;
        self.env.narrow(&leaf, if self.order == Order::Signed { r.s } else { r.u });
        Ok(Expr::leaf(leaf))
    }

    fn argument(&mut self, v: Val<'a>) -> Result<Expr, String> {
        let n = function_argument(v)
            .ok_or("it is a block argument that is not a function argument (an enclosing loop's value?)")?;
        self.ranged_leaf(Leaf::Arg(n as u32), v)
    }

    /// An enclosing op's block argument (a counter of an enclosing loop) or
    /// a value loaded before the loop: a leaf the report cannot name, with
    /// its range where the loop is.
    fn opaque(&mut self, v: Val<'a>, owner: Option<Op<'a>>, n: usize) -> Result<Expr, String> {
        let what = self.ranges.opaque_name(v, || match owner {
            Some(o) if n != usize::MAX => format!("argument {n} of {} at {}", o.name(), o.loc_string()),
            Some(o) => format!("the value loaded at {}", o.loc_string()),
            None => "a value".to_string(),
        });
        let leaf = Leaf::Opaque { id: v.id(), what };
        if let (Some(outer), 0) = (owner, n) {
            if let Some((cap, rests_on)) = self.induction_cap(outer) {
                self.caps.push((leaf.clone(), cap, rests_on));
            }
        }
        let e = self.ranged_leaf(leaf.clone(), v)?;
        if let (Some(outer), 0) = (owner, n) {
            let step = self.for_step(outer).filter(|_| self.ranges.completion().completes_from(outer, self.at));
            if let Some(step) = step {
                // Once the loop `at` starts, the iteration of `outer`
                // certainly runs to its end (`facts::completion`), where
                // `iv + step` is computed; its overflow is undefined
                // behaviour for these loops: in a defined run, iv <= MAX -
                // step. Where the iteration may end early (a call, a
                // failing assert, a loop that may not end), nothing is
                // undefined and the rule does not hold.
                let limits = self.limits(self.width);
                self.env.narrow(&leaf, Interval::new(limits.lo, limits.hi - step));
            }
        }
        Ok(e)
    }

    /// The constant positive step of `outer` when it is an `scf.for`
    /// comparing signed (the loop's order here) or an `affine.for`, whose
    /// induction variable is block argument 0 and may not overflow past
    /// the bound (see [`PastBound`](super::counts::PastBound)).
    fn for_step(&self, outer: Op<'a>) -> Option<i128> {
        if self.order != Order::Signed {
            return None;
        }
        let step = if outer.is("scf.for") && !outer.has_attr("unsignedCmp") && outer.num_operands() >= 3 {
            in_order(const_bits(outer.operand(2), self.ranges.index_width)?, self.width, true)
        } else if outer.is("affine.for") {
            outer.attr("step").and_then(|s| index_attr(s, self.ranges.index_width))?.ok()?.into()
        } else {
            return None;
        };
        (step > 0).then_some(step)
    }

    /// Under the buffer-size assumption, the largest value the induction
    /// variable of the enclosing `scf.for` or `affine.for` `outer` takes in
    /// its body: one less than the largest its upper bound (for
    /// `affine.for`, the min of its upper-bound map's results) can be with
    /// the caps, the body running only while `iv < ub`, signed. None when
    /// the assumption may not be used, the loop compares unsigned, or the
    /// bound is not read (or not capped: the leaf's own range is then as
    /// good).
    fn induction_cap(&self, outer: Op<'a>) -> Option<(i128, Assumptions)> {
        if self.assume.is_empty() || self.order != Order::Signed {
            return None;
        }
        // Once per loop, width and assumptions (the loops around `outer`
        // are read through their own caps, kept too): linear in the depth.
        self.ranges.induction_cap(outer, self.width, self.assume, || self.read_induction_cap(outer))
    }

    /// [`Symbols::induction_cap`], computed.
    fn read_induction_cap(&self, outer: Op<'a>) -> Option<(i128, Assumptions)> {
        let mut bound = Symbols::new(self.ranges, outer, self.width, Order::Signed, self.assume);
        let ub = if outer.is("scf.for") && !outer.has_attr("unsignedCmp") && outer.num_operands() >= 3 {
            bound.expr(outer.operand(1)).ok()?
        } else if outer.is("affine.for") {
            let iw = self.ranges.index_width;
            let (lb_inputs, _) = outer.attr("lowerBoundMap").and_then(|m| affine_map_trees(m, iw))?;
            let (_, ubs) = outer.attr("upperBoundMap").and_then(|m| affine_map_trees(m, iw))?;
            bound.affine_map(outer, &ubs, lb_inputs, Some(Extremum::Min)).ok()?
        } else {
            return None;
        };
        let env = bound.env_with_buffer_assumption()?;
        Some((ub.range(&env)?.hi - 1, bound.cap_assumptions() | bound.assumed))
    }

    fn dim(&mut self, memref: Val<'a>, index: Val<'a>) -> Result<Expr, String> {
        let k = const_bits(index, self.ranges.index_width).ok_or("memref.dim of a non-constant dimension")?;
        let shape = shape_of(memref.ty()).ok_or("memref.dim of an unranked memref")?;
        let k = usize::try_from(k).ok().filter(|k| *k < shape.len()).ok_or("memref.dim past the memref's rank")?;
        if let Some(size) = shape[k] {
            let size = index_constant(size, self.ranges.index_width)
                .map_err(|wide| format!("memref.dim of a static size: {wide}"))?;
            return Ok(Expr::constant(size.into()));
        }
        let n = function_argument(memref).ok_or("memref.dim of a buffer that is not a function argument")?;
        let leaf = Leaf::Dim(n as u32, k as u64);
        // Sizes are non-negative index values.
        let smax = order_limits(self.ranges.index_width, Order::Signed).expect("index width").hi;
        self.env.set(leaf.clone(), Interval::new(0, smax));
        if let Some((cap, rests_on)) = self.ranges.buffer_size_cap(memref.ty(), k, self.assume) {
            self.caps.push((leaf.clone(), cap, rests_on));
        }
        Ok(Expr::leaf(leaf))
    }

    /// `src` read by a sign- or zero-extending cast (`name`, for reasons).
    fn cast(&mut self, src: Val<'a>, kind: Cast, name: &str, depth: u32) -> Result<Expr, String> {
        let src_width = carrier(src, self.ranges.index_width).ok_or("a cast from a non-integer")?.width();
        if src_width > self.width {
            return Err(format!("'{name}' truncates"));
        }
        let sign_extends = kind == Cast::Signed;
        let cast_order = if sign_extends { Order::Signed } else { Order::Unsigned };
        // Read the source at its own width in the loop's order: the value
        // is that reading when the cast extends in the same order, or when
        // the source's two readings agree (its range is in [0, SMAX]).
        let mut inner = Symbols::new(self.ranges, self.at, src_width, self.order, self.assume);
        inner.env = self.env.clone();
        inner.caps = std::mem::take(&mut self.caps);
        let e = inner.expr_depth(src, depth + 1);
        self.caps = std::mem::take(&mut inner.caps);
        self.assumed |= inner.assumed;
        let e = e?;
        if cast_order != self.order {
            let smax = order_limits(src_width, Order::Signed).expect("width").hi;
            match e.range(&inner.env) {
                Some(r) if r.lo >= 0 && r.hi <= smax => {}
                _ => {
                    return Err(format!(
                        "'{name}' reads its {}-bit operand {}, the loop {}",
                        src_width,
                        if sign_extends { "signed" } else { "unsigned" },
                        if self.order == Order::Signed { "signed" } else { "unsigned" }
                    ))
                }
            }
        }
        self.env = inner.env;
        Ok(e)
    }
}

/// `v`'s position among the arguments of its `func.func`, if it is one.
fn function_argument(v: Val<'_>) -> Option<usize> {
    let Def::Arg(block, n) = v.def() else { return None };
    let f = block.parent_op()?;
    (f.is("func.func") && f.entry_block(0).is_some_and(|b| b.arg(n) == v)).then_some(n)
}

/// The leaf `e` is, if it is exactly one leaf.
fn single_leaf(e: &Expr) -> Option<Leaf> {
    e.as_single_leaf().cloned()
}
