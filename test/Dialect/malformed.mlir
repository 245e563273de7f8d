// Malformed loom IR of every shape (mostly in generic form, which bypasses
// the custom parsers): each case must give a diagnostic and a non-zero exit,
// never a crash. Debian's MLIR has assertions off, so a verifier that read
// past what exists would crash here rather than assert.
// RUN: %loom-opt --allow-unregistered-dialect %s --split-input-file --verify-diagnostics
// RUN: not %loom-opt --allow-unregistered-dialect %s --split-input-file 2>&1 | FileCheck %s --check-prefix=EXIT
// EXIT: error:

//===----------------------------------------------------------------------===//
// Wrong numbers of regions, blocks and block arguments.
//===----------------------------------------------------------------------===//

func.func @loop_empty_region() {
  // expected-error @+1 {{'loom.loop' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  "loom.loop"() ({ }) : () -> ()
  return
}

// -----

func.func @loop_no_region() {
  // expected-error @+1 {{'loom.loop' op requires one region}}
  "loom.loop"() : () -> ()
  return
}

// -----

func.func @loop_two_regions() {
  // expected-error @+1 {{'loom.loop' op requires one region}}
  "loom.loop"() ({
  ^bb0(%t: !loom.token):
    "loom.break"(%t) : (!loom.token) -> ()
  }, {
  ^bb0(%t: !loom.token):
    "loom.break"(%t) : (!loom.token) -> ()
  }) : () -> ()
  return
}

// -----

