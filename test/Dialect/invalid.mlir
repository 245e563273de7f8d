// Every verifier rule of the loom dialect, one case per split. Each message
// names the rule and the ops involved.
// RUN: %loom-opt %s --split-input-file --verify-diagnostics

//===----------------------------------------------------------------------===//
// Tokens: block argument #0 of a target, used only by exits.
//===----------------------------------------------------------------------===//

func.func private @takes_token(!loom.token)

func.func @token_passed_to_call() {
  // expected-error @+1 {{'loom.loop' op token may only be used as the target of loom.break/loom.continue, but it is used by 'func.call'}}
  loom.loop token(%t) {
    // expected-note @+1 {{use is here}}
    func.call @takes_token(%t) : (!loom.token) -> ()
    loom.break %t
  }
  return
}

// -----

func.func @token_yielded(%c: i1) {
  // expected-error @+1 {{'loom.loop' op token may only be used as the target of loom.break/loom.continue, but it is used by 'scf.yield'}}
  loom.loop token(%t) {
    %x = scf.execute_region -> !loom.token {
      // expected-note @+1 {{use is here}}
      scf.yield %t : !loom.token
    }
    loom.break %t
  }
  return
}

// -----

func.func @token_yielded_by_loom_yield(%c: i1) {
  // expected-error @+1 {{'loom.scope' op token may only be used as the target of loom.break/loom.continue, but it is used by 'loom.yield'}}
  loom.scope token(%s) {
    // expected-note @+1 {{use is here}}
    %x = loom.if %c -> (!loom.token) { loom.yield %s : !loom.token } else { loom.break %s }
    loom.yield
  }
  return
}

// -----

func.func @token_branched() {
  // expected-error @+1 {{'loom.loop' op token may only be used as the target of loom.break/loom.continue, but it is used by 'cf.br'}}
  loom.loop token(%t) {
    scf.execute_region {
      // expected-note @+1 {{use is here}}
      cf.br ^bb1(%t : !loom.token)
    ^bb1(%u: !loom.token):
      scf.yield
    }
    loom.break %t
  }
  return
}

// -----

func.func @token_selected(%c: i1) {
  // expected-error @+1 {{'loom.loop' op token may only be used as the target of loom.break/loom.continue, but it is used by 'arith.select'}}
  loom.loop token(%t) {
    // expected-note @+1 {{use is here}}
    %u = arith.select %c, %t, %t : !loom.token
    loom.break %t
  }
  return
}

// -----

func.func @token_stored(%p: !llvm.ptr) {
  // expected-error @+1 {{'loom.loop' op token may only be used as the target of loom.break/loom.continue, but it is used by 'llvm.store'}}
  loom.loop token(%t) {
    // expected-note @+1 {{use is here}}
    llvm.store %t, %p : !loom.token, !llvm.ptr
    loom.break %t
  }
  return
}

// -----

// A token used as a forwarded value (here: to a continue of its own loop)
// is a use other than as the exit's target.
func.func @token_forwarded_by_exit(%u: !loom.token) {
  // expected-error @+1 {{'loom.loop' op token may only be used as the target of loom.break/loom.continue, but it is used by 'loom.break'}}
  loom.loop token(%t) -> (!loom.token) {
    // expected-note @+1 {{use is here}}
    loom.break %t, %t : !loom.token
  }
  return
}

// -----

// A token cannot be returned: the only way out of its target is as a
// result, and loom ops cannot have token results.
func.func @token_result_of_scope(%u: !loom.token) {
  // expected-error @+1 {{'loom.scope' op cannot produce a !loom.token result}}
  %r = "loom.scope"() ({
  ^bb0(%s: !loom.token):
    "loom.yield"(%u) : (!loom.token) -> ()
  }) : () -> !loom.token
  return
}

// -----

func.func @token_as_iter_arg(%u: !loom.token) {
  // expected-error @+1 {{'loom.loop' op only entry block argument #0 may be a !loom.token; argument #1 is one too}}
  loom.loop token(%t) iter_args(%a = %u) : (!loom.token) {
    loom.break %t
  }
  return
}

// -----

