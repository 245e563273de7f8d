// UNSAFE: a guard whose branch does not always exit: `if (i >= dim(a)) {
// if (stop) break; }` then a[i]. Breaks when %stop is false (any dim(a)):
// i reaches dim(a) and the load reads a[dim(a)].
func.func @guard_no_exit(%a: memref<?xi32>, %stop: i1) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %n = memref.dim %a, %c0 : memref<?xi32>
  %r = loom.loop token(%t) iter_args(%i = %c0, %s = %z) : (index, i32) -> (i32) {
    %done = arith.cmpi sge, %i, %n : index
    loom.if %done {
      loom.if %stop { loom.break %t, %s : i32 }
    }
    %x = memref.load %a[%i] : memref<?xi32>
    %s2 = arith.addi %s, %x : i32
    %neg = arith.cmpi slt, %x, %z : i32
    loom.if %neg { loom.break %t, %s2 : i32 }
    %next = arith.addi %i, %c1 : index
    loom.continue %t, %next, %s2 : index, i32
  }
  return %r : i32
}
