/* The C twins of kernels.mlir: same algorithms, same ABI (a memref<?xT> is
 * passed as allocated pointer, aligned pointer, offset, size, stride). */
#include <stdint.h>

int64_t linear_search(int32_t *alloc, int32_t *a, int64_t off, int64_t size,
                      int64_t stride, int64_t n, int32_t key) {
  (void)alloc; (void)off; (void)size; (void)stride;
  for (int64_t i = 0; i < n; ++i)
    if (a[i] == key)
      return i;
  return -1;
}

int64_t search2d(int32_t *alloc, int32_t *a, int64_t off, int64_t size,
                 int64_t stride, int64_t rows, int64_t cols, int32_t key) {
  (void)alloc; (void)off; (void)size; (void)stride;
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      if (a[i * cols + j] == key)
        return i * cols + j;
  return -1;
}

int64_t parse_sum(uint8_t *alloc, uint8_t *s, int64_t off, int64_t size,
                  int64_t stride) {
  (void)alloc; (void)off; (void)size; (void)stride;
  int64_t cur = 0, sum = 0;
  for (int64_t i = 0;; ++i) {
    uint8_t ch = s[i];
    if (ch == 0)
      return sum + cur;
    if (ch == ' ') {
      sum += cur;
      cur = 0;
      continue;
    }
    if (ch >= '0' && ch <= '9') {
      cur = cur * 10 + (ch - '0');
      continue;
    }
    cur = 0;
  }
}

int64_t prefix_until(int32_t *alloc, int32_t *a, int64_t off, int64_t size,
                     int64_t stride, int64_t n, int64_t limit) {
  (void)alloc; (void)off; (void)size; (void)stride;
  int64_t acc = 0;
  for (int64_t i = 0; i < n; ++i) {
    int64_t next = acc + a[i];
    if (next > limit)
      return i;
    acc = next;
  }
  return n;
}
