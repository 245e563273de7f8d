// RUN: %loom-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark})'
// RUN: %loom-opt %s --split-input-file --pass-pipeline='builtin.module(loom-verify-bounds{mode=remark assume-buffer-bytes-below-half-address-space=false assume-buffer-dims-below-half-address-space=false})' -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOASSUME

// Relational bounds proofs on dynamic buffers: for every fact
// source of ../shared/reference/symbolic-facts.md, a proven access and a
// near miss that must stay unproven.
//
// An access is in bounds iff, per dimension K, `0 <= idx` and
// `idx + extent <= dim(%a, K)` hold in the signed order of the index width
// (64 bits here: no data layout). Every "proven" expectation below says in
// a comment why it holds for every input; every near miss gives a concrete
// input that goes out of bounds. D = dim(%arg0, 0) unless said, SMAX =
// 2^63 - 1. Unless a split says otherwise, element type i32, so the
// buffer-size assumption (on by default) gives D <= SMAX floordiv 4.
//
// An unproven access is worded `cannot show <relation>: <why>`; only the
// stable prefix is matched, plus the relation's side where it matters
// (`cannot show 0 <= ...` for a lower bound, `... <= dim(%argN, K)` for an
// upper bound of a particular buffer or dimension). Each near miss is
// built so that exactly one relation of one index fails, so the access
// gets exactly one remark.

// scf.for 0 to D: the body sees 0 <= i <= D - 1.
func.func @for_dim(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  scf.for %i = %c0 to %d step %c1 {
    // 0 <= i and i + 1 <= D (scf.for's iteration set is lb <= i < ub).
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%i] : memref<?xi32>
    // Near miss: D = 1, i = 0 reads a[1]. (0 <= i + 1: i <= D - 1 < SMAX,
    // no wrap.)
    %n = arith.addi %i, %c1 : index
    // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
    %y = memref.load %a[%n] : memref<?xi32>
  }
  return
}

// -----

// Bounds shifted by constants: subi on the dim cannot wrap (D >= 0, so
// D - 2 >= -2), addi on the counter cannot either (i <= D - 3).
func.func @for_dim_minus_2(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %ub = arith.subi %d, %c2 : index
  scf.for %i = %c0 to %ub step %c1 {
    // 0 <= i <= D - 3, so 2 <= i + 2 <= D - 1. (D < 3: no iteration.)
    %k = arith.addi %i, %c2 : index
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%k] : memref<?xi32>
  }
  %ub1 = arith.subi %d, %c1 : index
  scf.for %i = %c0 to %ub1 step %c1 {
    // Near miss, bound one too high: D = 2, i = 0 reads a[2].
    %k = arith.addi %i, %c2 : index
    // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
    %x = memref.load %a[%k] : memref<?xi32>
  }
  return
}

// -----

// Step 2 reading i + 1.
func.func @for_step2(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %ub = arith.subi %d, %c1 : index
  scf.for %i = %c0 to %ub step %c2 {
    // 0 <= i <= D - 2 whatever the step, so 1 <= i + 1 <= D - 1.
    %k = arith.addi %i, %c1 : index
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%k] : memref<?xi32>
  }
  scf.for %i = %c0 to %d step %c2 {
    // Near miss, D odd: D = 1, i = 0 reads a[1].
    %k = arith.addi %i, %c1 : index
    // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
    %x = memref.load %a[%k] : memref<?xi32>
  }
  return
}

// -----

// `<=` loops: `while (i <= D - 1)` is safe, `while (i <= D)` is the
// off-by-one.
func.func @while_le(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %last = arith.subi %d, %c1 : index
  %r = scf.while (%i = %c0) : (index) -> index {
    %c = arith.cmpi sle, %i, %last : index
    scf.condition(%c) %i : index
  } do {
  ^bb0(%j: index):
    // The body sees j <= D - 1 (the condition) and 0 <= j (starts at 0,
    // and j + 1 <= D cannot wrap).
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%j] : memref<?xi32>
    %n = arith.addi %j, %c1 : index
    scf.yield %n : index
  }
  %r2 = scf.while (%i = %c0) : (index) -> index {
    %c = arith.cmpi sle, %i, %d : index
    scf.condition(%c) %i : index
  } do {
  ^bb0(%j: index):
    // Near miss: the body also sees j = D; D = 0 reads a[0] at once. (0 <= j
    // holds: D <= SMAX floordiv 4, so j + 1 cannot wrap.)
    // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
    %x = memref.load %a[%j] : memref<?xi32>
    %n = arith.addi %j, %c1 : index
    scf.yield %n : index
  }
  return
}

