//! Option shared by the loop-facts passes.

use super::foreign::{OptionKind, Options, PassOption};
use crate::analysis::Options as AnalysisOptions;

/// The `index-bitwidth` option: the target's index width when the module
/// has no DLTI `index` entry (1 to 64 bits, checked by the pipeline parser).
pub const INDEX_BITWIDTH: PassOption = PassOption {
    name: "index-bitwidth",
    description: "Bit width of index on the target when the module has no DLTI index entry",
    default: "64",
    kind: OptionKind::Unsigned { min: 1, max: 64 },
};

/// The analysis options the facts passes' options select (one analysis
/// entry point, `facts::analyze`, serves every pass and the APIs).
pub fn analysis_options(options: &Options) -> AnalysisOptions {
    AnalysisOptions { index_bitwidth: options.unsigned(INDEX_BITWIDTH.name) }
}
