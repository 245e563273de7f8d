/* Using loom from C: register the dialect and the passes, parse a module
 * under a file name (which the report's locations then name), read loom
 * ops' properties, get the loop-facts report as a string (with every
 * analysis option through LoomAnalysisOptions), run loom passes
 * from a pipeline text and as pass objects (by name with options, and the
 * lowerings' typed constructors).
 *
 * Build (see test/Embedding/c-api.test, which builds and runs it):
 *   clang report.c -I cpp/include -I /usr/lib/llvm-22/include \
 *     target/plugin/libLoomPlugin.so \
 *     -Wl,--start-group /usr/lib/llvm-22/lib/libMLIRCAPI*.a -Wl,--end-group \
 *     -L/usr/lib/llvm-22/lib -lMLIR -lLLVM -lstdc++ -Wl,-rpath,...
 * libLoomPlugin.so carries loom and exports loom's C API; MLIR itself is
 * Debian's libMLIR.so (one copy), with MLIR's C API from its static archives. */

#include <stdio.h>
#include <stdlib.h>

#include "loom-c/Loom.h"
#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"

static const char *kSource =
    "func.func @find(%a: memref<8xi32>, %key: i32) -> index {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c1 = arith.constant 1 : index\n"
    "  %c8 = arith.constant 8 : index\n"
    "  %r = loom.for %i = %c0 to %c8 step %c1 token(%t) iter_args(%acc = %c8) -> (index) {\n"
    "    %x = memref.load %a[%i] : memref<8xi32>\n"
    "    %hit = arith.cmpi eq, %x, %key : i32\n"
    "    loom.if %hit { loom.break %t, %i : index }\n"
    "    loom.yield %acc : index\n"
    "  }\n"
    "  return %r : index\n"
    "}\n";

/* A loop bounded by a buffer's size, stepping by 3, written as an
 * scf.while (its counter really wraps, unlike scf.for's): its exact count
 * needs the buffer-size assumption (an analysis option). */
static const char *kSymbolic =
    "func.func @thirds(%a: memref<?xi32>) {\n"
    "  %c0 = arith.constant 0 : index\n"
    "  %c3 = arith.constant 3 : index\n"
    "  %d = memref.dim %a, %c0 : memref<?xi32>\n"
    "  %r = scf.while (%i = %c0) : (index) -> index {\n"
    "    %more = arith.cmpi slt, %i, %d : index\n"
    "    scf.condition(%more) %i : index\n"
    "  } do {\n"
    "  ^bb0(%x: index):\n"
    "    %next = arith.addi %x, %c3 : index\n"
    "    scf.yield %next : index\n"
    "  }\n"
    "  return\n"
    "}\n";

/* The text report of `source` with or without the buffer-size assumptions. */
static void report_symbolic(MlirContext ctx, bool assume) {
  MlirModule m =
      mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(kSymbolic));
  LoomAnalysisOptions options = loomAnalysisOptionsGetDefault();
  options.assumeBufferBytesBelowHalfAddressSpace = assume;
  options.assumeBufferDimsBelowHalfAddressSpace = assume;
  char *text = NULL;
  if (mlirLogicalResultIsFailure(loomAnalyzeReportWithOptions(
          mlirModuleGetOperation(m), options, LoomReportFormatText, &text)))
    printf("analysis failed: %s\n", text);
  else
    printf("assume=%d: %s", assume, text);
  loomFreeString(text);
  mlirModuleDestroy(m);
}

static void print_chunk(MlirStringRef s, void *user) {
  (void)user;
  fwrite(s.data, 1, s.length, stdout);
}

/* Visits every op, reporting loom loops and exits with their targets. */
static void describe(MlirOperation op) {
  LoomExitKind kind = loomGetExitKind(op);
  if (loomOpIsLoop(op))
    printf("loop: %s\n", mlirIdentifierStr(mlirOperationGetName(op)).data);
  if (kind == LoomExitKindBreak || kind == LoomExitKindContinue) {
    MlirOperation target = loomGetExitTarget(op);
    printf("%s targets %s\n", kind == LoomExitKindBreak ? "break" : "continue",
           mlirIdentifierStr(mlirOperationGetName(target)).data);
  }
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (MlirOperation o = mlirBlockGetFirstOperation(b);
           !mlirOperationIsNull(o); o = mlirOperationGetNextInBlock(o))
        describe(o);
}