// -----

// scf.for with a symbolic lower bound: lb <= i <= D - 1 in the body.
func.func @for_symbolic_lb(%a: memref<?xi32>, %lb: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %nonneg = arith.cmpi sge, %lb, %c0 : index
  scf.if %nonneg {
    scf.for %i = %lb to %d step %c1 {
      // 0 <= lb <= i (the guard), i + 1 <= D (the loop).
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %x = memref.load %a[%i] : memref<?xi32>
    }
  }
  scf.for %i = %lb to %d step %c1 {
    // Near miss, no guard: lb = -1, D = 1 reads a[-1]. (The upper relation
    // holds: i + 1 <= D.)
    // expected-remark @below {{not proven in bounds: memref.load: cannot show 0 <=}}
    %x = memref.load %a[%i] : memref<?xi32>
  }
  return
}

// -----

// Header-tested scf.while i < D from 0: the body sees [0, D - 1], the
// condition region [0, D].
func.func @while_lt(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %r = scf.while (%i = %c0) : (index) -> index {
    // Near miss: the condition region also runs with i = D, the final
    // failing test; D = 0 reads a[0]. (0 <= i: the increment happens only
    // when i < D, so it cannot wrap.)
    // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
    %x = memref.load %a[%i] : memref<?xi32>
    %c = arith.cmpi slt, %i, %d : index
    scf.condition(%c) %i : index
  } do {
  ^bb0(%j: index):
    // 0 <= j (as above) and j + 1 <= D (the condition held).
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%j] : memref<?xi32>
    %n = arith.addi %j, %c1 : index
    scf.yield %n : index
  }
  return
}

// -----

// Decreasing scf.while: i from D - 1 down while i >= 0.
func.func @while_down(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %start = arith.subi %d, %c1 : index
  %r = scf.while (%i = %start) : (index) -> index {
    %c = arith.cmpi sge, %i, %c0 : index
    scf.condition(%c) %i : index
  } do {
  ^bb0(%j: index):
    // 0 <= j (the condition); j <= D - 1 (starts there, only decreases;
    // j - 1 >= -1 cannot wrap). D = 0: start = -1, no iteration.
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%j] : memref<?xi32>
    %n = arith.subi %j, %c1 : index
    scf.yield %n : index
  }
  %r2 = scf.while (%i = %d) : (index) -> index {
    %c = arith.cmpi sge, %i, %c0 : index
    scf.condition(%c) %i : index
  } do {
  ^bb0(%j: index):
    // Near miss, starts at D: the first iteration reads a[D] for every D.
    // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
    %x = memref.load %a[%j] : memref<?xi32>
    %n = arith.subi %j, %c1 : index
    scf.yield %n : index
  }
  return
}

// -----

// loom.for 0 to D: like scf.for.
func.func @loom_for(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  loom.for %i = %c0 to %d step %c1 token(%t) {
    // 0 <= i <= D - 1.
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%i] : memref<?xi32>
    // Near miss: D = 1, i = 0 reads a[1].
    %n = arith.addi %i, %c1 : index
    // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
    %y = memref.load %a[%n] : memref<?xi32>
    loom.yield
  }
  return
}

// -----

// 2-D loop nest over dim(%m, 0) x dim(%m, 1).
func.func @nest_2d(%m: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d0 = memref.dim %m, %c0 : memref<?x?xf32>
  %d1 = memref.dim %m, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %d0 step %c1 {
    scf.for %j = %c0 to %d1 step %c1 {
      // 0 <= i < dim(m, 0) and 0 <= j < dim(m, 1).
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %x = memref.load %m[%i, %j] : memref<?x?xf32>
    }
  }
  scf.for %i = %c0 to %d0 step %c1 {
    scf.for %k = %c0 to %d0 step %c1 {
      // Near miss, the wrong dimension bounds k: dim(m, 0) = 2,
      // dim(m, 1) = 1, i = 0, k = 1 reads m[0, 1]. Index 0 is in bounds.
      // expected-remark-re @below {{not proven in bounds: memref.load: cannot show {{.*}} <= dim(%arg0, 1)}}
      %x = memref.load %m[%i, %k] : memref<?x?xf32>
    }
  }
  return
}

