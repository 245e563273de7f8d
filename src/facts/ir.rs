//! A thin, copyable, crate-private view of MLIR IR for the loop-facts
//! analyses, and the rewriter the facts passes change IR through.
//!
//! The analyses chase use-def chains across regions a lot, and need handles
//! they can hash and keep in maps; melior's handles are not hashable and
//! lack use lists, so this module wraps MLIR's C API itself. It keeps only
//! what melior lacks: hashable `Copy` handles ([`Op`], [`Val`], [`Blk`],
//! [`Reg`]) with a cheap hasher for maps keyed by them ([`FastMap`]),
//! loop likeness and loop depth, loom exits ([`ExitKind`]), comparison
//! predicates, use lists, and the few type queries the analyses need.
//!
//! It is also where integers that attributes and types state for `index`
//! values (affine map constants, steps, static bounds, static parts of
//! views, static sizes) are read, each through [`index_constant`] at the
//! index width of the scope the op lowers in: read when the lowering's
//! truncation keeps the value, refused otherwise.
//!
//! Cost: the analyses ask for op names and integer types of every value
//! they look at, so [`Op::name_ref`] borrows the name the context interns
//! (valid for the context's life, which outlives `'a`) instead of copying
//! it, and [`int_type`] allocates nothing (the printed name only on
//! request). Other text from C is copied (`crate::strings`).
//!
//! Soundness: every handle carries the lifetime `'a` of a borrow of the
//! operation under analysis (made by [`Op::of`] from a melior operation, or
//! [`Rewriter::new`] from a mutable one), so no handle outlives that borrow,
//! and handles cannot be built from raw pointers by safe code. Handles
//! reached from the root (its nested ops, their values, blocks, regions)
//! stay valid for `'a` because, while the borrow lasts, the IR changes only
//! through the [`Rewriter`] (or in ways the borrow's owner controls: a
//! pass owns its anchor for the run, and a pass running on one function
//! must not read its siblings). The rewriter's `erase` is the one operation
//! that ends a handle's validity early, so it is `unsafe` and its callers
//! show that they do not use the erased op again. What else each C call
//! needs, the SAFETY comment at the call checks or states.

use std::borrow::Cow;
use std::ffi::c_void;
use std::marker::PhantomData;

use melior::ir::operation::{OperationLike, OperationRefMut};
use melior::ir::Location;
use mlir_sys::*;

use super::assumptions::Assumptions;
use super::predicate::Predicate;
use crate::ffi;
use crate::strings::{string_from_ref, string_ref};

/// An operation handle, valid for `'a` (never null).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Op<'a>(MlirOperation, PhantomData<&'a ()>);
/// A value handle, valid for `'a`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Val<'a>(MlirValue, PhantomData<&'a ()>);
/// A block handle, valid for `'a`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Blk<'a>(MlirBlock, PhantomData<&'a ()>);
/// A region handle, valid for `'a`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reg<'a>(MlirRegion, PhantomData<&'a ()>);

impl PartialEq for Op<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.ptr == other.0.ptr
    }
}
impl Eq for Op<'_> {}
impl std::hash::Hash for Op<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.0.ptr as usize).hash(state)
    }
}
impl PartialEq for Val<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.ptr == other.0.ptr
    }
}
impl Eq for Val<'_> {}
impl std::hash::Hash for Val<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.0.ptr as usize).hash(state)
    }
}
impl PartialEq for Blk<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.ptr == other.0.ptr
    }
}
impl PartialEq for Reg<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.0.ptr == other.0.ptr
    }
}

/// Hasher for the analyses' maps, keyed by handles and small integers
/// (atoms, coefficients). A handle hashes as its address, which is already
/// unique, so one multiply-xor step per word replaces SipHash (the
/// analyses look handles up for every value and loop, and the relational
/// solver keys its constraints by their terms); `finish` rotates the
/// product so that its well-mixed high bits pick the bucket (addresses are
/// aligned: their low bits are always 0). Deterministic: iteration order
/// does not change between runs. The keys come from the analysed IR, not
/// from an adversary, so flooding resistance is not needed.
#[derive(Default)]
pub(crate) struct FastHasher(u64);

impl std::hash::Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        // An odd 64-bit constant (from the golden ratio) spreads the bits.
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }
}

/// A hash map with [`FastHasher`] (keys: handles such as [`Op`] and
/// [`Val`], or small integers).
pub(crate) type FastMap<K, V> = std::collections::HashMap<K, V, std::hash::BuildHasherDefault<FastHasher>>;
/// A hash set with [`FastHasher`].
pub(crate) type FastSet<K> = std::collections::HashSet<K, std::hash::BuildHasherDefault<FastHasher>>;

// Handles reached from a valid handle share its lifetime: these wrap what
// the C API returns for a live handle's navigation (null: None).
fn op_or_none<'a>(raw: MlirOperation) -> Option<Op<'a>> {
    (!raw.ptr.is_null()).then_some(Op(raw, PhantomData))
}
fn val<'a>(raw: MlirValue) -> Val<'a> {
    Val(raw, PhantomData)
}
fn blk_or_none<'a>(raw: MlirBlock) -> Option<Blk<'a>> {
    (!raw.ptr.is_null()).then_some(Blk(raw, PhantomData))
}

/// `MlirStringCallback` appending each printed part to a `String`.
///
/// # Safety
/// `user` must point to a live `String` that nothing else accesses during
/// the call, and `part` must satisfy [`string_from_ref`]'s contract. MLIR's
/// print functions pass back the `userData` they were given, and a part that
/// is valid for the duration of the callback.
unsafe extern "C" fn collect_string(part: MlirStringRef, user: *mut c_void) {
    // SAFETY: by this function's contract `user` is a live, otherwise
    // unaccessed `String` (callers pass `&mut out` of a local `out`).
    let out = unsafe { &mut *(user as *mut String) };
    // SAFETY: by this function's contract `part` is valid for this call, and
    // `string_from_ref` copies it before returning.
    out.push_str(&unsafe { string_from_ref(part) });
}

