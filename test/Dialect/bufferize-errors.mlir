// Without allow-return-allocs-from-loops, a value carried to the next
// iteration that is not the iteration argument's buffer is an error (the
// copy would run every iteration), as upstream reports for scf.for.
// RUN: %loom-opt %s --one-shot-bufferize=bufferize-function-boundaries --split-input-file -verify-diagnostics

func.func @swap(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r:2 = loom.for %i = %c0 to %c4 step %c1 token(%tk) iter_args(%x = %a, %y = %b) -> (tensor<4xf32>, tensor<4xf32>) {
    // expected-error @below {{'loom.yield' op operand #0 is not equivalent to iteration argument #0 of its loop}}
    loom.yield %y, %x : tensor<4xf32>, tensor<4xf32>
  }
  return %r#0 : tensor<4xf32>
}

// -----

func.func @continue_other(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
  %r = loom.loop token(%tk) iter_args(%x = %a) : (tensor<4xf32>) -> (tensor<4xf32>) {
    loom.if %c { loom.break %tk, %x : tensor<4xf32> }
    // expected-error @below {{'loom.continue' op operand #0 is not equivalent to iteration argument #0 of its loop}}
    loom.continue %tk, %b : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
