// Where a !loom.token block argument may be, for an op of another dialect
// that lets exits pass but defines no token (loomtest.wrap, in the
// loom-opt binary only): its entry block argument is not a token even when
// nothing uses it.
// RUN: %loomopt-bin %s --split-input-file --verify-diagnostics

func.func @wrap_with_token_argument() {
  // expected-error @+1 {{'loomtest.wrap' op has a !loom.token block argument (argument #0 of block #0 of region #0), but it defines no token: a token is only block argument #0 of the entry block of an op implementing HasBreakingControlFlowOpInterface}}
  "loomtest.wrap"() ({
  // expected-note @+1 {{the argument is here}}
  ^bb0(%t: !loom.token):
    loomtest.end
  }) : () -> ()
  return
}

// -----

// The same inside a loop, where the wrap is crossed by an exit of the loop.
func.func @wrap_with_token_argument_in_loop() {
  loom.loop token(%l) {
    // expected-error @+1 {{'loomtest.wrap' op has a !loom.token block argument (argument #0 of block #0 of region #0), but it defines no token}}
    "loomtest.wrap"() ({
    // expected-note @+1 {{the argument is here}}
    ^bb0(%t: !loom.token):
      loom.break %l
    }) : () -> ()
    loom.break %l
  }
  return
}
