// A loop over a buffer in steps of 4, bounded by the buffer's size: loom's
// counts and counter ranges are expressions over the size (docs/loop-facts.md).
func.func @tiles(%a: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %n = memref.dim %a, %c0 : memref<?xf32>
  scf.for %i = %c0 to %n step %c4 {
    %x = memref.load %a[%i] : memref<?xf32>
  }
  return
}
