// Uses the test-only loomtest dialect, which only loom-opt registers.
// An exit crossing another dialect's op (loomtest.wrap has
// PropagateControlFlowBreak) would leave that op's block without freeing its
// buffers, as nothing in that op knows about exits: an error, not a leak.
// RUN: %loomopt-bin %s --ownership-based-buffer-deallocation --verify-diagnostics

func.func @break_through_wrap(%c: i1) {
  loom.loop token(%t) {
    loomtest.wrap {
      loom.if %c {
        // expected-error @+1 {{buffer deallocation through 'loom.break': the exit crosses 'loomtest.wrap', whose block would not be freed on the exit}}
        loom.break %t
      }
      loomtest.end
    }
    loom.continue %t
  }
  return
}

