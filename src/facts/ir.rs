//! A thin, copyable view of MLIR IR for the loop-facts analyses.
//!
//! The analyses only read IR (the fold pass mutates it, through the few
//! functions at the end), and they chase use-def chains across regions a
//! lot; melior's borrowed, lifetime-carrying handles make that awkward, so
//! this module wraps MLIR's C API in plain `Copy` handles. Every handle is
//! valid only while the IR it points into is alive and what it names has not
//! been erased, and the IR must not be modified by anyone else (another
//! thread) while it is used: callers get handles from the op a pass runs on
//! (or that an analysis entry point borrows) and never keep them beyond that
//! run or call. The compiler cannot check this, so the functions below rely
//! on it; what else each C call needs, they check or state.
//!
//! This is also the crate's one home for the IR queries melior lacks: loop
//! likeness and loop depth ([`Op::is_loop_like`], [`Op::loop_depth`]), loom
//! exits ([`Op::loom_exit`], [`ExitKind`]) and comparison predicates
//! ([`Op::compare_predicate`]); code holding a melior operation wraps its
//! raw handle (`Op(op.to_raw())`) to ask them.

use std::ffi::c_void;

use mlir_sys::*;

use super::predicate::Predicate;
use crate::ffi;
use crate::strings::{string_from_ref, string_ref};

/// An operation handle (never null once constructed through [`Op::new`]).
#[derive(Clone, Copy, Debug)]
pub struct Op(pub MlirOperation);
/// A value handle.
#[derive(Clone, Copy, Debug)]
pub struct Val(pub MlirValue);
/// A block handle.
#[derive(Clone, Copy, Debug)]
pub struct Blk(pub MlirBlock);
/// A region handle.
#[derive(Clone, Copy, Debug)]
pub struct Reg(pub MlirRegion);

