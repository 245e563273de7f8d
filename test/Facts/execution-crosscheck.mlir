// RUN: %mlir-opt %s --convert-scf-to-cf --convert-vector-to-llvm --convert-to-llvm --reconcile-unrealized-casts | %mlir-runner -e main -entry-point-result=void -shared-libs=%runner-libs | FileCheck %s --check-prefix=EXEC
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims)' | %mlir-opt --convert-scf-to-cf --convert-vector-to-llvm --convert-to-llvm --reconcile-unrealized-casts | %mlir-runner -e main -entry-point-result=void -shared-libs=%runner-libs | FileCheck %s --check-prefix=EXEC
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-loop-facts)' | FileCheck %s --check-prefix=FACTS

// Execution cross-check: each loop counts its condition and body runs in
// memory and prints (condition runs, body runs, exit value); the facts
// claimed for the same loops must agree.

// FACTS-LABEL: func.func @slt_partial
// FACTS: loom.facts = "exact: body 4, condition 5, {{.*}} exit 23"
// EXEC: conditions bodies exit: 5, 4, 23
func.func @slt_partial(%cnt: memref<2xi64>) -> i32 {
  %c0_idx = arith.constant 0 : index
  %c1_idx = arith.constant 1 : index
  %init = arith.constant 7 : i32
  %bound = arith.constant 20 : i32
  %step = arith.constant 4 : i32
  %r = scf.while (%x = %init) : (i32) -> i32 {
    func.call @bump(%cnt, %c0_idx) : (memref<2xi64>, index) -> ()
    %c = arith.cmpi slt, %x, %bound : i32
    scf.condition(%c) %x : i32
  } do {
  ^bb0(%y: i32):
    func.call @bump(%cnt, %c1_idx) : (memref<2xi64>, index) -> ()
    %n = arith.addi %y, %step : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// FACTS-LABEL: func.func @do_while
// FACTS: loom.facts = "exact: body 3, condition 4, {{.*}} exit 3"
// EXEC: conditions bodies exit: 4, 3, 3
func.func @do_while(%cnt: memref<2xi64>) -> i32 {
  %c0_idx = arith.constant 0 : index
  %c1_idx = arith.constant 1 : index
  %init = arith.constant 0 : i32
  %end = arith.constant 4 : i32
  %one = arith.constant 1 : i32
  %t, %c2 = scf.while (%b = %init) : (i32) -> (i32, i32) {
    func.call @bump(%cnt, %c0_idx) : (memref<2xi64>, index) -> ()
    %next = arith.addi %b, %one : i32
    %k = arith.cmpi ult, %next, %end : i32
    scf.condition(%k) %b, %next : i32, i32
  } do {
  ^bb0(%s: i32, %n: i32):
    func.call @bump(%cnt, %c1_idx) : (memref<2xi64>, index) -> ()
    scf.yield %n : i32
  }
  return %t : i32
}

// FACTS-LABEL: func.func @decreasing_unsigned_i8
// FACTS: loom.facts = "exact: body 4, condition 5, {{.*}} counter i8 unsigned step -3, condition [238, 250], body [241, 250], exit 238"
// EXEC: conditions bodies exit: 5, 4, 238
func.func @decreasing_unsigned_i8(%cnt: memref<2xi64>) -> i32 {
  %c0_idx = arith.constant 0 : index
  %c1_idx = arith.constant 1 : index
  %init = arith.constant 250 : i8
  %bound = arith.constant 240 : i8
  %step = arith.constant 3 : i8
  %r = scf.while (%x = %init) : (i8) -> i8 {
    func.call @bump(%cnt, %c0_idx) : (memref<2xi64>, index) -> ()
    %c = arith.cmpi ult, %bound, %x : i8
    scf.condition(%c) %x : i8
  } do {
  ^bb0(%y: i8):
    func.call @bump(%cnt, %c1_idx) : (memref<2xi64>, index) -> ()
    %n = arith.subi %y, %step : i8
    scf.yield %n : i8
  }
  %e = arith.extui %r : i8 to i32
  return %e : i32
}

func.func @bump(%cnt: memref<2xi64>, %i: index) {
  %v = memref.load %cnt[%i] : memref<2xi64>
  %one = arith.constant 1 : i64
  %w = arith.addi %v, %one : i64
  memref.store %w, %cnt[%i] : memref<2xi64>
  return
}

func.func @run(%f: (memref<2xi64>) -> i32) {
  %cnt = memref.alloca() : memref<2xi64>
  %z = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  memref.store %z, %cnt[%c0] : memref<2xi64>
  memref.store %z, %cnt[%c1] : memref<2xi64>
  %exit = func.call_indirect %f(%cnt) : (memref<2xi64>) -> i32
  %conds = memref.load %cnt[%c0] : memref<2xi64>
  %bodies = memref.load %cnt[%c1] : memref<2xi64>
  %e = arith.extsi %exit : i32 to i64
  vector.print str "conditions bodies exit: "
  vector.print %conds : i64 punctuation <comma>
  vector.print %bodies : i64 punctuation <comma>
  vector.print %e : i64
  return
}

func.func @main() {
  %a = func.constant @slt_partial : (memref<2xi64>) -> i32
  func.call @run(%a) : ((memref<2xi64>) -> i32) -> ()
  %b = func.constant @do_while : (memref<2xi64>) -> i32
  func.call @run(%b) : ((memref<2xi64>) -> i32) -> ()
  %c = func.constant @decreasing_unsigned_i8 : (memref<2xi64>) -> i32
  func.call @run(%c) : ((memref<2xi64>) -> i32) -> ()
  return
}