// -----

// The wrong buffer: the loop runs over %a's size.
func.func @wrong_buffer(%a: memref<?xi32>, %b: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  scf.for %i = %c0 to %d step %c1 {
    // 0 <= i < dim(a, 0).
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%i] : memref<?xi32>
    // Near miss: dim(a, 0) = 2, dim(b, 0) = 1, i = 1 reads b[1].
    // expected-remark-re @below {{not proven in bounds: memref.store: cannot show {{.*}} <= dim(%arg1, 0)}}
    memref.store %x, %b[%i] : memref<?xi32>
  }
  return
}

// -----

// An argument bound: nothing relates %n to D unless a guard does.
func.func @argument_bound(%a: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    // Near miss, no guard: n = 1, D = 0 reads a[0].
    // expected-remark-re @below {{not proven in bounds: memref.load: cannot show {{.*}} <= dim(%arg0, 0)}}
    %x = memref.load %a[%i] : memref<?xi32>
  }
  %fits = arith.cmpi sle, %n, %d : index
  scf.if %fits {
    scf.for %i = %c0 to %n step %c1 {
      // 0 <= i (the loop) and i + 1 <= n <= D (the loop, the guard).
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %x = memref.load %a[%i] : memref<?xi32>
    }
  }
  return
}

// -----

// Dominating conditions: scf.if regions (for i in 0..n: if i < len(a)).
func.func @scf_if_guard(%a: memref<?xi32>, %n: index, %k: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %inb = arith.cmpi slt, %i, %d : index
    scf.if %inb {
      // 0 <= i (the loop), i + 1 <= D (the then-region: i < D).
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %x = memref.load %a[%i] : memref<?xi32>
    } else {
      // Near miss, the else-region has i >= D: n = 1, D = 0 reads a[0].
      // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
      %x = memref.load %a[%i] : memref<?xi32>
    }
  }
  // The unsigned check compilers emit (`k <u len`): D is non-negative, so
  // k <u D puts k in [0, D - 1] in the signed order too (as unsigned k < D
  // <= SMAX, so k's sign bit is clear).
  %ok = arith.cmpi ult, %k, %d : index
  scf.if %ok {
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%k] : memref<?xi32>
  }
  return
}

// -----

// Dominating conditions: loom.if regions.
func.func @loom_if_guard(%a: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  scf.for %i = %c0 to %n step %c1 {
    %inb = arith.cmpi slt, %i, %d : index
    loom.if %inb {
      // 0 <= i (the loop), i + 1 <= D (the then-region).
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %x = memref.load %a[%i] : memref<?xi32>
      loom.yield
    } else {
      // Near miss, i >= D here: n = 1, D = 0 reads a[0].
      // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
      %x = memref.load %a[%i] : memref<?xi32>
      loom.yield
    }
  }
  return
}

// -----

// The rest of a block after `loom.if %c { loom.break }`: not %c holds.
// The linear search of README.md.
func.func @break_guard_search(%a: memref<?xi32>, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %r = loom.loop token(%t) iter_args(%i = %c0) : (index) -> (index) {
    %done = arith.cmpi sge, %i, %d : index
    loom.if %done { loom.break %t, %d : index }
    // i < D (the break guard); 0 <= i (starts at 0, and i + 1 is only
    // reached with i < D, so it cannot wrap).
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%i] : memref<?xi32>
    %hit = arith.cmpi eq, %x, %key : i32
    loom.if %hit { loom.break %t, %i : index }
    %next = arith.addi %i, %c1 : index
    loom.continue %t, %next : index
  }
  return %r : index
}

// -----

