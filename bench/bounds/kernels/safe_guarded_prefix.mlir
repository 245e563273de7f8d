// SAFE: sum of the first %n elements, guarded: `if (n <= dim(a)) for i in
// 0..n: a[i]`, else -1.
func.func @guarded_prefix(%a: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %minus1 = arith.constant -1 : i32
  %d = memref.dim %a, %c0 : memref<?xi32>
  %ok = arith.cmpi sle, %n, %d : index
  %r = scf.if %ok -> (i32) {
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
      %x = memref.load %a[%i] : memref<?xi32>
      %t = arith.addi %acc, %x : i32
      scf.yield %t : i32
    }
    scf.yield %s : i32
  } else {
    scf.yield %minus1 : i32
  }
  return %r : i32
}
