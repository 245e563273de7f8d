//! In-bounds proofs for memory accesses.
//!
//! An access (`memref.load`, `memref.store`, `affine.load`/`affine.store`/
//! `affine.vector_load`/`affine.vector_store` whose map results are
//! operands (other maps: `Checker::check_affine_map`, with the same
//! extents), `vector.load`, `vector.store`,
//! `vector.maskedload`, `vector.maskedstore`, `vector.expandload`,
//! `vector.compressstore`, and `vector.transfer_read`/`transfer_write` on a
//! memref) is proven when, for every index, every value the index can have
//! when the access executes (see `ranges`) lies in `[0, size - extent]` for
//! its dimension, where `extent` is the number of elements the access covers
//! along that dimension: 1 for scalar accesses and, for a vector access, the
//! vector's size along the dimension it covers (the trailing dimensions, or
//! those a transfer's permutation map names).
//! Every other op that may read or write the memory of a memref operand (by
//! its declared effects: `memref.copy`, a `linalg` op on
//! buffers, a call, an op that declares no effects) is in the report too,
//! unproven with the reason `not analysed: <op>`: nothing that touches
//! memory is silently left out.
//! Indices are signed on the target (the lowering sign-extends them into
//! address arithmetic), so an index must also be non-negative when read as
//! a signed integer of the index width: at a narrow index width (say 16
//! bits) the unsigned value 40000 is the offset -25536, out of bounds of a
//! `memref<40000xi8>`. The proven interval is therefore
//! `[0, min(size - extent, 2^(w-1) - 1)]`.
//! When the ranges alone do not prove an index (always the case for a
//! dimension of dynamic size), the relational prover (`relational`) is
//! asked for `0 <= index` and `index + extent <= size` from the facts that
//! hold at the access (loop bounds, guards, exact arithmetic, invariants);
//! an index it does not prove in a dynamic dimension fails with the
//! relation it could not show (`cannot show %i + 1 <= dim(%arg0, 0): ...`).
//! An access neither proves is still proven when an earlier access that
//! dominates it reached the same element (`earlier`), or when the
//! relational prover shows it with the bounds of the earlier accesses of
//! enclosing blocks as facts (`Checker::after_accesses`; subviews aside):
//! it is in bounds whenever those were, and the report names the accesses
//! it rests on.
//!
//! What the types add:
//! - A scalable vector dimension (`vector<[4]xf32>`) covers `4 × vscale`
//!   elements, and vscale is only known at run time. Such an access is proven
//!   only if it fits for the largest vscale the enclosing function allows:
//!   its `vscale_range` attribute (`#llvm.vscale_range<minRange = 1 : i32,
//!   maxRange = 16 : i32>` on `func.func`, which FuncToLLVM turns into the
//!   `llvm.func` property, or on `llvm.func` itself). Without one vscale has
//!   no upper bound and the access is unproven. (`llvm.vscale_range` on a
//!   `func.func` is not lowered to the target, so it is not a bound.)
//! - A memref whose elements are vectors (`memref<4xvector<8xf32>>`):
//!   `vector.load`/`vector.store` of that element type cover one element.
//! - Masks (masked ops, transfers with a mask or inside `vector.mask`): a
//!   `vector.create_mask` or `vector.constant_mask` is read, and along a
//!   masked dimension the access covers its active lanes only (nothing at
//!   all when a dimension has none), proven case by case of the mask's
//!   bound (`mask`); any other mask is not read: the whole vector must
//!   fit, as if every lane were active, and the reason names the mask.
//! - A transfer's `in_bounds = [true]` is the op's own claim, not a proof:
//!   it is never used; the footprint must be proven like any other.
//! - Layouts (strided or affine-map memrefs) do not matter: indices are
//!   logical, so bounds against the logical shape hold for any layout.
//! - A dimension of size 0 has no valid index; a rank-0 memref has no
//!   index, and its access is always in bounds.
//! - The lowering computes element offsets and allocation sizes at the
//!   index width: no access to a memref whose static sizes span more bytes
//!   than `2^(w-1) - 1` is proven (at 32 bits, `memref.alloc() :
//!   memref<4294967304xi8>` allocates 8 bytes).

use mlir_sys::MlirType;

use super::ancestry::Ancestry;
use super::assumptions::Assumptions;
use super::ir::{
    affine_map_results, affine_map_trees, attr_string, element_bytes, element_type, is_memref, is_scalable_dim,
    may_access_memref, shape_of, strided_layout, subview_parts, type_string, wide_map_constant, Op, Part, Val,
};
use super::preconditions::derive::{for_access, Unshown};
use super::preconditions::{CallSites, Precondition};
use super::ranges::Range;
use super::relational::explain::Names;
use super::relational::linear::{FactSet, Lin};
use super::relational::{Prover, Query};

mod earlier;
mod mask;

pub(crate) use earlier::Earlier;
use mask::{masked_op_mask, transfer_mask_dims, Mask};
pub(crate) use mask::{Lanes, MaskBound, TRUNCATED_MIN};

/// What is known of vscale's largest value where an access runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VscaleMax {
    /// vscale ≤ this (from the enclosing function's `vscale_range`).
    Known(i64),
    /// No known upper bound, and why.
    Unknown(String),
}

/// The number of elements an access covers along one memref dimension:
/// `base`, times vscale when `scalable`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Extent {
    base: i64,
    scalable: bool,
    /// Vector dimension this extent comes from (None: not a vector dim).
    vector_dim: Option<usize>,
}

const ONE: Extent = Extent { base: 1, scalable: false, vector_dim: None };

/// One index that could not be proven.
#[derive(Clone, Debug)]
pub struct IndexFailure<'a> {
    pub index_position: usize,
    /// The index (named only when a message is made: naming is costly).
    pub index: Val<'a>,
    pub range: Option<Range>,
    pub dimension: usize,
    pub size: Option<i64>,
    pub memref_type: String,
    /// Elements the access covers along the dimension (times vscale when
    /// `scalable` is set).
    pub extent: i64,
    /// Largest index the target can express (2^(w-1) - 1 for index width w).
    pub index_max: i128,
    /// Set when the extent is scalable (`extent × vscale` elements): what is
    /// known of vscale's upper bound.
    pub scalable: Option<VscaleMax>,
    /// Context appended to the message (a mask, an in_bounds claim).
    pub note: Option<String>,
}

/// Why an access is not proven.
#[derive(Clone, Debug)]
pub enum Failure<'a> {
    /// An index not proven in its dimension.
    Index(Box<IndexFailure<'a>>),
    /// The access's footprint is not analysed at all: why.
    Unanalysed(String),
    /// A relation the relational prover could not show, and why
    /// (`cannot show %i + 1 <= dim(%arg0, 0): ...`).
    Relation(String),
    /// An op that may read or write a memref's memory whose accesses loom
    /// does not model (`memref.copy`, a call, a `linalg` op on buffers).
    NotModelled,
}

