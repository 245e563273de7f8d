/* Driver of the bounds-check benchmark (bench/bounds/run.sh).
 *
 *   harness run <kernel> <n> <reps>
 *     Runs a safe kernel <reps> times on deterministic data of size n (2-D
 *     kernels: 100 x n/100 for n >= 100, else (n % 5) x n) and prints
 *     "<kernel> <checksum>". Every variant of a kernel must print the same
 *     checksum, or the comparison means nothing. Buffers are re-initialised
 *     before every call (outside the kernel, so callgrind's
 *     --toggle-collect=<kernel> does not count it).
 *   harness bad <kernel>
 *     Calls an unsafe kernel with the input its header comment says breaks
 *     it. With its bounds checks in place the call aborts in a check (the
 *     message is printed by the lowered cf.assert); if it returns, the check
 *     in front of the out-of-bounds access is missing. The buffers are
 *     over-allocated so that even then nothing outside them is touched.
 *
 * Kernels follow MLIR's expanded memref calling convention: a memref<?xT>
 * is (allocated ptr, aligned ptr, offset, size, stride), a memref<?x?xT>
 * is (allocated, aligned, offset, size0, size1, stride0, stride1); index is
 * int64_t. stdout is unbuffered so the check's message survives abort(). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define V(T) T *, T *, int64_t, int64_t, int64_t
#define M(T) T *, T *, int64_t, int64_t, int64_t, int64_t, int64_t
#define VA(p, n) (p), (p), 0, (int64_t)(n), 1
#define MA(p, r, c) (p), (p), 0, (int64_t)(r), (int64_t)(c), (int64_t)(c), 1

/* Safe kernels. */
int32_t sum(V(int32_t));
void scale(V(int32_t));
int32_t sum2d(M(int32_t));
int32_t offset2(V(int32_t));
int32_t pairs_step2(V(int32_t));
int32_t step4(V(int32_t));
int32_t reverse_while(V(int32_t));
int32_t reverse_index(V(int32_t));
int32_t window4(V(int32_t));
int32_t tile4(V(int32_t));
int64_t find_loop(V(int32_t), int32_t);
int64_t find_while(V(int32_t), int32_t);
int32_t guarded_prefix(V(int32_t), int64_t);
int64_t bsearch_shrui(V(int32_t), int32_t);
int64_t bsearch_divsi(V(int32_t), int32_t);
int32_t copy_guarded(V(int32_t), V(int32_t));
void prefix_sum(V(int32_t));
void stencil3(V(int32_t), V(int32_t));
void matvec(M(float), V(float), V(float));
void transpose(M(int32_t), M(int32_t));
int32_t max_elem(V(int32_t));
int64_t strlen_bounded(V(int8_t));
int32_t dot_min(V(int32_t), V(int32_t));
void reverse_inplace(V(int32_t));
int32_t stencil2d(M(int32_t));
void histogram_clamped(V(int32_t), V(int32_t));
int32_t neighbor_select(V(int32_t));
int32_t pairs_while_nsw(V(int32_t));
int32_t vector_sum4(V(int32_t));

/* Unsafe kernels (only `bad` calls them). */
int32_t le_bound(V(int32_t));
int32_t pairs_step2_bad(V(int32_t));
void copy_unguarded(V(int32_t), V(int32_t));
int32_t arg_bound(V(int32_t), int64_t);
int64_t sentinel(V(int32_t));
int32_t guard_no_exit(V(int32_t), bool);
int32_t stencil_ub(V(int32_t));
int64_t bsearch_inclusive(V(int32_t), int32_t);
int32_t tile_no_min(V(int32_t));

/* Slack after every buffer, so that a missing check cannot make `bad`
 * touch memory outside the allocation. */
enum { SLACK = 64 };

static int32_t *ibuf(int64_t n) { return calloc((size_t)n + SLACK, sizeof(int32_t)); }

/* Mixed-sign data, the same for every variant. */
static void fill(int32_t *a, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    a[i] = (int32_t)((i * 7919) % 100003) - 50000;
}

/* Sorted data (for the binary searches): 3 * i. */
static void fill_sorted(int32_t *a, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    a[i] = (int32_t)(3 * i);
}

static int64_t digest(const int32_t *a, int64_t n) {
  int64_t h = 0;
  for (int64_t i = 0; i < n; ++i)
    h = h * 31 + a[i];
  return h;
}

static void shape2d(int64_t n, int64_t *r, int64_t *c) {
  if (n >= 100) {
    *r = 100;
    *c = n / 100;
  } else {
    *r = n % 5;
    *c = n;
  }
}

/* Runs kernel `k` `reps` times on size n; returns the checksum, or sets
 * *known = false for an unknown kernel. */
