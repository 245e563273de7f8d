// Counts the heap buffers of lowered MLIR code, for the deallocation tests.
//
// `finalize-memref-to-llvm{use-generic-functions=1}` lowers memref.alloc to
// `_mlir_memref_to_llvm_alloc` (or the aligned variant) and memref.dealloc
// to `_mlir_memref_to_llvm_free`; this library, loaded into mlir-runner with
// -shared-libs, defines them. Every live pointer is remembered, so a free of
// a pointer that is not live (a double free, or a pointer that was never
// allocated) is reported and aborts the run at once instead of corrupting
// the heap; freed memory is never reused (see the free below), so a double
// free is always seen. `loom_alloc_report` prints the counts so far, so a
// test can show that every path frees what it allocated (no leak: live 0
// after each call).
// `loom_alloc_watch(size)` also counts the allocations of exactly `size`
// bytes and their frees, reported on a second line ("buffers B freed F"):
// a test gives its own buffers a size nothing else allocates, so these
// counts are its buffers alone, apart from the temporary arrays that the
// lowering of `bufferization.dealloc` allocates and frees. Built with
// -DLOOM_ALLOC_REPORT_AT_EXIT it prints the counts at exit as well.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { kMaxLive = 1 << 16 };
static void *live[kMaxLive];
static size_t liveSize[kMaxLive];
static long numLive, numAllocs, numFrees;
static long watched = -1, numWatched, numWatchedFrees;

void loom_alloc_watch(int64_t size) { watched = size; }

static void *remember(void *p, size_t size) {
  if (!p) {
    fprintf(stderr, "alloc-count: out of memory\n");
    abort();
  }
  if (numLive == kMaxLive) {
    fprintf(stderr, "alloc-count: more than %d live buffers\n", kMaxLive);
    abort();
  }
  liveSize[numLive] = size;
  live[numLive++] = p;
  ++numAllocs;
  if ((long)size == watched)
    ++numWatched;
  return p;
}

void *_mlir_memref_to_llvm_alloc(size_t size) {
  return remember(malloc(size ? size : 1), size);
}

void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t size) {
  // aligned_alloc wants a size that is a multiple of the alignment.
  size_t rounded = (size + alignment - 1) / alignment * alignment;
  return remember(aligned_alloc(alignment, rounded ? rounded : alignment),
                  size);
}

void _mlir_memref_to_llvm_free(void *p) {
  for (long i = numLive - 1; i >= 0; --i) {
    if (live[i] == p) {
      size_t size = liveSize[i];
      if ((long)size == watched)
        ++numWatchedFrees;
      --numLive;
      live[i] = live[numLive];
      liveSize[i] = liveSize[numLive];
      ++numFrees;
      // Quarantine: the memory is filled with a pattern and never handed
      // out again, so no later allocation gets this address. Otherwise a
      // double free could go unseen (the pointer live again as a new
      // buffer), and a use after free could read intact data.
      memset(p, 0xA5, size);
      return;
    }
  }
  fflush(stdout);
  fprintf(stderr, "alloc-count: free of %p, which is not live (double free?)\n", p);
  abort();
}

void loom_alloc_report(void) {
  printf("allocs %ld frees %ld live %ld\n", numAllocs, numFrees, numLive);
  if (watched >= 0)
    printf("buffers %ld freed %ld\n", numWatched, numWatchedFrees);
  fflush(stdout);
}

#ifdef LOOM_ALLOC_REPORT_AT_EXIT
// Built with -DLOOM_ALLOC_REPORT_AT_EXIT, the library also prints the counts
// when it is unloaded (or the process exits), for programs that do not call
// loom_alloc_report themselves.
__attribute__((destructor)) static void reportAtExit(void) {
  printf("at exit: ");
  loom_alloc_report();
}
#endif
