// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-scf)' | FileCheck %s
// The result is pure upstream IR: Debian's mlir-opt without the plugin reads
// and verifies it.
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-scf)' | %mlir-opt --split-input-file | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: loom

// A loom.scope nothing breaks needs nothing: its body is inlined.
// CHECK-LABEL: func.func @scope_without_break(
//  CHECK-SAME:     %[[A:.*]]: i32)
//  CHECK-NEXT:   %[[B:.*]] = arith.addi %[[A]], %[[A]] : i32
//  CHECK-NEXT:   return %[[B]] : i32
func.func @scope_without_break(%a: i32) -> i32 {
  %r = loom.scope token(%s) -> (i32) {
    %b = arith.addi %a, %a : i32
    loom.yield %b : i32
  }
  return %r : i32
}

// -----

// A loom.if nothing leaves is an scf.if with the same results.
// CHECK-LABEL: func.func @plain_if(
//  CHECK-SAME:     %[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
//  CHECK-NEXT:   %[[R:.*]] = scf.if %[[C]] -> (i32) {
//  CHECK-NEXT:     scf.yield %[[A]] : i32
//  CHECK-NEXT:   } else {
//  CHECK-NEXT:     scf.yield %[[B]] : i32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[R]] : i32
func.func @plain_if(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = loom.if %c -> (i32) {
    loom.yield %a : i32
  } else {
    loom.yield %b : i32
  }
  return %r : i32
}

// -----

// A loom.for nothing breaks or leaves is a plain scf.for, even when it has
// continues (they end the iteration like its yield). The code after the
// exiting loom.if is sunk into its else branch: no flag says whether it runs.
// CHECK-LABEL: func.func @for_without_break(
//  CHECK-SAME:     %[[LB:[^:]*]]: index, %[[UB:[^:]*]]: index, %[[S:[^:]*]]: index, %[[X:[^:]*]]: i32, %[[C:[^:]*]]: i1)
//   CHECK-NOT:   scf.while
//       CHECK:   %[[R:.*]] = scf.for %{{.*}} = %[[LB]] to %[[UB]] step %[[S]] iter_args(%[[ACC:.*]] = %[[X]]) -> (i32) {
//  CHECK-NEXT:     %[[G:.*]] = scf.if %[[C]] -> (i32) {
//  CHECK-NEXT:       scf.yield %[[ACC]] : i32
//  CHECK-NEXT:     } else {
//  CHECK-NEXT:       %[[A:.*]] = arith.addi %[[ACC]], %[[ACC]]
//  CHECK-NEXT:       scf.yield %[[A]] : i32
//  CHECK-NEXT:     }
//  CHECK-NEXT:     scf.yield %[[G]] : i32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[R]] : i32
func.func @for_without_break(%lb: index, %ub: index, %s: index, %x: i32, %c: i1) -> i32 {
  %r = loom.for %i = %lb to %ub step %s token(%t) iter_args(%acc = %x) -> (i32) {
    loom.if %c { loom.continue %t, %acc : i32 }
    %a = arith.addi %acc, %acc : i32
    loom.yield %a : i32
  }
  return %r : i32
}

// -----

