// OpenMP regions: loom-lower-to-llvm converts the types of omp ops (the
// loop bounds and induction variable of omp.loop_nest, here) at the
// module's index width, and the ops inside their regions like any other;
// no unrealized_conversion_cast is left and mlir-translate emits the
// OpenMP runtime calls. (Running the result needs an OpenMP runtime
// providing __kmpc_*, libomp, which the test machine does not have.)
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-llvm)' | FileCheck %s --implicit-check-not=unrealized_conversion_cast --implicit-check-not=memref. --implicit-check-not=arith.
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-llvm)' | %mlir-translate --split-input-file --mlir-to-llvmir | FileCheck %s --check-prefix=IR

// CHECK-LABEL: llvm.func @fill(
//       CHECK:   omp.parallel {
//       CHECK:     omp.wsloop {
//       CHECK:       omp.loop_nest (%[[I:.*]]) : i64 = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
//       CHECK:         llvm.trunc %[[I]] : i64 to i32
//       CHECK:         llvm.store
// IR-LABEL: define void @fill(
//       IR:   call void {{.*}}@__kmpc_fork_call(
//       IR:   call void @__kmpc_for_static_init_8u(
func.func @fill(%m: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        %v = arith.index_cast %i : index to i32
        memref.store %v, %m[%i] : memref<?xi32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// -----

// CHECK-LABEL: llvm.func @fill32(
//       CHECK:       omp.loop_nest (%[[I:.*]]) : i32 = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) {
//       CHECK:         llvm.store %[[I]]
// IR-LABEL: define void @fill32(
//       IR:   call void {{.*}}@__kmpc_fork_call(
//       IR:   call void @__kmpc_for_static_init_4u(
module attributes {dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>} {
  func.func @fill32(%m: memref<?xi32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    omp.parallel {
      omp.wsloop {
        omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
          %v = arith.index_cast %i : index to i32
          memref.store %v, %m[%i] : memref<?xi32>
          omp.yield
        }
      }
      omp.terminator
    }
    return
  }
}
