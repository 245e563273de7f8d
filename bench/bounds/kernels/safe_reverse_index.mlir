// SAFE: reversed indexing, `for i in 0..n` with n = dim(a): h = 31 * h +
// a[n - 1 - i].
func.func @reverse_index(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %k = arith.constant 31 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  %last = arith.subi %n, %c1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%h = %z) -> (i32) {
    %j = arith.subi %last, %i : index
    %x = memref.load %a[%j] : memref<?xi32>
    %w = arith.muli %h, %k : i32
    %h2 = arith.addi %w, %x : i32
    scf.yield %h2 : i32
  }
  return %r : i32
}
