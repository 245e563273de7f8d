// The C-front-end `sum` loop (every local in a memref<1xi32> slot, read in
// the scf.while condition, written at the end of the body, inside a
// memref.alloca_scope): loom-promote-slots makes the counter an iteration
// argument of the scf.while, and loom-report then counts the loop exactly.
// Without the promotion (also after upstream mem2reg and sroa) the counter
// is a load and the count is unknown.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-promote-slots)' | FileCheck %s --check-prefix=IR
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-promote-slots,canonicalize,loom-report{format=text})' -o /dev/null | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(mem2reg,sroa,canonicalize,loom-report{format=text})' -o /dev/null | FileCheck %s --check-prefix=UPSTREAM

// IR-LABEL: func.func @sum
// IR-SAME: (%[[A:[a-z0-9_]+]]: memref<?xi32>, %[[N:[a-z0-9_]+]]: i32)
// IR-NOT: memref.alloca()
// IR: %[[SC:.*]]:2 = memref.alloca_scope -> (i32, i32) {
// IR-NEXT: %[[W:.*]]:2 = scf.while (%[[I:[a-z0-9_]+]] = %c0_i32, %[[S:[a-z0-9_]+]] = %c0_i32) : (i32, i32) -> (i32, i32) {
// IR-NEXT: %[[GO:.*]] = arith.cmpi slt, %[[I]], %[[N]] : i32
// IR-NEXT: scf.condition(%[[GO]]) %[[I]], %[[S]] : i32, i32
// IR-NEXT: } do {
// IR-NEXT: ^bb0(%[[I2:[a-z0-9_]+]]: i32, %[[S2:[a-z0-9_]+]]: i32):
// IR-NEXT: %[[K:.*]] = arith.index_cast %[[I2]] : i32 to index
// IR-NEXT: %[[X:.*]] = memref.load %[[A]][%[[K]]] : memref<?xi32>
// IR-NEXT: %[[ACC:.*]] = arith.addi %[[S2]], %[[X]] : i32
// IR-NEXT: %[[NEXT:.*]] = arith.addi %[[I2]], %c1_i32 : i32
// IR-NEXT: scf.yield %[[NEXT]], %[[ACC]] : i32, i32
// IR-NEXT: }
// IR-NEXT: memref.alloca_scope.return %[[W]]#0, %[[W]]#1 : i32, i32
// IR-NEXT: }
// IR-NEXT: return %[[SC]]#1 : i32

// CHECK: sum scf.while 0 exact max(0, %arg1) max(0, %arg1) + 1 1
// CHECK: exact: body max(0, %arg1), condition max(0, %arg1) + 1, entries 1, {{.*}}; counter i32 signed step 1, condition [0, max(0, %arg1)], body [0, max(0, %arg1) - 1], exit max(0, %arg1)

// UPSTREAM: sum scf.while 0 unknown
// UPSTREAM: unknown: the comparison does not test a counter: it is loaded from a stack slot (the memref.alloca at {{.*}}): run loom-promote-slots first to make it an SSA value
func.func @sum(%a: memref<?xi32>, %n: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %i = memref.alloca() : memref<1xi32>
  %s = memref.alloca() : memref<1xi32>
  memref.store %z, %i[%c0] : memref<1xi32>
  memref.store %z, %s[%c0] : memref<1xi32>
  memref.alloca_scope {
    scf.while : () -> () {
      %iv = memref.load %i[%c0] : memref<1xi32>
      %go = arith.cmpi slt, %iv, %n : i32
      scf.condition(%go)
    } do {
      %iv = memref.load %i[%c0] : memref<1xi32>
      %k = arith.index_cast %iv : i32 to index
      %x = memref.load %a[%k] : memref<?xi32>
      %acc = memref.load %s[%c0] : memref<1xi32>
      %acc1 = arith.addi %acc, %x : i32
      memref.store %acc1, %s[%c0] : memref<1xi32>
      %next = arith.addi %iv, %one : i32
      memref.store %next, %i[%c0] : memref<1xi32>
      scf.yield
    }
  }
  %r = memref.load %s[%c0] : memref<1xi32>
  return %r : i32
}
