// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(loom-report{format=text})' -o /dev/null | FileCheck %s
// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(loom-report)' -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(loom-report{format=text assume-buffer-dims-below-half-address-space=false})' -o /dev/null | FileCheck %s --check-prefix=NODIMS
// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(loom-report{format=text assume-buffer-bytes-below-half-address-space=false})' -o /dev/null | FileCheck %s --check-prefix=NOBYTES

// The per-dimension buffer-size assumption: every
// dimension of a buffer, times its element bytes, is below half the
// address space. The byte assumption bounds a dimension only when the
// others are static and non-empty (an empty memref<0x?xf32> may have any
// size in its dynamic dimension), so on a 2-D dynamic buffer only this one
// bounds a size. Each claim that used it lists it (without it, in the NODIMS run, the
// claim is gone); a 1-D buffer's size is bounded by either (the NOBYTES run).

// The output width of a valid convolution, (dim(a, 1) - dim(w, 1)) + 1
// without a flag: it wraps only when dim(a, 1) - dim(w, 1) is SMAX, which
// no bounded dimension reaches.
func.func @conv_width(%a: memref<?x?xf32>, %w: memref<?x?xf32>, %b: memref<?xf32, strided<[0]>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c1 : memref<?x?xf32>
  %k = memref.dim %w, %c1 : memref<?x?xf32>
  %ok = arith.cmpi sle, %k, %d : index
  scf.if %ok {
    %diff = arith.subi %d, %k : index
    %n = arith.addi %diff, %c1 : index
    // CHECK: assumption-dims.mlir:[[@LINE+4]]:5: exact: body max(0, dim(%arg0, 1) + 1 - dim(%arg1, 1)), condition max(0, dim(%arg0, 1) + 1 - dim(%arg1, 1)) + 1; {{.*}}; assuming buffer-dims-below-half-address-space{{$}}
    // JSON: "function": "conv_width", {{.*}}"op": "scf.for", {{.*}}"status": "exact", {{.*}}"assumptions": ["buffer-dims-below-half-address-space"]
    // NODIMS: assumption-dims.mlir:[[@LINE+2]]:5: unknown: the bound is not a constant or a symbol loom reads: 'arith.addi' may wrap
    // NOBYTES: assumption-dims.mlir:[[@LINE+1]]:5: exact: body max(0, dim(%arg0, 1) + 1 - dim(%arg1, 1)), {{.*}}; assuming buffer-dims-below-half-address-space{{$}}
    scf.for %i = %c0 to %n step %c1 {
      "test.use"(%i) : (index) -> ()
    }
  }
  // Dimension 0 of a row-major buffer has a dynamic stride (the size of
  // dimension 1, 0 when the buffer is empty): bounded by this assumption.
  %d0 = memref.dim %a, %c0 : memref<?x?xf32>
  %n0 = arith.addi %d0, %c1 : index
  // CHECK: assumption-dims.mlir:[[@LINE+2]]:3: exact: body dim(%arg0, 0) + 1, {{.*}}; assuming buffer-dims-below-half-address-space{{$}}
  // NODIMS: assumption-dims.mlir:[[@LINE+1]]:3: unknown: the bound is not a constant or a symbol loom reads: 'arith.addi' may wrap
  scf.for %i = %c0 to %n0 step %c1 {
    "test.use"(%i) : (index) -> ()
  }
  // Near miss: a broadcast view (stride 0) may have any size, whatever
  // the assumptions.
  %dv = memref.dim %b, %c0 : memref<?xf32, strided<[0]>>
  %nv = arith.addi %dv, %c1 : index
  // CHECK: assumption-dims.mlir:[[@LINE+1]]:3: unknown: the bound is not a constant or a symbol loom reads: 'arith.addi' may wrap
  scf.for %i = %c0 to %nv step %c1 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// -----

// A 1-D buffer: either assumption bounds its size. With both on, the byte
// assumption (the one that gives it without any further premise) is the
// one listed; with it off, the per-dimension one is.
func.func @one_d(%a: memref<?xf32>, %w: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %k = memref.dim %w, %c0 : memref<?xf32>
  %ok = arith.cmpi sle, %k, %d : index
  scf.if %ok {
    %diff = arith.subi %d, %k : index
    %n = arith.addi %diff, %c1 : index
    // CHECK: assumption-dims.mlir:[[@LINE+3]]:5: exact: {{.*}}; assuming buffer-bytes-below-half-address-space{{$}}
    // NODIMS: assumption-dims.mlir:[[@LINE+2]]:5: exact: {{.*}}; assuming buffer-bytes-below-half-address-space{{$}}
    // NOBYTES: assumption-dims.mlir:[[@LINE+1]]:5: exact: {{.*}}; assuming buffer-dims-below-half-address-space{{$}}
    scf.for %i = %c0 to %n step %c1 {
      "test.use"(%i) : (index) -> ()
    }
  }
  return
}

// -----

// Near miss: the sum of two dimensions of a 2-D buffer may exceed SMAX
// (each is bounded, their sum is not): unknown with every assumption.
func.func @sum_of_dims(%a: memref<?x?xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %a, %c0 : memref<?x?xi8>
  %d1 = memref.dim %a, %c1 : memref<?x?xi8>
  %n = arith.addi %d0, %d1 : index
  // CHECK: assumption-dims.mlir:[[@LINE+1]]:3: unknown: the bound is not a constant or a symbol loom reads: 'arith.addi' of two values may wrap
  scf.for %i = %c0 to %n step %c1 {
    "test.use"(%i) : (index) -> ()
  }
  return
}
