/* Benchmark driver: `bench <kernel>` runs one kernel of kernels.mlir /
 * kernels.c many times over fixed, deterministic data and prints a checksum
 * of the results (identical for every variant, or the variant is wrong).
 * run.sh counts the instructions executed inside the kernel with callgrind
 * (--toggle-collect=<kernel>), so data setup is not measured. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int64_t linear_search(int32_t *, int32_t *, int64_t, int64_t, int64_t,
                      int64_t n, int32_t key);
int64_t search2d(int32_t *, int32_t *, int64_t, int64_t, int64_t,
                 int64_t rows, int64_t cols, int32_t key);
int64_t parse_sum(uint8_t *, uint8_t *, int64_t, int64_t, int64_t);
int64_t prefix_until(int32_t *, int32_t *, int64_t, int64_t, int64_t,
                     int64_t n, int64_t limit);

enum { N = 10000, ROWS = 100, COLS = 100, TEXT = 20000, REPS = 200 };

static uint32_t lcg_state = 12345;
static uint32_t lcg(void) {
  lcg_state = lcg_state * 1103515245u + 12345u;
  return lcg_state >> 8;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s linear_search|search2d|parse_sum|prefix_until\n",
            argv[0]);
    return 2;
  }
  static int32_t a[N];
  for (int i = 0; i < N; ++i)
    a[i] = (int32_t)(((int64_t)i * 7919) % 100003);
  static uint8_t text[TEXT + 1];
  for (int i = 0; i < TEXT; ++i) {
    uint32_t r = lcg() % 16;
    text[i] = r < 10 ? (uint8_t)('0' + r) : r < 14 ? ' ' : (uint8_t)('a' + r);
  }
  text[TEXT] = 0;

  int64_t checksum = 0;
  const char *k = argv[1];
  if (!strcmp(k, "linear_search")) {
    for (int r = 0; r < REPS; ++r) {
      int32_t key = r == 0 ? -1 : a[(r * 1237) % N];
      checksum += linear_search(a, a, 0, N, 1, N, key);
    }
  } else if (!strcmp(k, "search2d")) {
    for (int r = 0; r < REPS; ++r) {
      int32_t key = r == 0 ? -1 : a[(r * 1237) % (ROWS * COLS)];
      checksum += search2d(a, a, 0, N, 1, ROWS, COLS, key);
    }
  } else if (!strcmp(k, "parse_sum")) {
    for (int r = 0; r < REPS / 4; ++r) {
      text[(r * 997) % TEXT] = ' ';
      checksum += parse_sum(text, text, 0, TEXT + 1, 1);
    }
  } else if (!strcmp(k, "prefix_until")) {
    for (int r = 0; r < REPS; ++r)
      checksum += prefix_until(a, a, 0, N, 1, N, (int64_t)r * 250000);
  } else {
    fprintf(stderr, "unknown kernel %s\n", k);
    return 2;
  }
  printf("%s %lld\n", k, (long long)checksum);
  return 0;
}
