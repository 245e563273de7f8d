// SAFE: histogram with clamped bins: `if (dim(h) > 0) for i in 0..dim(a):
// h[min(max(a[i], 0), dim(h) - 1)] += 1`.
func.func @histogram_clamped(%a: memref<?xi32>, %h: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %na = memref.dim %a, %c0 : memref<?xi32>
  %nh = memref.dim %h, %c0 : memref<?xi32>
  %some = arith.cmpi sgt, %nh, %c0 : index
  scf.if %some {
    %top = arith.subi %nh, %c1 : index
    scf.for %i = %c0 to %na step %c1 {
      %v = memref.load %a[%i] : memref<?xi32>
      %vi = arith.index_cast %v : i32 to index
      %lo = arith.maxsi %vi, %c0 : index
      %bin = arith.minsi %lo, %top : index
      %old = memref.load %h[%bin] : memref<?xi32>
      %new = arith.addi %old, %one : i32
      memref.store %new, %h[%bin] : memref<?xi32>
    }
  }
  return
}
