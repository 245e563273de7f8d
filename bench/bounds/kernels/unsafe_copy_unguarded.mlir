// UNSAFE: the wrong buffer's size: `for i in 0..dim(a): b[i] = a[i]` with no
// guard relating dim(b) to dim(a). Breaks when dim(b) < dim(a): the store
// b[dim(b)] is out of bounds.
func.func @copy_unguarded(%a: memref<?xi32>, %b: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %na = memref.dim %a, %c0 : memref<?xi32>
  scf.for %i = %c0 to %na step %c1 {
    %x = memref.load %a[%i] : memref<?xi32>
    memref.store %x, %b[%i] : memref<?xi32>
  }
  return
}
