// Regression (difftest seed 815549): loom-lower-to-scf moved the increment
// of a loop's only continue (`%n = arith.addf %x, %k`) out of the body to
// recompute it in the scf.while latch, while the detached op still used the
// in-loop constant %k. The scope before the continue always breaks out of
// the loop, so lowering the body erased the continue and %k as unreachable,
// and the detached op's use of %k pointed into freed memory: the printed IR
// looked right, but the next pass in the same process (cse, canonicalize, or
// the verifier between passes) crashed. Each lowering is therefore followed
// by passes that walk the whole IR in the same process.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf,cse,canonicalize)' | FileCheck %s --check-prefix=SCF
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-cf,cse,canonicalize)' | FileCheck %s --check-prefix=CF
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf,cse,canonicalize)' -o %t.scf.mlir
// RUN: %mlir-opt %t.scf.mlir %upstream-to-llvm | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf,cse,canonicalize,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-cf,cse,canonicalize,loom-lower-to-llvm)' | %run-main | FileCheck %s
// The same program with every claim of loom's facts checked at run time:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-scf,cse,canonicalize,loom-lower-to-llvm)' | %run-main | FileCheck %s
// The loom-lower-to-llvm results through mlir-translate and lli, as they
// are and with a 32-bit index (see lit.local.cfg):
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf,cse,canonicalize,loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-cf,cse,canonicalize,loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-lower-to-scf,cse,canonicalize,loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-lower-to-cf,cse,canonicalize,loom-lower-to-llvm)' | %translate-run-main | FileCheck %s

// SCF-LABEL: func.func @reduced(
// SCF-NOT: loom.
// CF-LABEL: func.func @reduced(
// CF-NOT: loom.
func.func @reduced(%x: f64, %c: i1) -> i32 {
  %r = loom.loop token(%t) iter_args(%a = %x) : (f64) -> (i32) {
    %c1 = arith.constant 1 : i32
    loom.if %c { loom.break %t, %c1 : i32 }
    loom.scope token(%s) {
      %c2 = arith.constant 2 : i32
      loom.break %t, %c2 : i32
    }
    %k = arith.constant 1.0 : f64
    %n = arith.addf %x, %k : f64
    loom.continue %t, %n : f64
  }
  return %r : i32
}

func.func @main() {
  %x = arith.constant 0.5 : f64
  %true = arith.constant true
  %false = arith.constant false
  %r1 = func.call @reduced(%x, %true) : (f64, i1) -> i32
  %r2 = func.call @reduced(%x, %false) : (f64, i1) -> i32
  // CHECK: {{^}}1{{$}}
  vector.print %r1 : i32
  // CHECK-NEXT: {{^}}2{{$}}
  vector.print %r2 : i32
  // What the reference interpreter prints for the seed program:
  // CHECK-NEXT: {{^}}0{{$}}
  // CHECK-NEXT: {{^}}1{{$}}
  // CHECK-NEXT: {{^}}1{{$}}
  // CHECK-NEXT: {{^}}1{{$}}
  // CHECK-NEXT: {{^}}2{{$}}
  // CHECK-NEXT: {{^}}1{{$}}
  // CHECK-NEXT: {{^}}3{{$}}
  // CHECK-NEXT: {{^}}1{{$}}
  // CHECK-NEXT: {{^}}-2147483647{{$}}
  // CHECK-NEXT: {{^}}-2147483647{{$}}
  // CHECK-NEXT: {{^}}-2147483645{{$}}
  // CHECK-NEXT: {{^}}-2147483647{{$}}
  // CHECK-NEXT: {{^}}4{{$}}
  func.call @seed815549() : () -> ()
  return
}

