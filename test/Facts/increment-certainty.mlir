// RUN: %loom-opt %s --split-input-file --allow-unregistered-dialect --pass-pipeline='builtin.module(loom-loop-facts)' | FileCheck %s

// An scf.for/affine.for body value satisfies `iv <= MAX - step` only where
// the iteration certainly reaches its increment `iv + step` (whose
// overflow is undefined behaviour). An iteration that calls a function
// (which may `exit`), fails a `cf.assert`, or runs a loop that may not end
// never computes `iv + step`: an inner loop whose bound is `iv + c` without
// a flag must not be counted by that rule there.

// The i8 program: with (%lb, %ub) = (116, 127) the inner loop runs 4, 4 and
// 0 times (124 + 4 wraps to -128), then @exit ends the program before the
// outer increment would wrap. 8 bodies in all, not 4 per entry.
// CHECK-LABEL: func.func @exit_after_inner
// CHECK: loom.facts = "at_most: body <= 4 (the bound is the lower bound + 4 modulo 2^8, which may wrap in the signed order: the largest count over every lower bound)
// CHECK: loom.facts = "exact: body max(0, (%arg1 - %arg0) ceildiv 4)
func.func private @exit(i32)
func.func @exit_after_inner(%lb: i8, %ub: i8) -> i32 {
  %c1 = arith.constant 1 : i8
  %c4 = arith.constant 4 : i8
  %c124 = arith.constant 124 : i8
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %t = scf.for %i = %lb to %ub step %c4 iter_args(%acc = %z) -> (i32) : i8 {
    %e = arith.addi %i, %c4 : i8
    %n = scf.for %j = %i to %e step %c1 iter_args(%k = %acc) -> (i32) : i8 {
      %k1 = arith.addi %k, %one : i32
      scf.yield %k1 : i32
    }
    %last = arith.cmpi eq, %i, %c124 : i8
    scf.if %last {
      func.call @exit(%z) : (i32) -> ()
    }
    scf.yield %n : i32
  }
  return %t : i32
}

// -----

// Near miss: nothing after the inner loop can end the iteration, so the
// increment follows and the rule holds (an entry at %i = 124 would make the
// increment overflow: undefined behaviour).
// CHECK-LABEL: func.func @nothing_after_inner
// CHECK: loom.facts = "exact: body 4, condition 5
func.func @nothing_after_inner(%lb: i8, %ub: i8) -> i32 {
  %c1 = arith.constant 1 : i8
  %c4 = arith.constant 4 : i8
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %t = scf.for %i = %lb to %ub step %c4 iter_args(%acc = %z) -> (i32) : i8 {
    %e = arith.addi %i, %c4 : i8
    %n = scf.for %j = %i to %e step %c1 iter_args(%k = %acc) -> (i32) : i8 {
      %k1 = arith.addi %k, %one : i32
      scf.yield %k1 : i32
    }
    scf.yield %n : i32
  }
  return %t : i32
}

// -----

// Near miss: a call before the inner loop has already returned when the
// inner loop starts; what follows the inner loop cannot end the iteration.
// CHECK-LABEL: func.func @call_before_inner
// CHECK: loom.facts = "exact: body 4, condition 5
func.func private @observe(i8)
func.func @call_before_inner(%lb: i8, %ub: i8) -> i32 {
  %c1 = arith.constant 1 : i8
  %c4 = arith.constant 4 : i8
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %t = scf.for %i = %lb to %ub step %c4 iter_args(%acc = %z) -> (i32) : i8 {
    func.call @observe(%i) : (i8) -> ()
    %e = arith.addi %i, %c4 : i8
    %n = scf.for %j = %i to %e step %c1 iter_args(%k = %acc) -> (i32) : i8 {
      %k1 = arith.addi %k, %one : i32
      scf.yield %k1 : i32
    }
    scf.yield %n : i32
  }
  return %t : i32
}

// -----

// The inner loop's own body may end the program: its body values (and the
// claims about them) are observed before any increment of the outer loop.
// CHECK-LABEL: func.func @exit_inside_inner
// CHECK: loom.facts = "at_most: body <= 4 (the bound is the lower bound + 4 modulo 2^8, which may wrap in the signed order: the largest count over every lower bound)
func.func private @observe(i8)
func.func @exit_inside_inner(%lb: i8, %ub: i8) {
  %c1 = arith.constant 1 : i8
  %c4 = arith.constant 4 : i8
  scf.for %i = %lb to %ub step %c4 : i8 {
    %e = arith.addi %i, %c4 : i8
    scf.for %j = %i to %e step %c1 : i8 {
      func.call @observe(%j) : (i8) -> ()
    }
  }
  return
}

