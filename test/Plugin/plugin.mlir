// Debian's own mlir-opt loads loom as a dialect and pass plugin: it parses,
// verifies and prints loom IR.
// RUN: %mlir-opt --load-dialect-plugin=%plugin --load-pass-plugin=%plugin %s | FileCheck %s
// RUN: %mlir-opt --load-dialect-plugin=%plugin --load-pass-plugin=%plugin %s --mlir-print-op-generic | %mlir-opt --load-dialect-plugin=%plugin | FileCheck %s
// RUN: not %mlir-opt --load-dialect-plugin=%plugin --load-pass-plugin=%plugin %s -D=bad 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: Unknown command line argument

// CHECK-LABEL: func.func @count
func.func @count(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  // CHECK: loom.loop token(%{{.*}}) iter_args(%[[A:.*]] = %{{.*}}) : (i32) -> (i32)
  %r = loom.loop token(%t) iter_args(%a = %c0) : (i32) -> (i32) {
    %done = arith.cmpi sge, %a, %n : i32
    // CHECK: loom.if
    // CHECK-NEXT: loom.break %{{.*}}, %[[A]] : i32
    loom.if %done { loom.break %t, %a : i32 }
    %a2 = arith.addi %a, %c1 : i32
    // CHECK: loom.continue
    loom.continue %t, %a2 : i32
  }
  return %r : i32
}

// The plugin carries loom's Rust passes too, and exports only its entry
// points and loom's C API on top of Debian's libMLIR.so/libLLVM.so.
// RUN: %mlir-opt --load-dialect-plugin=%plugin --load-pass-plugin=%plugin %s --pass-pipeline='builtin.module(func.func(loom-loop-depth))' | FileCheck %s --check-prefix=RUST
// RUST: } {loom.depth = 0 : i64}
// RUN: ldd %plugin | FileCheck %s --check-prefix=LDD
// LDD-DAG: libMLIR.so.22.1 => /usr/lib/llvm-22/lib/libMLIR.so.22.1
// LDD-DAG: libLLVM.so.22.1 => /usr/lib/llvm-22/lib/libLLVM.so.22.1
// RUN: nm -D --defined-only %plugin | FileCheck %s --check-prefix=EXPORTS --implicit-check-not=_ZN4mlir --implicit-check-not=" T mlirContext" --implicit-check-not=" T mlirOperation"
// EXPORTS-DAG: T loomRegisterForeignPass
// EXPORTS-DAG: T mlirGetDialectHandle__loom__
// EXPORTS-DAG: mlirGetDialectPluginInfo
// EXPORTS-DAG: mlirGetPassPluginInfo
