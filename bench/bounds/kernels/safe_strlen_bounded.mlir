// SAFE: bounded strlen, a loom.loop with two exits: `loom.if (i >= dim(a))
// break(i)`, then `if (a[i] == 0) break(i)`.
func.func @strlen_bounded(%a: memref<?xi8>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %nul = arith.constant 0 : i8
  %n = memref.dim %a, %c0 : memref<?xi8>
  %r = loom.loop token(%t) iter_args(%i = %c0) : (index) -> (index) {
    %end = arith.cmpi sge, %i, %n : index
    loom.if %end { loom.break %t, %i : index }
    %x = memref.load %a[%i] : memref<?xi8>
    %z = arith.cmpi eq, %x, %nul : i8
    loom.if %z { loom.break %t, %i : index }
    %next = arith.addi %i, %c1 : index
    loom.continue %t, %next : index
  }
  return %r : index
}
