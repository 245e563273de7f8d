// RUN: %loom-opt %s --allow-unregistered-dialect --pass-pipeline='builtin.module(loom-report{format=text})' | FileCheck %s

// A forall with shared outputs (tensor tiles, as tile_using_forall makes
// them before bufferization): the outputs are region arguments too, but
// only the induction variables are dimensions (parallel-counts.mlir has
// the rest; scf-forall-to-for, its cross-check, rejects shared outputs).

// CHECK-LABEL: loop details:
func.func @forall_outputs(%t: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  // CHECK: parallel-counts-outputs.mlir:[[@LINE+1]]:8: exact: body max(0, %arg1 ceildiv 8), entries 1, total body max(0, %arg1 ceildiv 8); dimension 0: exact: body max(0, %arg1 ceildiv 8)
  %r = scf.forall (%i) = (0) to (%n) step (8) shared_outs(%o = %t) -> (tensor<?xf32>) {
    "test.use"(%i, %o) : (index, tensor<?xf32>) -> ()
  }
  return %r : tensor<?xf32>
}