impl Failure<'_> {
    pub fn message(&self, op_name: &str) -> String {
        match self {
            Failure::Index(f) => f.message(op_name),
            Failure::Unanalysed(why) => {
                format!("{op_name}: {why}: its footprint is not analysed, so it cannot be proven")
            }
            Failure::Relation(text) => format!("{op_name}: {text}"),
            Failure::NotModelled => format!("not analysed: {op_name}"),
        }
    }
}

impl IndexFailure<'_> {
    pub fn message(&self, op_name: &str) -> String {
        let range = match &self.range {
            Some(r) => r.describe(),
            None => "unknown".into(),
        };
        let note = self.note.as_deref().map_or(String::new(), |n| format!("; {n}"));
        let head =
            format!("{op_name}: index {} ({}) has range {range}, but", self.index_position, self.index.operand_name());
        match (self.size, &self.scalable) {
            (None, _) => format!(
                "{head} dimension {} of {} is dynamic: its bounds cannot be proven{note}",
                self.dimension, self.memref_type
            ),
            (Some(size), Some(VscaleMax::Unknown(why))) => format!(
                "{head} the access reads {} × vscale elements along dimension {} of {} (size {size}) and vscale has no known upper bound ({why}){note}",
                self.extent, self.dimension, self.memref_type
            ),
            (Some(size), scalable) => {
                let (most, what) = match scalable {
                    Some(VscaleMax::Known(max)) => {
                        let most = self.extent.saturating_mul(*max);
                        (most, format!(" for an access of {} × vscale elements, up to {most} with vscale <= {max}", self.extent))
                    }
                    _ if self.extent > 1 => (self.extent, format!(" for an access of {} elements", self.extent)),
                    _ => (self.extent, String::new()),
                };
                let last = ((size as i128) - (most as i128)).min(self.index_max);
                let valid = if last < 0 { "none".to_string() } else { format!("[0, {last}]") };
                format!(
                    "{head} dimension {} of {} has size {size} (valid indices{what}: {valid}){note}",
                    self.dimension, self.memref_type
                )
            }
        }
    }
}

#[derive(Clone, Debug)]
pub struct Access<'a> {
    pub op: Op<'a>,
    pub op_name: String,
    pub function: String,
    pub loc: String,
    /// Empty when proven.
    pub failures: Vec<Failure<'a>>,
    /// Assumptions (options) the proof used, by their report names.
    pub assumptions: Vec<&'static str>,
    /// With explanations requested, the relational facts the proof used
    /// (empty when the ranges alone proved it).
    pub facts: Vec<String>,
    /// For an unproven access: the condition on its function's arguments
    /// under which it is in bounds, or why none is shown (`preconditions`).
    pub(crate) precondition: Option<Result<Precondition, String>>,
    /// For an access with a precondition: what the module's calls of its
    /// function say of it (`preconditions::call_sites`).
    pub(crate) calls: Option<CallSites>,
    /// Proven because of these earlier accesses: in bounds whenever they
    /// were (one that reached the same element first, `earlier`, or those
    /// whose bounds the relational proof used, `Query::after_accesses`).
    pub(crate) rests_on: Vec<Op<'a>>,
}

impl<'a> Access<'a> {
    /// The access `op` with these failures, no assumption and no facts yet.
    fn new(op: Op<'a>, function: String, failures: Vec<Failure<'a>>) -> Access<'a> {
        Access {
            op,
            op_name: op.name(),
            function,
            loc: op.loc_string(),
            failures,
            assumptions: Vec::new(),
            facts: Vec::new(),
            precondition: None,
            calls: None,
            rests_on: Vec::new(),
        }
    }

    /// Makes the access proven, resting on `earlier`, accesses of which one
    /// reached the same element before it (`earlier`).
    pub(crate) fn rest_on(&mut self, earlier: Vec<Op<'a>>) {
        self.failures.clear();
        self.assumptions.clear();
        self.facts.clear();
        self.precondition = None;
        self.calls = None;
        self.rests_on = earlier;
    }

    /// Whether the access is in bounds at every execution because every
    /// call of its function satisfies its precondition (it is not proven
    /// on its own).
    pub(crate) fn proven_through_calls(&self) -> bool {
        !self.proven() && self.calls.as_ref().is_some_and(CallSites::proven)
    }

    pub fn proven(&self) -> bool {
        self.failures.is_empty()
    }

    /// The assumptions its claim rests on: its proof's, or, proven through
    /// call sites, its precondition's and those of the proofs at the calls.
    pub(crate) fn claim_assumptions(&self) -> Vec<&'static str> {
        let mut all = self.assumptions.clone();
        if self.proven_through_calls() {
            let precondition = self.precondition.as_ref().and_then(|p| p.as_ref().ok()).map(|p| p.assumptions.clone());
            let calls = self.calls.as_ref().map(CallSites::assumptions);
            for a in precondition.into_iter().chain(calls).flatten() {
                if !all.contains(&a) {
                    all.push(a);
                }
            }
        }
        all
    }

    /// Makes the access unproven because its code is not analysed (why),
    /// whatever its proof said.
    pub(crate) fn not_analysed(&mut self, why: &str) {
        self.failures = vec![Failure::Unanalysed(why.to_string())];
        self.assumptions.clear();
        self.facts.clear();
        self.precondition = None;
        self.rests_on.clear();
    }
}

/// How an access's operands and footprint are laid out.
struct Layout<'a> {
    memref: Val<'a>,
    /// The operand holding the index of each memref dimension.
    indices: Vec<usize>,
    /// Elements covered along each memref dimension, or why that is not
    /// known.
    extents: Result<Vec<Extent>, String>,
    /// Which lanes are active.
    mask: Mask<'a>,
    /// A transfer's in_bounds flag per vector dimension.
    in_bounds: Vec<bool>,
}

/// The vector dims of `vector` covering the trailing memref dims (vector.load
/// and friends), as extents of a memref of rank `rank`.
fn trailing_extents(vector: Val<'_>, memref: Val<'_>, rank: usize, whole_element: bool) -> Result<Vec<Extent>, String> {
    let vty = vector.ty();
    if whole_element {
        // The memref's elements are vectors: the vector is one element.
        return if element_type(memref.ty()).is_some_and(|e| type_string(e) == type_string(vty)) {
            Ok(vec![ONE; rank])
        } else {
            Err(format!("its vector type {} is not the element type of {}", type_string(vty), type_string(memref.ty())))
        };
    }
    let vshape = shape_of(vty).ok_or_else(|| format!("{} is not a ranked vector type", type_string(vty)))?;
    let k = vshape.len();
    if k > rank {
        return Err(format!(
            "its vector type {} has more dimensions than {}",
            type_string(vty),
            type_string(memref.ty())
        ));
    }
    let mut extents = vec![ONE; rank];
    for (j, d) in vshape.iter().enumerate() {
        let base = d.ok_or_else(|| format!("{} has a dynamic dimension", type_string(vty)))?;
        extents[rank - k + j] = Extent { base, scalable: is_scalable_dim(vty, j), vector_dim: Some(j) };
    }
    Ok(extents)
}

