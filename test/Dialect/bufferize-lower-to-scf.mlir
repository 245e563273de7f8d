// loom-lower-to-scf on tensor IR: the slots of outcomes not taken hold a
// tensor already at hand (never ub.poison of a tensor type, which
// bufferization cannot handle), so One-Shot Bufferize accepts the result,
// dynamic shapes included.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf)' | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf,one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops})' | FileCheck %s --check-prefix=BUF

// CHECK-NOT: ub.poison : tensor
// BUF-NOT: tensor<
// BUF-NOT: ub.poison : memref

// The continue path fills the break slot with the value it forwards, the
// break path fills the continue slot with the value it forwards.
// CHECK-LABEL: func.func @prefix(
// CHECK: scf.while (%[[A:.*]] = %{{.*}}, %{{.*}} = %{{.*}}) : (tensor<?xi32>, index)
// CHECK: scf.yield %false, %[[A]], %{{.*}}, %[[A]], %{{.*}} : i1, tensor<?xi32>, index, tensor<?xi32>, index
// CHECK: %[[INS:.*]] = tensor.insert
// CHECK: scf.yield %true, %[[INS]], %{{.*}}, %[[INS]], %{{.*}} : i1, tensor<?xi32>, index, tensor<?xi32>, index
// BUF-LABEL: func.func @prefix(
// BUF: scf.while
func.func @prefix(%t: tensor<?xi32>, %sentinel: i32) -> (tensor<?xi32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %n = tensor.dim %t, %c0 : tensor<?xi32>
  %r:2 = loom.loop token(%tk) iter_args(%a = %t, %i = %c0) : (tensor<?xi32>, index) -> (tensor<?xi32>, index) {
    %v = tensor.extract %a[%i] : tensor<?xi32>
    %s = arith.cmpi eq, %v, %sentinel : i32
    loom.if %s { loom.break %tk, %a, %i : tensor<?xi32>, index }
    %a2 = tensor.insert %z into %a[%i] : tensor<?xi32>
    %i2 = arith.addi %i, %c1 : index
    loom.continue %tk, %a2, %i2 : tensor<?xi32>, index
  }
  return %r#0, %r#1 : tensor<?xi32>, index
}

// A break slot whose type the continue path does not forward: the nearest
// block argument of that type (here the function's) fills it.
// CHECK-LABEL: func.func @untied(
// CHECK-SAME: %[[T:[a-z0-9]*]]: tensor<?xf32>
// CHECK: scf.yield %true, %{{.*}}, %[[T]] : i1, index, tensor<?xf32>
// BUF-LABEL: func.func @untied(
func.func @untied(%t: tensor<?xf32>, %x: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %r = loom.loop token(%tk) iter_args(%i = %c0) : (index) -> (tensor<?xf32>) {
    %v = tensor.extract %t[%i] : tensor<?xf32>
    %neg = arith.cmpf olt, %v, %zero : f32
    loom.if %neg {
      %u = tensor.insert %x into %t[%i] : tensor<?xf32>
      loom.break %tk, %u : tensor<?xf32>
    }
    %i2 = arith.addi %i, %c1 : index
    loom.continue %tk, %i2 : index
  }
  return %r : tensor<?xf32>
}
