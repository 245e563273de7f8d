// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-cf)' | FileCheck %s
// The result is plain upstream IR (no loom op, no token):
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-cf)' | %mlir-opt --split-input-file | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: loom

// loom.loop: the body's entry block is the header; continue branches back to
// it, break to the exit block whose arguments are the results.
// CHECK-LABEL: func.func @loop(
//  CHECK-SAME:     %[[N:.*]]: i32)
//       CHECK:   %[[C0:.*]] = arith.constant 0 : i32
//       CHECK:   cf.br ^[[HEADER:.*]](%[[C0]] : i32)
//       CHECK: ^[[HEADER]](%[[I:.*]]: i32):
//       CHECK:   %[[DONE:.*]] = arith.cmpi sge, %[[I]], %[[N]]
//       CHECK:   cf.cond_br %[[DONE]], ^[[BREAK:.*]], ^[[NEXT:.*]]
//       CHECK: ^[[BREAK]]:
//       CHECK:   cf.br ^[[EXIT:.*]](%[[I]] : i32)
//       CHECK: ^[[NEXT]]:
//       CHECK:   %[[I1:.*]] = arith.addi %[[I]]
//       CHECK:   cf.br ^[[HEADER]](%[[I1]] : i32)
//       CHECK: ^[[EXIT]](%[[R:.*]]: i32):
//       CHECK:   return %[[R]]
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

// loom.for: a header compares iv < ub (signed) and leaves with the iteration
// arguments; yield and continue go to the latch, which adds the step; break
// goes to the exit block.
// CHECK-LABEL: func.func @for(
//  CHECK-SAME:     %[[LB:[^:]*]]: index, %[[UB:[^:]*]]: index, %[[S:[^:]*]]: index, %[[X:[^:]*]]: i32)
//       CHECK:   cf.br ^[[HEADER:.*]](%[[LB]], %[[X]] : index, i32)
//       CHECK: ^[[HEADER]](%[[IV:.*]]: index, %[[ACC:.*]]: i32):
//       CHECK:   %[[IN:.*]] = arith.cmpi slt, %[[IV]], %[[UB]] : index
//       CHECK:   cf.cond_br %[[IN]], ^[[BODY:.*]](%[[IV]], %[[ACC]] : index, i32), ^[[EXIT:.*]](%[[ACC]] : i32)
//       CHECK: ^[[BODY]](%[[BIV:.*]]: index, %[[BACC:.*]]: i32):
//       CHECK:   cf.cond_br %{{.*}}, ^[[BRK:.*]], ^[[NOBRK:.*]]
//       CHECK: ^[[BRK]]:
//       CHECK:   cf.br ^[[EXIT]](%[[BACC]] : i32)
//       CHECK: ^[[NOBRK]]:
//       CHECK:   cf.cond_br %{{.*}}, ^[[CONT:.*]], ^[[REST:.*]]
//       CHECK: ^[[CONT]]:
//       CHECK:   cf.br ^[[LATCH:.*]](%[[X]] : i32)
//       CHECK: ^[[REST]]:
//       CHECK:   %[[A:.*]] = arith.addi %[[BACC]], %[[BACC]]
//       CHECK:   cf.br ^[[LATCH]](%[[A]] : i32)
//       CHECK: ^[[LATCH]](%[[NEXTACC:.*]]: i32):
//       CHECK:   %[[NEXTIV:.*]] = arith.addi %[[BIV]], %[[S]] : index
//       CHECK:   cf.br ^[[HEADER]](%[[NEXTIV]], %[[NEXTACC]] : index, i32)
//       CHECK: ^[[EXIT]](%[[R:.*]]: i32):
//       CHECK:   return %[[R]]
func.func @for(%lb: index, %ub: index, %s: index, %x: i32) -> i32 {
  %r = loom.for %i = %lb to %ub step %s token(%t) iter_args(%acc = %x) -> (i32) {
    %c = arith.cmpi sgt, %acc, %x : i32
    loom.if %c { loom.break %t, %acc : i32 }
    %z = arith.cmpi eq, %acc, %x : i32
    loom.if %z { loom.continue %t, %x : i32 }
    %a = arith.addi %acc, %acc : i32
    loom.yield %a : i32
  }
  return %r : i32
}

// -----

