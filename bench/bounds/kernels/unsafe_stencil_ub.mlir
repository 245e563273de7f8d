// UNSAFE: a stencil whose bound was not lowered: `for i in 1..dim(a)`:
// a[i - 1] + a[i] + a[i + 1]. Breaks for every dim(a) >= 2: i = dim(a) - 1
// reads a[dim(a)].
func.func @stencil_ub(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  %r = scf.for %i = %c1 to %n step %c1 iter_args(%s = %z) -> (i32) {
    %im = arith.subi %i, %c1 : index
    %ip = arith.addi %i, %c1 : index
    %x = memref.load %a[%im] : memref<?xi32>
    %y = memref.load %a[%i] : memref<?xi32>
    %w = memref.load %a[%ip] : memref<?xi32>
    %p = arith.addi %x, %y : i32
    %q = arith.addi %p, %w : i32
    %t = arith.addi %s, %q : i32
    scf.yield %t : i32
  }
  return %r : i32
}
