// Canonicalization patterns of the loom ops.
// RUN: %loom-opt --allow-unregistered-dialect %s --canonicalize --split-input-file | FileCheck %s

//===----------------------------------------------------------------------===//
// Constant-condition loom.if
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @if_true_yields(
// CHECK-SAME: %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i32
// CHECK-NEXT: "test.then"() : () -> ()
// CHECK-NEXT: return %[[X]] : i32
func.func @if_true_yields(%x: i32, %y: i32) -> i32 {
  %true = arith.constant true
  %r = loom.if %true -> (i32) {
    "test.then"() : () -> ()
    loom.yield %x : i32
  } else {
    "test.else"() : () -> ()
    loom.yield %y : i32
  }
  return %r : i32
}

// -----

// The untaken branch may exit: it is dead code and goes away.
// CHECK-LABEL: func.func @if_false_yields(
// CHECK-SAME: %[[C:[^:]*]]: i1, %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i32
// CHECK-NEXT: %[[R:.*]] = loom.loop token(%[[T:.*]]) -> (i32) {
// CHECK-NEXT:   "test.else"() : () -> ()
// CHECK-NEXT:   "test.use"(%[[Y]]) : (i32) -> ()
// CHECK-NEXT:   loom.if %[[C]] {
// CHECK-NEXT:     loom.break %[[T]], %[[Y]] : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[T]]{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @if_false_yields(%c: i1, %x: i32, %y: i32) -> i32 {
  %false = arith.constant false
  %r = loom.loop token(%t) -> (i32) {
    %v = loom.if %false -> (i32) {
      loom.break %t, %x : i32
    } else {
      "test.else"() : () -> ()
      loom.yield %y : i32
    }
    "test.use"(%v) : (i32) -> ()
    loom.if %c { loom.break %t, %v : i32 }
    loom.continue %t
  }
  return %r : i32
}

// -----

// The taken branch exits: the code after the if is unreachable, and the exit
// ends the enclosing block.
// CHECK-LABEL: func.func @if_true_breaks(
// CHECK-SAME: %[[C:[^:]*]]: i1, %[[X:[^:]*]]: i32, %[[N:[^:]*]]: i32
// CHECK-NEXT: %[[R:.*]] = loom.loop token(%[[T:.*]]) iter_args(%[[A:.*]] = %[[N]]) : (i32) -> (i32) {
// CHECK-NEXT:   loom.if %[[C]] {
// CHECK-NEXT:     "test.before"(%[[A]]) : (i32) -> ()
// CHECK-NEXT:     "test.then"() : () -> ()
// CHECK-NEXT:     loom.break %[[T]], %[[X]] : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[T]], %[[A]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @if_true_breaks(%c: i1, %x: i32, %n: i32) -> i32 {
  %true = arith.constant true
  %r = loom.loop token(%t) iter_args(%a = %n) : (i32) -> (i32) {
    loom.if %c {
      "test.before"(%a) : (i32) -> ()
      %v = loom.if %true -> (i32) {
        "test.then"() : () -> ()
        loom.break %t, %x : i32
      } else {
        loom.yield %a : i32
      }
      "test.after"(%v) : (i32) -> ()
      %w = arith.addi %v, %v : i32
      loom.continue %t, %w : i32
    }
    loom.continue %t, %a : i32
  }
  return %r : i32
}

// -----

// A taken branch that continues an outer loop from inside a nested if: the
// rest of the enclosing if's branch is dropped, and the enclosing if now
// exits in that branch.
// CHECK-LABEL: func.func @if_true_continues_nested(
// CHECK:      loom.loop token(%[[T:.*]]) {
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:     "test.then"() : () -> ()
// CHECK-NEXT:     loom.continue %[[T]]{{$}}
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.break %[[T]]{{$}}
// CHECK-NEXT: }
func.func @if_true_continues_nested(%c: i1) {
  %true = arith.constant true
  loom.loop token(%t) {
    loom.if %c {
      loom.if %true {
        "test.then"() : () -> ()
        loom.continue %t
      }
      "test.unreachable"() : () -> ()
    }
    loom.break %t
  }
  return
}

// -----

// Not constant: nothing changes.
// CHECK-LABEL: func.func @if_not_constant(
// CHECK: loom.if %{{.*}} -> (i32)
func.func @if_not_constant(%c: i1, %x: i32, %y: i32) -> i32 {
  %r = loom.if %c -> (i32) { loom.yield %x : i32 } else { loom.yield %y : i32 }
  return %r : i32
}

// -----

