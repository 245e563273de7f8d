// Round-trip of the loom syntax: every example of the dialect's contract,
// the C-like `break` example of the early-exit RFC, and
// loom.assume_range. The custom form is printed and re-parsed; the generic
// form (--mlir-print-op-generic) is checked to be generic, re-parsed, and
// must print the same custom form again.
//
// RUN: %loom-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: %loom-opt --allow-unregistered-dialect %s | %loom-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %loom-opt --allow-unregistered-dialect %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: %loom-opt --allow-unregistered-dialect %s --mlir-print-op-generic | %loom-opt --allow-unregistered-dialect | FileCheck %s
// RUN: %loom-opt --allow-unregistered-dialect %s --mlir-print-op-generic | %loom-opt --allow-unregistered-dialect --mlir-print-op-generic | %loom-opt --allow-unregistered-dialect | FileCheck %s

// GENERIC: "loom.loop"
// GENERIC-SAME: ({
// GENERIC-NEXT: ^bb0(%{{.*}}: !loom.token, %{{.*}}: i32, %{{.*}}: f32):
// GENERIC-NOT: = loom.
// GENERIC-NOT: {{^ *}}loom.

// CHECK-LABEL: func.func @loop_iter_args_and_results(
// CHECK-SAME: %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: f32, %[[N:[^:]*]]: i32, %[[W:[^:]*]]: i64
func.func @loop_iter_args_and_results(%x: i32, %y: f32, %n: i32, %w: i64) -> (i32, i64) {
  %one = arith.constant 1 : i32
  // CHECK: %[[R:.*]]:2 = loom.loop token(%[[T:.*]]) iter_args(%[[A:.*]] = %[[X]], %[[B:.*]] = %[[Y]]) : (i32, f32) -> (i32, i64) {
  %r:2 = loom.loop token(%t) iter_args(%a = %x, %b = %y) : (i32, f32) -> (i32, i64) {
    // CHECK-NEXT: %[[DONE:.*]] = arith.cmpi sge, %[[A]], %[[N]] : i32
    %done = arith.cmpi sge, %a, %n : i32
    // CHECK-NEXT: loom.if %[[DONE]] {
    // CHECK-NEXT:   loom.break %[[T]], %[[A]], %[[W]] : i32, i64
    // CHECK-NEXT: }
    loom.if %done { loom.break %t, %a, %w : i32, i64 }
    // CHECK-NEXT: %[[A2:.*]] = arith.addi %[[A]]
    %a2 = arith.addi %a, %one : i32
    // CHECK-NEXT: %[[B2:.*]] = arith.addf %[[B]], %[[B]]
    %b2 = arith.addf %b, %b : f32
    // CHECK-NEXT: loom.continue %[[T]], %[[A2]], %[[B2]] : i32, f32
    loom.continue %t, %a2, %b2 : i32, f32
    // CHECK-NEXT: }
  }
  // CHECK-NEXT: return %[[R]]#0, %[[R]]#1 : i32, i64
  return %r#0, %r#1 : i32, i64
}

// CHECK-LABEL: func.func @loop_results_only(
// CHECK-SAME: %[[V:[^:]*]]: i32
func.func @loop_results_only(%v: i32) -> i32 {
  // CHECK: %[[R:.*]] = loom.loop token(%[[T:.*]]) -> (i32) {
  // CHECK-NEXT:   loom.break %[[T]], %[[V]] : i32
  // CHECK-NEXT: }
  %r = loom.loop token(%t) -> (i32) { loom.break %t, %v : i32 }
  return %r : i32
}

// CHECK-LABEL: func.func @loop_iter_args_only(
func.func @loop_iter_args_only(%c: i1) {
  // CHECK: %[[C0:.*]] = arith.constant 0 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: loom.loop token(%[[T:.*]]) iter_args(%[[I:.*]] = %[[C0]]) : (index) {
  loom.loop token(%t) iter_args(%i = %c0) : (index) {
    // CHECK-NEXT: loom.if %{{.*}} {
    // CHECK-NEXT:   loom.break %[[T]]{{$}}
    // CHECK-NEXT: }
    loom.if %c { loom.break %t }
    %n = arith.addi %i, %c1 : index
    // CHECK: loom.continue %[[T]], %{{.*}} : index
    loom.continue %t, %n : index
  }
  return
}

