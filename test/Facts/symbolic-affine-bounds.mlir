// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-report{format=text})' | FileCheck %s --check-prefixes=CHECK,AFFINE
// RUN: %loom-opt %s --pass-pipeline='builtin.module(lower-affine,loom-report{format=text})' | FileCheck %s --check-prefixes=CHECK,LOWERED

// scf.for bounds from affine.apply / affine.min / affine.max and from sums
// and differences of two symbols. A map result is
// read as c + sum k*operand over the operands' expressions and is exact
// when its range fits the index width (lower-affine's wrapping muli/addi
// are modular); min/max of the results as the symbolic min/max. A sum of
// two symbols is exact with the flag of the loop's order, or when its range
// fits. The second RUN line checks that the loops lower-affine makes
// (arith.minsi, muli, addi) get the same facts. Each exact case has a near
// miss that must stay unknown.

// CHECK-LABEL: loop details:

#tile = affine_map<(d0)[s0] -> (d0 + 4, s0)>
#wide = affine_map<(d0)[s0] -> (d0 + 8, s0)>
#rest = affine_map<(d0)[s0] -> (-d0 + s0)>
#half = affine_map<()[s0] -> (s0 floordiv 2)>
func.func @tiles(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  // CHECK: symbolic-affine-bounds.mlir:[[@LINE+1]]:3: exact: body dim(%arg0, 0) ceildiv 4
  scf.for %i = %c0 to %d step %c4 {
    %ub = affine.min #tile(%i)[%d]
    // The tile's end: min(%i + 4, D), exact with no assumption: %i + 4 is
    // the outer loop's next value, whose overflow is undefined behaviour
    // for scf.for (nothing in this body can end the iteration before it).
    // CHECK: symbolic-affine-bounds.mlir:[[@LINE+1]]:5: exact: body max(0, min(dim(%arg0, 0), <argument 0 of scf.for at {{.*}}> + 4) - <argument 0 of scf.for at {{.*}}>), {{[^;]*}}; counter index signed step 1, {{[^;]*}}{{$}}
    scf.for %j = %i to %ub step %c1 {
      %use33 = arith.addi %j, %j : index
    }
    // min(%i + 8, D) goes past the next value: exact because %i is below
    // D, whose size the buffer-size assumption caps (listed).
    %ub8 = affine.min #wide(%i)[%d]
    // CHECK: symbolic-affine-bounds.mlir:[[@LINE+1]]:5: exact: body max(0, min(dim(%arg0, 0), <argument 0 of scf.for at {{.*}}> + 8) - <argument 0 of scf.for at {{.*}}>), {{.*}}; assuming buffer-bytes-below-half-address-space
    scf.for %j = %i to %ub8 step %c1 {
      %use40 = arith.addi %j, %j : index
    }
    %n = affine.apply #rest(%i)[%d]
    // CHECK: symbolic-affine-bounds.mlir:[[@LINE+1]]:5: exact: body max(0, dim(%arg0, 0) - <argument 0 of scf.for at {{.*}}>)
    scf.for %j = %c0 to %n step %c1 {
      %use45 = arith.addi %j, %j : index
    }
    // floordiv: floor(D / 2) = (D - 1) ceildiv 2 (after lower-affine,
    // read from its cmpi/select/divsi expansion).
    %h = affine.apply #half()[%d]
    // CHECK: symbolic-affine-bounds.mlir:[[@LINE+1]]:5: exact: body (dim(%arg0, 0) - 1) ceildiv 2, condition (dim(%arg0, 0) - 1) ceildiv 2 + 1
    scf.for %j = %c0 to %h step %c1 {
      %use52 = arith.addi %j, %j : index
    }
  }
  return
}

// The same tiles under a loop to an arbitrary index %n: %i + 4 (the next
// value) still fits; near miss: no assumption caps %n, so %i + 8 may wrap
// (the outer count is still exact).
func.func @tile_of_arg(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // CHECK: symbolic-affine-bounds.mlir:[[@LINE+1]]:3: exact: body max(0, %arg0 ceildiv 4)
  scf.for %i = %c0 to %n step %c4 {
    %ub = affine.min #tile(%i)[%n]
    // CHECK: symbolic-affine-bounds.mlir:[[@LINE+1]]:5: exact: body max(0, min(%arg0, <argument 0 of scf.for at {{.*}}> + 4) - <argument 0 of scf.for at {{.*}}>)
    scf.for %j = %i to %ub step %c1 {
      %use70 = arith.addi %j, %j : index
    }
    %ub8 = affine.min #wide(%i)[%n]
    // AFFINE: symbolic-affine-bounds.mlir:[[@LINE+4]]:5: unknown: the bound is not a constant or a symbol loom reads
    // AFFINE-SAME: an affine map result may wrap at the index width
    // Lowered, the minimum of %n and a wrapping %i + 8: at most 8.
    // LOWERED: symbolic-affine-bounds.mlir:[[@LINE+1]]:5: at_most: body <= 8 (the bound is the minimum of another value and the lower bound + 8 modulo 2^64, which may wrap in the signed order: the largest count over every lower bound)
    scf.for %j = %i to %ub8 step %c1 {
      %use76 = arith.addi %j, %j : index
    }
  }
  return
}

