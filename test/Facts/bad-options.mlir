// Malformed options of the loop-facts passes: a diagnostic naming the
// option and a non-zero exit, never a crash.
//
// The options are typed (flag, choice, unsigned in a range, file name), so
// a value of the wrong kind is rejected when the pipeline is parsed, before
// any pass runs, as for a C++ pass option; this holds for both drivers
// (loom-opt, and Debian's mlir-opt with the plugin). How each driver prints
// the error's location is test/Driver/option-errors.test's concern.
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-verify-bounds{mode=bogus})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODE
// RUN: not %plugin-opt %s --pass-pipeline='builtin.module(loom-verify-bounds{mode=bogus})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODE
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-report{format=xml})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FMT
// RUN: not %plugin-opt %s --pass-pipeline='builtin.module(loom-report{format=xml})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FMT
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-verify-bounds{index-bitwidth=0})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not %plugin-opt %s --pass-pipeline='builtin.module(loom-verify-bounds{index-bitwidth=0})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-report{index-bitwidth=200})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not %plugin-opt %s --pass-pipeline='builtin.module(loom-report{index-bitwidth=200})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-fold-loop-facts{index-bitwidth=abc})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ABC
// RUN: not %plugin-opt %s --pass-pipeline='builtin.module(loom-fold-loop-facts{index-bitwidth=abc})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ABC
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-loop-facts{index-bitwidth=-1})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not %plugin-opt %s --pass-pipeline='builtin.module(loom-loop-facts{index-bitwidth=-1})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-loop-facts{remarks=maybe})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOOL
// RUN: not %plugin-opt %s --pass-pipeline='builtin.module(loom-loop-facts{remarks=maybe})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOOL
//
// The pass is never run: a bad option after a good pass fails the whole
// pipeline before anything is printed or written.
// RUN: rm -f %t.json
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-report{output=%t.json},loom-report{format=xml})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=FMT
// RUN: not test -e %t.json
//
// Well-formed values of each kind are accepted (a bare flag name is true).
// RUN: %loomopt-bin %s --pass-pipeline='builtin.module(loom-loop-facts{remarks index-bitwidth=64},loom-verify-bounds{mode=remark index-bitwidth=64},loom-report{format=text output=- index-bitwidth=1})' -o /dev/null | FileCheck %s --check-prefix=GOOD
// RUN: %plugin-opt %s --pass-pipeline='builtin.module(loom-loop-facts{remarks=1 index-bitwidth=64},loom-verify-bounds{mode=remark index-bitwidth=64},loom-report{format=text output=- index-bitwidth=1})' -o /dev/null | FileCheck %s --check-prefix=GOOD
//
// A file name must not be empty; whether the file can be written is only
// known when the pass runs.
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-report{output=})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not %plugin-opt %s --pass-pipeline='builtin.module(loom-report{output=})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: not %loomopt-bin %s --pass-pipeline='builtin.module(loom-report{output=%t.dir})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIR
// RUN: not %plugin-opt %s --pass-pipeline='builtin.module(loom-report{output=%t.dir})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIR

// MODE: for the --mode option: Cannot find option named 'bogus'!
// MODE: failed to add `loom-verify-bounds` with options `mode=bogus`
// FMT: for the --format option: Cannot find option named 'xml'!
// FMT: failed to add `loom-report` with options `format=xml`
// ZERO: for the --index-bitwidth option: '0' value out of range for uint argument! Must be between 1 and 64
// ZERO: failed to add `loom-verify-bounds` with options `index-bitwidth=0`
// BIG: for the --index-bitwidth option: '200' value out of range for uint argument! Must be between 1 and 64
// BIG: failed to add `loom-report` with options `index-bitwidth=200`
// ABC: for the --index-bitwidth option: 'abc' value invalid for uint argument!
// ABC: failed to add `loom-fold-loop-facts` with options `index-bitwidth=abc`
// NEG: for the --index-bitwidth option: '-1' value invalid for uint argument!
// NEG: failed to add `loom-loop-facts` with options `index-bitwidth=-1`
// BOOL: for the --remarks option: 'maybe' is invalid value for boolean argument!
// BOOL: failed to add `loom-loop-facts` with options `remarks=maybe`
// GOOD: loom loop facts (index width 1)
// EMPTY: for the --output option: needs a file name, or '-' for standard output
// EMPTY: failed to add `loom-report` with options `output=`
// DIR: error: loom-report: cannot write the report to '{{.*}}.dir': Is a directory

func.func @f() {
  return
}
