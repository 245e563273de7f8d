// SAFE: linear search with an early exit, a loom.loop whose first guard
// `loom.if (i >= dim(a)) { loom.break }` always exits: a[i] after it.
// Returns the index of the first element equal to %key, or dim(a).
func.func @find_loop(%a: memref<?xi32>, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xi32>
  %r = loom.loop token(%t) iter_args(%i = %c0) : (index) -> (index) {
    %done = arith.cmpi sge, %i, %n : index
    loom.if %done { loom.break %t, %n : index }
    %x = memref.load %a[%i] : memref<?xi32>
    %hit = arith.cmpi eq, %x, %key : i32
    loom.if %hit { loom.break %t, %i : index }
    %next = arith.addi %i, %c1 : index
    loom.continue %t, %next : index
  }
  return %r : index
}
