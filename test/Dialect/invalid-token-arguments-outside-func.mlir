// Where a !loom.token block argument may be, outside `func.func`: in
// `llvm.func`, `gpu.func`, and directly in nested `builtin.module`s and
// `gpu.module`s, an unused token that is not argument #0 of the entry block
// of an op that defines a token is rejected too. (An op directly in the
// top-level module is not checked: see LoomTokenArguments.cpp.)
// RUN: %loom-opt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

llvm.func @in_llvm_func() {
  // expected-error @+1 {{'some.wrap' op has a !loom.token block argument (argument #0 of block #0 of region #0), but it defines no token}}
  "some.wrap"() ({
  // expected-note @+1 {{the argument is here}}
  ^bb0(%t: !loom.token):
    "some.end"() : () -> ()
  }) : () -> ()
  llvm.return
}

// -----

gpu.module @kernels {
  // expected-error @+2 {{'gpu.func' op has a !loom.token block argument (argument #0 of block #0 of region #0), but it defines no token}}
  // expected-note @+1 {{the argument is here}}
  gpu.func @unused_token_argument(%t: !loom.token) {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error @+1 {{'some.wrap' op has a !loom.token block argument (argument #0 of block #0 of region #0), but it defines no token}}
  "some.wrap"() ({
  // expected-note @+1 {{the argument is here}}
  ^bb0(%t: !loom.token):
    "some.end"() : () -> ()
  }) : () -> ()
}

// -----

module @nested {
  // expected-error @+1 {{'some.wrap' op has a !loom.token block argument (argument #0 of block #0 of region #0), but it defines no token}}
  "some.wrap"() ({
  // expected-note @+1 {{the argument is here}}
  ^bb0(%t: !loom.token):
    "some.end"() : () -> ()
  }) : () -> ()
}

// -----

// A token in a non-entry block of a loom.loop inside a nested module's
// function: reported once, by the function's check.
module @nested {
  func.func @f() {
    "some.wrap"() ({
      "some.br"()[^bb1] : () -> ()
    // expected-error @-2 {{'some.wrap' op has a !loom.token block argument (argument #0 of block #1 of region #0), but it defines no token}}
    // expected-note @+1 {{the argument is here}}
    ^bb1(%t: !loom.token):
      "some.end"() : () -> ()
    }) : () -> ()
    return
  }
}
