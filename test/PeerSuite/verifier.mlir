// Upstream's early-exit verifier tests, translated to loom. Origin of each
// case: llvm/llvm-project PR 166688 (scf.loop/scf.break/scf.continue),
// mlir/test/IR/early-exit-invalid.mlir, and PR 201129 (scf.execute_region
// with a token), mlir/test/Dialect/SCF/lower-early-exit-invalid.mlir. In
// loom, `scf.loop token(%t)` is `loom.loop token(%t)`, `scf.break [%t] v`
// is `loom.break %t, v`, a token-carrying `scf.execute_region` is
// `loom.scope`, and an exit inside `scf.if` is an exit inside `loom.if`.
// Upstream words its messages as region-branch edges; loom's name the exit,
// the target and the mismatch.
// RUN: %loom-opt %s --split-input-file --verify-diagnostics

// Origin: PR 166688, early-exit-invalid.mlir, loop_result_mismatch.
func.func @loop_result_mismatch(%value: f32) {
  %result = loom.loop token(%loop) -> (i32) {
    // expected-error @+1 {{'loom.break' op break value #0 has type 'f32' but 'loom.loop' expects 'i32'}}
    loom.break %loop, %value : f32
  }
  return
}

// -----

// Origin: PR 166688, early-exit-invalid.mlir,
// outer_loop_result_mismatch_through_if_in_inner_loop.
func.func @outer_loop_result_mismatch_through_if_in_inner_loop(%cond: i1, %value: f32) {
  %result = loom.loop token(%outer) -> (i32) {
    loom.loop token(%inner) {
      loom.if %cond {
        // expected-error @+1 {{'loom.break' op break value #0 has type 'f32' but 'loom.loop' expects 'i32'}}
        loom.break %outer, %value : f32
      }
      loom.continue %inner
    }
    loom.continue %outer
  }
  return
}

// -----

// Origin: PR 166688, early-exit-invalid.mlir, loop_result_number_mismatch.
func.func @loop_result_number_mismatch(%value: f32) {
  %result:2 = loom.loop token(%loop) -> (f32, f32) {
    // expected-error @+1 {{'loom.break' op break forwards 1 value(s) but 'loom.loop' expects 2}}
    loom.break %loop, %value : f32
  }
  return
}

// -----

// Origin: PR 166688, early-exit-invalid.mlir, loop_continue_mismatch.
func.func @loop_continue_mismatch(%init: i32, %value: f32) {
  loom.loop token(%loop) iter_args(%next = %init) : (i32) {
    // expected-error @+1 {{'loom.continue' op continue value #0 has type 'f32' but 'loom.loop' expects 'i32'}}
    loom.continue %loop, %value : f32
  }
  return
}

// -----

// Origin: PR 166688, early-exit-invalid.mlir, loop_iterargs_mismatch (type).
func.func @loop_iterargs_type_mismatch(%init: i32) {
  // expected-error @+1 {{'loom.loop' op iteration argument #0 has type 'f32' but its initial value has type 'i32'}}
  "loom.loop"(%init) ({
  ^body(%token: !loom.token, %next: f32):
    "loom.continue"(%token, %init) : (!loom.token, i32) -> ()
  }) : (i32) -> ()
  return
}

// -----

// Origin: PR 166688, early-exit-invalid.mlir, loop_iterargs_mismatch (count).
func.func @loop_iterargs_count_mismatch(%init: i32) {
  // expected-error @+1 {{'loom.loop' op body must have 2 block argument(s) (the token, then one per iteration argument) but has 3}}
  "loom.loop"(%init) ({
  ^body(%token: !loom.token, %next: i32, %next2: f32):
    "loom.continue"(%token, %init) : (!loom.token, i32) -> ()
  }) : (i32) -> ()
  return
}

// -----

// Origin: PR 166688, early-exit-invalid.mlir, break_through_for_missing_trait.
// scf.for does not let exits pass.
func.func @break_through_for(%lb: index, %ub: index, %step: index, %cond: i1) {
  // expected-note @+1 {{target is here}}
  loom.loop token(%loop) {
    // expected-note @+1 {{crossed op is here}}
    scf.for %i = %lb to %ub step %step {
      loom.if %cond {
        // expected-error @+1 {{'loom.break' op cannot break through 'scf.for': it does not have PropagateControlFlowBreak}}
        loom.break %loop
      }
    }
    loom.continue %loop
  }
  return
}

// -----

// Origin: PR 166688, early-exit-invalid.mlir, break_through_while. As
// upstream, scf.while's own verifier rejects the exit ending its body first.
func.func @break_through_while(%cond: i1) {
  %init = arith.constant true
  loom.loop token(%loop) {
    // expected-error @+1 {{'scf.while' op expects the 'after' region to terminate with 'scf.yield'}}
    scf.while (%arg = %init) : (i1) -> i1 {
      scf.condition(%arg) %arg : i1
    } do {
    ^bb0(%arg2: i1):
      // expected-note @+1 {{terminator here}}
      loom.break %loop
    }
    loom.continue %loop
  }
  return
}

// -----

// Origin: PR 166688, early-exit-invalid.mlir, break_without_token.
func.func @break_without_token() {
  loom.loop token(%loop) {
    // expected-error @+1 {{'loom.break' op expected 1 or more operands, but found 0}}
    "loom.break"() : () -> ()
  }
  return
}

// -----

// Origin: PR 166688, early-exit-invalid.mlir, loop_non_token_control.
func.func @loop_non_token_control() {
  "loom.loop"() ({
  ^bb0(%outer: !loom.token):
    // expected-error @+1 {{'loom.loop' op entry block argument #0 must be the !loom.token of the op}}
    "loom.loop"() ({
    ^bb1(%bad: i32):
      "loom.break"(%outer) : (!loom.token) -> ()
    }) : () -> ()
    "loom.continue"(%outer) : (!loom.token) -> ()
  }) : () -> ()
  return
}

// -----

// Origin: PR 201129, lower-early-exit-invalid.mlir, reject_cf_br. Upstream's
// lowering rejects a multi-block body; a loom.scope body is one block, so
// the verifier rejects it.
func.func @reject_cf_br(%v: f32) -> f32 {
  // expected-error @+1 {{'loom.scope' op expects region #0 to have 0 or 1 blocks}}
  %0 = "loom.scope"() ({
  ^bb0(%tok: !loom.token):
    cf.br ^bb1
  ^bb1:
    "loom.yield"(%v) : (f32) -> ()
  }) : () -> f32
  return %0 : f32
}

// -----

// Origin: PR 201129, lower-early-exit-invalid.mlir, reject_cf_cond_br.
func.func @reject_cf_cond_br(%c: i1, %v: f32) -> f32 {
  // expected-error @+1 {{'loom.scope' op expects region #0 to have 0 or 1 blocks}}
  %0 = "loom.scope"() ({
  ^bb0(%tok: !loom.token):
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    "loom.yield"(%v) : (f32) -> ()
  ^bb2:
    "loom.yield"(%v) : (f32) -> ()
  }) : () -> f32
  return %0 : f32
}