// CHECK-LABEL: func.func @loop_bare(
func.func @loop_bare() {
  // CHECK: loom.loop token(%[[T:.*]]) {
  // CHECK-NEXT:   loom.break %[[T]]{{$}}
  // CHECK-NEXT: }
  loom.loop token(%t) { loom.break %t }
  return
}

// An exit may target any enclosing loom loop or scope, several levels out.
// CHECK-LABEL: func.func @nested_targets(
func.func @nested_targets(%c: i1, %v1: i32, %v2: i64) -> (i32, i64) {
  // CHECK: %{{.*}}:2 = loom.loop token(%[[OUTER:.*]]) -> (i32, i64) {
  %r:2 = loom.loop token(%outer) -> (i32, i64) {
    // CHECK-NEXT: loom.loop token(%[[INNER:.*]]) {
    loom.loop token(%inner) {
      // CHECK-NEXT: loom.if %{{.*}} {
      // CHECK-NEXT:   loom.break %[[OUTER]], %{{.*}}, %{{.*}} : i32, i64
      // CHECK-NEXT: }
      loom.if %c { loom.break %outer, %v1, %v2 : i32, i64 }
      // CHECK-NEXT: loom.if %{{.*}} {
      // CHECK-NEXT:   loom.continue %[[OUTER]]{{$}}
      // CHECK-NEXT: }
      loom.if %c { loom.continue %outer }
      // CHECK-NEXT: loom.continue %[[INNER]]{{$}}
      loom.continue %inner
    }
    // CHECK: loom.break %[[OUTER]], %{{.*}}, %{{.*}} : i32, i64
    loom.break %outer, %v1, %v2 : i32, i64
  }
  return %r#0, %r#1 : i32, i64
}

// CHECK-LABEL: func.func @if_with_results(
// CHECK-SAME: %[[COND:[^:]*]]: i1, %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i32
func.func @if_with_results(%cond: i1, %x: i32, %y: i32) -> i32 {
  // CHECK: loom.loop token(%[[T:.*]]) -> (i32) {
  %r = loom.loop token(%t) -> (i32) {
    // CHECK-NEXT: %[[V:.*]] = loom.if %[[COND]] -> (i32) {
    // CHECK-NEXT:   loom.break %[[T]], %[[X]] : i32
    // CHECK-NEXT: } else {
    // CHECK-NEXT:   loom.yield %[[Y]] : i32
    // CHECK-NEXT: }
    %v = loom.if %cond -> (i32) {
      loom.break %t, %x : i32
    } else {
      loom.yield %y : i32
    }
    // CHECK-NEXT: loom.break %[[T]], %[[V]] : i32
    loom.break %t, %v : i32
  }
  return %r : i32
}

// CHECK-LABEL: func.func @if_without_else(
func.func @if_without_else(%cond: i1, %n: index) {
  // CHECK: loom.loop token(%[[T:.*]]) iter_args(%[[I:.*]] = %{{.*}}) : (index) {
  loom.loop token(%t) iter_args(%i = %n) : (index) {
    // CHECK-NEXT: loom.if %{{.*}} {
    // CHECK-NEXT:   loom.continue %[[T]], %{{.*}} : index
    // CHECK-NEXT: }
    // CHECK-NOT: else
    loom.if %cond { loom.continue %t, %n : index }
    // An if without results may still have an else, and its yields are elided.
    // CHECK-NEXT: loom.if %{{.*}} {
    // CHECK-NEXT:   "test.op"
    // CHECK-NEXT: } else {
    // CHECK-NEXT:   loom.break %[[T]]{{$}}
    // CHECK-NEXT: }
    loom.if %cond {
      "test.op"() : () -> ()
      loom.yield
    } else {
      loom.break %t
    }
    loom.continue %t, %i : index
  }
  return
}