/// A transfer's permutation map, parsed from its printed form
/// `affine_map<(d0, d1) -> (d1, 0)>`: for each result, the memref dim it
/// names (None: a broadcast `0`). None if it is not of that form.
fn parse_permutation(map: &str, rank: usize) -> Option<Vec<Option<usize>>> {
    let body = map.strip_prefix("affine_map<(")?.strip_suffix(")>")?;
    let (dims, results) = body.split_once(") -> (")?;
    let expected: Vec<String> = (0..rank).map(|i| format!("d{i}")).collect();
    if dims != expected.join(", ") {
        return None;
    }
    if results.is_empty() {
        return Some(Vec::new());
    }
    let mut out = Vec::new();
    for r in results.split(", ") {
        if r == "0" {
            out.push(None);
        } else {
            let d: usize = r.strip_prefix('d')?.parse().ok()?;
            if d >= rank || out.contains(&Some(d)) || r != format!("d{d}") {
                return None;
            }
            out.push(Some(d));
        }
    }
    Some(out)
}

/// Extents of a transfer: result `i` of the permutation map names the memref
/// dim vector dim `i` runs along (a `0` broadcasts: one element).
fn transfer_extents(op: Op<'_>, vector: Val<'_>, memref: Val<'_>, rank: usize) -> Result<Vec<Extent>, String> {
    let vty = vector.ty();
    let map = op.attr("permutation_map").map(attr_string).ok_or("it has no permutation_map")?;
    let perm = parse_permutation(&map, rank)
        .ok_or_else(|| format!("its permutation map {map} is not a projected permutation"))?;
    let vshape = shape_of(vty).ok_or_else(|| format!("{} is not a ranked vector type", type_string(vty)))?;
    // Elements that are vectors take the trailing dims of the vector type.
    let element_rank = element_type(memref.ty()).and_then(shape_of).map_or(0, |s| s.len());
    if vshape.len() != perm.len() + element_rank {
        return Err(format!("its vector type {} does not match its permutation map {map}", type_string(vty)));
    }
    let mut extents = vec![ONE; rank];
    for (i, target) in perm.iter().enumerate() {
        if let Some(d) = target {
            let base = vshape[i].ok_or_else(|| format!("{} has a dynamic dimension", type_string(vty)))?;
            extents[*d] = Extent { base, scalable: is_scalable_dim(vty, i), vector_dim: Some(i) };
        }
    }
    Ok(extents)
}

/// `[true, false]` as flags (empty if the text is not of that form).
fn parse_bools(text: &str) -> Vec<bool> {
    let Some(inner) = text.strip_prefix('[').and_then(|t| t.strip_suffix(']')) else { return Vec::new() };
    if inner.is_empty() {
        return Vec::new();
    }
    let flags: Option<Vec<bool>> = inner
        .split(", ")
        .map(|t| match t {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        })
        .collect();
    flags.unwrap_or_default()
}

/// The ops this module checks (on a memref; transfers may be on tensors).
const ACCESS_OPS: [&str; 14] = [
    "memref.load",
    "memref.store",
    "affine.load",
    "affine.store",
    "affine.vector_load",
    "affine.vector_store",
    "vector.load",
    "vector.store",
    "vector.maskedload",
    "vector.maskedstore",
    "vector.expandload",
    "vector.compressstore",
    "vector.transfer_read",
    "vector.transfer_write",
];

/// An `affine.load`/`store`/`vector_load`/`vector_store`: where its memref
/// is (the map operands follow it) and the vector it moves, if any.
struct AffineAccess<'a> {
    memref_pos: usize,
    vector: Option<Val<'a>>,
}

