// SAFE: products of pairs, `for i in 0..dim(a) - 1 step 2`: a[i] * a[i + 1]
// (step 2; the bound dim - 1 keeps i + 1 in bounds when dim is odd).
func.func @pairs_step2(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  %ub = arith.subi %n, %c1 : index
  %r = scf.for %i = %c0 to %ub step %c2 iter_args(%s = %z) -> (i32) {
    %x = memref.load %a[%i] : memref<?xi32>
    %i1 = arith.addi %i, %c1 : index
    %y = memref.load %a[%i1] : memref<?xi32>
    %p = arith.muli %x, %y : i32
    %t = arith.addi %s, %p : i32
    scf.yield %t : i32
  }
  return %r : i32
}
