// RUN: %loom-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(loom-report{format=text})' | FileCheck %s --check-prefixes=CHECK,AFFINE
// RUN: %loom-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(lower-affine,loom-report{format=text})' | FileCheck %s
// RUN: %loom-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(loom-report{format=text index-bitwidth=32})' | FileCheck %s --check-prefix=W32

// affine.for counts: the loop lower-affine makes of an
// affine.for is an scf.for from the max of the lower bound map's results
// to the min of the upper bound map's results, with the constant step;
// loom counts the affine.for as that scf.for (the AFFINE prefix: only as written,
// where the reasons differ). The second RUN line checks
// the same facts on the lowered IR (scf.for, counted by the fuzzed scf.for
// path): every count below is the same for both. Each exact case has a
// near miss that must stay unknown.

// CHECK-LABEL: loop details:

// Constant bounds, a max of constants as the lower bound.
func.func @consts() {
  // CHECK: affine-loops.mlir:[[@LINE+1]]:3: exact: body 4, condition 5, entries 1, total body 4, total condition 5; counter index signed step 3, condition [0, 12], body [0, 9], exit 12
  affine.for %i = 0 to 10 step 3 {
    "test.use"(%i) : (index) -> ()
  }
  // CHECK: affine-loops.mlir:[[@LINE+1]]:3: exact: body 3, condition 4, entries 1, total body 3, total condition 4; counter index signed step 5, condition [5, 20], body [5, 15], exit 20
  affine.for %i = max affine_map<() -> (0, 5)>() to 20 step 5 {
    "test.use"(%i) : (index) -> ()
  }
  // lb >= ub: no iteration.
  // CHECK: affine-loops.mlir:[[@LINE+1]]:3: exact: body 0, condition 1
  affine.for %i = 7 to 3 {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// A symbol bound, a multi-result min bound.
func.func @symbols(%n: index, %m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %m, %c0 : memref<?xf32>
  // CHECK: affine-loops.mlir:[[@LINE+1]]:3: exact: body max(0, dim(%arg1, 0) - %arg0), condition max(0, dim(%arg1, 0) - %arg0) + 1
  affine.for %i = %n to %d {
    "test.use"(%i) : (index) -> ()
  }
  // CHECK: affine-loops.mlir:[[@LINE+1]]:3: exact: body max(0, min(8, %arg0)), condition max(0, min(8, %arg0)) + 1
  affine.for %i = 0 to min affine_map<()[s0] -> (s0, 8)>()[%n] {
    "test.use"(%i) : (index) -> ()
  }
  // %n may be within the step of the largest index, where the last
  // increment overflows: undefined behaviour for the scf.for lower-affine
  // makes, so exact by its semantics.
  // CHECK: affine-loops.mlir:[[@LINE+1]]:3: exact: body max(0, (%arg0 - 2) ceildiv 4), condition max(0, (%arg0 - 2) ceildiv 4) + 1
  affine.for %i = 2 to %n step 4 {
    "test.use"(%i) : (index) -> ()
  }
  // Near miss: the bound's arithmetic (%n * 2 + 3) may wrap.
  // CHECK: affine-loops.mlir:[[@LINE+1]]:3: unknown: the bound is not a constant or a symbol loom reads
  affine.for %i = 0 to affine_map<()[s0] -> (s0 * 2 + 3)>()[%n] {
    "test.use"(%i) : (index) -> ()
  }
  // floordiv of any index: floor(%n / 2) = (%n - 1) ceildiv 2 (after
  // lower-affine, read from its cmpi/select/divsi expansion).
  // CHECK: affine-loops.mlir:[[@LINE+1]]:3: exact: body max(0, (%arg0 - 1) ceildiv 2), condition max(0, (%arg0 - 1) ceildiv 2) + 1
  affine.for %i = 0 to affine_map<()[s0] -> (s0 floordiv 2)>()[%n] {
    "test.use"(%i) : (index) -> ()
  }
  // Near miss: the floordiv's operand %n * 3 may wrap (the lowering
  // divides the wrapped value).
  // CHECK: affine-loops.mlir:[[@LINE+2]]:3: unknown: the bound is not a constant or a symbol loom reads
  // AFFINE-SAME: an affine map's floordiv operand may wrap at the index width
  affine.for %i = 0 to affine_map<()[s0] -> ((s0 * 3) floordiv 2)>()[%n] {
    "test.use"(%i) : (index) -> ()
  }
  return
}

// A tile as affine-loop-tile makes it: the outer loop is exact by its
// semantics, and so is the inner bound min(%i + 32, D): %i + 32 is the
// outer loop's own next value, which may not overflow (no assumption).
func.func @tile(%m: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %d = memref.dim %m, %c0 : memref<?xf32>
  // CHECK: affine-loops.mlir:[[@LINE+1]]:3: exact: body dim(%arg0, 0) ceildiv 32, {{[^;]*}}; counter index signed step 32, {{[^;]*}}{{$}}
  affine.for %i = 0 to %d step 32 {
    // CHECK: affine-loops.mlir:[[@LINE+1]]:5: exact: body max(0, min(dim(%arg0, 0), <argument 0 of {{(affine|scf)}}.for at {{.*}}> + 32) - <argument 0 of {{(affine|scf)}}.for at {{.*}}>), {{[^;]*}}; counter index signed step 1, {{[^;]*}}{{$}}
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to min affine_map<(d0)[s0] -> (d0 + 32, s0)>(%i)[%d] {
      %v = affine.load %m[%j] : memref<?xf32>
    }
  }
  return
}

// At a 32-bit index a bound whose value is beyond 2^31 - 1 is not an
// index value the lowering can hold: not counted. (A large constant inside
// a result whose whole value fits is fine: the lowering's arithmetic is
// modular.)
// W32-LABEL: loop details:
// W32: affine-loops.mlir:[[@LINE+3]]:3: unknown
// CHECK: affine-loops.mlir:[[@LINE+2]]:3: exact: body 1, condition 2
func.func @wide() {
  affine.for %i = 3000000000 to 3000000001 {
    "test.use"(%i) : (index) -> ()
  }
  return
}
