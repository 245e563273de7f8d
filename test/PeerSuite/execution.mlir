// Upstream's early-exit lowering tests, translated to loom and run: each
// program is lowered by loom-lower-to-cf and by loom-lower-to-scf (with and
// without canonicalize first), then by upstream passes to LLVM, and run;
// all four runs must print the values the program's semantics give.
// Upstream checks the IR its lowering produces; loom's lowered IR differs,
// so what is checked here is behaviour. Origins: llvm/llvm-project PR 201129,
// mlir/test/Dialect/SCF/lower-early-exit.mlir (a token-carrying
// scf.execute_region is a loom.scope, `scf.break %tok, v` is
// `loom.break %tok, v`, an scf.if holding a break is a loom.if), and PR
// 166688, mlir/test/Conversion/SCFToControlFlow (scf.loop to cf). Upstream's
// "test.*" placeholder ops are arithmetic or prints here, so that the path
// taken shows in the output.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-cf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(canonicalize,loom-lower-to-cf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(canonicalize,loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// And with every claim loom's facts make checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-cf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(canonicalize,loom-check-claims,loom-lower-to-scf)' | %mlir-opt %upstream-to-llvm | %run-main | FileCheck %s

// Origin: PR 201129, break_in_if.
func.func @break_in_if(%cond: i1, %v1: i32, %v2: i32) -> i32 {
  %0 = loom.scope token(%tok) -> (i32) {
    loom.if %cond {
      loom.break %tok, %v1 : i32
    }
    %1 = arith.addi %v2, %v2 : i32
    loom.yield %1 : i32
  }
  return %0 : i32
}

// Origin: PR 201129, break_through_execute_region ("test.use" is * 3).
func.func @break_through_execute_region(%c1: i1, %v1: i32, %v2: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %0 = loom.scope token(%tok) -> (i32) {
    %b = loom.scope token(%tok2) -> (i32) {
      loom.if %c1 {
        loom.break %tok, %v1 : i32
      }
      loom.yield %v2 : i32
    }
    %u = arith.muli %b, %c3 : i32
    loom.yield %u : i32
  }
  return %0 : i32
}

// Origin: PR 201129, break_in_nested_if.
func.func @break_in_nested_if(%c1: i1, %c2: i1, %v1: i32, %v2: i32) -> i32 {
  %0 = loom.scope token(%tok) -> (i32) {
    loom.if %c1 {
      loom.if %c2 {
        loom.break %tok, %v1 : i32
      }
    }
    loom.yield %v2 : i32
  }
  return %0 : i32
}

// Origin: PR 201129, break_in_else.
func.func @break_in_else(%cond: i1, %v1: i32, %v2: i32) -> i32 {
  %0 = loom.scope token(%tok) -> (i32) {
    loom.if %cond {
    } else {
      loom.break %tok, %v1 : i32
    }
    %r = arith.addi %v2, %v2 : i32
    loom.yield %r : i32
  }
  return %0 : i32
}

// Origin: PR 201129, break_in_both_branches_same_target (the op after the if
// is unreachable).
func.func @break_in_both_branches_same_target(%cond: i1, %v1: i32, %v2: i32) -> i32 {
  %0 = loom.scope token(%tok) -> (i32) {
    loom.if %cond {
      loom.break %tok, %v1 : i32
    } else {
      loom.break %tok, %v2 : i32
    }
    %unused = arith.constant 0 : i32
    loom.yield %unused : i32
  }
  return %0 : i32
}

// Origin: PR 201129, break_then_yield_else.
func.func @break_then_yield_else(%cond: i1, %v1: i32, %v2: i32) -> i32 {
  %0 = loom.scope token(%tok) -> (i32) {
    %y = loom.if %cond -> (i32) {
      loom.break %tok, %v1 : i32
    } else {
      loom.yield %v2 : i32
    }
    loom.yield %y : i32
  }
  return %0 : i32
}

// Origin: PR 201129, break_two_branches_two_targets.
func.func @break_two_branches_two_targets(%c: i1, %v1: i32, %v2: i32) -> i32 {
  %0 = loom.scope token(%tok_outer) -> (i32) {
    %r = loom.scope token(%tok_inner) -> (i32) {
      %x = loom.if %c -> (i32) {
        loom.break %tok_outer, %v1 : i32
      } else {
        loom.break %tok_inner, %v2 : i32
      }
      loom.yield %x : i32
    }
    loom.yield %r : i32
  }
  return %0 : i32
}

