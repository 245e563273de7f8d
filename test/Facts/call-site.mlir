// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-report)' -o /dev/null | FileCheck %s
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-report{format=text})' -o /dev/null | FileCheck %s --check-prefix=TEXT
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-check-claims)' | FileCheck %s --check-prefix=CLAIMS

// A precondition checked at the module's calls. An access of a private
// function whose every use is a func.call, each satisfying the access's
// precondition with the caller's facts (constants, static and dynamic
// allocation sizes through casts), is proven through call sites: its
// status stays "unproven" (the function alone does not show it) and
// "call_sites" says "proven" and names the calls. loom-check-claims
// checks it like any proven access.

// CHECK: {"function": "fill_all", "loc": "{{.*}}:[[#@LINE+12]]:5", "op": "memref.store", "status": "unproven", {{.*}}"precondition": "%arg0 <= dim(%arg1, 0)", "call_sites": {"proven": true, "calls": [{"function": "main", "loc": "{{.*}}:[[#@LINE+22]]:3", "holds": true}, {"function": "main", "loc": "{{.*}}:[[#@LINE+24]]:3", "holds": true}]}},
// CHECK: {"function": "fill_all", {{.*}}"unproven": 1, "precondition": "%arg0 <= dim(%arg1, 0)", "call_sites": {"proven": true, "calls": [
// TEXT: fill_all memref.store: unproven:
// TEXT-NEXT: precondition: %arg0 <= dim(%arg1, 0)
// TEXT-NEXT: call sites: proven through every call (holds at {{.*}} in @main, {{.*}} in @main)
// CLAIMS-LABEL: func.func private @fill_all
// CLAIMS: loom claim violated: memref.store index 0 in bounds of dimension 0 at {{.*}}:[[#@LINE+6]]:5
func.func private @fill_all(%n: index, %a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %z, %a[%i] : memref<?xf32>
  }
  return
}

func.func @main() {
  %c8 = arith.constant 8 : index
  %c5 = arith.constant 5 : index
  %s = memref.alloc() : memref<8xf32>
  %d = memref.cast %s : memref<8xf32> to memref<?xf32>
  func.call @fill_all(%c8, %d) : (index, memref<?xf32>) -> ()
  %e = memref.alloc(%c8) : memref<?xf32>
  func.call @fill_all(%c5, %e) : (index, memref<?xf32>) -> ()
  memref.dealloc %s : memref<8xf32>
  memref.dealloc %e : memref<?xf32>
  return
}

// -----

// A near miss: the second call passes 9 for a buffer of 8. The access
// stays unproven, and the report says which call does not satisfy it.
// CHECK: {"function": "fill_near", {{.*}}"precondition": "%arg0 <= dim(%arg1, 0)", "call_sites": {"proven": false, "reason": "not shown at 1 of 2 calls", "calls": [{"function": "main", "loc": "{{.*}}:[[#@LINE+20]]:3", "holds": true}, {"function": "main", "loc": "{{.*}}:[[#@LINE+21]]:3", "holds": false}]}},
// TEXT: call sites: not proven: not shown at 1 of 2 calls (holds at {{.*}}:[[#@LINE+19]]:3 in @main; not shown at {{.*}}:[[#@LINE+20]]:3 in @main)
// CLAIMS-LABEL: func.func private @fill_near
// CLAIMS-NOT: loom claim violated: memref.store
// CLAIMS: return
func.func private @fill_near(%n: index, %a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %z, %a[%i] : memref<?xf32>
  }
  return
}

func.func @main() {
  %c8 = arith.constant 8 : index
  %c9 = arith.constant 9 : index
  %s = memref.alloc() : memref<8xf32>
  %d = memref.cast %s : memref<8xf32> to memref<?xf32>
  func.call @fill_near(%c8, %d) : (index, memref<?xf32>) -> ()
  func.call @fill_near(%c9, %d) : (index, memref<?xf32>) -> ()
  return
}

// -----

// The function's address is taken (func.constant): a caller loom does not
// see may call it, so the one call shown is not enough.
// CHECK: {"function": "fill_taken", {{.*}}"call_sites": {"proven": false, "reason": "@fill_taken is used by func.constant at {{.*}}:[[#@LINE+19]]:8, not only called", "calls": [{"function": "main", {{.*}}"holds": true}]}},
// CLAIMS-LABEL: func.func private @fill_taken
// CLAIMS-NOT: loom claim violated: memref.store
// CLAIMS: return
func.func private @fill_taken(%n: index, %a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %z, %a[%i] : memref<?xf32>
  }
  return
}

func.func @main() -> ((index, memref<?xf32>) -> ()) {
  %c8 = arith.constant 8 : index
  %s = memref.alloc() : memref<8xf32>
  %d = memref.cast %s : memref<8xf32> to memref<?xf32>
  func.call @fill_taken(%c8, %d) : (index, memref<?xf32>) -> ()
  %f = func.constant @fill_taken : (index, memref<?xf32>) -> ()
  return %f : (index, memref<?xf32>) -> ()
}

// -----

// A public function may be called from outside the module: never proven
// through call sites, but the report says which of the module's calls
// satisfy the precondition (the constant 4 does; the caller's own
// argument %k is not related to the buffer: one level only).
// CHECK: {"function": "fill_public", {{.*}}"call_sites": {"proven": false, "reason": "@fill_public is public: it may be called from outside the module", "calls": [{"function": "main", "loc": "{{.*}}:[[#@LINE+18]]:3", "holds": true}, {"function": "main", "loc": "{{.*}}:[[#@LINE+19]]:3", "holds": false}]}},
// CLAIMS-LABEL: func.func @fill_public
// CLAIMS-NOT: loom claim violated: memref.store
// CLAIMS: return
func.func @fill_public(%n: index, %a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 1.0 : f32
  scf.for %i = %c0 to %n step %c1 {
    memref.store %z, %a[%i] : memref<?xf32>
  }
  return
}

func.func @main(%k: index) {
  %c4 = arith.constant 4 : index
  %s = memref.alloc() : memref<4xf32>
  %d = memref.cast %s : memref<4xf32> to memref<?xf32>
  func.call @fill_public(%c4, %d) : (index, memref<?xf32>) -> ()
  func.call @fill_public(%k, %d) : (index, memref<?xf32>) -> ()
  return
}
