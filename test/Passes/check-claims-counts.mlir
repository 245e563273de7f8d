// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(loom-check-claims)' | FileCheck %s
// The same on each function (the pass anchored on func.func: slots in the
// function it runs on).
// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(func.func(loom-check-claims))' | FileCheck %s

// loom-check-claims counts each loop's executions per entry in an i64
// stack slot (allocated at the start of the function), set to 0 before the
// loop and incremented where each execution starts, and compares it after
// the loop with the claim evaluated in i128 before the loop: `==` for an
// exact count, `<=` for an at-most one. Per call of the function: the
// entries and the total body count, where claimed. (Accesses and folds in the same
// loops: check-claims-access.mlir, check-claims-fold.mlir.)

// An scf.while: its body and its condition, with a symbolic count read in
// the loop's (signed) order. Then what the loop does per call of its
// function: it is entered once, its body runs max(0, %arg0) times in all
// and its condition max(0, %arg0) + 1 times (slots set to 0 at the start
// of the function, checked before each return). Its counter's ranges
// (check-claims-ranges-while.mlir) are checked after these.
// CHECK-LABEL: func.func @while(
// CHECK-SAME: %[[N:.*]]: i32
func.func @while(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: %[[WN:.*]] = arith.extsi %[[N]] : i32 to i128
  // CHECK-NEXT: %[[BODY:.*]] = arith.maxsi %{{.*}}, %[[WN]] : i128
  // CHECK-NEXT: arith.constant 0 : i64
  // CHECK-NEXT: memref.store %{{.*}}, %[[BODYSLOT:alloca[_0-9]*]][]
  // CHECK: %[[WN2:.*]] = arith.extsi %[[N]] : i32 to i128
  // CHECK-NEXT: %[[MAX2:.*]] = arith.maxsi %{{.*}}, %[[WN2]] : i128
  // CHECK-NEXT: %[[COND:.*]] = arith.addi %{{.*}}, %[[MAX2]] : i128
  // CHECK-NEXT: arith.constant 0 : i64
  // CHECK-NEXT: memref.store %{{.*}}, %[[CONDSLOT:alloca[_0-9]*]][]
  // CHECK: scf.while
  // CHECK-NEXT: %[[C:.*]] = memref.load %[[CONDSLOT]][]
  // CHECK-NEXT: arith.constant 1 : i64
  // CHECK-NEXT: %[[C1:.*]] = arith.addi %[[C]],
  // CHECK-NEXT: memref.store %[[C1]], %[[CONDSLOT]][]
  %r = scf.while (%i = %c0) : (i32) -> i32 {
    %go = arith.cmpi slt, %i, %n : i32
    scf.condition(%go) %i : i32
  } do {
  ^bb0(%j: i32):
    // CHECK: ^bb0(
    // CHECK-NEXT: %[[B:.*]] = memref.load %[[BODYSLOT]][]
    // CHECK-NEXT: arith.constant 1 : i64
    // CHECK-NEXT: %[[B1:.*]] = arith.addi %[[B]],
    // CHECK-NEXT: memref.store %[[B1]], %[[BODYSLOT]][]
    %k = arith.addi %j, %c1 : i32
    scf.yield %k : i32
  }
  // CHECK: %[[RAN:.*]] = memref.load %[[BODYSLOT]][]
  // CHECK-NEXT: %[[WRAN:.*]] = arith.extui %[[RAN]] : i64 to i128
  // CHECK-NEXT: %[[OK:.*]] = arith.cmpi eq, %[[WRAN]], %[[BODY]] : i128
  // CHECK-NEXT: cf.assert %[[OK]], "loom claim violated: scf.while runs its body exactly max(0, %arg0) times per entry at {{.*}}check-claims-counts.mlir:[[#@LINE-16]]:8"
  // CHECK-NEXT: %[[RANC:.*]] = memref.load %[[CONDSLOT]][]
  // CHECK-NEXT: %[[WRANC:.*]] = arith.extui %[[RANC]] : i64 to i128
  // CHECK-NEXT: %[[OKC:.*]] = arith.cmpi eq, %[[WRANC]], %[[COND]] : i128
  // CHECK-NEXT: cf.assert %[[OKC]], "loom claim violated: scf.while runs its condition exactly max(0, %arg0) + 1 times per entry at {{.*}}check-claims-counts.mlir:[[#@LINE-20]]:8"
  // CHECK: cf.assert %{{.*}}, "loom claim violated: scf.while is entered 1 times per call of its function at {{.*}}:[[#@LINE-21]]:8"
  // CHECK: cf.assert %{{.*}}, "loom claim violated: scf.while runs its body max(0, %arg0) times per call of its function at {{.*}}:[[#@LINE-22]]:8"
  // CHECK: %[[TC:.*]] = arith.addi %{{.*}}, %{{.*}} : i128
  // CHECK-NEXT: %[[TRAN:.*]] = memref.load %[[TSLOT:alloca[_0-9]*]][]
  // CHECK-NEXT: %[[WTRAN:.*]] = arith.extui %[[TRAN]] : i64 to i128
  // CHECK-NEXT: %[[TOK:.*]] = arith.cmpi eq, %[[WTRAN]], %[[TC]] : i128
  // CHECK-NEXT: cf.assert %[[TOK]], "loom claim violated: scf.while runs its condition max(0, %arg0) + 1 times per call of its function at {{.*}}:[[#@LINE-27]]:8"
  // CHECK: cf.assert %{{.*}}, "loom claim violated: scf.while exits with its counter (its result 0) at max(0, %arg0) at {{.*}}:[[#@LINE-28]]:8"
  // CHECK-NEXT: return
  return %r : i32
}

