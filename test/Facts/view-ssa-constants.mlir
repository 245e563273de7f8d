// RUN: %loom-opt %s --allow-unregistered-dialect --split-input-file --verify-diagnostics -o /dev/null --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'

// View operands spelled as front ends spell them: offsets, sizes and
// strides given by constant operands (arith.constant, index.constant, an
// index_cast of an i32 constant) are read as those constants, like the
// static entries of the attribute; a view's dynamic size is its size
// operand, for a rank-reducing subview that of the source dimension the
// result's dimension is. Each case has a near miss that stays unproven.

func.func @constant_operands(%a: memref<23xi8>) -> (i8, i8) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c22 = arith.constant 22 : index
  %c23 = arith.constant 23 : index
  // expected-remark @below {{memref.subview: in bounds (proven)}}
  %s = memref.subview %a[%c0] [%c23] [%c1] : memref<23xi8> to memref<?xi8, strided<[?], offset: ?>>
  // expected-remark @below {{memref.load: in bounds (proven)}}
  %x = memref.load %s[%c0] : memref<?xi8, strided<[?], offset: ?>>
  // expected-remark @below {{memref.load: in bounds (proven)}}
  %y = memref.load %s[%c22] : memref<?xi8, strided<[?], offset: ?>>
  return %x, %y : i8, i8
}

// -----

// Near misses: one element past the view's end; a view one element too
// large for its source.
func.func @constant_operands_past_end(%a: memref<23xi8>) -> i8 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c23 = arith.constant 23 : index
  %c24 = arith.constant 24 : index
  // expected-remark @below {{memref.subview: in bounds (proven)}}
  %s = memref.subview %a[%c0] [%c23] [%c1] : memref<23xi8> to memref<?xi8, strided<[?], offset: ?>>
  // expected-remark @below {{not proven in bounds: memref.load}}
  %x = memref.load %s[%c23] : memref<?xi8, strided<[?], offset: ?>>
  // expected-remark @below {{not proven in bounds: memref.subview}}
  %t = memref.subview %a[%c0] [%c24] [%c1] : memref<23xi8> to memref<?xi8, strided<[?], offset: ?>>
  return %x : i8
}

// -----

// Other spellings of constants: index.constant, an index_cast of an i32
// constant, a stride of 2 (the footprint is offset + (size - 1) * 2).
func.func @other_spellings(%a: memref<20xf32>) -> f32 {
  %c0 = index.constant 0
  %c1 = index.constant 1
  %n = arith.constant 10 : i32
  %size = arith.index_cast %n : i32 to index
  %c2 = arith.constant 2 : index
  // expected-remark @below {{memref.subview: in bounds (proven)}}
  %s = memref.subview %a[%c1] [%size] [%c2] : memref<20xf32> to memref<?xf32, strided<[?], offset: ?>>
  %c9 = arith.constant 9 : index
  // expected-remark @below {{memref.load: in bounds (proven)}}
  %x = memref.load %s[%c9] : memref<?xf32, strided<[?], offset: ?>>
  // Near miss: offset 2 with 10 elements of stride 2 reaches a[20].
  %c2o = arith.constant 2 : index
  // expected-remark @below {{not proven in bounds: memref.subview}}
  %t = memref.subview %a[%c2o] [%size] [%c2] : memref<20xf32> to memref<?xf32, strided<[?], offset: ?>>
  return %x : f32
}

// -----

// A stride that is not a constant, or not positive, leaves the view's
// footprint unanalysed.
func.func @strides(%a: memref<20xf32>, %k: index) {
  %c0 = arith.constant 0 : index
  %c0s = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  // expected-remark @below {{not proven in bounds: memref.subview: its stride is not a positive constant}}
  %s = memref.subview %a[%c0] [%c4] [%k] : memref<20xf32> to memref<?xf32, strided<[?], offset: ?>>
  // expected-remark @below {{not proven in bounds: memref.subview: its stride is not a positive constant}}
  %t = memref.subview %a[%c0] [%c4] [%c0s] : memref<20xf32> to memref<?xf32, strided<[?], offset: ?>>
  return
}

// -----

// A row of a matrix as a rank-reducing subview: dim(%row, 0) is the size
// operand %d1 of source dimension 1, which bounds the loop.
func.func @row(%a: memref<?x?xf32>, %i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %a, %c0 : memref<?x?xf32>
  %d1 = memref.dim %a, %c1 : memref<?x?xf32>
  %ok = arith.cmpi ult, %i, %d0 : index
  scf.if %ok {
    // expected-remark @below {{memref.subview: in bounds (proven)}}
    %row = memref.subview %a[%i, 0] [1, %d1] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>
    scf.for %j = %c0 to %d1 step %c1 {
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %x = memref.load %row[%j] : memref<?xf32, strided<[1], offset: ?>>
      "test.use"(%x) : (f32) -> ()
      // Near miss: one further.
      %j1 = arith.addi %j, %c1 : index
      // expected-remark @below {{not proven in bounds: memref.load}}
      %y = memref.load %row[%j1] : memref<?xf32, strided<[1], offset: ?>>
      "test.use"(%y) : (f32) -> ()
    }
  }
  return
}

// -----

// Near miss: with two unit dimensions and one dropped, either could be the
// one dropped, so the result's dimensions are not matched to the source's
// (the load is not proven, although here both choices would give the same
// sizes: loom does not guess).
func.func @ambiguous_drop(%a: memref<?x?x?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d2 = memref.dim %a, %c2 : memref<?x?x?xf32>
  // expected-remark @below {{not proven in bounds: memref.subview}}
  %s = memref.subview %a[0, 0, 0] [1, 1, %d2] [1, 1, 1] : memref<?x?x?xf32> to memref<1x?xf32, strided<[?, 1]>>
  scf.for %j = %c0 to %d2 step %c1 {
    // expected-remark @below {{not proven in bounds: memref.load}}
    %x = memref.load %s[%c0, %j] : memref<1x?xf32, strided<[?, 1]>>
    "test.use"(%x) : (f32) -> ()
  }
  return
}
