// loom-lower-to-fixed-bound: each loom loop becomes an scf.for with a
// constant trip count carrying its state (running flag or outcome code) and
// slots; the body runs under `scf.if` on the state; results are selected.
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-fixed-bound)' | FileCheck %s
// The result is pure upstream IR that Debian's mlir-opt reads and verifies:
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-fixed-bound)' | %mlir-opt --split-input-file | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: loom
// Every loop has a constant trip count and every branch is on a flag, decides
// an exit or is data-independent (testkit/src/difftest/fixed_bound_check.rs):
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-fixed-bound)' | %loom-difftest --check-fixed-bound - | FileCheck %s --check-prefix=OBLIVIOUS
// OBLIVIOUS: fixed-bound check: 8 loops, all with constant bounds; every branch is on a flag, decides an exit or is data-independent
// loom-lower-to-scf's output fails that check (its loops are scf.while):
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf)' | not %loom-difftest --check-fixed-bound - | FileCheck %s --check-prefix=WHILE
// WHILE: scf.while: not allowed in fixed-bound output

// A loom.for whose bound the facts prove (at most 8 body runs: a break may
// end it sooner). The state is an i1, true while running; the body runs
// under it and under `iv < ub`, with iv = lb + k * step; after the loop, a
// loop still running ended by `iv >= ub` with its iteration arguments.
// CHECK-LABEL: func.func @sum_until_negative(
//  CHECK-SAME:     %[[A:.*]]: memref<8xi32>)
//   CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
//   CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : index
//   CHECK-DAG:   %[[C8:.*]] = arith.constant 8 : index
//   CHECK-DAG:   %[[Z:.*]] = arith.constant 0 : i32
//   CHECK-DAG:   %[[TRUE:.*]] = arith.constant true
//   CHECK-DAG:   %[[P:.*]] = ub.poison : i32
//   CHECK-DAG:   %[[K0:.*]] = arith.constant 0 : index
//   CHECK-DAG:   %[[N:.*]] = arith.constant 8 : index
//   CHECK-DAG:   %[[K1:.*]] = arith.constant 1 : index
//       CHECK:   %[[L:.*]]:3 = scf.for %[[K:.*]] = %[[K0]] to %[[N]] step %[[K1]] iter_args(%[[GO:.*]] = %[[TRUE]], %[[S:.*]] = %[[Z]], %[[RES:.*]] = %[[P]]) -> (i1, i32, i32) {
//  CHECK-NEXT:     %[[G:.*]]:3 = scf.if %[[GO]] -> (i1, i32, i32) {
//  CHECK-NEXT:       %[[OFF:.*]] = arith.muli %[[K]], %[[C1]] : index
//  CHECK-NEXT:       %[[IV:.*]] = arith.addi %[[C0]], %[[OFF]] : index
//  CHECK-NEXT:       %[[IN:.*]] = arith.cmpi slt, %[[IV]], %[[C8]] : index
//  CHECK-NEXT:       %[[O:.*]]:3 = scf.if %[[IN]] -> (i1, i32, i32) {
//  CHECK-NEXT:         %[[X:.*]] = memref.load %[[A]][%[[IV]]] : memref<8xi32>
// The loom.if's break is an exit decision; the rest runs under its state.
//  CHECK-NEXT:         %[[NEG:.*]] = arith.cmpi slt, %[[X]], %[[Z]] : i32
//  CHECK-NEXT:         %[[B:.*]]:2 = scf.if %[[NEG]] -> (i1, i32) {
//  CHECK-NEXT:           %[[F:.*]] = arith.constant false
//  CHECK-NEXT:           scf.yield %[[F]], %[[S]] : i1, i32
//  CHECK-NEXT:         } else {
//  CHECK-NEXT:           %[[T:.*]] = arith.constant true
//  CHECK-NEXT:           %[[Q:.*]] = ub.poison : i32
//  CHECK-NEXT:           scf.yield %[[T]], %[[Q]] : i1, i32
//  CHECK-NEXT:         }
//  CHECK-NEXT:         %[[REST:.*]]:3 = scf.if %[[B]]#0 -> (i1, i32, i32) {
//  CHECK-NEXT:           %[[S1:.*]] = arith.addi %[[S]], %[[X]] : i32
//  CHECK-NEXT:           %[[T:.*]] = arith.constant true
//  CHECK-NEXT:           %[[Q:.*]] = ub.poison : i32
//  CHECK-NEXT:           scf.yield %[[T]], %[[S1]], %[[Q]] : i1, i32, i32
//  CHECK-NEXT:         } else {
//  CHECK-NEXT:           %[[F:.*]] = arith.constant false
//  CHECK-NEXT:           %[[Q:.*]] = ub.poison : i32
//  CHECK-NEXT:           scf.yield %[[F]], %[[Q]], %[[B]]#1 : i1, i32, i32
//  CHECK-NEXT:         }
//  CHECK-NEXT:         scf.yield %[[REST]]#0, %[[REST]]#1, %[[REST]]#2 : i1, i32, i32
// iv >= ub: the loop ends with its iteration arguments as results.
//  CHECK-NEXT:       } else {
//  CHECK-NEXT:         %[[F:.*]] = arith.constant false
//  CHECK-NEXT:         %[[Q:.*]] = ub.poison : i32
//  CHECK-NEXT:         scf.yield %[[F]], %[[Q]], %[[S]] : i1, i32, i32
//  CHECK-NEXT:       }
//  CHECK-NEXT:       scf.yield %[[O]]#0, %[[O]]#1, %[[O]]#2 : i1, i32, i32
//  CHECK-NEXT:     } else {
//  CHECK-NEXT:       scf.yield %[[GO]], %[[S]], %[[RES]] : i1, i32, i32
//  CHECK-NEXT:     }
//  CHECK-NEXT:     scf.yield %[[G]]#0, %[[G]]#1, %[[G]]#2 : i1, i32, i32
//  CHECK-NEXT:   }
// Still running after 8 iterations: ended by iv >= ub.
//       CHECK:   %[[R:.*]] = arith.select %[[L]]#0, %[[L]]#1, %[[L]]#2 : i32
//  CHECK-NEXT:   return %[[R]] : i32
func.func @sum_until_negative(%a: memref<8xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %z = arith.constant 0 : i32
  %r = loom.for %i = %c0 to %c8 step %c1 token(%t) iter_args(%s = %z) -> (i32) {
    %x = memref.load %a[%i] : memref<8xi32>
    %neg = arith.cmpi slt, %x, %z : i32
    loom.if %neg { loom.break %t, %s : i32 }
    %s1 = arith.addi %s, %x : i32
    loom.yield %s1 : i32
  }
  return %r : i32
}

