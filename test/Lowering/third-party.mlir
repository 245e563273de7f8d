// Uses the test-only loomtest dialect, which only loom-opt registers.
// Loom ops inside an op of another dialect, with no exit crossing it, are
// lowered in place: loom-lower-to-cf wraps them in scf.execute_region
// (loomtest.wrap's region must keep one block), loom-lower-to-scf needs
// nothing.
// RUN: %loomopt-bin %s --loom-lower-to-cf | FileCheck %s --check-prefix=CF
// RUN: %loomopt-bin %s --loom-lower-to-scf | FileCheck %s --check-prefix=SCF

// CF-LABEL: func.func @inside_wrap(
//       CF:   cf.br
//       CF:   loomtest.wrap {
//  CF-NEXT:     scf.execute_region {
//       CF:       cf.cond_br
//       CF:       scf.yield
//       CF:     }
//  CF-NEXT:     loomtest.end
//   CF-NOT: loom.

// SCF-LABEL: func.func @inside_wrap(
//       SCF:   scf.while
//       SCF:     loomtest.wrap {
//  SCF-NEXT:       scf.while
//       SCF:       loomtest.end
//   SCF-NOT: loom.
func.func @inside_wrap(%c: i1, %d: i1) {
  loom.loop token(%outer) {
    loomtest.wrap {
      loom.loop token(%t) {
        loom.if %c { loom.break %t }
        loom.continue %t
      }
      loomtest.end
    }
    loom.if %d { loom.break %outer }
    loom.continue %outer
  }
  return
}
