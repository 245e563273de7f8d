// UNSAFE: a sentinel loop with the load in the condition region, `while
// (a[i] != 0) i++` and no bound at all. Breaks when a holds no 0 (for
// dim(a) = 0, the first test reads a[0]).
func.func @sentinel(%a: memref<?xi32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.while (%i = %c0) : (index) -> index {
    %x = memref.load %a[%i] : memref<?xi32>
    %go = arith.cmpi ne, %x, %z : i32
    scf.condition(%go) %i : index
  } do {
  ^bb0(%j: index):
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  return %r : index
}
