// SAFE: 3-point stencil into a second buffer: `if (dim(b) >= dim(a)) for i
// in 1..dim(a) - 1: b[i] = a[i - 1] + a[i] + a[i + 1]`.
func.func @stencil3(%a: memref<?xi32>, %b: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %na = memref.dim %a, %c0 : memref<?xi32>
  %nb = memref.dim %b, %c0 : memref<?xi32>
  %fits = arith.cmpi sge, %nb, %na : index
  scf.if %fits {
    %ub = arith.subi %na, %c1 : index
    scf.for %i = %c1 to %ub step %c1 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %x = memref.load %a[%im] : memref<?xi32>
      %y = memref.load %a[%i] : memref<?xi32>
      %z = memref.load %a[%ip] : memref<?xi32>
      %s = arith.addi %x, %y : i32
      %t = arith.addi %s, %z : i32
      memref.store %t, %b[%i] : memref<?xi32>
    }
  }
  return
}