// A loom.for nothing ends early still gets no latch when nothing yields
// (the body always breaks).
// CHECK-LABEL: func.func @for_always_breaks(
//       CHECK:   cf.br ^[[HEADER:.*]](
//       CHECK: ^[[HEADER]](%{{.*}}: i32):
//       CHECK:   cf.cond_br %{{.*}}, ^[[BODY:.*]](%{{.*}} : i32), ^[[EXIT:.*]]
//       CHECK: ^[[BODY]](%[[IV:.*]]: i32):
//       CHECK:   cf.br ^[[EXIT]]
//   CHECK-NOT:   cf.br ^[[HEADER]]
//       CHECK: ^[[EXIT]]:
//       CHECK:   return
func.func @for_always_breaks(%lb: i32, %ub: i32, %s: i32) {
  loom.for %i = %lb to %ub step %s token(%t) : i32 {
    loom.break %t
  }
  return
}

// -----

// loom.scope: the body continues the enclosing block; yield and break both
// branch to the block after the scope.
// CHECK-LABEL: func.func @scope(
//  CHECK-SAME:     %[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
//  CHECK-NEXT:   cf.cond_br %[[C]], ^[[BRK:.*]], ^[[REST:.*]]
//       CHECK: ^[[BRK]]:
//       CHECK:   cf.br ^[[EXIT:.*]](%[[A]] : i32)
//       CHECK: ^[[REST]]:
//       CHECK:   cf.br ^[[EXIT]](%[[B]] : i32)
//       CHECK: ^[[EXIT]](%[[R:.*]]: i32):
//       CHECK:   return %[[R]]
func.func @scope(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = loom.scope token(%s) -> (i32) {
    loom.if %c { loom.break %s, %a : i32 }
    loom.yield %b : i32
  }
  return %r : i32
}

// -----

// loom.if with results: cond_br to the branches, which branch to the block
// after the if; a branch that only yields is branched around.
// CHECK-LABEL: func.func @if(
//  CHECK-SAME:     %[[C:.*]]: i1, %[[A:.*]]: i32, %[[B:.*]]: i32)
//  CHECK-NEXT:   cf.cond_br %[[C]], ^[[THEN:.*]], ^[[EXIT:.*]](%[[B]] : i32)
//       CHECK: ^[[THEN]]:
//       CHECK:   %[[S:.*]] = arith.addi %[[A]], %[[A]]
//       CHECK:   cf.br ^[[EXIT]](%[[S]] : i32)
//       CHECK: ^[[EXIT]](%[[R:.*]]: i32):
//       CHECK:   return %[[R]]
func.func @if(%c: i1, %a: i32, %b: i32) -> i32 {
  %r = loom.if %c -> (i32) {
    %s = arith.addi %a, %a : i32
    loom.yield %s : i32
  } else {
    loom.yield %b : i32
  }
  return %r : i32
}

// -----

// A break three loops out and a continue of the outer loop from the inner
// one branch straight to the outer loop's exit and latch (the outer loop has
// two continues, so they meet in a latch: one back edge to the header).
// CHECK-LABEL: func.func @deep(
//       CHECK:   cf.br ^[[H1:bb[0-9]+]](
//       CHECK: ^[[H1]](%{{.*}}: i32):
//       CHECK:   cf.br ^[[H2:bb[0-9]+]](
//       CHECK: ^[[H2]](%{{.*}}: i32):
//       CHECK:   cf.br ^[[H3:bb[0-9]+]](
//       CHECK: ^[[H3]](%[[K:.*]]: i32):
//       CHECK:   cf.cond_br %{{.*}}, ^[[OUT:bb[0-9]+]], ^[[IN:bb[0-9]+]]
//       CHECK: ^[[OUT]]:
//       CHECK:   cf.br ^[[EXIT:bb[0-9]+]](%[[K]] : i32)
//       CHECK: ^[[IN]]:
//       CHECK:   cf.cond_br %{{.*}}, ^[[CONT1:bb[0-9]+]], ^{{.*}}
//       CHECK: ^[[CONT1]]:
//       CHECK:   cf.br ^[[LATCH1:bb[0-9]+]](%[[K]] : i32)
//       CHECK: ^[[LATCH1]](%[[NEXT:.*]]: i32):
//  CHECK-NEXT:   cf.br ^[[H1]](%[[NEXT]] : i32)
//       CHECK: ^[[EXIT]](%[[R:.*]]: i32):
//       CHECK:   return %[[R]]
func.func @deep(%c: i1, %d: i1, %x: i32) -> i32 {
  %r = loom.loop token(%l1) iter_args(%i = %x) : (i32) -> (i32) {
    loom.loop token(%l2) iter_args(%j = %i) : (i32) -> () {
      loom.loop token(%l3) iter_args(%k = %j) : (i32) -> () {
        loom.if %c { loom.break %l1, %k : i32 }
        loom.if %d { loom.continue %l1, %k : i32 }
        loom.continue %l3, %k : i32
      }
      loom.continue %l2, %j : i32
    }
    loom.continue %l1, %i : i32
  }
  return %r : i32
}

