// Accesses proven by an enclosing affine.if's condition
// (test/Facts/affine-if-guards.mlir), run with their claims checked: the
// then-region's `a[i - 3]` for i >= 3 and the else-region's `a[i + 4]` for
// i <= 2 both reach the buffer's last element, so a planted claim (an
// index one element further) aborts.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,generate-runtime-verification,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=access},loom-lower-to-llvm)' | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=ACCESS
// The claims checked:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims)' | FileCheck %s --check-prefix=IR

// CHECK: 70
// CHECK: 48

// IR-LABEL: func.func @guarded(
// IR-COUNT-2: loom claim violated: affine.load index 0 in bounds of dimension 0
func.func @guarded(%a: memref<7xi32>) -> (i32, i32) {
  %z = arith.constant 0 : i32
  %r:2 = affine.for %i = 0 to 10 iter_args(%t = %z, %e = %z) -> (i32, i32) {
    %s:2 = affine.if affine_set<(d0) : (d0 - 3 >= 0)>(%i) -> (i32, i32) {
      %x = affine.load %a[%i - 3] : memref<7xi32>
      %t1 = arith.addi %t, %x : i32
      affine.yield %t1, %e : i32, i32
    } else {
      // The else-region runs first (i = 0, 1, 2): its planted claim aborts.
      // ACCESS: loom claim violated: affine.load index 0 in bounds of dimension 0 at {{.*}}:[[#@LINE+1]]:12
      %y = affine.load %a[%i + 4] : memref<7xi32>
      %e1 = arith.addi %e, %y : i32
      affine.yield %t, %e1 : i32, i32
    }
    affine.yield %s#0, %s#1 : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

memref.global "private" constant @data : memref<7xi32> = dense<[1, 4, 7, 10, 13, 16, 19]>

func.func @main() {
  %a = memref.get_global @data : memref<7xi32>
  %t, %e = func.call @guarded(%a) : (memref<7xi32>) -> (i32, i32)
  vector.print %t : i32
  vector.print %e : i32
  return
}
