// RUN: %loom-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark index-bitwidth=32})'
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-fold-loop-facts{index-bitwidth=32})' | FileCheck %s --check-prefix=FOLD

// An assumption no value satisfies is never a licence to prove anything.
// The verifier checks loom.assume_range's bounds at
// the index width of the op's data layout (64 bits here: no spec); the
// index-bitwidth option makes the facts passes read index at 32 bits,
// where [2147483648, 4294967295] holds no value. Read at that width the
// assumption says nothing: before the fix it became an empty range, and
// every access and comparison using it was "proven" (a[%x] with %x = -5
// at 32 bits is out of bounds).

func.func @out_of_width(%a: memref<10xi8>, %i: index) -> i8 {
  %x = loom.assume_range %i [2147483648, 4294967295] : index
  // expected-remark @below {{not proven in bounds: memref.load}}
  %v = memref.load %a[%x] : memref<10xi8>
  return %v : i8
}

// -----

// FOLD-LABEL: func.func @no_fold
// FOLD: arith.cmpi slt
func.func @no_fold(%i: index) -> i1 {
  %c0 = arith.constant 0 : index
  %x = loom.assume_range %i [2147483648, 4294967295] : index
  %r = arith.cmpi slt, %x, %c0 : index
  return %r : i1
}

// -----

// Bounds that fit the width still narrow: [0, 9] proves the load.
func.func @in_width(%a: memref<10xi8>, %i: index) -> i8 {
  %x = loom.assume_range %i [0, 9] : index
  // expected-remark @below {{memref.load: in bounds (proven)}}
  %v = memref.load %a[%x] : memref<10xi8>
  return %v : i8
}
