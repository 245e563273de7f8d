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

/* Duplicates the body of `func` (an op with one non-empty region whose
 * entry block's arguments are the function's arguments) and puts a new
 * entry block in front of both copies:
 *
 *   ^entry(args):  %c = arith.constant false
 *                  cf.cond_br %c, ^copy, ^original
 *
 * The new entry block has the arguments; the two former entry blocks have
 * none and read the new block's instead. The copy's blocks follow the
 * original's; every value and block in the copy maps to its counterpart,
 * so the copy computes what the original does. `clones[i]` receives the copy of `ops[i]` (each of `numOps` ops
 * must be inside the body). Returns the `cf.cond_br`, whose condition
 * (operand 0) the caller replaces; a null operation, with nothing
 * changed, when `func` has no such body, an op of `ops` is not in it, or
 * the `arith` or `cf` dialect is not loaded in its context. */
MLIR_CAPI_EXPORTED MlirOperation loomVersionFunctionBody(
    MlirOperation func, intptr_t numOps, const MlirOperation *ops,
    MlirOperation *clones);

#ifdef __cplusplus
}
#endif

#endif /* LOOM_C_VERSIONING_H */
