// UNSAFE: off by one, `i = 0; while (i <= dim(a)) s += a[i++]` (`<=`
// instead of `<`). Breaks on every input: the last iteration reads a[dim(a)]
// (for dim(a) = 0, the first one reads a[0]).
func.func @le_bound(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  %r:2 = scf.while (%i = %c0, %s = %z) : (index, i32) -> (index, i32) {
    %go = arith.cmpi sle, %i, %n : index
    scf.condition(%go) %i, %s : index, i32
  } do {
  ^bb0(%j: index, %t: i32):
    %x = memref.load %a[%j] : memref<?xi32>
    %t2 = arith.addi %t, %x : i32
    %j2 = arith.addi %j, %c1 : index
    scf.yield %j2, %t2 : index, i32
  }
  return %r#1 : i32
}