// Every handle below points into live IR (the module's invariant above): the
// SAFETY comments say which further conditions each call needs and why they
// hold. Queries only read the IR, except `is_before` (which may refresh the
// block's cached op order); the functions at the end mutate it.
impl<'a> Op<'a> {
    /// The operation `op` names, for as long as `op` is borrowed.
    pub(crate) fn of<'c: 'o, 'o>(op: &'a impl OperationLike<'c, 'o>) -> Op<'a> {
        Op(op.to_raw(), PhantomData)
    }

    /// A handle on a raw operation (the C API's entry points).
    ///
    /// # Safety
    /// `raw` must be a live, non-null operation that stays alive, and that
    /// nobody else modifies, for all of `'a`.
    pub(crate) unsafe fn from_raw(raw: MlirOperation) -> Op<'a> {
        assert!(!raw.ptr.is_null(), "Op::from_raw: null operation");
        Op(raw, PhantomData)
    }
    pub(crate) fn name(self) -> String {
        self.name_ref().into_owned()
    }
    /// The op's name without a copy when it is valid UTF-8 (always, for
    /// names the parser accepts; otherwise a lossy copy, as [`Op::name`]).
    pub(crate) fn name_ref(self) -> Cow<'a, str> {
        let bytes = self.name_bytes();
        // `from_utf8` checks ASCII a word at a time; the lossy conversion
        // (the same text for valid UTF-8) only for the rare invalid name.
        match std::str::from_utf8(bytes) {
            Ok(name) => Cow::Borrowed(name),
            Err(_) => String::from_utf8_lossy(bytes),
        }
    }
    /// The bytes of the op's name (for matching against many names: no
    /// UTF-8 check).
    pub(crate) fn name_bytes(self) -> &'a [u8] {
        // SAFETY: `self` is a live op. Its name identifier's string is
        // interned in the context, which outlives the op and so all of
        // `'a`, and is never changed or freed while the context lives; a
        // zero length never builds a slice (its data pointer may be null).
        unsafe {
            let r = mlirIdentifierStr(mlirOperationGetName(self.0));
            if r.length == 0 {
                return &[];
            }
            std::slice::from_raw_parts(r.data as *const u8, r.length)
        }
    }
    /// Whether the op is named `name` (no allocation: compares the
    /// context's interned name bytes).
    pub(crate) fn is(self, name: &str) -> bool {
        self.name_bytes() == name.as_bytes()
    }
    /// Whether the op is named one of `names` (its name read once).
    pub(crate) fn is_one_of(self, names: &[&str]) -> bool {
        let name = self.name_bytes();
        names.iter().any(|n| n.as_bytes() == name)
    }
    pub(crate) fn num_operands(self) -> usize {
        // SAFETY: `self` is a live op.
        unsafe { mlirOperationGetNumOperands(self.0) as usize }
    }
    /// Operand `i` (panics if the op has no operand `i`).
    pub(crate) fn operand(self, i: usize) -> Val<'a> {
        assert!(i < self.num_operands(), "operand {i} of {} is out of range", self.name());
        // SAFETY: `self` is a live op and `i` is in range (checked above; the
        // C API does not check it).
        val(unsafe { mlirOperationGetOperand(self.0, i as isize) })
    }
    pub(crate) fn num_results(self) -> usize {
        // SAFETY: `self` is a live op.
        unsafe { mlirOperationGetNumResults(self.0) as usize }
    }
    /// Result `i` (panics if the op has no result `i`).
    pub(crate) fn result(self, i: usize) -> Val<'a> {
        assert!(i < self.num_results(), "result {i} of {} is out of range", self.name());
        // SAFETY: `self` is a live op and `i` is in range (checked above; the
        // C API does not check it).
        val(unsafe { mlirOperationGetResult(self.0, i as isize) })
    }
    pub(crate) fn num_regions(self) -> usize {
        // SAFETY: `self` is a live op.
        unsafe { mlirOperationGetNumRegions(self.0) as usize }
    }
    /// Region `i` (panics if the op has no region `i`).
    pub(crate) fn region(self, i: usize) -> Reg<'a> {
        assert!(i < self.num_regions(), "region {i} of {} is out of range", self.name());
        // SAFETY: `self` is a live op and `i` is in range (checked above; the
        // C API does not check it).
        Reg(unsafe { mlirOperationGetRegion(self.0, i as isize) }, PhantomData)
    }
    /// The entry block of region `i`, if the region is not empty.
    pub(crate) fn entry_block(self, i: usize) -> Option<Blk<'a>> {
        if i >= self.num_regions() {
            return None;
        }
        self.region(i).first_block()
    }
    pub(crate) fn parent(self) -> Option<Op<'a>> {
        // SAFETY: `self` is a live op; a top-level op gives null (None).
        unsafe { op_or_none(mlirOperationGetParentOperation(self.0)) }
    }
    pub(crate) fn block(self) -> Option<Blk<'a>> {
        // SAFETY: `self` is a live op; an op in no block gives null (None).
        let b = unsafe { mlirOperationGetBlock(self.0) };
        blk_or_none(b)
    }
    pub(crate) fn next(self) -> Option<Op<'a>> {
        // `getNextNode` dereferences the op's parent block: an op in no
        // block has no next op.
        self.block()?;
        // SAFETY: `self` is a live op in a block (checked above); the last
        // op of the block gives null (None).
        unsafe { op_or_none(mlirOperationGetNextInBlock(self.0)) }
    }
    pub(crate) fn attr(self, name: &str) -> Option<MlirAttribute> {
        // SAFETY: `self` is a live op; `string_ref(name)` borrows `name`,
        // which outlives the call (the C API only compares the bytes). A
        // missing attribute gives null (None).
        let a = unsafe { mlirOperationGetAttributeByName(self.0, string_ref(name)) };
        (!a.ptr.is_null()).then_some(a)
    }
    pub(crate) fn has_attr(self, name: &str) -> bool {
        self.attr(name).is_some()
    }
    pub(crate) fn location(self) -> Location<'a> {
        // SAFETY: `self` is a live op; the location it returns is uniqued in
        // the context, which outlives the op and so all of `'a`.
        unsafe { Location::from_raw(mlirOperationGetLocation(self.0)) }
    }
    /// `file:line:col` of the op's location.
    pub(crate) fn loc_string(self) -> String {
        let mut out = String::new();
        // SAFETY: the location is valid (see `location`); the callback gets
        // `&mut out`, a live local that nothing else touches until the call
        // returns (loomFactsPrintLocation does not keep it), as
        // `collect_string` requires.
        unsafe {
            ffi::loomFactsPrintLocation(
                self.location().to_raw(),
                Some(collect_string),
                &mut out as *mut String as *mut c_void,
            )
        };
        out
    }
    /// Whether `self` comes before `other` in their common block (panics if
    /// they are not in the same block).
    pub(crate) fn is_before(self, other: Op<'a>) -> bool {
        let block = self.block();
        assert!(block.is_some() && block == other.block(), "is_before: the ops are not in the same block");
        // SAFETY: both ops are live and in the same block (checked above: the
        // C API dereferences the block and does not check it). This may
        // recompute the block's cached op order, which only the thread that
        // owns this IR (the pass run) touches.
        unsafe { mlirOperationIsBeforeInBlock(self.0, other.0) }
    }
    /// The names and printed forms of the op's attributes (inherent and
    /// discardable) that may hold a symbol reference: every one except
    /// the kinds that cannot (integers, floats, strings, types, affine
    /// maps, units, dense arrays and elements), which are not printed.
    pub(crate) fn symbol_attrs(self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        // SAFETY: `self` is a live op; `i` is below its attribute count,
        // read in the same call sequence while the IR does not change; the
        // named attribute's name and value are uniqued in the context.
        unsafe {
            for i in 0..mlirOperationGetNumAttributes(self.0) {
                let named = mlirOperationGetAttribute(self.0, i);
                let a = named.attribute;
                let plain = mlirAttributeIsAInteger(a)
                    || mlirAttributeIsAFloat(a)
                    || mlirAttributeIsAString(a)
                    || mlirAttributeIsAType(a)
                    || mlirAttributeIsAAffineMap(a)
                    || mlirAttributeIsAUnit(a)
                    || mlirAttributeIsABool(a)
                    || mlirAttributeIsADenseI64Array(a)
                    || mlirAttributeIsADenseElements(a);
                if !plain {
                    out.push((string_from_ref(mlirIdentifierStr(named.name)), attr_string(a)));
                }
            }
        }
        out
    }
    /// Whether `self` is `ancestor` or nested (at any depth) inside it.
    pub(crate) fn is_within(self, ancestor: Op<'a>) -> bool {
        let mut at = Some(self);
        while let Some(op) = at {
            if op == ancestor {
                return true;
            }
            at = op.parent();
        }
        false
    }
    /// The ancestor of `self` (or `self`) whose block is `block`.
    pub(crate) fn ancestor_in(self, block: Blk<'a>) -> Option<Op<'a>> {
        let mut at = Some(self);
        while let Some(op) = at {
            if op.block() == Some(block) {
                return Some(op);
            }
            at = op.parent();
        }
        None
    }
    /// Index of the region of `self` that contains `inner` (nested at any depth).
    pub(crate) fn region_index_of(self, inner: Op<'a>) -> Option<usize> {
        let mut at = inner;
        loop {
            let parent = at.parent()?;
            if parent == self {
                let block = at.block()?;
                let region = block.parent_region()?;
                return (0..self.num_regions()).find(|&i| self.region(i) == region);
            }
            at = parent;
        }
    }
    /// Every op nested in `self` (not `self`), in pre-order.
    pub(crate) fn nested_ops(self) -> Vec<Op<'a>> {
        let mut out = Vec::new();
        self.push_nested_ops(&mut out);
        out
    }
    /// [`Op::nested_ops`] appended to `out` (one vector for the whole walk).
    fn push_nested_ops(self, out: &mut Vec<Op<'a>>) {
        for r in 0..self.num_regions() {
            let mut block = self.region(r).first_block();
            while let Some(b) = block {
                for op in b.ops() {
                    out.push(op);
                    op.push_nested_ops(out);
                }
                block = b.next();
            }
        }
    }
    /// If this op is a loom exit terminator (it implements loom's
    /// `RegionExitTerminatorOpInterface`): its kind and the op it exits
    /// (None when the target cannot be resolved).
    pub(crate) fn loom_exit(self) -> Option<(ExitKind, Option<Op<'a>>)> {
        // SAFETY: `self` is a live (non-null) op; loomGetExitKind only casts it
        // to loom's exit interface.
        let kind = ExitKind::from_c(unsafe { ffi::loomGetExitKind(self.0) })?;
        // SAFETY: `self` is a live op (an exit terminator, checked above);
        // the result is the op it exits (in the same live IR) or null (None).
        let target = unsafe { op_or_none(ffi::loomGetExitTarget(self.0)) };
        Some((kind, target))
    }
    /// Predicate of arith.cmpi / index.cmp, if the op is one.
    pub(crate) fn compare_predicate(self) -> Option<Predicate> {
        // SAFETY: `self` is a live op; the C function only reads its name and
        // predicate attribute.
        Predicate::from_arith(unsafe { ffi::loomFactsComparePredicate(self.0) })
    }
    /// `(nsw, nuw)` of an op with arith's integer overflow flags (`addi`,
    /// `subi`, `muli`, `shli`), if the op is one.
    pub(crate) fn overflow_flags(self) -> Option<(bool, bool)> {
        // SAFETY: `self` is a live op; the C function only reads its
        // interfaces and overflow flags property.
        let bits = unsafe { ffi::loomFactsOverflowFlags(self.0) };
        (bits >= 0).then_some((bits & 1 != 0, bits & 2 != 0))
    }
    /// Whether the op implements MLIR's `LoopLikeOpInterface` (scf, affine,
    /// loom loops...).
    pub(crate) fn is_loop_like(self) -> bool {
        // SAFETY: `self` is a live (non-null) op; the C function only checks
        // its interfaces.
        unsafe { ffi::loomOpIsLoopLike(self.0) }
    }
    /// Number of loop-like ops strictly enclosing the op, up to the top
    /// (0 for an outermost loop), as `loom-loop-depth` annotates it.
    pub(crate) fn loop_depth(self) -> u32 {
        let mut n = 0;
        let mut at = self.parent();
        while let Some(p) = at {
            if p.is_loop_like() {
                n += 1;
            }
            at = p.parent();
        }
        n
    }
    /// The op's own `sym_name`, if it has a string one.
    pub(crate) fn own_symbol(self) -> Option<String> {
        let a = self.attr("sym_name")?;
        // SAFETY: `a` is a non-null attribute of a live op (uniqued in the
        // context, so valid as long as it).
        if !unsafe { mlirAttributeIsAString(a) } {
            return None;
        }
        // SAFETY: `a` is a valid string attribute (checked above); its value
        // lives in the context's attribute storage and `string_from_ref`
        // copies it before returning.
        Some(unsafe { string_from_ref(mlirStringAttrGetValue(a)) })
    }
    pub(crate) fn context(self) -> MlirContext {
        // SAFETY: `self` is a live op; its context outlives it.
        unsafe { mlirOperationGetContext(self.0) }
    }
}

