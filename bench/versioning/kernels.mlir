// PolyBench-style kernels compiled apart from their callers: sizes are
// `i32` arguments, buffers are dynamically shaped memrefs (as a C front
// end emits `kernel_atax(int m, int n, double A[m][n], ...)`). Written for
// this benchmark; the loop nests follow PolyBench/C 4.2's kernels.

// y = A^T (A x)
func.func @atax(%m: i32, %n: i32, %A: memref<?x?xf64>, %x: memref<?xf64>, %y: memref<?xf64>, %tmp: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %M = arith.index_cast %m : i32 to index
  %N = arith.index_cast %n : i32 to index
  scf.for %i = %c0 to %N step %c1 {
    memref.store %zero, %y[%i] : memref<?xf64>
  }
  scf.for %i = %c0 to %M step %c1 {
    memref.store %zero, %tmp[%i] : memref<?xf64>
    scf.for %j = %c0 to %N step %c1 {
      %t = memref.load %tmp[%i] : memref<?xf64>
      %a = memref.load %A[%i, %j] : memref<?x?xf64>
      %b = memref.load %x[%j] : memref<?xf64>
      %p = arith.mulf %a, %b : f64
      %s = arith.addf %t, %p : f64
      memref.store %s, %tmp[%i] : memref<?xf64>
    }
    scf.for %j = %c0 to %N step %c1 {
      %t = memref.load %y[%j] : memref<?xf64>
      %a = memref.load %A[%i, %j] : memref<?x?xf64>
      %b = memref.load %tmp[%i] : memref<?xf64>
      %p = arith.mulf %a, %b : f64
      %s = arith.addf %t, %p : f64
      memref.store %s, %y[%j] : memref<?xf64>
    }
  }
  return
}

// s = r A, q = A p
func.func @bicg(%m: i32, %n: i32, %A: memref<?x?xf64>, %s: memref<?xf64>, %q: memref<?xf64>, %p: memref<?xf64>, %r: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %M = arith.index_cast %m : i32 to index
  %N = arith.index_cast %n : i32 to index
  scf.for %i = %c0 to %M step %c1 {
    memref.store %zero, %s[%i] : memref<?xf64>
  }
  scf.for %i = %c0 to %N step %c1 {
    memref.store %zero, %q[%i] : memref<?xf64>
    scf.for %j = %c0 to %M step %c1 {
      %sj = memref.load %s[%j] : memref<?xf64>
      %ri = memref.load %r[%i] : memref<?xf64>
      %a = memref.load %A[%i, %j] : memref<?x?xf64>
      %t = arith.mulf %ri, %a : f64
      %u = arith.addf %sj, %t : f64
      memref.store %u, %s[%j] : memref<?xf64>
      %qi = memref.load %q[%i] : memref<?xf64>
      %pj = memref.load %p[%j] : memref<?xf64>
      %v = arith.mulf %a, %pj : f64
      %w = arith.addf %qi, %v : f64
      memref.store %w, %q[%i] : memref<?xf64>
    }
  }
  return
}

// C = alpha A B + beta C
func.func @gemm(%ni: i32, %nj: i32, %nk: i32, %alpha: f64, %beta: f64, %C: memref<?x?xf64>, %A: memref<?x?xf64>, %B: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %NI = arith.index_cast %ni : i32 to index
  %NJ = arith.index_cast %nj : i32 to index
  %NK = arith.index_cast %nk : i32 to index
  scf.for %i = %c0 to %NI step %c1 {
    scf.for %j = %c0 to %NJ step %c1 {
      %c = memref.load %C[%i, %j] : memref<?x?xf64>
      %cb = arith.mulf %c, %beta : f64
      memref.store %cb, %C[%i, %j] : memref<?x?xf64>
    }
    scf.for %k = %c0 to %NK step %c1 {
      scf.for %j = %c0 to %NJ step %c1 {
        %a = memref.load %A[%i, %k] : memref<?x?xf64>
        %b = memref.load %B[%k, %j] : memref<?x?xf64>
        %c = memref.load %C[%i, %j] : memref<?x?xf64>
        %aa = arith.mulf %alpha, %a : f64
        %ab = arith.mulf %aa, %b : f64
        %s = arith.addf %c, %ab : f64
        memref.store %s, %C[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}

// tsteps sweeps of a 3-point stencil between A and B.
func.func @jacobi_1d(%tsteps: i32, %n: i32, %A: memref<?xf64>, %B: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %third = arith.constant 0.33333 : f64
  %T = arith.index_cast %tsteps : i32 to index
  %N = arith.index_cast %n : i32 to index
  %N1 = arith.subi %N, %c1 : index
  scf.for %t = %c0 to %T step %c1 {
    scf.for %i = %c1 to %N1 step %c1 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %a0 = memref.load %A[%im] : memref<?xf64>
      %a1 = memref.load %A[%i] : memref<?xf64>
      %a2 = memref.load %A[%ip] : memref<?xf64>
      %s0 = arith.addf %a0, %a1 : f64
      %s1 = arith.addf %s0, %a2 : f64
      %v = arith.mulf %third, %s1 : f64
      memref.store %v, %B[%i] : memref<?xf64>
    }
    scf.for %i = %c1 to %N1 step %c1 {
      %im = arith.subi %i, %c1 : index
      %ip = arith.addi %i, %c1 : index
      %b0 = memref.load %B[%im] : memref<?xf64>
      %b1 = memref.load %B[%i] : memref<?xf64>
      %b2 = memref.load %B[%ip] : memref<?xf64>
      %s0 = arith.addf %b0, %b1 : f64
      %s1 = arith.addf %s0, %b2 : f64
      %v = arith.mulf %third, %s1 : f64
      memref.store %v, %A[%i] : memref<?xf64>
    }
  }
  return
}

// Forward substitution: x = L^-1 b (a triangular nest).
func.func @trisolv(%n: i32, %L: memref<?x?xf64>, %x: memref<?xf64>, %b: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %N = arith.index_cast %n : i32 to index
  scf.for %i = %c0 to %N step %c1 {
    %bi = memref.load %b[%i] : memref<?xf64>
    memref.store %bi, %x[%i] : memref<?xf64>
    scf.for %j = %c0 to %i step %c1 {
      %xi = memref.load %x[%i] : memref<?xf64>
      %l = memref.load %L[%i, %j] : memref<?x?xf64>
      %xj = memref.load %x[%j] : memref<?xf64>
      %p = arith.mulf %l, %xj : f64
      %d = arith.subf %xi, %p : f64
      memref.store %d, %x[%i] : memref<?xf64>
    }
    %xi = memref.load %x[%i] : memref<?xf64>
    %lii = memref.load %L[%i, %i] : memref<?x?xf64>
    %q = arith.divf %xi, %lii : f64
    memref.store %q, %x[%i] : memref<?xf64>
  }
  return
}
