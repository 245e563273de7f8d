// ownership-based-buffer-deallocation on memrefs carried through loom ops:
// one i1 ownership indicator beside each memref iteration argument (a
// `false` init: the loop never owns what is passed in), each memref result
// and each memref an exit forwards. Every exit frees what each block it
// leaves owns, retaining what it forwards; the ownership it forwards is the
// OR of the retained conditions of those deallocs (the exit's own block
// first, then each enclosing block up to the target's body). cse merges
// the constants the pass creates, and checks that the rebuilt ops hold.
// RUN: %loom-opt %s --ownership-based-buffer-deallocation --cse --split-input-file | FileCheck %s

// A loom.for iteration argument replaced by a fresh buffer each iteration:
// the old one is freed if the body owns it, the new one is retained and its
// ownership passed on; after the loop, the initial buffer (a function
// argument: not owned) and the result are freed by the function's block.
// CHECK-LABEL: func.func @iter_arg(
//  CHECK-SAME:     %{{.*}}: index, %[[INIT:.*]]: memref<2xf32>)
//       CHECK:   %[[FALSE:.*]] = arith.constant false
//       CHECK:   %[[R:.*]]:2 = loom.for {{.*}} iter_args(%[[B:.*]] = %[[INIT]], %[[BOWN:.*]] = %[[FALSE]]) -> (memref<2xf32>, i1) {
//       CHECK:     %[[TRUE:.*]] = arith.constant true
//       CHECK:     %[[F:.*]] = memref.alloc()
//       CHECK:     %[[BB:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[B]]
//       CHECK:     %[[FB:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[F]]
//       CHECK:     %[[OWN:.*]] = bufferization.dealloc (%[[BB]], %[[FB]] : {{.*}}) if (%[[BOWN]], %[[TRUE]]) retain (%[[F]] : memref<2xf32>)
//  CHECK-NEXT:     loom.yield %[[F]], %[[OWN]] : memref<2xf32>, i1
//       CHECK:   bufferization.dealloc ({{.*}}, {{.*}} : {{.*}}) if (%{{.*}}, %[[R]]#1)
//  CHECK-NEXT:   return
func.func @iter_arg(%n: index, %init: memref<2xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%b = %init) -> (memref<2xf32>) {
    %f = memref.alloc() : memref<2xf32>
    memref.copy %b, %f : memref<2xf32> to memref<2xf32>
    loom.yield %f : memref<2xf32>
  }
  %v = memref.load %r[%c0] : memref<2xf32>
  return %v : f32
}

// -----

// An iteration argument passed on unchanged: its ownership is the
// retained condition of the body's dealloc (the body owns nothing else).
// CHECK-LABEL: func.func @iter_arg_unchanged(
//       CHECK:   loom.for {{.*}} iter_args(%[[A:.*]] = %{{.*}}, %[[AOWN:.*]] = %{{.*}}) -> (memref<2xf32>, i1) {
//       CHECK:     %[[OWN:.*]] = bufferization.dealloc ({{.*}} : memref<f32>) if (%[[AOWN]]) retain (%[[A]] : memref<2xf32>)
//  CHECK-NEXT:     loom.yield %[[A]], %[[OWN]] : memref<2xf32>, i1
func.func @iter_arg_unchanged(%n: index, %m: memref<2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%a = %m) -> (memref<2xf32>) {
    loom.yield %a : memref<2xf32>
  }
  return
}

// -----

