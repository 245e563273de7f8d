// SAFE: sliding-window maximum of width w = 4, `for i in 0..dim(a) - w + 1`,
// `for k in 0..w`: a[i + k]; returns the sum of the window maxima.
func.func @window4(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %lowest = arith.constant -2147483648 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  %ub = arith.subi %n, %c3 : index
  %r = scf.for %i = %c0 to %ub step %c1 iter_args(%s = %z) -> (i32) {
    %m = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %lowest) -> (i32) {
      %ik = arith.addi %i, %k : index
      %x = memref.load %a[%ik] : memref<?xi32>
      %mx = arith.maxsi %acc, %x : i32
      scf.yield %mx : i32
    }
    %t = arith.addi %s, %m : i32
    scf.yield %t : i32
  }
  return %r : i32
}