static int64_t run(const char *k, int64_t n, int reps, bool *known) {
  int64_t s = 0, r2, c2;
  shape2d(n, &r2, &c2);
  int32_t *a = ibuf(n > r2 * c2 ? n : r2 * c2), *b = ibuf(n > r2 * c2 ? n : r2 * c2);
  *known = true;
#define EACH for (int rep = 0; rep < reps; ++rep)
  if (!strcmp(k, "sum")) {
    fill(a, n);
    EACH s += sum(VA(a, n));
  } else if (!strcmp(k, "scale")) {
    EACH {
      fill(a, n);
      scale(VA(a, n));
      s += digest(a, n);
    }
  } else if (!strcmp(k, "sum2d")) {
    fill(a, r2 * c2);
    EACH s += sum2d(MA(a, r2, c2));
  } else if (!strcmp(k, "offset2")) {
    fill(a, n);
    EACH s += offset2(VA(a, n));
  } else if (!strcmp(k, "pairs_step2")) {
    fill(a, n);
    EACH s += pairs_step2(VA(a, n));
  } else if (!strcmp(k, "step4")) {
    fill(a, n);
    EACH s += step4(VA(a, n));
  } else if (!strcmp(k, "reverse_while")) {
    fill(a, n);
    EACH s += reverse_while(VA(a, n));
  } else if (!strcmp(k, "reverse_index")) {
    fill(a, n);
    EACH s += reverse_index(VA(a, n));
  } else if (!strcmp(k, "window4")) {
    fill(a, n);
    EACH s += window4(VA(a, n));
  } else if (!strcmp(k, "tile4")) {
    fill(a, n);
    EACH s += tile4(VA(a, n));
  } else if (!strcmp(k, "find_loop") || !strcmp(k, "find_while")) {
    fill(a, n);
    bool loop = !strcmp(k, "find_loop");
    EACH {
      int32_t key = rep == 0 || n == 0 ? 123456789 : a[(rep * 1237) % n];
      s += loop ? find_loop(VA(a, n), key) : find_while(VA(a, n), key);
    }
  } else if (!strcmp(k, "guarded_prefix")) {
    fill(a, n);
    EACH s += guarded_prefix(VA(a, n), (rep % 2 ? n : n / 2 + rep % 3) + (rep % 5 == 4));
  } else if (!strcmp(k, "bsearch_shrui") || !strcmp(k, "bsearch_divsi")) {
    fill_sorted(a, n);
    bool shr = !strcmp(k, "bsearch_shrui");
    EACH {
      int32_t key = (int32_t)((rep * 7919) % (3 * n + 7)) - 3;
      s += shr ? bsearch_shrui(VA(a, n), key) : bsearch_divsi(VA(a, n), key);
    }
  } else if (!strcmp(k, "copy_guarded")) {
    fill(a, n);
    EACH {
      memset(b, 0, (size_t)n * sizeof(int32_t));
      /* Every other call with a destination one too short: no copy. */
      int64_t nb = rep % 2 ? n : n - 1;
      s += copy_guarded(VA(a, n), VA(b, nb < 0 ? 0 : nb));
      s += digest(b, n);
    }
  } else if (!strcmp(k, "prefix_sum")) {
    EACH {
      fill(a, n);
      prefix_sum(VA(a, n));
      s += digest(a, n);
    }
  } else if (!strcmp(k, "stencil3")) {
    fill(a, n);
    EACH {
      memset(b, 0, (size_t)n * sizeof(int32_t));
      stencil3(VA(a, n), VA(b, n));
      s += digest(b, n);
    }
  } else if (!strcmp(k, "matvec")) {
    float *m = calloc((size_t)(r2 * c2) + SLACK, sizeof(float));
    float *x = calloc((size_t)c2 + SLACK, sizeof(float));
    float *y = calloc((size_t)r2 + SLACK, sizeof(float));
    for (int64_t i = 0; i < r2 * c2; ++i)
      m[i] = (float)((i * 37) % 101) / 16.0f;
    for (int64_t j = 0; j < c2; ++j)
      x[j] = (float)(j % 13) / 8.0f;
    EACH {
      matvec(MA(m, r2, c2), VA(x, c2), VA(y, r2));
      for (int64_t i = 0; i < r2; ++i)
        s = s * 31 + (int64_t)(y[i] * 64.0f);
    }
    free(m), free(x), free(y);
  } else if (!strcmp(k, "transpose")) {
    fill(a, r2 * c2);
    EACH {
      memset(b, 0, (size_t)(r2 * c2) * sizeof(int32_t));
      transpose(MA(a, r2, c2), MA(b, c2, r2));
      s += digest(b, r2 * c2);
    }
  } else if (!strcmp(k, "max_elem")) {
    fill(a, n);
    EACH s += max_elem(VA(a, n));
  } else if (!strcmp(k, "strlen_bounded")) {
    int8_t *t = calloc((size_t)n + SLACK, 1);
    for (int64_t i = 0; i < n; ++i)
      t[i] = (int8_t)('a' + i % 26);
    EACH {
      int64_t z = n == 0 ? 0 : (rep * 7919) % (n + n / 4 + 1);
      if (z < n)
        t[z] = 0;
      s += strlen_bounded(VA(t, n));
      if (z < n)
        t[z] = (int8_t)('a' + z % 26);
    }
    free(t);
  } else if (!strcmp(k, "dot_min")) {
    fill(a, n);
    fill(b, n);
    EACH s += dot_min(VA(a, n), VA(b, rep % 2 ? n : n / 2));
  } else if (!strcmp(k, "reverse_inplace")) {
    EACH {
      fill(a, n);
      reverse_inplace(VA(a, n));
      s += digest(a, n);
    }
  } else if (!strcmp(k, "stencil2d")) {
    fill(a, r2 * c2);
    EACH s += stencil2d(MA(a, r2, c2));
  } else if (!strcmp(k, "histogram_clamped")) {
    fill(a, n);
    for (int64_t i = 0; i < n; ++i)
      a[i] = a[i] % 97;
    enum { BINS = 64 };
    int32_t *h = ibuf(BINS);
    EACH {
      memset(h, 0, BINS * sizeof(int32_t));
      histogram_clamped(VA(a, n), VA(h, rep % 3 ? BINS : 0));
      s += digest(h, BINS);
    }
    free(h);
  } else if (!strcmp(k, "neighbor_select")) {
    fill(a, n);
    EACH s += neighbor_select(VA(a, n));
  } else if (!strcmp(k, "pairs_while_nsw")) {
    fill(a, n);
    EACH s += pairs_while_nsw(VA(a, n));
  } else if (!strcmp(k, "vector_sum4")) {
    fill(a, n);
    EACH s += vector_sum4(VA(a, n));
  } else {
    *known = false;
  }
#undef EACH
  free(a), free(b);
  return s;
}