impl<'a> AffineAccess<'a> {
    fn of(op: Op<'a>) -> Option<AffineAccess<'a>> {
        // load: memref, map operands; store: value, memref, map operands.
        let (memref_pos, vector) = match op.name_bytes() {
            b"affine.load" => (0, None),
            b"affine.store" => (1, None),
            b"affine.vector_load" => (0, Some((op.num_results() > 0).then(|| op.result(0))?)),
            b"affine.vector_store" => (1, Some((op.num_operands() > 0).then(|| op.operand(0))?)),
            _ => return None,
        };
        Some(AffineAccess { memref_pos, vector })
    }

    /// Elements covered per memref dimension (as `vector.load`'s).
    fn extents(&self, memref: Val<'a>, rank: usize) -> Result<Vec<Extent>, String> {
        plain_extents(self.vector, memref, rank)
    }
}

/// Elements covered per dimension of a `rank`-dimensional `memref` by a
/// scalar access (`vector` None: one) or a `vector.load`-like one (the
/// vector's trailing dimensions, or one element of a memref of vectors).
fn plain_extents(vector: Option<Val<'_>>, memref: Val<'_>, rank: usize) -> Result<Vec<Extent>, String> {
    match vector {
        None => Ok(vec![ONE; rank]),
        Some(v) => {
            let whole = element_type(memref.ty()).is_some_and(|e| shape_of(e).is_some());
            trailing_extents(v, memref, rank, whole)
        }
    }
}

/// The layout of `op`, if it is an access of a memref this module handles
/// (affine maps read at the index width `width`).
fn access_layout(op: Op, width: u32) -> Option<Layout> {
    if !op.is_one_of(&ACCESS_OPS) {
        return None;
    }
    let enclosing_mask = op.parent().filter(|p| p.is("vector.mask")).map(|p| p.operand(0));
    let n = op.num_operands();
    let rank_of = |v: Val| shape_of(v.ty()).map(|s| s.len());
    let memref_at = |pos: usize| (pos < n && is_memref(op.operand(pos).ty())).then(|| op.operand(pos));
    let plain = |memref_pos: usize, vector: Option<Val>| -> Option<Layout> {
        let memref = memref_at(memref_pos)?;
        let rank = rank_of(memref)?;
        let extents = plain_extents(vector, memref, rank);
        let indices = (memref_pos + 1..memref_pos + 1 + rank).collect();
        let mask = enclosing_mask.map_or(Mask::None, |mask| Mask::Unread { mask, enclosing: true });
        Some(Layout { memref, indices, extents, mask, in_bounds: Vec::new() })
    };
    // Masked ops: base, indices, mask, then the pass-through / stored
    // vector; the mask has the vector's shape, along the trailing memref
    // dimensions (a memref of vectors: not read).
    let masked = |vector: Val| -> Option<Layout> {
        let mut l = plain(0, Some(vector))?;
        let mask = masked_op_mask(op)?;
        let rank = l.indices.len();
        let k = rank_of(vector)?;
        let whole = element_type(l.memref.ty()).is_some_and(|e| shape_of(e).is_some());
        l.mask = if whole || k > rank {
            Mask::Unread { mask, enclosing: false }
        } else {
            Mask::read(mask, false, &(rank - k..rank).collect::<Vec<_>>(), rank, width)
        };
        Some(l)
    };
    let result = (op.num_results() > 0).then(|| op.result(0));
    let first_operand = (n > 0).then(|| op.operand(0));
    let last_operand = (n > 0).then(|| op.operand(n - 1));
    if op.is("memref.load") {
        plain(0, None)
    } else if op.is("memref.store") {
        plain(1, None)
    } else if op.is("vector.load") {
        plain(0, Some(result?))
    } else if op.is("vector.store") {
        plain(1, Some(first_operand?))
    } else if op.is("vector.maskedload") || op.is("vector.expandload") {
        masked(result?)
    } else if op.is("vector.maskedstore") || op.is("vector.compressstore") {
        masked(last_operand?)
    } else if op.is("vector.transfer_read") || op.is("vector.transfer_write") {
        let read = op.is("vector.transfer_read");
        let (memref_pos, vector) = if read { (0, result?) } else { (1, first_operand?) };
        let memref = memref_at(memref_pos)?;
        let rank = rank_of(memref)?;
        // read: base, indices, padding[, mask]; write: value, base, indices[, mask].
        let unmasked = if read { 1 + rank + 1 } else { 2 + rank };
        let mask = match (n > unmasked, enclosing_mask) {
            (true, None) => transfer_mask(op, memref, op.operand(unmasked), false, rank, width),
            (false, Some(m)) => transfer_mask(op, memref, m, true, rank, width),
            // Both (not valid IR): not read.
            (true, Some(m)) => Mask::Unread { mask: m, enclosing: true },
            (false, None) => Mask::None,
        };
        let in_bounds = op.attr("in_bounds").map_or(Vec::new(), |a| parse_bools(&attr_string(a)));
        let extents = transfer_extents(op, vector, memref, rank);
        let indices = (memref_pos + 1..memref_pos + 1 + rank).collect();
        Some(Layout { memref, indices, extents, mask, in_bounds })
    } else if let Some(affine) = AffineAccess::of(op) {
        // Modelled here when each result of the access map is one of its
        // operands (`affine.load %a[%i, %j]`): then that operand is the
        // index, as for memref.load (other maps: `check_affine_map`).
        let memref = memref_at(affine.memref_pos)?;
        let rank = rank_of(memref)?;
        let (_, results) = affine_map_results(op.attr("map")?, width)?;
        let indices = results
            .iter()
            .map(|r| r.as_ref()?.as_input().map(|p| affine.memref_pos + 1 + p))
            .collect::<Option<Vec<usize>>>()
            .filter(|i| i.len() == rank && i.iter().all(|&p| p < n))?;
        let extents = affine.extents(memref, rank);
        Some(Layout { memref, indices, extents, mask: Mask::None, in_bounds: Vec::new() })
    } else {
        None
    }
}

/// The mask `mask` of transfer `op` on `memref` of rank `rank` (its own,
/// or an enclosing `vector.mask`'s), read over the memref dimensions its
/// permutation map names (a memref of vectors: not read).
fn transfer_mask<'a>(op: Op<'a>, memref: Val<'a>, mask: Val<'a>, enclosing: bool, rank: usize, width: u32) -> Mask<'a> {
    let perm = op.attr("permutation_map").and_then(|m| parse_permutation(&attr_string(m), rank));
    let vector_elements = element_type(memref.ty()).and_then(shape_of).is_some();
    match perm {
        Some(perm) if !vector_elements => Mask::read(mask, enclosing, &transfer_mask_dims(&perm), rank, width),
        _ => Mask::Unread { mask, enclosing },
    }
}

/// How a run-time check reads the index of one memref dimension.
#[derive(Clone, Copy, Debug)]
pub(crate) enum IndexOf<'a> {
    /// An operand of the access.
    Value(Val<'a>),
    /// Result `k` of the access's `map`, over its operands from `first` on
    /// (an `affine.load`/`store`/`vector_load`/`vector_store`).
    MapResult { k: usize, first: usize },
}

