// Uses the test-only loomtest dialect, which only loom-opt registers.
// Exits the lowerings cannot express fail with a diagnostic, never a crash,
// and leave nothing half-lowered (the pass fails before changing anything).
// RUN: %loomopt-bin %s --loom-lower-to-cf --split-input-file -verify-diagnostics
// RUN: %loomopt-bin %s --loom-lower-to-scf --split-input-file -verify-diagnostics
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-lower-to-llvm)' --split-input-file 2>&1 | FileCheck %s

// loomtest.wrap lets exits pass (PropagateControlFlowBreak), so the verifier
// accepts this, but neither a CFG nor scf results can leave its region.
func.func @through_third_party(%c: i1) {
  loom.loop token(%t) {
    // expected-note @below {{crossed op is here}}
    loomtest.wrap {
      loom.if %c {
        // expected-error @below {{cannot lower an exit through 'loomtest.wrap'}}
        loom.break %t
      }
      loomtest.end
    }
    loom.continue %t
  }
  return
}
// CHECK: error: 'loom.break' op loom-lower-to-cf cannot lower an exit through 'loomtest.wrap'

// -----

// Every offending exit is reported, not only the first.
func.func @two_exits(%c: i1) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = loom.scope token(%s) -> (i32) {
    // expected-note @below {{crossed op is here}}
    loomtest.wrap {
      // expected-error @below {{cannot lower an exit through 'loomtest.wrap'}}
      loom.break %s, %c0 : i32
    }
    loom.loop token(%t) {
      // expected-note @below {{crossed op is here}}
      loomtest.wrap {
        // expected-error @below {{cannot lower an exit through 'loomtest.wrap'}}
        loom.continue %t
      }
      loom.break %t
    }
    loom.yield %c0 : i32
  }
  return %r : i32
}
// CHECK: error: 'loom.break' op loom-lower-to-cf cannot lower an exit through 'loomtest.wrap'
// CHECK: error: 'loom.continue' op loom-lower-to-cf cannot lower an exit through 'loomtest.wrap'
