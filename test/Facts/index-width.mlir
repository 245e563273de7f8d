// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-loop-facts)' | FileCheck %s
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-loop-facts{index-bitwidth=32})' | FileCheck %s --check-prefix=OPT32

// The carrier of an index counter is the target's index width: the DLTI
// entry when the module has one, else the index-bitwidth option.

// At 64 bits (default), slt 2147483642 -> 2147483647 step 2 ends at
// 2147483648 without wrapping.
// CHECK-LABEL: func.func @while_index
// CHECK: loom.facts = "exact: body 3, condition 4, entries 1, total body 3, total condition 4; counter index signed step 2, condition [2147483642, 2147483648], body [2147483642, 2147483646], exit 2147483648"
// With index-bitwidth=32 (no DLTI entry here), 2147483648 wraps.
// OPT32-LABEL: func.func @while_index
// OPT32: loom.facts = "unknown: 
func.func @while_index() -> index {
  %init = arith.constant 2147483642 : index
  %bound = arith.constant 2147483647 : index
  %step = arith.constant 2 : index
  %r = scf.while (%x = %init) : (index) -> index {
    %c = arith.cmpi slt, %x, %bound : index
    scf.condition(%c) %x : index
  } do {
  ^bb0(%y: index):
    %n = arith.addi %y, %step : index
    scf.yield %n : index
  }
  return %r : index
}

// -----

// The module's DLTI entry (32) wins over the option, in both runs.
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  // CHECK-LABEL: func.func @while_index_dlti32
  // CHECK: loom.facts = "unknown: 
  // OPT32-LABEL: func.func @while_index_dlti32
  // OPT32: loom.facts = "unknown: 
  func.func @while_index_dlti32() -> index {
    %init = arith.constant 2147483642 : index
    %bound = arith.constant 2147483647 : index
    %step = arith.constant 2 : index
    %r = scf.while (%x = %init) : (index) -> index {
      %c = arith.cmpi slt, %x, %bound : index
      scf.condition(%c) %x : index
    } do {
    ^bb0(%y: index):
      %n = arith.addi %y, %step : index
      scf.yield %n : index
    }
    return %r : index
  }

  // The scf.for reading of the same loop counts 3 by scf.for semantics.
  // CHECK-LABEL: func.func @for_index_dlti32
  // CHECK: loom.facts = "exact: body 3, condition 4
  func.func @for_index_dlti32() {
    %init = arith.constant 2147483642 : index
    %bound = arith.constant 2147483647 : index
    %step = arith.constant 2 : index
    scf.for %i = %init to %bound step %step {
    }
    return
  }
}

// -----

// A DLTI entry of 64 wins over index-bitwidth=32.
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 64 : i64>} {
  // OPT32-LABEL: func.func @while_index_dlti64
  // OPT32: loom.facts = "exact: body 3, condition 4, entries 1, total body 3, total condition 4; counter index signed step 2, condition [2147483642, 2147483648], body [2147483642, 2147483646], exit 2147483648"
  func.func @while_index_dlti64() -> index {
    %init = arith.constant 2147483642 : index
    %bound = arith.constant 2147483647 : index
    %step = arith.constant 2 : index
    %r = scf.while (%x = %init) : (index) -> index {
      %c = arith.cmpi slt, %x, %bound : index
      scf.condition(%c) %x : index
    } do {
    ^bb0(%y: index):
      %n = arith.addi %y, %step : index
      scf.yield %n : index
    }
    return %r : index
  }
}