// Same search with the guard off by one (`i > D` instead of `i >= D`).
func.func @break_guard_off_by_one(%a: memref<?xi32>, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %r = loom.loop token(%t) iter_args(%i = %c0) : (index) -> (index) {
    %done = arith.cmpi sgt, %i, %d : index
    loom.if %done { loom.break %t, %d : index }
    // Near miss: i = D passes the guard; D = 0 reads a[0]. (0 <= i: i + 1 is
    // reached with i <= D <= SMAX floordiv 4, no wrap.)
    // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
    %x = memref.load %a[%i] : memref<?xi32>
    %hit = arith.cmpi eq, %x, %key : i32
    loom.if %hit { loom.break %t, %i : index }
    %next = arith.addi %i, %c1 : index
    loom.continue %t, %next : index
  }
  return %r : index
}

// -----

// Break and continue guards in a loom.for over an unrelated bound
// (for i in 0..n { if i >= len(a) { break } ... }).
func.func @exit_guards_for(%a: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  loom.for %i = %c0 to %n step %c1 token(%t) {
    %oob = arith.cmpi sge, %i, %d : index
    loom.if %oob { loom.break %t }
    // 0 <= i (the loop), i < D (the then-branch always breaks).
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%i] : memref<?xi32>
    loom.yield
  }
  loom.for %i = %c0 to %n step %c1 token(%t) {
    %oob = arith.cmpi sge, %i, %d : index
    loom.if %oob { loom.continue %t }
    // 0 <= i (the loop), i < D (the then-branch always continues).
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%i] : memref<?xi32>
    loom.yield
  }
  return
}

// -----

// A guard whose then-branch only sometimes exits proves nothing after it.
func.func @guard_sometimes_exits(%a: memref<?xi32>, %n: index, %strict: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  loom.for %i = %c0 to %n step %c1 token(%t) {
    %oob = arith.cmpi sge, %i, %d : index
    loom.if %oob {
      loom.if %strict { loom.break %t }
      loom.yield
    }
    // Near miss: n = 1, D = 0, strict = false: i = 0 falls through and
    // reads a[0]. (0 <= i: the loop.)
    // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
    %x = memref.load %a[%i] : memref<?xi32>
    loom.yield
  }
  return
}

// -----

// A guard whose then-branch does not exit at all (it only reports).
func.func private @report_oob(index)

func.func @guard_never_exits(%a: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  loom.for %i = %c0 to %n step %c1 token(%t) {
    %oob = arith.cmpi sge, %i, %d : index
    loom.if %oob {
      func.call @report_oob(%i) : (index) -> ()
      loom.yield
    }
    // Near miss: n = 1, D = 0: i = 0 is reported, then a[0] is read.
    // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
    %x = memref.load %a[%i] : memref<?xi32>
    loom.yield
  }
  return
}

// -----

// A load in the condition region of a sentinel loop
// (`for (unsigned i = 0; a[i] != 0; i++)`): nothing bounds i. Its safe
// form is @break_guard_search (the bound tested before the load).
func.func @sentinel(%a: memref<?xi32>) -> i32 {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %r = scf.while (%i = %z) : (i32) -> i32 {
    %k = arith.index_castui %i : i32 to index
    // Near miss: a = [7] (D = 1, no zero) reads a[1] in the second test.
    // (0 <= k: a zero-extended i32.)
    // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
    %x = memref.load %a[%k] : memref<?xi32>
    %nz = arith.cmpi ne, %x, %z : i32
    scf.condition(%nz) %i : i32
  } do {
  ^bb0(%j: i32):
    %n = arith.addi %j, %one : i32
    scf.yield %n : i32
  }
  return %r : i32
}

// -----

// Arithmetic: subtracting a constant from the counter.
func.func @shift_down(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  scf.for %i = %c1 to %d step %c1 {
    // 1 <= i <= D - 1, so 0 <= i - 1 <= D - 2.
    %p = arith.subi %i, %c1 : index
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%p] : memref<?xi32>
  }
  scf.for %i = %c0 to %d step %c1 {
    // Near miss, starts at 0: D = 1, i = 0 reads a[-1]. (i - 1 + 1 <= D
    // holds.)
    %p = arith.subi %i, %c1 : index
    // expected-remark @below {{not proven in bounds: memref.load: cannot show 0 <=}}
    %x = memref.load %a[%p] : memref<?xi32>
  }
  return
}

// -----