impl<'a> Blk<'a> {
    pub(crate) fn num_args(self) -> usize {
        // SAFETY: `self` is a live block.
        unsafe { mlirBlockGetNumArguments(self.0) as usize }
    }
    /// Argument `i` (panics if the block has no argument `i`).
    pub(crate) fn arg(self, i: usize) -> Val<'a> {
        assert!(i < self.num_args(), "block argument {i} is out of range");
        // SAFETY: `self` is a live block and `i` is in range (checked above;
        // the C API does not check it).
        val(unsafe { mlirBlockGetArgument(self.0, i as isize) })
    }
    pub(crate) fn first_op(self) -> Option<Op<'a>> {
        // SAFETY: `self` is a live block; an empty block gives null (None).
        unsafe { op_or_none(mlirBlockGetFirstOperation(self.0)) }
    }
    pub(crate) fn terminator(self) -> Option<Op<'a>> {
        // SAFETY: `self` is a live block; the C API returns null (None) for
        // an empty block or one that does not end with a terminator.
        unsafe { op_or_none(mlirBlockGetTerminator(self.0)) }
    }
    pub(crate) fn ops(self) -> impl Iterator<Item = Op<'a>> {
        std::iter::successors(self.first_op(), |op| op.next())
    }
    pub(crate) fn parent_op(self) -> Option<Op<'a>> {
        // SAFETY: `self` is a live block; a block in no region (or in a
        // region of no op) gives null (None).
        unsafe { op_or_none(mlirBlockGetParentOperation(self.0)) }
    }
    pub(crate) fn parent_region(self) -> Option<Reg<'a>> {
        // SAFETY: `self` is a live block; a block in no region gives null.
        let r = unsafe { mlirBlockGetParentRegion(self.0) };
        (!r.ptr.is_null()).then_some(Reg(r, PhantomData))
    }
    pub(crate) fn next(self) -> Option<Blk<'a>> {
        // `getNextNode` dereferences the block's parent region: a block in
        // no region has no next block.
        self.parent_region()?;
        // SAFETY: `self` is a live block in a region (checked above); the
        // last block of the region gives null (None).
        let b = unsafe { mlirBlockGetNextInRegion(self.0) };
        blk_or_none(b)
    }
}

impl<'a> Reg<'a> {
    pub(crate) fn first_block(self) -> Option<Blk<'a>> {
        // SAFETY: `self` is a live region; an empty region gives null (None).
        let b = unsafe { mlirRegionGetFirstBlock(self.0) };
        blk_or_none(b)
    }
}

/// What a loom exit terminator does (`loom::ExitKind` in C++, returned as
/// `LoomExitKind` by the C API).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ExitKind {
    /// Leaves the target; forwarded operands become its results.
    Break,
    /// Starts the target loop's next iteration.
    Continue,
    /// Normal end of the parent's region.
    Yield,
}

impl ExitKind {
    /// The C API's value; None for `LoomExitKindNone` (not an exit). Panics
    /// on any other value: the C enum and this one would disagree.
    fn from_c(kind: ffi::LoomExitKind) -> Option<ExitKind> {
        match kind {
            ffi::LoomExitKind_LoomExitKindNone => None,
            ffi::LoomExitKind_LoomExitKindBreak => Some(ExitKind::Break),
            ffi::LoomExitKind_LoomExitKindContinue => Some(ExitKind::Continue),
            ffi::LoomExitKind_LoomExitKindYield => Some(ExitKind::Yield),
            other => panic!("loomGetExitKind returned {other}, which is not a LoomExitKind"),
        }
    }

    /// The loom op of this kind (`loom.break`...), as messages name exits.
    pub(crate) fn loom_op(self) -> &'static str {
        match self {
            ExitKind::Break => "loom.break",
            ExitKind::Continue => "loom.continue",
            ExitKind::Yield => "loom.yield",
        }
    }
}

/// Where a value comes from.
pub(crate) enum Def<'a> {
    Result(Op<'a>),
    Arg(Blk<'a>, usize),
}

impl<'a> Val<'a> {
    pub(crate) fn def(self) -> Def<'a> {
        // SAFETY: `self` is a live value: a block argument (its owner block
        // is live) or, otherwise, an op result (its owner op is live); each
        // accessor is only called on the kind of value it expects.
        unsafe {
            if mlirValueIsABlockArgument(self.0) {
                Def::Arg(
                    Blk(mlirBlockArgumentGetOwner(self.0), PhantomData),
                    mlirBlockArgumentGetArgNumber(self.0) as usize,
                )
            } else {
                Def::Result(Op(mlirOpResultGetOwner(self.0), PhantomData))
            }
        }
    }
    pub(crate) fn defining_op(self) -> Option<Op<'a>> {
        match self.def() {
            Def::Result(op) => Some(op),
            Def::Arg(..) => None,
        }
    }
    /// Whether the value is defined inside `op` (a result of an op nested in
    /// it or an argument of one of its blocks); false for values defined
    /// above it (loop-invariant for a loop) and for `op`'s own results.
    pub(crate) fn defined_inside(self, op: Op<'a>) -> bool {
        match self.def() {
            Def::Result(def) => def != op && def.is_within(op),
            Def::Arg(block, _) => block.parent_op().is_some_and(|p| p.is_within(op)),
        }
    }
    /// A number identifying the value while the IR lives (its address).
    pub(crate) fn id(self) -> usize {
        self.0.ptr as usize
    }
    pub(crate) fn ty(self) -> MlirType {
        // SAFETY: `self` is a live value; its type is uniqued in the context.
        unsafe { mlirValueGetType(self.0) }
    }
    /// The value as printed as an operand (`%arg0`, `%3`), for messages.
    ///
    /// Values are numbered from the nearest isolated-from-above op at or
    /// above the value's defining op (or its block's op), normally the
    /// function: that gives the names a print of the whole module gives
    /// (except for a result of an isolated-from-above op itself, which is
    /// not named in that scope) without reading IR outside that op. A pass
    /// running on one function must not read its siblings, which other
    /// threads may be rewriting.
    pub(crate) fn operand_name(self) -> String {
        let mut out = String::new();
        // SAFETY: `self` is a live value. `flags` and `state` are created
        // here, checked, and destroyed exactly once, after their last use;
        // the state is built and used while the IR does not change, as the
        // C API requires. With local scope, creating the state reads only
        // the IR under the nearest isolated-from-above op at or above the
        // defining op of `self`, which is inside the op the pass runs on
        // (pass anchors are isolated from above, or the top-level op).
        // The state is null for a block argument of a block in no op: then
        // nothing is printed (the C API dereferences the state). The callback
        // gets `&mut out`, a live local nothing else touches during the call.
        unsafe {
            let flags = mlirOpPrintingFlagsCreate();
            mlirOpPrintingFlagsUseLocalScope(flags);
            let state = mlirAsmStateCreateForValue(self.0, flags);
            if !state.ptr.is_null() {
                mlirValuePrintAsOperand(self.0, state, Some(collect_string), &mut out as *mut String as *mut c_void);
                mlirAsmStateDestroy(state);
            }
            mlirOpPrintingFlagsDestroy(flags);
        }
        out
    }
}

/// An integer-like type: its width in bits (for `index`, the carrier width
/// given to [`int_type`]) and whether it is `index`. A pair, so that `.0`
/// is the width, as where callers read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct IntType(pub u32, pub bool);

impl IntType {
    /// Bits (for `index`, the carrier width).
    pub(crate) fn width(self) -> u32 {
        self.0
    }
    /// Whether it is `index`.
    pub(crate) fn is_index(self) -> bool {
        self.1
    }
    /// The printed type: `index`, `i32`.
    pub(crate) fn name(self) -> String {
        if self.1 {
            "index".to_string()
        } else {
            format!("i{}", self.0)
        }
    }
}

/// The integer-like type `ty` is (index: the carrier width given), if any.
/// Nothing is allocated: most callers want the width only.
pub(crate) fn int_type(ty: MlirType, index_width: u32) -> Option<IntType> {
    // SAFETY: `ty` is a valid type (uniqued in a live context); the width and
    // signedness queries run only on integer types (checked first).
    unsafe {
        if mlirTypeIsAIndex(ty) {
            Some(IntType(index_width, true))
        } else if mlirTypeIsAInteger(ty) && mlirIntegerTypeIsSignless(ty) {
            Some(IntType(mlirIntegerTypeGetWidth(ty), false))
        } else {
            None
        }
    }
}

/// Bits of an `f16`, `bf16`, `f32` or `f64` type; None for other types
/// (no printing: the C API's type predicates).
pub(crate) fn float_bits(ty: MlirType) -> Option<u32> {
    // SAFETY: `ty` is a valid type (uniqued in a live context); the
    // predicates only compare its type ID.
    unsafe {
        if mlirTypeIsAF16(ty) || mlirTypeIsABF16(ty) {
            Some(16)
        } else if mlirTypeIsAF32(ty) {
            Some(32)
        } else if mlirTypeIsAF64(ty) {
            Some(64)
        } else {
            None
        }
    }
}

pub(crate) fn type_string(ty: MlirType) -> String {
    let mut out = String::new();
    // SAFETY: `ty` is a valid type (uniqued in a live context); the callback
    // gets `&mut out`, a live local nothing else touches during the call.
    unsafe { mlirTypePrint(ty, Some(collect_string), &mut out as *mut String as *mut c_void) };
    out
}

/// Static shape of a memref or vector type: `Some(dim sizes)` with `None`
/// for dynamic dims; `None` if the type is not a ranked shaped type.
pub(crate) fn shape_of(ty: MlirType) -> Option<Vec<Option<i64>>> {
    // SAFETY: `ty` is a valid type (uniqued in a live context); the shaped
    // type queries run only on a memref or vector type (checked first), the
    // rank queries only once it is ranked, and dims only for 0 <= i < rank.
    unsafe {
        if !(mlirTypeIsAMemRef(ty) || mlirTypeIsAVector(ty)) {
            return None;
        }
        if !mlirShapedTypeHasRank(ty) {
            return None;
        }
        let rank = mlirShapedTypeGetRank(ty);
        Some(
            (0..rank)
                .map(|i| {
                    if mlirShapedTypeIsDynamicDim(ty, i as isize) {
                        None
                    } else {
                        Some(mlirShapedTypeGetDimSize(ty, i as isize))
                    }
                })
                .collect(),
        )
    }
}

/// Whether dimension `i` of a vector type is scalable (`vector<[4]xf32>`
/// has 4 × vscale elements); false for other types and out-of-range `i`.
pub(crate) fn is_scalable_dim(ty: MlirType, i: usize) -> bool {
    // SAFETY: `ty` is a valid type (uniqued in a live context); the rank and
    // scalability queries run only on a vector type (checked first, vectors
    // are always ranked), and the dim query only for 0 <= i < rank.
    unsafe {
        mlirTypeIsAVector(ty) && (i as i64) < mlirShapedTypeGetRank(ty) && mlirVectorTypeIsDimScalable(ty, i as isize)
    }
}