func.func @loop_no_block_arguments() {
  // expected-error @+1 {{'loom.loop' op entry block argument #0 must be the !loom.token of the op}}
  "loom.loop"() ({
    "test.op"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @loop_too_few_block_arguments(%x: i32) {
  // expected-error @+1 {{'loom.loop' op body must have 2 block argument(s) (the token, then one per iteration argument) but has 1}}
  "loom.loop"(%x) ({
  ^bb0(%t: !loom.token):
    "loom.break"(%t) : (!loom.token) -> ()
  }) : (i32) -> ()
  return
}

// -----

func.func @loop_too_many_block_arguments() {
  // expected-error @+1 {{'loom.loop' op body must have 1 block argument(s) (the token, then one per iteration argument) but has 2}}
  "loom.loop"() ({
  ^bb0(%t: !loom.token, %a: i32):
    "loom.continue"(%t, %a) : (!loom.token, i32) -> ()
  }) : () -> ()
  return
}

// -----

func.func @loop_iter_arg_type(%x: i32) {
  // expected-error @+1 {{'loom.loop' op iteration argument #0 has type 'i64' but its initial value has type 'i32'}}
  "loom.loop"(%x) ({
  ^bb0(%t: !loom.token, %a: i64):
    "loom.break"(%t) : (!loom.token) -> ()
  }) : (i32) -> ()
  return
}

// -----

func.func @loop_token_is_i32() {
  // expected-error @+1 {{'loom.loop' op entry block argument #0 must be the !loom.token of the op}}
  "loom.loop"() ({
  ^bb0(%t: i32):
    "test.op"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @scope_empty_region() {
  // expected-error @+1 {{'loom.scope' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  "loom.scope"() ({ }) : () -> ()
  return
}

// -----

func.func @scope_empty_block() {
  // expected-error @+1 {{'loom.scope' op expects a non-empty block}}
  "loom.scope"() ({
  ^bb0(%s: !loom.token):
  }) : () -> ()
  return
}

// -----

func.func @scope_without_token() {
  // expected-error @+1 {{'loom.scope' op entry block argument #0 must be the !loom.token of the op}}
  "loom.scope"() ({
    "loom.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @scope_extra_block_argument() {
  // expected-error @+1 {{'loom.scope' op body must have 1 block argument(s) (the token, then one per iteration argument) but has 2}}
  "loom.scope"() ({
  ^bb0(%s: !loom.token, %a: i32):
    "loom.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @scope_with_operands(%x: i32) {
  // expected-error @+1 {{'loom.scope' op requires zero operands}}
  "loom.scope"(%x) ({
  ^bb0(%s: !loom.token):
    "loom.yield"() : () -> ()
  }) : (i32) -> ()
  return
}

// -----

func.func @scope_two_regions() {
  // expected-error @+1 {{'loom.scope' op requires one region}}
  "loom.scope"() ({
  ^bb0(%s: !loom.token):
    "loom.yield"() : () -> ()
  }, { }) : () -> ()
  return
}

// -----

func.func @for_empty_region(%x: index) {
  // expected-error @+1 {{'loom.for' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
  "loom.for"(%x, %x, %x) ({ }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_only_token(%x: index) {
  // expected-error @+1 {{'loom.for' op body must have 2 block argument(s) (the token, the induction variable, then one per iteration argument) but has 1}}
  "loom.for"(%x, %x, %x) ({
  ^bb0(%t: !loom.token):
    "loom.continue"(%t) : (!loom.token) -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_missing_iter_arg_block_argument(%x: index, %y: i32) {
  // expected-error @+1 {{'loom.for' op body must have 3 block argument(s) (the token, the induction variable, then one per iteration argument) but has 2}}
  %r = "loom.for"(%x, %x, %x, %y) ({
  ^bb0(%t: !loom.token, %i: index):
    "loom.yield"(%y) : (i32) -> ()
  }) : (index, index, index, i32) -> i32
  return
}

// -----

func.func @for_no_block_arguments(%x: index) {
  // expected-error @+1 {{'loom.for' op entry block argument #0 must be the !loom.token of the op}}
  "loom.for"(%x, %x, %x) ({
    "loom.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_two_operands(%x: index) {
  // expected-error @+1 {{'loom.for' op expected 3 or more operands, but found 2}}
  "loom.for"(%x, %x) ({
  ^bb0(%t: !loom.token, %i: index):
    "loom.yield"() : () -> ()
  }) : (index, index) -> ()
  return
}

// -----

func.func @for_no_operands() {
  // expected-error @+1 {{'loom.for' op expected 3 or more operands, but found 0}}
  "loom.for"() ({
  ^bb0(%t: !loom.token, %i: index):
    "loom.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @for_iter_arg_without_result(%x: index, %y: i32) {
  // expected-error @+1 {{'loom.for' op has 1 iteration argument(s) but 0 result(s); they must correspond one to one}}
  "loom.for"(%x, %x, %x, %y) ({
  ^bb0(%t: !loom.token, %i: index, %a: i32):
    "loom.yield"(%a) : (i32) -> ()
  }) : (index, index, index, i32) -> ()
  return
}

// -----

func.func @for_result_without_iter_arg(%x: index) {
  // expected-error @+1 {{'loom.for' op has 0 iteration argument(s) but 1 result(s); they must correspond one to one}}
  %r = "loom.for"(%x, %x, %x) ({
  ^bb0(%t: !loom.token, %i: index):
    "loom.yield"() : () -> ()
  }) : (index, index, index) -> i32
  return
}

// -----

func.func @for_token_is_index(%x: index) {
  // expected-error @+1 {{'loom.for' op entry block argument #0 must be the !loom.token of the op}}
  "loom.for"(%x, %x, %x) ({
  ^bb0(%t: index, %i: index):
    "loom.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @if_one_region(%c: i1) {
  // expected-error @+1 {{'loom.if' op expected 2 regions}}
  "loom.if"(%c) ({
    "loom.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @if_three_regions(%c: i1) {
  // expected-error @+1 {{'loom.if' op expected 2 regions}}
  "loom.if"(%c) ({
    "loom.yield"() : () -> ()
  }, {
    "loom.yield"() : () -> ()
  }, {
    "loom.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @if_empty_else(%c: i1) {
  // expected-error @+1 {{'loom.if' op region #1 ('elseRegion') failed to verify constraint: region with 1 blocks}}
  "loom.if"(%c) ({
    "loom.yield"() : () -> ()
  }, { }) : (i1) -> ()
  return
}

// -----

func.func @if_empty_block(%c: i1) {
  // expected-error @+1 {{'loom.if' op expects a non-empty block}}
  "loom.if"(%c) ({
  ^bb0:
  }, {
    "loom.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @if_no_condition() {
  // expected-error @+1 {{'loom.if' op requires a single operand}}
  "loom.if"() ({
    "loom.yield"() : () -> ()
  }, {
    "loom.yield"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @if_condition_i32(%c: i32) {
  // expected-error @+1 {{'loom.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "loom.if"(%c) ({
    "loom.yield"() : () -> ()
  }, {
    "loom.yield"() : () -> ()
  }) : (i32) -> ()
  return
}

// -----

func.func @if_block_argument(%c: i1) {
  // expected-error @+1 {{'loom.if' op region #0 should have no arguments}}
  "loom.if"(%c) ({
  ^bb0(%a: i32):
    "loom.yield"() : () -> ()
  }, {
    "loom.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

//===----------------------------------------------------------------------===//
// Exits with wrong operands.
//===----------------------------------------------------------------------===//

func.func @break_no_operands(%c: i1) {
  "loom.if"(%c) ({
    // expected-error @+1 {{'loom.break' op expected 1 or more operands, but found 0}}
    "loom.break"() : () -> ()
  }, {
    "loom.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @continue_no_operands() {
  "loom.loop"() ({
  ^bb0(%t: !loom.token):
    // expected-error @+1 {{'loom.continue' op expected 1 or more operands, but found 0}}
    "loom.continue"() : () -> ()
  }) : () -> ()
  return
}

// -----

func.func @break_token_is_i1(%c: i1) {
  "loom.if"(%c) ({
    // expected-error @+1 {{'loom.break' op operand #0 must be token naming the target of exits, but got 'i1'}}
    "loom.break"(%c) : (i1) -> ()
  }, {
    "loom.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

func.func @break_at_function_level() {
  // expected-error @+1 {{'loom.break' op expected 1 or more operands, but found 0}}
  "loom.break"() : () -> ()
}

// -----

func.func @break_with_result() {
  loom.loop token(%t) {
    // expected-error @+1 {{'loom.break' op requires zero results}}
    %x = "loom.break"(%t) : (!loom.token) -> i32
  }
  return
}

// -----

func.func @break_with_region() {
  loom.loop token(%t) {
    // expected-error @+1 {{'loom.break' op requires zero regions}}
    "loom.break"(%t) ({ }) : (!loom.token) -> ()
  }
  return
}

// -----

func.func @break_with_successor() {
  // expected-error @+1 {{'loom.loop' op expects region #0 to have 0 or 1 blocks}}
  loom.loop token(%t) {
    "loom.break"(%t) [^bb1] : (!loom.token) -> ()
  ^bb1:
    loom.break %t
  }
  return
}

// -----

func.func @yield_with_result(%c: i1) {
  "loom.if"(%c) ({
    // expected-error @+1 {{'loom.yield' op requires zero results}}
    %x = "loom.yield"() : () -> i32
  }, {
    "loom.yield"() : () -> ()
  }) : (i1) -> ()
  return
}

// -----

// Parse errors of the custom syntax.

func.func @break_without_token() {
  loom.loop token(%t) {
    // expected-error @+1 {{expected SSA operand}}
    loom.break
  }
  return
}

// -----

func.func @break_types_without_values() {
  loom.loop token(%t) {
    // expected-error @+1 {{expected ':'}}
    loom.break %t, %t
  }
  return
}

// -----

func.func @scope_without_token_clause() {
  // expected-error @+1 {{expected 'token'}}
  loom.scope {
  }
  return
}

// -----

func.func @loop_iter_args_without_types(%x: i32) {
  // expected-error @+1 {{expected ':'}}
  loom.loop token(%t) iter_args(%a = %x) { loom.break %t }
  return
}

// -----

func.func @loop_iter_args_type_count(%x: i32) {
  // expected-error @+1 {{expected 1 iteration argument type(s), got 2}}
  loom.loop token(%t) iter_args(%a = %x) : (i32, i32) { loom.break %t }
  return
}

// -----

func.func @for_missing_result_types(%x: index) {
  // expected-error @+1 {{expected 1 result type(s), one per iteration argument, got 0}}
  loom.for %i = %x to %x step %x token(%t) iter_args(%a = %x) { loom.yield %a : index }
  return
}

// -----

func.func @if_two_elses(%c: i1) {
  // expected-error @+1 {{custom op 'else' is unknown}}
  loom.if %c { } else { } else { }
  return
}

// -----

//===----------------------------------------------------------------------===//
// Garbage types and attributes.
//===----------------------------------------------------------------------===//

// expected-error @+1 {{!loom.token takes no parameters}}
func.func @token_with_parameters(%t: !loom.token<3>) {
  return
}

// -----

// expected-error @+1 {{unknown  type `tok` in dialect `loom`}}
func.func @unknown_type(%t: !loom.tok) {
  return
}

// -----

func.func @break_with_garbage_property() {
  loom.loop token(%t) {
    // expected-error @+1 {{this operation does not support properties}}
    "loom.break"(%t) <{bogus = 1}> : (!loom.token) -> ()
  }
  return
}

// -----

func.func @unknown_dialect_attribute() {
  loom.loop token(%t) {
    // expected-error @+1 {{dialect 'loom' provides no attribute parsing hook}}
    "loom.break"(%t) {x = #loom.garbage} : (!loom.token) -> ()
  }
  return
}

// -----

func.func @assume_range_no_bounds(%x: index) {
  // expected-error @+1 {{'loom.assume_range' op requires attribute 'hi'}}
  %r = "loom.assume_range"(%x) : (index) -> index
  return
}

// -----

func.func @assume_range_string_bound(%x: index) {
  // expected-error @+1 {{'loom.assume_range' op attribute 'hi' failed to satisfy constraint: arbitrary integer attribute}}
  %r = "loom.assume_range"(%x) {lo = 0 : index, hi = "a"} : (index) -> index
  return
}

// -----

func.func @assume_range_no_operand() {
  // expected-error @+1 {{'loom.assume_range' op requires a single operand}}
  %r = "loom.assume_range"() <{lo = 0 : index, hi = 3 : index}> : () -> index
  return
}

// -----

func.func @assume_range_duplicate_bound(%x: i8) {
  // expected-error @+1 {{attribute 'lo' occurs more than once in the attribute list}}
  %r = loom.assume_range %x [0, 1] {lo = 7} : i8
  return
}

// -----

func.func @assume_range_float_bound(%x: i8) {
  // expected-error @+1 {{expected integer value}}
  %r = loom.assume_range %x [0.5, 1] : i8
  return
}

// -----

func.func @assume_range_i1_unsigned_bound(%x: i1) {
  // expected-error @+1 {{range bound 1 does not fit in 'i1' as a signed value}}
  %r = loom.assume_range %x [0, 1] : i1
  return
}
