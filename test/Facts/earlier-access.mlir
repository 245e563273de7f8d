// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-report)' -o /dev/null | FileCheck %s
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-report{format=text})' -o /dev/null | FileCheck %s --check-prefix=TEXT
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// An access is proven when an earlier access that dominates it reached the
// same element: memref.load/store (and affine.load/store, lowered to them)
// require their indices in bounds, so the later access is in bounds
// whenever the earlier one was. The report names the access it rests on;
// the earlier one stays unproven. A histogram's update: the load of
// hist[x] is not proven (x comes from memory), the store to hist[x] rests
// on it.

// CHECK: {"function": "histogram", "loc": "{{.*}}:[[#@LINE+15]]:10", "op": "memref.load", "status": "unproven",
// CHECK: {"function": "histogram", "loc": "{{.*}}:[[#@LINE+16]]:5", "op": "memref.store", "status": "proven", "rests_on": [{"op": "memref.load", "loc": "{{.*}}:[[#@LINE+14]]:10"}]
// CHECK: {"function": "histogram", {{.*}}"unproven": 1,
// TEXT: histogram memref.load: unproven:
// TEXT: histogram memref.store: proven (rests on memref.load at {{.*}}:[[#@LINE+11]]:10)
// REMARK: :[[#@LINE+10]]:10: remark: not proven in bounds:
// REMARK: :[[#@LINE+11]]:5: remark: memref.store: in bounds (proven) given memref.load at {{.*}}:[[#@LINE+9]]:10 was
func.func @histogram(%data: memref<100xi32>, %hist: memref<16xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %one = arith.constant 1 : i32
  scf.for %i = %c0 to %c100 step %c1 {
    %v = memref.load %data[%i] : memref<100xi32>
    %x = arith.index_cast %v : i32 to index
    %h = memref.load %hist[%x] : memref<16xi32>
    %h1 = arith.addi %h, %one : i32
    memref.store %h1, %hist[%x] : memref<16xi32>
  }
  return
}

// -----

// The earlier access before a loop, the later one in its body at the same
// (loop-invariant) index; a store first, then loads (a load rests on a
// store as well; the second load on the nearest earlier access, the first
// load); two dimensions.

// CHECK: "loc": "{{.*}}:[[#@LINE+7]]:3", "op": "memref.store", "status": "unproven",
// CHECK: "loc": "{{.*}}:[[#@LINE+8]]:10", "op": "memref.load", "status": "proven", "rests_on": [{"op": "memref.store", "loc": "{{.*}}:[[#@LINE+6]]:3"}]
// CHECK: "loc": "{{.*}}:[[#@LINE+8]]:10", "op": "memref.load", "status": "proven", "rests_on": [{"op": "memref.load", "loc": "{{.*}}:[[#@LINE+7]]:10"}]
func.func @before_loop(%a: memref<?x?xf32>, %i: index, %j: index, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  memref.store %z, %a[%i, %j] : memref<?x?xf32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%s = %z) -> (f32) {
    %x = memref.load %a[%i, %j] : memref<?x?xf32>
    %y = memref.load %a[%i, %j] : memref<?x?xf32>
    %t = arith.addf %x, %y : f32
    %u = arith.addf %s, %t : f32
    scf.yield %u : f32
  }
  return %r : f32
}

// -----

// Affine accesses: the same map over the same operands (a map whose
// results are not plain operands), and an affine.load read as its operand
// followed by a memref.store.

// CHECK: "loc": "{{.*}}:[[#@LINE+8]]:12", "op": "affine.load", "status": "unproven",
// CHECK: "loc": "{{.*}}:[[#@LINE+9]]:7", "op": "affine.store", "status": "proven", "rests_on": [{"op": "affine.load", "loc": "{{.*}}:[[#@LINE+7]]:12"}]
// CHECK: "loc": "{{.*}}:[[#@LINE+10]]:10", "op": "affine.load", "status": "unproven",
// CHECK: "loc": "{{.*}}:[[#@LINE+11]]:5", "op": "memref.store", "status": "proven", "rests_on": [{"op": "affine.load", "loc": "{{.*}}:[[#@LINE+9]]:10"}]
func.func @affine(%a: memref<?xf32>, %b: memref<?xf32>, %n: index, %m: index) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %m {
      %x = affine.load %a[%i + %j * 2] : memref<?xf32>
      %y = arith.addf %x, %one : f32
      affine.store %y, %a[%i + %j * 2] : memref<?xf32>
    }
    %p = affine.load %b[%i] : memref<?xf32>
    %q = arith.addf %p, %one : f32
    memref.store %q, %b[%i] : memref<?xf32>
  }
  return
}

