/*===- loom-c/Driver.h - the loom-opt driver ----------------------*- C -*-===*/
#ifndef LOOM_C_DRIVER_H
#define LOOM_C_DRIVER_H

#ifdef __cplusplus
extern "C" {
#endif

/* Runs the mlir-opt command line with every upstream dialect and pass, the
 * loom dialect, the loomtest dialect and every registered loom pass (call
 * loomRegisterForeignPass for Rust passes first). Returns the exit code. */
int loomOptMain(int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif
