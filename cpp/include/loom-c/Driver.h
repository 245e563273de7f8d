/*===- loom-c/Driver.h - the loom-opt driver ----------------------*- C -*-===*/
#ifndef LOOM_C_DRIVER_H
#define LOOM_C_DRIVER_H

#include "mlir-c/IR.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Runs the mlir-opt command line with every upstream dialect and pass, the
 * loom dialect, the dialects in `extraDialects` and every registered loom
 * pass (call loomRegisterForeignPass for Rust passes first). The loom-opt
 * binary passes the test-only loomtest dialect in `extraDialects`; the
 * library itself never contains it. `version` is the line `--version`
 * prints before LLVM's own version text. Returns the exit code. */
int loomOptMain(int argc, char **argv, MlirDialectRegistry extraDialects,
                MlirStringRef version);

#ifdef __cplusplus
}
#endif

#endif