// Arithmetic: tiles of min(ii + 4, D).
func.func @tile_min(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  scf.for %ii = %c0 to %d step %c4 {
    %e = arith.addi %ii, %c4 : index
    %ub = arith.minsi %e, %d : index
    scf.for %j = %ii to %ub step %c1 {
      // 0 <= ii <= j (the loops) and j + 1 <= min(ii + 4, D) <= D, whatever
      // ii + 4 is.
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %x = memref.load %a[%j] : memref<?xi32>
    }
    scf.for %j = %ii to %e step %c1 {
      // Near miss, the min is missing: D = 1, ii = 0, j = 1 reads a[1].
      // (0 <= ii <= j.)
      // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
      %x = memref.load %a[%j] : memref<?xi32>
    }
  }
  return
}

// -----

// Arithmetic: clamped neighbours (stencils) with maxsi/minsi.
func.func @clamp(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %last = arith.subi %d, %c1 : index
  scf.for %i = %c0 to %d step %c1 {
    // max(i - 1, 0): >= 0; <= max(D - 2, 0) <= D - 1 since D >= i + 1 >= 1.
    %im1 = arith.subi %i, %c1 : index
    %l = arith.maxsi %im1, %c0 : index
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%l] : memref<?xi32>
    // min(i + 1, D - 1): <= D - 1; >= 0 since i + 1 >= 1 and D - 1 >= i >= 0.
    %ip1 = arith.addi %i, %c1 : index
    %r = arith.minsi %ip1, %last : index
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %y = memref.load %a[%r] : memref<?xi32>
    // Near miss, clamped to D instead of D - 1: i = D - 1 reads a[D] (any
    // D >= 1). (0 <= min(i + 1, D) as both sides are >= 1.)
    %r2 = arith.minsi %ip1, %d : index
    // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
    %z = memref.load %a[%r2] : memref<?xi32>
  }
  return
}

// -----

// Arithmetic: arith.select is the join of its two sides.
func.func @select(%a: memref<?xi32>, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  scf.for %i = %c0 to %d step %c1 {
    // Both sides in [0, D - 1]: i by the loop, 0 since D >= i + 1 >= 1.
    %s = arith.select %flag, %i, %c0 : index
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%s] : memref<?xi32>
    // Near miss, one side is D: flag = false reads a[D] (any D >= 1).
    // (Both sides are >= 0.)
    %s2 = arith.select %flag, %i, %d : index
    // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
    %y = memref.load %a[%s2] : memref<?xi32>
  }
  return
}

// -----

// Arithmetic: midpoints by shrui and divsi of a non-negative value.
func.func @midpoint(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %nonempty = arith.cmpi sgt, %d, %c0 : index
  scf.if %nonempty {
    // D >= 1: D floordiv 2 is in [0, D - 1] (2 * h <= D and D >= 1 exclude
    // h >= D).
    %h = arith.shrui %d, %c1 : index
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%h] : memref<?xi32>
    %q = arith.divsi %d, %c2 : index
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %y = memref.load %a[%q] : memref<?xi32>
    // Near miss, the upper midpoint (D + 1) floordiv 2: D = 1 reads a[1].
    // (A shrui by 1 is never negative.)
    %dp1 = arith.addi %d, %c1 : index
    %h2 = arith.shrui %dp1, %c1 : index
    // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
    %z = memref.load %a[%h2] : memref<?xi32>
  }
  return
}

// -----

// Overflow flags: i + 1 of a non-negative i is non-negative only if the
// sum cannot wrap, which only `nsw` says (the signed order is the one that
// matters for indices).
func.func @flags(%a: memref<?xi32>, %i: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %nonneg = arith.cmpi sge, %i, %c0 : index
  scf.if %nonneg {
    // nsw: for i = SMAX the sum is poison and the branch on it is undefined
    // behaviour, so where the load runs e = i + 1 exactly: 1 <= e; and
    // e + 1 <= D by the guard.
    %e = arith.addi %i, %c1 overflow<nsw> : index
    %inb = arith.cmpi slt, %e, %d : index
    scf.if %inb {
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %x = memref.load %a[%e] : memref<?xi32>
    }
    // Near miss, the unsigned flag: i = SMAX gives u = 2^63 (no unsigned
    // wrap), which is SMIN < D, so a[SMIN] is read (any D >= 1).
    %u = arith.addi %i, %c1 overflow<nuw> : index
    %inbu = arith.cmpi slt, %u, %d : index
    scf.if %inbu {
      // expected-remark @below {{not proven in bounds: memref.load: cannot show 0 <=}}
      %x = memref.load %a[%u] : memref<?xi32>
    }
    // Near miss, no flag: the same input.
    %w = arith.addi %i, %c1 : index
    %inbw = arith.cmpi slt, %w, %d : index
    scf.if %inbw {
      // expected-remark @below {{not proven in bounds: memref.load: cannot show 0 <=}}
      %x = memref.load %a[%w] : memref<?xi32>
    }
  }
  return
}

