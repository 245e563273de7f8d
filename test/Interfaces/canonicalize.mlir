// Canonicalization next to third-party ops that exits cross: an exit is only
// moved to the end of a block of a loom op, never into a foreign region
// whose terminator rules loom does not know.
// RUN: %loomopt-bin --allow-unregistered-dialect %s --canonicalize --split-input-file | FileCheck %s

// The constant if yields: it is inlined into the wrap.
// CHECK-LABEL: func.func @if_yields_in_wrap(
// CHECK:      loomtest.wrap {
// CHECK-NEXT:   "test.then"() : () -> ()
// CHECK-NEXT:   loomtest.end
// CHECK-NEXT: }
func.func @if_yields_in_wrap() {
  %true = arith.constant true
  loomtest.wrap {
    loom.if %true { "test.then"() : () -> () }
    loomtest.end
  }
  return
}

// -----

// The constant if exits: inlining it would end the wrap's region with a
// loom.break and drop the code after it; it stays.
// CHECK-LABEL: func.func @if_exits_in_wrap(
// CHECK:      loom.loop token(%[[T:.*]]) {
// CHECK-NEXT:   loomtest.wrap {
// CHECK-NEXT:     loom.if %{{.*}} {
// CHECK-NEXT:       loom.break %[[T]]{{$}}
// CHECK-NEXT:     }
// CHECK-NEXT:     "test.after"() : () -> ()
// CHECK-NEXT:     loomtest.end
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[T]]{{$}}
func.func @if_exits_in_wrap() {
  %true = arith.constant true
  loom.loop token(%t) {
    loomtest.wrap {
      loom.if %true { loom.break %t }
      "test.after"() : () -> ()
      loomtest.end
    }
    loom.continue %t
  }
  return
}

// -----

// A scope ending in an exit to the outer loop, inside a wrap: kept too.
// CHECK-LABEL: func.func @scope_exits_in_wrap(
// CHECK: loomtest.wrap {
// CHECK-NEXT: loom.scope
func.func @scope_exits_in_wrap() {
  loom.loop token(%t) {
    loomtest.wrap {
      loom.scope token(%s) {
        loom.break %t
      }
      "test.after"() : () -> ()
      loomtest.end
    }
    loom.continue %t
  }
  return
}
