/*===- loom-c/Facts.h - C helpers for the loop-facts analyses -----*- C -*-===*\
|*                                                                            *|
|* Small queries the Rust loop-facts passes (src/facts, src/passes) need and  *|
|* that MLIR's C API does not offer: the target's index width from the data   *|
|* layout, comparison predicates of arith.cmpi and index.cmp, arith's         *|
|* overflow flags, integer                                                    *|
|* attribute values, and `file:line:col` renderings of locations.             *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef LOOM_C_FACTS_H
#define LOOM_C_FACTS_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The bit width of `index` at `op`: the `index` entry of the closest
 * enclosing data layout spec (`#dlti.dl_spec<index = 32 : i64>`) when one
 * of `op`'s ancestors (or `op` itself) carries such an entry, otherwise
 * `fallback`. */
MLIR_CAPI_EXPORTED unsigned loomFactsIndexBitwidth(MlirOperation op,
                                                   unsigned fallback);

/* Whether `op` itself carries a data layout spec with an `index` entry
 * (a builtin.module or a DataLayoutOpInterface op such as gpu.module): the
 * ops where the index width can change. */
MLIR_CAPI_EXPORTED bool loomFactsSetsIndexWidth(MlirOperation op);

/* Whether `op` may read or write the memory of one of its memref operands:
 * it declares a read or write effect on a memref value or on a resource,
 * or it declares no effects at all (and is not an op whose effects are
 * those of its nested ops). Terminators that only hand memrefs on (returns,
 * branches, region and loom exits) do not. */
MLIR_CAPI_EXPORTED bool loomFactsMayAccessMemref(MlirOperation op);

/* Whether `op` is IsolatedFromAbove (no value defined outside it is used
 * inside it). */
MLIR_CAPI_EXPORTED bool loomFactsIsIsolatedFromAbove(MlirOperation op);

/* The predicate of an `arith.cmpi` or `index.cmp` op, numbered like
 * arith::CmpIPredicate (eq 0, ne 1, slt 2, sle 3, sgt 4, sge 5, ult 6,
 * ule 7, ugt 8, uge 9); -1 for any other op. */
MLIR_CAPI_EXPORTED int loomFactsComparePredicate(MlirOperation op);

/* The overflow flags of an op with arith's integer overflow flags
 * (`arith.addi`, `subi`, `muli`, `shli`): bit 0 set for `nsw`, bit 1 for
 * `nuw`; -1 for any other op. */
MLIR_CAPI_EXPORTED int loomFactsOverflowFlags(MlirOperation op);

/* The value of an integer attribute (IntegerAttr of an integer or index
 * type, or BoolAttr) as its low 64 bits in `*bits`, and its bit width
 * (64 for index) in `*width`. False when `attr` is no such attribute or
 * is wider than 64 bits. */
MLIR_CAPI_EXPORTED bool loomFactsIntegerValue(MlirAttribute attr,
                                              uint64_t *bits,
                                              unsigned *width);

/* Renders the first file location inside `loc` (looking through name,
 * call-site and fused locations) as `file:line:col`; "unknown" if none. */
MLIR_CAPI_EXPORTED void loomFactsPrintLocation(MlirLocation loc,
                                               MlirStringCallback callback,
                                               void *userData);

#ifdef __cplusplus
}
#endif

#endif /* LOOM_C_FACTS_H */
