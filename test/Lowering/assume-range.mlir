// loom.assume_range: removed by default (assume-range=drop); with
// assume-range=check a cf.assert on lo <= x <= hi (signed) comes first.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-cf)' | FileCheck %s --check-prefix=DROP
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf)' | FileCheck %s --check-prefix=DROP
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-cf{assume-range=check})' | FileCheck %s --check-prefix=CHECKED
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-scf{assume-range=check})' | FileCheck %s --check-prefix=CHECKED
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-lower-to-llvm{assume-range=check})' | FileCheck %s --check-prefix=LLVM
// RUN: not %loom-opt %s 2>&1 --pass-pipeline='builtin.module(loom-lower-to-cf{assume-range=sometimes})' | FileCheck %s --check-prefix=BAD
// BAD: Cannot find option named 'sometimes'

// DROP-LABEL: func.func @ranges(
//  DROP-SAME:     %[[X:.*]]: index, %[[Y:.*]]: i8)
//   DROP-NOT:   assume_range
//   DROP-NOT:   cf.assert
//       DROP:   return %[[X]], %[[Y]] : index, i8

// CHECKED-LABEL: func.func @ranges(
//  CHECKED-SAME:     %[[X:.*]]: index, %[[Y:.*]]: i8)
//   CHECKED-DAG:   %[[LO:.*]] = arith.constant -2 : index
//   CHECKED-DAG:   %[[HI:.*]] = arith.constant 3 : index
//       CHECKED:   %[[GE:.*]] = arith.cmpi sge, %[[X]], %[[LO]] : index
//       CHECKED:   %[[LE:.*]] = arith.cmpi sle, %[[X]], %[[HI]] : index
//       CHECKED:   %[[OK:.*]] = arith.andi %[[GE]], %[[LE]] : i1
//       CHECKED:   cf.assert %[[OK]], "loom.assume_range violated: value outside [-2, 3]"
//       CHECKED:   arith.constant -128 : i8
//       CHECKED:   arith.constant 100 : i8
//       CHECKED:   cf.assert %{{.*}}, "loom.assume_range violated: value outside [-128, 100]"
//   CHECKED-NOT:   assume_range
//       CHECKED:   return %[[X]], %[[Y]] : index, i8

// LLVM: llvm.cond_br
// LLVM: llvm.call @abort
func.func @ranges(%x: index, %y: i8) -> (index, i8) {
  %a = loom.assume_range %x [-2, 3] : index
  %b = loom.assume_range %y [-128, 100] : i8
  return %a, %b : index, i8
}
