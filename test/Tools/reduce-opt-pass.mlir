// loom-reduce knows loom's passes, the Rust ones included, so a reduction
// pipeline can name them: opt-reduction-pass runs its `opt-pass` pipeline on
// a copy and keeps the result when it is smaller and still interesting (here:
// still contains a loom.break, Inputs/has-break.sh). loom-fold-loop-facts
// proves the guard `%i >= 8` false in a loop running 0..7, and canonicalize
// then removes the guarded code; canonicalize alone cannot.
// RUN: %loom-reduce %s -opt-reduction-pass='opt-pass=loom-fold-loop-facts,canonicalize test=/bin/sh test-arg=%S/Inputs/has-break.sh' | FileCheck %s
// RUN: %loom-reduce %s -opt-reduction-pass='opt-pass=canonicalize test=/bin/sh test-arg=%S/Inputs/has-break.sh' | FileCheck %s --check-prefix=UPSTREAM
// Every loom pass is listed, as are the reducer's own.
// RUN: %loom-reduce --help | FileCheck %s --check-prefix=HELP

// CHECK-LABEL: func.func @find(
// CHECK:         loom.for
// CHECK-NOT:     arith.cmpi uge
// CHECK-NOT:     memref.store
// CHECK:         memref.load
// CHECK-NEXT:    arith.cmpi eq
// CHECK-NEXT:    loom.if
// CHECK-NEXT:      loom.break
// CHECK-NEXT:    }
// CHECK-NEXT:    loom.yield

// UPSTREAM-LABEL: func.func @find(
// UPSTREAM:         arith.cmpi uge
// UPSTREAM:         memref.store
// UPSTREAM:         loom.break

// HELP: USAGE: loom-reduce [options] <input file>
// HELP-DAG: --loom-fold-loop-facts
// HELP-DAG: --loom-loop-facts
// HELP-DAG: --loom-lower-to-scf
// HELP-DAG: --opt-reduction-pass
// HELP-DAG: --reduction-tree

func.func @find(%a: memref<8xi32>, %key: i32, %log: memref<8xi32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r = loom.for %i = %c0 to %c8 step %c1 token(%t) iter_args(%last = %c8) -> (index) {
    %oob = arith.cmpi uge, %i, %c8 : index
    loom.if %oob {
      %k = arith.muli %key, %key : i32
      %k2 = arith.addi %k, %key : i32
      memref.store %k2, %log[%c0] : memref<8xi32>
      loom.yield
    }
    %x = memref.load %a[%i] : memref<8xi32>
    %hit = arith.cmpi eq, %x, %key : i32
    loom.if %hit { loom.break %t, %i : index }
    loom.yield %last : index
  }
  return %r : index
}