// -----

// A counted loom.loop: the facts prove 10 passes of its guard, so its body
// runs 11 times (the last one breaks). No select after it: a loom.loop's
// results are those of its break.
// CHECK-LABEL: func.func @count(
//       CHECK:   %[[N:.*]] = arith.constant 11 : index
//       CHECK:   %[[L:.*]]:3 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[GO:.*]] = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (i1, i32, i32) {
//  CHECK-NEXT:     %{{.*}}:3 = scf.if %[[GO]] -> (i1, i32, i32) {
//       CHECK:   return %[[L]]#2 : i32
func.func @count() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %r = loom.loop token(%t) iter_args(%i = %c0) : (i32) -> (i32) {
    %d = arith.cmpi sge, %i, %c10 : i32
    loom.if %d { loom.break %t, %i : i32 }
    %i1 = arith.addi %i, %c1 : i32
    loom.continue %t, %i1 : i32
  }
  return %r : i32
}

// -----

// The user's bound: loom.max_trips = 5 on a loop the facts cannot count.
// With check-trips, the lowering asserts after the loop that it was done.
// CHECK-LABEL: func.func @user_bound(
//       CHECK:   %[[N:.*]] = arith.constant 5 : index
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %[[N]] step
//   CHECK-NOT:   cf.assert
//       CHECK:   return
func.func @user_bound(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = loom.loop token(%t) iter_args(%i = %c0) : (i32) -> (i32) {
    %sq = arith.muli %i, %i : i32
    %d = arith.cmpi sge, %sq, %n : i32
    loom.if %d { loom.break %t, %i : i32 }
    %i1 = arith.addi %i, %c1 : i32
    loom.continue %t, %i1 : i32
  } {loom.max_trips = 5 : i64}
  return %r : i32
}

// -----

