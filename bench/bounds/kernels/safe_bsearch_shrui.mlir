// SAFE: binary search (lower bound) over a sorted buffer: lo = 0, hi =
// dim(a); while (lo < hi) { mid = lo + ((hi - lo) >> 1); a[mid] < key ? lo =
// mid + 1 : hi = mid }. Invariant 0 <= lo <= hi <= dim(a), so mid < hi.
func.func @bsearch_shrui(%a: memref<?xi32>, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xi32>
  %r:2 = scf.while (%lo = %c0, %hi = %n) : (index, index) -> (index, index) {
    %go = arith.cmpi slt, %lo, %hi : index
    scf.condition(%go) %lo, %hi : index, index
  } do {
  ^bb0(%l: index, %h: index):
    %w = arith.subi %h, %l : index
    %half = arith.shrui %w, %c1 : index
    %mid = arith.addi %l, %half : index
    %x = memref.load %a[%mid] : memref<?xi32>
    %less = arith.cmpi slt, %x, %key : i32
    %mid1 = arith.addi %mid, %c1 : index
    %l2 = arith.select %less, %mid1, %l : index
    %h2 = arith.select %less, %h, %mid : index
    scf.yield %l2, %h2 : index, index
  }
  return %r#0 : index
}