func.func @token_as_for_iter_arg(%u: !loom.token, %n: index) {
  // expected-error @+1 {{'loom.for' op only entry block argument #0 may be a !loom.token; argument #2 is one too}}
  %r = loom.for %i = %n to %n step %n token(%t) iter_args(%a = %u) -> (!loom.token) {
    loom.yield %a : !loom.token
  }
  return
}

// -----

func.func @token_result_of_if(%u: !loom.token, %c: i1) {
  // expected-error @+1 {{'loom.if' op cannot produce a !loom.token result}}
  %x = loom.if %c -> (!loom.token) {
    loom.yield %u : !loom.token
  } else {
    loom.yield %u : !loom.token
  }
  return
}

// -----

func.func @func_arg_token_used_by_break(%t: !loom.token) {
  loom.loop token(%own) {
    // expected-error @+1 {{'loom.break' op token must be block argument #0 of the entry block of an op implementing HasBreakingControlFlowOpInterface}}
    loom.break %t
  }
  return
}

// -----

func.func @token_not_argument_zero(%x: i32) {
  // expected-error @+1 {{'loom.loop' op entry block argument #0 must be the !loom.token of the op}}
  "loom.loop"(%x) ({
  ^bb0(%a: i32, %t: !loom.token):
    "loom.break"(%t) : (!loom.token) -> ()
  }) : (i32) -> ()
  return
}

// -----

func.func @token_of_wrong_type() {
  "loom.loop"() ({
  ^bb0(%t: !loom.token):
    %x = arith.constant 0 : i32
    // expected-error @+1 {{'loom.break' op operand #0 must be token naming the target of exits, but got 'i32'}}
    "loom.break"(%x) : (i32) -> ()
  }) : () -> ()
  return
}

// -----

//===----------------------------------------------------------------------===//
// Exits cross only ops with PropagateControlFlowBreak.
//===----------------------------------------------------------------------===//

func.func @break_through_scf_for(%n: index) {
  // expected-note @+1 {{target is here}}
  loom.loop token(%t) {
    // expected-note @+1 {{crossed op is here}}
    scf.for %i = %n to %n step %n {
      // expected-error @+1 {{'loom.break' op cannot break through 'scf.for': it does not have PropagateControlFlowBreak}}
      loom.break %t
    }
    loom.break %t
  }
  return
}

// -----

func.func @continue_through_scf_if(%c: i1) {
  // expected-note @+1 {{target is here}}
  loom.loop token(%t) {
    // expected-note @+1 {{crossed op is here}}
    scf.if %c {
      // expected-error @+1 {{'loom.continue' op cannot continue through 'scf.if': it does not have PropagateControlFlowBreak}}
      loom.continue %t
    }
    loom.break %t
  }
  return
}

// -----

func.func @break_through_scf_while(%c: i1) {
  // expected-note @+1 {{target is here}}
  loom.scope token(%s) {
    // expected-note @+1 {{crossed op is here}}
    scf.while : () -> () {
      scf.condition(%c)
    } do {
      // expected-error @+1 {{'loom.break' op cannot break through 'scf.while': it does not have PropagateControlFlowBreak}}
      loom.if %c { loom.break %s }
      scf.yield
    }
    loom.yield
  }
  return
}

// -----

// The innermost op without the trait is reported, even when loom ops that
// have it lie in between.
func.func @break_through_execute_region(%c: i1) {
  // expected-note @+1 {{target is here}}
  loom.loop token(%t) {
    // expected-note @+1 {{crossed op is here}}
    scf.execute_region {
      loom.loop token(%inner) {
        // expected-error @+1 {{'loom.break' op cannot break through 'scf.execute_region': it does not have PropagateControlFlowBreak}}
        loom.if %c { loom.break %t }
        loom.break %inner
      }
      scf.yield
    }
    loom.break %t
  }
  return
}

// -----

// A function cannot be crossed either: it is isolated from above, so a token
// of an enclosing op is not even visible inside it, and its own arguments are
// not tokens of a target.
func.func @break_out_of_function(%t: !loom.token) {
  // expected-error @+1 {{'loom.break' op token must be block argument #0 of the entry block of an op implementing HasBreakingControlFlowOpInterface}}
  loom.break %t
}

// -----

