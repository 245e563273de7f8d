// Where loom-report's report goes (docs/loop-facts.md): standard output by default, with
// the IR after it there; `-o` moves the IR away, `output=FILE` the report.
// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-report)' | FileCheck %s --check-prefix=BOTH
// BOTH:      {"version": 2,
// BOTH:      "op": "scf.for"
// BOTH:      module {
// BOTH-NEXT:   func.func @f(

// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-report)' -o /dev/null | FileCheck %s --check-prefix=REPORT --implicit-check-not=func.func
// REPORT: {"version": 2,

// RUN: %loom-opt %s --pass-pipeline='builtin.module(loom-report{output=%t.json})' | FileCheck %s --check-prefix=IR --implicit-check-not=version
// IR: func.func @f(
// RUN: FileCheck %s --check-prefix=REPORT < %t.json

func.func @f() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
  }
  return
}
