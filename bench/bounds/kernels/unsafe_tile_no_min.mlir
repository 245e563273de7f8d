// UNSAFE: a tile loop without the min: `for ii in 0..dim(a) step 4, for j in
// ii..ii + 4`: a[j]. Breaks when dim(a) is not a multiple of 4: the last
// tile reads up to a[dim(a) + 2].
func.func @tile_no_min(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  %r = scf.for %ii = %c0 to %n step %c4 iter_args(%s = %z) -> (i32) {
    %e = arith.addi %ii, %c4 : index
    %t = scf.for %j = %ii to %e step %c1 iter_args(%h = %s) -> (i32) {
      %x = memref.load %a[%j] : memref<?xi32>
      %h2 = arith.addi %h, %x : i32
      scf.yield %h2 : i32
    }
    scf.yield %t : i32
  }
  return %r : i32
}