/* The breaking input of each unsafe kernel (see its header comment).
 * Returns false for an unknown kernel. */
static bool bad(const char *k) {
  enum { N = 10 };
  int32_t *a = ibuf(N), *b = ibuf(N);
  fill(a, N);
  int64_t s;
  if (!strcmp(k, "le_bound"))
    s = le_bound(VA(a, N));
  else if (!strcmp(k, "pairs_step2_bad"))
    s = pairs_step2_bad(VA(a, N - 1)); /* odd size */
  else if (!strcmp(k, "copy_unguarded")) {
    copy_unguarded(VA(a, N), VA(b, N / 2));
    s = digest(b, N);
  } else if (!strcmp(k, "arg_bound"))
    s = arg_bound(VA(a, N), N + 1);
  else if (!strcmp(k, "sentinel")) {
    for (int i = 0; i < N + SLACK - 1; ++i)
      a[i] = 1; /* no 0 in the buffer; the slack's last element stops it */
    s = sentinel(VA(a, N));
  } else if (!strcmp(k, "guard_no_exit")) {
    for (int i = 0; i < N + SLACK; ++i)
      a[i] = i < N ? i : -1; /* a negative element past the end stops it */
    s = guard_no_exit(VA(a, N), false);
  } else if (!strcmp(k, "stencil_ub"))
    s = stencil_ub(VA(a, N));
  else if (!strcmp(k, "bsearch_inclusive")) {
    fill_sorted(a, N);
    s = bsearch_inclusive(VA(a, N), 1000);
  } else if (!strcmp(k, "tile_no_min"))
    s = tile_no_min(VA(a, N - 3)); /* not a multiple of 4 */
  else
    return false;
  printf("%s returned %lld: no check fired\n", k, (long long)s);
  return true;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  if (argc == 5 && !strcmp(argv[1], "run")) {
    bool known;
    int64_t s = run(argv[2], atoll(argv[3]), atoi(argv[4]), &known);
    if (!known) {
      fprintf(stderr, "unknown safe kernel %s\n", argv[2]);
      return 2;
    }
    printf("%s %lld\n", argv[2], (long long)s);
    return 0;
  }
  if (argc == 3 && !strcmp(argv[1], "bad")) {
    if (!bad(argv[2])) {
      fprintf(stderr, "unknown unsafe kernel %s\n", argv[2]);
      return 2;
    }
    return 0;
  }
  fprintf(stderr, "usage: %s run <kernel> <n> <reps> | bad <kernel>\n", argv[0]);
  return 2;
}
