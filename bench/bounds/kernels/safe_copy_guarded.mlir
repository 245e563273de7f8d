// SAFE: copy between buffers of related size: `if (dim(b) >= dim(a)) for i
// in 0..dim(a): b[i] = a[i]`; returns 1 when it copied, 0 otherwise.
func.func @copy_guarded(%a: memref<?xi32>, %b: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %no = arith.constant 0 : i32
  %yes = arith.constant 1 : i32
  %na = memref.dim %a, %c0 : memref<?xi32>
  %nb = memref.dim %b, %c0 : memref<?xi32>
  %fits = arith.cmpi sge, %nb, %na : index
  %r = scf.if %fits -> (i32) {
    scf.for %i = %c0 to %na step %c1 {
      %x = memref.load %a[%i] : memref<?xi32>
      memref.store %x, %b[%i] : memref<?xi32>
    }
    scf.yield %yes : i32
  } else {
    scf.yield %no : i32
  }
  return %r : i32
}
