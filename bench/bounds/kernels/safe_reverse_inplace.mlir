// SAFE: in-place reversal, n = dim(a), `for i in 0..n >> 1`: swap a[i] and
// a[n - 1 - i] (n - 1 - i >= n - (n >> 1) >= 0).
func.func @reverse_inplace(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xi32>
  %half = arith.shrui %n, %c1 : index
  %last = arith.subi %n, %c1 : index
  scf.for %i = %c0 to %half step %c1 {
    %j = arith.subi %last, %i : index
    %x = memref.load %a[%i] : memref<?xi32>
    %y = memref.load %a[%j] : memref<?xi32>
    memref.store %y, %a[%i] : memref<?xi32>
    memref.store %x, %a[%j] : memref<?xi32>
  }
  return
}