// A peeled loop's split point (D floordiv 4) * 4 (scf-for-loop-peeling),
// and D mod 4 (after lower-affine, from their expansions); near miss: ceildiv of an arbitrary index, which may be the
// signed minimum (where lower-affine's ceildiv is wrong).
#split = affine_map<()[s0] -> ((s0 floordiv 4) * 4)>
#rem = affine_map<()[s0] -> (s0 mod 4)>
#up = affine_map<()[s0] -> (s0 ceildiv 2)>
func.func @divisions(%a: memref<?xf32>, %x: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %a, %c0 : memref<?xf32>
  %s = affine.apply #split()[%d]
  // CHECK: symbolic-affine-bounds.mlir:[[@LINE+1]]:3: exact: body (dim(%arg0, 0) - 3) ceildiv 4, condition
  scf.for %i = %c0 to %s step %c4 {
    %use96 = arith.addi %i, %i : index
  }
  %r = affine.apply #rem()[%d]
  // CHECK: symbolic-affine-bounds.mlir:[[@LINE+1]]:3: exact: body max(0, dim(%arg0, 0) - 4 * ((dim(%arg0, 0) - 3) ceildiv 4)), condition
  scf.for %i = %c0 to %r step %c1 {
    %use101 = arith.addi %i, %i : index
  }
  // The peeled remainder loop from the split point to D, and the tile's
  // size D - %i inside it: exact, because %i stays below D (the outer
  // loop's limit; its envelope from the expressions alone went past SMAX).
  // Near miss: from an arbitrary %x, which may be very negative, D - %i
  // may wrap.
  // CHECK: symbolic-affine-bounds.mlir:[[@LINE+1]]:3: exact: body max(0, (dim(%arg0, 0) - 4 * ((dim(%arg0, 0) - 3) ceildiv 4)) ceildiv 4)
  scf.for %i = %s to %d step %c4 {
    %size = affine.apply #rest(%i)[%d]
    // CHECK: symbolic-affine-bounds.mlir:[[@LINE+1]]:5: exact: body max(0, dim(%arg0, 0) - <argument 0 of scf.for at {{.*}}>)
    scf.for %j = %c0 to %size step %c1 {
      %use113 = arith.addi %j, %j : index
    }
  }
  // CHECK: symbolic-affine-bounds.mlir:[[@LINE+1]]:3: exact: body max(0, (dim(%arg0, 0) - %arg1) ceildiv 4)
  scf.for %i = %x to %d step %c4 {
    %size = affine.apply #rest(%i)[%d]
    // CHECK: symbolic-affine-bounds.mlir:[[@LINE+1]]:5: unknown: the bound is not a constant or a symbol loom reads
    scf.for %j = %c0 to %size step %c1 {
      %use121 = arith.addi %j, %j : index
    }
  }
  %u = affine.apply #up()[%x]
  // CHECK: symbolic-affine-bounds.mlir:[[@LINE+2]]:3: unknown: the bound is not a constant or a symbol loom reads
  // CHECK-SAME: an affine map's ceildiv operand may wrap at the index width (or be the signed minimum)
  scf.for %i = %c0 to %u step %c1 {
    %use128 = arith.addi %i, %i : index
  }
  return
}

// Near miss: %x + 4 may wrap for an arbitrary index %x: no exact count
// (lowered, the sum is an addi of the lower bound: at most 4).
#plus4 = affine_map<(d0) -> (d0 + 4)>
func.func @wraps(%x: index) {
  %c1 = arith.constant 1 : index
  %ub = affine.apply #plus4(%x)
  // AFFINE: symbolic-affine-bounds.mlir:[[@LINE+2]]:3: unknown: the bound is not a constant or a symbol loom reads
  // LOWERED: symbolic-affine-bounds.mlir:[[@LINE+1]]:3: at_most: body <= 4 (the bound is the lower bound + 4 modulo 2^64, which may wrap in the signed order: the largest count over every lower bound)
  scf.for %j = %x to %ub step %c1 {
    %use140 = arith.addi %j, %j : index
  }
  return
}

// Differences and sums of two symbols.
func.func @sums(%a: memref<?x?xf32>, %x: index, %y: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %a, %c0 : memref<?x?xf32>
  %d1 = memref.dim %a, %c1 : memref<?x?xf32>
  // Two sizes: their difference is in [-SMAX, SMAX].
  %diff = arith.subi %d0, %d1 : index
  // CHECK: symbolic-affine-bounds.mlir:[[@LINE+1]]:3: exact: body max(0, dim(%arg0, 0) - dim(%arg0, 1))
  scf.for %i = %c0 to %diff step %c1 {
    %use155 = arith.addi %i, %i : index
  }
  // Near miss: without the flag, %x - %y may wrap.
  %d = arith.subi %x, %y : index
  // CHECK: symbolic-affine-bounds.mlir:[[@LINE+1]]:3: unknown: the bound is not a constant or a symbol loom reads: 'arith.subi' of two values may wrap in the signed order
  scf.for %i = %c0 to %d step %c1 {
    %use161 = arith.addi %i, %i : index
  }
  return
}
