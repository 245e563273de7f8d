// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-report)' -o /dev/null | FileCheck %s
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-report{format=text})' -o /dev/null | FileCheck %s --check-prefix=TEXT

// Kernels whose sizes are arguments apart from their buffers: no access is
// proven on its own, and the report states, per access and per function,
// a condition on the arguments (`%argN`, `dim(%argN, K)`) under which it
// is in bounds. Each alternative was shown by the prover with it assumed;
// "or the loop does not run" alternatives appear where they are not
// implied by the others. The access stays "unproven" (what the function
// shows on its own).

// One dimension: the loop's bound must not pass the buffer's size.
// CHECK: {"function": "one_d", "loc": "{{.*}}:[[#@LINE+8]]:5", "op": "memref.store", "status": "unproven", "reason": {{.*}}, "precondition": "%arg0 <= dim(%arg1, 0)"
// CHECK: "functions": [
// CHECK-NEXT: {"function": "one_d", "loc": "{{.*}}", "unproven": 1, "precondition": "%arg0 <= dim(%arg1, 0)",
func.func @one_d(%n: index, %a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %z, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// Two dimensions, the inner one static (2100), sizes as i32 through
// index_cast: one condition per dimension, each unless the other loop
// does not run; the store into %x needs its own.
// CHECK: "op": "memref.load", {{.*}}"precondition": "(%arg0 <= dim(%arg2, 0) or %arg1 <= 0) and (%arg0 <= 0 or %arg1 <= 2100)"
// CHECK: "op": "memref.store", {{.*}}"precondition": "%arg0 <= 0 or %arg1 <= dim(%arg3, 0)"
// CHECK: {"function": "atax", {{.*}}"unproven": 2, "precondition": "(%arg0 <= dim(%arg2, 0) or %arg1 <= 0) and (%arg0 <= 0 or %arg1 <= 2100) and (%arg0 <= 0 or %arg1 <= dim(%arg3, 0))"
// TEXT-LABEL: atax memref.load: unproven
// TEXT-NEXT: precondition: (%arg0 <= dim(%arg2, 0) or %arg1 <= 0) and (%arg0 <= 0 or %arg1 <= 2100)
// TEXT-NEXT: call sites: not proven: @atax is public: it may be called from outside the module
// TEXT: functions with accesses not proven on their own:
// TEXT-NEXT: @atax: 2 unproven; precondition: (%arg0 <= dim(%arg2, 0) or %arg1 <= 0) and (%arg0 <= 0 or %arg1 <= 2100) and (%arg0 <= 0 or %arg1 <= dim(%arg3, 0))
func.func @atax(%m: i32, %n: i32, %A: memref<?x2100xf64>, %x: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %mi = arith.index_cast %m : i32 to index
  %ni = arith.index_cast %n : i32 to index
  scf.for %i = %c0 to %mi step %c1 {
    scf.for %j = %c0 to %ni step %c1 {
      %v = memref.load %A[%i, %j] : memref<?x2100xf64>
      memref.store %v, %x[%j] : memref<?xf64>
    }
  }
  return
}

// -----

// A loop that may not run: both ends are arguments, and each condition
// holds "or the loop does not run" (%ub <= %lb).
// CHECK: {"function": "window", {{.*}}"precondition": "(0 <= %arg0 or %arg1 <= %arg0) and (%arg1 <= %arg0 or %arg1 <= dim(%arg2, 0))"
func.func @window(%lb: index, %ub: index, %a: memref<?xf32>) {
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %c1 {
    %v = memref.load %a[%i] : memref<?xf32>
  }
  return
}

// -----

// An access that needs two conditions on two arguments: the offset is not
// negative and the window ends inside the buffer.
// CHECK: {"function": "offset", {{.*}}"precondition": "(%arg0 <= 0 or 0 <= %arg1) and (%arg0 <= 0 or %arg0 + %arg1 <= dim(%arg2, 0))"
func.func @offset(%n: index, %k: index, %a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %j = arith.addi %i, %k overflow<nsw> : index
    %v = memref.load %a[%j] : memref<?xf32>
  }
  return
}

// -----

// Constant trip counts into a dynamic buffer: sizes of at least 8.
// CHECK: {"function": "static_bound", {{.*}}"precondition": "8 <= dim(%arg0, 0) and 8 <= dim(%arg0, 1)"
func.func @static_bound(%a: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %v = memref.load %a[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// -----

// An index loaded from memory: no condition on the arguments makes it
// non-negative except that the loop does not run, which is all that is
// stated (sound, and the weakest this projection finds).
// CHECK: {"function": "gather", "loc": "{{.*}}:[[#@LINE+6]]:10", {{.*}}"precondition": "%arg0 <= 0"
func.func @gather(%n: index, %idx: memref<?xindex>, %a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %j = memref.load %idx[%i] : memref<?xindex>
    %v = memref.load %a[%j] : memref<?xf32>
  }
  return
}

// -----

// No argument at all: no condition rules the violation out, and the
// function says why.
// CHECK: {"function": "constant", {{.*}}"status": "unproven", "reason": "memref.store: index 0 (%c4) has range [4, 4], but dimension 0 of memref<4xi32> has size 4 (valid indices: [0, 3])"}],
// CHECK-NEXT: "functions": [
// CHECK-NEXT: {"function": "constant", {{.*}}"unproven": 1, "reason": "{{.*}} memref.store: no condition on the function's arguments and buffer sizes rules the violation out"}]}
func.func @constant(%a: memref<4xi32>) {
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  memref.store %z, %a[%c4] : memref<4xi32>
  return
}
