// Linear search with an early exit: return the index of the first element
// equal to %key, or %n when there is none. The `loom.break` leaves the loop
// from inside a `loom.if`; no flag is threaded through the loop.
func.func @find(%a: memref<?xi32>, %n: index, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
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
