// Early-exit kernels for bench/run.sh. Each has a C twin in kernels.c with
// the same algorithm and signature (a memref<?xT> argument is passed as
// allocated pointer, aligned pointer, offset, size, stride).

// Index of the first element equal to %key in %a[0, n), or -1.
func.func @linear_search(%a: memref<?xi32>, %n: index, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m1 = arith.constant -1 : index
  %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%res = %m1) -> (index) {
    %v = memref.load %a[%i] : memref<?xi32>
    %hit = arith.cmpi eq, %v, %key : i32
    loom.if %hit { loom.break %t, %i : index }
    loom.yield %res : index
  }
  return %r : index
}

// Row-major index of the first element equal to %key in a rows x cols
// matrix, or -1: the inner loop breaks both loops.
func.func @search2d(%a: memref<?xi32>, %rows: index, %cols: index, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m1 = arith.constant -1 : index
  %r = loom.loop token(%outer) iter_args(%i = %c0) : (index) -> (index) {
    %iend = arith.cmpi sge, %i, %rows : index
    loom.if %iend { loom.break %outer, %m1 : index }
    %base = arith.muli %i, %cols : index
    loom.loop token(%inner) iter_args(%j = %c0) : (index) -> () {
      %jend = arith.cmpi sge, %j, %cols : index
      loom.if %jend { loom.break %inner }
      %k = arith.addi %base, %j : index
      %v = memref.load %a[%k] : memref<?xi32>
      %hit = arith.cmpi eq, %v, %key : i32
      loom.if %hit { loom.break %outer, %k : index }
      %j1 = arith.addi %j, %c1 : index
      loom.continue %inner, %j1 : index
    }
    %i1 = arith.addi %i, %c1 : index
    loom.continue %outer, %i1 : index
  }
  return %r : index
}

// Parser-style loop over a NUL-terminated byte string: spaces are skipped
// with a continue, digits are accumulated into numbers whose sum is
// returned, any other byte resets the current number, NUL ends the loop.
func.func @parse_sum(%s: memref<?xi8>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %ten = arith.constant 10 : i64
  %nul = arith.constant 0 : i8
  %space = arith.constant 32 : i8
  %d0 = arith.constant 48 : i8
  %d9 = arith.constant 57 : i8
  %r = loom.loop token(%t) iter_args(%i = %c0, %cur = %z, %sum = %z) : (index, i64, i64) -> (i64) {
    %ch = memref.load %s[%i] : memref<?xi8>
    %end = arith.cmpi eq, %ch, %nul : i8
    loom.if %end {
      %total = arith.addi %sum, %cur : i64
      loom.break %t, %total : i64
    }
    %sp = arith.cmpi eq, %ch, %space : i8
    loom.if %sp {
      %i1 = arith.addi %i, %c1 : index
      %sum1 = arith.addi %sum, %cur : i64
      loom.continue %t, %i1, %z, %sum1 : index, i64, i64
    }
    %ge = arith.cmpi uge, %ch, %d0 : i8
    %le = arith.cmpi ule, %ch, %d9 : i8
    %digit = arith.andi %ge, %le : i1
    loom.if %digit {
      %i1 = arith.addi %i, %c1 : index
      %dv8 = arith.subi %ch, %d0 : i8
      %dv = arith.extui %dv8 : i8 to i64
      %c10 = arith.muli %cur, %ten : i64
      %cur1 = arith.addi %c10, %dv : i64
      loom.continue %t, %i1, %cur1, %sum : index, i64, i64
    }
    %i1 = arith.addi %i, %c1 : index
    loom.continue %t, %i1, %z, %sum : index, i64, i64
  }
  return %r : i64
}

// Bounded loom.for with an early exit: the number of leading elements whose
// running sum stays <= %limit.
func.func @prefix_until(%a: memref<?xi32>, %n: index, %limit: i64) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %r:2 = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%acc = %z, %cnt = %c0) -> (i64, index) {
    %v = memref.load %a[%i] : memref<?xi32>
    %v64 = arith.extsi %v : i32 to i64
    %acc1 = arith.addi %acc, %v64 : i64
    %over = arith.cmpi sgt, %acc1, %limit : i64
    loom.if %over { loom.break %t, %acc, %i : i64, index }
    %i1 = arith.addi %i, %c1 : index
    loom.yield %acc1, %i1 : i64, index
  }
  return %r#1 : index
}