// Origin: PR 201129, break_to_two_outer_targets ("test.use_f32" and
// "test.use_i32" print their operand).
func.func @break_to_two_outer_targets(%c1: i1, %c2: i1, %v1: i32, %v2: i32, %v3: i32) -> i32 {
  %0 = loom.scope token(%tok1) -> (i32) {
    %r = loom.scope token(%tok2) -> (i32) {
      %s = loom.scope token(%tok3) -> (i32) {
        loom.if %c1 {
          loom.break %tok1, %v1 : i32
        }
        loom.if %c2 {
          loom.break %tok2, %v2 : i32
        }
        loom.yield %v3 : i32
      }
      vector.print %s : i32
      loom.yield %v2 : i32
    }
    vector.print %r : i32
    loom.yield %v1 : i32
  }
  return %0 : i32
}

// Origin: PR 201129, both_branches_self_break.
func.func @both_branches_self_break(%c: i1, %v1: i32, %v2: i32) -> i32 {
  %0 = loom.scope token(%tok) -> (i32) {
    loom.if %c {
      loom.break %tok, %v1 : i32
    } else {
      loom.break %tok, %v2 : i32
    }
    loom.yield %v1 : i32
  }
  return %0 : i32
}

// Origin: PR 201129, break_multi_result.
func.func @break_multi_result(%c: i1, %a: i32, %b: f32, %x: i32, %y: f32) -> (i32, f32) {
  %0:2 = loom.scope token(%tok) -> (i32, f32) {
    loom.if %c {
      loom.break %tok, %a, %b : i32, f32
    }
    loom.yield %x, %y : i32, f32
  }
  return %0#0, %0#1 : i32, f32
}

// Origin: PR 201129, break_zero_result ("test.body" prints 99).
func.func @break_zero_result(%c: i1) {
  %c99 = arith.constant 99 : i32
  loom.scope token(%tok) {
    loom.if %c {
      loom.break %tok
    }
    vector.print %c99 : i32
    loom.yield
  }
  return
}

// Origin: PR 201129, break_outer_through_nested_if ("test.use" is * 3).
func.func @break_outer_through_nested_if(%c1: i1, %c2: i1, %v1: i32, %v2: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %0 = loom.scope token(%tok) -> (i32) {
    %r = loom.scope token(%tok1) -> (i32) {
      loom.if %c1 {
        loom.if %c2 {
          loom.break %tok, %v1 : i32
        }
      }
      loom.yield %v2 : i32
    }
    %u = arith.muli %r, %c3 : i32
    loom.yield %u : i32
  }
  return %0 : i32
}

// Origin: PR 201129, break_sink_with_use ("test.sink" prints its operand).
func.func @break_sink_with_use(%c: i1, %v1: i32, %v2: i32) -> i32 {
  %0 = loom.scope token(%tok) -> (i32) {
    %y = loom.if %c -> (i32) {
      loom.break %tok, %v1 : i32
    } else {
      loom.yield %v2 : i32
    }
    %z = arith.addi %y, %y : i32
    vector.print %z : i32
    loom.yield %z : i32
  }
  return %0 : i32
}

// Origin: PR 201129, extend_nested_break_to_widened_region.
func.func @extend_nested_break_to_widened_region(%c1: i1, %c2: i1, %v1: i32, %v2: i32, %v3: i32) -> i32 {
  %0 = loom.scope token(%tok_outer) -> (i32) {
    %inner = loom.scope token(%tok_inner) -> (i32) {
      loom.if %c1 {
        loom.break %tok_outer, %v1 : i32
      }
      %deep = loom.scope token(%tok_deep) -> (i32) {
        loom.if %c2 {
          loom.break %tok_inner, %v2 : i32
        }
        loom.yield %v3 : i32
      }
      loom.yield %deep : i32
    }
    loom.yield %inner : i32
  }
  return %0 : i32
}

