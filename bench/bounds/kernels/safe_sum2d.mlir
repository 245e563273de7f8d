// SAFE: weighted sum of a 2-D buffer, `for i in 0..dim(m, 0), j in
// 0..dim(m, 1)`: m[i, j].
func.func @sum2d(%m: memref<?x?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %k = arith.constant 31 : i32
  %rows = memref.dim %m, %c0 : memref<?x?xi32>
  %cols = memref.dim %m, %c1 : memref<?x?xi32>
  %r = scf.for %i = %c0 to %rows step %c1 iter_args(%s = %z) -> (i32) {
    %row = scf.for %j = %c0 to %cols step %c1 iter_args(%t = %s) -> (i32) {
      %x = memref.load %m[%i, %j] : memref<?x?xi32>
      %w = arith.muli %t, %k : i32
      %u = arith.addi %w, %x : i32
      scf.yield %u : i32
    }
    scf.yield %row : i32
  }
  return %r : i32
}
