// SAFE: manually unrolled by 4, `for i in 0..dim(a) - 3 step 4`: a[i],
// a[i + 1], a[i + 2], a[i + 3] (the remainder elements are not read).
func.func @step4(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  %ub = arith.subi %n, %c3 : index
  %r = scf.for %i = %c0 to %ub step %c4 iter_args(%s = %z) -> (i32) {
    %x0 = memref.load %a[%i] : memref<?xi32>
    %i1 = arith.addi %i, %c1 : index
    %x1 = memref.load %a[%i1] : memref<?xi32>
    %i2 = arith.addi %i, %c2 : index
    %x2 = memref.load %a[%i2] : memref<?xi32>
    %i3 = arith.addi %i, %c3 : index
    %x3 = memref.load %a[%i3] : memref<?xi32>
    %p = arith.addi %x0, %x1 : i32
    %q = arith.xori %x2, %x3 : i32
    %u = arith.addi %p, %q : i32
    %t = arith.addi %s, %u : i32
    scf.yield %t : i32
  }
  return %r : i32
}