// -----

// loom.assume_range on an argument.
func.func @assume(%a: memref<?xi32>, %i: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %big = arith.cmpi sge, %d, %c16 : index
  %nonneg = arith.cmpi sge, %i, %c0 : index
  scf.if %big {
    scf.if %nonneg {
      // Near miss, the same index without the assumption: i = 16, D = 16
      // reads a[16]. (0 <= i: the guard.) It comes first: after the access
      // below, it would be proven resting on it (k is i).
      // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
      %y = memref.load %a[%i] : memref<?xi32>
      // 0 <= k <= 15 (the assumption) and k + 1 <= 16 <= D (the guard).
      %k = loom.assume_range %i [0, 15] : index
      // expected-remark @below {{memref.load: in bounds (proven)}}
      %x = memref.load %a[%k] : memref<?xi32>
    }
  }
  return
}

// -----

// The buffer-size assumption: i += 2 while i < D. Without a bound on D the
// last increment wraps for D = SMAX: i = SMAX - 1 steps to SMAX + 1 - 2^64
// = SMIN, a negative index that passes `i < D`. With the assumption (on by
// default) an i32 buffer has D <= SMAX floordiv 4, so i + 2 <= D + 1 never
// wraps; an i8 buffer may still have D = SMAX. The second RUN line turns
// the assumption off (NOASSUME).
func.func @buffer_size_i32(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %c = arith.cmpi slt, %i, %d : index
    scf.condition(%c) %i : index
  } do {
  ^bb0(%j: index):
    // With the assumption: 0 <= j (0 <= j < D <= SMAX floordiv 4, so
    // j + 2 does not wrap) and j + 1 <= D (the condition).
    // Option off: D = SMAX reads a[SMIN] (see above).
    // NOASSUME: relational-bounds.mlir:[[@LINE+2]]:{{[0-9]+}}: remark: not proven in bounds: memref.load: cannot show 0 <=
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%j] : memref<?xi32>
    %n = arith.addi %j, %c2 : index
    scf.yield %n : index
  }
  return
}

func.func @buffer_size_i8(%b: memref<?xi8>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %d = memref.dim %b, %c0 : memref<?xi8>
  %r = scf.while (%i = %c0) : (index) -> index {
    %c = arith.cmpi slt, %i, %d : index
    scf.condition(%c) %i : index
  } do {
  ^bb0(%j: index):
    // Near miss even with the assumption: an i8 buffer of SMAX bytes is
    // below half the address space; j = SMAX - 1 steps to SMIN, which
    // passes `j < D` and reads b[SMIN]. (j + 1 <= D: the condition.)
    // NOASSUME: relational-bounds.mlir:[[@LINE+2]]:{{[0-9]+}}: remark: not proven in bounds: memref.load: cannot show 0 <=
    // expected-remark @below {{not proven in bounds: memref.load: cannot show 0 <=}}
    %x = memref.load %b[%j] : memref<?xi8>
    %n = arith.addi %j, %c2 : index
    scf.yield %n : index
  }
  return
}

// -----

