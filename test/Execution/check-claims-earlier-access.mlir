// Accesses proven because of an earlier access (test/Facts/earlier-access.mlir),
// run with their claims checked: the store of a histogram's update is in
// bounds whenever the load of the same bin was, a window's `a[i - 1]`
// whenever `a[i]` was, a store after an scf.if whenever the loads of
// the same element in its two branches were, and a load whose index is an
// affine map's result whenever an earlier access's map result, the same
// quantity, was in bounds of a dimension of the same size. A planted claim (the store's index one element
// further) aborts at the store once a value falls in the last bin, where
// the load's element was in bounds.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims,generate-runtime-verification,loom-lower-to-llvm)' | %run-main | FileCheck %s
// RUN: %with-index32 %s | %loom-opt --pass-pipeline='builtin.module(loom-check-claims,loom-lower-to-llvm)' | %translate-run-main | FileCheck %s
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims{plant=access},loom-lower-to-llvm)' | not --crash stdbuf -o0 %run-main 2>&1 | FileCheck %s --check-prefix=ACCESS
// The claims checked:
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-check-claims)' | FileCheck %s --check-prefix=IR

// CHECK: 1
// CHECK: 2
// CHECK: 1
// CHECK: 3
// CHECK: 23
// CHECK: 13
// CHECK: 130

// IR-LABEL: func.func @histogram(
// IR: loom claim violated: memref.store index 0 in bounds of dimension 0 given memref.load at {{.*}}:[[#@LINE+11]]:10 was at {{.*}}:[[#@LINE+13]]:5
func.func @histogram(%data: memref<7xi32>, %hist: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %one = arith.constant 1 : i32
  scf.for %i = %c0 to %c7 step %c1 {
    %v = memref.load %data[%i] : memref<7xi32>
    %x = arith.index_cast %v : i32 to index
    // The first value in the last bin (i = 1): the planted claim aborts.
    // ACCESS: loom claim violated: memref.store index 0 in bounds of dimension 0 given memref.load at {{.*}}:[[#@LINE+1]]:10 was at {{.*}}:[[#@LINE+3]]:5
    %h = memref.load %hist[%x] : memref<4xi32>
    %h1 = arith.addi %h, %one : i32
    memref.store %h1, %hist[%x] : memref<4xi32>
  }
  return
}

// `a[i - 1]` under `i >= 1` rests on `a[i]` for its upper bound (the
// relational prover with earlier accesses' bounds as facts).
// IR-LABEL: func.func @window(
// IR: loom claim violated: memref.load index 0 in bounds of dimension 0 given memref.load at {{.*}}:[[#@LINE+6]]:10 was at {{.*}}:[[#@LINE+10]]:12
func.func @window(%a: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%t = %z) -> (i32) {
    %x = memref.load %a[%i] : memref<?xi32>
    %pos = arith.cmpi sge, %i, %c1 : index
    %r = scf.if %pos -> (i32) {
      %im = arith.subi %i, %c1 : index
      %y = memref.load %a[%im] : memref<?xi32>
      %xy = arith.addi %x, %y : i32
      scf.yield %xy : i32
    } else {
      scf.yield %x : i32
    }
    %t1 = arith.addi %t, %r : i32
    scf.yield %t1 : i32
  }
  return %s : i32
}

// The store rests on the loads of both branches of the scf.if before it.
// IR-LABEL: func.func @both(
// IR: loom claim violated: memref.store index 0 in bounds of dimension 0 given memref.load at {{.*}}:[[#@LINE+11]]:12 and memref.load at {{.*}}:[[#@LINE+14]]:12 were at {{.*}}:[[#@LINE+19]]:5
func.func @both(%a: memref<?xi32>, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1 : i32
  %z = arith.constant 0 : i32
  %s = scf.for %i = %c0 to %n step %c1 iter_args(%t = %z) -> (i32) {
    %par = arith.remui %i, %c2 : index
    %odd = arith.cmpi eq, %par, %c1 : index
    %v = scf.if %odd -> (i32) {
      %x = memref.load %a[%i] : memref<?xi32>
      scf.yield %x : i32
    } else {
      %y = memref.load %a[%i] : memref<?xi32>
      %y2 = arith.addi %y, %y : i32
      scf.yield %y2 : i32
    }
    %v1 = arith.addi %v, %one : i32
    memref.store %v1, %a[%i] : memref<?xi32>
    %t1 = arith.addi %t, %v1 : i32
    scf.yield %t1 : i32
  }
  return %s : i32
}

// `v[n - 1 - i]` rests on the earlier `m[n - 2 - i - j, n - 1 - i]`, whose
// second index is the same quantity (both results of affine maps) in a
// dimension of the same size.
// IR-LABEL: func.func @tri(
// IR: loom claim violated: affine.load index 0 in bounds of dimension 0 given affine.load at {{.*}}:[[#@LINE+6]]:12 was at {{.*}}:[[#@LINE+7]]:12
func.func @tri(%v: memref<4xi32>, %m: memref<4x4xi32>, %n32: i32) -> i32 {
  %n = arith.index_cast %n32 : i32 to index
  %z = arith.constant 0 : i32
  %s = affine.for %i = 0 to %n iter_args(%t = %z) -> (i32) {
    %r = affine.for %j = 0 to affine_map<(d0)[s0] -> (-d0 + s0 - 1)>(%i)[%n] iter_args(%u = %t) -> (i32) {
      %x = affine.load %m[-%i - %j + symbol(%n) - 2, -%i + symbol(%n) - 1] : memref<4x4xi32>
      %y = affine.load %v[-%i + symbol(%n) - 1] : memref<4xi32>
      %xy = arith.muli %x, %y : i32
      %u1 = arith.addi %u, %xy : i32
      affine.yield %u1 : i32
    }
    affine.yield %r : i32
  }
  return %s : i32
}

memref.global "private" constant @data : memref<7xi32> = dense<[0, 3, 1, 3, 2, 1, 3]>
memref.global "private" @bins : memref<4xi32> = dense<0>
memref.global "private" constant @tri_m : memref<4x4xi32> = dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]>
memref.global "private" constant @tri_v : memref<4xi32> = dense<[1, 2, 3, 4]>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %d = memref.get_global @data : memref<7xi32>
  %hist = memref.get_global @bins : memref<4xi32>
  func.call @histogram(%d, %hist) : (memref<7xi32>, memref<4xi32>) -> ()
  scf.for %k = %c0 to %c4 step %c1 {
    %n = memref.load %hist[%k] : memref<4xi32>
    vector.print %n : i32
  }
  %c7 = arith.constant 7 : index
  %dd = memref.cast %d : memref<7xi32> to memref<?xi32>
  %w = func.call @window(%dd, %c7) : (memref<?xi32>, index) -> i32
  vector.print %w : i32
  %hh = memref.cast %hist : memref<4xi32> to memref<?xi32>
  %b = func.call @both(%hh, %c4) : (memref<?xi32>, index) -> i32
  vector.print %b : i32
  %tm = memref.get_global @tri_m : memref<4x4xi32>
  %tv = memref.get_global @tri_v : memref<4xi32>
  %n4 = arith.constant 4 : i32
  %tr = func.call @tri(%tv, %tm, %n4) : (memref<4xi32>, memref<4x4xi32>, i32) -> i32
  vector.print %tr : i32
  return
}
