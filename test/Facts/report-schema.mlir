// RUN: cd %S && %loom-opt report-schema.mlir --pass-pipeline='builtin.module(loom-report{output=%t.json})' -o /dev/null
// RUN: FileCheck %s --input-file=%t.json
// RUN: python3 -c "import json,sys; r=json.load(open(sys.argv[1])); assert r['loops'][0]['condition_count']==5 and r['loops'][1]['condition_count']==2**64, r" %t.json
// RUN: not %loom-opt %s --pass-pipeline='builtin.module(loom-report{output=%t.missing/dir/report.json})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR

// A small report checked field for field, and a 64-bit loop whose
// condition runs 2^64 times (an exact JSON integer past 2^64).

// CHECK: {"version": 2, "index_bitwidth": 64,
// CHECK-NEXT: "loops": [
// CHECK-NEXT: {"function": "f", "loc": "report-schema.mlir:26:15", "op": "scf.while", "depth": 0, "status": "exact", "body_count": 4, "condition_count": 5, "entries": 1, "total_body_count": 4, "total_condition_count": 5, "counter": {"type": "index", "width": 64, "signed": true, "step": 1, "condition": [0, 4], "body": [0, 3], "exit": 4}},
// CHECK-NEXT: {"function": "g", "loc": "report-schema.mlir:{{[0-9]+}}:8", "op": "scf.while", "depth": 0, "status": "exact", "body_count": 18446744073709551615, "condition_count": 18446744073709551616, "entries": 1, "total_body_count": 18446744073709551615, "total_condition_count": 18446744073709551616, "counter": {"type": "i64", "width": 64, "signed": false, "step": 1, "condition": [0, 18446744073709551615], "body": [0, 18446744073709551614], "exit": 18446744073709551615}}],
// CHECK-NEXT: "accesses": [
// CHECK-NEXT: {"function": "f", "loc": "report-schema.mlir:31:5", "op": "memref.store", "status": "proven"},
// CHECK-NEXT: {"function": "f", "loc": "report-schema.mlir:35:3", "op": "memref.store", "status": "unproven", "reason": "memref.store: index 0 (%0) has range [4, 4], but dimension 0 of memref<4xi32> has size 4 (valid indices: [0, 3])"}],
// CHECK-NEXT: "functions": [
// CHECK-NEXT: {"function": "f", "loc": "report-schema.mlir:21:1", "unproven": 1, "reason": "report-schema.mlir:35:3 memref.store: no condition on the function's arguments and buffer sizes rules the violation out"}]}

// ERR: error: loom-report: cannot write the report to '{{.*}}report.json':

func.func @f(%output: memref<4xi32>) {
  %begin = index.constant 0
  %end = index.constant 4
  %step = index.constant 1
  %zero = arith.constant 0 : i32
  %terminal = scf.while (%before = %begin) : (index) -> index {
    %more = index.cmp slt(%before, %end)
    scf.condition(%more) %before : index
  } do {
  ^bb0(%position: index):
    memref.store %zero, %output[%position] : memref<4xi32>
    %next = index.add %position, %step
    scf.yield %next : index
  }
  memref.store %zero, %output[%terminal] : memref<4xi32>
  return
}

func.func @g() -> i64 {
  %c0 = arith.constant 0 : i64
  %max = arith.constant -1 : i64
  %c1 = arith.constant 1 : i64
  %r = scf.while (%x = %c0) : (i64) -> i64 {
    %c = arith.cmpi ult, %x, %max : i64
    scf.condition(%c) %x : i64
  } do {
  ^bb0(%y: i64):
    %n = arith.addi %y, %c1 : i64
    scf.yield %n : i64
  }
  return %r : i64
}