// Inductive invariants: binary search (lower bound) over [lo, hi), with
// lo = 0, hi = D. Invariant at the header: 0 <= lo and hi <= D.
// Initially 0 <= 0, D <= D. In the body lo < hi (the condition), so
// hi - lo is in [1, D] (no wrap: 0 <= lo < hi <= D), half = (hi - lo) / 2
// is in [0, hi - lo - 1], mid = lo + half is in [lo, hi - 1]: 0 <= mid and
// mid + 1 <= hi <= D. Updates: lo' = mid + 1 >= 1 or lo' = lo >= 0;
// hi' = hi <= D or hi' = mid <= D - 1. Both invariants are inductive.
func.func @binary_search(%a: memref<?xi32>, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %r:2 = scf.while (%lo = %c0, %hi = %d) : (index, index) -> (index, index) {
    %c = arith.cmpi slt, %lo, %hi : index
    scf.condition(%c) %lo, %hi : index, index
  } do {
  ^bb0(%l: index, %h: index):
    %diff = arith.subi %h, %l : index
    %half = arith.divsi %diff, %c2 : index
    %mid = arith.addi %l, %half : index
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%mid] : memref<?xi32>
    %lt = arith.cmpi slt, %x, %key : i32
    %mid1 = arith.addi %mid, %c1 : index
    %nlo = arith.select %lt, %mid1, %l : index
    %nhi = arith.select %lt, %h, %mid : index
    scf.yield %nlo, %nhi : index, index
  }
  return %r#0 : index
}

// -----

// Binary search mixing an exclusive start (hi = D) with the inclusive loop
// (`lo <= hi`, hi' = mid - 1): 0 <= lo and hi <= D stay inductive, but
// the body may see lo = hi = D. Input: a = [0] (D = 1), key = 5: lo = 0,
// hi = 1, mid = 0, a[0] < 5 so lo = 1; lo <= hi, mid = 1 reads a[1].
// (0 <= mid: mid >= lo >= 0 since hi - lo >= 0 in the body.)
func.func @binary_search_mixed_bounds(%a: memref<?xi32>, %key: i32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %r:2 = scf.while (%lo = %c0, %hi = %d) : (index, index) -> (index, index) {
    %c = arith.cmpi sle, %lo, %hi : index
    scf.condition(%c) %lo, %hi : index, index
  } do {
  ^bb0(%l: index, %h: index):
    %diff = arith.subi %h, %l : index
    %half = arith.divsi %diff, %c2 : index
    %mid = arith.addi %l, %half : index
    // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
    %x = memref.load %a[%mid] : memref<?xi32>
    %lt = arith.cmpi slt, %x, %key : i32
    %mid1 = arith.addi %mid, %c1 : index
    %midm1 = arith.subi %mid, %c1 : index
    %nlo = arith.select %lt, %mid1, %l : index
    %nhi = arith.select %lt, %h, %midm1 : index
    scf.yield %nlo, %nhi : index, index
  }
  return %r#0 : index
}

// -----

// Inductive invariants between two counters moving together: the loop
// tests i, the access uses j. From the initial values (i = j = 0):
// candidates 0 <= j and j <= i. Inductive: j' = j + 1 <= i + 1 = i', and
// neither sum wraps (0 <= j <= i < D). So 0 <= j <= i <= D - 1 in the body.
func.func @two_counters(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %r:2 = scf.while (%i = %c0, %j = %c0) : (index, index) -> (index, index) {
    %c = arith.cmpi slt, %i, %d : index
    scf.condition(%c) %i, %j : index, index
  } do {
  ^bb0(%bi: index, %bj: index):
    // expected-remark @below {{memref.load: in bounds (proven)}}
    %x = memref.load %a[%bj] : memref<?xi32>
    %ni = arith.addi %bi, %c1 : index
    %nj = arith.addi %bj, %c1 : index
    scf.yield %ni, %nj : index, index
  }
  return
}

// -----

// A candidate invariant that is not inductive: j <= i holds initially
// (i = j = 0) but j' = j + 2 > i + 1 = i' once j = i, so it must be
// dropped, not assumed. Input: D = 2: the second iteration has i = 1,
// j = 2 and reads a[2]. (0 <= j is true, since j <= 2i < 2D, but that
// needs the invariant j <= 2i, which is no candidate; the nsw flag does
// not make the back edge's sum exact: a poison j' is dropped when the loop
// exits, so the flag says nothing there. The prover may fail on either
// relation; the access must stay unproven.)
func.func @two_counters_not_inductive(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %r:2 = scf.while (%i = %c0, %j = %c0) : (index, index) -> (index, index) {
    %c = arith.cmpi slt, %i, %d : index
    scf.condition(%c) %i, %j : index, index
  } do {
  ^bb0(%bi: index, %bj: index):
    // expected-remark @below {{not proven in bounds: memref.load: cannot show}}
    %x = memref.load %a[%bj] : memref<?xi32>
    %ni = arith.addi %bi, %c1 : index
    %nj = arith.addi %bj, %c2 overflow<nsw> : index
    scf.yield %ni, %nj : index, index
  }
  return
}

