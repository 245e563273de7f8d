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
    AnalysisOptions {
        index_bitwidth: options.unsigned(INDEX_BITWIDTH.name),
        assume_buffer_bytes_below_half_address_space: options.flag(ASSUME_BUFFER_BYTES.name),
        assume_buffer_dims_below_half_address_space: options.flag(ASSUME_BUFFER_DIMS.name),
    }
}

/// The `assume-buffer-bytes-below-half-address-space` option (see
/// `analysis::Options`).
pub const ASSUME_BUFFER_BYTES: PassOption = PassOption {
    name: "assume-buffer-bytes-below-half-address-space",
    description: "Assume every buffer occupies less than half the address space, bounding sizes of positive-stride dimensions (listed in reports where used)",
    default: "true",
    kind: OptionKind::Flag,
};

/// The `assume-buffer-dims-below-half-address-space` option (see
/// `analysis::Options`).
pub const ASSUME_BUFFER_DIMS: PassOption = PassOption {
    name: "assume-buffer-dims-below-half-address-space",
    description: "Assume every dimension of every buffer, times its element size, is below half the address space, bounding each dimension of multi-dimensional dynamic buffers (listed in reports where used)",
    default: "true",
    kind: OptionKind::Flag,
};
