// Counts the heap buffers of lowered MLIR code, for the deallocation tests.
//
// `finalize-memref-to-llvm{use-generic-functions=1}` lowers memref.alloc to
// `_mlir_memref_to_llvm_alloc` (or the aligned variant) and memref.dealloc
// to `_mlir_memref_to_llvm_free`; this library, loaded into mlir-runner with
// -shared-libs, defines them. Every live pointer is remembered, so a free of
// a pointer that is not live (a double free, or a pointer that was never
// allocated) is reported and aborts the run at once instead of corrupting
// the heap; `loom_alloc_report` prints the counts so far, so a test can show
// that every path frees what it allocated (no leak: live 0 after each call).
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { kMaxLive = 1 << 16 };
static void *live[kMaxLive];
static long numLive, numAllocs, numFrees;

static void *remember(void *p) {
  if (!p) {
    fprintf(stderr, "alloc-count: out of memory\n");
    abort();
  }
  if (numLive == kMaxLive) {
    fprintf(stderr, "alloc-count: more than %d live buffers\n", kMaxLive);
    abort();
  }
  live[numLive++] = p;
  ++numAllocs;
  return p;
}

void *_mlir_memref_to_llvm_alloc(size_t size) {
  return remember(malloc(size ? size : 1));
}

void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size) {
  // aligned_alloc wants a size that is a multiple of the alignment.
  size_t rounded = (size + alignment - 1) / alignment * alignment;
  return remember(aligned_alloc(alignment, rounded ? rounded : alignment));
}

void _mlir_memref_to_llvm_free(void *p) {
  for (long i = numLive - 1; i >= 0; --i) {
    if (live[i] == p) {
      live[i] = live[--numLive];
      ++numFrees;
      free(p);
      return;
    }
  }
  fflush(stdout);
  fprintf(stderr, "alloc-count: free of %p, which is not live (double free?)\n", p);
  abort();
}

void loom_alloc_report(void) {
  printf("allocs %ld frees %ld live %ld\n", numAllocs, numFrees, numLive);
  fflush(stdout);
}