/// Element type of a shaped type (memref, vector, tensor); None otherwise.
pub(crate) fn element_type(ty: MlirType) -> Option<MlirType> {
    // SAFETY: `ty` is a valid type (uniqued in a live context); the element
    // type query runs only on a shaped type (checked first).
    unsafe { mlirTypeIsAShaped(ty).then(|| mlirShapedTypeGetElementType(ty)) }
}

/// The largest size dimension `k` of a memref of type `ty` can have under
/// the buffer-size assumptions `allowed`, with the one it rests on:
/// `(2^(w-1) - 1) floordiv element bytes`, when either the dimension's
/// stride is a static value of at least 1 (so its elements are distinct
/// addresses), every other dimension is a static size of at least 1 (a
/// view with an empty dimension has no elements, whatever its other
/// sizes) and the buffer's bytes are assumed below 2^(w-1); or each
/// dimension's bytes are assumed below it and the stride is static and
/// at least 1 or the layout is the identity (row-major: its dynamic
/// strides are products of sizes). None otherwise: a stride-0 view
/// (broadcast) or a view with a dynamic stride may have any size. A
/// static stride counts only when it fits the index width
/// ([`index_constant`]).
pub(crate) fn buffer_size_cap(
    ty: MlirType,
    k: usize,
    index_width: u32,
    allowed: Assumptions,
) -> Option<(i128, Assumptions)> {
    let shape = shape_of(ty)?;
    if k >= shape.len() || !is_memref(ty) {
        return None;
    }
    // SAFETY: `ty` is a live memref type (checked above); the layout map is
    // uniqued in its context.
    let identity = unsafe { mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(ty)) };
    // The stride of dimension k: for an identity layout the product of the
    // later sizes (static when they all are), computed here because the C
    // API's general computation (through affine expressions) costs some
    // ten thousand instructions per call, and accesses ask for every
    // dimension.
    let stride = if identity {
        shape[k + 1..].iter().try_fold(1i64, |p, d| d.and_then(|d| p.checked_mul(d)))
    } else {
        let mut strides = vec![0i64; shape.len()];
        let mut offset = 0i64;
        // SAFETY: `ty` is a live ranked memref type (checked above: a shape
        // and a memref); `strides` has one slot per dimension, as the C API
        // writes, and `offset` is a live local.
        let ok = unsafe { mlirMemRefTypeGetStridesAndOffset(ty, strides.as_mut_ptr(), &mut offset) };
        if ok.value == 0 {
            return None;
        }
        // A dynamic stride is i64::MIN: below 1, as unknown is.
        Some(strides[k])
    };
    // A stride the index width cannot hold is truncated by the lowering
    // (4294967296 is 0 at 32 bits: a broadcast).
    let positive_stride = stride.is_some_and(|s| s >= 1 && index_constant(s, index_width).is_ok());
    let others_nonempty = shape.iter().enumerate().all(|(j, d)| j == k || d.is_some_and(|d| d >= 1));
    let rests_on = if positive_stride && others_nonempty && allowed.contains(Assumptions::BUFFER_BYTES) {
        Assumptions::BUFFER_BYTES
    } else if (positive_stride || identity) && allowed.contains(Assumptions::BUFFER_DIMS) {
        // An identity layout's dynamic stride (the product of the later
        // sizes) is 0 only when the buffer is empty: the case the
        // assumption speaks of.
        Assumptions::BUFFER_DIMS
    } else {
        return None;
    };
    Some((super::bits::smax(index_width) / element_bytes(ty, index_width), rests_on))
}

/// The strides and offset a memref type's `strided<...>` layout states
/// (dynamic ones are `i64::MIN`); None for another type or layout (the
/// identity, an affine map).
pub(crate) fn strided_layout(ty: MlirType) -> Option<(Vec<i64>, i64)> {
    if shape_of(ty).is_none() || !is_memref(ty) {
        return None;
    }
    // SAFETY: `ty` is a live ranked memref type (checked above); its layout
    // attribute is uniqued in its context, the strided-layout accessors run
    // only on a strided layout (checked first), at positions below its
    // number of strides.
    unsafe {
        let layout = mlirMemRefTypeGetLayout(ty);
        if !mlirAttributeIsAStridedLayout(layout) {
            return None;
        }
        let n = mlirStridedLayoutAttrGetNumStrides(layout);
        let strides = (0..n).map(|i| mlirStridedLayoutAttrGetStride(layout, i)).collect();
        Some((strides, mlirStridedLayoutAttrGetOffset(layout)))
    }
}

/// Bytes per element of a memref type (at least 1: a smaller element gives
/// a weaker cap, never a wrong one).
pub(crate) fn element_bytes(ty: MlirType, index_width: u32) -> i128 {
    let Some(el) = element_type(ty) else { return 1 };
    if let Some(t) = int_type(el, index_width) {
        return ((t.width() as i128) + 7) / 8;
    }
    let bits = float_bits(el).unwrap_or(8);
    (i128::from(bits) / 8).max(1)
}

/// Whether `ty` is a (ranked or unranked) memref type.
pub(crate) fn is_memref(ty: MlirType) -> bool {
    // SAFETY: `ty` is a valid type (uniqued in a live context).
    unsafe { mlirTypeIsAMemRef(ty) || mlirTypeIsAUnrankedMemRef(ty) }
}

/// The printed form of an attribute (`#llvm.vscale_range<...>`, `[true]`).
pub(crate) fn attr_string(attr: MlirAttribute) -> String {
    let mut out = String::new();
    // SAFETY: `attr` is a valid attribute (uniqued in a live context); the
    // callback gets `&mut out`, a live local nothing else touches during the
    // call.
    unsafe { mlirAttributePrint(attr, Some(collect_string), &mut out as *mut String as *mut c_void) };
    out
}

/// Value of an integer attribute: (bits, width); width 64 for index.
pub(crate) fn int_attr(attr: MlirAttribute) -> Option<(u64, u32)> {
    let mut bits = 0u64;
    let mut width = 0u32;
    // SAFETY: `attr` is a valid attribute (uniqued in a live context); the C
    // function accepts any kind of attribute and writes only through the two
    // pointers, which point to live locals.
    let ok = unsafe { ffi::loomFactsIntegerValue(attr, &mut bits, &mut width) };
    ok.then_some((bits, width))
}

/// An integer an attribute or a type states for an `index` value (an
/// affine map's constant, coefficient or divisor, a loop's static bound or
/// step, a view's static offset, size or stride, a static dimension size),
/// where the index is `width` bits wide: the lowering materialises it as
/// an `index` constant, which the conversion to LLVM truncates to `width`
/// bits (read signed, as affine maps, loop bounds, steps and views read
/// it), while upstream's folders compute with its 64-bit value. The two
/// agree, and the value is read, exactly when it is a signed `width`-bit
/// value; otherwise it is refused: which of the two a program computes
/// depends on what folds on the way (at 32 bits, `loom-lower-to-llvm`
/// computes `affine.apply` of `d0 floordiv 3000000000` at 2000000000 as
/// 0 when 2000000000 is a constant there, which folds with 64-bit values,
/// and as -1 when it is computed at run time). Every reader of such an
/// integer goes through this.
pub(crate) fn index_constant(value: i64, width: u32) -> Result<i64, WideConstant> {
    let v = i128::from(value);
    if (super::bits::smin(width)..=super::bits::smax(width)).contains(&v) {
        Ok(value)
    } else {
        Err(WideConstant { value, width })
    }
}

/// An integer of an attribute that [`index_constant`] refuses; displays as
/// `4294967298 does not fit the 32-bit index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WideConstant {
    pub(crate) value: i64,
    pub(crate) width: u32,
}

impl std::fmt::Display for WideConstant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} does not fit the {}-bit index", self.value, self.width)
    }
}

/// An integer attribute that states an `index` value (an `affine.for`'s
/// `step`, an `affine.parallel`'s `steps` entry), read signed at its own
/// width and then by [`index_constant`] at the index width `width`; None
/// when it is not an integer attribute.
pub(crate) fn index_attr(attr: MlirAttribute, width: u32) -> Option<Result<i64, WideConstant>> {
    let (bits, w) = int_attr(attr)?;
    let value = i64::try_from(super::bits::to_signed(u128::from(bits), w)).ok()?;
    Some(index_constant(value, width))
}

/// The target's index width at `op` (DLTI entry, else `fallback`).
pub(crate) fn index_bitwidth(op: Op<'_>, fallback: u32) -> u32 {
    // SAFETY: `op` is a live op; the C function only reads the data layout
    // specs of it and its ancestors.
    unsafe { ffi::loomFactsIndexBitwidth(op.0, fallback) }
}

/// One entry of a subview's offsets, sizes or strides.
#[derive(Clone, Copy)]
pub(crate) enum Part<'a> {
    Static(i64),
    Dynamic(Val<'a>),
}

/// The entries of a `DenseI64ArrayAttr` (`array<i64: 0, -9223372036854775808>`),
/// None for any other attribute.
pub(crate) fn i64_array(attr: MlirAttribute) -> Option<Vec<i64>> {
    // SAFETY: `attr` is a valid attribute (uniqued in a live context); the
    // kind is checked before the array accessors, whose positions are below
    // the element count they report.
    unsafe {
        if !mlirAttributeIsADenseI64Array(attr) {
            return None;
        }
        let n = mlirDenseArrayGetNumElements(attr);
        Some((0..n).map(|i| mlirDenseI64ArrayGetElement(attr, i)).collect())
    }
}

