// loom's early-exit interfaces used by a dialect other than loom: the
// test-only `loomtest` dialect (registered by loom-opt only, the way mlir-opt
// registers its test dialect). `loomtest.wrap` has PropagateControlFlowBreak,
// its sibling `loomtest.opaque` does not.
// RUN: %loomopt-bin %s --split-input-file --verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @break_through_wrap(
// CHECK:      loom.loop token(%[[T:.*]]) -> (i32) {
// CHECK-NEXT:   loomtest.wrap {
// CHECK-NEXT:     loom.if %{{.*}} {
// CHECK-NEXT:       loom.break %[[T]], %{{.*}} : i32
// CHECK-NEXT:     }
// CHECK-NEXT:     loomtest.end
// CHECK-NEXT:   }
func.func @break_through_wrap(%c: i1, %x: i32) -> i32 {
  %r = loom.loop token(%t) -> (i32) {
    loomtest.wrap {
      loom.if %c { loom.break %t, %x : i32 }
      loomtest.end
    }
    loom.continue %t
  }
  return %r : i32
}

// -----

// Nested wraps, and an exit ending a wrap's region directly.
// CHECK-LABEL: func.func @continue_through_nested_wraps(
// CHECK: loomtest.wrap {
// CHECK-NEXT: loomtest.wrap {
// CHECK-NEXT: loom.continue
func.func @continue_through_nested_wraps(%c: i1) {
  loom.loop token(%t) {
    loom.if %c { loom.break %t }
    loomtest.wrap {
      loomtest.wrap {
        loom.continue %t
      }
      loomtest.end
    }
    loom.break %t
  }
  return
}

// -----

func.func @break_through_opaque(%c: i1, %x: i32) -> i32 {
  // expected-note @+1 {{target is here}}
  %r = loom.loop token(%t) -> (i32) {
    // expected-note @+1 {{crossed op is here}}
    loomtest.opaque {
      // expected-error @+1 {{'loom.break' op cannot break through 'loomtest.opaque': it does not have PropagateControlFlowBreak}}
      loom.if %c { loom.break %t, %x : i32 }
      loomtest.end
    }
    loom.continue %t
  }
  return %r : i32
}

// -----

// The innermost op without the trait is the one reported, even inside a wrap.
func.func @break_through_opaque_in_wrap(%c: i1) {
  // expected-note @+1 {{target is here}}
  loom.scope token(%s) {
    loomtest.wrap {
      // expected-note @+1 {{crossed op is here}}
      loomtest.opaque {
        loomtest.wrap {
          // expected-error @+1 {{'loom.break' op cannot break through 'loomtest.opaque'}}
          loom.break %s
        }
        loomtest.end
      }
      loomtest.end
    }
    loom.yield
  }
  return
}

// -----

// A break inside an opaque op to a target that is itself inside it is fine.
// CHECK-LABEL: func.func @break_inside_opaque(
// CHECK: loomtest.opaque {
// CHECK-NEXT: loom.scope
func.func @break_inside_opaque(%c: i1) {
  loomtest.opaque {
    loom.scope token(%s) {
      loom.if %c { loom.break %s }
      loom.yield
    }
    loomtest.end
  }
  return
}
