// loom-lower-to-llvm lowers index at the data layout's index width
// (mlir::DataLayout::closest of the module, 64 bits without a spec naming
// index), in every conversion: functions, arith, index, memref
// descriptors, vector.print, vector of index, ub. The result has no
// unrealized_conversion_cast left and mlir-translate accepts it.
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-llvm)' | FileCheck %s --implicit-check-not=unrealized_conversion_cast
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %mlir-translate --split-input-file --mlir-to-llvmir | FileCheck %s --check-prefix=IR

// CHECK-LABEL: module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>}
//       CHECK: llvm.func @sum(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32, %[[N:.*]]: i32) -> i32
//       CHECK:   llvm.icmp "slt" %{{.*}}, %[[N]] : i32
//       CHECK:   llvm.getelementptr {{.*}}%{{.*}}[%{{.*}}] : (!llvm.ptr, i32) -> !llvm.ptr, i32
//       CHECK: llvm.func @_mlir_ciface_sum(%{{.*}}: !llvm.ptr, %{{.*}}: i32) -> i32
//       CHECK: llvm.func @print(%[[I:.*]]: i32)
//       CHECK:   %[[J:.*]] = llvm.add %[[I]], %[[I]] : i32
//       CHECK:   %[[W:.*]] = llvm.zext %[[J]] : i32 to i64
//       CHECK:   llvm.call @printI64(%[[W]]) : (i64) -> ()
//       CHECK: llvm.func @poison() -> i32
//       CHECK:   llvm.mlir.poison : i32
// IR-LABEL: define i32 @sum(ptr %0, ptr %1, i32 %2, i32 %3, i32 %4, i32 %5)
// IR-LABEL: define i32 @_mlir_ciface_sum(ptr %0, i32 %1)
// IR-LABEL: define void @print(i32 %0)
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  func.func @sum(%m: memref<?xi32>, %n: index) -> i32 attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i32
    %r = loom.for %i = %c0 to %n step %c1 token(%t) iter_args(%acc = %z) -> (i32) {
      %v = memref.load %m[%i] : memref<?xi32>
      %w = arith.addi %acc, %v : i32
      loom.yield %w : i32
    }
    return %r : i32
  }

  func.func @print(%i: index) {
    %j = index.add %i, %i
    vector.print %j : index
    return
  }

  func.func @poison() -> index {
    %p = ub.poison : index
    return %p : index
  }
}

// -----

// Without a data layout: 64 bits, as upstream.
// CHECK-LABEL: module {
//       CHECK: llvm.func @id(%{{.*}}: i64) -> i64
//       CHECK: llvm.call @printU64(%{{.*}}) : (i64) -> ()
// IR-LABEL: define i64 @id(i64 %0)
func.func @id(%i: index) -> index {
  vector.print %i : index
  return %i : index
}

// -----

// A data layout without an index entry: 64 bits.
// CHECK-LABEL: module attributes {dlti.dl_spec = #dlti.dl_spec<i8 = dense<8> : vector<2xi64>>}
//       CHECK: llvm.func @id(%{{.*}}: i64) -> i64
// IR-LABEL: define i64 @id(i64 %0)
module attributes {dlti.dl_spec = #dlti.dl_spec<i8 = dense<8> : vector<2xi64>>} {
  func.func @id(%i: index) -> index {
    return %i : index
  }
}

// -----

// 16 bits, the vector of index included.
// CHECK-LABEL: module attributes {dlti.dl_spec = #dlti.dl_spec<index = 16 : i64>}
//       CHECK: llvm.func @splat(%{{.*}}: i16) -> vector<4xi16>
// IR-LABEL: define <4 x i16> @splat(i16 %0)
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 16 : i64>} {
  func.func @splat(%i: index) -> vector<4xindex> {
    %v = vector.broadcast %i : index to vector<4xindex>
    return %v : vector<4xindex>
  }
}