// -----

// vector.load/store of 4 elements cover [i, i + 4).
func.func @vector_load(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %ub = arith.subi %d, %c3 : index
  scf.for %i = %c0 to %ub step %c4 {
    // 0 <= i <= D - 4, so i + 4 <= D. (D < 4: ub <= 0, no iteration; D - 3
    // >= -3 cannot wrap.)
    // expected-remark @below {{vector.load: in bounds (proven)}}
    %v = vector.load %a[%i] : memref<?xi32>, vector<4xi32>
    // expected-remark @below {{vector.store: in bounds (proven)}}
    vector.store %v, %a[%i] : memref<?xi32>, vector<4xi32>
  }
  scf.for %i = %c0 to %d step %c4 {
    // Near miss, no epilogue: D = 5, i = 4 reads a[4..7]. (0 <= i.)
    // expected-remark @below {{not proven in bounds: vector.load: cannot show}}
    %v = vector.load %a[%i] : memref<?xi32>, vector<4xi32>
  }
  return
}

// -----

// vector.transfer_read with in-bounds semantics: the same footprint (the
// in_bounds flag is the op's claim, to be proven, not assumed).
func.func @transfer_read(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %pad = arith.constant 0 : i32
  %d = memref.dim %a, %c0 : memref<?xi32>
  %ub = arith.subi %d, %c3 : index
  scf.for %i = %c0 to %ub step %c3 {
    // 0 <= i <= D - 4, so i + 4 <= D.
    // expected-remark @below {{vector.transfer_read: in bounds (proven)}}
    %v = vector.transfer_read %a[%i], %pad {in_bounds = [true]} : memref<?xi32>, vector<4xi32>
  }
  %ub2 = arith.subi %d, %c2 : index
  scf.for %i = %c0 to %ub2 step %c3 {
    // Near miss, bound one too high: D = 3, i = 0 reads a[0..3].
    // expected-remark @below {{not proven in bounds: vector.transfer_read: cannot show}}
    %v = vector.transfer_read %a[%i], %pad {in_bounds = [true]} : memref<?xi32>, vector<4xi32>
  }
  return
}

// -----

// memref.subview with a dynamic offset and a static size: [i, i + 4).
func.func @subview_window(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  %ub = arith.subi %d, %c3 : index
  scf.for %i = %c0 to %ub step %c1 {
    // 0 <= i <= D - 4, so i + 4 <= D.
    // expected-remark @below {{memref.subview: in bounds (proven)}}
    %w = memref.subview %a[%i] [4] [1] : memref<?xi32> to memref<4xi32, strided<[1], offset: ?>>
  }
  %ub2 = arith.subi %d, %c2 : index
  scf.for %i = %c0 to %ub2 step %c1 {
    // Near miss: D = 3, i = 0 takes [0, 4).
    // expected-remark @below {{not proven in bounds: memref.subview: cannot show}}
    %w = memref.subview %a[%i] [4] [1] : memref<?xi32> to memref<4xi32, strided<[1], offset: ?>>
  }
  return
}

// -----

// memref.subview with a dynamic offset and a dynamic size: tiles of
// [ii, min(ii + 4, D)).
func.func @subview_tile(%a: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %d = memref.dim %a, %c0 : memref<?xi32>
  scf.for %ii = %c0 to %d step %c4 {
    // 0 <= ii; ii + len = min(ii + 4, D) <= D; len >= 1 (ii + 4 cannot
    // wrap: ii <= D - 1 <= SMAX floordiv 4).
    %e = arith.addi %ii, %c4 : index
    %end = arith.minsi %e, %d : index
    %len = arith.subi %end, %ii : index
    // expected-remark @below {{memref.subview: in bounds (proven)}}
    %t = memref.subview %a[%ii] [%len] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
    // Near miss, a full tile at the end: D = 5, ii = 4 takes [4, 8).
    // expected-remark @below {{not proven in bounds: memref.subview: cannot show}}
    %f = memref.subview %a[%ii] [4] [1] : memref<?xi32> to memref<4xi32, strided<[1], offset: ?>>
  }
  return
}
