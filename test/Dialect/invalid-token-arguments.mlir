// Where a !loom.token block argument may be: only argument #0 of the entry
// block of an op that defines a token (HasBreakingControlFlowOpInterface),
// even when nothing uses it. One misplaced, unused token per split; the
// misplaced tokens that exits use are in invalid.mlir.
// RUN: %loom-opt %s --split-input-file --verify-diagnostics

// A function defines no token.
// expected-error @+2 {{'func.func' op has a !loom.token block argument (argument #0 of block #0 of region #0), but it defines no token}}
// expected-note @+1 {{the argument is here}}
func.func @unused_function_argument(%t: !loom.token) {
  return
}

// -----

// expected-error @+2 {{'func.func' op has a !loom.token block argument (argument #1 of block #0 of region #0), but it defines no token}}
// expected-note @+1 {{the argument is here}}
func.func @unused_second_function_argument(%x: i32, %t: !loom.token) {
  return
}

// -----

// An upstream region op defines no token either.
func.func @execute_region_argument() {
  // expected-error @+1 {{'scf.execute_region' op has a !loom.token block argument (argument #0 of block #1 of region #0), but it defines no token}}
  scf.execute_region {
    scf.yield
  // expected-note @+1 {{the argument is here}}
  ^bb1(%t: !loom.token):
    scf.yield
  }
  return
}

// -----

// A non-entry block: of a function (which defines no token) ...
// expected-error @+1 {{'func.func' op has a !loom.token block argument (argument #0 of block #1 of region #0), but it defines no token}}
func.func @unreachable_block_argument() {
  return
// expected-note @+1 {{the argument is here}}
^bb1(%t: !loom.token):
  return
}

// -----

// ... and inside a loop, in a block of an op nested in the loop's body.
func.func @nested_non_entry_block_argument() {
  loom.loop token(%t) {
    // expected-error @+1 {{'scf.execute_region' op has a !loom.token block argument (argument #0 of block #1 of region #0), but it defines no token}}
    scf.execute_region {
      scf.yield
    // expected-note @+1 {{the argument is here}}
    ^bb1(%u: !loom.token):
      scf.yield
    }
    loom.break %t
  }
  return
}

// -----

// An unused token nested deeply in a function, under an op of no dialect
// loom knows.
func.func @deep_unused_argument(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{'scf.execute_region' op has a !loom.token block argument (argument #0 of block #1 of region #0), but it defines no token}}
    scf.execute_region {
      scf.yield
    // expected-note @+1 {{the argument is here}}
    ^bb1(%t: !loom.token):
      scf.yield
    }
  }
  return
}