// -----

// A failing cf.assert after the inner loop (what
// --generate-runtime-verification puts before an access) ends the program
// before the increment: affine-loop-tile's shape, `%i + 32` unflagged once
// lowered.
// CHECK-LABEL: func.func @assert_after_tile
// CHECK: loom.facts = "unknown: {{.*}}may wrap
#tile = affine_map<(d0)[s0] -> (d0 + 32, s0)>
#id = affine_map<(d0) -> (d0)>
func.func @assert_after_tile(%a: memref<?xf32>, %lb: index, %n: index) {
  %c0 = arith.constant 0 : index
  affine.for %i = %lb to %n step 32 {
    affine.for %j = #id(%i) to min #tile(%i)[%n] {
      %x = memref.load %a[%j] : memref<?xf32>
    }
    %d = memref.dim %a, %c0 : memref<?xf32>
    %ok = arith.cmpi slt, %i, %d : index
    cf.assert %ok, "out-of-bounds access"
    %y = memref.load %a[%i] : memref<?xf32>
  }
  return
}

// -----

// A loop between the inner loop and the outer body's end that may not
// terminate (scf.while) keeps the outer increment from certainly following.
// CHECK-LABEL: func.func @while_after_inner
// CHECK: loom.facts = "at_most: body <= 4 (the bound is the lower bound + 4 modulo 2^8, which may wrap in the signed order: the largest count over every lower bound)
func.func @while_after_inner(%lb: i8, %ub: i8, %x: i32) {
  %c1 = arith.constant 1 : i8
  %c4 = arith.constant 4 : i8
  %zero = arith.constant 0 : i32
  scf.for %i = %lb to %ub step %c4 : i8 {
    %e = arith.addi %i, %c4 : i8
    scf.for %j = %i to %e step %c1 : i8 {
    }
    %r = scf.while (%v = %x) : (i32) -> i32 {
      %c = arith.cmpi ne, %v, %zero : i32
      scf.condition(%c) %v : i32
    } do {
    ^bb0(%w: i32):
      scf.yield %w : i32
    }
  }
  return
}

// -----

// The inner loop sits in an scf.if whose other branch does not matter, but
// an op after the scf.if may end the program.
// CHECK-LABEL: func.func @call_after_enclosing_if
// CHECK: loom.facts = "at_most: body <= 4 (the bound is the lower bound + 4 modulo 2^8, which may wrap in the signed order: the largest count over every lower bound)
func.func private @observe(i8)
func.func @call_after_enclosing_if(%lb: i8, %ub: i8, %c: i1) {
  %c1 = arith.constant 1 : i8
  %c4 = arith.constant 4 : i8
  scf.for %i = %lb to %ub step %c4 : i8 {
    scf.if %c {
      %e = arith.addi %i, %c4 : i8
      scf.for %j = %i to %e step %c1 : i8 {
      }
    }
    func.call @observe(%i) : (i8) -> ()
  }
  return
}

// -----

// Near miss: loom exits inside the outer body stay inside it (no exit
// crosses scf.for), so a loom.scope the inner loop breaks out of does not
// keep the increment from following.
// CHECK-LABEL: func.func @break_within_body
// CHECK: loom.facts = "at_most
// CHECK: loom.facts = "exact: body 4, condition 5
func.func @break_within_body(%lb: i8, %ub: i8, %c: i1) {
  %c1 = arith.constant 1 : i8
  %c4 = arith.constant 4 : i8
  scf.for %i = %lb to %ub step %c4 : i8 {
    %e = arith.addi %i, %c4 : i8
    loom.scope token(%s) {
      loom.for %k = %c1 to %c4 step %c1 token(%t) : i8 {
        loom.if %c { loom.break %s }
        loom.yield
      }
      loom.yield
    }
    scf.for %j = %i to %e step %c1 : i8 {
    }
  }
  return
}

// -----

// An op loom does not know (here unregistered) may do anything, end the
// program included.
// CHECK-LABEL: func.func @unknown_op_after_inner
// CHECK: loom.facts = "at_most: body <= 4 (the bound is the lower bound + 4 modulo 2^8, which may wrap in the signed order: the largest count over every lower bound)
func.func @unknown_op_after_inner(%lb: i8, %ub: i8) {
  %c1 = arith.constant 1 : i8
  %c4 = arith.constant 4 : i8
  scf.for %i = %lb to %ub step %c4 : i8 {
    %e = arith.addi %i, %c4 : i8
    scf.for %j = %i to %e step %c1 : i8 {
    }
    "test.use"(%i) : (i8) -> ()
  }
  return
}
