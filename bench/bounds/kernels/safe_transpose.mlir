// SAFE: transpose b[j, i] = a[i, j], guarded by `dim(b, 0) >= dim(a, 1)` and
// `dim(b, 1) >= dim(a, 0)` (nested scf.if).
func.func @transpose(%a: memref<?x?xi32>, %b: memref<?x?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = memref.dim %a, %c0 : memref<?x?xi32>
  %c = memref.dim %a, %c1 : memref<?x?xi32>
  %b0 = memref.dim %b, %c0 : memref<?x?xi32>
  %b1 = memref.dim %b, %c1 : memref<?x?xi32>
  %ok0 = arith.cmpi sge, %b0, %c : index
  %ok1 = arith.cmpi sge, %b1, %r : index
  scf.if %ok0 {
    scf.if %ok1 {
      scf.for %i = %c0 to %r step %c1 {
        scf.for %j = %c0 to %c step %c1 {
          %v = memref.load %a[%i, %j] : memref<?x?xi32>
          memref.store %v, %b[%j, %i] : memref<?x?xi32>
        }
      }
    }
  }
  return
}
