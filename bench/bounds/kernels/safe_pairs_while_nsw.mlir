// SAFE: pairwise sum as an scf.while, `i = 0; while (i + 1 < dim(a)) { s +=
// a[i] + a[i + 1]; i += 2; }` with the front end's `nsw` on i + 1 and i + 2.
func.func @pairs_while_nsw(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  %r:2 = scf.while (%i = %c0, %s = %z) : (index, i32) -> (index, i32) {
    %i1 = arith.addi %i, %c1 overflow<nsw> : index
    %go = arith.cmpi slt, %i1, %n : index
    scf.condition(%go) %i, %s : index, i32
  } do {
  ^bb0(%j: index, %t: i32):
    %x = memref.load %a[%j] : memref<?xi32>
    %j1 = arith.addi %j, %c1 overflow<nsw> : index
    %y = memref.load %a[%j1] : memref<?xi32>
    %p = arith.addi %x, %y : i32
    %t2 = arith.addi %t, %p : i32
    %j2 = arith.addi %j, %c2 overflow<nsw> : index
    scf.yield %j2, %t2 : index, i32
  }
  return %r#1 : i32
}
