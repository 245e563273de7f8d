// UNSAFE: an argument bound with no guard: `for i in 0..n: s += a[i]`.
// Breaks when n > dim(a): i = dim(a) reads past the end.
func.func @arg_bound(%a: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z) -> (i32) {
    %x = memref.load %a[%i] : memref<?xi32>
    %t = arith.addi %s, %x : i32
    scf.yield %t : i32
  }
  return %r : i32
}