// Three outcomes of an inner loop (its break, a break and a continue of the
// outer loop) take an i32 code; the rest of the outer body runs under
// `scf.if` on "the inner loop ended normally". A loom.loop that no continue
// targets (@once) is inlined: no loop, no bound.
// CHECK-LABEL: func.func @nested(
//       CHECK:   scf.for {{.*}} -> (i1, i32, i32) {
//       CHECK:     %[[IN:.*]]:5 = scf.for {{.*}} -> (i32, i32, i32, i32, i32) {
//       CHECK:     %[[NORMAL:.*]] = arith.cmpi eq, %[[IN]]#0, %{{.*}} : i32
//  CHECK-NEXT:     scf.if %[[NORMAL]] -> (i1, i32, i32) {
//  CHECK-NEXT:       arith.constant 0 : index
//  CHECK-NEXT:       memref.store %[[IN]]#2
//       CHECK:   return
func.func @nested(%m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %r = loom.loop token(%outer) iter_args(%i = %c0) : (i32) -> (i32) {
    %stop = arith.cmpi sge, %i, %c4 : i32
    loom.if %stop { loom.break %outer, %i : i32 }
    %i1 = arith.addi %i, %c1 : i32
    %j = loom.loop token(%in) iter_args(%j = %c0) : (i32) -> (i32) {
      %ix = arith.index_cast %j : i32 to index
      %v = memref.load %m[%ix] : memref<4xi32>
      %once = loom.loop token(%o) -> (i1) {
        %big = arith.cmpi sgt, %v, %c3 : i32
        loom.break %o, %big : i1
      }
      loom.if %once { loom.continue %outer, %i1 : i32 }
      %neg = arith.cmpi slt, %v, %c0 : i32
      loom.if %neg { loom.break %outer, %j : i32 }
      %j1 = arith.addi %j, %c1 : i32
      %jend = arith.cmpi sge, %j1, %c3 : i32
      loom.if %jend { loom.break %in, %j1 : i32 }
      loom.continue %in, %j1 : i32
    } {loom.max_trips = 3 : i64}
    %x0 = arith.constant 0 : index
    memref.store %j, %m[%x0] : memref<4xi32>
    loom.continue %outer, %i1 : i32
  } {loom.max_trips = 5 : i64}
  return %r : i32
}

// -----

// A loom.for over i8 with a user bound: the induction value is computed in
// i8 from the iteration number.
// CHECK-LABEL: func.func @narrow(
//       CHECK:   scf.for %[[K:.*]] = {{.*}} iter_args
//       CHECK:     %[[KI:.*]] = arith.index_cast %[[K]] : index to i8
//       CHECK:     %[[OFF:.*]] = arith.muli %[[KI]], %{{.*}} : i8
//       CHECK:     %[[IV:.*]] = arith.addi %{{.*}}, %[[OFF]] : i8
//       CHECK:     arith.cmpi slt, %[[IV]], %{{.*}} : i8
func.func @narrow(%lo: i8, %hi: i8) -> i8 {
  %c3 = arith.constant 3 : i8
  %z = arith.constant 0 : i8
  %r = loom.for %i = %lo to %hi step %c3 token(%t) iter_args(%s = %z) -> (i8) : i8 {
    %s1 = arith.addi %s, %i : i8
    loom.yield %s1 : i8
  } {loom.max_trips = 4 : i64}
  return %r : i8
}

// -----

// A loom.scope inside a loop: its break ends the scope, a continue from it
// is an escape of the scope carried to the loop.
// CHECK-LABEL: func.func @scope_in_loop(
//       CHECK:   scf.for
//   CHECK-NOT:   loom.
//       CHECK:   return
func.func @scope_in_loop(%m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %r = loom.for %i = %c0 to %c4 step %c1 token(%t) iter_args(%s = %z) -> (i32) {
    %v = memref.load %m[%i] : memref<4xi32>
    %a = loom.scope token(%sc) -> (i32) {
      %neg = arith.cmpi slt, %v, %z : i32
      loom.if %neg { loom.continue %t, %s : i32 }
      %zero = arith.cmpi eq, %v, %z : i32
      loom.if %zero { loom.break %sc, %s : i32 }
      %s1 = arith.addi %s, %v : i32
      loom.yield %s1 : i32
    }
    loom.yield %a : i32
  }
  return %r : i32
}

// -----

// A `loom.proven_max_trips` already in the input is not a proof: the pass
// derives its own (11 runs of this counted loop's body), not the 2 written
// here by hand.
// CHECK-LABEL: func.func @stale_proven_bound(
//       CHECK:   %[[N:.*]] = arith.constant 11 : index
//       CHECK:   scf.for %{{.*}} = %{{.*}} to %[[N]] step
//   CHECK-NOT:   loom.proven_max_trips
//       CHECK:   return
func.func @stale_proven_bound() -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %r = loom.loop token(%t) iter_args(%i = %c0) : (i32) -> (i32) {
    %d = arith.cmpi sge, %i, %c10 : i32
    loom.if %d { loom.break %t, %i : i32 }
    %i1 = arith.addi %i, %c1 : i32
    loom.continue %t, %i1 : i32
  } {loom.proven_max_trips = 2 : i64}
  return %r : i32
}
