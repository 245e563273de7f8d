// What the loom models of ownership-based-buffer-deallocation do not handle
// is an error naming the op, never silently wrong code: memrefs carried
// through loom ops (iteration arguments, results, forwarded by an exit),
// which would need ownership indicators threaded through them. The pass
// visits nested blocks first, so the exit forwarding the memref reports. Lowering to
// scf first (loom-lower-to-scf) gives IR upstream's pass handles.
// RUN: %loom-opt %s --ownership-based-buffer-deallocation --split-input-file --verify-diagnostics

func.func @memref_iter_arg(%n: index, %m: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%a = %m) -> (memref<2xf32>) {
    // expected-error @+1 {{buffer deallocation through 'loom.yield': the exit forwards a memref (not supported with loom ops present; run loom-lower-to-scf first)}}
    loom.yield %a : memref<2xf32>
  }
  return
}

// -----

func.func @memref_result(%c: i1) {
  %r = loom.scope token(%s) -> (memref<2xf32>) {
    %b = memref.alloc() : memref<2xf32>
    loom.if %c {
      %x = memref.alloc() : memref<2xf32>
      // expected-error @+1 {{buffer deallocation through 'loom.break': the exit forwards a memref (not supported with loom ops present; run loom-lower-to-scf first)}}
      loom.break %s, %x : memref<2xf32>
    }
    loom.yield %b : memref<2xf32>
  }
  return
}

// -----

func.func @break_forwards_memref(%c: i1, %m: memref<2xf32>) {
  %r = loom.loop token(%t) -> (memref<2xf32>) {
    // expected-error @+1 {{buffer deallocation through 'loom.break': the exit forwards a memref (not supported with loom ops present; run loom-lower-to-scf first)}}
    loom.break %t, %m : memref<2xf32>
  }
  return
}
