// Index widths loom-lower-to-llvm cannot honour are errors, not a lowering
// at a width the data layout does not give. A data layout whose index
// width is 0 (DLTI accepts it) cannot be lowered to LLVM (no i0), and
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

// -----

// One width per module: a nested module with a layout of its own at
// another width (allowed when the outer layout does not name index) would
// be lowered at the outer 64 bits.
// expected-note @+1 {{the module being lowered}}
module {
  // expected-error @+1 {{has index width 32 but loom-lower-to-llvm lowers the whole module at one width, that of the module being lowered, 64}}
  module @dev attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
    func.func @k(%x: index) -> index {
      return %x : index
    }
  }
}

// -----

// The same for a gpu.module (a data layout scope too).
// expected-note @+1 {{the module being lowered}}
module attributes {gpu.container_module} {
  // expected-error @+1 {{has index width 32 but loom-lower-to-llvm lowers the whole module at one width, that of the module being lowered, 64}}
  gpu.module @dev attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
    func.func @k(%x: index) -> index {
      return %x : index
    }
  }
}
