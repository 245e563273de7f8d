// SAFE: matrix-vector product y = M x over 2-D and 1-D f32 buffers, guarded
// by `dim(x) >= dim(M, 1)` and `dim(y) >= dim(M, 0)` (nested scf.if).
func.func @matvec(%m: memref<?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %rows = memref.dim %m, %c0 : memref<?x?xf32>
  %cols = memref.dim %m, %c1 : memref<?x?xf32>
  %nx = memref.dim %x, %c0 : memref<?xf32>
  %ny = memref.dim %y, %c0 : memref<?xf32>
  %xfits = arith.cmpi sge, %nx, %cols : index
  %yfits = arith.cmpi sge, %ny, %rows : index
  scf.if %xfits {
    scf.if %yfits {
      scf.for %i = %c0 to %rows step %c1 {
        %acc = scf.for %j = %c0 to %cols step %c1 iter_args(%s = %zero) -> (f32) {
          %mij = memref.load %m[%i, %j] : memref<?x?xf32>
          %xj = memref.load %x[%j] : memref<?xf32>
          %p = arith.mulf %mij, %xj : f32
          %t = arith.addf %s, %p : f32
          scf.yield %t : f32
        }
        memref.store %acc, %y[%i] : memref<?xf32>
      }
    }
  }
  return
}
