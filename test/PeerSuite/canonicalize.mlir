// Upstream's early-exit canonicalization tests, translated to loom.
// Origin: llvm/llvm-project PR 166688, the scf.loop canonicalization tests
// (mlir/test/Dialect/SCF, run with canonicalize{test-convergence});
// `scf.loop token(%t)` is `loom.loop token(%t)`, `scf.break [%t] v` is
// `loom.break %t, v`, an exit in scf.if is an exit in loom.if, and upstream's
// implicit loop terminator is written out (`loom.continue`). Upstream's
// simplifications of an if whose branches exit (remove_unused_if_results1,
// simplify_if_with_breaking_controlflow_in_both_branches,
// simplify_if_with_continue_in_both_branches,
// simplify_if_with_break_in_both_branches) are tested with the patterns in
// test/Dialect/canonicalize-if-exits.mlir. Where loom does more than
// upstream (it moves the branch that falls through after the if), the
// CHECK lines say what loom does; the upstream property (no merge, no
// select) holds in each.
// RUN: %loom-opt --allow-unregistered-dialect %s --pass-pipeline='builtin.module(func.func(canonicalize{test-convergence}))' --split-input-file | FileCheck %s

// Origin: PR 166688, fold_single_iteration_loop1: a loop whose body
// always breaks runs once and folds away.
// CHECK-LABEL: func.func @fold_single_iteration_loop1(
// CHECK-SAME:  %[[A:.*]]: index)
// CHECK-NEXT:  return %[[A]] : index
func.func @fold_single_iteration_loop1(%arg0: index) -> index {
  %0 = loom.loop token(%loop) -> (index) {
    loom.break %loop, %arg0 : index
  }
  return %0 : index
}

// -----

// Origin: PR 166688, fold_single_iteration_loop_with_propagating_control_flow:
// the inner loop always breaks (itself, or the outer loop through the if),
// so it runs once and is inlined; the exit of the outer loop stays.
// CHECK-LABEL: func.func @fold_single_iteration_loop_with_propagating_control_flow(
// CHECK:      %[[R:.*]] = loom.loop token(%[[O:.*]]) -> (index) {
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:     loom.break %[[O]], %{{.*}} : index
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[O]]{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @fold_single_iteration_loop_with_propagating_control_flow(%cond: i1, %arg0: index) -> index {
  %0 = loom.loop token(%outer) -> (index) {
    loom.loop token(%inner) {
      loom.if %cond {
        loom.break %outer, %arg0 : index
      }
      loom.break %inner
    }
    loom.continue %outer
  }
  return %0 : index
}

// -----

// Origin: PR 166688, loop_not_combine_ifs and loop_combine_ifs: two ifs on
// the same condition whose else branches exit are not combined. loom has no
// if-combining pattern; it moves each then branch after its if.
// CHECK-LABEL: func.func @loop_not_combine_ifs(
// CHECK:      loom.loop token(%[[T:.*]]) {
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:   } else {
// CHECK-NEXT:     "test.firstCodeFalse"
// CHECK-NEXT:     loom.break %[[T]]{{$}}
// CHECK-NEXT:   }
// CHECK-NEXT:   "test.firstCodeTrue"
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:   } else {
// CHECK-NEXT:     "test.secondCodeFalse"
// CHECK-NEXT:     loom.continue %[[T]]{{$}}
// CHECK-NEXT:   }
// CHECK-NEXT:   "test.secondCodeTrue"
// CHECK-NEXT:   loom.continue %[[T]]{{$}}
func.func @loop_not_combine_ifs(%arg0: i1) {
  loom.loop token(%loop) {
    %res = loom.if %arg0 -> (i32) {
      %v = "test.firstCodeTrue"() : () -> i32
      loom.yield %v : i32
    } else {
      %v2 = "test.firstCodeFalse"() : () -> i32
      loom.break %loop
    }
    %res2 = loom.if %arg0 -> (i32) {
      %v = "test.secondCodeTrue"() : () -> i32
      loom.yield %v : i32
    } else {
      %v2 = "test.secondCodeFalse"() : () -> i32
      loom.continue %loop
    }
    loom.continue %loop
  }
  return
}

// -----

// Origin: PR 166688, do_not_merge_nested_if_with_breaking_control_flow1: the
// outer then branch ends in a break, so the ifs are not merged (nothing
// follows the outer if's empty else to move).
// CHECK-LABEL: func.func @do_not_merge_nested_if_with_breaking_control_flow1(
// CHECK:      loom.loop token(%[[T:.*]]) {
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:     loom.if %{{.*}} {
// CHECK-NEXT:       "test.op"
// CHECK-NEXT:     }
// CHECK-NEXT:     loom.break %[[T]]{{$}}
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[T]]{{$}}
func.func @do_not_merge_nested_if_with_breaking_control_flow1(%arg0: i1, %arg1: i1) {
  loom.loop token(%loop) {
    loom.if %arg0 {
      loom.if %arg1 {
        "test.op"() : () -> ()
        loom.yield
      }
      loom.break %loop
    }
    loom.continue %loop
  }
  return
}

// -----

// Origin: PR 166688, do_not_merge_nested_if_with_breaking_control_flow2: the
// outer else branch breaks; not merged. loom moves the outer then branch
// (the nested if) after the outer if.
// CHECK-LABEL: func.func @do_not_merge_nested_if_with_breaking_control_flow2(
// CHECK:      loom.loop token(%[[T:.*]]) {
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:   } else {
// CHECK-NEXT:     loom.break %[[T]]{{$}}
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:     "test.op"
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[T]]{{$}}
func.func @do_not_merge_nested_if_with_breaking_control_flow2(%arg0: i1, %arg1: i1) {
  loom.loop token(%loop) {
    loom.if %arg0 {
      loom.if %arg1 {
        "test.op"() : () -> ()
        loom.yield
      }
      loom.yield
    } else {
      loom.break %loop
    }
    loom.continue %loop
  }
  return
}