// -----

// An early exit makes the count an upper bound: `<=`.
// CHECK-LABEL: func.func @early(
func.func @early(%m: memref<8xi32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i32
  %r = loom.scope token(%s) -> (index) {
    // CHECK: %[[EIGHT:.*]] = arith.constant 8 : i128
    // CHECK: loom.for
    loom.for %i = %c0 to %c8 step %c1 token(%t) {
      %x = memref.load %m[%i] : memref<8xi32>
      %hit = arith.cmpi eq, %x, %z : i32
      loom.if %hit { loom.break %t }
    }
    // CHECK: %[[RAN:.*]] = arith.extui
    // CHECK-NEXT: %[[OK:.*]] = arith.cmpi sle, %[[RAN]], %[[EIGHT]] : i128
    // CHECK-NEXT: cf.assert %[[OK]], "loom claim violated: loom.for runs its body at most 8 times per entry at {{.*}}:[[#@LINE-7]]:5"
    loom.yield %c8 : index
  }
  return %r : index
}

// -----

// A counted loom.loop: its condition runs to its guard, its body after it.
// CHECK-LABEL: func.func @guarded(
func.func @guarded(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: loom.loop
  // CHECK-NEXT: memref.load %[[COND:alloca[_0-9]*]][]
  // CHECK: memref.store %{{.*}}, %[[COND]][]
  // CHECK-NEXT: memref.load %[[CONDTOTAL:alloca[_0-9]*]][]
  // CHECK: memref.store %{{.*}}, %[[CONDTOTAL]][]
  // CHECK: cf.assert %{{.*}}, "loom claim violated: loom.loop runs its condition with its counter in
  // CHECK: arith.cmpi sge
  // CHECK-NEXT: loom.if
  // CHECK: }
  // CHECK-NEXT: memref.load %[[BODY:alloca[_0-9]*]][]
  // CHECK: memref.store %{{.*}}, %[[BODY]][]
  // CHECK: arith.addi %{{.*}}, %{{.*}} : i32
  // CHECK-NEXT: loom.continue
  %r = loom.loop token(%t) iter_args(%i = %c0) : (i32) -> i32 {
    %done = arith.cmpi sge, %i, %n : i32
    loom.if %done { loom.break %t, %i : i32 }
    %k = arith.addi %i, %c1 : i32
    loom.continue %t, %k : i32
  }
  // CHECK: "loom claim violated: loom.loop runs its body exactly max(0, %arg0) times per entry
  // CHECK: "loom claim violated: loom.loop runs its condition exactly max(0, %arg0) + 1 times per entry
  // CHECK: "loom claim violated: loom.loop runs its condition max(0, %arg0) + 1 times per call of its function
  return %r : i32
}

// -----

// Near miss: a loop whose count is unknown gets no count check (only its
// entries, once per call, are claimed and checked).
// CHECK-LABEL: func.func @unknown(
func.func @unknown(%x: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  // CHECK-NOT: runs its
  // CHECK: "loom claim violated: scf.while is entered 1 times per call of its function
  // CHECK-NOT: runs its
  %r = scf.while (%i = %x) : (i32) -> i32 {
    %go = arith.cmpi slt, %i, %c0 : i32
    scf.condition(%go) %i : i32
  } do {
  ^bb0(%j: i32):
    %k = arith.muli %j, %j : i32
    scf.yield %k : i32
  }
  return %r : i32
}
