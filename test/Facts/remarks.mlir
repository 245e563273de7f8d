// RUN: %loom-opt %s --verify-diagnostics --pass-pipeline='builtin.module(loom-loop-facts{remarks=true})'
// RUN: %loom-opt %s --verify-diagnostics --pass-pipeline='builtin.module(func.func(loom-loop-facts{remarks=true}))'

// With remarks=true the facts are also remarks at each loop.

func.func @remarks(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-remark @below {{loop facts: exact: body 4, condition 5, entries 1, total body 4, total condition 5; counter index signed step 1, condition [0, 4], body [0, 3], exit 4}}
  scf.for %i = %c0 to %c4 step %c1 {
    // expected-remark @below {{loop facts: exact: body max(0, %arg0), condition max(0, %arg0) + 1, entries 4, total body 4 * max(0, %arg0), total condition 4 * max(0, %arg0) + 4; counter index signed step 1, condition [0, max(0, %arg0)], body [0, max(0, %arg0) - 1], exit max(0, %arg0)}}
    scf.for %j = %c0 to %n step %c1 {
    }
  }
  return
}