func.func @exit_outside_any_target() {
  loom.loop token(%t) {
    // expected-error @+1 {{use of undeclared SSA value name}}
    loom.break %u
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// Exit kinds and forwarded operands.
//===----------------------------------------------------------------------===//

func.func @continue_targets_scope() {
  loom.scope token(%s) {
    // expected-error @+1 {{'loom.continue' op cannot continue 'loom.scope': it is not a loop}}
    loom.continue %s
  }
  return
}

// -----

func.func @continue_targets_outer_scope(%c: i1) {
  loom.scope token(%s) {
    loom.loop token(%t) {
      // expected-error @+1 {{'loom.continue' op cannot continue 'loom.scope': it is not a loop}}
      loom.if %c { loom.continue %s }
      loom.break %t
    }
    loom.yield
  }
  return
}

// -----

func.func @break_operand_count(%x: i32) {
  %r = loom.loop token(%t) -> (i32) {
    // expected-error @+1 {{'loom.break' op break forwards 2 value(s) but 'loom.loop' expects 1}}
    loom.break %t, %x, %x : i32, i32
  }
  return
}

// -----

func.func @break_operand_type(%x: i64) {
  %r = loom.scope token(%s) -> (i32) {
    // expected-error @+1 {{'loom.break' op break value #0 has type 'i64' but 'loom.scope' expects 'i32'}}
    loom.break %s, %x : i64
  }
  return
}

// -----

func.func @break_to_outer_operand_type(%x: i64, %c: i1) {
  %r = loom.loop token(%outer) -> (i32) {
    loom.loop token(%inner) {
      // expected-error @+1 {{'loom.break' op break value #0 has type 'i64' but 'loom.loop' expects 'i32'}}
      loom.if %c { loom.break %outer, %x : i64 }
      loom.break %inner
    }
    loom.continue %outer
  }
  return
}

// -----

func.func @break_for_operand_count(%n: index, %x: f32) {
  %r = loom.for %i = %n to %n step %n token(%t) iter_args(%a = %x) -> (f32) {
    // expected-error @+1 {{'loom.break' op break forwards 0 value(s) but 'loom.for' expects 1}}
    loom.break %t
  }
  return
}

// -----

func.func @continue_operand_count(%x: i32) {
  loom.loop token(%t) iter_args(%a = %x) : (i32) {
    // expected-error @+1 {{'loom.continue' op continue forwards 0 value(s) but 'loom.loop' expects 1}}
    loom.continue %t
  }
  return
}

// -----

func.func @continue_operand_type(%x: i32, %y: f32) {
  loom.loop token(%t) iter_args(%a = %x) : (i32) {
    // expected-error @+1 {{'loom.continue' op continue value #0 has type 'f32' but 'loom.loop' expects 'i32'}}
    loom.continue %t, %y : f32
  }
  return
}

// -----

// A continue of a loom.for forwards the next iteration arguments; the
// induction variable is not one of them.
func.func @continue_for_operand_count(%n: index) {
  loom.for %i = %n to %n step %n token(%t) {
    // expected-error @+1 {{'loom.continue' op continue forwards 1 value(s) but 'loom.for' expects 0}}
    loom.continue %t, %i : index
  }
  return
}

// -----

func.func @yield_count_scope(%x: i32) {
  %r = loom.scope token(%s) -> (i32) {
    // expected-error @+1 {{'loom.yield' op yields 2 value(s) but the parent 'loom.scope' expects 1 (the scope's result types)}}
    loom.yield %x, %x : i32, i32
  }
  return
}

// -----

func.func @yield_type_if(%c: i1, %x: i32) {
  %r = loom.if %c -> (i64) {
    // expected-error @+1 {{'loom.yield' op yield value #0 has type 'i32' but the parent 'loom.if' expects 'i64' (the if's result types)}}
    loom.yield %x : i32
  } else {
    loom.yield %x : i32
  }
  return
}

// -----

func.func @yield_type_for(%n: index, %x: i32, %y: i64) {
  %r = loom.for %i = %n to %n step %n token(%t) iter_args(%a = %x) -> (i32) {
    // expected-error @+1 {{'loom.yield' op yield value #0 has type 'i64' but the parent 'loom.for' expects 'i32' (the iteration argument types)}}
    loom.yield %y : i64
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// Terminators.
//===----------------------------------------------------------------------===//

func.func @loop_missing_terminator() {
  // expected-error @+1 {{'loom.loop' op body region must end with a terminator}}
  loom.loop token(%t) {
    %x = arith.constant 0 : i32
  }
  return
}

// -----

func.func @loop_empty_body() {
  // expected-error @+1 {{'loom.loop' op expects a non-empty block}}
  loom.loop token(%t) {
  }
  return
}

// -----

func.func @loop_ends_with_yield() {
  // expected-error @+1 {{'loom.loop' op body must end with loom.break or loom.continue, not 'loom.yield'}}
  "loom.loop"() ({
  ^bb0(%t: !loom.token):
    "loom.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @scope_ends_with_func_return() {
  // expected-error @+1 {{'loom.scope' op body region must end with loom.yield, loom.break or loom.continue, not 'func.return'}}
  loom.scope token(%s) {
    func.return
  }
  return
}

// -----

func.func @if_ends_with_scf_yield(%c: i1) {
  // expected-error @+1 {{'loom.if' op then region must end with loom.yield, loom.break or loom.continue, not 'scf.yield'}}
  loom.if %c {
    scf.yield
  }
  return
}

// -----

func.func @for_ends_with_cf_br(%n: index) {
  // expected-error @+1 {{'loom.for' op body region must end with loom.yield, loom.break or loom.continue, not 'cf.br'}}
  "loom.for"(%n, %n, %n) ({
  ^bb0(%t: !loom.token, %i: index):
    cf.br ^bb0
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @else_ends_with_unreachable(%c: i1) {
  // expected-error @+1 {{'loom.if' op else region must end with loom.yield, loom.break or loom.continue, not 'llvm.unreachable'}}
  loom.if %c {
  } else {
    llvm.unreachable
  }
  return
}

// -----

// A branch of an if with results falls through: the elided loom.yield has no
// operands.
func.func @if_branch_falls_through(%c: i1, %x: i32) {
  %r = loom.loop token(%t) -> (i32) {
    // expected-error @+1 {{'loom.yield' op yields 0 value(s) but the parent 'loom.if' expects 1 (the if's result types)}}
    %v = loom.if %c -> (i32) {
      loom.break %t, %x : i32
    }
    loom.break %t, %v : i32
  }
  return
}

// -----

func.func @scope_with_results_falls_through() {
  // expected-error @+1 {{'loom.yield' op yields 0 value(s) but the parent 'loom.scope' expects 1 (the scope's result types)}}
  %r = loom.scope token(%s) -> (i32) {
  }
  return
}

// -----

func.func @yield_outside_loom_region() {
  // expected-error @+1 {{'loom.yield' op expects parent op to be one of 'loom.if, loom.scope, loom.for'}}
  "loom.yield"() : () -> ()
}

// -----

func.func @exit_not_last(%c: i1) {
  loom.loop token(%t) {
    // expected-error @+1 {{'loom.break' op must be the last operation in the parent block}}
    loom.break %t
    loom.break %t
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// Single-block regions.
//===----------------------------------------------------------------------===//

func.func @loop_two_blocks() {
  // expected-error @+1 {{'loom.loop' op expects region #0 to have 0 or 1 blocks}}
  loom.loop token(%t) {
    cf.br ^bb1
  ^bb1:
    loom.break %t
  }
  return
}

// -----

func.func @scope_two_blocks() {
  // expected-error @+1 {{'loom.scope' op expects region #0 to have 0 or 1 blocks}}
  loom.scope token(%s) {
    cf.br ^bb1
  ^bb1:
    loom.yield
  }
  return
}

// -----

func.func @for_two_blocks(%n: index) {
  // expected-error @+1 {{'loom.for' op expects region #0 to have 0 or 1 blocks}}
  loom.for %i = %n to %n step %n token(%t) {
    cf.br ^bb1
  ^bb1:
    loom.yield
  }
  return
}

// -----

func.func @if_two_blocks(%c: i1) {
  // expected-error @+1 {{'loom.if' op expects region #0 to have 0 or 1 blocks}}
  loom.if %c {
    cf.br ^bb1
  ^bb1:
    loom.yield
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// loom.for bounds.
//===----------------------------------------------------------------------===//

func.func @for_zero_step(%n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'loom.for' op constant step must be positive, got 0}}
  loom.for %i = %n to %n step %c0 token(%t) {
  }
  return
}

// -----

func.func @for_negative_step(%n: i32) {
  %m1 = arith.constant -1 : i32
  // expected-error @+1 {{'loom.for' op constant step must be positive, got -1}}
  loom.for %i = %n to %n step %m1 token(%t) : i32 {
  }
  return
}

// -----

func.func @for_bounds_of_different_types(%n: index, %m: i32) {
  // expected-error @+1 {{'loom.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "loom.for"(%n, %m, %n) ({
  ^bb0(%t: !loom.token, %i: index):
    loom.yield
  }) : (index, i32, index) -> ()
  return
}

// -----

func.func @for_induction_variable_type(%n: index) {
  // expected-error @+1 {{'loom.for' op induction variable has type 'i32' but the bounds have type 'index'}}
  "loom.for"(%n, %n, %n) ({
  ^bb0(%t: !loom.token, %i: i32):
    loom.yield
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_result_type(%n: index, %x: i32) {
  // expected-error @+1 {{'loom.for' op result #0 has type 'i64' but its iteration argument has type 'i32'}}
  %r = "loom.for"(%n, %n, %n, %x) ({
  ^bb0(%t: !loom.token, %i: index, %a: i32):
    loom.yield %a : i32
  }) : (index, index, index, i32) -> i64
  return
}

// -----

func.func @for_float_bounds(%x: f32) {
  // expected-error @+1 {{'loom.for' op operand #0 must be signless integer or index, but got 'f32'}}
  "loom.for"(%x, %x, %x) ({
  ^bb0(%t: !loom.token, %i: f32):
    loom.yield
  }) : (f32, f32, f32) -> ()
  return
}

// -----

//===----------------------------------------------------------------------===//
// loom.assume_range.
//===----------------------------------------------------------------------===//

func.func @assume_range_empty(%x: index) -> index {
  // expected-error @+1 {{'loom.assume_range' op empty range: lower bound 4 is greater than upper bound 3}}
  %y = loom.assume_range %x [4, 3] : index
  return %y : index
}

// -----

// At a 32-bit index width the bounds must fit 32 signed bits, although an
// index attribute stores 64.
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  func.func @assume_range_index32_hi(%x: index) -> index {
    // expected-error @+1 {{'loom.assume_range' op bound 2147483648 does not fit index at 32 bits (the data layout's index width)}}
    %y = loom.assume_range %x [0, 2147483648] : index
    return %y : index
  }
}

// -----

module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  func.func @assume_range_index32_lo(%x: index) -> index {
    // expected-error @+1 {{'loom.assume_range' op bound -2147483649 does not fit index at 32 bits (the data layout's index width)}}
    %y = loom.assume_range %x [-2147483649, 0] : index
    return %y : index
  }
}

// -----

// Unsigned bounds past 32 signed bits: [2^31, 2^32 - 1] would become [-2^31, -1] at 32 bits.
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  func.func @assume_range_index32_unsigned(%x: index) -> index {
    // expected-error @+1 {{'loom.assume_range' op bound 2147483648 does not fit index at 32 bits (the data layout's index width)}}
    %y = loom.assume_range %x [2147483648, 4294967295] : index
    return %y : index
  }
}

// -----

// The width is that of the nearest data layout, here the enclosing
// module's (MLIR 22's DLTI verifier crashes on nested specs that both name
// index, so an inner spec cannot override it here).
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 16 : i64>} {
  module {
    func.func @assume_range_index16_nested(%x: index) -> index {
      // expected-error @+1 {{'loom.assume_range' op bound 32768 does not fit index at 16 bits (the data layout's index width)}}
      %y = loom.assume_range %x [0, 32768] : index
      return %y : index
    }
  }
}

// -----

// A gpu.module is a data layout scope of its own.
module attributes {gpu.container_module} {
  gpu.module @dev attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
    func.func @assume_range_index32_gpu(%x: index) -> index {
      // expected-error @+1 {{'loom.assume_range' op bound 4294967295 does not fit index at 32 bits (the data layout's index width)}}
      %y = loom.assume_range %x [0, 4294967295] : index
      return %y : index
    }
  }
}

// -----

// Empty at the data layout's width too (the order is signed).
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  func.func @assume_range_index32_empty(%x: index) -> index {
    // expected-error @+1 {{'loom.assume_range' op empty range: lower bound 0 is greater than upper bound -1}}
    %y = loom.assume_range %x [0, -1] : index
    return %y : index
  }
}

// -----

func.func @assume_range_float(%x: f32) -> f32 {
  // expected-error @+1 {{custom op 'loom.assume_range' expected a signless integer or index type, got 'f32'}}
  %y = loom.assume_range %x [0, 3] : f32
  return %y : f32
}

// -----

func.func @assume_range_float_generic(%x: f32) {
  // expected-error @+1 {{'loom.assume_range' op operand #0 must be signless integer or index, but got 'f32'}}
  %y = "loom.assume_range"(%x) <{lo = 0 : index, hi = 3 : index}> : (f32) -> f32
  return
}

// -----

func.func @assume_range_bound_too_wide(%x: i8) {
  // expected-error @+1 {{range bound 128 does not fit in 'i8' as a signed value}}
  %y = loom.assume_range %x [0, 128] : i8
  return
}

// -----

func.func @assume_range_bound_type(%x: index) {
  // expected-error @+1 {{'loom.assume_range' op bounds must be integer attributes of type 'index'}}
  %y = "loom.assume_range"(%x) <{lo = 0 : i32, hi = 3 : i32}> : (index) -> index
  return
}

// -----

func.func @assume_range_garbage_bound(%x: index) {
  // expected-error @+1 {{Invalid attribute `hi` in property conversion: "a"}}
  %y = "loom.assume_range"(%x) <{lo = 0 : index, hi = "a"}> : (index) -> index
  return
}

// -----

func.func @assume_range_missing_bound(%x: index) {
  // expected-error @+1 {{'loom.assume_range' op requires attribute 'hi'}}
  %y = "loom.assume_range"(%x) <{lo = 0 : index}> : (index) -> index
  return
}

// -----

func.func @assume_range_bound_not_integer(%x: i8) {
  // expected-error @+1 {{expected integer value}}
  %y = loom.assume_range %x [low, 3] : i8
  return
}

// -----

func.func @assume_range_result_type(%x: index) {
  // expected-error @+1 {{'loom.assume_range' op failed to verify that all of {input, result} have same type}}
  %y = "loom.assume_range"(%x) <{lo = 0 : index, hi = 3 : index}> : (index) -> i64
  return
}

//===----------------------------------------------------------------------===//
// Declared attributes: loom.depth and loom.facts only on loops,
// loom.version_condition only on functions.
//===----------------------------------------------------------------------===//

// -----

func.func @unknown_loom_attribute() {
  // expected-error @+1 {{'func.return' op has unknown loom attribute 'loom.dpeth' (loom declares 'loom.depth', 'loom.facts', 'loom.max_trips', 'loom.proven_max_trips', 'loom.max_trips_unproven' and 'loom.version_condition')}}
  return {loom.dpeth = 0 : i64}
}

// -----

func.func @depth_not_on_a_loop() {
  // expected-error @+1 {{'func.return' op carries 'loom.depth', which only a loop (LoopLikeOpInterface) may carry}}
  return {loom.depth = 0 : i64}
}

// -----

func.func @depth_negative(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op 'loom.depth' must be a non-negative i64 integer, got -1 : i64}}
  scf.for %i = %c0 to %n step %c1 {
  } {loom.depth = -1 : i64}
  return
}

// -----

func.func @depth_wrong_type(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op 'loom.depth' must be a non-negative i64 integer, got 0 : i32}}
  scf.for %i = %c0 to %n step %c1 {
  } {loom.depth = 0 : i32}
  return
}

// -----

func.func @facts_not_a_string(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op 'loom.facts' must be a string, got 3 : i64}}
  scf.for %i = %c0 to %n step %c1 {
  } {loom.facts = 3 : i64}
  return
}

// -----

func.func @version_condition_not_on_a_function(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'scf.for' op carries 'loom.version_condition', which only a function (FunctionOpInterface) may carry}}
  scf.for %i = %c0 to %n step %c1 {
  } {loom.version_condition = "%arg0 <= 4"}
  return
}

// -----

// expected-error @+1 {{'func.func' op 'loom.version_condition' must be a string, got 4 : i64}}
func.func @version_condition_not_a_string(%n: index) attributes {loom.version_condition = 4 : i64} {
  return
}