// CHECK-LABEL: func.func @scope(
// CHECK-SAME: %[[C:[^:]*]]: i1, %[[A:[^:]*]]: i32, %[[B:[^:]*]]: i32
func.func @scope(%c: i1, %a: i32, %b: i32) -> i32 {
  // CHECK: %[[R:.*]] = loom.scope token(%[[S:.*]]) -> (i32) {
  // CHECK-NEXT:   loom.if %[[C]] {
  // CHECK-NEXT:     loom.break %[[S]], %[[A]] : i32
  // CHECK-NEXT:   }
  // CHECK-NEXT:   loom.yield %[[B]] : i32
  // CHECK-NEXT: }
  %r = loom.scope token(%s) -> (i32) {
    loom.if %c { loom.break %s, %a : i32 }
    loom.yield %b : i32
  }
  // A scope without results: its trailing loom.yield is elided.
  // CHECK: loom.scope token(%[[S2:.*]]) {
  // CHECK-NEXT:   loom.if %[[C]] {
  // CHECK-NEXT:     loom.break %[[S2]]{{$}}
  // CHECK-NEXT:   }
  // CHECK-NEXT:   "test.op"() : () -> ()
  // CHECK-NEXT: }
  loom.scope token(%s) {
    loom.if %c { loom.break %s }
    "test.op"() : () -> ()
    loom.yield
  }
  return %r : i32
}

// CHECK-LABEL: func.func @for_index(
// CHECK-SAME: %[[LB:[^:]*]]: index, %[[UB:[^:]*]]: index, %[[S:[^:]*]]: index, %[[INIT:[^:]*]]: f32, %[[X:[^:]*]]: f32
func.func @for_index(%lb: index, %ub: index, %s: index, %init: f32, %x: f32) -> f32 {
  // CHECK: %[[R:.*]] = loom.for %[[I:.*]] = %[[LB]] to %[[UB]] step %[[S]] token(%[[T:.*]]) iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32) {
  %r = loom.for %i = %lb to %ub step %s token(%t) iter_args(%acc = %init) -> (f32) {
    // CHECK-NEXT: %[[NEXT:.*]] = arith.addf %[[ACC]], %[[X]] : f32
    %next = arith.addf %acc, %x : f32
    // CHECK-NEXT: loom.yield %[[NEXT]] : f32
    loom.yield %next : f32
  }
  // CHECK: return %[[R]] : f32
  return %r : f32
}

// CHECK-LABEL: func.func @for_i32(
// CHECK-SAME: %[[LB:[^:]*]]: i32, %[[UB:[^:]*]]: i32, %[[S:[^:]*]]: i32, %[[INIT:[^:]*]]: i32
func.func @for_i32(%lb: i32, %ub: i32, %s: i32, %init: i32) -> i32 {
  // CHECK: loom.for %[[I:.*]] = %[[LB]] to %[[UB]] step %[[S]] token(%[[T:.*]]) iter_args(%[[ACC:.*]] = %[[INIT]]) -> (i32) : i32 {
  // CHECK-NEXT: %[[SUM:.*]] = arith.addi %[[ACC]], %[[I]] : i32
  // CHECK-NEXT: loom.yield %[[SUM]] : i32
  %r = loom.for %i = %lb to %ub step %s token(%t) iter_args(%acc = %init) -> (i32) : i32 {
    %sum = arith.addi %acc, %i : i32
    loom.yield %sum : i32
  }
  return %r : i32
}

// A loom.for without iteration arguments, with a continue and an elided yield.
// CHECK-LABEL: func.func @for_no_iter_args(
func.func @for_no_iter_args(%n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // CHECK: loom.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} token(%[[T:.*]]) {
  // CHECK-NEXT:   loom.if %{{.*}} {
  // CHECK-NEXT:     loom.continue %[[T]]{{$}}
  // CHECK-NEXT:   }
  // CHECK-NEXT:   "test.op"() : () -> ()
  // CHECK-NEXT: }
  loom.for %i = %c0 to %n step %c1 token(%t) {
    loom.if %c { loom.continue %t }
    "test.op"() : () -> ()
  }
  return
}