// -----

// Origin: PR 166688, do_not_merge_nested_if_with_breaking_control_flow3: the
// nested then branch breaks; nothing changes.
// CHECK-LABEL: func.func @do_not_merge_nested_if_with_breaking_control_flow3(
// CHECK:      loom.loop token(%[[T:.*]]) {
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:     loom.if %{{.*}} {
// CHECK-NEXT:       "test.op"
// CHECK-NEXT:       loom.break %[[T]]{{$}}
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[T]]{{$}}
func.func @do_not_merge_nested_if_with_breaking_control_flow3(%arg0: i1, %arg1: i1) {
  loom.loop token(%loop) {
    loom.if %arg0 {
      loom.if %arg1 {
        "test.op"() : () -> ()
        loom.break %loop
      }
    }
    loom.continue %loop
  }
  return
}

// -----

// Origin: PR 166688, do_not_merge_nested_if_with_breaking_control_flow4: the
// nested else branch breaks; not merged. loom moves the nested then branch
// after the nested if, inside the outer if.
// CHECK-LABEL: func.func @do_not_merge_nested_if_with_breaking_control_flow4(
// CHECK:      loom.loop token(%[[T:.*]]) {
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:     loom.if %{{.*}} {
// CHECK-NEXT:     } else {
// CHECK-NEXT:       loom.break %[[T]]{{$}}
// CHECK-NEXT:     }
// CHECK-NEXT:     "test.op"
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.continue %[[T]]{{$}}
func.func @do_not_merge_nested_if_with_breaking_control_flow4(%arg0: i1, %arg1: i1) {
  loom.loop token(%loop) {
    loom.if %arg0 {
      loom.if %arg1 {
        "test.op"() : () -> ()
      } else {
        loom.break %loop
      }
    }
    loom.continue %loop
  }
  return
}

// -----

// Origin: PR 166688, do_not_convert_if_to_select1: the then branch breaks, so
// the if is not a select. Its result is the else branch's %arg1 (defined
// outside), which the final break forwards directly; the loop, continued by
// nothing, runs once.
// CHECK-LABEL: func.func @do_not_convert_if_to_select1(
// CHECK-SAME:  %{{.*}}: i1, %[[A0:.*]]: index, %[[A1:.*]]: index)
// CHECK:      %[[R:.*]] = loom.scope token(%[[T:.*]]) -> (index) {
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:     loom.break %[[T]], %[[A0]] : index
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.break %[[T]], %[[A1]] : index
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @do_not_convert_if_to_select1(%cond: i1, %arg0: index, %arg1: index) -> index {
  %loop_res = loom.loop token(%loop) -> (index) {
    %0 = loom.if %cond -> (index) {
      loom.break %loop, %arg0 : index
    } else {
      loom.yield %arg1 : index
    }
    loom.break %loop, %0 : index
  }
  return %loop_res : index
}

// -----

// Origin: PR 166688, do_not_convert_if_to_select2 (the else branch breaks).
// CHECK-LABEL: func.func @do_not_convert_if_to_select2(
// CHECK-SAME:  %{{.*}}: i1, %[[A0:.*]]: index, %[[A1:.*]]: index)
// CHECK:      %[[R:.*]] = loom.scope token(%[[T:.*]]) -> (index) {
// CHECK-NEXT:   loom.if %{{.*}} {
// CHECK-NEXT:   } else {
// CHECK-NEXT:     loom.break %[[T]], %[[A1]] : index
// CHECK-NEXT:   }
// CHECK-NEXT:   loom.break %[[T]], %[[A0]] : index
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
func.func @do_not_convert_if_to_select2(%cond: i1, %arg0: index, %arg1: index) -> index {
  %loop_res = loom.loop token(%loop) -> (index) {
    %0 = loom.if %cond -> (index) {
      loom.yield %arg0 : index
    } else {
      loom.break %loop, %arg1 : index
    }
    loom.break %loop, %0 : index
  }
  return %loop_res : index
}