impl PartialEq for Op {
    fn eq(&self, other: &Self) -> bool {
        self.0.ptr == other.0.ptr
    }
}
impl Eq for Op {}
impl std::hash::Hash for Op {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.0.ptr as usize).hash(state)
    }
}
impl PartialEq for Val {
    fn eq(&self, other: &Self) -> bool {
        self.0.ptr == other.0.ptr
    }
}
impl Eq for Val {}
impl std::hash::Hash for Val {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.0.ptr as usize).hash(state)
    }
}
impl PartialEq for Blk {
    fn eq(&self, other: &Self) -> bool {
        self.0.ptr == other.0.ptr
    }
}
impl PartialEq for Reg {
    fn eq(&self, other: &Self) -> bool {
        self.0.ptr == other.0.ptr
    }
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
impl Op {
    pub fn new(raw: MlirOperation) -> Option<Op> {
        (!raw.ptr.is_null()).then_some(Op(raw))
    }
    pub fn name(self) -> String {
        // SAFETY: `self` is a live op. Its name identifier's string is
        // interned in the context, which outlives the op, and
        // `string_from_ref` copies it before returning.
        unsafe { string_from_ref(mlirIdentifierStr(mlirOperationGetName(self.0))) }
    }
    /// Whether the op is named `name` (no allocation: compares the
    /// context's interned name bytes).
    pub fn is(self, name: &str) -> bool {
        // SAFETY: `self` is a live op; the StringRef points into the name
        // interned in the context (alive as long as the op), and the bytes
        // are only read within this block. A zero length never builds a
        // slice (its data pointer may be null).
        unsafe {
            let r = mlirIdentifierStr(mlirOperationGetName(self.0));
            r.length == name.len()
                && (r.length == 0 || std::slice::from_raw_parts(r.data as *const u8, r.length) == name.as_bytes())
        }
    }
    pub fn num_operands(self) -> usize {
        // SAFETY: `self` is a live op.
        unsafe { mlirOperationGetNumOperands(self.0) as usize }
    }
    /// Operand `i` (panics if the op has no operand `i`).
    pub fn operand(self, i: usize) -> Val {
        assert!(i < self.num_operands(), "operand {i} of {} is out of range", self.name());
        // SAFETY: `self` is a live op and `i` is in range (checked above; the
        // C API does not check it).
        unsafe { Val(mlirOperationGetOperand(self.0, i as isize)) }
    }
    pub fn num_results(self) -> usize {
        // SAFETY: `self` is a live op.
        unsafe { mlirOperationGetNumResults(self.0) as usize }
    }
    /// Result `i` (panics if the op has no result `i`).
    pub fn result(self, i: usize) -> Val {
        assert!(i < self.num_results(), "result {i} of {} is out of range", self.name());
        // SAFETY: `self` is a live op and `i` is in range (checked above; the
        // C API does not check it).
        unsafe { Val(mlirOperationGetResult(self.0, i as isize)) }
    }
    pub fn num_regions(self) -> usize {
        // SAFETY: `self` is a live op.
        unsafe { mlirOperationGetNumRegions(self.0) as usize }
    }
    /// Region `i` (panics if the op has no region `i`).
    pub fn region(self, i: usize) -> Reg {
        assert!(i < self.num_regions(), "region {i} of {} is out of range", self.name());
        // SAFETY: `self` is a live op and `i` is in range (checked above; the
        // C API does not check it).
        unsafe { Reg(mlirOperationGetRegion(self.0, i as isize)) }
    }
    /// The entry block of region `i`, if the region is not empty.
    pub fn entry_block(self, i: usize) -> Option<Blk> {
        if i >= self.num_regions() {
            return None;
        }
        self.region(i).first_block()
    }
    pub fn parent(self) -> Option<Op> {
        // SAFETY: `self` is a live op; a top-level op gives null (None).
        unsafe { Op::new(mlirOperationGetParentOperation(self.0)) }
    }
    pub fn block(self) -> Option<Blk> {
        // SAFETY: `self` is a live op; an op in no block gives null (None).
        let b = unsafe { mlirOperationGetBlock(self.0) };
        (!b.ptr.is_null()).then_some(Blk(b))
    }
    pub fn next(self) -> Option<Op> {
        // `getNextNode` dereferences the op's parent block: an op in no
        // block has no next op.
        self.block()?;
        // SAFETY: `self` is a live op in a block (checked above); the last
        // op of the block gives null (None).
        unsafe { Op::new(mlirOperationGetNextInBlock(self.0)) }
    }
    pub fn attr(self, name: &str) -> Option<MlirAttribute> {
        // SAFETY: `self` is a live op; `string_ref(name)` borrows `name`,
        // which outlives the call (the C API only compares the bytes). A
        // missing attribute gives null (None).
        let a = unsafe { mlirOperationGetAttributeByName(self.0, string_ref(name)) };
        (!a.ptr.is_null()).then_some(a)
    }
    pub fn has_attr(self, name: &str) -> bool {
        self.attr(name).is_some()
    }
    pub fn location(self) -> MlirLocation {
        // SAFETY: `self` is a live op; the location it returns is uniqued in
        // the context, so it stays valid as long as the context.
        unsafe { mlirOperationGetLocation(self.0) }
    }
    /// `file:line:col` of the op's location.
    pub fn loc_string(self) -> String {
        let mut out = String::new();
        // SAFETY: the location is valid (see `location`); the callback gets
        // `&mut out`, a live local that nothing else touches until the call
        // returns (loomFactsPrintLocation does not keep it), as
        // `collect_string` requires.
        unsafe {
            ffi::loomFactsPrintLocation(self.location(), Some(collect_string), &mut out as *mut String as *mut c_void)
        };
        out
    }
    /// Whether `self` comes before `other` in their common block (panics if
    /// they are not in the same block).
    pub fn is_before(self, other: Op) -> bool {
        let block = self.block();
        assert!(block.is_some() && block == other.block(), "is_before: the ops are not in the same block");
        // SAFETY: both ops are live and in the same block (checked above: the
        // C API dereferences the block and does not check it). This may
        // recompute the block's cached op order, which only the thread that
        // owns this IR (the pass run) touches.
        unsafe { mlirOperationIsBeforeInBlock(self.0, other.0) }
    }
    /// Whether `self` is `ancestor` or nested (at any depth) inside it.
    pub fn is_within(self, ancestor: Op) -> bool {
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
    pub fn ancestor_in(self, block: Blk) -> Option<Op> {
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
    pub fn region_index_of(self, inner: Op) -> Option<usize> {
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
    pub fn nested_ops(self) -> Vec<Op> {
        let mut out = Vec::new();
        for r in 0..self.num_regions() {
            let mut block = self.region(r).first_block();
            while let Some(b) = block {
                for op in b.ops() {
                    out.push(op);
                    out.extend(op.nested_ops());
                }
                block = b.next();
            }
        }
        out
    }
    /// If this op is a loom exit terminator (it implements loom's
    /// `RegionExitTerminatorOpInterface`): its kind and the op it exits
    /// (None when the target cannot be resolved).
    pub fn loom_exit(self) -> Option<(ExitKind, Option<Op>)> {
        // SAFETY: `self` is a live (non-null) op; loomGetExitKind only casts it
        // to loom's exit interface.
        let kind = ExitKind::from_c(unsafe { ffi::loomGetExitKind(self.0) })?;
        // SAFETY: `self` is a live op (an exit terminator, checked above);
        // the result is the op it exits (in the same live IR) or null (None).
        let target = unsafe { Op::new(ffi::loomGetExitTarget(self.0)) };
        Some((kind, target))
    }
    /// Predicate of arith.cmpi / index.cmp, if the op is one.
    pub fn compare_predicate(self) -> Option<Predicate> {
        // SAFETY: `self` is a live op; the C function only reads its name and
        // predicate attribute.
        Predicate::from_arith(unsafe { ffi::loomFactsComparePredicate(self.0) })
    }
    /// Whether the op implements MLIR's `LoopLikeOpInterface` (scf, affine,
    /// loom loops...).
    pub fn is_loop_like(self) -> bool {
        // SAFETY: `self` is a live (non-null) op; the C function only checks
        // its interfaces.
        unsafe { ffi::loomOpIsLoopLike(self.0) }
    }
    /// Number of loop-like ops strictly enclosing the op, up to the top
    /// (0 for an outermost loop), as `loom-loop-depth` annotates it.
    pub fn loop_depth(self) -> u32 {
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
    /// Name of the nearest enclosing op with a `sym_name` (normally the function).
    pub fn enclosing_symbol(self) -> Option<String> {
        let mut at = self.parent();
        while let Some(op) = at {
            if let Some(a) = op.attr("sym_name") {
                // SAFETY: `a` is a non-null attribute of a live op (uniqued in
                // the context, so valid as long as it).
                if unsafe { mlirAttributeIsAString(a) } {
                    // SAFETY: `a` is a valid string attribute (checked
                    // above); its value lives in the context's attribute
                    // storage and `string_from_ref` copies it before
                    // returning.
                    return Some(unsafe { string_from_ref(mlirStringAttrGetValue(a)) });
                }
            }
            at = op.parent();
        }
        None
    }
    pub fn context(self) -> MlirContext {
        // SAFETY: `self` is a live op; its context outlives it.
        unsafe { mlirOperationGetContext(self.0) }
    }
}

impl Blk {
    pub fn num_args(self) -> usize {
        // SAFETY: `self` is a live block.
        unsafe { mlirBlockGetNumArguments(self.0) as usize }
    }
    /// Argument `i` (panics if the block has no argument `i`).
    pub fn arg(self, i: usize) -> Val {
        assert!(i < self.num_args(), "block argument {i} is out of range");
        // SAFETY: `self` is a live block and `i` is in range (checked above;
        // the C API does not check it).
        unsafe { Val(mlirBlockGetArgument(self.0, i as isize)) }
    }
    pub fn first_op(self) -> Option<Op> {
        // SAFETY: `self` is a live block; an empty block gives null (None).
        unsafe { Op::new(mlirBlockGetFirstOperation(self.0)) }
    }
    pub fn terminator(self) -> Option<Op> {
        // SAFETY: `self` is a live block; the C API returns null (None) for
        // an empty block or one that does not end with a terminator.
        unsafe { Op::new(mlirBlockGetTerminator(self.0)) }
    }
    pub fn ops(self) -> impl Iterator<Item = Op> {
        std::iter::successors(self.first_op(), |op| op.next())
    }
    pub fn parent_op(self) -> Option<Op> {
        // SAFETY: `self` is a live block; a block in no region (or in a
        // region of no op) gives null (None).
        unsafe { Op::new(mlirBlockGetParentOperation(self.0)) }
    }
    pub fn parent_region(self) -> Option<Reg> {
        // SAFETY: `self` is a live block; a block in no region gives null.
        let r = unsafe { mlirBlockGetParentRegion(self.0) };
        (!r.ptr.is_null()).then_some(Reg(r))
    }
    pub fn next(self) -> Option<Blk> {
        // `getNextNode` dereferences the block's parent region: a block in
        // no region has no next block.
        self.parent_region()?;
        // SAFETY: `self` is a live block in a region (checked above); the
        // last block of the region gives null (None).
        let b = unsafe { mlirBlockGetNextInRegion(self.0) };
        (!b.ptr.is_null()).then_some(Blk(b))
    }
}

impl Reg {
    pub fn first_block(self) -> Option<Blk> {
        // SAFETY: `self` is a live region; an empty region gives null (None).
        let b = unsafe { mlirRegionGetFirstBlock(self.0) };
        (!b.ptr.is_null()).then_some(Blk(b))
    }
}

/// What a loom exit terminator does (`loom::ExitKind` in C++, returned as
/// `LoomExitKind` by the C API).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExitKind {
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
    pub fn loom_op(self) -> &'static str {
        match self {
            ExitKind::Break => "loom.break",
            ExitKind::Continue => "loom.continue",
            ExitKind::Yield => "loom.yield",
        }
    }
}

/// Where a value comes from.
pub enum Def {
    Result(Op),
    Arg(Blk, usize),
}

impl Val {
    pub fn def(self) -> Def {
        // SAFETY: `self` is a live value: a block argument (its owner block
        // is live) or, otherwise, an op result (its owner op is live); each
        // accessor is only called on the kind of value it expects.
        unsafe {
            if mlirValueIsABlockArgument(self.0) {
                Def::Arg(Blk(mlirBlockArgumentGetOwner(self.0)), mlirBlockArgumentGetArgNumber(self.0) as usize)
            } else {
                Def::Result(Op(mlirOpResultGetOwner(self.0)))
            }
        }
    }
    pub fn defining_op(self) -> Option<Op> {
        match self.def() {
            Def::Result(op) => Some(op),
            Def::Arg(..) => None,
        }
    }
    /// Whether the value is defined inside `op` (a result of an op nested in
    /// it or an argument of one of its blocks); false for values defined
    /// above it (loop-invariant for a loop) and for `op`'s own results.
    pub fn defined_inside(self, op: Op) -> bool {
        match self.def() {
            Def::Result(def) => def != op && def.is_within(op),
            Def::Arg(block, _) => block.parent_op().is_some_and(|p| p.is_within(op)),
        }
    }
    pub fn ty(self) -> MlirType {
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
    pub fn operand_name(self) -> String {
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

/// An integer-like type: its width (index: the carrier width given) and
/// printed name.
pub fn int_type(ty: MlirType, index_width: u32) -> Option<(u32, String)> {
    // SAFETY: `ty` is a valid type (uniqued in a live context); the width and
    // signedness queries run only on integer types (checked first).
    unsafe {
        if mlirTypeIsAIndex(ty) {
            Some((index_width, "index".to_string()))
        } else if mlirTypeIsAInteger(ty) && mlirIntegerTypeIsSignless(ty) {
            let w = mlirIntegerTypeGetWidth(ty);
            Some((w, format!("i{w}")))
        } else {
            None
        }
    }
}

pub fn type_string(ty: MlirType) -> String {
    let mut out = String::new();
    // SAFETY: `ty` is a valid type (uniqued in a live context); the callback
    // gets `&mut out`, a live local nothing else touches during the call.
    unsafe { mlirTypePrint(ty, Some(collect_string), &mut out as *mut String as *mut c_void) };
    out
}

/// Static shape of a memref or vector type: `Some(dim sizes)` with `None`
/// for dynamic dims; `None` if the type is not a ranked shaped type.
pub fn shape_of(ty: MlirType) -> Option<Vec<Option<i64>>> {
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
pub fn is_scalable_dim(ty: MlirType, i: usize) -> bool {
    // SAFETY: `ty` is a valid type (uniqued in a live context); the rank and
    // scalability queries run only on a vector type (checked first, vectors
    // are always ranked), and the dim query only for 0 <= i < rank.
    unsafe {
        mlirTypeIsAVector(ty) && (i as i64) < mlirShapedTypeGetRank(ty) && mlirVectorTypeIsDimScalable(ty, i as isize)
    }
}

/// Element type of a shaped type (memref, vector, tensor); None otherwise.
pub fn element_type(ty: MlirType) -> Option<MlirType> {
    // SAFETY: `ty` is a valid type (uniqued in a live context); the element
    // type query runs only on a shaped type (checked first).
    unsafe { mlirTypeIsAShaped(ty).then(|| mlirShapedTypeGetElementType(ty)) }
}

/// Whether `ty` is a (ranked or unranked) memref type.
pub fn is_memref(ty: MlirType) -> bool {
    // SAFETY: `ty` is a valid type (uniqued in a live context).
    unsafe { mlirTypeIsAMemRef(ty) || mlirTypeIsAUnrankedMemRef(ty) }
}

/// The printed form of an attribute (`#llvm.vscale_range<...>`, `[true]`).
pub fn attr_string(attr: MlirAttribute) -> String {
    let mut out = String::new();
    // SAFETY: `attr` is a valid attribute (uniqued in a live context); the
    // callback gets `&mut out`, a live local nothing else touches during the
    // call.
    unsafe { mlirAttributePrint(attr, Some(collect_string), &mut out as *mut String as *mut c_void) };
    out
}

/// Value of an integer attribute: (bits, width); width 64 for index.
pub fn int_attr(attr: MlirAttribute) -> Option<(u64, u32)> {
    let mut bits = 0u64;
    let mut width = 0u32;
    // SAFETY: `attr` is a valid attribute (uniqued in a live context); the C
    // function accepts any kind of attribute and writes only through the two
    // pointers, which point to live locals.
    let ok = unsafe { ffi::loomFactsIntegerValue(attr, &mut bits, &mut width) };
    ok.then_some((bits, width))
}

/// The target's index width at `op` (DLTI entry, else `fallback`).
pub fn index_bitwidth(op: Op, fallback: u32) -> u32 {
    // SAFETY: `op` is a live op; the C function only reads the data layout
    // specs of it and its ancestors.
    unsafe { ffi::loomFactsIndexBitwidth(op.0, fallback) }
}

/// Walks `root` and every nested op in pre-order.
pub fn walk_preorder(root: Op, f: &mut impl FnMut(Op)) {
    f(root);
    for r in 0..root.num_regions() {
        let mut block = root.region(r).first_block();
        while let Some(b) = block {
            let mut op = b.first_op();
            while let Some(o) = op {
                // Read `next` after visiting: visitors do not erase ops.
                walk_preorder(o, f);
                op = o.next();
            }
            block = b.next();
        }
    }
}

// -- Mutation (used by loom-fold-loop-facts only) ---------------------------
//
// These change the IR: the ops and values given must be inside the op the
// calling pass runs on, which the pass owns (no other thread reads or writes
// it) for the duration of the run.

/// Sets a discardable string attribute on `op`.
pub fn set_string_attr(op: Op, name: &str, value: &str) {
    // SAFETY: `op` is a live op the caller may modify. `string_ref(value)`
    // and `string_ref(name)` borrow strings that outlive the calls, and MLIR
    // copies both into the context (the string attribute and the name
    // identifier), so the attribute does not point into them afterwards.
    unsafe {
        let attr = mlirStringAttrGet(op.context(), string_ref(value));
        mlirOperationSetDiscardableAttributeByName(op.0, string_ref(name), attr);
    }
}

/// Creates `arith.constant <value> : i1` right before `before`; returns its result.
pub fn insert_bool_constant(before: Op, value: bool) -> Option<Val> {
    // Check the block first: an op created and then not inserted would leak.
    let block = before.block()?;
    // SAFETY: `before` is a live op in `block`, inside IR the caller may
    // modify. The names are `'static` literals and the context interns
    // them; the state borrows only them and `before`'s location, and
    // `mlirOperationStateAdd*` copy the attribute and the type into the
    // state. `mlirOperationCreate` frees the state's arrays and returns an
    // op we own (null only when result type inference fails, which is not
    // requested here); inserting it into `block` before `before` hands it to
    // the block, so it is neither leaked nor freed twice. Its result is live
    // as long as the op.
    unsafe {
        let ctx = before.context();
        let i1 = mlirIntegerTypeGet(ctx, 1);
        let attr = mlirIntegerAttrGet(i1, value as i64);
        let name = string_ref("arith.constant");
        let mut state = mlirOperationStateGet(name, before.location());
        let value_id = mlirIdentifierGet(ctx, string_ref("value"));
        let named = mlirNamedAttributeGet(value_id, attr);
        mlirOperationStateAddAttributes(&mut state, 1, &named);
        mlirOperationStateAddResults(&mut state, 1, &i1);
        let op = mlirOperationCreate(&mut state);
        if op.ptr.is_null() {
            return None;
        }
        mlirBlockInsertOwnedOperationBefore(block.0, before.0, op);
        Some(Val(mlirOperationGetResult(op, 0)))
    }
}

/// Replaces every use of `of` with `with`.
pub fn replace_all_uses(of: Val, with: Val) {
    // SAFETY: both values are live; every use of `of` is inside IR the
    // caller may modify (the values are defined in it, and a use cannot
    // escape the isolated-from-above op the pass runs on), and the C API
    // only relinks those uses.
    unsafe { mlirValueReplaceAllUsesOfWith(of.0, with.0) }
}

/// Erases `op`, which must be in a block and have no remaining uses (panics
/// otherwise: destroying it would leave dangling uses, or free an op the
/// block does not own).
pub fn erase(op: Op) {
    assert!(op.block().is_some(), "erase: {} is not in a block", op.name());
    for i in 0..op.num_results() {
        let result = op.result(i);
        // SAFETY: `result` is a live value (a result of the live op `op`);
        // this only reads the head of its use list.
        let has_use = unsafe { !mlirOpOperandIsNull(mlirValueGetFirstUse(result.0)) };
        assert!(!has_use, "erase: result {i} of {} still has uses", op.name());
    }
    // SAFETY: `op` is live, in a block the caller may modify, and none of
    // its results is used (checked above; values defined in its regions
    // cannot be used outside it). Removing it from the block hands its
    // ownership to us, and destroying it then frees it exactly once; the
    // handle is not used afterwards.
    unsafe {
        mlirOperationRemoveFromParent(op.0);
        mlirOperationDestroy(op.0);
    }
}
