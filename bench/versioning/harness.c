/* Driver of the versioning benchmark: `bench <kernel>` runs one kernel of
 * kernels.mlir over fixed, deterministic data and prints a checksum of its
 * outputs (identical for every variant, or the variant is wrong). run.sh
 * counts the instructions executed inside the kernel with callgrind
 * (--toggle-collect=<kernel>), so data setup is not measured. Memrefs are
 * passed as MLIR's expanded descriptors (allocated, aligned, offset, sizes,
 * strides). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define D1(p, n) p, p, (int64_t)0, (int64_t)(n), (int64_t)1
#define D2(p, r, c) p, p, (int64_t)0, (int64_t)(r), (int64_t)(c), (int64_t)(c), (int64_t)1

typedef double *P;
void atax(int32_t, int32_t, P, P, int64_t, int64_t, int64_t, int64_t, int64_t,
          P, P, int64_t, int64_t, int64_t, P, P, int64_t, int64_t, int64_t,
          P, P, int64_t, int64_t, int64_t);
void bicg(int32_t, int32_t, P, P, int64_t, int64_t, int64_t, int64_t, int64_t,
          P, P, int64_t, int64_t, int64_t, P, P, int64_t, int64_t, int64_t,
          P, P, int64_t, int64_t, int64_t, P, P, int64_t, int64_t, int64_t);
void gemm(int32_t, int32_t, int32_t, double, double,
          P, P, int64_t, int64_t, int64_t, int64_t, int64_t,
          P, P, int64_t, int64_t, int64_t, int64_t, int64_t,
          P, P, int64_t, int64_t, int64_t, int64_t, int64_t);
void jacobi_1d(int32_t, int32_t, P, P, int64_t, int64_t, int64_t,
               P, P, int64_t, int64_t, int64_t);
void trisolv(int32_t, P, P, int64_t, int64_t, int64_t, int64_t, int64_t,
             P, P, int64_t, int64_t, int64_t, P, P, int64_t, int64_t, int64_t);

enum { M = 400, N = 500, G = 120, JN = 20000, JT = 50, TN = 1000 };

static double *vec(int64_t n, int seed) {
  double *p = malloc((size_t)n * sizeof(double));
  for (int64_t i = 0; i < n; ++i)
    p[i] = (double)((i * 7 + seed) % 13) / 13.0;
  return p;
}

static double sum(const double *p, int64_t n) {
  double s = 0;
  for (int64_t i = 0; i < n; ++i)
    s += p[i];
  return s;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s atax|bicg|gemm|jacobi_1d|trisolv\n", argv[0]);
    return 2;
  }
  const char *k = argv[1];
  if (!strcmp(k, "atax")) {
    double *A = vec(M * N, 1), *x = vec(N, 2), *y = vec(N, 3), *t = vec(M, 4);
    atax(M, N, D2(A, M, N), D1(x, N), D1(y, N), D1(t, M));
    printf("%.9e\n", sum(y, N));
  } else if (!strcmp(k, "bicg")) {
    double *A = vec(N * M, 1), *s = vec(M, 2), *q = vec(N, 3), *p = vec(M, 4),
           *r = vec(N, 5);
    bicg(M, N, D2(A, N, M), D1(s, M), D1(q, N), D1(p, M), D1(r, N));
    printf("%.9e %.9e\n", sum(s, M), sum(q, N));
  } else if (!strcmp(k, "gemm")) {
    double *C = vec(G * G, 1), *A = vec(G * G, 2), *B = vec(G * G, 3);
    gemm(G, G, G, 1.5, 1.2, D2(C, G, G), D2(A, G, G), D2(B, G, G));
    printf("%.9e\n", sum(C, G * G));
  } else if (!strcmp(k, "jacobi_1d")) {
    double *A = vec(JN, 1), *B = vec(JN, 2);
    jacobi_1d(JT, JN, D1(A, JN), D1(B, JN));
    printf("%.9e\n", sum(A, JN));
  } else if (!strcmp(k, "trisolv")) {
    double *L = vec(TN * TN, 1), *x = vec(TN, 2), *b = vec(TN, 3);
    for (int64_t i = 0; i < TN; ++i)
      L[i * TN + i] = 2.0 + L[i * TN + i];
    trisolv(TN, D2(L, TN, TN), D1(x, TN), D1(b, TN));
    printf("%.9e\n", sum(x, TN));
  } else {
    fprintf(stderr, "unknown kernel %s\n", k);
    return 2;
  }
  return 0;
}
