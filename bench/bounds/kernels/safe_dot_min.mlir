// SAFE: dot product over the common length, `for i in 0..min(dim(a),
// dim(b))`: a[i] * b[i].
func.func @dot_min(%a: memref<?xi32>, %b: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %na = memref.dim %a, %c0 : memref<?xi32>
  %nb = memref.dim %b, %c0 : memref<?xi32>
  %n = arith.minsi %na, %nb : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> (i32) {
    %x = memref.load %a[%i] : memref<?xi32>
    %y = memref.load %b[%i] : memref<?xi32>
    %p = arith.muli %x, %y : i32
    %t = arith.addi %s, %p : i32
    scf.yield %t : i32
  }
  return %r : i32
}
