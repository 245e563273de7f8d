// loom.loop and loom.for implement LoopLikeOpInterface: upstream
// loop-invariant code motion hoists invariant, speculatable ops out of them,
// and leaves alone what it must not move (a loom.if containing an exit, ops
// using the iteration arguments or the induction variable).
// RUN: %loom-opt --allow-unregistered-dialect %s --loop-invariant-code-motion --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @hoist_from_loop(
// CHECK-SAME: %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i32, %[[C:[^:]*]]: i1
// CHECK-NEXT: %[[SUM:.*]] = arith.addi %[[X]], %[[Y]] : i32
// CHECK-NEXT: loom.loop token(%[[T:.*]]) iter_args(%[[A:.*]] = %[[X]]) : (i32) -> (i32) {
// CHECK-NEXT:   loom.if %[[C]] {
// CHECK-NEXT:     loom.break %[[T]], %[[A]] : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[NEXT:.*]] = arith.muli %[[A]], %[[SUM]] : i32
// CHECK-NEXT:   loom.continue %[[T]], %[[NEXT]] : i32
// CHECK-NEXT: }
func.func @hoist_from_loop(%x: i32, %y: i32, %c: i1) -> i32 {
  %r = loom.loop token(%t) iter_args(%a = %x) : (i32) -> (i32) {
    loom.if %c { loom.break %t, %a : i32 }
    %sum = arith.addi %x, %y : i32
    %next = arith.muli %a, %sum : i32
    loom.continue %t, %next : i32
  }
  return %r : i32
}

// -----

// CHECK-LABEL: func.func @hoist_from_for(
// CHECK-SAME: %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i32, %[[N:[^:]*]]: index, %[[C:[^:]*]]: i1
// CHECK:      %[[SUM:.*]] = arith.addi %[[X]], %[[Y]] : i32
// CHECK-NEXT: loom.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} token(%[[T:.*]]) iter_args(%[[A:.*]] = %[[X]]) -> (i32) {
// CHECK-NEXT:   loom.if %[[C]] {
// CHECK-NEXT:     loom.break %[[T]], %[[A]] : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[IV:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK-NEXT:   %[[P:.*]] = arith.addi %[[A]], %[[IV]] : i32
// CHECK-NEXT:   %[[NEXT:.*]] = arith.addi %[[P]], %[[SUM]] : i32
// CHECK-NEXT:   loom.yield %[[NEXT]] : i32
// CHECK-NEXT: }
func.func @hoist_from_for(%x: i32, %y: i32, %n: index, %c: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%a = %x) -> (i32) {
    loom.if %c { loom.break %t, %a : i32 }
    %iv = arith.index_cast %i : index to i32
    %p = arith.addi %a, %iv : i32
    %sum = arith.addi %x, %y : i32
    %next = arith.addi %p, %sum : i32
    loom.yield %next : i32
  }
  return %r : i32
}

// -----

// The loom.if only uses values defined outside the loop, but it contains an
// exit: it is not hoisted (out of either loop), nor is anything in it.
// CHECK-LABEL: func.func @exit_not_hoisted(
// CHECK-SAME: %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i32, %[[C:[^:]*]]: i1, %[[N:[^:]*]]: index
// CHECK:      loom.loop token(%[[T:.*]]) {
// CHECK-NEXT:   loom.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} token(%[[F:.*]]) {
// CHECK-NEXT:     loom.if %[[C]] {
// CHECK-NEXT:       loom.break %[[T]]{{$}}
// CHECK-NEXT:     }
// CHECK-NEXT:     loom.if %[[C]] {
// CHECK-NEXT:       loom.continue %[[F]]{{$}}
// CHECK-NEXT:     }
// CHECK-NEXT:     "test.body"() : () -> ()
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[T]]{{$}}
// CHECK-NEXT: }
func.func @exit_not_hoisted(%x: i32, %y: i32, %c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  loom.loop token(%t) {
    loom.for %i = %c0 to %n step %c1 token(%f) {
      loom.if %c { loom.break %t }
      loom.if %c { loom.continue %f }
      "test.body"() : () -> ()
    }
    loom.continue %t
  }
  return
}

// -----

// A loom.if without exits whose contents are speculatable is speculatable
// (RecursivelySpeculatable) and hoisted whole.
// CHECK-LABEL: func.func @pure_if_hoisted(
// CHECK-SAME: %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i32, %[[C:[^:]*]]: i1
// CHECK-NEXT: %[[V:.*]] = loom.if %[[C]] -> (i32) {
// CHECK-NEXT:   %[[SUM:.*]] = arith.addi %[[X]], %[[Y]] : i32
// CHECK-NEXT:   loom.yield %[[SUM]] : i32
// CHECK-NEXT: } else {
// CHECK-NEXT:   loom.yield %[[Y]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: loom.loop token(%[[T:.*]]) iter_args(%[[A:.*]] = %[[X]]) : (i32) -> (i32) {
// CHECK-NEXT:   %[[CMP:.*]] = arith.cmpi eq, %[[A]], %[[V]] : i32
func.func @pure_if_hoisted(%x: i32, %y: i32, %c: i1) -> i32 {
  %r = loom.loop token(%t) iter_args(%a = %x) : (i32) -> (i32) {
    %v = loom.if %c -> (i32) {
      %sum = arith.addi %x, %y : i32
      loom.yield %sum : i32
    } else {
      loom.yield %y : i32
    }
    %cmp = arith.cmpi eq, %a, %v : i32
    loom.if %cmp { loom.break %t, %a : i32 }
    loom.continue %t, %v : i32
  }
  return %r : i32
}

// -----

// Exits declare memory effects (a read and a write of the default resource)
// and are NotSpeculatable: an invariant loom.if whose branch breaks an outer
// loop stays in the inner loop (hoisted, it would break even when the inner
// loop runs zero times: test/Execution/exit-speculation.mlir runs it), while
// the pure addition it uses is hoisted out of both loops.
// CHECK-LABEL: func.func @break_outer_not_hoisted(
// CHECK-SAME: %[[N:[^:]*]]: index, %[[C:[^:]*]]: i1, %[[K:[^:]*]]: i32
// CHECK:      %[[V:.*]] = arith.addi %[[K]], %[[K]] : i32
// CHECK-NEXT: loom.loop token(%[[T:.*]]) -> (i32) {
// CHECK-NEXT:   loom.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} token(%{{.*}}) {
// CHECK-NEXT:     loom.if %[[C]] {
// CHECK-NEXT:       loom.break %[[T]], %[[V]] : i32
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[T]]{{$}}
// CHECK-NEXT: }
func.func @break_outer_not_hoisted(%n: index, %c: i1, %k: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = loom.loop token(%t) -> (i32) {
    loom.for %i = %c0 to %n step %c1 token(%f) {
      %v = arith.addi %k, %k : i32
      loom.if %c { loom.break %t, %v : i32 }
    }
    loom.continue %t
  }
  return %r : i32
}
