// A data layout whose index width is 0 (DLTI accepts it) cannot be lowered
// to LLVM: loom-lower-to-llvm says so instead of producing i0 values, and
// loom.assume_range accepts only the bound 0 at that width.
// RUN: %loom-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(loom-lower-to-llvm)'

// expected-error @+1 {{loom-lower-to-llvm cannot lower index: the data layout gives it no fixed, non-zero width}}
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 0 : i64>} {
  func.func @id(%x: index) -> index {
    %y = loom.assume_range %x [0, 0] : index
    return %y : index
  }
}

// -----

module attributes {dlti.dl_spec = #dlti.dl_spec<index = 0 : i64>} {
  func.func @one(%x: index) -> index {
    // expected-error @+1 {{'loom.assume_range' op bound 1 does not fit index at 0 bits (the data layout's index width)}}
    %y = loom.assume_range %x [0, 1] : index
    return %y : index
  }
}
