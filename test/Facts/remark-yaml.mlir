// Loop facts and bounds verdicts as MLIR 22 remarks in LLVM's YAML remark
// format (--remark-format=yaml), selected by MLIR's own --remarks-filter*
// options, and read back by LLVM's remark tooling (llvm-remarkutil).

// Both passes, every loom remark: one LoopFacts analysis remark per loop, one
// InBounds (passed) or NotProvenInBounds (missed) remark per access.
// RUN: cd %S && %loom-opt remark-yaml.mlir --pass-pipeline='builtin.module(loom-loop-facts,loom-verify-bounds{mode=remark})' --remark-format=yaml --remarks-filter='loom-.*' --remarks-output-file=%t.yaml -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.yaml --implicit-check-not='--- !'

// --remarks-filter selects by pass (a regular expression that must match
// the whole pass name): only the bounds verdicts.
// RUN: cd %S && %loom-opt remark-yaml.mlir --pass-pipeline='builtin.module(loom-loop-facts,loom-verify-bounds{mode=remark})' --remark-format=yaml --remarks-filter=loom-verify-bounds --remarks-output-file=%t.bounds.yaml -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.bounds.yaml --check-prefix=BOUNDS --implicit-check-not='--- !' --implicit-check-not=LoopFacts

// --remarks-filter-missed selects by kind: only the unproven access. The
// remarks do not depend on mode=remark: in the default mode=error the pass
// fails, and the remark stream is still written.
// RUN: cd %S && not %loom-opt remark-yaml.mlir --pass-pipeline='builtin.module(loom-loop-facts,loom-verify-bounds)' --remark-format=yaml --remarks-filter-missed='loom-.*' --remarks-output-file=%t.missed.yaml -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.missed.yaml --check-prefix=MISSED --implicit-check-not='--- !'

// A filter that selects no loom pass: no loom remark at all.
// RUN: cd %S && %loom-opt remark-yaml.mlir --pass-pipeline='builtin.module(loom-loop-facts,loom-verify-bounds{mode=remark})' --remark-format=yaml --remarks-filter=canonicalize --remarks-output-file=%t.none.yaml -o /dev/null 2>/dev/null
// RUN: FileCheck %s --input-file=%t.none.yaml --check-prefix=NONE --allow-empty --implicit-check-not=Pass:

// LLVM's remark tooling parses the stream and reads the counts as numbers
// (g's counts are expressions, `body_count_expr`: no number to add).
// RUN: llvm-remarkutil count --parser=yaml --group-by=function %t.yaml | FileCheck %s --check-prefix=COUNT
// RUN: llvm-remarkutil count --parser=yaml --count-by=arg --rargs='^(body|condition)_count$' --group-by=function %t.yaml | FileCheck %s --check-prefix=ARGS
// RUN: llvm-remarkutil filter --parser=yaml --remark-name=NotProvenInBounds %t.yaml | FileCheck %s --check-prefix=MISSED