// -----

// A loom op in a single-block region (an scf.for body) is wrapped in an
// scf.execute_region, which holds the new blocks.
// CHECK-LABEL: func.func @in_scf_for(
//       CHECK:   scf.for
//       CHECK:     %[[E:.*]] = scf.execute_region -> i32 {
//       CHECK:       cf.br ^[[H:.*]](
//       CHECK:     ^[[H]](%{{.*}}: i32):
//       CHECK:       cf.cond_br
//       CHECK:     ^[[X:bb[0-9]+]](%[[R:.*]]: i32):
//       CHECK:       scf.yield %[[R]] : i32
//       CHECK:     }
//       CHECK:     scf.yield %[[E]] : i32
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

// Loom ops inside a loom op inside an scf.if: only the outermost needs the
// wrapper; ops of the same nest share its blocks.
// CHECK-LABEL: func.func @nest_in_scf_if(
//       CHECK:   scf.if
//       CHECK:     scf.execute_region {
//   CHECK-NOT:     scf.execute_region
//       CHECK:       scf.yield
//       CHECK:     }
//   CHECK-NOT:   scf.execute_region
//       CHECK:   return
func.func @nest_in_scf_if(%c: i1, %d: i1) {
  scf.if %c {
    loom.scope token(%s) {
      loom.loop token(%t) {
        loom.if %d { loom.break %s }
        loom.continue %t
      }
    }
  }
  return
}

// -----

// A loom.loop's continues meet in one latch block that alone branches back
// to the header: a single back edge, as C front ends emit loops.
// CHECK-LABEL: func.func @one_back_edge(
//       CHECK:   cf.br ^[[H:bb[0-9]+]](%{{.*}} : i32)
//       CHECK: ^[[H]](%[[I:.*]]: i32):
//       CHECK:   cf.cond_br %{{.*}}, ^[[A:bb[0-9]+]], ^[[B:bb[0-9]+]]
//       CHECK: ^[[A]]:
//       CHECK:   cf.br ^[[EXIT:bb[0-9]+]](%[[I]] : i32)
//       CHECK: ^[[B]]:
//       CHECK:   cf.cond_br %{{.*}}, ^[[C1:bb[0-9]+]], ^[[C2:bb[0-9]+]]
//       CHECK: ^[[C1]]:
//       CHECK:   cf.br ^[[LATCH:bb[0-9]+]](%{{.*}} : i32)
//       CHECK: ^[[C2]]:
//       CHECK:   cf.br ^[[LATCH]](%{{.*}} : i32)
//       CHECK: ^[[LATCH]](%[[N:.*]]: i32):
//  CHECK-NEXT:   cf.br ^[[H]](%[[N]] : i32)
//       CHECK: ^[[EXIT]](%[[R:.*]]: i32):
//       CHECK:   return %[[R]]
func.func @one_back_edge(%c: i1, %d: i1, %x: i32) -> i32 {
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %r = loom.loop token(%t) iter_args(%i = %x) : (i32) -> (i32) {
    loom.if %c { loom.break %t, %i : i32 }
    loom.if %d {
      %a = arith.addi %i, %one : i32
      loom.continue %t, %a : i32
    }
    %b = arith.addi %i, %two : i32
    loom.continue %t, %b : i32
  }
  return %r : i32
}

// -----

// With a single continue the continue is the back edge: no latch.
// CHECK-LABEL: func.func @single_continue(
//       CHECK:   cf.br ^[[H:bb[0-9]+]](%{{.*}} : i32)
//       CHECK: ^[[H]](%[[I:.*]]: i32):
//       CHECK:   cf.cond_br %{{.*}}, ^[[A:bb[0-9]+]], ^[[B:bb[0-9]+]]
//       CHECK: ^[[B]]:
//       CHECK:   cf.br ^[[H]](%{{.*}} : i32)
func.func @single_continue(%c: i1, %x: i32) -> i32 {
  %one = arith.constant 1 : i32
  %r = loom.loop token(%t) iter_args(%i = %x) : (i32) -> (i32) {
    loom.if %c { loom.break %t, %i : i32 }
    %a = arith.addi %i, %one : i32
    loom.continue %t, %a : i32
  }
  return %r : i32
}
