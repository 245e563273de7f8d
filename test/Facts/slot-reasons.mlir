// RUN: %loom-opt %s --split-input-file --verify-diagnostics -o /dev/null --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-report{format=text})' -o /dev/null | FileCheck %s
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEAR

// A C front end at its default keeps every local in a stack slot (a
// memref.alloca of one element): a loop's counter and an access's index
// are loads of it, out of reach of facts that read SSA values. The
// reasons say so and name the pass that promotes the slots
// (test/Passes/promote-slots-report.mlir shows the same loop counted once
// promoted). Near miss: a load from a buffer of two elements is no slot.

// CHECK: slot-reasons.mlir:22:5: unknown: the comparison does not test a counter: it is loaded from a stack slot (the memref.alloca at {{.*}}slot-reasons.mlir:18:8): run loom-promote-slots first to make it an SSA value
// CHECK: slot-reasons.mlir:53:3: unknown: the comparison does not test a counter: it is computed by 'memref.load', not by adding a constant
func.func @sum(%a: memref<?xi32>, %n: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %i = memref.alloca() : memref<1xi32>
  // expected-remark @below {{memref.store: in bounds (proven)}}
  memref.store %z, %i[%c0] : memref<1xi32>
  memref.alloca_scope {
    scf.while : () -> () {
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %iv = memref.load %i[%c0] : memref<1xi32>
      %go = arith.cmpi slt, %iv, %n : i32
      scf.condition(%go)
    } do {
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %iv = memref.load %i[%c0] : memref<1xi32>
      %k = arith.index_cast %iv : i32 to index
      // expected-remark-re @below {{not proven in bounds: memref.load: cannot show {{.*}}: it is loaded from a stack slot (the memref.alloca at {{.*}}): run loom-promote-slots first to make it an SSA value}}
      %x = memref.load %a[%k] : memref<?xi32>
      %next = arith.addi %iv, %one : i32
      // expected-remark @below {{memref.store: in bounds (proven)}}
      memref.store %next, %i[%c0] : memref<1xi32>
      scf.yield
    }
  }
  return %z : i32
}

// -----

// NEAR: not proven in bounds: memref.load: {{.*}}: it is loaded from a stack slot
// NEAR: remark: not proven in bounds: memref.load: cannot show 0 <= %1: known: {{.*}} (range of %1){{$}}
func.func @two_elements(%a: memref<?xi32>, %n: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %i = memref.alloca() : memref<2xi32>
  // expected-remark @below {{memref.store: in bounds (proven)}}
  memref.store %z, %i[%c0] : memref<2xi32>
  scf.while : () -> () {
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %iv = memref.load %i[%c0] : memref<2xi32>
    %go = arith.cmpi slt, %iv, %n : i32
    scf.condition(%go)
  } do {
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %iv = memref.load %i[%c0] : memref<2xi32>
    %k = arith.index_cast %iv : i32 to index
    // expected-remark @below {{not proven in bounds: memref.load}}
    %x = memref.load %a[%k] : memref<?xi32>
    %next = arith.addi %iv, %one : i32
    // expected-remark @below {{memref.store: in bounds (proven)}}
    memref.store %next, %i[%c0] : memref<2xi32>
    scf.yield
  }
  return %z : i32
}