// Origin: PR 166688, SCFToControlFlow, loop_break ("test.opN" prints N). With
// a false condition the loop never ends, so it runs with true only.
func.func @loop_break(%cond: i1) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  vector.print %c1 : i32
  loom.loop token(%loop) {
    vector.print %c2 : i32
    loom.if %cond {
      vector.print %c3 : i32
      loom.break %loop
    }
    vector.print %c3 : i32
    loom.continue %loop
  }
  vector.print %c4 : i32
  return
}

// Origin: PR 166688, SCFToControlFlow, loop_with_iter_args (run with a true
// condition: with false it never ends).
func.func @loop_with_iter_args(%init: i32, %cond: i1) -> i32 {
  %result = loom.loop token(%loop) iter_args(%arg = %init) : (i32) -> (i32) {
    loom.if %cond {
      loom.break %loop, %arg : i32
    }
    loom.continue %loop, %arg : i32
  }
  return %result : i32
}

func.func @main() {
  %t = arith.constant true
  %f = arith.constant false
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %c11 = arith.constant 11 : i32
  %h = arith.constant 0.5 : f32
  %q = arith.constant 0.25 : f32

  // CHECK: 7
  // CHECK-NEXT: 10
  %a0 = func.call @break_in_if(%t, %c7, %c5) : (i1, i32, i32) -> i32
  vector.print %a0 : i32
  %a1 = func.call @break_in_if(%f, %c7, %c5) : (i1, i32, i32) -> i32
  vector.print %a1 : i32

  // CHECK-NEXT: 7
  // CHECK-NEXT: 15
  %b0 = func.call @break_through_execute_region(%t, %c7, %c5) : (i1, i32, i32) -> i32
  vector.print %b0 : i32
  %b1 = func.call @break_through_execute_region(%f, %c7, %c5) : (i1, i32, i32) -> i32
  vector.print %b1 : i32

  // CHECK-NEXT: 7
  // CHECK-NEXT: 5
  // CHECK-NEXT: 5
  %n0 = func.call @break_in_nested_if(%t, %t, %c7, %c5) : (i1, i1, i32, i32) -> i32
  vector.print %n0 : i32
  %n1 = func.call @break_in_nested_if(%t, %f, %c7, %c5) : (i1, i1, i32, i32) -> i32
  vector.print %n1 : i32
  %n2 = func.call @break_in_nested_if(%f, %t, %c7, %c5) : (i1, i1, i32, i32) -> i32
  vector.print %n2 : i32

  // CHECK-NEXT: 10
  // CHECK-NEXT: 7
  %e0 = func.call @break_in_else(%t, %c7, %c5) : (i1, i32, i32) -> i32
  vector.print %e0 : i32
  %e1 = func.call @break_in_else(%f, %c7, %c5) : (i1, i32, i32) -> i32
  vector.print %e1 : i32

  // CHECK-NEXT: 7
  // CHECK-NEXT: 5
  %s0 = func.call @break_in_both_branches_same_target(%t, %c7, %c5) : (i1, i32, i32) -> i32
  vector.print %s0 : i32
  %s1 = func.call @break_in_both_branches_same_target(%f, %c7, %c5) : (i1, i32, i32) -> i32
  vector.print %s1 : i32

  // CHECK-NEXT: 7
  // CHECK-NEXT: 5
  %y0 = func.call @break_then_yield_else(%t, %c7, %c5) : (i1, i32, i32) -> i32
  vector.print %y0 : i32
  %y1 = func.call @break_then_yield_else(%f, %c7, %c5) : (i1, i32, i32) -> i32
  vector.print %y1 : i32

  // CHECK-NEXT: 7
  // CHECK-NEXT: 5
  %w0 = func.call @break_two_branches_two_targets(%t, %c7, %c5) : (i1, i32, i32) -> i32
  vector.print %w0 : i32
  %w1 = func.call @break_two_branches_two_targets(%f, %c7, %c5) : (i1, i32, i32) -> i32
  vector.print %w1 : i32

  // c1: nothing printed inside, 7. c2 only: the middle scope's result 5 is
  // printed, then 7. Neither: 11 (inner), 5 (middle), then 7.
  // CHECK-NEXT: 7
  // CHECK-NEXT: 5
  // CHECK-NEXT: 7
  // CHECK-NEXT: 11
  // CHECK-NEXT: 5
  // CHECK-NEXT: 7
  %o0 = func.call @break_to_two_outer_targets(%t, %t, %c7, %c5, %c11) : (i1, i1, i32, i32, i32) -> i32
  vector.print %o0 : i32
  %o1 = func.call @break_to_two_outer_targets(%f, %t, %c7, %c5, %c11) : (i1, i1, i32, i32, i32) -> i32
  vector.print %o1 : i32
  %o2 = func.call @break_to_two_outer_targets(%f, %f, %c7, %c5, %c11) : (i1, i1, i32, i32, i32) -> i32
  vector.print %o2 : i32

  // CHECK-NEXT: 7
  // CHECK-NEXT: 5
  %x0 = func.call @both_branches_self_break(%t, %c7, %c5) : (i1, i32, i32) -> i32
  vector.print %x0 : i32
  %x1 = func.call @both_branches_self_break(%f, %c7, %c5) : (i1, i32, i32) -> i32
  vector.print %x1 : i32

  // CHECK-NEXT: 7
  // CHECK-NEXT: 0.5
  // CHECK-NEXT: 5
  // CHECK-NEXT: 0.25
  %m0:2 = func.call @break_multi_result(%t, %c7, %h, %c5, %q) : (i1, i32, f32, i32, f32) -> (i32, f32)
  vector.print %m0#0 : i32
  vector.print %m0#1 : f32
  %m1:2 = func.call @break_multi_result(%f, %c7, %h, %c5, %q) : (i1, i32, f32, i32, f32) -> (i32, f32)
  vector.print %m1#0 : i32
  vector.print %m1#1 : f32

  // Only the call with a false condition prints 99.
  // CHECK-NEXT: 99
  // CHECK-NEXT: 1
  func.call @break_zero_result(%t) : (i1) -> ()
  func.call @break_zero_result(%f) : (i1) -> ()
  %one = arith.constant 1 : i32
  vector.print %one : i32

  // CHECK-NEXT: 7
  // CHECK-NEXT: 15
  // CHECK-NEXT: 15
  %p0 = func.call @break_outer_through_nested_if(%t, %t, %c7, %c5) : (i1, i1, i32, i32) -> i32
  vector.print %p0 : i32
  %p1 = func.call @break_outer_through_nested_if(%t, %f, %c7, %c5) : (i1, i1, i32, i32) -> i32
  vector.print %p1 : i32
  %p2 = func.call @break_outer_through_nested_if(%f, %t, %c7, %c5) : (i1, i1, i32, i32) -> i32
  vector.print %p2 : i32

  // True: nothing printed inside, 7. False: the sink prints 10, then 10.
  // CHECK-NEXT: 7
  // CHECK-NEXT: 10
  // CHECK-NEXT: 10
  %k0 = func.call @break_sink_with_use(%t, %c7, %c5) : (i1, i32, i32) -> i32
  vector.print %k0 : i32
  %k1 = func.call @break_sink_with_use(%f, %c7, %c5) : (i1, i32, i32) -> i32
  vector.print %k1 : i32

  // CHECK-NEXT: 7
  // CHECK-NEXT: 5
  // CHECK-NEXT: 11
  %z0 = func.call @extend_nested_break_to_widened_region(%t, %t, %c7, %c5, %c11) : (i1, i1, i32, i32, i32) -> i32
  vector.print %z0 : i32
  %z1 = func.call @extend_nested_break_to_widened_region(%f, %t, %c7, %c5, %c11) : (i1, i1, i32, i32, i32) -> i32
  vector.print %z1 : i32
  %z2 = func.call @extend_nested_break_to_widened_region(%f, %f, %c7, %c5, %c11) : (i1, i1, i32, i32, i32) -> i32
  vector.print %z2 : i32

  // CHECK-NEXT: 1
  // CHECK-NEXT: 2
  // CHECK-NEXT: 3
  // CHECK-NEXT: 4
  func.call @loop_break(%t) : (i1) -> ()

  // CHECK-NEXT: 11
  %l0 = func.call @loop_with_iter_args(%c11, %t) : (i32, i1) -> i32
  vector.print %l0 : i32
  return
}
