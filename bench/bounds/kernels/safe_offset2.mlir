// SAFE: forward difference at distance 2, `for i in 0..dim(a) - 2`:
// a[i + 2] - a[i] (an offset access with the bound lowered to match).
func.func @offset2(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  %ub = arith.subi %n, %c2 : index
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%s = %z) -> (i32) {
    %i2 = arith.addi %i, %c2 : index
    %x = memref.load %a[%i2] : memref<?xi32>
    %y = memref.load %a[%i] : memref<?xi32>
    %d = arith.subi %x, %y : i32
    %t = arith.addi %s, %d : i32
    scf.yield %t : i32
  }
  return %r : i32
}