// Attributes survive on every op.
// CHECK-LABEL: func.func @attributes(
func.func @attributes(%c: i1, %n: index) {
  // CHECK: loom.loop token(%[[T:.*]]) {
  // CHECK:   loom.if %{{.*}} {
  // CHECK:   } {tag = "if"}
  // CHECK:   loom.scope token(%{{.*}}) {
  // CHECK:   } {tag = "scope"}
  // CHECK:   loom.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} token(%{{.*}}) {
  // CHECK:   } {tag = "for"}
  // CHECK:   loom.break %[[T]] {tag = "break"}
  // CHECK: } {tag = "loop"}
  loom.loop token(%t) {
    loom.if %c {
      loom.continue %t {tag = "continue"}
    } {tag = "if"}
    loom.scope token(%s) {
      loom.yield {tag = "yield"}
    } {tag = "scope"}
    loom.for %i = %n to %n step %n token(%f) {
    } {tag = "for"}
    loom.break %t {tag = "break"}
  } {tag = "loop"}
  return
}

// The C-like example of the early-exit RFC (heir):
//   int foo(int input, int max, int threshold) {
//     int sum = 0;
//     for (int i = 0; i < max; i += 1) {
//       sum = sum + input;
//       if (i >= threshold) break;
//     }
//     return sum;
//   }
// CHECK-LABEL: func.func @foo(
// CHECK-SAME: %[[INPUT:[^:]*]]: i32, %[[MAX:[^:]*]]: index, %[[THRESHOLD:[^:]*]]: index
func.func @foo(%input: i32, %max: index, %threshold: index) -> i32 {
  %zero_i32 = arith.constant 0 : i32
  %zero = arith.constant 0 : index
  %one = arith.constant 1 : index
  // CHECK: %[[RESULT:.*]] = loom.for %[[I:.*]] = %{{.*}} to %[[MAX]] step %{{.*}} token(%[[T:.*]]) iter_args(%[[SUM:.*]] = %{{.*}}) -> (i32) {
  // CHECK-NEXT: %[[NEXT:.*]] = arith.addi %[[SUM]], %[[INPUT]] : i32
  // CHECK-NEXT: %[[COND:.*]] = arith.cmpi sge, %[[I]], %[[THRESHOLD]] : index
  // CHECK-NEXT: loom.if %[[COND]] {
  // CHECK-NEXT:   loom.break %[[T]], %[[NEXT]] : i32
  // CHECK-NEXT: }
  // CHECK-NEXT: loom.yield %[[NEXT]] : i32
  // CHECK-NEXT: }
  // CHECK-NEXT: return %[[RESULT]] : i32
  %result = loom.for %i = %zero to %max step %one token(%t) iter_args(%sum = %zero_i32) -> (i32) {
    %next = arith.addi %sum, %input : i32
    %cond = arith.cmpi sge, %i, %threshold : index
    loom.if %cond { loom.break %t, %next : i32 }
    loom.yield %next : i32
  }
  return %result : i32
}

// CHECK-LABEL: func.func @assume_range(
func.func @assume_range(%x: index, %y: i8, %z: i64) -> (index, i8, i64) {
  // CHECK: loom.assume_range %{{.*}} [0, 3] : index
  %a = loom.assume_range %x [0, 3] : index
  // CHECK: loom.assume_range %{{.*}} [-128, 127] : i8
  %b = loom.assume_range %y [-128, 127] : i8
  // CHECK: loom.assume_range %{{.*}} [-5, -5] {note = "single"} : i64
  %c = loom.assume_range %z [-5, -5] {note = "single"} : i64
  return %a, %b, %c : index, i8, i64
}

// The attributes loom's analyses attach to loops (declared by the dialect,
// verified) round-trip.
// CHECK-LABEL: func.func @declared_attributes
//       CHECK:   scf.for
//       CHECK:   } {loom.depth = 0 : i64, loom.facts = "exact: body 4"}
func.func @declared_attributes() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
  } {loom.depth = 0 : i64, loom.facts = "exact: body 4"}
  return
}
