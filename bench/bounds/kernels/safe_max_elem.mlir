// SAFE: maximum of a non-empty buffer: `if (dim(a) > 0) { m = a[0]; for i in
// 1..dim(a): m = max(m, a[i]) }`, else INT32_MIN.
func.func @max_elem(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lowest = arith.constant -2147483648 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  %nonempty = arith.cmpi sgt, %n, %c0 : index
  %r = scf.if %nonempty -> (i32) {
    %first = memref.load %a[%c0] : memref<?xi32>
    %m = scf.for %i = %c1 to %n step %c1 iter_args(%acc = %first) -> (i32) {
      %x = memref.load %a[%i] : memref<?xi32>
      %mx = arith.maxsi %acc, %x : i32
      scf.yield %mx : i32
    }
    scf.yield %m : i32
  } else {
    scf.yield %lowest : i32
  }
  return %r : i32
}
