// SAFE: 5-point Laplacian over the interior of a 2-D buffer, `for i in
// 1..dim(m, 0) - 1, j in 1..dim(m, 1) - 1`: m[i -+ 1, j], m[i, j -+ 1],
// m[i, j]; returns the sum.
func.func @stencil2d(%m: memref<?x?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %k4 = arith.constant 4 : i32
  %rows = memref.dim %m, %c0 : memref<?x?xi32>
  %cols = memref.dim %m, %c1 : memref<?x?xi32>
  %ri = arith.subi %rows, %c1 : index
  %ci = arith.subi %cols, %c1 : index
  %r = scf.for %i = %c1 to %ri step %c1 iter_args(%s = %z) -> (i32) {
    %row = scf.for %j = %c1 to %ci step %c1 iter_args(%t = %s) -> (i32) {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %jm = arith.subi %j, %c1 : index
      %jp = arith.addi %j, %c1 : index
      %n = memref.load %m[%im, %j] : memref<?x?xi32>
      %so = memref.load %m[%ip, %j] : memref<?x?xi32>
      %w = memref.load %m[%i, %jm] : memref<?x?xi32>
      %e = memref.load %m[%i, %jp] : memref<?x?xi32>
      %c = memref.load %m[%i, %j] : memref<?x?xi32>
      %ns = arith.addi %n, %so : i32
      %we = arith.addi %w, %e : i32
      %all = arith.addi %ns, %we : i32
      %c4 = arith.muli %c, %k4 : i32
      %lap = arith.subi %all, %c4 : i32
      %u = arith.addi %t, %lap : i32
      scf.yield %u : i32
    }
    scf.yield %row : i32
  }
  return %r : i32
}
