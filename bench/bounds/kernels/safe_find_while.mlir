// SAFE: linear search as an scf.while, `while (i < dim(a) && a[i] != key)
// i++`: the load in the condition region sits under scf.if (i < dim(a)).
func.func @find_while(%a: memref<?xi32>, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %n = memref.dim %a, %c0 : memref<?xi32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %in = arith.cmpi slt, %i, %n : index
    %go = scf.if %in -> (i1) {
      %x = memref.load %a[%i] : memref<?xi32>
      %ne = arith.cmpi ne, %x, %key : i32
      scf.yield %ne : i1
    } else {
      scf.yield %false : i1
    }
    scf.condition(%go) %i : index
  } do {
  ^bb0(%j: index):
    %next = arith.addi %j, %c1 : index
    scf.yield %next : index
  }
  return %r : index
}
