// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(loom-fold-loop-facts)' | FileCheck %s

// loom-fold-loop-facts folds nothing that rests on a constant an attribute
// states where index is 32 bits wide and the constant does not fit: the
// lowering truncates it (3000000000 is -1294967296, 4294967298 is 2,
// 4294967296 is 0), upstream's folders do not. Each comparison below is
// decided the other way, or not at all, by the program lowered directly
// (test/Execution/index32-attribute-constants.mlir runs the first, third
// and fourth); each near miss, with a constant that fits, folds.

module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  // %i floordiv -1294967296 is -1, %i ceildiv -1294967296 is 0, for %i in
  // [1999999999, 2000000000].
  // CHECK-LABEL: func.func @divisions
  func.func @divisions() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // CHECK: affine.for
    affine.for %i = 1999999999 to 2000000001 {
      // CHECK: %[[Q:.*]] = affine.apply
      // CHECK-NEXT: %[[Z:.*]] = arith.cmpi eq, %[[Q]], %c0
      // CHECK-NEXT: "test.use"(%[[Z]])
      %q = affine.apply affine_map<(d0) -> (d0 floordiv 3000000000)>(%i)
      %z = arith.cmpi eq, %q, %c0 : index
      "test.use"(%z) : (i1) -> ()
      // CHECK: %[[C:.*]] = affine.apply
      // CHECK-NEXT: %[[O:.*]] = arith.cmpi eq, %[[C]], %c1
      // CHECK-NEXT: "test.use"(%[[O]])
      %c = affine.apply affine_map<(d0) -> (d0 ceildiv 3000000000)>(%i)
      %o = arith.cmpi eq, %c, %c1 : index
      "test.use"(%o) : (i1) -> ()
      // Near misses: 2000000001 fits.
      // CHECK: affine.apply
      // CHECK-NEXT: %[[T:.*]] = arith.constant true
      // CHECK-NEXT: "test.use"(%[[T]])
      %q2 = affine.apply affine_map<(d0) -> (d0 floordiv 2000000001)>(%i)
      %z2 = arith.cmpi eq, %q2, %c0 : index
      "test.use"(%z2) : (i1) -> ()
      // CHECK: affine.apply
      // CHECK-NEXT: %[[T2:.*]] = arith.constant true
      // CHECK-NEXT: "test.use"(%[[T2]])
      %c2 = affine.apply affine_map<(d0) -> (d0 ceildiv 2000000001)>(%i)
      %o2 = arith.cmpi eq, %c2, %c1 : index
      "test.use"(%o2) : (i1) -> ()
    }
    return
  }

  // Steps of 4294967298 run as steps of 2: %i == 0 fails at %i = 2.
  // CHECK-LABEL: func.func @steps
  func.func @steps() {
    %c0 = arith.constant 0 : index
    // CHECK: affine.for
    // CHECK-NEXT: arith.cmpi eq
    affine.for %i = 0 to 4 step 4294967298 {
      %z = arith.cmpi eq, %i, %c0 : index
      "test.use"(%z) : (i1) -> ()
    }
    // CHECK: affine.parallel
    // CHECK-NEXT: arith.cmpi eq
    affine.parallel (%i) = (0) to (4) step (4294967298) {
      %z = arith.cmpi eq, %i, %c0 : index
      "test.use"(%z) : (i1) -> ()
    }
    // CHECK: scf.forall
    // CHECK-NEXT: arith.cmpi eq
    scf.forall (%i) = (0) to (4) step (4294967298) {
      %z = arith.cmpi eq, %i, %c0 : index
      "test.use"(%z) : (i1) -> ()
    }
    // Near misses: the largest 32-bit step runs %i = 0 only.
    // CHECK: affine.for
    // CHECK-NEXT: arith.constant true
    affine.for %i = 0 to 4 step 2147483647 {
      %z = arith.cmpi eq, %i, %c0 : index
      "test.use"(%z) : (i1) -> ()
    }
    // CHECK: affine.parallel
    // CHECK-NEXT: arith.constant true
    affine.parallel (%i) = (0) to (4) step (2147483647) {
      %z = arith.cmpi eq, %i, %c0 : index
      "test.use"(%z) : (i1) -> ()
    }
    // CHECK: scf.forall
    // CHECK-NEXT: arith.constant true
    scf.forall (%i) = (0) to (4) step (2147483647) {
      %z = arith.cmpi eq, %i, %c0 : index
      "test.use"(%z) : (i1) -> ()
    }
    return
  }

  // max(%s, 4294967296) is max(%s, 0) as executed: 0 for %s = 0. The
  // max is not folded to 4294967296 either.
  // CHECK-LABEL: func.func @extremum
  func.func @extremum(%s: index) -> (i1, i1, index) {
    %c0 = arith.constant 0 : index
    // CHECK: %[[M:.*]] = affine.max
    // CHECK-NEXT: %[[Z:.*]] = arith.cmpi eq, %[[M]], %c0
    %m = affine.max affine_map<()[s0] -> (s0, 4294967296)>()[%s]
    %z = arith.cmpi eq, %m, %c0 : index
    // Near miss: max(%s, 2147483647) is never 0.
    // CHECK: affine.max
    // CHECK-NEXT: %[[F:.*]] = arith.constant false
    %n = affine.max affine_map<()[s0] -> (s0, 2147483647)>()[%s]
    %y = arith.cmpi eq, %n, %c0 : index
    // CHECK: return %[[Z]], %[[F]], %[[M]]
    return %z, %y, %m : i1, i1, index
  }
}

// -----

// Each scope reads at its own width: in the 64-bit host 3000000000 is
// itself and the comparison folds.
// CHECK-LABEL: func.func @host
// CHECK: arith.constant true
// CHECK-LABEL: module @device
// CHECK: arith.cmpi eq
module {
  func.func @host() {
    %c0 = arith.constant 0 : index
    affine.for %i = 1999999999 to 2000000001 {
      %q = affine.apply affine_map<(d0) -> (d0 floordiv 3000000000)>(%i)
      %z = arith.cmpi eq, %q, %c0 : index
      "test.use"(%z) : (i1) -> ()
    }
    return
  }
  module @device attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
    func.func @device() {
      %c0 = arith.constant 0 : index
      affine.for %i = 1999999999 to 2000000001 {
        %q = affine.apply affine_map<(d0) -> (d0 floordiv 3000000000)>(%i)
        %z = arith.cmpi eq, %q, %c0 : index
        "test.use"(%z) : (i1) -> ()
      }
      return
    }
  }
}
