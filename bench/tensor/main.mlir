// Driver of bench/tensor/run.sh, appended to loom.mlir or scf.mlir: builds
// the inputs, calls each kernel %reps times on a fresh copy and prints one
// checksum per kernel (the two versions must agree).

func.func private @fill1d(%n: index, %special: index, %value: i32) -> tensor<?xi32> {
  %t = tensor.generate %n {
  ^bb0(%i: index):
    %i32 = arith.index_cast %i : index to i32
    %c7 = arith.constant 7 : i32
    %c1000 = arith.constant 1000 : i32
    %one = arith.constant 1 : i32
    %m = arith.muli %i32, %c7 : i32
    %r = arith.remsi %m, %c1000 : i32
    %v = arith.addi %r, %one : i32
    %is = arith.cmpi eq, %i, %special : index
    %w = arith.select %is, %value, %v : i32
    tensor.yield %w : i32
  } : tensor<?xi32>
  return %t : tensor<?xi32>
}

func.func private @sum1d(%t: tensor<?xi32>) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i64
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> i64 {
    %v = tensor.extract %t[%i] : tensor<?xi32>
    %w = arith.extsi %v : i32 to i64
    %k = arith.index_cast %i : index to i64
    %p = arith.muli %w, %k : i64
    %a = arith.addi %acc, %p : i64
    scf.yield %a : i64
  }
  return %s : i64
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %reps = arith.constant 20 : index
  %n = arith.constant 4096 : index
  %at = arith.constant 3000 : index
  %z64 = arith.constant 0 : i64

  // search: the key sits at 3000.
  %key = arith.constant 5000 : i32
  %ts = func.call @fill1d(%n, %at, %key) : (index, index, i32) -> tensor<?xi32>
  %s1 = scf.for %r = %c0 to %reps step %c1 iter_args(%acc = %z64) -> i64 {
    %p = func.call @search(%ts, %key) : (tensor<?xi32>, i32) -> index
    %q = arith.index_cast %p : index to i64
    %a = arith.addi %acc, %q : i64
    scf.yield %a : i64
  }
  vector.print %s1 : i64

  // prefix_until: the sentinel sits at 3000.
  %sent = arith.constant -1 : i32
  %tp = func.call @fill1d(%n, %at, %sent) : (index, index, i32) -> tensor<?xi32>
  %s2 = scf.for %r = %c0 to %reps step %c1 iter_args(%acc = %z64) -> i64 {
    %fresh = bufferization.alloc_tensor() copy(%tp) : tensor<?xi32>
    %o:2 = func.call @prefix_until(%fresh, %sent) : (tensor<?xi32>, i32) -> (tensor<?xi32>, index)
    %sum = func.call @sum1d(%o#0) : (tensor<?xi32>) -> i64
    %q = arith.index_cast %o#1 : index to i64
    %a = arith.addi %acc, %sum : i64
    %b = arith.addi %a, %q : i64
    scf.yield %b : i64
  }
  vector.print %s2 : i64

  // double_blocks: 1.0 everywhere, 100.0 at 3000 (a block start).
  %one = arith.constant 1.0 : f32
  %big = arith.constant 100.0 : f32
  %limit = arith.constant 50.0 : f32
  %tf = tensor.generate %n {
  ^bb0(%i: index):
    %is = arith.cmpi eq, %i, %at : index
    %v = arith.select %is, %big, %one : f32
    tensor.yield %v : f32
  } : tensor<?xf32>
  %s3 = scf.for %r = %c0 to %reps step %c1 iter_args(%acc = %z64) -> i64 {
    %fresh = bufferization.alloc_tensor() copy(%tf) : tensor<?xf32>
    %o = func.call @double_blocks(%fresh, %limit) : (tensor<?xf32>, f32) -> tensor<?xf32>
    %sum = scf.for %i = %c0 to %n step %c1 iter_args(%s = %z64) -> i64 {
      %v = tensor.extract %o[%i] : tensor<?xf32>
      %w = arith.fptosi %v : f32 to i64
      %x = arith.addi %s, %w : i64
      scf.yield %x : i64
    }
    %a = arith.addi %acc, %sum : i64
    scf.yield %a : i64
  }
  vector.print %s3 : i64

  // bump_until: 64 x 64, the stop value at (40, 10).
  %c64 = arith.constant 64 : index
  %c40 = arith.constant 40 : index
  %c10 = arith.constant 10 : index
  %stop = arith.constant -7 : i32
  %t2 = tensor.generate %c64, %c64 {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %c64i = arith.constant 64 : i32
    %m = arith.muli %ii, %c64i : i32
    %v = arith.addi %m, %jj : i32
    %r0 = arith.cmpi eq, %i, %c40 : index
    %r1 = arith.cmpi eq, %j, %c10 : index
    %at2 = arith.andi %r0, %r1 : i1
    %w = arith.select %at2, %stop, %v : i32
    tensor.yield %w : i32
  } : tensor<?x?xi32>
  %s4 = scf.for %r = %c0 to %reps step %c1 iter_args(%acc = %z64) -> i64 {
    %fresh = bufferization.alloc_tensor() copy(%t2) : tensor<?x?xi32>
    %o = func.call @bump_until(%fresh, %stop) : (tensor<?x?xi32>, i32) -> tensor<?x?xi32>
    %sum = scf.for %i = %c0 to %c64 step %c1 iter_args(%s = %z64) -> i64 {
      %row = scf.for %j = %c0 to %c64 step %c1 iter_args(%t = %s) -> i64 {
        %v = tensor.extract %o[%i, %j] : tensor<?x?xi32>
        %w = arith.extsi %v : i32 to i64
        %x = arith.addi %t, %w : i64
        scf.yield %x : i64
      }
      scf.yield %row : i64
    }
    %a = arith.addi %acc, %sum : i64
    scf.yield %a : i64
  }
  vector.print %s4 : i64

  // mark_first_negative: -5 at 3000.
  %negv = arith.constant -5 : i32
  %tn = func.call @fill1d(%n, %at, %negv) : (index, index, i32) -> tensor<?xi32>
  %s5 = scf.for %r = %c0 to %reps step %c1 iter_args(%acc = %z64) -> i64 {
    %fresh = bufferization.alloc_tensor() copy(%tn) : tensor<?xi32>
    %o = func.call @mark_first_negative(%fresh) : (tensor<?xi32>) -> tensor<?xi32>
    %sum = func.call @sum1d(%o) : (tensor<?xi32>) -> i64
    %a = arith.addi %acc, %sum : i64
    scf.yield %a : i64
  }
  vector.print %s5 : i64
  return
}