// The generated program as found (its @main, renamed), whose loop
// continues with four forwarded values, one of them latch-extracted.
func.func @seed815549() {
  %v0 = arith.constant 1 : i32
  %v2 = arith.constant 2.5 : f64
  %v4 = arith.constant 4 : i64
  %v6 = arith.constant 2.5 : f64
  %v63 = loom.loop token(%t0) iter_args(%v1 = %v0, %v3 = %v2, %v5 = %v4, %v7 = %v6) : (i32, f64, i64, f64) -> (i32) {
    %v8 = arith.constant 0 : i32
    %v9 = arith.cmpi sle, %v1, %v8 : i32
    loom.if %v9 {
      %v10 = arith.constant 50 : i32
      loom.break %t0, %v10 : i32
    }
    %v11 = arith.constant 1 : i32
    %v12 = arith.subi %v1, %v11 : i32
    %v13 = arith.constant 0 : index
    %v14 = arith.constant 4 : index
    %v15 = arith.constant 1 : index
    %v45 = loom.for %v17 = %v13 to %v14 step %v15 token(%t1) iter_args(%v16 = %v12) -> (i32) {
      vector.print %v17 : index
      loom.scope token(%t2) {
        %v18 = arith.constant 4 : i8
        %v19 = arith.constant 16 : i8
        %v20 = arith.remsi %v18, %v19 : i8
        %v21 = arith.sitofp %v20 : i8 to f64
        %v22 = arith.constant false
        %v23 = arith.muli %v9, %v22 : i1
        %v24 = arith.constant 0 : i32
        %v25 = arith.cmpi eq, %v12, %v24 : i32
        loom.if %v25 {
          %v26 = arith.trunci %v4 : i64 to i32
          vector.print %v25 : i1
          loom.break %t2
        }
        %v27 = arith.constant 0 : i32
        %v28 = arith.cmpi sge, %v12, %v27 : i32
        %v43 = loom.if %v28 -> (i64) {
          vector.print %v23 : i1
          %v29 = arith.constant 46 : i64
          loom.yield %v29 : i64
        } else {
          %v30 = arith.constant 0 : index
          %v31 = arith.cmpi sge, %v17, %v30 : index
          loom.if %v31 {
            loom.break %t1, %v24 : i32
          } else {
            %v32 = arith.constant 3.5 : f32
            %v33 = arith.constant -0.5 : f32
            %v34 = arith.subf %v32, %v33 : f32
            loom.yield
          }
          vector.print %v23 : i1
          %v35 = arith.cmpi sge, %v20, %v20 : i8
          loom.if %v35 {
            %v36 = arith.constant -12 : i32
            %v37 = arith.select %v31, %v36, %v24 : i32
            loom.continue %t1, %v36 : i32
          }
          %v38 = arith.constant 0 : i32
          %v39 = arith.cmpi sge, %v12, %v38 : i32
          loom.if %v39 {
            %v40 = arith.constant 4 : i64
            %v41 = arith.remsi %v4, %v40 : i64
            %v42 = arith.sitofp %v41 : i64 to f64
            loom.break %t2
          }
          loom.yield %v5 : i64
        }
        loom.yield
      }
      %v44 = arith.xori %v16, %v11 : i32
      loom.yield %v44 : i32
    }
    %v56 = loom.scope token(%t3) -> (i32) {
      %v46 = arith.constant -3 : i32
      %v47 = arith.subi %v12, %v46 : i32
      %v48 = arith.constant 1.0 : f64
      %v49 = arith.addf %v7, %v48 : f64
      %v50 = arith.constant 40 : i64
      %v51 = arith.shrui %v4, %v50 : i64
      %v52 = arith.constant -0.5 : f32
      %v53 = arith.constant -2.0 : f32
      %v54 = arith.subf %v52, %v53 : f32
      %v55 = arith.constant -2147483647 : i32
      loom.break %t0, %v55 : i32
    }
    %v57 = arith.constant -1.0 : f64
    %v58 = arith.addf %v6, %v57 : f64
    %v59 = arith.constant 0.5 : f64
    %v60 = arith.subf %v3, %v59 : f64
    %v61 = arith.constant 5 : i64
    %v62 = arith.xori %v5, %v61 : i64
    loom.continue %t0, %v12, %v60, %v62, %v58 : i32, f64, i64, f64
  }
  %v64 = arith.ori %v0, %v63 : i32
  %v84, %v85, %v86 = loom.scope token(%t4) -> (i32, i32, i64) {
    %v65 = arith.constant -3 : index
    %v66 = arith.constant 0 : index
    %v67 = arith.constant 1 : index
    %v69 = arith.constant -2.5 : f32
    %v80, %v81 = loom.for %v71 = %v65 to %v66 step %v67 token(%t5) iter_args(%v68 = %v63, %v70 = %v69) -> (i32, f32) {
      %v72 = arith.cmpf olt, %v2, %v6 : f64
      %v73 = arith.cmpi ugt, %v0, %v68 : i32
      %v74 = arith.constant 2 : i32
      %v75 = arith.cmpi ult, %v68, %v74 : i32
      %v76 = arith.xori %v73, %v75 : i1
      %v77 = arith.xori %v68, %v74 : i32
      %v78 = arith.constant -0.5 : f32
      %v79 = arith.subf %v70, %v78 : f32
      loom.continue %t5, %v77, %v79 : i32, f32
    }
    %v82 = arith.constant 0.5 : f32
    %v83 = arith.subf %v69, %v82 : f32
    loom.yield %v80, %v63, %v4 : i32, i32, i64
  }
  vector.print %v63 : i32
  vector.print %v64 : i32
  vector.print %v84 : i32
  vector.print %v85 : i32
  vector.print %v86 : i64
  return
}