// -----

// Near misses, all unproven: the earlier access inside an scf.if's region
// (it may not have run), an index one further, another memref with the
// same index, and a vector load (it covers more than one element). (An
// access never rests on a later one: @histogram's load stays unproven.)

// CHECK-NOT: "rests_on"
// CHECK: {"function": "near_misses",
// CHECK-NOT: "rests_on"
// CHECK: "functions"
func.func @near_misses(%a: memref<?xf32>, %b: memref<?xf32>, %i: index, %c: i1) -> vector<4xf32> {
  %c1 = arith.constant 1 : index
  %z = arith.constant 0.0 : f32
  scf.if %c {
    memref.store %z, %a[%i] : memref<?xf32>
  }
  %x = memref.load %a[%i] : memref<?xf32>
  %i1 = arith.addi %i, %c1 : index
  memref.store %x, %b[%i1] : memref<?xf32>
  memref.store %x, %b[%i] : memref<?xf32>
  %v = vector.load %a[%i] : memref<?xf32>, vector<4xf32>
  return %v : vector<4xf32>
}

// -----

// With the relational prover: the bounds of every earlier access of an
// enclosing block are facts too (`0 <= i` and `i + 1 <= dim`), so
// `a[i - 3]` under `i >= 3` rests on `a[i]` (its upper bound), and `a[i]`
// in a loop from 0 rests on `a[i + 1]`. The report names every access the
// proof used.

// CHECK: "loc": "{{.*}}:[[#@LINE+12]]:10", "op": "affine.load", "status": "unproven",
// CHECK: "loc": "{{.*}}:[[#@LINE+13]]:12", "op": "affine.load", "status": "proven", "rests_on": [{"op": "affine.load", "loc": "{{.*}}:[[#@LINE+11]]:10"}]
// CHECK: "loc": "{{.*}}:[[#@LINE+21]]:10", "op": "memref.load", "status": "unproven",
// CHECK: "loc": "{{.*}}:[[#@LINE+21]]:10", "op": "memref.load", "status": "proven", "rests_on": [{"op": "memref.load", "loc": "{{.*}}:[[#@LINE+20]]:10"}]
// TEXT: window affine.load: proven (rests on affine.load at {{.*}}:[[#@LINE+8]]:10)
// REMARK: :[[#@LINE+9]]:12: remark: affine.load: in bounds (proven) given affine.load at {{.*}}:[[#@LINE+7]]:10 was
#ge3 = affine_set<(d0) : (d0 - 3 >= 0)>
func.func @window(%a: memref<?xi32>, %b: memref<?xi32>, %n: index) -> i32 {
  %z = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %s = affine.for %i = 0 to 10 iter_args(%t = %z) -> (i32) {
    %x = affine.load %a[%i] : memref<?xi32>
    %r = affine.if #ge3(%i) -> i32 {
      %y = affine.load %a[%i - 3] : memref<?xi32>
      affine.yield %y : i32
    } else {
      affine.yield %x : i32
    }
    affine.yield %r : i32
  }
  scf.for %i = %c0 to %n step %c1 {
    %i1 = arith.addi %i, %c1 : index
    %p = memref.load %b[%i1] : memref<?xi32>
    %q = memref.load %b[%i] : memref<?xi32>
  }
  return %s : i32
}

// -----

// An earlier affine access whose indices are map results, not operands:
// the bounds of its results are facts too, each result read where the
// lowering computes it exactly (here by its operands' ranges). `v[n - 1 -
// i]` rests on `m[n - 2 - i - j, n - 1 - i]`, whose second index is the
// same quantity in a dimension of the same size. Near miss: the same
// after an access whose dimension is one larger (unproven).

