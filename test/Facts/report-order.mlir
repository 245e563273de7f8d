// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-report{output=%t.json})' -o /dev/null
// RUN: FileCheck %s --input-file=%t.json
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// The analysis works one function at a time, and does the ops outside
// every function (here: loops and loads in the module's body, before,
// between and after functions, and a nested module of another index
// width) on their own: the report still lists loops, then accesses, each
// in the order of the IR. The last load reads a value defined before it;
// the loads in @f and @g read only their functions' facts.

// CHECK: "loops": [
// CHECK-NEXT: {"function": "", "loc": "{{.*}}report-order.mlir:38:1", "op": "scf.for", "depth": 0, "status": "exact", "body_count": 4,
// CHECK-NEXT: {"function": "f", "loc": "{{.*}}report-order.mlir:45:3", "op": "scf.for", "depth": 0, "status": "exact", "body_count": 8,
// CHECK-NEXT: {"function": "f", "loc": "{{.*}}report-order.mlir:46:5", "op": "scf.for", "depth": 1, "status": "exact", "entries": 8,
// CHECK-NEXT: {"function": "", "loc": "{{.*}}report-order.mlir:52:1", "op": "scf.for", "depth": 0, "status": "exact", "body_count": 4,
// CHECK-NEXT: {"function": "", "loc": "{{.*}}report-order.mlir:53:3", "op": "scf.for", "depth": 1, "status": "exact", "entries": 4,
// CHECK-NEXT: {"function": "g", "loc": "{{.*}}report-order.mlir:61:5", "op": "scf.for", "depth": 0, "status": "exact", "entries": 1, "counter": {"type": "index", "width": 32,
// CHECK-NEXT: "accesses": [
// CHECK-NEXT: {"function": "", "loc": "{{.*}}report-order.mlir:39:8", "op": "memref.load", "status": "proven"},
// CHECK-NEXT: {"function": "f", "loc": "{{.*}}report-order.mlir:47:12", "op": "memref.load", "status": "proven"},
// CHECK-NEXT: {"function": "", "loc": "{{.*}}report-order.mlir:54:10", "op": "memref.load", "status": "proven"},
// CHECK-NEXT: {"function": "g", "loc": "{{.*}}report-order.mlir:63:12", "op": "memref.load", "status": "unproven",
// CHECK-NEXT: {"function": "", "loc": "{{.*}}report-order.mlir:68:6", "op": "memref.load", "status": "proven"}],
// CHECK-NEXT: "functions": [
// CHECK-NEXT: {"function": "g", "loc": "{{.*}}report-order.mlir:58:3", "unproven": 1, "precondition": "%arg1 <= dim(%arg0, 0)", {{.*}}}]}

// REMARK: report-order.mlir:39:8: remark: memref.load: in bounds (proven)
// REMARK: report-order.mlir:47:12: remark: memref.load: in bounds (proven)
// REMARK: report-order.mlir:54:10: remark: memref.load: in bounds (proven)
// REMARK: report-order.mlir:63:12: remark: not proven in bounds
// REMARK: report-order.mlir:68:6: remark: memref.load: in bounds (proven)

%k0 = arith.constant 0 : index
%k4 = arith.constant 4 : index
%k1 = arith.constant 1 : index
%mm = memref.alloc() : memref<4xi32>
scf.for %i = %k0 to %k4 step %k1 {
  %v = memref.load %mm[%i] : memref<4xi32>
}
func.func @f(%b: memref<8xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %i to %c8 step %c1 {
      %v = memref.load %b[%j] : memref<8xi32>
    }
  }
  return
}
scf.for %i = %k0 to %k4 step %k1 {
  scf.for %j = %k0 to %i step %k1 {
    %v = memref.load %mm[%j] : memref<4xi32>
  }
}
module @inner attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  func.func @g(%b: memref<?xi32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %d = memref.dim %b, %c0 : memref<?xi32>
      %v = memref.load %b[%i] : memref<?xi32>
    }
    return
  }
}
%w = memref.load %mm[%k1] : memref<4xi32>
