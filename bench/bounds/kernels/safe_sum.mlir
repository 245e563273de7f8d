// SAFE: sum of a 1-D buffer, `for i in 0..dim(a)`: a[i].
func.func @sum(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> (i32) {
    %x = memref.load %a[%i] : memref<?xi32>
    %t = arith.addi %s, %x : i32
    scf.yield %t : i32
  }
  return %r : i32
}