int main(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  mlirDialectHandleInsertDialect(mlirGetDialectHandle__loom__(), registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, false);
  mlirDialectRegistryDestroy(registry);
  loomRegisterAllPasses();

  MlirModule module =
      loomParseModule(ctx, mlirStringRefCreateFromCString(kSource),
                      mlirStringRefCreateFromCString("find.mlir"));
  if (mlirModuleIsNull(module)) {
    fprintf(stderr, "parse failed\n");
    return 1;
  }
  MlirOperation moduleOp = mlirModuleGetOperation(module);
  describe(moduleOp);

  char *report = NULL;
  if (mlirLogicalResultIsFailure(
          loomAnalyzeReport(moduleOp, 64, LoomReportFormatJson, &report))) {
    fprintf(stderr, "analysis failed: %s\n", report);
    loomFreeString(report);
    return 1;
  }
  printf("%s", report);
  loomFreeString(report);

  /* Failures come with a reason. */
  char *error = NULL;
  if (mlirLogicalResultIsFailure(loomAnalyzeReport(
          moduleOp, 200, LoomReportFormatText, &error)))
    printf("expected failure: %s\n", error);
  loomFreeString(error);

  /* Every analysis option through LoomAnalysisOptions. */
  report_symbolic(ctx, true);
  report_symbolic(ctx, false);

  /* A pipeline text (replacing what the pass manager held), then a pass
   * object made by name. */
  MlirPassManager pm = mlirPassManagerCreate(ctx);
  MlirLogicalResult parsed = mlirParsePassPipeline(
      mlirPassManagerGetAsOpPassManager(pm),
      mlirStringRefCreateFromCString(
          "builtin.module(loom-lower-to-scf{assume-range=check})"),
      print_chunk, NULL);
  MlirPass depth =
      loomCreatePass(mlirStringRefCreateFromCString("loom-loop-depth"));
  if (mlirLogicalResultIsFailure(parsed) || depth.ptr == NULL) {
    fprintf(stderr, "cannot make the passes\n");
    return 1;
  }
  mlirPassManagerAddOwnedPass(pm, depth);
  if (mlirLogicalResultIsFailure(mlirPassManagerRunOnOp(pm, moduleOp))) {
    fprintf(stderr, "pipeline failed\n");
    return 1;
  }
  mlirOperationPrint(moduleOp, print_chunk, NULL);
  printf("\n");
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);

  /* Options set on a pass object are checked as in a pipeline. */
  MlirPass reportPass =
      loomCreatePass(mlirStringRefCreateFromCString("loom-report"));
  printf("bad options: ");
  if (mlirLogicalResultIsFailure(loomPassSetOptions(
          reportPass, mlirStringRefCreateFromCString("format=xml"),
          print_chunk,
          NULL)))
    printf("\n");
  loomPassDestroy(reportPass);
  if (loomCreatePass(mlirStringRefCreateFromCString("loom-nothing")).ptr !=
      NULL) {
    fprintf(stderr, "an unknown pass was created\n");
    return 1;
  }

  /* The typed lowering to the LLVM dialect, on a fresh copy. */
  module = loomParseModule(ctx, mlirStringRefCreateFromCString(kSource),
                           mlirStringRefCreateFromCString("find.mlir"));
  pm = mlirPassManagerCreate(ctx);
  mlirPassManagerAddOwnedPass(pm,
                              loomCreateLowerToLLVMPass(LoomAssumeRangeDrop));
  if (mlirLogicalResultIsFailure(
          mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(module)))) {
    fprintf(stderr, "loom-lower-to-llvm failed\n");
    return 1;
  }
  mlirOperationPrint(mlirModuleGetOperation(module), print_chunk, NULL);
  printf("\n");

  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return 0;
}