// CHECK: "loc": "{{.*}}:[[#@LINE+13]]:12", "op": "affine.load", "status": "unproven",
// CHECK: "loc": "{{.*}}:[[#@LINE+13]]:12", "op": "affine.load", "status": "proven", "rests_on": [{"op": "affine.load", "loc": "{{.*}}:[[#@LINE+12]]:12"}]
// CHECK: "loc": "{{.*}}:[[#@LINE+17]]:12", "op": "affine.load", "status": "unproven",
// CHECK: "loc": "{{.*}}:[[#@LINE+17]]:12", "op": "affine.load", "status": "unproven",
// TEXT: map_results affine.load: proven (rests on affine.load at {{.*}}:[[#@LINE+9]]:12)
// REMARK: :[[#@LINE+9]]:12: remark: affine.load: in bounds (proven) given affine.load at {{.*}}:[[#@LINE+8]]:12 was
// REMARK: :[[#@LINE+14]]:12: remark: not proven in bounds:
#tri = affine_map<(d0)[s0] -> (-d0 + s0 - 1)>
func.func @map_results(%v: memref<10xi32>, %m: memref<10x10xi32>, %w: memref<10xi32>, %m11: memref<10x11xi32>,
                       %n32: i32) {
  %n = arith.index_cast %n32 : i32 to index
  affine.for %i = 0 to %n {
    affine.for %j = 0 to #tri(%i)[%n] {
      %x = affine.load %m[-%i - %j + symbol(%n) - 2, -%i + symbol(%n) - 1] : memref<10x10xi32>
      %y = affine.load %v[-%i + symbol(%n) - 1] : memref<10xi32>
    }
  }
  affine.for %i = 0 to %n {
    affine.for %j = 0 to #tri(%i)[%n] {
      %x = affine.load %m11[-%i - %j + symbol(%n) - 2, -%i + symbol(%n) - 1] : memref<10x11xi32>
      %y = affine.load %w[-%i + symbol(%n) - 1] : memref<10xi32>
    }
  }
  return
}

// -----

// Near misses for the prover, all unproven: `b[i + 1]` after `b[i]` (the
// earlier access says nothing of `i + 1 < dim`), `b[i - 1]` after `b[i]`
// without `i >= 1`, and `b[i]` after `b[i + 1]` inside an scf.if region
// (it may not have run).

// CHECK: "functions"
// CHECK-NOT: "rests_on"
// CHECK: "functions"
func.func @prover_near_misses(%b: memref<?xi32>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %p = memref.load %b[%i] : memref<?xi32>
    %i1 = arith.addi %i, %c1 : index
    %q = memref.load %b[%i1] : memref<?xi32>
    %im = arith.subi %i, %c1 : index
    %r = memref.load %b[%im] : memref<?xi32>
  }
  scf.for %i = %c0 to %n step %c1 {
    %i1 = arith.addi %i, %c1 : index
    scf.if %c {
      %p = memref.load %b[%i1] : memref<?xi32>
    }
    %q = memref.load %b[%i] : memref<?xi32>
  }
  return
}

// -----

// An access in each branch of an earlier if: one of them ran, so a later
// access at the same place rests on both. Near miss: an if whose else
// branch has no such access.

// CHECK: "loc": "{{.*}}:[[#@LINE+14]]:5", "op": "affine.store", "status": "proven", "rests_on": [{"op": "affine.load", "loc": "{{.*}}:[[#@LINE+8]]:12"}, {"op": "affine.load", "loc": "{{.*}}:[[#@LINE+11]]:12"}]
// CHECK: "loc": "{{.*}}:[[#@LINE+20]]:5", "op": "affine.store", "status": "unproven",
// TEXT: both_branches affine.store: proven (rests on affine.load at {{.*}}:[[#@LINE+6]]:12, affine.load at {{.*}}:[[#@LINE+9]]:12)
// REMARK: :[[#@LINE+11]]:5: remark: affine.store: in bounds (proven) given affine.load at {{.*}}:[[#@LINE+5]]:12 and affine.load at {{.*}}:[[#@LINE+8]]:12 were
#odd = affine_set<(d0) : (d0 mod 2 - 1 == 0)>
func.func @both_branches(%a: memref<?xi32>, %b: memref<?xi32>, %n: index) {
  affine.for %i = 0 to %n {
    %v = affine.if #odd(%i) -> i32 {
      %x = affine.load %a[%i] : memref<?xi32>
      affine.yield %x : i32
    } else {
      %y = affine.load %a[%i] : memref<?xi32>
      affine.yield %y : i32
    }
    affine.store %v, %a[%i] : memref<?xi32>
    %w = affine.if #odd(%i) -> i32 {
      %x = affine.load %b[%i] : memref<?xi32>
      affine.yield %x : i32
    } else {
      affine.yield %v : i32
    }
    affine.store %w, %b[%i] : memref<?xi32>
  }
  return
}
