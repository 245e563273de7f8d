//! Loop facts for Rust callers: run the analysis on a melior module and get
//! the compile report as typed data (the same data `loom-report` writes).
//!
//! ```
//! use loom::melior::{ir::Module, Context};
//!
//! let context = Context::new();
//! loom::dialect::register_all(&context);
//! let module = Module::parse(&context, r#"
//!   func.func @f(%buf: memref<4xi32>, %v: i32) {
//!     %c0 = arith.constant 0 : index
//!     %c1 = arith.constant 1 : index
//!     %c4 = arith.constant 4 : index
//!     %r = scf.while (%i = %c0) : (index) -> index {
//!       %more = arith.cmpi slt, %i, %c4 : index
//!       scf.condition(%more) %i : index
//!     } do {
//!     ^bb0(%j: index):
//!       memref.store %v, %buf[%j] : memref<4xi32>
//!       %n = arith.addi %j, %c1 : index
//!       scf.yield %n : index
//!     }
//!     return
//!   }"#).expect("valid IR");
//! let report = loom::analysis::analyze(&module, &loom::analysis::Options::default());
//! assert_eq!(report.loops[0].body_count, Some(4));
//! assert_eq!(report.loops[0].condition_count, Some(5));
//! assert_eq!(report.accesses[0].status, loom::analysis::AccessStatus::Proven);
//! ```

use melior::ir::Module;

pub use crate::facts::schema::{
    AccessReport, AccessStatus, CounterReport, DimensionReport, LoopReport, LoopStatus, Report,
};
use crate::facts::{self, bounds, ir::Op};

/// Analysis options.
#[derive(Clone, Debug)]
pub struct Options {
    /// Bit width of `index` on the target, used when the module has no DLTI
    /// `index` entry (`#dlti.dl_spec<index = 32 : i64>`). Default 64.
    pub index_bitwidth: u32,
    /// Whether proofs may assume that every buffer occupies less than half
    /// the address space (`2^(w-1)` bytes for `w`-bit indices), as LLVM
    /// assumes of every object, which bounds the size of a dimension with
    /// a static stride of at least 1 (and static non-empty other
    /// dimensions). Default on; every loop whose facts used it, and every
    /// access whose proof did, lists it in the report
    /// (`assumptions: ["buffer-bytes-below-half-address-space"]`).
    pub assume_buffer_bytes_below_half_address_space: bool,
    /// Whether proofs may assume that every dimension of every buffer,
    /// times its element size, is below half the address space. The
    /// previous assumption gives that only when the other dimensions are
    /// static and non-empty: an empty `memref<0x?xf32>` may have any size
    /// in its dynamic dimension. This one bounds each dimension of a
    /// multi-dimensional dynamic buffer (`memref<?x?xf32>`) on its own.
    /// Default on; listed like the previous one
    /// (`"buffer-dims-below-half-address-space"`) wherever it was used.
    pub assume_buffer_dims_below_half_address_space: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            index_bitwidth: 64,
            assume_buffer_bytes_below_half_address_space: true,
            assume_buffer_dims_below_half_address_space: true,
        }
    }
}

impl Options {
    /// The assumptions the options allow.
    pub(crate) fn assumptions(&self) -> crate::facts::assumptions::Assumptions {
        crate::facts::assumptions::Assumptions::allowed(
            self.assume_buffer_bytes_below_half_address_space,
            self.assume_buffer_dims_below_half_address_space,
        )
    }
}

/// Runs the loop-facts analysis and the bounds checks on `module`. The IR is
/// not changed.
pub fn analyze(module: &Module, options: &Options) -> Report {
    Computed::run(Op::of(&module.as_operation()), options).report()
}

/// The same analysis as [`analyze`], as the text table `loom-report
/// {format=text}` writes (one line per loop and per access, with its
/// location).
///
/// ```
/// let context = loom::context();
/// let source = "func.func @f(%n: index) {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  scf.for %i = %c0 to %n step %c1 {\n  }\n  return\n}\n";
/// let module = loom::parse_module(&context, source, "loops.mlir").unwrap();
/// let text = loom::analysis::analyze_text(&module, &loom::analysis::Options::default());
/// assert!(text.contains("loops.mlir:4:3"), "{text}");
/// ```
pub fn analyze_text(module: &Module, options: &Options) -> String {
    Computed::run(Op::of(&module.as_operation()), options).text()
}

/// The analysis' results before they become a report or a text table.
pub(crate) struct Computed<'a> {
    index_width: u32,
    loops: Vec<facts::LoopRecord<'a>>,
    accesses: Vec<bounds::Access<'a>>,
}

impl<'a> Computed<'a> {
    pub(crate) fn run(root: Op<'a>, options: &Options) -> Computed<'a> {
        let mut found = facts::checked(root, options, false, facts::walk::Collect::new);
        facts::preconditions::call_sites::resolve(root, options, &mut found.accesses);
        Computed { index_width: found.index_width, loops: found.loops, accesses: found.accesses }
    }

    pub(crate) fn report(&self) -> Report {
        Report::new(self.index_width, &self.loops, &self.accesses)
    }

    pub(crate) fn text(&self) -> String {
        facts::report::text(self.index_width, &self.loops, &self.accesses)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::Context;

    #[test]
    fn seed_example_is_exact_and_proven() {
        let context = Context::new();
        crate::dialect::register_all(&context);
        let module = Module::parse(
            &context,
            r#"func.func @f(%buf: memref<4xi32>, %v: i32) {
                 %c0 = arith.constant 0 : index
                 %c1 = arith.constant 1 : index
                 %c4 = arith.constant 4 : index
                 %r = scf.while (%i = %c0) : (index) -> index {
                   %more = arith.cmpi slt, %i, %c4 : index
                   scf.condition(%more) %i : index
                 } do {
                 ^bb0(%j: index):
                   memref.store %v, %buf[%j] : memref<4xi32>
                   %n = arith.addi %j, %c1 : index
                   scf.yield %n : index
                 }
                 return
               }"#,
        )
        .expect("valid IR");
        let report = analyze(&module, &Options::default());
        assert_eq!(report.loops.len(), 1);
        let l = &report.loops[0];
        assert_eq!((l.status, l.body_count, l.condition_count), (LoopStatus::Exact, Some(4), Some(5)));
        let c = l.counter.as_ref().expect("counter");
        assert_eq!((c.condition, c.body, c.exit), ([0, 4], Some([0, 3]), Some(4)));
        assert_eq!(report.accesses[0].status, AccessStatus::Proven);
        // The JSON form carries the same data.
        assert_eq!(Report::from_json(&report.to_json()).expect("parses"), report);
    }
}
