// SAFE: in-place inclusive prefix sum, `for i in 1..dim(a)`: a[i] += a[i - 1].
func.func @prefix_sum(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xi32>
  scf.for %i = %c1 to %n step %c1 {
    %p = arith.subi %i, %c1 : index
    %x = memref.load %a[%p] : memref<?xi32>
    %y = memref.load %a[%i] : memref<?xi32>
    %s = arith.addi %x, %y : i32
    memref.store %s, %a[%i] : memref<?xi32>
  }
  return
}
