// What `make demo` shows. @copy_until_negative copies %src into %dst up to
// the first negative element and returns how many it copied: a counted loop
// left early by a loom.break. @main fills a buffer, calls it and prints the
// result.
func.func @copy_until_negative(%src: memref<?xi32>, %dst: memref<?xi32>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %n = memref.dim %src, %c0 : memref<?xi32>
  %copied = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%k = %c0) -> (index) {
    %x = memref.load %src[%i] : memref<?xi32>
    %negative = arith.cmpi slt, %x, %zero : i32
    loom.if %negative { loom.break %t, %i : index }
    memref.store %x, %dst[%i] : memref<?xi32>
    %next = arith.addi %i, %c1 : index
    loom.yield %next : index
  }
  return %copied : index
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c5 = arith.constant 5 : index
  %src = memref.alloc(%c8) : memref<?xi32>
  %dst = memref.alloc(%c8) : memref<?xi32>
  // src = [0, 1, 2, 3, 4, -1, 6, 7]
  scf.for %i = %c0 to %c8 step %c1 {
    %v = arith.index_cast %i : index to i32
    %is5 = arith.cmpi eq, %i, %c5 : index
    %minus1 = arith.constant -1 : i32
    %w = arith.select %is5, %minus1, %v : i32
    memref.store %w, %src[%i] : memref<?xi32>
  }
  %copied = func.call @copy_until_negative(%src, %dst) : (memref<?xi32>, memref<?xi32>) -> index
  vector.print %copied : index
  memref.dealloc %dst : memref<?xi32>
  memref.dealloc %src : memref<?xi32>
  return
}
