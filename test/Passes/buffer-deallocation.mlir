// ownership-based-buffer-deallocation with loom ops present (the models in
// cpp/lib/Dialect/LoomDeallocation.cpp): every exit frees the buffers of
// each block it leaves, right before it; buffers of blocks it does not leave
// are freed by those blocks' own terminators. test/Execution/dealloc-*.mlir
// runs such code and counts allocations and frees.
// RUN: %loom-opt %s --ownership-based-buffer-deallocation --split-input-file | FileCheck %s

// A break of the outer loop from a loom.if inside the inner loom.for frees
// the if's buffer, the for body's and the outer loop body's; the continue of
// the for frees only the for body's; the normal ends free their own block's.
// CHECK-LABEL: func.func @exits(
// CHECK:      loom.loop token(%[[O:.*]]) {
// CHECK:        %[[A:.*]] = memref.alloc() : memref<2xf32>
// CHECK:        loom.for {{.*}} token(%[[F:.*]]) {
// CHECK:          %[[M:.*]] = memref.alloc() : memref<2xf32>
// CHECK:          loom.if %{{.*}} {
// CHECK:            %[[X:.*]] = memref.alloc() : memref<2xf32>
// CHECK:            %[[XB:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[X]]
// CHECK-NEXT:       bufferization.dealloc (%[[XB]] : memref<f32>) if (%{{.*}}){{$}}
// CHECK-NEXT:       %[[MB:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[M]]
// CHECK-NEXT:       bufferization.dealloc (%[[MB]] : memref<f32>) if (%{{.*}}){{$}}
// CHECK-NEXT:       %[[AB:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[A]]
// CHECK-NEXT:       bufferization.dealloc (%[[AB]] : memref<f32>) if (%{{.*}}){{$}}
// CHECK-NEXT:       loom.break %[[O]]
// CHECK-NEXT:     }
// CHECK:          loom.if %{{.*}} {
// CHECK-NEXT:       %[[MB2:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[M]]
// CHECK-NEXT:       bufferization.dealloc (%[[MB2]] : memref<f32>) if (%{{.*}}){{$}}
// CHECK-NEXT:       loom.continue %[[F]]
// CHECK-NEXT:     }
// CHECK:          %[[MB3:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[M]]
// CHECK-NEXT:     bufferization.dealloc (%[[MB3]] : memref<f32>) if (%{{.*}}){{$}}
// CHECK-NEXT:   }
// CHECK-NEXT:   %[[AB2:[^,]*]], {{.*}} = memref.extract_strided_metadata %[[A]]
// CHECK-NEXT:   bufferization.dealloc (%[[AB2]] : memref<f32>) if (%{{.*}}){{$}}
// CHECK-NEXT:   loom.continue %[[O]]
// CHECK-NEXT: }
func.func @exits(%n: index, %c: i1, %d: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  loom.loop token(%outer) {
    %a = memref.alloc() : memref<2xf32>
    memref.store %v, %a[%c0] : memref<2xf32>
    loom.for %i = %c0 to %n step %c1 token(%inner) {
      %m = memref.alloc() : memref<2xf32>
      memref.store %v, %m[%c0] : memref<2xf32>
      loom.if %c {
        %x = memref.alloc() : memref<2xf32>
        memref.store %v, %x[%c0] : memref<2xf32>
        loom.break %outer
      }
      loom.if %d { loom.continue %inner }
      memref.store %v, %m[%c1] : memref<2xf32>
    }
    loom.continue %outer
  }
  return
}

// -----

// A buffer allocated after the loom.if holding the exit does not exist yet
// when the exit runs: the exit does not free it.
// CHECK-LABEL: func.func @later_alloc(
// CHECK:      loom.if %{{.*}} {
// CHECK-NEXT:   loom.break
// CHECK-NEXT: }
// CHECK-NEXT: memref.alloc
func.func @later_alloc(%c: i1, %v: f32) {
  %c0 = arith.constant 0 : index
  loom.loop token(%t) {
    loom.if %c { loom.break %t }
    %b = memref.alloc() : memref<2xf32>
    memref.store %v, %b[%c0] : memref<2xf32>
    loom.continue %t
  }
  return
}
