// Malformed options of the loop-facts passes: a diagnostic naming the
// option and a non-zero exit, never a crash.
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-verify-bounds{mode=bogus})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODE
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-verify-bounds{index-bitwidth=0})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-report{index-bitwidth=200})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-fold-loop-facts{index-bitwidth=abc})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ABC
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-loop-facts{index-bitwidth=-1})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-report{format=xml})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FMT
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-report{output=})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-report{output=%t.dir})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIR
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-loop-facts{remarks=maybe})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOOL

// MODE: error: loom-verify-bounds: option 'mode' expects one of error, remark, got 'bogus'
// ZERO: error: loom-verify-bounds: option 'index-bitwidth' must be between 1 and 64, got 0
// BIG: error: loom-report: option 'index-bitwidth' must be between 1 and 64, got 200
// ABC: error: loom-fold-loop-facts: option 'index-bitwidth' expects an unsigned integer, got 'abc'
// NEG: error: loom-loop-facts: option 'index-bitwidth' expects an unsigned integer, got '-1'
// FMT: error: loom-report: option 'format' expects one of json, text, got 'xml'
// EMPTY: error: loom-report: option 'output' must name a file
// DIR: error: loom-report: cannot write the report to '{{.*}}.dir': Is a directory
// BOOL: error: loom-loop-facts: option 'remarks' expects true or false, got 'maybe'

func.func @f() {
  return
}
