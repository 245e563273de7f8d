// Loom ops in unusual places and unusual shapes are lowered (or rejected with
// a diagnostic, see errors.mlir), never crash, and the result verifies in
// Debian's plain mlir-opt.
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-cf)' | FileCheck %s --check-prefix=CF
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-scf)' | FileCheck %s --check-prefix=SCF
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-cf)' | %mlir-opt --split-input-file > /dev/null
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-lower-to-scf)' | %mlir-opt --split-input-file > /dev/null

// Directly in builtin.module's body (a graph region without terminator): the
// CFG goes into an scf.execute_region.
// CF-LABEL: module {
//       CF:   %[[C:.*]] = arith.cmpi
//  CF-NEXT:   scf.execute_region {
//  CF-NEXT:     cf.cond_br %[[C]]
//       CF:     scf.yield
//  CF-NEXT:   }
//  CF-NEXT: }
// SCF-LABEL: module {
//       SCF:   %[[C:.*]] = arith.cmpi
//  SCF-NEXT:   scf.if %[[C]] {
//  SCF-NEXT:   } else {
//  SCF-NEXT:   }
//  SCF-NEXT: }
%a = arith.constant 1 : i32
%c = arith.cmpi eq, %a, %a : i32
loom.scope token(%s) {
  loom.if %c { loom.break %s }
  loom.yield
}

// -----

// In an scf.forall body (no multi-block regions allowed).
// CF-LABEL: func.func @in_forall(
//       CF:   scf.forall
//       CF:     %[[R:.*]] = scf.execute_region -> i32 {
//       CF:     memref.store %[[R]]
// SCF-LABEL: func.func @in_forall(
//       SCF:   scf.forall
//       SCF:     %[[W:.*]]:2 = scf.while
//       SCF:     memref.store %[[W]]#1
func.func @in_forall(%c: i1, %n: index, %m: memref<?xi32>) {
  scf.forall (%i) in (%n) {
    %x = arith.constant 1 : i32
    %r = loom.loop token(%t) iter_args(%a = %x) : (i32) -> (i32) {
      loom.if %c { loom.break %t, %a : i32 }
      %b = arith.addi %a, %a : i32
      loom.continue %t, %b : i32
    }
    memref.store %r, %m[%i] : memref<?xi32>
  }
  return
}

// -----

// In an scf.parallel body (ends in scf.reduce).
// CF-LABEL: func.func @in_parallel(
//       CF:   scf.parallel
//       CF:     %[[R:.*]] = scf.execute_region -> i32 {
//       CF:     memref.store %[[R]]
//  CF-NEXT:     scf.reduce
// SCF-LABEL: func.func @in_parallel(
//       SCF:   scf.parallel
//       SCF:     %[[R:.*]] = scf.if
//       SCF:     memref.store %[[R]]
//  SCF-NEXT:     scf.reduce
func.func @in_parallel(%c: i1, %n: index, %m: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %x = arith.constant 1 : i32
    %y = arith.constant 2 : i32
    %r = loom.scope token(%t) -> (i32) {
      loom.if %c { loom.break %t, %x : i32 }
      loom.yield %y : i32
    }
    memref.store %r, %m[%i] : memref<?xi32>
    scf.reduce
  }
  return
}

// -----

// In a non-entry block of a function with several blocks: the loop becomes
// blocks of the function, its result flows into the successor.
// CF-LABEL: func.func @non_entry_block(
//  CF-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32)
//       CF:   cf.br ^[[A:.*]]
//       CF: ^[[A]]:
//       CF:   cf.br ^[[H:.*]](%[[X]] : i32)
//       CF: ^[[H]](%[[A:.*]]: i32):
//       CF:   arith.muli %[[A]], %[[A]]
//       CF:   return %{{.*}} : i32
// SCF-LABEL: func.func @non_entry_block(
//       SCF:   cf.br ^[[A:.*]]
//       SCF: ^[[A]]:
//  SCF-NEXT:   %[[W:.*]]:2 = scf.while
//       SCF:   cf.br ^[[B:.*]](%[[W]]#1 : i32)
func.func @non_entry_block(%c: i1, %x: i32) -> i32 {
  cf.br ^a
^a:
  %r = loom.loop token(%t) iter_args(%a = %x) : (i32) -> (i32) {
    loom.if %c { loom.break %t, %a : i32 }
    %b = arith.muli %a, %a : i32
    loom.continue %t, %b : i32
  }
  cf.br ^b(%r : i32)
^b(%y: i32):
  return %y : i32
}

// -----

// A loom.loop whose body only breaks, forwarding its iteration argument: it
// runs once and its result is the init.
// CF-LABEL: func.func @loop_only_breaks(
//  CF-SAME:      %[[X:.*]]: i32)
//       CF:   return
// SCF-LABEL: func.func @loop_only_breaks(
//  SCF-SAME:      %[[X:.*]]: i32)
//  SCF-NEXT:   return %[[X]] : i32
func.func @loop_only_breaks(%x: i32) -> i32 {
  %r = loom.loop token(%t) iter_args(%a = %x) : (i32) -> (i32) {
    loom.break %t, %a : i32
  }
  return %r : i32
}

// -----

// The same nested in a loop nothing continues, inside another loop.
// SCF-LABEL: func.func @nested_loop_only_breaks(
//  SCF-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32)
//       SCF:   scf.while (%[[I:.*]] = %[[X]])
//   SCF-NOT:   loom
//       SCF:   return
func.func @nested_loop_only_breaks(%c: i1, %x: i32) -> i32 {
  %r = loom.loop token(%o) iter_args(%i = %x) : (i32) -> (i32) {
    %v = loom.loop token(%t) iter_args(%a = %i) : (i32) -> (i32) {
      loom.if %c { loom.break %o, %a : i32 }
      loom.break %t, %a : i32
    }
    %w = arith.addi %v, %v : i32
    loom.continue %o, %w : i32
  }
  return %r : i32
}

// -----

// Exits to ops whose results are unused still forward their values; nothing
// else is added.
// SCF-LABEL: func.func @unused_results(
//       SCF:   scf.while
//       SCF:   return
//  SCF-NEXT: }
func.func @unused_results(%c: i1, %x: i32) {
  %r = loom.loop token(%t) iter_args(%a = %x) : (i32) -> (i32) {
    loom.if %c { loom.break %t, %a : i32 }
    loom.continue %t, %a : i32
  }
  return
}

// -----

// A loom.if with results whose branches both exit: the code after it can
// never run (its results have no value) and disappears.
// CF-LABEL: func.func @if_results_both_exit(
//   CF-NOT:   arith.addi
//       CF:   return
// SCF-LABEL: func.func @if_results_both_exit(
//  SCF-SAME:      %[[C:.*]]: i1, %[[X:.*]]: i32, %[[Y:.*]]: i32)
//  SCF-NEXT:   %[[R:.*]] = scf.if %[[C]] -> (i32) {
//  SCF-NEXT:     scf.yield %[[X]] : i32
//  SCF-NEXT:   } else {
//  SCF-NEXT:     scf.yield %[[Y]] : i32
//  SCF-NEXT:   }
//  SCF-NEXT:   return %[[R]] : i32
func.func @if_results_both_exit(%c: i1, %x: i32, %y: i32) -> i32 {
  %r = loom.scope token(%s) -> (i32) {
    %v = loom.if %c -> (i32) {
      loom.break %s, %x : i32
    } else {
      loom.break %s, %y : i32
    }
    %w = arith.addi %v, %v : i32
    loom.yield %w : i32
  }
  return %r : i32
}
