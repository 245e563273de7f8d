// SAFE: in-place scaling, `for i in 0..dim(a)`: a[i] = 3 * a[i] + 1 (a load
// and a store at the same index).
func.func @scale(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k3 = arith.constant 3 : i32
  %k1 = arith.constant 1 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : memref<?xi32>
    %y = arith.muli %x, %k3 : i32
    %z = arith.addi %y, %k1 : i32
    memref.store %z, %a[%i] : memref<?xi32>
  }
  return
}
