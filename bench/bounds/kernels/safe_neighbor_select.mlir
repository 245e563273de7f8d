// SAFE: difference with the right neighbour, clamped at the end: `for i in
// 0..dim(a)`: j = i + 1 < dim(a) ? i + 1 : i; a[j] - a[i] (arith.select).
func.func @neighbor_select(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> (i32) {
    %i1 = arith.addi %i, %c1 : index
    %in = arith.cmpi slt, %i1, %n : index
    %j = arith.select %in, %i1, %i : index
    %x = memref.load %a[%j] : memref<?xi32>
    %y = memref.load %a[%i] : memref<?xi32>
    %d = arith.subi %x, %y : i32
    %t = arith.addi %s, %d : i32
    scf.yield %t : i32
  }
  return %r : i32
}
