//! Option parsing shared by the loop-facts passes.

use super::foreign::Options;

/// The `index-bitwidth` option: the target's index width when the module
/// has no DLTI `index` entry (1 to 64 bits).
pub fn index_bitwidth(options: &Options) -> Result<u32, String> {
    let w = options.unsigned("index-bitwidth")?;
    if !(1..=64).contains(&w) {
        return Err(format!("option 'index-bitwidth' must be between 1 and 64, got {w}"));
    }
    Ok(w)
}

pub const INDEX_BITWIDTH_DESCRIPTION: &str = "Bit width of index on the target when the module has no DLTI index entry";
