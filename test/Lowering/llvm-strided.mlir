// Subviews with dynamic offsets and strides: expand-strided-metadata turns
// them into affine.apply, which lower-affine (run right after it in
// loom-lower-to-llvm) takes to arith, so that nothing of affine reaches
// mlir-translate. At 64 bits and with a 32-bit index.
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-llvm)' | FileCheck %s --implicit-check-not=affine. --implicit-check-not=unrealized_conversion_cast
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %mlir-translate --split-input-file --mlir-to-llvmir | FileCheck %s --check-prefix=IR

// The load's address: offset + i * stride0 (the subview's offset), then
// the element at [0, 0] of the view.
// CHECK-LABEL: llvm.func @get(
//       CHECK:   llvm.mul
//       CHECK:   llvm.add
//       CHECK:   llvm.load %{{.*}} : !llvm.ptr -> i32
// IR-LABEL: define i32 @get(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4, i64 %5, i64 %6, i64 %7)
//       IR:   mul {{.*}}i64
func.func @get(%m: memref<4x2xi32, strided<[?, ?], offset: ?>>, %i: index) -> i32 {
  %c0 = arith.constant 0 : index
  %s = memref.subview %m[%i, 0] [1, 2] [1, 1] : memref<4x2xi32, strided<[?, ?], offset: ?>> to memref<1x2xi32, strided<[?, ?], offset: ?>>
  %v = memref.load %s[%c0, %c0] : memref<1x2xi32, strided<[?, ?], offset: ?>>
  return %v : i32
}

// -----

// CHECK-LABEL: llvm.func @get32(
//  CHECK-SAME:     i32
//       CHECK:   llvm.mul %{{.*}} : i32
//       CHECK:   llvm.load %{{.*}} : !llvm.ptr -> i32
// IR-LABEL: define i32 @get32(ptr %0, ptr %1, i32 %2, i32 %3, i32 %4, i32 %5, i32 %6, i32 %7)
//       IR:   mul {{.*}}i32
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  func.func @get32(%m: memref<4x2xi32, strided<[?, ?], offset: ?>>, %i: index) -> i32 {
    %c0 = arith.constant 0 : index
    %s = memref.subview %m[%i, 0] [1, 2] [1, 1] : memref<4x2xi32, strided<[?, ?], offset: ?>> to memref<1x2xi32, strided<[?, ?], offset: ?>>
    %v = memref.load %s[%c0, %c0] : memref<1x2xi32, strided<[?, ?], offset: ?>>
    return %v : i32
  }
}

// -----

// memref.copy between strided views: the memref conversion itself emits
// affine.apply for the views it builds, which the second lower-affine
// takes to arith (bufferized slices produce exactly this copy).
// CHECK-LABEL: llvm.func @copy_strided(
//       CHECK:   llvm.call @memrefCopy
// IR-LABEL: define void @copy_strided(
func.func @copy_strided(%a: memref<16xf32, strided<[?], offset: ?>>, %b: memref<16xf32, strided<[?], offset: ?>>) {
  memref.copy %a, %b : memref<16xf32, strided<[?], offset: ?>> to memref<16xf32, strided<[?], offset: ?>>
  return
}
