// RUN: %loom-opt %s --split-input-file --verify-diagnostics -o /dev/null --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'

// The integer set of an enclosing affine.if holds in its then-region and
// fails in its else-region, as the lowering computes it: each constraint
// is a fact where the access runs. Each case has a near miss that stays
// unproven.

// A C front end's `if (i >= 3) a[i - 3]` (Polygeist emits affine.if).
func.func @then_region(%a: memref<7xi32>) {
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 - 3 >= 0)>(%i) {
      // expected-remark @below {{affine.load: in bounds (proven)}}
      %x = affine.load %a[%i - 3] : memref<7xi32>
      // expected-remark @below {{not proven in bounds: affine.load}}
      %y = affine.load %a[%i - 4] : memref<7xi32>
    }
  }
  return
}

// -----

// Two constraints and a symbol: 2 <= i <= n - 1 with n = 8.
func.func @two_constraints(%a: memref<6xi32>) {
  %n = arith.constant 8 : index
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0)[s0] : (d0 - 2 >= 0, s0 - d0 - 1 >= 0)>(%i)[%n] {
      // expected-remark @below {{affine.load: in bounds (proven)}}
      %x = affine.load %a[%i - 2] : memref<6xi32>
      // expected-remark @below {{not proven in bounds: affine.load}}
      %y = affine.load %a[%i - 1] : memref<6xi32>
    }
  }
  return
}

// -----

// An equality: i == 5.
func.func @equality(%a: memref<6xi32>) {
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 - 5 == 0)>(%i) {
      // expected-remark @below {{affine.load: in bounds (proven)}}
      %x = affine.load %a[%i] : memref<6xi32>
      // expected-remark @below {{not proven in bounds: affine.load}}
      %y = affine.load %a[%i + 1] : memref<6xi32>
    }
  }
  return
}

// -----

// The else-region of one constraint: i <= 2 there.
func.func @else_region(%a: memref<8xi32>) {
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 - 3 >= 0)>(%i) {
    } else {
      // expected-remark @below {{affine.load: in bounds (proven)}}
      %x = affine.load %a[%i + 5] : memref<8xi32>
      // expected-remark @below {{not proven in bounds: affine.load}}
      %y = affine.load %a[%i + 6] : memref<8xi32>
    }
  }
  return
}

// -----

// The else-region of two constraints says nothing (either may fail), and
// a memref.load under the then-region is bounded too.
func.func @else_of_two(%a: memref<8xi32>) {
  %c3 = arith.constant 3 : index
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 - 3 >= 0, 7 - d0 >= 0)>(%i) {
      %j = arith.subi %i, %c3 : index
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %x = memref.load %a[%j] : memref<8xi32>
    } else {
      // expected-remark @below {{not proven in bounds: affine.load}}
      %y = affine.load %a[%i] : memref<8xi32>
    }
  }
  return
}
