// RUN: %mlir-opt %s -split-input-file --generate-runtime-verification | %loom-opt -split-input-file --pass-pipeline='builtin.module(loom-fold-loop-facts{version-functions=true},canonicalize)' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --generate-runtime-verification | %loom-opt -split-input-file --pass-pipeline='builtin.module(loom-fold-loop-facts,canonicalize)' | FileCheck %s --check-prefix=OFF

// Function versioning: a function whose runtime checks
// (--generate-runtime-verification's cf.asserts) all hold under one
// condition on its arguments gets a new entry block that evaluates the
// condition in i128 and branches to an unchecked copy of the body when it
// holds, to the original, checked body otherwise. Without the option
// nothing is versioned (OFF). (Upstream ops only: Debian's mlir-opt adds
// the checks.)

// A kernel whose size is an argument: the check `%i < dim(%a, 0)` holds
// when `%n <= dim(%a, 0)`; the check of `%b[%i]`, after the first one
// passed, when `%n <= dim(%b, 0)` or `dim(%a, 0) <= dim(%b, 0)`. The
// function carries its condition.
// CHECK-LABEL: func.func @copy(
// CHECK-SAME: %[[N:[^:]*]]: index, %[[A:[^:]*]]: memref<?xf32>, %[[B:[^:]*]]: memref<?xf32>)
// CHECK-SAME: attributes {loom.version_condition = "%arg0 <= dim(%arg1, 0) and (%arg0 <= dim(%arg2, 0) or dim(%arg1, 0) <= dim(%arg2, 0))"}
// CHECK-DAG: %[[NW:.*]] = arith.index_cast %[[N]] : index to i128
// CHECK-DAG: %[[DA:.*]] = memref.dim %[[A]]
// CHECK-DAG: %[[DB:.*]] = memref.dim %[[B]]
// CHECK: cf.cond_br %{{.*}}, ^[[FAST:.*]], ^[[CHECKED:[^ ]*]]
// CHECK-NEXT: ^[[CHECKED]]:
// CHECK: cf.assert
// CHECK: memref.load %[[A]]
// CHECK: cf.assert
// CHECK: memref.store %{{.*}}, %[[B]]
// CHECK: return
// CHECK-NEXT: ^[[FAST]]:
// CHECK-NOT: cf.assert
// CHECK: memref.load %[[A]]
// CHECK-NOT: cf.assert
// CHECK: memref.store %{{.*}}, %[[B]]
// CHECK-NOT: cf.assert
// CHECK: return
// OFF-LABEL: func.func @copy(
// OFF-NOT: cf.cond_br
// OFF: return
func.func @copy(%n: index, %a: memref<?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xf32>
    memref.store %x, %b[%i] : memref<?xf32>
  }
  return
}

// -----

// An i32 size and a static inner dimension: the condition reads the
// argument sign-extended, and both loops' "does not run" cases.
// CHECK-LABEL: func.func @rows(
// CHECK-SAME: loom.version_condition = "(%arg0 <= dim(%arg2, 0) or %arg1 <= 0) and (%arg0 <= 0 or %arg1 <= 16) and (%arg0 <= dim(%arg3, 0) or %arg1 <= 0 or dim(%arg2, 0) <= dim(%arg3, 0))"
// CHECK: arith.extsi %arg0 : i32 to i128
// CHECK: cf.cond_br
// CHECK: cf.assert
// CHECK: return
// CHECK-NOT: cf.assert
// CHECK: return
func.func @rows(%m: i32, %n: index, %A: memref<?x16xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %mi = arith.index_cast %m : i32 to index
  scf.for %i = %c0 to %mi step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %a = memref.load %A[%i, %j] : memref<?x16xf32>
      memref.store %a, %y[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// Near miss: an index loaded from memory. No condition on the arguments
// makes `%b[%k]` in bounds, so nothing is versioned and every check stays.
// CHECK-LABEL: func.func @gather(
// CHECK-NOT: cf.cond_br
// CHECK: cf.assert
// CHECK: return
func.func @gather(%n: index, %idx: memref<?xindex>, %b: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %k = memref.load %idx[%i] : memref<?xindex>
    %x = memref.load %b[%k] : memref<?xf32>
    memref.store %x, %out[%i] : memref<?xf32>
  }
  return
}

// -----

// Near miss: every check is decided without a condition (the loop's bound
// is the buffer's size). The checks fold in place; there is nothing to
// version.
// CHECK-LABEL: func.func @proven(
// CHECK-NOT: cf.cond_br
// CHECK-NOT: cf.assert
// CHECK: return
func.func @proven(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %d = memref.dim %a, %c0 : memref<?xf32>
  scf.for %i = %c0 to %d step %c1 {
    memref.store %f, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// Near miss: one assert's condition is an argument, not a comparison. The
// function keeps one body, with its other check too.
// CHECK-LABEL: func.func @flag(
// CHECK-NOT: cf.cond_br
// CHECK: cf.assert %arg2, "flag"
// CHECK: cf.assert
// CHECK: return
func.func @flag(%n: index, %a: memref<?xf32>, %ok: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  cf.assert %ok, "flag"
  scf.for %i = %c0 to %n step %c1 {
    memref.store %f, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// Near miss: a check that fails wherever it runs (the store's index is the
// buffer's size) is not implied by any condition.
// CHECK-LABEL: func.func @past_end(
// CHECK-NOT: cf.cond_br
// CHECK: cf.assert
// CHECK: return
func.func @past_end(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %d = memref.dim %a, %c0 : memref<?xf32>
  memref.store %f, %a[%d] : memref<?xf32>
  return
}

// -----

// Near miss: a function already versioned (it has its condition) is not
// versioned again when the pass runs a second time.
// CHECK-LABEL: func.func @again(
// CHECK-SAME: loom.version_condition = "given"
// CHECK-NOT: cf.cond_br
// CHECK: cf.assert
// CHECK: return
func.func @again(%n: index, %a: memref<?xf32>) attributes {loom.version_condition = "given"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %f, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// A clause may say "or the loop does not run" (`%arg0 <= 0`), as long as
// another of its alternatives lets the check run (here `a[i + 1]` in
// bounds); a clause of such cases alone is refused (@gather: its loaded
// index is in bounds only where the loop does not run).
// CHECK-LABEL: func.func @tail(
// CHECK-SAME: loom.version_condition = "%arg0 <= 0 or %arg0 + 1 <= dim(%arg1, 0)"
// CHECK: cf.cond_br
func.func @tail(%n: index, %a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    %i1 = arith.addi %i, %c1 : index
    memref.store %f, %a[%i1] : memref<?xf32>
  }
  return
}

// -----

// The loop's bound is `dim(%a, 0)`: --generate-runtime-verification checks
// the memref.dim's index against `memref.rank` (decided: the rank of a
// ranked memref is a constant), and the store's index against
// `dim(%b, 0)`, which holds when `dim(%a, 0) <= dim(%b, 0)`.
// CHECK-LABEL: func.func @copy_dim(
// CHECK-SAME: loom.version_condition = "dim(%arg0, 0) <= dim(%arg1, 0)"
// CHECK: cf.cond_br
// CHECK: cf.assert
// CHECK: return
// CHECK-NOT: cf.assert
// CHECK: return
func.func @copy_dim(%a: memref<?xf32>, %b: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  scf.for %i = %c0 to %d step %c1 {
    %x = memref.load %a[%i] : memref<?xf32>
    memref.store %x, %b[%i] : memref<?xf32>
  }
  return
}