// A break of an outer loop from an inner one (leaving three blocks: the
// loom.if's, the inner body, the outer body). Forwarding the outer body's
// buffer %a: the inner body frees its %x, the outer body retains %a, whose
// ownership moves to the result. Forwarding the inner body's %x: the inner
// body retains it, the outer body frees %a.
// CHECK-LABEL: func.func @two_levels(
//       CHECK:   %[[R:.*]]:2 = loom.loop token(%[[OUTER:[^)]*]]) -> (memref<2xf32>, i1) {
//       CHECK:     %[[A:.*]] = memref.alloc()
//       CHECK:     loom.loop token(%{{.*}}) {
//       CHECK:       %[[X:.*]] = memref.alloc()
//       CHECK:       loom.if %{{.*}} {
//       CHECK:         %[[NONE:[^ ]*]] = arith.constant false
//  CHECK-NEXT:         %[[XB:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[X]]
//       CHECK:         %[[O1:.*]] = bufferization.dealloc (%[[XB]] : memref<f32>) if (%{{.*}}) retain (%[[A]] : memref<2xf32>)
//       CHECK:         %[[OR1:.*]] = arith.ori %[[NONE]], %[[O1]] : i1
//       CHECK:         %[[AB:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[A]]
//       CHECK:         %[[O2:.*]] = bufferization.dealloc (%[[AB]] : memref<f32>) if (%{{.*}}) retain (%[[A]] : memref<2xf32>)
//       CHECK:         %[[OR2:.*]] = arith.ori %[[OR1]], %[[O2]] : i1
//  CHECK-NEXT:         loom.break %[[OUTER]], %[[A]], %[[OR2]] : memref<2xf32>, i1
//       CHECK:       %[[O3:.*]] = bufferization.dealloc (%{{.*}} : memref<f32>) if (%{{.*}}) retain (%[[X]] : memref<2xf32>)
//       CHECK:       %[[O4:.*]] = bufferization.dealloc (%{{.*}} : memref<f32>) if (%{{.*}}) retain (%[[X]] : memref<2xf32>)
//       CHECK:       %[[OR3:.*]] = arith.ori %[[O3]], %[[O4]] : i1
//  CHECK-NEXT:       loom.break %[[OUTER]], %[[X]], %[[OR3]] : memref<2xf32>, i1
//       CHECK:     bufferization.dealloc (%{{.*}} : memref<f32>) if (%{{.*}}){{$}}
//  CHECK-NEXT:     loom.continue %[[OUTER]]{{$}}
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[R]]#1)
func.func @two_levels(%c: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %r = loom.loop token(%outer) -> (memref<2xf32>) {
    %a = memref.alloc() : memref<2xf32>
    loom.loop token(%inner) {
      %x = memref.alloc() : memref<2xf32>
      loom.if %c { loom.break %outer, %a : memref<2xf32> }
      loom.break %outer, %x : memref<2xf32>
    }
    loom.continue %outer
  }
  %v = memref.load %r[%c0] : memref<2xf32>
  return %v : f32
}

// -----

