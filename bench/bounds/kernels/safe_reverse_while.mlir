// SAFE: reversed traversal, `i = dim(a) - 1; while (i >= 0) { h = 31 * h +
// a[i]; i -= 1; }` as an scf.while counting down.
func.func @reverse_while(%a: memref<?xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %k = arith.constant 31 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  %start = arith.subi %n, %c1 : index
  %r:2 = scf.while (%i = %start, %h = %z) : (index, i32) -> (index, i32) {
    %go = arith.cmpi sge, %i, %c0 : index
    scf.condition(%go) %i, %h : index, i32
  } do {
  ^bb0(%j: index, %g: i32):
    %x = memref.load %a[%j] : memref<?xi32>
    %w = arith.muli %g, %k : i32
    %h2 = arith.addi %w, %x : i32
    %j2 = arith.subi %j, %c1 : index
    scf.yield %j2, %h2 : index, i32
  }
  return %r#1 : i32
}
