//! Option shared by the loop-facts passes.

use super::foreign::{OptionKind, Options, PassOption};

/// The `index-bitwidth` option: the target's index width when the module
/// has no DLTI `index` entry (1 to 64 bits, checked by the pipeline parser).
pub const INDEX_BITWIDTH: PassOption = PassOption {
    name: "index-bitwidth",
    description: "Bit width of index on the target when the module has no DLTI index entry",
    default: "64",
    kind: OptionKind::Unsigned { min: 1, max: 64 },
};

/// The value of [`INDEX_BITWIDTH`].
pub fn index_bitwidth(options: &Options) -> u32 {
    options.unsigned(INDEX_BITWIDTH.name)
}