/// What an access covers, as its proof reads it (for run-time checks of a
/// proven access: `loom-check-claims`).
#[derive(Clone)]
pub(crate) enum Footprint<'a> {
    /// Per memref dimension: the index and the elements covered along it
    /// (`base`, times vscale when `scalable`), and the active lanes along
    /// it (a [`Lanes::Bound`]: the access covers the bound's active count
    /// there instead of `base`, and nothing when a bound activates no
    /// lane). A mask with no active lane: no dimension (nothing covered).
    Indexed { memref: Val<'a>, dims: Vec<(IndexOf<'a>, i64, bool, Lanes<'a>)> },
    /// A `memref.subview`: (offset, size, stride) per source dimension.
    Subview { source: Val<'a>, parts: Vec<(Part<'a>, Part<'a>, i64)> },
}

/// The footprint of access `op` as [`Checker::check`] proves it, with
/// attribute constants read at index width `width` (the access's scope's);
/// None for ops it does not prove (not analysed, not modelled).
pub(crate) fn footprint(op: Op<'_>, width: u32) -> Option<Footprint<'_>> {
    if op.is("memref.subview") {
        return Some(Footprint::Subview { source: op.operand(0), parts: subview_parts(op, width).ok()? });
    }
    let extents = |e: Vec<Extent>| e.into_iter().map(|x| (x.base, x.scalable));
    if let Some(layout) = access_layout(op, width) {
        let rank = shape_of(layout.memref.ty())?.len();
        let e = layout.extents.ok()?;
        if layout.indices.len() != rank || e.len() != rank || layout.indices.iter().any(|&p| p >= op.num_operands()) {
            return None;
        }
        if layout.mask.is_empty() {
            return Some(Footprint::Indexed { memref: layout.memref, dims: Vec::new() });
        }
        let dims = layout.indices.iter().zip(extents(e)).enumerate().map(|(k, (&p, (b, s)))| {
            let lanes = layout.mask.lanes(k);
            let base = match lanes {
                Lanes::First(n) => n.min(b),
                _ => b,
            };
            (IndexOf::Value(op.operand(p)), base, s, lanes)
        });
        return Some(Footprint::Indexed { memref: layout.memref, dims: dims.collect() });
    }
    let affine = AffineAccess::of(op)?;
    let memref = (affine.memref_pos < op.num_operands()).then(|| op.operand(affine.memref_pos))?;
    let rank = shape_of(memref.ty())?.len();
    let e = affine.extents(memref, rank).ok()?;
    if e.iter().any(|x| x.scalable) {
        return None;
    }
    let first = affine.memref_pos + 1;
    let dims = extents(e).enumerate().map(|(k, (b, s))| (IndexOf::MapResult { k, first }, b, s, Lanes::All));
    Some(Footprint::Indexed { memref, dims: dims.collect() })
}

/// An offset, size or stride of a subview.
/// Why a memref of type `ty` is no buffer the lowered program addresses
/// at index width `width`, if it is not: the lowering computes element
/// offsets (`offset + Σ index × stride`) and allocation sizes (elements ×
/// bytes) at that width, with the type's static sizes, strides and offset
/// as index constants, so a type whose static sizes alone span more
/// elements times element bytes than `2^(width-1) - 1` makes them wrap (at
/// 32 bits `memref.alloc() : memref<4294967304xi8>` allocates 8 bytes, and
/// `%a[40000, 0]` of a `memref<65536x65537xi8>` is the offset
/// -1673487296), and so does a strided layout whose static offset plus
/// the last element's static offset passes it. Dynamic sizes and strides
/// are left out (a buffer with a size 0 has no element, and no access to
/// it is proven).
fn beyond_index_width(ty: MlirType, width: u32) -> Option<String> {
    let shape = shape_of(ty)?;
    let smax = super::bits::smax(width);
    let elements = shape.iter().flatten().try_fold(1i128, |p, &d| p.checked_mul(i128::from(d)));
    let bytes = elements.and_then(|e| e.checked_mul(element_bytes(ty, width)));
    let reaches = |what: &str| {
        Some(format!(
            "{} {what} the {width}-bit index reaches (its offsets and allocation are computed at that width)",
            type_string(ty)
        ))
    };
    if bytes.is_none_or(|b| b > smax) {
        return reaches("spans more bytes than");
    }
    // A strided layout's static parts (the identity layout's strides are
    // products of the sizes, bounded above).
    if shape.contains(&Some(0)) {
        return None;
    }
    let (strides, offset) = strided_layout(ty)?;
    let known = |v: i64| (v != i64::MIN).then_some(i128::from(v).abs());
    let last = shape.iter().zip(&strides).try_fold(known(offset).unwrap_or(0), |sum, (size, &stride)| {
        let (Some(size), Some(stride)) = (size, known(stride)) else { return Some(sum) };
        sum.checked_add(i128::from(size - 1).checked_mul(stride)?)
    });
    if last.is_none_or(|l| l > smax) {
        return reaches("has element offsets beyond what");
    }
    None
}

/// The nearest enclosing function (an op with a `function_type`).
pub(crate) fn enclosing_function(op: Op) -> Option<Op> {
    let mut at = op.parent();
    while let Some(p) = at {
        if p.has_attr("function_type") {
            return Some(p);
        }
        at = p.parent();
    }
    None
}

/// One `key = value : type` parameter of a printed `vscale_range`: the
/// value, if it is a non-negative decimal integer of a signless integer or
/// index type (what the lowering reads as the same number).
fn vscale_param(text: &str, key: &str) -> Option<i64> {
    let (value, ty) = text.strip_prefix(key)?.strip_prefix(" = ")?.split_once(" : ")?;
    let signless =
        ty == "index" || ty.strip_prefix('i').is_some_and(|w| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()));
    if !signless || value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    value.parse().ok()
}

/// The largest vscale `vscale_range` (printed) allows.
fn parse_vscale_range(text: &str) -> Result<i64, String> {
    let unusable = || format!("its vscale_range {text} is not a usable bound");
    let inner = text.strip_prefix("#llvm.vscale_range<").and_then(|t| t.strip_suffix('>')).ok_or_else(unusable)?;
    let (min, max) = inner.split_once(", ").ok_or_else(unusable)?;
    let min = vscale_param(min, "minRange").ok_or_else(unusable)?;
    let max = vscale_param(max, "maxRange").ok_or_else(unusable)?;
    if max == 0 {
        return Err(format!("its vscale_range {text} has maxRange = 0, which means no upper bound"));
    }
    if min < 1 || min > max {
        return Err(unusable());
    }
    Ok(max)
}

/// What the function enclosing `op` says about vscale's upper bound.
pub fn vscale_max(op: Op) -> VscaleMax {
    let Some(func) = enclosing_function(op) else {
        return VscaleMax::Unknown("the access is in no function, so no vscale_range applies".into());
    };
    let name = func.attr("sym_name").map(attr_string).unwrap_or_default();
    let name = name.trim_matches('"');
    match func.attr("vscale_range") {
        Some(a) => match parse_vscale_range(&attr_string(a)) {
            Ok(max) => VscaleMax::Known(max),
            Err(why) => VscaleMax::Unknown(format!("function @{name}: {why}")),
        },
        None if func.has_attr("llvm.vscale_range") => VscaleMax::Unknown(format!(
            "function @{name} has llvm.vscale_range, which is not lowered to the target: the attribute is vscale_range"
        )),
        None => VscaleMax::Unknown(format!("function @{name} has no vscale_range attribute")),
    }
}

/// How accesses are checked.
#[derive(Clone, Copy)]
pub struct Checker<'p, 'r, 'f, 'a> {
    pub prover: &'p Prover<'r, 'f, 'a>,
    /// Render the relational facts each proof used (costly: names).
    pub explain: bool,
    /// Whether the relational facts include the bounds of earlier scalar
    /// accesses (`Query::after_accesses`); a proof that uses them rests on
    /// those accesses (`Access::rests_on`).
    pub after_accesses: bool,
    /// Each access's function, read once per enclosing op.
    pub(crate) ancestry: &'p Ancestry<'a>,
}

impl<'r, 'f, 'a> Checker<'_, 'r, 'f, 'a> {
    /// A query at `op` with this checker's facts.
    fn query(&self, op: Op<'a>) -> Query<'_, 'r, 'f, 'a> {
        if self.after_accesses {
            Query::after_accesses(self.prover, op)
        } else {
            Query::new(self.prover, op)
        }
    }

    /// `0 <= index` and `index + covered <= size` of dimension `dim`, by the
    /// relational prover: Ok(facts used) or Err(the failure's text).
    fn relational(
        &self,
        query: &mut Query<'_, '_, '_, 'a>,
        index: Val<'a>,
        memref: Val<'a>,
        dim: usize,
        covered: i64,
    ) -> Result<FactSet, String> {
        // A poison index makes the access undefined behaviour.
        query.require_defined(index);
        let Some((i, upper)) = dim_goals(query, index, memref, dim, covered) else {
            return Err("the index is not an integer the prover reads".into());
        };
        let mut used = FactSet::default();
        for goal in [Some(i), upper] {
            let Some(goal) = goal else { return Err("the relation is too large to state".into()) };
            match query.prove(&goal) {
                Some(why) => used = used.union(why),
                None => return Err(Names::new(query).not_shown(&goal, None)),
            }
        }
        Ok(used)
    }

    /// A `memref.subview`: per dimension of the source, with offset `o`,
    /// size `n` and (constant, positive) stride `s`, `0 <= o` and, when
    /// `n >= 1`, `o + (n - 1) × s + 1 <= size`, when `n = 0`, `o <= size`
    /// (what upstream's runtime verification checks), and `0 <= n`: a
    /// view with a negative size is undefined behaviour, which upstream's
    /// checks let through.
    fn check_subview(&self, op: Op<'a>) -> Access<'a> {
        let mut access = Access::new(op, self.ancestry.function_of(op), Vec::new());
        let parts = match subview_parts(op, self.prover.ranges.index_width) {
            Ok(parts) => parts,
            Err(why) => {
                access.failures.push(Failure::Unanalysed(why));
                return access;
            }
        };
        let source = op.operand(0);
        let mut query = Query::new(self.prover, op);
        let mut used = FactSet::default();
        for (k, (offset, size, stride)) in parts.into_iter().enumerate() {
            let lin = |q: &mut Query<'_, '_, '_, 'a>, p: Part<'a>| match p {
                Part::Static(c) => Some(Lin::constant(c as i128)),
                Part::Dynamic(v) => q.value(v),
            };
            let (Some(o), Some(n), Some(d)) = (lin(&mut query, offset), lin(&mut query, size), query.dim(source, k))
            else {
                access.failures.push(Failure::Unanalysed(format!("dimension {k}'s offset or size is not an integer")));
                continue;
            };
            let stride = stride as i128;
            // 0 <= n: from every candidate of a minimum (a tile's size),
            // without the case split the general proof needs.
            let min_size = match size {
                Part::Dynamic(v) => query.min_candidates(v),
                Part::Static(_) => None,
            };
            let size_shown = min_size.and_then(|candidates| {
                candidates.iter().try_fold(FactSet::default(), |why, c| Some(why.union(query.prove(c)?)))
            });
            if let Some(why) = size_shown {
                used = used.union(why);
            }
            // (goal, assumption): the offset, the size (unless shown
            // above), non-empty and empty subviews.
            let mut cases = vec![(Some(o.clone()), None)];
            if size_shown.is_none() {
                cases.push((Some(n.clone()), None));
            }
            cases.extend([
                (
                    n.shifted(-1).and_then(|m| m.scaled(stride)).and_then(|m| d.minus(&o)?.minus(&m)?.shifted(-1)),
                    n.shifted(-1),
                ),
                (d.minus(&o), n.scaled(-1)),
            ]);
            for (goal, assumption) in cases {
                let Some(goal) = goal else {
                    access.failures.push(Failure::Unanalysed("the relation is too large to state".into()));
                    break;
                };
                let assumed: Vec<Lin> = assumption.into_iter().collect();
                match query.prove_assuming(&goal, &assumed) {
                    Some(why) => used = used.union(why),
                    None => {
                        let text = Names::new(&query).not_shown(&goal, assumed.first());
                        access.failures.push(Failure::Relation(text));
                        break;
                    }
                }
            }
        }
        if access.proven() {
            let width = self.prover.ranges.index_width;
            access.failures.extend(beyond_index_width(source.ty(), width).map(Failure::Unanalysed));
        }
        if access.proven() {
            self.record_proof(&mut access, &query, used);
        }
        access
    }

    /// An `affine.load`/`store`/`vector_load`/`vector_store` whose map
    /// results are not all its operands (`%a[%i + %j]`, `%a[%i * 2 + 1]`):
    /// each result, read as the linear form `lower-affine` computes exactly
    /// (no partial sum wraps, see `Query::affine_value`), must satisfy `0
    /// <= r` and `r + extent <= dim`, the extent 1 or, for the trailing
    /// dimensions a vector covers, its size there (a scalable one is not
    /// read). A result with divisions is read as `Query::affine_result`
    /// states it: `c × (L floordiv/ceildiv/mod m)` by its quotient, and
    /// divisions inside sums (`d0 mod 4 + d1`) each by its own quotient,
    /// with every dividend, product and the result shown exact.
    fn check_affine_map(&self, op: Op<'a>) -> Access<'a> {
        let mut access = Access::new(op, self.ancestry.function_of(op), Vec::new());
        let Some(affine) = AffineAccess::of(op) else {
            access.failures.push(Failure::NotModelled);
            return access;
        };
        let memref_pos = affine.memref_pos;
        let first = memref_pos + 1;
        let memref = (memref_pos < op.num_operands()).then(|| op.operand(memref_pos)).filter(|m| is_memref(m.ty()));
        let width = self.prover.ranges.index_width;
        let map = op.attr("map").and_then(|m| affine_map_results(m, width));
        let (Some(memref), Some((_, results))) = (memref, map) else {
            access.failures.push(Failure::NotModelled);
            return access;
        };
        if shape_of(memref.ty()).map(|s| s.len()) != Some(results.len()) {
            access.failures.push(Failure::NotModelled);
            return access;
        }
        let extents = match affine.extents(memref, results.len()) {
            Ok(e) if e.iter().all(|x| !x.scalable) => e,
            Ok(_) => {
                access
                    .failures
                    .push(Failure::Unanalysed("its vector is scalable, which affine accesses do not read".into()));
                return access;
            }
            Err(why) => {
                access.failures.push(Failure::Unanalysed(why));
                return access;
            }
        };
        let mut query = self.query(op);
        for i in first..op.num_operands() {
            query.require_defined(op.operand(i));
        }
        let mut used = FactSet::default();
        let mut numeric = Assumptions::NONE;
        let trees = op.attr("map").and_then(|m| affine_map_trees(m, width)).map(|(_, t)| t).unwrap_or_default();
        for (k, form) in results.iter().enumerate() {
            let read = query.affine_result(op, first, k, form.as_ref(), trees.get(k).and_then(Option::as_ref));
            let Some((i, rests_on)) = read else {
                let why = match wide_map_constant(op, width) {
                    Some(wide) => format!("its map's constant {wide}"),
                    None => format!(
                        "result {k} of its map may wrap at the index width (lower-affine computes it with wrapping arithmetic)"
                    ),
                };
                access.failures.push(Failure::Unanalysed(why));
                break;
            };
            numeric |= rests_on;
            let Some(size) = query.dim(memref, k) else {
                access.failures.push(Failure::Unanalysed(format!("dimension {k}'s size is not read")));
                break;
            };
            let upper = size.minus(&i).and_then(|l| l.shifted(-i128::from(extents[k].base)));
            let mut failed = false;
            for goal in [Some(i), upper] {
                let Some(goal) = goal else {
                    access.failures.push(Failure::Unanalysed("the relation is too large to state".into()));
                    failed = true;
                    break;
                };
                match query.prove(&goal) {
                    Some(why) => used = used.union(why),
                    None => {
                        access.failures.push(Failure::Relation(Names::new(&query).not_shown(&goal, None)));
                        failed = true;
                        break;
                    }
                }
            }
            if failed {
                break;
            }
        }
        if access.proven() {
            let width = self.prover.ranges.index_width;
            access.failures.extend(beyond_index_width(memref.ty(), width).map(Failure::Unanalysed));
        }
        if access.proven() {
            numeric.add_to(&mut access.assumptions);
            self.record_proof(&mut access, &query, used);
        }
        access
    }

    /// The assumptions, earlier accesses and (with `explain`) facts of a
    /// proof.
    fn record_proof(&self, access: &mut Access<'a>, query: &Query<'_, '_, '_, 'a>, used: FactSet) {
        query.uses_assumption(used).add_to(&mut access.assumptions);
        access.rests_on = query.earlier_accesses(used);
        if self.explain {
            access.facts = Names::new(query).facts(used);
        }
    }

    /// Proves `access`, which [`Checker::check`] left unproven, from the
    /// accesses before it (`earlier`, in scope `scope`): one at its place
    /// (`earlier`), or else the relational proof again with their bounds
    /// as facts, kept only if it uses them (a proof without them is the
    /// search reaching other quantities through them, and the claims would
    /// depend on the search's order). Subviews are not proven this way.
    pub(crate) fn rest_on_earlier(&self, access: &mut Access<'a>, earlier: &Earlier<'a>, scope: usize) {
        let op = access.op;
        let first = earlier.rest_on(scope, op, self.prover.ranges.index_width);
        if !first.is_empty() {
            access.rest_on(first);
        } else if !op.is("memref.subview") {
            let after = Checker { after_accesses: true, ..*self };
            if let Some(b) = after.check(op).filter(|b| b.proven() && !b.rests_on.is_empty()) {
                *access = b;
            }
        }
    }

    /// Checks one access; None if `op` is not an access this module handles.
    pub fn check(&self, op: Op<'a>) -> Option<Access<'a>> {
        if op.is("memref.subview") {
            return Some(self.check_subview(op));
        }
        let ranges = self.prover.ranges;
        let Some(layout) = access_layout(op, ranges.index_width) else {
            if AffineAccess::of(op).is_some() {
                return Some(self.check_affine_map(op));
            }
            // Nothing that touches memory is left out of the report.
            return may_access_memref(op)
                .then(|| Access::new(op, self.ancestry.function_of(op), vec![Failure::NotModelled]));
        };
        let ty = layout.memref.ty();
        let shape = shape_of(ty)?;
        let access = |failures| Access::new(op, self.ancestry.function_of(op), failures);
        let extents = match layout.extents {
            Ok(e) => e,
            Err(why) => return Some(access(vec![Failure::Unanalysed(why)])),
        };
        if layout.indices.len() != shape.len() || layout.indices.iter().any(|&p| p >= op.num_operands()) {
            return Some(access(vec![Failure::Unanalysed(format!(
                "it has fewer indices than {} has dimensions",
                type_string(ty)
            ))]));
        }
        let mut vscale = None;
        let mut failures = Vec::new();
        // The dimensions the relational prover did not show (index,
        // dimension, elements covered), for the precondition.
        let mut unshown = Vec::new();
        let mut unshown_why: Option<&str> = None;
        let mut query: Option<Query<'_, '_, '_, 'a>> = None;
        let mut used = FactSet::default();
        let mut numeric_assumed = Assumptions::NONE;
        // A constant mask with no active lane: the access touches nothing.
        let dims = if layout.mask.is_empty() { 0 } else { shape.len() };
        for (dim, size) in shape.iter().enumerate().take(dims) {
            let index = op.operand(layout.indices[dim]);
            let lanes = layout.mask.lanes(dim);
            let extent = match lanes {
                Lanes::First(n) => Extent { base: n.min(extents[dim].base), ..extents[dim] },
                _ => extents[dim],
            };
            let scalable = extent.scalable.then(|| vscale.get_or_insert_with(|| vscale_max(op)).clone());
            // Elements covered at most: None when vscale has no upper bound.
            let covered = match &scalable {
                None => Some(extent.base),
                Some(VscaleMax::Known(max)) => extent.base.checked_mul(*max),
                Some(VscaleMax::Unknown(_)) => None,
            };
            let range = ranges.at(index, op);
            let index_max = range.map_or(i64::MAX as i128, |r| super::bits::smax(r.width));
            let ok = match (size, &range, covered) {
                (Some(size), Some(r), Some(covered)) => {
                    r.is_empty() || (covered <= *size && r.u.hi <= ((size - covered) as i128).min(index_max))
                }
                _ => false,
            };
            if ok {
                // The ranges may rest on loop facts that used the
                // buffer-size assumption.
                numeric_assumed |= ranges.assumptions_of(index).intersect(self.prover.allowed);
                continue;
            }
            let relational = covered.map(|covered| {
                let q = query.get_or_insert_with(|| {
                    let mut q = self.query(op);
                    // Every index: a poison one makes the access undefined.
                    for &p in &layout.indices {
                        q.require_defined(op.operand(p));
                    }
                    q
                });
                match lanes {
                    Lanes::Bound(bound) => self.masked_relational(q, index, layout.memref, dim, bound),
                    _ => self.relational(q, index, layout.memref, dim, covered),
                }
            });
            let relation_failure = match relational {
                Some(Ok(facts)) => {
                    used = used.union(facts);
                    continue;
                }
                Some(Err(text)) => Some(text),
                None => None,
            };
            match (&relation_failure, covered) {
                (Some(_), Some(covered)) => unshown.push((index, dim, covered)),
                _ => unshown_why = Some("an index is not read as an integer relation"),
            }
            let claimed = extent.vector_dim.is_some_and(|v| layout.in_bounds.get(v) == Some(&true));
            let masked = matches!(lanes, Lanes::Bound(_));
            let notes: Vec<String> = [
                layout.mask.note(dim),
                claimed.then(|| {
                    format!(
                        "in_bounds = true for vector dimension {} is the op's claim, not a proof",
                        extent.vector_dim.unwrap_or(0)
                    )
                }),
            ]
            .into_iter()
            .flatten()
            .collect();
            let note = (!notes.is_empty()).then(|| notes.join("; "));
            // A dynamic size: the relation is the reason; a static one
            // keeps the numeric account (index range against the size).
            // A mask bound: the relation states the active count.
            if let (true, Some(text)) = (size.is_none() || masked, relation_failure) {
                let text = match &note {
                    Some(n) => format!("{text}; {n}"),
                    None => text,
                };
                failures.push(Failure::Relation(text));
                continue;
            }
            failures.push(Failure::Index(Box::new(IndexFailure {
                index_position: dim,
                index,
                range,
                dimension: dim,
                size: *size,
                memref_type: type_string(ty),
                extent: extent.base,
                index_max,
                scalable,
                note,
            })));
        }
        if failures.is_empty() {
            failures.extend(beyond_index_width(ty, ranges.index_width).map(Failure::Unanalysed));
        }
        let mut a = access(failures);
        if a.proven() {
            numeric_assumed.add_to(&mut a.assumptions);
        } else if !self.after_accesses {
            // (A check with earlier accesses' bounds is kept only if it
            // proves the access: no precondition is derived there.)
            let width = self.prover.ranges.index_width;
            let unshown = Unshown { memref: layout.memref, dims: &unshown, why: unshown_why };
            a.precondition = Some(for_access(&a, query.as_mut(), width, unshown));
        }
        if let (true, Some(q)) = (a.proven(), &query) {
            self.record_proof(&mut a, q, used);
        }
        Some(a)
    }
}

/// The two relations an access needs of dimension `dim` of `memref`, as
/// `g >= 0`: `index` and `size - index - covered` (None when it is too
/// large to state); None when the index or the size is not an integer the
/// prover reads.
pub(crate) fn dim_goals<'a>(
    query: &mut Query<'_, '_, '_, 'a>,
    index: Val<'a>,
    memref: Val<'a>,
    dim: usize,
    covered: i64,
) -> Option<(Lin, Option<Lin>)> {
    let (i, size) = (query.value(index)?, query.dim(memref, dim)?);
    let upper = size.minus(&i).and_then(|l| l.shifted(-(covered as i128)));
    Some((i, upper))
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::ir::Module;
    use melior::Context;

    #[test]
    fn vscale_range_parses_only_usable_bounds() {
        let parse = |min: &str, max: &str| {
            parse_vscale_range(&format!("#llvm.vscale_range<minRange = {min}, maxRange = {max}>"))
        };
        assert_eq!(parse("1 : i32", "16 : i32"), Ok(16));
        assert_eq!(parse("2 : i64", "2 : i64"), Ok(2));
        assert_eq!(parse("1 : index", "8 : index"), Ok(8));
        // maxRange = 0 is "no maximum"; the rest is not a bound we can use.
        assert!(parse("1 : i32", "0 : i32").unwrap_err().contains("no upper bound"));
        for (min, max) in [
            ("4 : i32", "2 : i32"),
            ("0 : i32", "4 : i32"),
            ("1 : i32", "-1 : i32"),
            ("1 : i32", "16 : ui32"),
            ("true", "true"),
            ("1 : i32", "0x10 : i32"),
        ] {
            assert!(parse(min, max).is_err(), "{min}, {max}");
        }
        assert!(parse_vscale_range("#llvm.vscale_range<maxRange = 16 : i32, minRange = 1 : i32>").is_err());
        assert!(parse_vscale_range("[1, 16]").is_err());
    }

    #[test]
    fn permutation_maps_parse_as_projected_permutations() {
        assert_eq!(parse_permutation("affine_map<(d0, d1) -> (d1)>", 2), Some(vec![Some(1)]));
        assert_eq!(parse_permutation("affine_map<(d0, d1) -> (d1, d0)>", 2), Some(vec![Some(1), Some(0)]));
        assert_eq!(parse_permutation("affine_map<(d0, d1) -> (0, d1)>", 2), Some(vec![None, Some(1)]));
        assert_eq!(parse_permutation("affine_map<() -> ()>", 0), Some(vec![]));
        for (bad, rank) in [
            ("affine_map<(d0, d1) -> (d1)>", 3),      // another rank
            ("affine_map<(d0, d1) -> (d1, d1)>", 2),  // not a permutation
            ("affine_map<(d0, d1) -> (d0 + d1)>", 2), // not a dim
            ("affine_map<(d0, d1)[s0] -> (d1)>", 2),  // symbols
            ("affine_map<(d0, d1) -> (d01)>", 2),     // not canonical
            ("affine_map<(d0, d1) -> (1)>", 2),       // a constant other than 0
        ] {
            assert_eq!(parse_permutation(bad, rank), None, "{bad}");
        }
    }

    #[test]
    fn in_bounds_flags_parse() {
        assert_eq!(parse_bools("[true, false]"), vec![true, false]);
        assert_eq!(parse_bools("[]"), Vec::<bool>::new());
        assert_eq!(parse_bools("[true, 1]"), Vec::<bool>::new());
    }

    fn reasons(source: &str) -> Vec<Option<String>> {
        let context = Context::new();
        crate::dialect::register_all(&context);
        let module = Module::parse(&context, source).expect("valid IR");
        let module_op = module.as_operation();
        let found = crate::facts::checked(
            Op::of(&module_op),
            &crate::analysis::Options::default(),
            false,
            crate::facts::walk::Collect::new,
        );
        found.accesses.iter().map(|a| a.failures.first().map(|f| f.message(&a.op_name))).collect()
    }

    #[test]
    fn scalable_vectors_need_a_vscale_bound() {
        let body = r#"
            %c0 = arith.constant 0 : index
            %c4 = arith.constant 4 : index
            %a = vector.load %m[%c4] : memref<8xf32>, vector<[4]xf32>
            %b = vector.load %m[%c0] : memref<8xf32>, vector<[2]xf32>
            return
          }"#;
        let unbounded = reasons(&format!("func.func @f(%m: memref<8xf32>) {{{body}"));
        assert_eq!(unbounded.len(), 2);
        for r in &unbounded {
            assert!(
                r.as_deref().is_some_and(|r| r.contains("× vscale elements") && r.contains("no known upper bound")),
                "{r:?}"
            );
        }
        // vscale <= 4: [4] at 4 may read 16 elements of 8; [2] at 0 reads at most 8.
        let bounded = reasons(&format!(
            "func.func @f(%m: memref<8xf32>) attributes {{vscale_range = #llvm.vscale_range<minRange = 1 : i32, maxRange = 4 : i32>}} {{{body}"
        ));
        assert!(
            bounded[0].as_deref().is_some_and(|r| r.contains("up to 16 with vscale <= 4: none")),
            "{:?}",
            bounded[0]
        );
        assert_eq!(bounded[1], None);
    }
}