/// The `memref.alloca` of one element `v` is loaded from, when `v` is a
/// `memref.load` of such a stack slot: how a C front end keeps a local
/// variable. Its value is out of reach of every fact that reads SSA values
/// until `loom-promote-slots` turns the slot into SSA values.
pub(crate) fn slot_of(v: Val<'_>) -> Option<Op<'_>> {
    let load = v.defining_op().filter(|op| op.is("memref.load"))?;
    let slot = load.operand(0).defining_op().filter(|op| op.is("memref.alloca"))?;
    let shape = shape_of(slot.result(0).ty())?;
    shape.iter().all(|d| *d == Some(1)).then_some(slot)
}

/// The reason's words for a value loaded from a stack slot ([`slot_of`]).
pub(crate) fn slot_reason(slot: Op<'_>) -> String {
    format!(
        "it is loaded from a stack slot (the memref.alloca at {}): run loom-promote-slots first to make it an SSA value",
        slot.loc_string()
    )
}

/// A subview's (offset, size, stride) per source dimension at index width
/// `width`; strides must be constant and positive, and every static entry
/// a `width`-bit value ([`index_constant`]). An entry given by an operand
/// that is a constant (`arith.constant`, `index.constant`, casts and
/// arithmetic of constants, as front ends spell them: `[%c0] [%c23]
/// [%c1]`) is read as that constant ([`crate::facts::bits::const_bits`],
/// which reads a narrow index only where 64-bit folding agrees): static,
/// like an attribute entry.
pub(crate) fn subview_parts(op: Op<'_>, width: u32) -> Result<Vec<(Part<'_>, Part<'_>, i64)>, String> {
    let rank = shape_of(op.operand(0).ty()).ok_or("its source is not a ranked memref")?.len();
    let array = |name: &str| {
        op.attr(name)
            .and_then(i64_array)
            .filter(|a| a.len() == rank)
            .ok_or_else(|| format!("its {name} do not give one entry per source dimension"))
    };
    let (offsets, sizes, strides) = (array("static_offsets")?, array("static_sizes")?, array("static_strides")?);
    let fits = |what: &str, c: i64| index_constant(c, width).map_err(|wide| format!("its static {what} {wide}"));
    // Dynamic entries (i64::MIN) take the operands after the source, in
    // the order offsets, sizes, strides.
    let mut next = 1;
    let mut part = |what: &str, c: i64| -> Result<Part<'_>, String> {
        if c != i64::MIN {
            return fits(what, c).map(Part::Static);
        }
        if next >= op.num_operands() {
            return Err("it has fewer operands than dynamic entries".into());
        }
        next += 1;
        let v = op.operand(next - 1);
        Ok(match constant_index(v, width) {
            Some(c) => Part::Static(c),
            None => Part::Dynamic(v),
        })
    };
    let offsets: Vec<Part> = offsets.into_iter().map(|c| part("offset", c)).collect::<Result<_, _>>()?;
    let sizes: Vec<Part> = sizes.into_iter().map(|c| part("size", c)).collect::<Result<_, _>>()?;
    let strides: Vec<i64> = strides
        .into_iter()
        .map(|s| match part("stride", s)? {
            Part::Static(s) if s >= 1 => Ok(s),
            _ => Err("its stride is not a positive constant".to_string()),
        })
        .collect::<Result<_, _>>()?;
    Ok(offsets.into_iter().zip(sizes).zip(strides).map(|((o, n), s)| (o, n, s)).collect())
}

/// The value of an `index` operand that is a constant at index width
/// `width` (see [`crate::facts::bits::const_bits`]), signed.
fn constant_index(v: Val<'_>, width: u32) -> Option<i64> {
    let bits = crate::facts::bits::const_bits(v, width)?;
    i64::try_from(crate::facts::bits::to_signed(bits, width)).ok()
}

/// For each dimension of a rank-reducing `memref.subview`'s result, the
/// source dimension it is, when that is unambiguous: the source
/// dimensions of size 1 (static, or a constant operand) are exactly as
/// many as the ranks differ, so they are the dropped ones. None otherwise
/// (several unit dimensions could be the dropped ones).
pub(crate) fn subview_kept_dims(op: Op<'_>, width: u32) -> Option<Vec<usize>> {
    let parts = subview_parts(op, width).ok()?;
    let result_rank = shape_of(op.result(0).ty())?.len();
    let units: Vec<usize> =
        parts.iter().enumerate().filter(|(_, p)| matches!(p.1, Part::Static(1))).map(|(i, _)| i).collect();
    let dropped = parts.len().checked_sub(result_rank)?;
    if dropped == 0 {
        return Some((0..parts.len()).collect());
    }
    (units.len() == dropped).then(|| (0..parts.len()).filter(|i| !units.contains(i)).collect())
}

/// (lower bound, upper bound, step) of induction variable `n` of an
/// `scf.parallel` (operands: lower bounds, upper bounds, steps, inits; one
/// of each per induction variable) or an `scf.forall` (static parts in
/// `staticLowerBound`/`staticUpperBound`/`staticStep`, dynamic ones as
/// operands in that order). None when `op` has no dimension `n`; Err when
/// a static part of it does not fit the index width `width`
/// ([`index_constant`]).
pub(crate) fn loop_dimension(
    op: Op<'_>,
    n: usize,
    width: u32,
) -> Option<Result<(Part<'_>, Part<'_>, Part<'_>), String>> {
    let ivs = op.entry_block(0)?.num_args();
    if op.is("scf.parallel") {
        if n >= ivs || 3 * ivs > op.num_operands() {
            return None;
        }
        let at = |k: usize| Part::Dynamic(op.operand(k * ivs + n));
        return Some(Ok((at(0), at(1), at(2))));
    }
    if !op.is("scf.forall") {
        return None;
    }
    let arrays: Vec<Vec<i64>> = ["staticLowerBound", "staticUpperBound", "staticStep"]
        .iter()
        .map(|name| op.attr(name).and_then(i64_array))
        .collect::<Option<_>>()?;
    let rank = arrays[1].len();
    if n >= rank || arrays.iter().any(|a| a.len() != rank) {
        return None;
    }
    // Dynamic entries (i64::MIN) take the operands in order.
    let mut next = 0;
    let mut parts = Vec::new();
    for (a, what) in arrays.iter().zip(["lower bound", "upper bound", "step"]) {
        let mut mine = None;
        for (i, &c) in a.iter().enumerate() {
            let part = if c == i64::MIN {
                if next >= op.num_operands() {
                    return None;
                }
                next += 1;
                Part::Dynamic(op.operand(next - 1))
            } else if i == n {
                match index_constant(c, width) {
                    Ok(c) => Part::Static(c),
                    Err(wide) => return Some(Err(format!("its static {what} {wide}"))),
                }
            } else {
                Part::Static(c)
            };
            if i == n {
                mine = Some(part);
            }
        }
        parts.push(mine?);
    }
    Some(Ok((parts[0], parts[1], parts[2])))
}

/// One induction variable of an `affine.parallel`: its lower bound is the
/// largest of the results `lower` of `lowerBoundsMap` (whose inputs are
/// the op's first operands), its upper bound the smallest of the results
/// `upper` of `upperBoundsMap` (inputs from operand `upper_first` on),
/// each dimension's results being one group of `lowerBoundsGroups` /
/// `upperBoundsGroups`; `step` is its entry of `steps`.
pub(crate) struct AffineParallelDim {
    pub(crate) lower: std::ops::Range<usize>,
    pub(crate) upper: std::ops::Range<usize>,
    pub(crate) upper_first: usize,
    pub(crate) step: i128,
}

/// Dimension `n` of the `affine.parallel` `op` ([`AffineParallelDim`]) at
/// index width `width`; Err (why) when `op` is not one, its attributes are
/// not readable, or its step does not fit the width ([`index_constant`]).
pub(crate) fn affine_parallel_dimension(op: Op<'_>, n: usize, width: u32) -> Result<AffineParallelDim, String> {
    if !op.is("affine.parallel") {
        return Err(format!("'{}' is not an affine.parallel", op.name_ref()));
    }
    let unreadable = || format!("the bound maps or steps of induction variable {n} are not readable");
    let groups = |name: &str| -> Option<Vec<usize>> {
        let attr = op.attr(name)?;
        // SAFETY: `attr` is a valid attribute (uniqued in a live context);
        // the element accessors run only on dense integer elements (checked
        // first), at positions below their count.
        unsafe {
            if !mlirAttributeIsADenseIntElements(attr) {
                return None;
            }
            let count = isize::try_from(mlirElementsAttrGetNumElements(attr)).ok()?;
            (0..count).map(|i| usize::try_from(mlirDenseElementsAttrGetInt32Value(attr, i)).ok()).collect()
        }
    };
    let (lower, upper) = groups("lowerBoundsGroups").zip(groups("upperBoundsGroups")).ok_or_else(unreadable)?;
    if n >= lower.len() || n >= upper.len() {
        return Err(unreadable());
    }
    let span = |g: &[usize]| {
        let start: usize = g[..n].iter().sum();
        start..start + g[n]
    };
    let upper_first = op.attr("lowerBoundsMap").and_then(|m| affine_map_results(m, width)).ok_or_else(unreadable)?.0;
    let steps = op.attr("steps").ok_or_else(unreadable)?;
    // SAFETY: as above; the array accessor runs only on an array attribute
    // (checked first), at a position below its length.
    let step = unsafe {
        if !mlirAttributeIsAArray(steps) || n as isize >= mlirArrayAttrGetNumElements(steps) {
            return Err(unreadable());
        }
        index_attr(mlirArrayAttrGetElement(steps, n as isize), width).ok_or_else(unreadable)?
    };
    let step = step.map_err(|wide| {
        format!("the step {} of induction variable {n} does not fit the {}-bit index", wide.value, wide.width)
    })?;
    Ok(AffineParallelDim { lower: span(&lower), upper: span(&upper), upper_first, step: i128::from(step) })
}

/// One result of an affine map as a linear form over the map's inputs
/// (dims first, then symbols): `constant + Σ coefficient × input`. Read
/// from `+`, constants, inputs and multiplication by a constant; results
/// with `floordiv`, `ceildiv` or `mod` are not read. Its constants, as
/// written and as combined, are values of the index width it was read at
/// ([`index_constant`]: a result with another is not read). The form is
/// the mathematical value: whether the lowering's wrapping arithmetic
/// computes it exactly is for the reader to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct AffineForm {
    pub(crate) constant: i64,
    pub(crate) terms: Vec<(usize, i64)>,
}