// A loom.for with a break is an scf.while carrying only the induction
// variable and the iteration arguments; the bounds test guards the body,
// whose code after the exiting loom.if is sunk into the if's else branch.
// CHECK-LABEL: func.func @for_with_break(
//  CHECK-SAME:     %[[LB:[^:]*]]: index, %[[UB:[^:]*]]: index, %[[S:[^:]*]]: index, %[[X:[^:]*]]: i32)
//       CHECK:   %[[W:.*]]:3 = scf.while (%[[IV:.*]] = %[[LB]], %[[ACC:.*]] = %[[X]]) : (index, i32) -> (index, i32, i32) {
//       CHECK:     %[[IN:.*]] = arith.cmpi slt, %[[IV]], %[[UB]] : index
//       CHECK:     %[[P:.*]]:3 = scf.if %[[IN]] -> (i1, i32, i32) {
//  CHECK-NEXT:       %[[GT:.*]] = arith.cmpi sgt, %[[ACC]], %[[X]]
//  CHECK-NEXT:       %[[Q:.*]]:3 = scf.if %[[GT]] -> (i1, i32, i32) {
//       CHECK:         scf.yield %false{{.*}}, %{{.*}}, %[[ACC]] : i1, i32, i32
//  CHECK-NEXT:       } else {
//  CHECK-NEXT:         %[[A:.*]] = arith.addi %[[ACC]], %[[ACC]]
//       CHECK:         scf.yield %true{{.*}}, %[[A]], %{{.*}} : i1, i32, i32
//  CHECK-NEXT:       }
//  CHECK-NEXT:       scf.yield %[[Q]]#0, %[[Q]]#1, %[[Q]]#2 : i1, i32, i32
//  CHECK-NEXT:     } else {
// The bounds test fails: leave with the iteration arguments as results.
//       CHECK:       scf.yield %false{{.*}}, %{{.*}}, %[[ACC]] : i1, i32, i32
//  CHECK-NEXT:     }
//  CHECK-NEXT:     scf.condition(%[[P]]#0) %[[IV]], %[[P]]#1, %[[P]]#2 : index, i32, i32
//       CHECK:   } do {
//       CHECK:   ^bb0(%[[IV2:.*]]: index, %[[NEXT:.*]]: i32, %{{.*}}: i32):
//       CHECK:     %[[IV3:.*]] = arith.addi %[[IV2]], %[[S]] : index
//       CHECK:     scf.yield %[[IV3]], %[[NEXT]] : index, i32
//       CHECK:   }
//       CHECK:   return %[[W]]#2 : i32
func.func @for_with_break(%lb: index, %ub: index, %s: index, %x: i32) -> i32 {
  %r = loom.for %i = %lb to %ub step %s token(%t) iter_args(%acc = %x) -> (i32) {
    %c = arith.cmpi sgt, %acc, %x : i32
    loom.if %c { loom.break %t, %acc : i32 }
    %a = arith.addi %acc, %acc : i32
    loom.yield %a : i32
  }
  return %r : i32
}

// -----

