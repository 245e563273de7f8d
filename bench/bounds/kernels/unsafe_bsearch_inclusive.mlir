// UNSAFE: inclusive binary search started with hi = dim(a) instead of
// dim(a) - 1: `while (lo <= hi) { mid = lo + ((hi - lo) >> 1); a[mid] < key
// ? lo = mid + 1 : hi = mid - 1 }`. The candidate invariant hi <= dim(a) - 1
// is not established on entry. Breaks when key is greater than every
// element (mid reaches dim(a)), or when dim(a) = 0 (mid = 0).
func.func @bsearch_inclusive(%a: memref<?xi32>, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xi32>
  %r:2 = scf.while (%lo = %c0, %hi = %n) : (index, index) -> (index, index) {
    %go = arith.cmpi sle, %lo, %hi : index
    scf.condition(%go) %lo, %hi : index, index
  } do {
  ^bb0(%l: index, %h: index):
    %w = arith.subi %h, %l : index
    %half = arith.shrui %w, %c1 : index
    %mid = arith.addi %l, %half : index
    %x = memref.load %a[%mid] : memref<?xi32>
    %less = arith.cmpi slt, %x, %key : i32
    %mid1 = arith.addi %mid, %c1 : index
    %midm = arith.subi %mid, %c1 : index
    %l2 = arith.select %less, %mid1, %l : index
    %h2 = arith.select %less, %h, %midm : index
    scf.yield %l2, %h2 : index, index
  }
  return %r#0 : index
}