impl AffineForm {
    /// The input this form is, unchanged (`d0`, `s1`), if it is one.
    pub(crate) fn as_input(&self) -> Option<usize> {
        match self.terms[..] {
            [(p, 1)] if self.constant == 0 => Some(p),
            _ => None,
        }
    }

    fn scaled(self, k: i64) -> Option<AffineForm> {
        let terms = self.terms.into_iter().map(|(p, c)| Some((p, c.checked_mul(k)?))).collect::<Option<_>>()?;
        Some(AffineForm { constant: self.constant.checked_mul(k)?, terms })
    }

    fn plus(self, other: AffineForm) -> Option<AffineForm> {
        let mut terms = self.terms;
        for (p, c) in other.terms {
            match terms.iter_mut().find(|(q, _)| *q == p) {
                Some((_, d)) => *d = d.checked_add(c)?,
                None => terms.push((p, c)),
            }
        }
        terms.retain(|(_, c)| *c != 0);
        Some(AffineForm { constant: self.constant.checked_add(other.constant)?, terms })
    }
}

/// `e` as a linear form over a map with `dims` dims (None: not linear, or
/// a constant that does not fit the index width `width`).
///
/// # Safety
/// `e` must be a valid affine expression (owned by a live context).
unsafe fn affine_form(e: MlirAffineExpr, dims: usize, width: u32) -> Option<AffineForm> {
    // SAFETY: `e` is valid (the caller's contract), and so are the operands
    // of a binary expression; each accessor is called on its kind.
    unsafe {
        let input = |p: isize| usize::try_from(p).ok().map(|p| AffineForm { constant: 0, terms: vec![(p, 1)] });
        if mlirAffineExprIsAConstant(e) {
            let constant = index_constant(mlirAffineConstantExprGetValue(e), width).ok()?;
            Some(AffineForm { constant, terms: Vec::new() })
        } else if mlirAffineExprIsADim(e) {
            input(mlirAffineDimExprGetPosition(e))
        } else if mlirAffineExprIsASymbol(e) {
            input(mlirAffineSymbolExprGetPosition(e)).map(|f| AffineForm { terms: vec![(f.terms[0].0 + dims, 1)], ..f })
        } else if mlirAffineExprIsAAdd(e) {
            let (l, r) = (mlirAffineBinaryOpExprGetLHS(e), mlirAffineBinaryOpExprGetRHS(e));
            affine_form(l, dims, width)?.plus(affine_form(r, dims, width)?)
        } else if mlirAffineExprIsAMul(e) {
            let (l, r) = (
                affine_form(mlirAffineBinaryOpExprGetLHS(e), dims, width)?,
                affine_form(mlirAffineBinaryOpExprGetRHS(e), dims, width)?,
            );
            // Affine: one side is a constant.
            match (l.terms.is_empty(), r.terms.is_empty()) {
                (_, true) => l.scaled(r.constant),
                (true, false) => r.scaled(l.constant),
                _ => None,
            }
        } else {
            None
        }
    }
}

/// One result of an affine map as an expression tree over the map's inputs
/// (dims first, then symbols), for readers that go past linear forms:
/// `floordiv`, `ceildiv` and `mod` by positive constants are kept as nodes
/// (the lowering computes them on the wrapped value of their operand, so a
/// reader must show that operand does not wrap). Multiplication is by a
/// constant only (the map is affine). Every constant (a term, a factor, a
/// divisor) is a value of the index width the tree was read at
/// ([`index_constant`]: a result with another is not read), so each is
/// the constant `lower-affine` materialises.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum AffineTree {
    Constant(i64),
    Input(usize),
    Add(Box<AffineTree>, Box<AffineTree>),
    Scale(Box<AffineTree>, i64),
    FloorDiv(Box<AffineTree>, i64),
    CeilDiv(Box<AffineTree>, i64),
    Mod(Box<AffineTree>, i64),
}

impl AffineTree {
    /// Whether the tree is `c × (L floordiv/ceildiv/mod m)` or the
    /// division alone, with `L` linear (what `Query::quotient_value`
    /// reads).
    pub(crate) fn is_scaled_division(&self) -> bool {
        let inner = match self {
            AffineTree::Scale(inner, _) => &**inner,
            t => t,
        };
        match inner {
            AffineTree::FloorDiv(l, _) | AffineTree::CeilDiv(l, _) | AffineTree::Mod(l, _) => l.linear().is_some(),
            _ => false,
        }
    }

    /// The tree as a linear form, when it has no division.
    pub(crate) fn linear(&self) -> Option<AffineForm> {
        match self {
            AffineTree::Constant(c) => Some(AffineForm { constant: *c, terms: Vec::new() }),
            AffineTree::Input(p) => Some(AffineForm { constant: 0, terms: vec![(*p, 1)] }),
            AffineTree::Add(a, b) => a.linear()?.plus(b.linear()?),
            AffineTree::Scale(a, k) => a.linear()?.scaled(*k),
            AffineTree::FloorDiv(..) | AffineTree::CeilDiv(..) | AffineTree::Mod(..) => None,
        }
    }
}

/// `e` as a tree over a map with `dims` dims (None: a product of two
/// non-constants, a division by a non-constant or non-positive value, or
/// a constant that does not fit the index width `width`).
///
/// # Safety
/// `e` must be a valid affine expression (owned by a live context).
unsafe fn affine_tree(e: MlirAffineExpr, dims: usize, width: u32) -> Option<AffineTree> {
    // SAFETY: `e` is valid (the caller's contract), and so are the operands
    // of a binary expression; each accessor is called on its kind.
    unsafe {
        if mlirAffineExprIsAConstant(e) {
            return index_constant(mlirAffineConstantExprGetValue(e), width).ok().map(AffineTree::Constant);
        }
        if mlirAffineExprIsADim(e) {
            return usize::try_from(mlirAffineDimExprGetPosition(e)).ok().map(AffineTree::Input);
        }
        if mlirAffineExprIsASymbol(e) {
            return usize::try_from(mlirAffineSymbolExprGetPosition(e)).ok().map(|p| AffineTree::Input(p + dims));
        }
        if !mlirAffineExprIsABinary(e) {
            return None;
        }
        let (l, r) = (mlirAffineBinaryOpExprGetLHS(e), mlirAffineBinaryOpExprGetRHS(e));
        let (lt, rt) = (affine_tree(l, dims, width)?, affine_tree(r, dims, width)?);
        if mlirAffineExprIsAAdd(e) {
            return Some(AffineTree::Add(Box::new(lt), Box::new(rt)));
        }
        if mlirAffineExprIsAMul(e) {
            return match (lt, rt) {
                (AffineTree::Constant(k), t) | (t, AffineTree::Constant(k)) => Some(AffineTree::Scale(Box::new(t), k)),
                _ => None,
            };
        }
        let AffineTree::Constant(d) = rt else { return None };
        if d <= 0 {
            return None;
        }
        let node = if mlirAffineExprIsAFloorDiv(e) {
            AffineTree::FloorDiv
        } else if mlirAffineExprIsACeilDiv(e) {
            AffineTree::CeilDiv
        } else if mlirAffineExprIsAMod(e) {
            AffineTree::Mod
        } else {
            return None;
        };
        Some(node(Box::new(lt), d))
    }
}

/// The number of inputs of the affine map `attr` and each result as a tree
/// at index width `width` (None for a result that is not affine by
/// constants, or has a constant that does not fit the width), or None when
/// `attr` is not an affine map.
pub(crate) fn affine_map_trees(attr: MlirAttribute, width: u32) -> Option<(usize, Vec<Option<AffineTree>>)> {
    // SAFETY: `affine_tree` meets `map_results`' contract: it reads only
    // the valid expression it is given.
    unsafe { map_results(attr, width, affine_tree) }
}

/// Whether the constant and every coefficient of `f` fit the index width
/// `width` (as the lowering materialises them).
fn fits_width(f: &AffineForm, width: u32) -> bool {
    index_constant(f.constant, width).is_ok() && f.terms.iter().all(|&(_, c)| index_constant(c, width).is_ok())
}

/// The number of inputs of the affine map `attr` and each result as a
/// linear form at index width `width` (None for a result that is not
/// linear, or has a constant, as written or combined, that does not fit
/// the width), or None when `attr` is not an affine map.
pub(crate) fn affine_map_results(attr: MlirAttribute, width: u32) -> Option<(usize, Vec<Option<AffineForm>>)> {
    // SAFETY: as for `affine_map_trees`, with `affine_form`.
    let (inputs, mut results) = unsafe { map_results(attr, width, affine_form) }?;
    for f in &mut results {
        if f.as_ref().is_some_and(|f| !fits_width(f, width)) {
            *f = None;
        }
    }
    Some((inputs, results))
}

/// One constraint of an integer set: `form == 0` (an equality) or `form
/// >= 0`; `form` is None when it cannot be read as a linear form.
pub(crate) struct SetConstraint {
    pub(crate) form: Option<AffineForm>,
    pub(crate) equality: bool,
}

/// The number of inputs of the integer set `attr` (an `affine.if`'s
/// condition) and each constraint as a linear form at index width `width`
/// (None for one that is not linear or has a constant that does not fit
/// the width, as [`affine_map_results`] reads map results), with whether it
/// is an equality (`e == 0`; otherwise `e >= 0`); None when `attr` is not
/// an integer set.
pub(crate) fn integer_set_constraints(attr: MlirAttribute, width: u32) -> Option<(usize, Vec<SetConstraint>)> {
    // SAFETY: `attr` is a valid attribute (uniqued in a live context); the
    // set accessors run only on an integer set attribute (checked first),
    // each constraint is a valid expression of that set, and `affine_form`
    // reads only the expression it is given.
    unsafe {
        if !mlirAttributeIsAIntegerSet(attr) {
            return None;
        }
        let set = mlirIntegerSetAttrGetValue(attr);
        let dims = usize::try_from(mlirIntegerSetGetNumDims(set)).ok()?;
        let inputs = usize::try_from(mlirIntegerSetGetNumInputs(set)).ok()?;
        let n = mlirIntegerSetGetNumConstraints(set);
        let constraints = (0..n)
            .map(|i| {
                let form =
                    affine_form(mlirIntegerSetGetConstraint(set, i), dims, width).filter(|f| fits_width(f, width));
                SetConstraint { form, equality: mlirIntegerSetIsConstraintEq(set, i) }
            })
            .collect();
        Some((inputs, constraints))
    }
}