// loom.loop whose exits are direct breaks in top-level loom.ifs: an
// scf.while with an i1 "continue" condition; only the iteration argument is
// loop-carried; the code after the exiting if is sunk into its else branch
// (no flag, no second if). The continue's `%i + 1` (pure, only used there)
// is computed in the "after" region from the forwarded %i.
// CHECK-LABEL: func.func @loop(
//  CHECK-SAME:     %[[N:.*]]: i32)
//       CHECK:   %[[C1:.*]] = arith.constant 1 : i32
//       CHECK:   %[[W:.*]]:2 = scf.while (%[[I:.*]] = %{{.*}}) : (i32) -> (i32, i32) {
//  CHECK-NEXT:     %[[DONE:.*]] = arith.cmpi sge, %[[I]], %[[N]] : i32
//  CHECK-NEXT:     %[[F:.*]]:3 = scf.if %[[DONE]] -> (i1, i32, i32) {
//       CHECK:       scf.yield %false{{.*}}, %{{.*}}, %[[I]] : i1, i32, i32
//  CHECK-NEXT:     } else {
//   CHECK-NOT:       arith.addi
//       CHECK:       scf.yield %true{{.*}}, %[[I]], %{{.*}} : i1, i32, i32
//  CHECK-NEXT:     }
//  CHECK-NEXT:     scf.condition(%[[F]]#0) %[[F]]#1, %[[F]]#2 : i32, i32
//  CHECK-NEXT:   } do {
//  CHECK-NEXT:   ^bb0(%[[NEXT:.*]]: i32, %{{.*}}: i32):
//  CHECK-NEXT:     %[[I1:.*]] = arith.addi %[[NEXT]], %[[C1]] : i32
//  CHECK-NEXT:     scf.yield %[[I1]] : i32
//  CHECK-NEXT:   }
//  CHECK-NEXT:   return %[[W]]#1 : i32
func.func @loop(%n: i32) -> i32 {
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

// -----

// Minimality across levels: the outer loom.for is not left by anything, so it
// stays an scf.for with no flag and no extra result, although the loom.loop
// inside it has breaks.
// CHECK-LABEL: func.func @only_inner_exits(
//       CHECK:   %[[R:.*]] = scf.for {{.*}} -> (i32) : i32 {
//       CHECK:     %[[W:.*]]:2 = scf.while
//       CHECK:     scf.yield %[[W]]#1 : i32
//       CHECK:   }
//       CHECK:   return %[[R]] : i32
func.func @only_inner_exits(%c: i1, %n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = loom.for %i = %c0 to %n step %c1 token(%o) iter_args(%acc = %c0) -> (i32) : i32 {
    %v = loom.loop token(%t) iter_args(%a = %acc) : (i32) -> (i32) {
      loom.if %c { loom.break %t, %a : i32 }
      %a1 = arith.addi %a, %c1 : i32
      loom.continue %t, %a1 : i32
    }
    loom.yield %v : i32
  }
  return %r : i32
}

// -----

// A loom.loop nothing continues runs once: it is inlined like a scope.
// CHECK-LABEL: func.func @loop_once(
//  CHECK-SAME:     %[[X:.*]]: i32)
//  CHECK-NEXT:   %[[D:.*]] = arith.muli %[[X]], %[[X]] : i32
//  CHECK-NEXT:   return %[[D]] : i32
func.func @loop_once(%x: i32) -> i32 {
  %r = loom.loop token(%t) iter_args(%a = %x) : (i32) -> (i32) {
    %d = arith.muli %a, %a : i32
    loom.break %t, %d : i32
  }
  return %r : i32
}

// -----

// Three ways to leave the inner loop (its own break, a break and a continue
// of the outer loop): its state is an i32 outcome code, and the outer loop's
// body turns it back into its own i1 "continue" condition.
// CHECK-LABEL: func.func @three_outcomes(
//       CHECK:   scf.while
//       CHECK:     scf.while
//       CHECK:       scf.condition(%{{.*}}) %{{.*}} : i32, i32, i32
//       CHECK:     } do {
//       CHECK:     %[[CODE:.*]] = arith.cmpi eq, %{{.*}}#0, %{{.*}} : i32
//       CHECK:     scf.if %[[CODE]] -> (i1, i32, i32)
//       CHECK:     arith.select
//       CHECK:     scf.condition
func.func @three_outcomes(%c: i1, %d: i1, %x: i32) -> i32 {
  %r = loom.loop token(%l1) iter_args(%i = %x) : (i32) -> (i32) {
    loom.loop token(%l2) iter_args(%j = %i) : (i32) -> () {
      loom.if %c { loom.break %l1, %j : i32 }
      loom.if %d { loom.continue %l1, %j : i32 }
      %e = arith.cmpi eq, %j, %x : i32
      loom.if %e { loom.break %l2 }
      loom.continue %l2, %j : i32
    }
    loom.continue %l1, %i : i32
  }
  return %r : i32
}

// -----

// Loom ops inside scf ops are lowered in place; the scf ops are unchanged.
// CHECK-LABEL: func.func @in_scf_for(
//       CHECK:   scf.for
//       CHECK:     scf.while
//       CHECK:     scf.yield
//   CHECK-NOT:   loom
func.func @in_scf_for(%lb: index, %ub: index, %s: index, %c: i1, %x: i32) -> i32 {
  %r = scf.for %i = %lb to %ub step %s iter_args(%acc = %x) -> (i32) {
    %v = loom.loop token(%t) iter_args(%a = %acc) : (i32) -> (i32) {
      loom.if %c { loom.break %t, %a : i32 }
      loom.continue %t, %a : i32
    }
    scf.yield %v : i32
  }
  return %r : i32
}

// -----

// A loom.if with a result whose then branch exits: the code using the result
// is sunk into the else branch, where the yielded value replaces the result.
// CHECK-LABEL: func.func @if_result_sunk(
//  CHECK-SAME:     %[[C:.*]]: i1, %[[X:.*]]: i32, %[[N:.*]]: i32)
//       CHECK:   scf.while (%[[I:.*]] = %[[X]]) : (i32) -> (i32, i32) {
//  CHECK-NEXT:     %[[F:.*]]:3 = scf.if %[[C]] -> (i1, i32, i32) {
//       CHECK:       scf.yield %false{{.*}}, %{{.*}}, %[[I]] : i1, i32, i32
//  CHECK-NEXT:     } else {
//  CHECK-NEXT:       %[[D:.*]] = arith.muli %[[I]], %[[I]] : i32
//  CHECK-NEXT:       %[[E:.*]] = arith.cmpi sge, %[[D]], %[[N]] : i32
//  CHECK-NEXT:       %[[G:.*]]:3 = scf.if %[[E]] -> (i1, i32, i32) {
//       CHECK:         scf.yield %false{{.*}}, %{{.*}}, %[[D]] : i1, i32, i32
//  CHECK-NEXT:       } else {
//       CHECK:         scf.yield %true{{.*}}, %[[D]], %{{.*}} : i1, i32, i32
//  CHECK-NEXT:       }
//  CHECK-NEXT:       scf.yield %[[G]]#0, %[[G]]#1, %[[G]]#2 : i1, i32, i32
//  CHECK-NEXT:     }
//  CHECK-NEXT:     scf.condition(%[[F]]#0) %[[F]]#1, %[[F]]#2 : i32, i32
func.func @if_result_sunk(%c: i1, %x: i32, %n: i32) -> i32 {
  %r = loom.loop token(%t) iter_args(%i = %x) : (i32) -> (i32) {
    %v = loom.if %c -> (i32) {
      loom.break %t, %i : i32
    } else {
      %d = arith.muli %i, %i : i32
      loom.yield %d : i32
    }
    %e = arith.cmpi sge, %v, %n : i32
    loom.if %e { loom.break %t, %v : i32 }
    loom.continue %t, %v : i32
  }
  return %r : i32
}

// -----

// Both branches exit: what follows the loom.if can never run and is dropped
// (no guard, no multiplication in the output).
// CHECK-LABEL: func.func @both_branches_exit(
//  CHECK-SAME:     %[[C:.*]]: i1, %[[X:.*]]: i32)
//       CHECK:   scf.while (%[[I:.*]] = %[[X]]) : (i32) -> (i32, i32) {
//  CHECK-NEXT:     %[[F:.*]]:3 = scf.if %[[C]] -> (i1, i32, i32) {
//       CHECK:       scf.yield %false{{.*}}, %{{.*}}, %[[I]] : i1, i32, i32
//  CHECK-NEXT:     } else {
//       CHECK:       scf.yield %true{{.*}}, %[[I]], %{{.*}} : i1, i32, i32
//  CHECK-NEXT:     }
//  CHECK-NEXT:     scf.condition(%[[F]]#0) %[[F]]#1, %[[F]]#2 : i32, i32
//   CHECK-NOT:   arith.muli
//       CHECK:   return
func.func @both_branches_exit(%c: i1, %x: i32) -> i32 {
  %r = loom.loop token(%t) iter_args(%i = %x) : (i32) -> (i32) {
    %v = loom.if %c -> (i32) {
      loom.break %t, %i : i32
    } else {
      loom.continue %t, %i : i32
    }
    %d = arith.muli %v, %v : i32
    loom.continue %t, %d : i32
  }
  return %r : i32
}

// -----

// A loom.scope nothing breaks is inlined in place even when an exit of an
// enclosing loop leaves it: no state of its own, no guard after it.
// CHECK-LABEL: func.func @scope_left_by_outer_exit(
//  CHECK-SAME:     %[[C:.*]]: i1, %[[X:.*]]: i32)
//       CHECK:   scf.while (%[[I:.*]] = %[[X]]) : (i32) -> (i32, i32) {
//  CHECK-NEXT:     %[[F:.*]]:3 = scf.if %[[C]] -> (i1, i32, i32) {
//       CHECK:       scf.yield %false{{.*}}, %{{.*}}, %[[I]] : i1, i32, i32
//  CHECK-NEXT:     } else {
//  CHECK-NEXT:       %[[D:.*]] = arith.muli %[[I]], %[[I]] : i32
//  CHECK-NEXT:       %[[E:.*]] = arith.addi %[[D]], %[[I]] : i32
//       CHECK:       scf.yield %true{{.*}}, %[[E]], %{{.*}} : i1, i32, i32
//  CHECK-NEXT:     }
//  CHECK-NEXT:     scf.condition(%[[F]]#0) %[[F]]#1, %[[F]]#2 : i32, i32
func.func @scope_left_by_outer_exit(%c: i1, %x: i32) -> i32 {
  %r = loom.loop token(%t) iter_args(%i = %x) : (i32) -> (i32) {
    %s = loom.scope token(%u) -> (i32) {
      loom.if %c { loom.break %t, %i : i32 }
      %d = arith.muli %i, %i : i32
      loom.yield %d : i32
    }
    %e = arith.addi %s, %i : i32
    loom.continue %t, %e : i32
  }
  return %r : i32
}

// -----

// The increment stays in the body when two continues use it (moving it to
// the "after" region is only done for a loop's single continue).
// CHECK-LABEL: func.func @shared_increment_stays(
//       CHECK:   scf.while (%[[I:.*]] = %{{.*}}) : (i32) -> (i32, i32) {
//       CHECK:       %[[I1:.*]] = arith.addi %[[I]], %{{.*}} : i32
//       CHECK:   } do {
//  CHECK-NEXT:   ^bb0(%[[NEXT:.*]]: i32, %{{.*}}: i32):
//  CHECK-NEXT:     scf.yield %[[NEXT]] : i32
//  CHECK-NEXT:   }
func.func @shared_increment_stays(%c: i1, %d: i1, %x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %r = loom.loop token(%t) iter_args(%i = %x) : (i32) -> (i32) {
    loom.if %c { loom.break %t, %i : i32 }
    %i1 = arith.addi %i, %c1 : i32
    loom.if %d { loom.continue %t, %i1 : i32 }
    loom.continue %t, %i1 : i32
  }
  return %r : i32
}

// -----

// A loom.for with a break and no iteration arguments (its single
// continue-outcome exit, the yield, forwards nothing).
// CHECK-LABEL: func.func @for_break_without_values(
//       CHECK:   scf.while (%[[IV:.*]] = %{{.*}}) : (index) -> index {
//       CHECK:     scf.condition(%{{.*}}) %[[IV]] : index
//       CHECK:   } do {
//  CHECK-NEXT:   ^bb0(%[[IV2:.*]]: index):
//  CHECK-NEXT:     %[[NEXT:.*]] = arith.addi %[[IV2]], %{{.*}} : index
//  CHECK-NEXT:     scf.yield %[[NEXT]] : index
func.func @for_break_without_values(%c: i1, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  loom.for %i = %c0 to %n step %c1 token(%t) {
    loom.if %c { loom.break %t }
    loom.yield
  }
  return
}

// -----

// A memref exit slot with no memref of its type at hand on the path that
// does not take the exit (the break forwards a buffer made in its branch):
// it holds a zero-element stack buffer, made once per function and type at
// the function's entry and viewed as the slot's type (never ub.poison,
// whose pointer deallocation would read and free).
// CHECK-LABEL: func.func @memref_made_in_branch(
// CHECK-NEXT: %[[BUF:.*]] = memref.alloca() : memref<0xi32>
// CHECK-NEXT: %[[EMPTY:.*]] = memref.reinterpret_cast %[[BUF]] to offset: [0], sizes: [7], strides: [1] : memref<0xi32> to memref<7xi32>
// CHECK-NOT: memref.alloca
// CHECK: scf.while
// CHECK: memref.alloc() : memref<7xi32>
// CHECK: scf.yield %true, %{{.*}}, %[[EMPTY]] : i1, i32, memref<7xi32>
// CHECK-NOT: ub.poison : memref
// CHECK: return
func.func @memref_made_in_branch(%n: i32) -> (memref<7xi32>, memref<7xi32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r = loom.loop token(%t) iter_args(%k = %c0) : (i32) -> (memref<7xi32>) {
    %done = arith.cmpi sge, %k, %n : i32
    loom.if %done {
      %m = memref.alloc() : memref<7xi32>
      loom.break %t, %m : memref<7xi32>
    }
    %k1 = arith.addi %k, %c1 : i32
    loom.continue %t, %k1 : i32
  }
  %s = loom.loop token(%u) iter_args(%k = %c0) : (i32) -> (memref<7xi32>) {
    %done = arith.cmpi sge, %k, %n : i32
    loom.if %done {
      %m = memref.alloc() : memref<7xi32>
      loom.break %u, %m : memref<7xi32>
    }
    %k1 = arith.addi %k, %c1 : i32
    loom.continue %u, %k1 : i32
  }
  return %r, %s : memref<7xi32>, memref<7xi32>
}

// -----

// Dynamic sizes, strides and offset are 0 in the view; an unranked memref
// is a memref.cast of the buffer.
// CHECK-LABEL: func.func @memref_dynamic_layouts(
// CHECK-DAG: %[[F:.*]] = memref.alloca() : memref<0xf32>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: memref.reinterpret_cast %[[F]] to offset: [%[[C0]]], sizes: [%[[C0]], 3], strides: [%[[C0]], %[[C0]]] : memref<0xf32> to memref<?x3xf32, strided<[?, ?], offset: ?>>
// CHECK-DAG: %[[I:.*]] = memref.alloca() : memref<0xi8>
// CHECK-DAG: memref.cast %[[I]] : memref<0xi8> to memref<*xi8>
// CHECK-NOT: ub.poison : memref
// CHECK: return
func.func @memref_dynamic_layouts(%n: i32, %a: memref<?x3xf32>, %b: memref<2xi8>)
    -> (memref<?x3xf32, strided<[?, ?], offset: ?>>, memref<*xi8>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = loom.loop token(%t) iter_args(%k = %c0) : (i32) -> (memref<?x3xf32, strided<[?, ?], offset: ?>>, memref<*xi8>) {
    %done = arith.cmpi sge, %k, %n : i32
    loom.if %done {
      %v = memref.cast %a : memref<?x3xf32> to memref<?x3xf32, strided<[?, ?], offset: ?>>
      %w = memref.cast %b : memref<2xi8> to memref<*xi8>
      loom.break %t, %v, %w : memref<?x3xf32, strided<[?, ?], offset: ?>>, memref<*xi8>
    }
    %k1 = arith.addi %k, %c1 : i32
    loom.continue %t, %k1 : i32
  }
  return %r#0, %r#1 : memref<?x3xf32, strided<[?, ?], offset: ?>>, memref<*xi8>
}