// loom.scope and loom.if results: the if yields a fresh buffer (owned) or
// the scope's %b (not owned by the else block: `false`); the scope's yield
// frees %b unless the result is %b (runtime alias check of the retained
// value), and a break carries a fresh buffer out of the scope.
// CHECK-LABEL: func.func @scope_if(
//       CHECK:   %[[R:.*]]:2 = loom.scope token(%[[S:[^)]*]]) -> (memref<2xf32>, i1) {
//       CHECK:     %[[B:.*]] = memref.alloc()
//       CHECK:     loom.if %{{.*}} {
//       CHECK:       %[[Y:.*]] = memref.alloc()
//       CHECK:       %[[YO:.*]] = bufferization.dealloc (%{{.*}} : memref<f32>) if (%{{.*}}) retain (%[[Y]] : memref<2xf32>)
//       CHECK:       %[[YO2:.*]] = bufferization.dealloc (%{{.*}} : memref<f32>) if (%{{.*}}) retain (%[[Y]] : memref<2xf32>)
//       CHECK:       %[[YOWN:.*]] = arith.ori %[[YO]], %[[YO2]] : i1
//  CHECK-NEXT:       loom.break %[[S]], %[[Y]], %[[YOWN]] : memref<2xf32>, i1
//       CHECK:     %[[V:.*]]:2 = loom.if %{{.*}} -> (memref<2xf32>, i1) {
//       CHECK:       %[[X:.*]] = memref.alloc()
//       CHECK:       %[[XO:.*]] = bufferization.dealloc (%{{.*}} : memref<f32>) if (%{{.*}}) retain (%[[X]] : memref<2xf32>)
//  CHECK-NEXT:       loom.yield %[[X]], %[[XO]] : memref<2xf32>, i1
//       CHECK:     } else {
//       CHECK:       %[[NO:[^ ]*]] = arith.constant false
//  CHECK-NEXT:       loom.yield %[[B]], %[[NO]] : memref<2xf32>, i1
//       CHECK:     %[[VO:.*]] = bufferization.dealloc (%{{.*}}, %{{.*}} : memref<f32>, memref<f32>) if (%{{.*}}, %[[V]]#1) retain (%[[V]]#0 : memref<2xf32>)
//  CHECK-NEXT:     loom.yield %[[V]]#0, %[[VO]] : memref<2xf32>, i1
//       CHECK:   bufferization.dealloc (%{{.*}} : memref<f32>) if (%[[R]]#1)
func.func @scope_if(%c: i1, %d: i1) -> f32 {
  %c0 = arith.constant 0 : index
  %r = loom.scope token(%s) -> (memref<2xf32>) {
    %b = memref.alloc() : memref<2xf32>
    loom.if %d {
      %y = memref.alloc() : memref<2xf32>
      loom.break %s, %y : memref<2xf32>
    }
    %v = loom.if %c -> (memref<2xf32>) {
      %x = memref.alloc() : memref<2xf32>
      loom.yield %x : memref<2xf32>
    } else {
      loom.yield %b : memref<2xf32>
    }
    loom.yield %v : memref<2xf32>
  }
  %v = memref.load %r[%c0] : memref<2xf32>
  return %v : f32
}

// -----

// A break forwarding a memref no block inside the function owns (a function
// argument): nothing to free, the result is not owned.
// CHECK-LABEL: func.func @break_forwards_argument(
//  CHECK-SAME:     %{{.*}}: i1, %[[M:.*]]: memref<2xf32>)
//  CHECK-NEXT:   %[[NO:.*]] = arith.constant false
//  CHECK-NEXT:   loom.loop token(%[[T:[^)]*]]) -> (memref<2xf32>, i1) {
//  CHECK-NEXT:     loom.break %[[T]], %[[M]], %[[NO]] : memref<2xf32>, i1
func.func @break_forwards_argument(%c: i1, %m: memref<2xf32>) {
  %r = loom.loop token(%t) -> (memref<2xf32>) {
    loom.break %t, %m : memref<2xf32>
  }
  return
}

// -----

// A buffer forwarded twice: both copies are retained and both results own
// it; the function's block frees it once (one dealloc of both).
// CHECK-LABEL: func.func @twice(
//       CHECK:   %[[R:.*]]:4 = loom.loop token(%[[T:[^)]*]]) -> (memref<2xf32>, memref<2xf32>, i1, i1) {
//       CHECK:     %[[X:.*]] = memref.alloc()
//       CHECK:     %[[O:.*]]:2 = bufferization.dealloc (%{{.*}} : memref<f32>) if (%{{.*}}) retain (%[[X]], %[[X]] : memref<2xf32>, memref<2xf32>)
//  CHECK-NEXT:     loom.break %[[T]], %[[X]], %[[X]], %[[O]]#0, %[[O]]#1 : memref<2xf32>, memref<2xf32>, i1, i1
//       CHECK:   bufferization.dealloc (%{{.*}}, %{{.*}} : memref<f32>, memref<f32>) if (%[[R]]#2, %[[R]]#3)
func.func @twice() {
  %r:2 = loom.loop token(%t) -> (memref<2xf32>, memref<2xf32>) {
    %x = memref.alloc() : memref<2xf32>
    loom.break %t, %x, %x : memref<2xf32>, memref<2xf32>
  }
  return
}
