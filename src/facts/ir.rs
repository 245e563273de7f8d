//! A thin, copyable view of MLIR IR for the loop-facts analyses.
//!
//! The analyses only read IR (the fold pass mutates it, through the few
//! functions at the end), and they chase use-def chains across regions a
//! lot; melior's borrowed, lifetime-carrying handles make that awkward, so
//! this module wraps MLIR's C API in plain `Copy` handles. Every handle is
//! valid only while the IR it points into is alive and unmodified (for the
//! duration of one pass run): callers never keep them longer.

use std::ffi::c_void;

use mlir_sys::*;

use crate::ffi;

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

fn sref(s: &str) -> MlirStringRef {
    MlirStringRef { data: s.as_ptr() as *const _, length: s.len() }
}

/// # Safety
/// `r` must point to `length` valid bytes.
unsafe fn string_of(r: MlirStringRef) -> String {
    if r.data.is_null() || r.length == 0 {
        return String::new();
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(r.data as *const u8, r.length)).into_owned()
}

unsafe extern "C" fn collect_string(part: MlirStringRef, user: *mut c_void) {
    let out = &mut *(user as *mut String);
    out.push_str(&string_of(part));
}

// SAFETY (for every method below): handles come from live IR during a pass
// run, and the C API functions only read it.
impl Op {
    pub fn new(raw: MlirOperation) -> Option<Op> {
        (!raw.ptr.is_null()).then_some(Op(raw))
    }
    pub fn name(self) -> String {
        unsafe { string_of(mlirIdentifierStr(mlirOperationGetName(self.0))) }
    }
    /// Whether the op is named `name` (no allocation: compares the
    /// context's interned name bytes).
    pub fn is(self, name: &str) -> bool {
        unsafe {
            let r = mlirIdentifierStr(mlirOperationGetName(self.0));
            r.length == name.len()
                && (r.length == 0 || std::slice::from_raw_parts(r.data as *const u8, r.length) == name.as_bytes())
        }
    }
    pub fn num_operands(self) -> usize {
        unsafe { mlirOperationGetNumOperands(self.0) as usize }
    }
    pub fn operand(self, i: usize) -> Val {
        unsafe { Val(mlirOperationGetOperand(self.0, i as isize)) }
    }
    pub fn operands(self) -> impl Iterator<Item = Val> {
        (0..self.num_operands()).map(move |i| self.operand(i))
    }
    pub fn num_results(self) -> usize {
        unsafe { mlirOperationGetNumResults(self.0) as usize }
    }
    pub fn result(self, i: usize) -> Val {
        unsafe { Val(mlirOperationGetResult(self.0, i as isize)) }
    }
    pub fn num_regions(self) -> usize {
        unsafe { mlirOperationGetNumRegions(self.0) as usize }
    }
    pub fn region(self, i: usize) -> Reg {
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
        unsafe { Op::new(mlirOperationGetParentOperation(self.0)) }
    }
    pub fn block(self) -> Option<Blk> {
        let b = unsafe { mlirOperationGetBlock(self.0) };
        (!b.ptr.is_null()).then_some(Blk(b))
    }
    pub fn next(self) -> Option<Op> {
        unsafe { Op::new(mlirOperationGetNextInBlock(self.0)) }
    }
    pub fn attr(self, name: &str) -> Option<MlirAttribute> {
        let a = unsafe { mlirOperationGetAttributeByName(self.0, sref(name)) };
        (!a.ptr.is_null()).then_some(a)
    }
    pub fn has_attr(self, name: &str) -> bool {
        self.attr(name).is_some()
    }
    pub fn location(self) -> MlirLocation {
        unsafe { mlirOperationGetLocation(self.0) }
    }
    /// `file:line:col` of the op's location.
    pub fn loc_string(self) -> String {
        let mut out = String::new();
        unsafe {
            ffi::loomFactsPrintLocation(self.location(), Some(collect_string), &mut out as *mut String as *mut c_void)
        };
        out
    }
    /// Whether `self` comes before `other` in their common block.
    pub fn is_before(self, other: Op) -> bool {
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
    /// The loom exit target of a loom.break/loom.continue (and kind: 0 break,
    /// 1 continue, 2 yield), if this op is a loom exit terminator.
    pub fn loom_exit(self) -> Option<(i32, Option<Op>)> {
        let kind = unsafe { ffi::loomGetExitKind(self.0) };
        if kind < 0 {
            return None;
        }
        let target = unsafe { Op::new(ffi::loomGetExitTarget(self.0)) };
        Some((kind, target))
    }
    /// Predicate of arith.cmpi / index.cmp (arith numbering), if it is one.
    pub fn compare_predicate(self) -> Option<u32> {
        let p = unsafe { ffi::loomFactsComparePredicate(self.0) };
        (p >= 0).then_some(p as u32)
    }
    pub fn is_loop_like(self) -> bool {
        unsafe { ffi::loomOpIsLoopLike(self.0) }
    }
    /// Name of the nearest enclosing op with a `sym_name` (normally the function).
    pub fn enclosing_symbol(self) -> Option<String> {
        let mut at = self.parent();
        while let Some(op) = at {
            if let Some(a) = op.attr("sym_name") {
                if unsafe { mlirAttributeIsAString(a) } {
                    return Some(unsafe { string_of(mlirStringAttrGetValue(a)) });
                }
            }
            at = op.parent();
        }
        None
    }
    pub fn context(self) -> MlirContext {
        unsafe { mlirOperationGetContext(self.0) }
    }
}

impl Blk {
    pub fn num_args(self) -> usize {
        unsafe { mlirBlockGetNumArguments(self.0) as usize }
    }
    pub fn arg(self, i: usize) -> Val {
        unsafe { Val(mlirBlockGetArgument(self.0, i as isize)) }
    }
    pub fn first_op(self) -> Option<Op> {
        unsafe { Op::new(mlirBlockGetFirstOperation(self.0)) }
    }
    pub fn terminator(self) -> Option<Op> {
        unsafe { Op::new(mlirBlockGetTerminator(self.0)) }
    }
    pub fn ops(self) -> impl Iterator<Item = Op> {
        std::iter::successors(self.first_op(), |op| op.next())
    }
    pub fn parent_op(self) -> Option<Op> {
        unsafe { Op::new(mlirBlockGetParentOperation(self.0)) }
    }
    pub fn parent_region(self) -> Option<Reg> {
        let r = unsafe { mlirBlockGetParentRegion(self.0) };
        (!r.ptr.is_null()).then_some(Reg(r))
    }
    pub fn next(self) -> Option<Blk> {
        let b = unsafe { mlirBlockGetNextInRegion(self.0) };
        (!b.ptr.is_null()).then_some(Blk(b))
    }
}

impl Reg {
    pub fn first_block(self) -> Option<Blk> {
        let b = unsafe { mlirRegionGetFirstBlock(self.0) };
        (!b.ptr.is_null()).then_some(Blk(b))
    }
    /// Whether the region has exactly one block.
    pub fn single_block(self) -> Option<Blk> {
        let first = self.first_block()?;
        first.next().is_none().then_some(first)
    }
}

/// Where a value comes from.
pub enum Def {
    Result(Op, usize),
    Arg(Blk, usize),
}

impl Val {
    pub fn def(self) -> Def {
        unsafe {
            if mlirValueIsABlockArgument(self.0) {
                Def::Arg(Blk(mlirBlockArgumentGetOwner(self.0)), mlirBlockArgumentGetArgNumber(self.0) as usize)
            } else {
                Def::Result(Op(mlirOpResultGetOwner(self.0)), mlirOpResultGetResultNumber(self.0) as usize)
            }
        }
    }
    pub fn defining_op(self) -> Option<Op> {
        match self.def() {
            Def::Result(op, _) => Some(op),
            Def::Arg(..) => None,
        }
    }
    /// The op whose region defines this value (for a block argument: the op
    /// owning the block; for a result: the parent of the defining op).
    pub fn scope_op(self) -> Option<Op> {
        match self.def() {
            Def::Result(op, _) => op.parent(),
            Def::Arg(block, _) => block.parent_op(),
        }
    }
    /// Whether the value is defined inside `op` (a result of an op nested in
    /// it or an argument of one of its blocks); false for values defined
    /// above it (loop-invariant for a loop) and for `op`'s own results.
    pub fn defined_inside(self, op: Op) -> bool {
        match self.def() {
            Def::Result(def, _) => def != op && def.is_within(op),
            Def::Arg(block, _) => block.parent_op().is_some_and(|p| p.is_within(op)),
        }
    }
    pub fn ty(self) -> MlirType {
        unsafe { mlirValueGetType(self.0) }
    }
    /// The users of this value (one entry per use).
    pub fn users(self) -> Vec<Op> {
        let mut out = Vec::new();
        unsafe {
            let mut use_ = mlirValueGetFirstUse(self.0);
            while !mlirOpOperandIsNull(use_) {
                out.push(Op(mlirOpOperandGetOwner(use_)));
                use_ = mlirOpOperandGetNextUse(use_);
            }
        }
        out
    }
    /// The value as printed as an operand (`%arg0`, `%3`), for messages.
    pub fn operand_name(self) -> String {
        let mut out = String::new();
        unsafe {
            let flags = mlirOpPrintingFlagsCreate();
            let state = mlirAsmStateCreateForValue(self.0, flags);
            mlirValuePrintAsOperand(self.0, state, Some(collect_string), &mut out as *mut String as *mut c_void);
            mlirAsmStateDestroy(state);
            mlirOpPrintingFlagsDestroy(flags);
        }
        out
    }
}

/// An integer-like type: its width (index: the carrier width given) and
/// printed name.
pub fn int_type(ty: MlirType, index_width: u32) -> Option<(u32, String)> {
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
    unsafe { mlirTypePrint(ty, Some(collect_string), &mut out as *mut String as *mut c_void) };
    out
}

/// Static shape of a memref or vector type: `Some(dim sizes)` with `None`
/// for dynamic dims; `None` if the type is not a ranked shaped type.
pub fn shape_of(ty: MlirType) -> Option<Vec<Option<i64>>> {
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

/// Value of an integer attribute: (bits, width); width 64 for index.
pub fn int_attr(attr: MlirAttribute) -> Option<(u64, u32)> {
    let mut bits = 0u64;
    let mut width = 0u32;
    let ok = unsafe { ffi::loomFactsIntegerValue(attr, &mut bits, &mut width) };
    ok.then_some((bits, width))
}

/// The target's index width at `op` (DLTI entry, else `fallback`).
pub fn index_bitwidth(op: Op, fallback: u32) -> u32 {
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

/// Sets a discardable string attribute on `op`.
pub fn set_string_attr(op: Op, name: &str, value: &str) {
    unsafe {
        let attr = mlirStringAttrGet(op.context(), sref(value));
        mlirOperationSetDiscardableAttributeByName(op.0, sref(name), attr);
    }
}

/// Creates `arith.constant <value> : i1` right before `before`; returns its result.
pub fn insert_bool_constant(before: Op, value: bool) -> Option<Val> {
    unsafe {
        let ctx = before.context();
        let i1 = mlirIntegerTypeGet(ctx, 1);
        let attr = mlirIntegerAttrGet(i1, value as i64);
        let name = sref("arith.constant");
        let mut state = mlirOperationStateGet(name, before.location());
        let value_id = mlirIdentifierGet(ctx, sref("value"));
        let named = mlirNamedAttributeGet(value_id, attr);
        mlirOperationStateAddAttributes(&mut state, 1, &named);
        mlirOperationStateAddResults(&mut state, 1, &i1);
        let op = mlirOperationCreate(&mut state);
        if op.ptr.is_null() {
            return None;
        }
        let block = before.block()?;
        mlirBlockInsertOwnedOperationBefore(block.0, before.0, op);
        Some(Val(mlirOperationGetResult(op, 0)))
    }
}

/// Replaces every use of `of` with `with`.
pub fn replace_all_uses(of: Val, with: Val) {
    unsafe { mlirValueReplaceAllUsesOfWith(of.0, with.0) }
}

/// Erases `op` (which must have no remaining uses).
pub fn erase(op: Op) {
    unsafe {
        mlirOperationRemoveFromParent(op.0);
        mlirOperationDestroy(op.0);
    }
}