/// The first constant (a term, a factor, a divisor) of an affine map of
/// `op` (`map`, or the bound maps of an `affine.for`/`affine.parallel`)
/// that does not fit the index width `width`, if any: why a result
/// [`affine_map_trees`] or [`affine_map_results`] gives as None may not be
/// read (for reasons).
pub(crate) fn wide_map_constant(op: Op<'_>, width: u32) -> Option<WideConstant> {
    ["map", "lowerBoundMap", "upperBoundMap", "lowerBoundsMap", "upperBoundsMap"]
        .into_iter()
        .find_map(|name| wide_constant_in(op.attr(name)?, width))
}

/// The first constant of the affine map `attr` that does not fit the index
/// width `width` (None also when `attr` is not an affine map).
fn wide_constant_in(attr: MlirAttribute, width: u32) -> Option<WideConstant> {
    /// # Safety
    /// `e` must be a valid affine expression (owned by a live context).
    unsafe fn wide(e: MlirAffineExpr, width: u32) -> Option<WideConstant> {
        // SAFETY: `e` is valid (the caller's contract), and so are the
        // operands of a binary expression; each accessor is called on its
        // kind.
        unsafe {
            if mlirAffineExprIsAConstant(e) {
                return index_constant(mlirAffineConstantExprGetValue(e), width).err();
            }
            if !mlirAffineExprIsABinary(e) {
                return None;
            }
            wide(mlirAffineBinaryOpExprGetLHS(e), width).or_else(|| wide(mlirAffineBinaryOpExprGetRHS(e), width))
        }
    }
    // SAFETY: `attr` is a valid attribute (uniqued in a live context); the
    // map accessors run only on an affine map attribute (checked first),
    // and each result is a valid expression of that map.
    unsafe {
        if !mlirAttributeIsAAffineMap(attr) {
            return None;
        }
        let map = mlirAffineMapAttrGetValue(attr);
        (0..mlirAffineMapGetNumResults(map)).find_map(|i| wide(mlirAffineMapGetResult(map, i), width))
    }
}

/// The number of inputs of the affine map `attr` and each result read by
/// `read` (given the result, the map's number of dims and the index
/// width `width`).
///
/// # Safety
/// `attr` must be a valid attribute (uniqued in a live context), and `read`
/// must be safe to call on any valid affine expression.
unsafe fn map_results<T>(
    attr: MlirAttribute,
    width: u32,
    read: unsafe fn(MlirAffineExpr, usize, u32) -> Option<T>,
) -> Option<(usize, Vec<Option<T>>)> {
    // SAFETY: `attr` is valid (the caller's contract); the C functions only
    // read the uniqued map and the expressions it owns, the map accessors
    // run only on an affine map attribute (checked first), and each result
    // is a valid expression of that map, which `read` accepts.
    unsafe {
        if !mlirAttributeIsAAffineMap(attr) {
            return None;
        }
        let map = mlirAffineMapAttrGetValue(attr);
        let dims = usize::try_from(mlirAffineMapGetNumDims(map)).ok()?;
        let inputs = usize::try_from(mlirAffineMapGetNumInputs(map)).ok()?;
        let n = mlirAffineMapGetNumResults(map);
        Some((inputs, (0..n).map(|i| read(mlirAffineMapGetResult(map, i), dims, width)).collect()))
    }
}

/// Whether `op` itself carries a data layout spec naming `index` (a
/// `builtin.module` or `gpu.module` with `#dlti.dl_spec<index = ...>`): the
/// only ops where the index width can change.
pub(crate) fn sets_index_width(op: Op<'_>) -> bool {
    // SAFETY: `op` is a live op; the C function only reads its attributes.
    unsafe { ffi::loomFactsSetsIndexWidth(op.0) }
}

/// Whether `op` may read or write the memory of one of its memref operands
/// (by its declared effects; an op that declares none may).
pub(crate) fn may_access_memref(op: Op<'_>) -> bool {
    // SAFETY: `op` is a live op; the C function only reads its operand
    // types, traits and declared effects.
    unsafe { ffi::loomFactsMayAccessMemref(op.0) }
}

/// Whether `op` is IsolatedFromAbove: no value defined outside it is used
/// inside it.
pub(crate) fn is_isolated_from_above(op: Op<'_>) -> bool {
    // SAFETY: `op` is a live op; the C function only reads its traits.
    unsafe { ffi::loomFactsIsIsolatedFromAbove(op.0) }
}

/// Walks `root` and every nested op in pre-order, not entering the ops
/// for which `skip` holds (other than `root`).
pub(crate) fn walk_preorder_skipping<'a>(root: Op<'a>, skip: &impl Fn(Op<'a>) -> bool, f: &mut impl FnMut(Op<'a>)) {
    f(root);
    for r in 0..root.num_regions() {
        let mut block = root.region(r).first_block();
        while let Some(b) = block {
            let mut op = b.first_op();
            while let Some(o) = op {
                // Read `next` after visiting: visitors do not erase ops.
                if !skip(o) {
                    walk_preorder_skipping(o, skip, f);
                }
                op = o.next();
            }
            block = b.next();
        }
    }
}

/// Walks `root` and every nested op in pre-order.
pub(crate) fn walk_preorder<'a>(root: Op<'a>, f: &mut impl FnMut(Op<'a>)) {
    walk_preorder_skipping(root, &|_| false, f);
}

/// The one way the facts passes change IR: a rewriter made from the
/// mutable operation a pass runs on. Handles it gives out ([`Rewriter::root`]
/// and everything reached from it) live as long as that borrow, and every
/// change goes through `&mut self`. Every op and value given to it must be
/// inside the root (checked: changing IR outside the op a pass owns would
/// race with passes on sibling ops).
pub(crate) struct Rewriter<'a> {
    root: Op<'a>,
    /// Exclusive: nothing else changes the IR while the rewriter lives.
    _owns: PhantomData<&'a mut ()>,
}

