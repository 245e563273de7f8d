/*===- loom-c/Versioning.h - Two versions of a function body -----*- C -*-===*\
|*                                                                            *|
|* The structural half of function versioning (`loom-fold-loop-facts`         *|
|* with `version-functions=true`): the body of a function is duplicated and   *|
|* a new entry block chooses between the copy and the original. What the      *|
|* condition is and what changes in the copy are decided in Rust             *|
|* (src/passes/fold_loop_facts/version.rs).                                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef LOOM_C_VERSIONING_H
#define LOOM_C_VERSIONING_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Duplicates the body of `func` (a FunctionOpInterface op whose one region
 * is a non-empty SSACFG region that may hold several blocks) behind a
 * branch in its entry block:
 *
 *   ^entry(args):  <the entry block's operand-free memref.allocas>
 *                  %c = arith.constant false
 *                  cf.cond_br %c, ^copy, ^original
 *   ^original:     <the rest of the entry block's ops>
 *   ...            <the other original blocks>
 *   ^copy:         <a copy of ^original and the blocks after it>
 *
 * The entry block keeps its arguments and allocas, which both versions
 * read. Every value and block in the copy maps to its counterpart, so the
 * copy computes what the original does. No op or block of `func` is
 * erased, and only the entry block's ops move (to ^original, the allocas
 * to its front), so handles into `func` stay valid. `clones[i]` receives
 * the copy of `ops[i]` (each of `numOps` ops must be inside the body, and
 * not one of the allocas the entry block keeps). Returns the `cf.cond_br`,
 * whose condition (operand 0) the caller replaces; a null operation, with
 * nothing changed, when `func` is not such a function, an op of `ops` is
 * not such an op, or the `arith` or `cf` dialect is not loaded in its
 * context. */
MLIR_CAPI_EXPORTED MlirOperation loomVersionFunctionBody(
    MlirOperation func, intptr_t numOps, const MlirOperation *ops,
    MlirOperation *clones);

#ifdef __cplusplus
}
#endif

#endif /* LOOM_C_VERSIONING_H */
