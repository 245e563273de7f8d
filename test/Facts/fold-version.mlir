// RUN: %mlir-opt %s -split-input-file --generate-runtime-verification | %loom-opt -split-input-file --pass-pipeline='builtin.module(loom-fold-loop-facts{version-functions=true},canonicalize)' | FileCheck %s
// RUN: %mlir-opt %s -split-input-file --generate-runtime-verification | %loom-opt -split-input-file --pass-pipeline='builtin.module(loom-fold-loop-facts,canonicalize)' | FileCheck %s --check-prefix=OFF
// RUN: %mlir-opt %s -split-input-file --generate-runtime-verification | %loom-opt -split-input-file --pass-pipeline='builtin.module(canonicalize,loom-fold-loop-facts{version-functions=true},canonicalize)' | FileCheck %s --check-prefix=CANON

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
// makes `%b[%k]` in bounds where the loop runs (the only ones derived are
// the loop's "does not run" cases, which are refused), so nothing is
// versioned and every check stays.
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

// -----

// An i8 size: the condition reads it sign-extended, as the facts read it.
// CHECK-LABEL: func.func @narrow(
// CHECK-SAME: loom.version_condition = "%arg0 <= dim(%arg1, 0)"
// CHECK: arith.extsi %arg0 : i8 to i128
// CHECK: cf.cond_br
func.func @narrow(%n: i8, %a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %ni = arith.index_cast %n : i8 to index
  scf.for %i = %c0 to %ni step %c1 {
    memref.store %f, %a[%i] : memref<?xf32>
  }
  return
}

// -----

// A cast to a static size is checked with `eq` (`dim(%a, 0) == 4`): two
// relations. Its offset and stride checks read
// memref.extract_strided_metadata, which canonicalize folds and the facts
// do not decide: without canonicalize first the function is not
// versioned (a near miss), with it the condition is the size's.
// CHECK-LABEL: func.func @cast(
// CHECK-NOT: loom.version_condition
// CHECK: return
// CANON-LABEL: func.func @cast(
// CANON-SAME: loom.version_condition = "dim(%arg0, 0) <= 4 and 4 <= dim(%arg0, 0)"
// CANON: cf.cond_br
// CANON: cf.assert
// CANON: return
// CANON-NOT: cf.assert
// CANON: return
func.func @cast(%a: memref<?xf32>) -> f32 {
  %c3 = arith.constant 3 : index
  %s = memref.cast %a : memref<?xf32> to memref<4xf32>
  %x = memref.load %s[%c3] : memref<4xf32>
  return %x : f32
}

// -----

// A check's comparison with another use: the select reads it too, and
// takes its true operand in the unchecked copy.
// CHECK-LABEL: func.func @shared(
// CHECK-SAME: loom.version_condition = "%arg0 + 1 <= dim(%arg1, 0)"
// CHECK: cf.cond_br %{{.*}}, ^[[FAST:.*]], ^[[CHECKED:[^ ]*]]
// CHECK-NEXT: ^[[CHECKED]]:
// CHECK: cf.assert
// CHECK: arith.select
// CHECK: ^[[FAST]]:
// CHECK-NOT: arith.select
// CHECK-NEXT: return %cst : f32
func.func @shared(%n: index, %a: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %d = memref.dim %a, %c0 : memref<?xf32>
  %ok = arith.cmpi slt, %n, %d : index
  cf.assert %ok, "n < dim"
  %v = arith.select %ok, %one, %z : f32
  return %v : f32
}

// -----

// A stack slot of the entry block stays there, ahead of the branch: both
// versions use it, and LLVM still sees a static alloca.
// CHECK-LABEL: func.func @slots(
// CHECK: memref.alloca() : memref<1xf32>
// CHECK-NOT: memref.alloca
// CHECK: cf.cond_br
// CHECK-NOT: memref.alloca
// CHECK: return
func.func @slots(%n: index, %a: memref<?xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %acc = memref.alloca() : memref<1xf32>
  %z = arith.constant 0.0 : f32
  memref.store %z, %acc[%c0] : memref<1xf32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xf32>
    %s = memref.load %acc[%c0] : memref<1xf32>
    %t = arith.addf %s, %x : f32
    memref.store %t, %acc[%c0] : memref<1xf32>
  }
  %r = memref.load %acc[%c0] : memref<1xf32>
  return %r : f32
}

// -----

// Many `arith.andi`s over one comparison (a DAG that doubles at each
// level): each leaf is read once.
// CHECK-LABEL: func.func @dag(
// CHECK-SAME: loom.version_condition = "%arg0 + 1 <= dim(%arg1, 0)"
func.func @dag(%n: index, %a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %ok = arith.cmpi slt, %n, %d : index
  %a1 = arith.andi %ok, %ok : i1
  %a2 = arith.andi %a1, %a1 : i1
  %a3 = arith.andi %a2, %a2 : i1
  %a4 = arith.andi %a3, %a3 : i1
  %a5 = arith.andi %a4, %a4 : i1
  %a6 = arith.andi %a5, %a5 : i1
  %a7 = arith.andi %a6, %a6 : i1
  %a8 = arith.andi %a7, %a7 : i1
  %a9 = arith.andi %a8, %a8 : i1
  %a10 = arith.andi %a9, %a9 : i1
  %a11 = arith.andi %a10, %a10 : i1
  %a12 = arith.andi %a11, %a11 : i1
  %a13 = arith.andi %a12, %a12 : i1
  %a14 = arith.andi %a13, %a13 : i1
  %a15 = arith.andi %a14, %a14 : i1
  %a16 = arith.andi %a15, %a15 : i1
  %a17 = arith.andi %a16, %a16 : i1
  %a18 = arith.andi %a17, %a17 : i1
  %a19 = arith.andi %a18, %a18 : i1
  %a20 = arith.andi %a19, %a19 : i1
  %a21 = arith.andi %a20, %a20 : i1
  %a22 = arith.andi %a21, %a21 : i1
  %a23 = arith.andi %a22, %a22 : i1
  %a24 = arith.andi %a23, %a23 : i1
  %a25 = arith.andi %a24, %a24 : i1
  %a26 = arith.andi %a25, %a25 : i1
  %a27 = arith.andi %a26, %a26 : i1
  %a28 = arith.andi %a27, %a27 : i1
  %a29 = arith.andi %a28, %a28 : i1
  %a30 = arith.andi %a29, %a29 : i1
  %a31 = arith.andi %a30, %a30 : i1
  %a32 = arith.andi %a31, %a31 : i1
  %a33 = arith.andi %a32, %a32 : i1
  %a34 = arith.andi %a33, %a33 : i1
  %a35 = arith.andi %a34, %a34 : i1
  %a36 = arith.andi %a35, %a35 : i1
  %a37 = arith.andi %a36, %a36 : i1
  %a38 = arith.andi %a37, %a37 : i1
  %a39 = arith.andi %a38, %a38 : i1
  %a40 = arith.andi %a39, %a39 : i1
  cf.assert %a40, "n < dim"
  return
}
