//! In-bounds proofs for memory accesses.
//!
//! An access (`memref.load`, `memref.store`, `vector.load`, `vector.store`)
//! is proven when, for every index, every value the index can have when the
//! access executes (see `ranges`) lies in `[0, size - extent]` for its
//! dimension, where `extent` is 1 for scalar accesses and, for the trailing
//! dimensions of a vector access, the vector's size along that dimension.
//! Indices are signed on the target (the lowering sign-extends them into
//! address arithmetic), so an index must also be non-negative when read as
//! a signed integer of the index width: at a narrow index width (say 16
//! bits) the unsigned value 40000 is the offset -25536, out of bounds of a
//! `memref<40000xi8>`. The proven interval is therefore
//! `[0, min(size - extent, 2^(w-1) - 1)]`.
//! Dimensions of dynamic size cannot be proven from static facts: an access
//! touching one is unproven, with that reason.

use super::ir::{shape_of, type_string, walk_preorder, Op, Val};
use super::ranges::{Range, Ranges};

/// The outcome for one index that could not be proven.
#[derive(Clone, Debug)]
pub struct Failure {
    pub index_position: usize,
    pub index_name: String,
    pub range: Option<Range>,
    pub dimension: usize,
    pub size: Option<i64>,
    pub memref_type: String,
    pub extent: i64,
    /// Largest index the target can express (2^(w-1) - 1 for index width w).
    pub index_max: i128,
}

impl Failure {
    pub fn message(&self, op_name: &str) -> String {
        let range = match &self.range {
            Some(r) => r.describe(),
            None => "unknown".into(),
        };
        match self.size {
            None => format!(
                "{op_name}: index {} ({}) has range {range}, but dimension {} of {} is dynamic: its bounds cannot be proven",
                self.index_position, self.index_name, self.dimension, self.memref_type
            ),
            Some(size) => {
                let last = ((size - self.extent) as i128).min(self.index_max);
                let valid = if last < 0 { "none".to_string() } else { format!("[0, {last}]") };
                let what = if self.extent > 1 {
                    format!(" for an access of {} elements", self.extent)
                } else {
                    String::new()
                };
                format!(
                    "{op_name}: index {} ({}) has range {range}, but dimension {} of {} has size {size} (valid indices{what}: {valid})",
                    self.index_position, self.index_name, self.dimension, self.memref_type
                )
            }
        }
    }
}

#[derive(Clone, Debug)]
pub struct Access {
    pub op: Op,
    pub op_name: String,
    pub function: String,
    pub loc: String,
    /// Empty when proven.
    pub failures: Vec<Failure>,
}

impl Access {
    pub fn proven(&self) -> bool {
        self.failures.is_empty()
    }
}

/// (memref operand, first index operand, vector shape of the access).
fn access_layout(op: Op) -> Option<(Val, usize, Vec<i64>)> {
    let (memref_pos, vector) = if op.is("memref.load") {
        (0, None)
    } else if op.is("memref.store") {
        (1, None)
    } else if op.is("vector.load") {
        (0, Some(op.result(0)))
    } else if op.is("vector.store") {
        (1, Some(op.operand(0)))
    } else {
        return None;
    };
    if op.num_operands() <= memref_pos {
        return None;
    }
    let shape = match vector {
        None => Vec::new(),
        Some(v) => shape_of(v.ty())?.into_iter().map(|d| d.unwrap_or(i64::MAX)).collect(),
    };
    Some((op.operand(memref_pos), memref_pos + 1, shape))
}

/// Checks one access; None if `op` is not an access this module handles.
pub fn check(op: Op, ranges: &Ranges) -> Option<Access> {
    let (memref, first_index, vshape) = access_layout(op)?;
    let ty = memref.ty();
    let shape = shape_of(ty)?;
    let rank = shape.len();
    let num_indices = op.num_operands() - first_index;
    let mut failures = Vec::new();
    for (dim, size) in shape.iter().enumerate() {
        if dim >= num_indices {
            break;
        }
        let index = op.operand(first_index + dim);
        // Vector dims cover the memref's trailing dims.
        let k = vshape.len();
        let extent = if k > 0 && k <= rank && dim + k >= rank { vshape[dim + k - rank] } else { 1 };
        let range = ranges.at(index, op);
        let index_max = range.map_or(i64::MAX as i128, |r| (1i128 << (r.width - 1)) - 1);
        let ok = match (size, &range) {
            (Some(size), Some(r)) => {
                r.is_empty() || (extent <= *size && r.u.1 <= ((size - extent) as i128).min(index_max))
            }
            _ => false,
        };
        if !ok {
            failures.push(Failure {
                index_position: dim,
                index_name: index.operand_name(),
                range,
                dimension: dim,
                size: *size,
                memref_type: type_string(ty),
                extent,
                index_max,
            });
        }
    }
    Some(Access { op, op_name: op.name(), function: op.enclosing_symbol().unwrap_or_default(), loc: op.loc_string(), failures })
}

/// Every access under `root`, in program order.
pub fn check_all(root: Op, ranges: &Ranges) -> Vec<Access> {
    let mut out = Vec::new();
    walk_preorder(root, &mut |op| {
        if let Some(a) = check(op, ranges) {
            out.push(a);
        }
    });
    out
}