impl<'a> Rewriter<'a> {
    pub(crate) fn new<'c: 'o, 'o>(op: &'a mut OperationRefMut<'c, 'o>) -> Rewriter<'a> {
        Rewriter { root: Op(op.to_raw(), PhantomData), _owns: PhantomData }
    }

    /// The op the rewriter was made from.
    pub(crate) fn root(&self) -> Op<'a> {
        self.root
    }

    fn check_inside(&self, op: Op<'a>, what: &str) {
        assert!(op.is_within(self.root), "Rewriter::{what}: {} is not inside the rewritten op", op.name());
    }

    /// Sets a discardable string attribute on `op`.
    pub(crate) fn set_string_attr(&mut self, op: Op<'a>, name: &str, value: &str) {
        self.check_inside(op, "set_string_attr");
        // SAFETY: `op` is a live op inside the root, which the rewriter
        // may modify. `string_ref(value)` and `string_ref(name)` borrow
        // strings that outlive the calls, and MLIR copies both into the
        // context (the string attribute and the name identifier), so the
        // attribute does not point into them afterwards.
        unsafe {
            let attr = mlirStringAttrGet(op.context(), string_ref(value));
            mlirOperationSetDiscardableAttributeByName(op.0, string_ref(name), attr);
        }
    }

    /// Sets a discardable `i64` integer attribute on `op`.
    pub(crate) fn set_i64_attr(&mut self, op: Op<'a>, name: &str, value: i64) {
        self.check_inside(op, "set_i64_attr");
        // SAFETY: `op` is a live op inside the root, which the rewriter may
        // modify; the integer type and attribute are uniqued in its context,
        // and `string_ref(name)` borrows a string that outlives the call
        // (MLIR copies the name into the context's identifier).
        unsafe {
            let i64_type = mlirIntegerTypeGet(op.context(), 64);
            let attr = mlirIntegerAttrGet(i64_type, value);
            mlirOperationSetDiscardableAttributeByName(op.0, string_ref(name), attr);
        }
    }

    /// Creates `arith.constant <value> : i1` right before `before`; returns
    /// its result (None when `before` is in no block).
    pub(crate) fn insert_bool_constant(&mut self, before: Op<'a>, value: bool) -> Option<Val<'a>> {
        // SAFETY: `before` is a live op, so its context is live.
        let i1 = unsafe { mlirIntegerTypeGet(before.context(), 1) };
        self.insert_constant(before, i1, value as i64)
    }

    /// Inserts `arith.constant value : ty` (an integer or `index` type of
    /// `before`'s context) before `before`; its result, or None when
    /// `before` is in no block.
    pub(crate) fn insert_constant(&mut self, before: Op<'a>, ty: MlirType, value: i64) -> Option<Val<'a>> {
        self.check_inside(before, "insert_constant");
        // Check the block first: an op created and then not inserted would leak.
        let block = before.block()?;
        // SAFETY: `before` is a live op in `block`, inside IR the rewriter
        // may modify, and `ty` an integer or index type of its context. The
        // names are `'static` literals and the context interns them; the
        // state borrows only them and `before`'s location, and
        // `mlirOperationStateAdd*` copy the attribute and the type into the
        // state. `mlirOperationCreate` frees the state's arrays and returns
        // an op we own (null only when result type inference fails, which
        // is not requested here); inserting it into `block` before `before`
        // hands it to the block, so it is neither leaked nor freed twice.
        // Its result is live as long as the op, which is inside the root.
        unsafe {
            let ctx = before.context();
            let attr = mlirIntegerAttrGet(ty, value);
            let name = string_ref("arith.constant");
            let mut state = mlirOperationStateGet(name, before.location().to_raw());
            let value_id = mlirIdentifierGet(ctx, string_ref("value"));
            let named = mlirNamedAttributeGet(value_id, attr);
            mlirOperationStateAddAttributes(&mut state, 1, &named);
            mlirOperationStateAddResults(&mut state, 1, &ty);
            let op = mlirOperationCreate(&mut state);
            if op.ptr.is_null() {
                return None;
            }
            mlirBlockInsertOwnedOperationBefore(block.0, before.0, op);
            Some(val(mlirOperationGetResult(op, 0)))
        }
    }

    /// Replaces every use of `of` with `with` (both defined inside the root).
    pub(crate) fn replace_all_uses(&mut self, of: Val<'a>, with: Val<'a>) {
        for v in [of, with] {
            let owner = match v.def() {
                Def::Result(op) => Some(op),
                Def::Arg(block, _) => block.parent_op(),
            };
            assert!(
                owner.is_some_and(|o| o.is_within(self.root)),
                "Rewriter::replace_all_uses: a value outside the root"
            );
        }
        // SAFETY: both values are live and defined inside the root; every
        // use of `of` is inside the root too (a use cannot escape the
        // isolated-from-above op a pass runs on), which the rewriter may
        // modify, and the C API only relinks those uses.
        unsafe { mlirValueReplaceAllUsesOfWith(of.0, with.0) }
    }

    /// Erases `op`, which must be in a block inside the root (not the root)
    /// and have no remaining uses (panics otherwise: destroying it would
    /// leave dangling uses, or free an op the block does not own).
    ///
    /// # Safety
    /// Neither `op` nor any handle reached from it (its results, regions,
    /// nested ops) may be used afterwards: they point to freed memory.
    pub(crate) unsafe fn erase(&mut self, op: Op<'a>) {
        assert!(op != self.root, "Rewriter::erase: the root cannot be erased");
        self.check_inside(op, "erase");
        assert!(op.block().is_some(), "erase: {} is not in a block", op.name());
        for i in 0..op.num_results() {
            let result = op.result(i);
            // SAFETY: `result` is a live value (a result of the live op
            // `op`); this only reads the head of its use list.
            let has_use = unsafe { !mlirOpOperandIsNull(mlirValueGetFirstUse(result.0)) };
            assert!(!has_use, "erase: result {i} of {} still has uses", op.name());
        }
        // SAFETY: `op` is live, in a block inside the root (which the
        // rewriter may modify), and none of its results is used (checked
        // above; values defined in its regions cannot be used outside it).
        // Removing it from the block hands its ownership to us, and
        // destroying it then frees it exactly once; by this function's
        // contract no handle to it or into it is used afterwards.
        unsafe {
            mlirOperationRemoveFromParent(op.0);
            mlirOperationDestroy(op.0);
        }
    }
}

/// An attribute of an op the [`Rewriter`] creates, given as text.
#[derive(Clone, Copy, Debug)]
pub(crate) enum AttrText<'s> {
    /// Parsed as an attribute (`2 : i64`, `array<i32: 0, 0>`).
    Parsed(&'s str),
    /// A string attribute holding this text (a message).
    Str(&'s str),
}

impl<'a> Rewriter<'a> {
    /// The type printed as `text` (`i128`, `memref<i64>`) in the root's
    /// context; None if it does not parse.
    pub(crate) fn parse_type(&self, text: &str) -> Option<MlirType> {
        // SAFETY: the root is live, so its context is; the text is borrowed
        // for the call only (the parser copies what it keeps). A failure is
        // a null type, checked here.
        let ty = unsafe { mlirTypeParseGet(self.root.context(), string_ref(text)) };
        (!ty.ptr.is_null()).then_some(ty)
    }

    /// The type of `index` in the root's context.
    pub(crate) fn index_type(&self) -> MlirType {
        // SAFETY: the root is live, so its context is.
        unsafe { mlirIndexTypeGet(self.root.context()) }
    }

    /// Creates the op `name` with `operands`, result types `results` and
    /// attributes `attrs` right before `before` (with `before`'s location),
    /// and returns it; None when `before` is in no block or an attribute's
    /// text does not parse. Nothing here checks that the op is valid: the
    /// pass manager verifies the IR after the pass. Every operand must be
    /// a value the new op can see (defined inside the root).
    pub(crate) fn insert_op(
        &mut self,
        before: Op<'a>,
        name: &str,
        operands: &[Val<'a>],
        results: &[MlirType],
        attrs: &[(&str, AttrText<'_>)],
    ) -> Option<Op<'a>> {
        self.check_inside(before, "insert_op");
        let block = before.block()?;
        let ctx = before.context();
        let mut named = Vec::with_capacity(attrs.len());
        for (attr_name, text) in attrs {
            // SAFETY: `ctx` is live; the texts are borrowed for the calls
            // only (attributes and identifiers are uniqued copies in the
            // context). A parse failure is a null attribute, checked.
            let attr = unsafe {
                match text {
                    AttrText::Parsed(t) => mlirAttributeParseGet(ctx, string_ref(t)),
                    AttrText::Str(t) => mlirStringAttrGet(ctx, string_ref(t)),
                }
            };
            if attr.ptr.is_null() {
                return None;
            }
            // SAFETY: as above; the identifier is uniqued in the context.
            named.push(unsafe { mlirNamedAttributeGet(mlirIdentifierGet(ctx, string_ref(attr_name)), attr) });
        }
        let raw_operands: Vec<MlirValue> = operands.iter().map(|v| v.0).collect();
        // SAFETY: `before` is a live op in `block`, inside IR the rewriter
        // may modify; the operands are live values, the types and
        // attributes are uniqued in its context. The state borrows `name`,
        // the location and the three vectors, all alive until
        // `mlirOperationCreate` returns, and `mlirOperationStateAdd*` copy
        // the arrays' elements. `mlirOperationCreate` frees the state's
        // arrays and returns an op we own (null only when result type
        // inference fails, which is not requested); inserting it into
        // `block` before `before` hands it to the block, so it is neither
        // leaked nor freed twice.
        unsafe {
            let mut state = mlirOperationStateGet(string_ref(name), before.location().to_raw());
            mlirOperationStateAddOperands(&mut state, raw_operands.len() as isize, raw_operands.as_ptr());
            mlirOperationStateAddResults(&mut state, results.len() as isize, results.as_ptr());
            mlirOperationStateAddAttributes(&mut state, named.len() as isize, named.as_ptr());
            let op = mlirOperationCreate(&mut state);
            if op.ptr.is_null() {
                return None;
            }
            mlirBlockInsertOwnedOperationBefore(block.0, before.0, op);
            op_or_none(op)
        }
    }

    /// The affine map of `attr` (an affine map attribute of `op`, which
    /// must be inside the root) restricted to its result `k`, as an
    /// attribute text for [`Rewriter::insert_op`]; None if `attr` is no
    /// affine map or has no result `k`.
    pub(crate) fn affine_result_map(&self, op: Op<'a>, attr_name: &str, k: usize) -> Option<String> {
        self.check_inside(op, "affine_result_map");
        let attr = op.attr(attr_name)?;
        // SAFETY: `attr` is a live attribute of a live op (uniqued in its
        // context); the map it holds is uniqued too, and `position` is a
        // live local array of one in-range result position for the call.
        unsafe {
            if !mlirAttributeIsAAffineMap(attr) {
                return None;
            }
            let map = mlirAffineMapAttrGetValue(attr);
            if k >= mlirAffineMapGetNumResults(map) as usize {
                return None;
            }
            let mut position = [k as isize];
            let sub = mlirAffineMapGetSubMap(map, 1, position.as_mut_ptr());
            Some(attr_string(mlirAffineMapAttrGet(sub)))
        }
    }

    /// Duplicates the body of function `func` (inside the root, or the
    /// root) behind a branch in its entry block, to the copy or to the
    /// original (`loomVersionFunctionBody`: `cf.cond_br %false, ^copy,
    /// ^original`; the entry block keeps the function's arguments and its
    /// static `memref.alloca`s, which both versions share). Returns the
    /// branch, whose condition the caller sets ([`Rewriter::set_operand`]),
    /// and the copy of each op of `ops` (each inside `func`'s body); None,
    /// with nothing changed, when that is refused.
    pub(crate) fn version_function_body(&mut self, func: Op<'a>, ops: &[Op<'a>]) -> Option<(Op<'a>, Vec<Op<'a>>)> {
        self.check_inside(func, "version_function_body");
        for op in ops {
            assert!(op.is_within(func) && *op != func, "version_function_body: an op outside the function");
        }
        let raw: Vec<MlirOperation> = ops.iter().map(|o| o.0).collect();
        let mut clones = vec![MlirOperation { ptr: std::ptr::null_mut() }; ops.len()];
        // SAFETY: `func` is a live op inside the root, which the rewriter
        // may modify; `raw` holds `ops.len()` live ops inside its body
        // (checked above, and again by the callee) and `clones` has room
        // for as many results, both alive for the call. The callee erases
        // no op, block or value of `func` (it moves the entry block's ops
        // into a new block and adds blocks and ops; only its scratch copy
        // is erased), so every handle into the root stays valid; the
        // results are ops of the new blocks.
        let branch =
            unsafe { ffi::loomVersionFunctionBody(func.0, raw.len() as isize, raw.as_ptr(), clones.as_mut_ptr()) };
        let branch = op_or_none(branch)?;
        // Every op of the body has a copy once the branch exists.
        let clones = clones.into_iter().map(|c| op_or_none(c).expect("version_function_body: an op without a copy"));
        Some((branch, clones.collect()))
    }

    /// Sets operand `i` of `op` (inside the root) to `value`, a value
    /// defined inside the root (panics when `op` has no operand `i`).
    pub(crate) fn set_operand(&mut self, op: Op<'a>, i: usize, value: Val<'a>) {
        self.check_inside(op, "set_operand");
        assert!(i < op.num_operands(), "set_operand: {} has no operand {i}", op.name());
        let owner = match value.def() {
            Def::Result(o) => Some(o),
            Def::Arg(block, _) => block.parent_op(),
        };
        assert!(owner.is_some_and(|o| o.is_within(self.root)), "Rewriter::set_operand: a value outside the root");
        // SAFETY: `op` is a live op inside the root with an operand `i`
        // (checked), `value` a live value defined inside the root; the C
        // API only relinks that one use.
        unsafe { mlirOperationSetOperand(op.0, i as isize, value.0) }
    }
}
