// The tensor kernels of bench/tensor/run.sh written with loom early exits.
// scf.mlir holds the same algorithms written with scf.while and flags;
// main.mlir (shared) calls them.

// Index of the first %key in %t, or its size.
func.func private @search(%t: tensor<?xi32>, %key: i32) -> index attributes {passthrough = ["noinline"]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %r = loom.for %i = %c0 to %n step %c1 token(%tk) iter_args(%found = %n) -> (index) {
    %v = tensor.extract %t[%i] : tensor<?xi32>
    %hit = arith.cmpi eq, %v, %key : i32
    loom.if %hit { loom.break %tk, %i : index }
    loom.yield %found : index
  }
  return %r : index
}

// Zeroes %t in place up to the first %sentinel; returns its position.
func.func private @prefix_until(%t: tensor<?xi32>, %sentinel: i32) -> (tensor<?xi32>, index) attributes {passthrough = ["noinline"]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %r:2 = loom.loop token(%tk) iter_args(%a = %t, %i = %c0) : (tensor<?xi32>, index) -> (tensor<?xi32>, index) {
    %end = arith.cmpi sge, %i, %n : index
    loom.if %end { loom.break %tk, %a, %i : tensor<?xi32>, index }
    %v = tensor.extract %a[%i] : tensor<?xi32>
    %s = arith.cmpi eq, %v, %sentinel : i32
    loom.if %s { loom.break %tk, %a, %i : tensor<?xi32>, index }
    %a2 = tensor.insert %z into %a[%i] : tensor<?xi32>
    %i2 = arith.addi %i, %c1 : index
    loom.continue %tk, %a2, %i2 : tensor<?xi32>, index
  }
  return %r#0, %r#1 : tensor<?xi32>, index
}

// Doubles blocks of four (a linalg op on a slice) until a doubled block
// starts above %limit.
func.func private @double_blocks(%t: tensor<?xf32>, %limit: f32) -> tensor<?xf32> attributes {passthrough = ["noinline"]} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %r = loom.for %i = %c0 to %n step %c4 token(%tk) iter_args(%a = %t) -> (tensor<?xf32>) {
    %s = tensor.extract_slice %a[%i] [4] [1] : tensor<?xf32> to tensor<4xf32>
    %d = linalg.add ins(%s, %s : tensor<4xf32>, tensor<4xf32>) outs(%s : tensor<4xf32>) -> tensor<4xf32>
    %a2 = tensor.insert_slice %d into %a[%i] [4] [1] : tensor<4xf32> into tensor<?xf32>
    %first = tensor.extract %a2[%i] : tensor<?xf32>
    %big = arith.cmpf ogt, %first, %limit : f32
    loom.if %big { loom.break %tk, %a2 : tensor<?xf32> }
    loom.yield %a2 : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// Adds one to each element, row by row, until an element equals %stop: the
// inner loop leaves both loops at once.
func.func private @bump_until(%t: tensor<?x?xi32>, %stop: i32) -> tensor<?x?xi32> attributes {passthrough = ["noinline"]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %rows = tensor.dim %t, %c0 : tensor<?x?xi32>
  %cols = tensor.dim %t, %c1 : tensor<?x?xi32>
  %r = loom.for %i = %c0 to %rows step %c1 token(%outer) iter_args(%a = %t) -> (tensor<?x?xi32>) {
    %inner = loom.for %j = %c0 to %cols step %c1 token(%in) iter_args(%b = %a) -> (tensor<?x?xi32>) {
      %v = tensor.extract %b[%i, %j] : tensor<?x?xi32>
      %s = arith.cmpi eq, %v, %stop : i32
      loom.if %s { loom.break %outer, %b : tensor<?x?xi32> }
      %v2 = arith.addi %v, %one : i32
      %b2 = tensor.insert %v2 into %b[%i, %j] : tensor<?x?xi32>
      loom.yield %b2 : tensor<?x?xi32>
    }
    loom.yield %inner : tensor<?x?xi32>
  }
  return %r : tensor<?x?xi32>
}

// Replaces the first negative element by 100 (a loop result that is not an
// iteration argument).
func.func private @mark_first_negative(%t: tensor<?xi32>) -> tensor<?xi32> attributes {passthrough = ["noinline"]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %mark = arith.constant 100 : i32
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %r = loom.loop token(%tk) iter_args(%i = %c0) : (index) -> (tensor<?xi32>) {
    %end = arith.cmpi sge, %i, %n : index
    loom.if %end { loom.break %tk, %t : tensor<?xi32> }
    %v = tensor.extract %t[%i] : tensor<?xi32>
    %isneg = arith.cmpi slt, %v, %z : i32
    loom.if %isneg {
      %u = tensor.insert %mark into %t[%i] : tensor<?xi32>
      loom.break %tk, %u : tensor<?xi32>
    }
    %i2 = arith.addi %i, %c1 : index
    loom.continue %tk, %i2 : index
  }
  return %r : tensor<?xi32>
}
