// SAFE: vectorised sum, `for i in 0..dim(a) - 3 step 4`: vector.load a[i]
// of 4 elements (a[i..i + 3]). MLIR 22's --generate-runtime-verification
// inserts no check for vector.load, so this kernel counts 0 checks in the
// benchmark; it is here for loom-verify-bounds.
func.func @vector_sum4(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant dense<0> : vector<4xi32>
  %n = memref.dim %a, %c0 : memref<?xi32>
  %ub = arith.subi %n, %c3 : index
  %r = scf.for %i = %c0 to %ub step %c4 iter_args(%s = %z) -> (vector<4xi32>) {
    %v = vector.load %a[%i] : memref<?xi32>, vector<4xi32>
    %t = arith.addi %s, %v : vector<4xi32>
    scf.yield %t : vector<4xi32>
  }
  %sum = vector.reduction <add>, %r : vector<4xi32> into i32
  return %sum : i32
}
