// loom's DialectInlinerInterface: calls inside loom regions are inlined,
// functions containing loom ops are inlined into their callers (also into
// loom regions), and a callee with several blocks is not inlined into a loom
// region, whose regions are single blocks (SingleBlock).
// RUN: %loom-opt %s --inline='default-pipeline=' --split-input-file | FileCheck %s

// A call in a loom.for body, to a function without loom ops.
// CHECK-LABEL: func.func @call_in_for(
// CHECK-SAME: %[[N:[^:]*]]: index, %[[X:[^:]*]]: i32
// CHECK-NOT:  call
// CHECK:      loom.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} token(%{{.*}}) iter_args(%[[A:.*]] = %[[X]]) -> (i32) {
// CHECK-NEXT:   %[[S:.*]] = arith.muli %[[A]], %[[A]] : i32
// CHECK-NEXT:   loom.yield %[[S]] : i32
// CHECK-NEXT: }
// CHECK-NOT:  call
func.func private @square(%a: i32) -> i32 {
  %s = arith.muli %a, %a : i32
  return %s : i32
}
func.func @call_in_for(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%a = %x) -> (i32) {
    %s = func.call @square(%a) : (i32) -> i32
    loom.yield %s : i32
  }
  return %r : i32
}

// -----

// A function whose body is a loom.loop with exits, inlined into its caller's
// body and into a loom.if branch inside a loom.loop of the caller.
// CHECK-LABEL: func.func @loop_callee_inlined(
// CHECK-SAME: %[[N:[^:]*]]: i32, %[[C:[^:]*]]: i1
// CHECK-NOT:  call
// CHECK:      %[[R:.*]] = loom.loop token(%[[T:.*]]) iter_args(%[[I:.*]] = %{{.*}}) : (i32) -> (i32) {
// CHECK:        loom.break %[[T]], %[[I]] : i32
// CHECK:        loom.continue %[[T]], %{{.*}} : i32
// CHECK:      }
// CHECK:      loom.loop token(%[[O:.*]]) -> (i32) {
// CHECK-NEXT:   loom.if %[[C]] {
// CHECK:          %[[R2:.*]] = loom.loop token(%[[T2:.*]]) iter_args(%[[I2:.*]] = %{{.*}}) : (i32) -> (i32) {
// CHECK:            loom.break %[[T2]], %[[I2]] : i32
// CHECK:            loom.continue %[[T2]], %{{.*}} : i32
// CHECK:          }
// CHECK-NEXT:     loom.break %[[O]], %[[R2]] : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[O]]
// CHECK-NEXT: }
// CHECK-NOT:  call
func.func private @count_to(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = loom.loop token(%t) iter_args(%i = %c0) : (i32) -> (i32) {
    %done = arith.cmpi sge, %i, %n : i32
    loom.if %done { loom.break %t, %i : i32 }
    %i1 = arith.addi %i, %c1 : i32
    loom.continue %t, %i1 : i32
  }
  return %r : i32
}
func.func @loop_callee_inlined(%n: i32, %c: i1) -> (i32, i32) {
  %a = func.call @count_to(%n) : (i32) -> i32
  %b = loom.loop token(%o) -> (i32) {
    loom.if %c {
      %r = func.call @count_to(%n) : (i32) -> i32
      loom.break %o, %r : i32
    }
    loom.continue %o
  }
  return %a, %b : i32, i32
}

// -----

// A callee with two blocks is not inlined into a loom region (loom.if,
// loom.scope): a loom region is a single block. Outside loom regions it is.
// CHECK-LABEL: func.func @multi_block_callee(
// CHECK:      loom.if %{{.*}} {
// CHECK-NEXT:   func.call @two_blocks(
// CHECK:      loom.scope token(%{{.*}}) -> (i32) {
// CHECK-NEXT:   %[[V:.*]] = func.call @two_blocks(
// CHECK-NEXT:   loom.yield %[[V]] : i32
// CHECK:      cf.br ^bb1
// CHECK:      return
func.func private @two_blocks(%x: i32) -> i32 {
  cf.br ^bb1(%x : i32)
^bb1(%y: i32):
  return %y : i32
}
func.func @multi_block_callee(%c: i1, %x: i32) -> (i32, i32) {
  %v = loom.if %c -> (i32) {
    %r = func.call @two_blocks(%x) : (i32) -> i32
    loom.yield %r : i32
  } else {
    loom.yield %x : i32
  }
  %w = loom.scope token(%s) -> (i32) {
    %r = func.call @two_blocks(%x) : (i32) -> i32
    loom.yield %r : i32
  }
  %u = func.call @two_blocks(%v) : (i32) -> i32
  return %u, %w : i32, i32
}