// CHECK:      --- !Analysis
// CHECK-NEXT: Pass:            loom-loop-facts
// CHECK-NEXT: Name:            LoopFacts
// CHECK-NEXT: DebugLoc:        { File: remark-yaml.mlir, Line: 114, Column: 15 }
// CHECK-NEXT: Function:        f
// CHECK-NEXT: Args:
// CHECK-NEXT:   - op:              scf.while
// CHECK-NEXT:   - depth:           '0'
// CHECK-NEXT:   - status:          exact
// CHECK-NEXT:   - body_count:      '4'
// CHECK-NEXT:   - condition_count: '5'
// CHECK-NEXT:   - entries:         '1'
// CHECK-NEXT:   - total_body_count: '4'
// CHECK-NEXT:   - total_condition_count: '5'
// CHECK-NEXT:   - counter_type:    index
// CHECK-NEXT:   - counter_signed:  'true'
// CHECK-NEXT:   - counter_step:    '1'
// CHECK-NEXT:   - counter_condition: '[0, 4]'
// CHECK-NEXT:   - counter_body:    '[0, 3]'
// CHECK-NEXT:   - counter_exit:    '4'
// CHECK-NEXT: ...
// CHECK:      --- !Analysis
// CHECK-NEXT: Pass:            loom-loop-facts
// CHECK-NEXT: Name:            LoopFacts
// CHECK-NEXT: DebugLoc:        { File: remark-yaml.mlir, Line: 130, Column: 3 }
// CHECK-NEXT: Function:        g
// CHECK-NEXT: Args:
// CHECK-NEXT:   - op:              scf.for
// CHECK-NEXT:   - depth:           '0'
// CHECK-NEXT:   - status:          exact
// CHECK-NEXT:   - body_count_expr: 'max(0, %arg0)'
// CHECK-NEXT:   - condition_count_expr: 'max(0, %arg0) + 1'
// CHECK:        - counter_condition_expr: '[0, max(0, %arg0)]'
// CHECK:        - note:
// CHECK-NEXT: ...

// CHECK:      --- !Passed
// BOUNDS:     --- !Passed
// CHECK-NEXT: Pass:            loom-verify-bounds
// BOUNDS-NEXT: Pass:           loom-verify-bounds
// CHECK-NEXT: Name:            InBounds
// BOUNDS-NEXT: Name:           InBounds
// CHECK-NEXT: DebugLoc:        { File: remark-yaml.mlir, Line: 119, Column: 5 }
// CHECK-NEXT: Function:        f
// CHECK-NEXT: Args:
// CHECK-NEXT:   - op:              memref.store
// CHECK-NEXT: ...

// CHECK:       --- !Missed
// BOUNDS:      --- !Missed
// MISSED:      --- !Missed
// CHECK-NEXT:  Pass:            loom-verify-bounds
// MISSED-NEXT: Pass:            loom-verify-bounds
// CHECK-NEXT:  Name:            NotProvenInBounds
// MISSED-NEXT: Name:            NotProvenInBounds
// CHECK-NEXT:  DebugLoc:        { File: remark-yaml.mlir, Line: 123, Column: 3 }
// MISSED-NEXT: DebugLoc:        { File: remark-yaml.mlir, Line: 123, Column: 3 }
// CHECK-NEXT:  Function:        f
// MISSED-NEXT: Function:        f
// CHECK-NEXT:  Args:
// MISSED-NEXT: Args:
// CHECK-NEXT:    - op:              memref.store
// MISSED-NEXT:   - op:              memref.store
// CHECK-NEXT:    - reason:          'memref.store: index 0 (%0) has range [4, 4], but dimension 0 of memref<4xi32> has size 4 (valid indices: [0, 3])'
// MISSED-NEXT:   - reason:          'memref.store: index 0 (%0) has range [4, 4], but dimension 0 of memref<4xi32> has size 4 (valid indices: [0, 3])'
// CHECK-NEXT:  ...
// MISSED-NEXT: ...

// NONE-NOT: loom

// COUNT:      Function,Count
// COUNT-NEXT: f,3
// COUNT-NEXT: g,1

// ARGS:      Function,body_count,condition_count
// ARGS-NEXT: f,4,5
// ARGS-NEXT: g,0,0

func.func @f(%output: memref<4xi32>) {
  %begin = index.constant 0
  %end = index.constant 4
  %step = index.constant 1
  %zero = arith.constant 0 : i32
  %terminal = scf.while (%before = %begin) : (index) -> index {
    %more = index.cmp slt(%before, %end)
    scf.condition(%more) %before : index
  } do {
  ^bb0(%position: index):
    memref.store %zero, %output[%position] : memref<4xi32>
    %next = index.add %position, %step
    scf.yield %next : index
  }
  memref.store %zero, %output[%terminal] : memref<4xi32>
  return
}

func.func @g(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
  }
  return
}