// A loom.if that contains a break is not trivially dead even when its results
// are unused: the exits have no memory-effect traits on purpose. (Its unused
// results go: canonicalize-if-exits.mlir.)
// CHECK-LABEL: func.func @if_with_break_unused_results(
// CHECK:      loom.loop token(%[[T:.*]]) {
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:     loom.break %[[T]]{{$}}
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[T]]{{$}}
func.func @if_with_break_unused_results(%c: i1, %x: i32) {
  loom.loop token(%t) {
    %unused = loom.if %c -> (i32) {
      loom.break %t
    } else {
      loom.yield %x : i32
    }
    loom.continue %t
  }
  return
}

// -----

// An if without exits and without side effects is dead when unused.
// CHECK-LABEL: func.func @if_pure_unused(
// CHECK-NEXT: return
func.func @if_pure_unused(%c: i1, %x: i32) {
  %unused = loom.if %c -> (i32) {
    %y = arith.addi %x, %x : i32
    loom.yield %y : i32
  } else {
    loom.yield %x : i32
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// loom.scope
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @scope_without_breaks(
// CHECK-SAME: %[[X:[^:]*]]: i32
// CHECK-NEXT: %[[Y:.*]] = arith.addi %[[X]], %[[X]]
// CHECK-NEXT: "test.use"(%[[Y]])
// CHECK-NEXT: return %[[Y]] : i32
func.func @scope_without_breaks(%x: i32) -> i32 {
  %r = loom.scope token(%s) -> (i32) {
    %y = arith.addi %x, %x : i32
    "test.use"(%y) : (i32) -> ()
    loom.yield %y : i32
  }
  return %r : i32
}

// -----

// The scope is inlined while a nested exit targets an outer loop across it.
// CHECK-LABEL: func.func @scope_inlined_across_outer_exit(
// CHECK-SAME: %[[C:[^:]*]]: i1, %[[X:[^:]*]]: i32
// CHECK-NEXT: %[[R:.*]] = loom.loop token(%[[T:.*]]) -> (i32) {
// CHECK-NEXT:   loom.if %[[C]] {
// CHECK-NEXT:     loom.break %[[T]], %[[X]] : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   "test.body"() : () -> ()
// CHECK-NEXT:   loom.continue %[[T]]{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @scope_inlined_across_outer_exit(%c: i1, %x: i32) -> i32 {
  %r = loom.loop token(%t) -> (i32) {
    loom.scope token(%s) {
      loom.if %c { loom.break %t, %x : i32 }
      "test.body"() : () -> ()
    }
    loom.continue %t
  }
  return %r : i32
}

// -----

// A scope whose body ends with a break to itself, with no other break.
// CHECK-LABEL: func.func @scope_ends_with_own_break(
// CHECK-SAME: %[[X:[^:]*]]: i32
// CHECK-NEXT: "test.body"() : () -> ()
// CHECK-NEXT: return %[[X]] : i32
func.func @scope_ends_with_own_break(%x: i32) -> i32 {
  %r = loom.scope token(%s) -> (i32) {
    "test.body"() : () -> ()
    loom.break %s, %x : i32
  }
  return %r : i32
}

// -----

// A scope that a nested break leaves early stays; its unused result goes.
// CHECK-LABEL: func.func @scope_with_break_stays(
// CHECK-SAME: %[[C:[^:]*]]: i1, %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i64
// CHECK-NEXT: %[[R:.*]] = loom.scope token(%[[S:.*]]) -> (i64) {
// CHECK-NEXT:   loom.if %[[C]] {
// CHECK-NEXT:     loom.break %[[S]], %[[Y]] : i64
// CHECK-NEXT:   }
// CHECK-NEXT:   "test.body"() : () -> ()
// CHECK-NEXT:   loom.yield %[[Y]] : i64
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : i64
func.func @scope_with_break_stays(%c: i1, %x: i32, %y: i64) -> i64 {
  %r:2 = loom.scope token(%s) -> (i32, i64) {
    loom.if %c { loom.break %s, %x, %y : i32, i64 }
    "test.body"() : () -> ()
    loom.yield %x, %y : i32, i64
  }
  return %r#1 : i64
}

// -----

// A scope ending in an exit to an outer loop: the code after it is
// unreachable.
// CHECK-LABEL: func.func @scope_ends_with_outer_exit(
// CHECK-SAME: %[[C:[^:]*]]: i1
// CHECK-NEXT: loom.loop token(%[[T:.*]]) {
// CHECK-NEXT:   loom.if %[[C]] {
// CHECK-NEXT:     "test.body"() : () -> ()
// CHECK-NEXT:     loom.break %[[T]]{{$}}
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[T]]{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @scope_ends_with_outer_exit(%c: i1) {
  loom.loop token(%t) {
    loom.if %c {
      loom.scope token(%s) {
        "test.body"() : () -> ()
        loom.break %t
      }
      "test.unreachable"() : () -> ()
    }
    loom.continue %t
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// loom.loop without continue
//===----------------------------------------------------------------------===//

// The loop runs once: it becomes a scope, its iteration arguments become
// their initial values.
// CHECK-LABEL: func.func @loop_never_continues(
// CHECK-SAME: %[[C:[^:]*]]: i1, %[[X:[^:]*]]: i32
// CHECK-NEXT: %[[R:.*]] = loom.scope token(%[[S:.*]]) -> (i32) {
// CHECK-NEXT:   loom.if %[[C]] {
// CHECK-NEXT:     loom.break %[[S]], %[[X]] : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[Y:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT:   loom.break %[[S]], %[[Y]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @loop_never_continues(%c: i1, %x: i32) -> i32 {
  %r = loom.loop token(%t) iter_args(%a = %x) : (i32) -> (i32) {
    loom.if %c { loom.break %t, %a : i32 }
    %y = arith.addi %a, %a : i32
    loom.break %t, %y : i32
  }
  return %r : i32
}

// -----

// A loop that only breaks at its end disappears completely (loop -> scope ->
// inlined).
// CHECK-LABEL: func.func @loop_single_break(
// CHECK-SAME: %[[X:[^:]*]]: i32
// CHECK-NEXT: "test.body"(%[[X]]) : (i32) -> ()
// CHECK-NEXT: return %[[X]] : i32
func.func @loop_single_break(%x: i32) -> i32 {
  %r = loom.loop token(%t) iter_args(%a = %x) : (i32) -> (i32) {
    "test.body"(%a) : (i32) -> ()
    loom.break %t, %a : i32
  }
  return %r : i32
}

// -----

// An inner loop that never continues itself, but continues the outer loop:
// it becomes a scope and is inlined; the continue now ends the outer body.
// CHECK-LABEL: func.func @loop_continues_outer_only(
// CHECK-SAME: %[[C:[^:]*]]: i1
// CHECK-NEXT: loom.loop token(%[[T:.*]]) {
// CHECK-NEXT:   loom.if %[[C]] {
// CHECK-NEXT:     loom.break %[[T]]{{$}}
// CHECK-NEXT:   }
// CHECK-NEXT:   "test.body"() : () -> ()
// CHECK-NEXT:   loom.continue %[[T]]{{$}}
// CHECK-NEXT: }
func.func @loop_continues_outer_only(%c: i1) {
  loom.loop token(%t) {
    loom.loop token(%inner) {
      loom.if %c { loom.break %t }
      "test.body"() : () -> ()
      loom.continue %t
    }
    "test.unreachable"() : () -> ()
    loom.break %t
  }
  return
}

// -----

// A loop that is continued stays a loop.
// CHECK-LABEL: func.func @loop_continued(
// CHECK: loom.loop token(%[[T:.*]]) {
// CHECK: loom.continue %[[T]]
func.func @loop_continued(%c: i1) {
  loom.loop token(%t) {
    loom.if %c { loom.break %t }
    loom.continue %t
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// Zero-trip loom.for
//===----------------------------------------------------------------------===//

// CHECK-LABEL: func.func @for_zero_trip(
// CHECK-SAME: %[[X:[^:]*]]: f32
// CHECK-NEXT: return %[[X]] : f32
func.func @for_zero_trip(%x: f32) -> f32 {
  %c4 = arith.constant 4 : index
  %c1 = arith.constant 1 : index
  %r = loom.for %i = %c4 to %c4 step %c1 token(%t) iter_args(%a = %x) -> (f32) {
    "test.body"() : () -> ()
    %b = arith.addf %a, %a : f32
    loom.yield %b : f32
  }
  return %r : f32
}

// -----

// Signed bounds: 1 to -1 runs no iteration. The folded loop contained an
// exit to the outer loop, which is gone with it.
// CHECK-LABEL: func.func @for_zero_trip_with_outer_exit(
// CHECK-SAME: %[[C:[^:]*]]: i1, %[[X:[^:]*]]: i32
// CHECK-NEXT: %[[R:.*]] = loom.loop token(%[[T:.*]]) -> (i32) {
// CHECK-NEXT:   "test.after"(%[[X]]) : (i32) -> ()
// CHECK-NEXT:   loom.if %[[C]] {
// CHECK-NEXT:     loom.break %[[T]], %[[X]] : i32
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[T]]{{$}}
// CHECK-NEXT: }
func.func @for_zero_trip_with_outer_exit(%c: i1, %x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %cm1 = arith.constant -1 : i32
  %r = loom.loop token(%outer) -> (i32) {
    %v = loom.for %i = %c1 to %cm1 step %c1 token(%t) iter_args(%a = %x) -> (i32) : i32 {
      loom.break %outer, %i : i32
    }
    "test.after"(%v) : (i32) -> ()
    loom.if %c { loom.break %outer, %v : i32 }
    loom.continue %outer
  }
  return %r : i32
}

// -----

// One iteration or unknown bounds: nothing changes.
// CHECK-LABEL: func.func @for_not_zero_trip(
// CHECK: loom.for
// CHECK: loom.for
func.func @for_not_zero_trip(%x: f32, %n: index) -> (f32, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = loom.for %i = %c0 to %c1 step %c1 token(%t) iter_args(%a = %x) -> (f32) {
    %b = arith.addf %a, %a : f32
    loom.yield %b : f32
  }
  %s = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%a = %x) -> (f32) {
    %b = arith.addf %a, %a : f32
    loom.yield %b : f32
  }
  return %r, %s : f32, f32
}

// -----

//===----------------------------------------------------------------------===//
// Unused results
//===----------------------------------------------------------------------===//

// Result #0 of the loop is unused: every break addressed to the loop loses
// its operand #0, including one from an inner loop across it.
// CHECK-LABEL: func.func @loop_unused_result(
// CHECK-SAME: %[[C:[^:]*]]: i1, %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i64
// CHECK-NEXT: %[[R:.*]] = loom.loop token(%[[T:.*]]) -> (i64) {
// CHECK-NEXT:   loom.loop token(%[[INNER:.*]]) {
// CHECK-NEXT:     loom.if %[[C]] {
// CHECK-NEXT:       loom.break %[[T]], %[[Y]] : i64
// CHECK-NEXT:     }
// CHECK-NEXT:     "test.inner"() : () -> ()
// CHECK-NEXT:     loom.continue %[[INNER]]{{$}}
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.if %[[C]] {
// CHECK-NEXT:     loom.break %[[T]], %[[Y]] : i64
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[T]]{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]] : i64
func.func @loop_unused_result(%c: i1, %x: i32, %y: i64) -> i64 {
  %r:2 = loom.loop token(%t) -> (i32, i64) {
    loom.loop token(%inner) {
      loom.if %c { loom.break %t, %x, %y : i32, i64 }
      "test.inner"() : () -> ()
      loom.continue %inner
    }
    loom.if %c { loom.break %t, %x, %y : i32, i64 }
    loom.continue %t
  }
  return %r#1 : i64
}

// -----

// loom.for: result #0 is unused and its iteration argument only feeds itself,
// so both go; result #1's iteration argument is unused but the result is
// used, so it stays; result #2 is unused but its iteration argument feeds a
// computation, so it stays.
// CHECK-LABEL: func.func @for_unused_results(
// CHECK-SAME: %[[C:[^:]*]]: i1, %[[N:[^:]*]]: index, %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i64, %[[Z:[^:]*]]: f32
// CHECK:      %[[R:.*]]:2 = loom.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} token(%[[T:.*]]) iter_args(%[[B:.*]] = %[[Y]], %[[D:.*]] = %[[Z]]) -> (i64, f32) {
// CHECK-NEXT:   "test.use"(%[[D]]) : (f32) -> ()
// CHECK-NEXT:   loom.if %[[C]] {
// CHECK-NEXT:     loom.break %[[T]], %[[Y]], %[[Z]] : i64, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.if %[[C]] {
// CHECK-NEXT:     loom.continue %[[T]], %[[Y]], %[[D]] : i64, f32
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.yield %[[Y]], %[[D]] : i64, f32
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]#0 : i64
func.func @for_unused_results(%c: i1, %n: index, %x: i32, %y: i64, %z: f32) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:3 = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%a = %x, %b = %y, %d = %z) -> (i32, i64, f32) {
    "test.use"(%d) : (f32) -> ()
    loom.if %c { loom.break %t, %x, %y, %z : i32, i64, f32 }
    loom.if %c { loom.continue %t, %a, %y, %d : i32, i64, f32 }
    loom.yield %a, %y, %d : i32, i64, f32
  }
  return %r#1 : i64
}

// -----

// The iteration argument is forwarded to a different position: not dropped.
// CHECK-LABEL: func.func @for_swapped_iter_args(
// CHECK: loom.for {{.*}} -> (i32, i32)
func.func @for_swapped_iter_args(%n: index, %x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%a = %x, %b = %x) -> (i32, i32) {
    loom.yield %b, %a : i32, i32
  }
  return %r#1 : i32
}

// -----

// An endless loop without results is not dead code: the continue has no
// memory-effect traits, so the loop is never trivially dead.
// CHECK-LABEL: func.func @endless_loop_kept(
// CHECK-NEXT: loom.loop token(%[[T:.*]]) {
// CHECK-NEXT:   loom.continue %[[T]]{{$}}
// CHECK-NEXT: }
func.func @endless_loop_kept() {
  loom.loop token(%t) {
    loom.continue %t
  }
  return
}
