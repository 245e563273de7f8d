// SAFE: binary search (last element <= key, or -1) with mid = lo + (hi -
// lo) / 2 (arith.divsi) and scf.if updates: lo = 0, hi = dim(a); while (lo
// < hi) { if (a[mid] <= key) lo = mid + 1 else hi = mid }; result lo - 1.
func.func @bsearch_divsi(%a: memref<?xi32>, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %n = memref.dim %a, %c0 : memref<?xi32>
  %r:2 = scf.while (%lo = %c0, %hi = %n) : (index, index) -> (index, index) {
    %go = arith.cmpi slt, %lo, %hi : index
    scf.condition(%go) %lo, %hi : index, index
  } do {
  ^bb0(%l: index, %h: index):
    %w = arith.subi %h, %l : index
    %half = arith.divsi %w, %c2 : index
    %mid = arith.addi %l, %half : index
    %x = memref.load %a[%mid] : memref<?xi32>
    %le = arith.cmpi sle, %x, %key : i32
    %l2, %h2 = scf.if %le -> (index, index) {
      %mid1 = arith.addi %mid, %c1 : index
      scf.yield %mid1, %h : index, index
    } else {
      scf.yield %l, %mid : index, index
    }
    scf.yield %l2, %h2 : index, index
  }
  %last = arith.subi %r#0, %c1 : index
  return %last : index
}
