/*===- loom-c/Loom.h - C API of the loom dialect and passes -------*- C -*-===*\
|*                                                                            *|
|* Registration of the loom dialect and passes, access to the loom ops' key   *|
|* properties, and the hook that lets passes written in Rust (or any language *|
|* with a C FFI) be registered by name like C++ passes.                       *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef LOOM_C_LOOM_H
#define LOOM_C_LOOM_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/RegisterEverything.h"
#include "mlir-c/Support.h"

#ifdef __cplusplus
extern "C" {
#endif

/* -- Dialects ------------------------------------------------------------ */

MLIR_DECLARE_CAPI_DIALECT_REGISTRATION(Loom, loom);

/* -- Types and parsing ---------------------------------------------------- */

/* The `!loom.token` type (the type of argument #0 of a loom.loop, loom.for
 * or loom.scope body). The loom dialect must be registered in `ctx`. */
MLIR_CAPI_EXPORTED MlirType loomTokenTypeGet(MlirContext ctx);
/* Whether `type` is `!loom.token`. */
MLIR_CAPI_EXPORTED bool loomTypeIsAToken(MlirType type);

/* Parses `source` as a module (ops outside an explicit `module` are wrapped
 * in one, as mlirModuleCreateParse does), naming the buffer `sourceName`:
 * locations, diagnostics and loom's reports then say `sourceName:line:col`
 * instead of `-:line:col`. Returns a null module on failure, after emitting
 * the parser's diagnostics through the context. (For a file on disk,
 * upstream's mlirModuleCreateParseFromFile names the file likewise.) */
MLIR_CAPI_EXPORTED MlirModule loomParseModule(MlirContext ctx,
                                              MlirStringRef source,
                                              MlirStringRef sourceName);

/* -- Passes ---------------------------------------------------------------- */

/* Registers every loom pass and pipeline, C++ and Rust, by name, so that
 * mlirParsePassPipeline and mlirOpPassManagerAddPipeline accept them.
 * Idempotent. (Implemented in Rust.) */
MLIR_CAPI_EXPORTED void loomRegisterAllPasses(void);

/* Registers loom's C++ passes and pipelines only. Idempotent. */
MLIR_CAPI_EXPORTED void loomRegisterPasses(void);

/* What the lowerings do with `loom.assume_range` (their `assume-range`
 * option). */
typedef enum {
  /* Replace it with its input: the range is trusted (the default). */
  LoomAssumeRangeDrop = 0,
  /* First insert a `cf.assert` that aborts when the value is outside the
   * range, then replace it. */
  LoomAssumeRangeCheck = 1,
} LoomAssumeRange;

/* The C++ lowerings as pass objects, to add to a pass manager (which takes
 * ownership) with mlirPassManagerAddOwnedPass or
 * mlirOpPassManagerAddOwnedPass. Null for an `assumeRange` outside the
 * enum. loom-lower-to-llvm runs loom-lower-to-cf and the upstream
 * conversions to the LLVM dialect on a builtin.module. */
MLIR_CAPI_EXPORTED MlirPass loomCreateLowerToSCFPass(LoomAssumeRange assumeRange);
MLIR_CAPI_EXPORTED MlirPass loomCreateLowerToCFPass(LoomAssumeRange assumeRange);
MLIR_CAPI_EXPORTED MlirPass loomCreateLowerToLLVMPass(LoomAssumeRange assumeRange);

/* loom-lower-to-fixed-bound as a pass object (owned by the caller until
 * added to a pass manager); null for an `assumeRange` outside the enum. It
 * runs the Rust pass loom-prove-max-trips first, by name: loom's Rust passes
 * must be registered (loomRegisterAllPasses) before it runs. */
MLIR_CAPI_EXPORTED MlirPass
loomCreateLowerToFixedBoundPass(LoomAssumeRange assumeRange);

/* loom-carry-captured-tensors as a pass object (owned by the caller until
 * added to a pass manager). */
MLIR_CAPI_EXPORTED MlirPass loomCreateCarryCapturedTensorsPass(void);

/* loom-promote-slots as a pass object (owned by the caller until added to a
 * pass manager). */
MLIR_CAPI_EXPORTED MlirPass loomCreatePromoteSlotsPass(void);

/* loom-sccp as a pass object (owned by the caller until added to a pass
 * manager). */
MLIR_CAPI_EXPORTED MlirPass loomCreateSCCPPass(void);

/* The loom pass named `argument` (any pass `loom-opt --help` lists as
 * `--loom-...`, C++ or Rust) with its default options, or a null pass for
 * any other name. (Implemented in Rust.) */
MLIR_CAPI_EXPORTED MlirPass loomCreatePass(MlirStringRef argument);

/* Sets options of `pass` from `options`, written as inside the pass's `{}`
 * in a pipeline (`assume-range=check`, `format=text output=-`); options not
 * named keep their values. The values are checked as when a pipeline is
 * parsed. On failure, calls `onError` (if not NULL) with the reason and
 * returns failure (options before the bad one may already be set). As for
 * a pipeline, llvm::cl also prints a bad value of a typed option to
 * standard error itself. Works on any pass object (loom's or upstream's). */
MLIR_CAPI_EXPORTED MlirLogicalResult
loomPassSetOptions(MlirPass pass, MlirStringRef options,
                   MlirStringCallback onError, void *userData);

/* Destroys a pass that was never added to a pass manager. */
MLIR_CAPI_EXPORTED void loomPassDestroy(MlirPass pass);

/* -- Passes implemented outside C++ (Rust) -------------------------------- */

/* Runs a foreign pass on `op`. `optionValues[i]` is the textual value of the
 * i-th declared option, already parsed and checked against its kind, in a
 * canonical form: a flag is `true` or `false`, an unsigned integer is in
 * decimal, a choice is one of its names, text and file names are as given.
 * Returns false on
 * failure (the pass must have emitted a diagnostic). May be called
 * concurrently from several threads with the same `userData` on different
 * ops. */
typedef bool (*LoomForeignPassRun)(void *userData, MlirOperation op,
                                   const MlirStringRef *optionValues,
                                   intptr_t numOptions);

/* What values a foreign pass option takes. The pipeline parser rejects any
 * other value, as for a C++ pass option of the corresponding type. */
typedef enum {
  LoomForeignOptionFlag = 0,     /* bool: true/false/1/0, or just the name */
  LoomForeignOptionChoice = 1,   /* one of `choices` (like a cl::values enum) */
  LoomForeignOptionUnsigned = 2, /* unsigned integer in [min, max] */
  LoomForeignOptionText = 3,     /* any string */
  LoomForeignOptionFile = 4,     /* a file name, or `-` for standard output:
                                    any string but the empty one */
} LoomForeignOptionKind;

typedef struct {
  MlirStringRef name;         /* `name=value` inside the pass's `{}` */
  MlirStringRef description;
  MlirStringRef defaultValue; /* textual; must be a valid value of `kind` */
  LoomForeignOptionKind kind;
  const MlirStringRef *choices; /* LoomForeignOptionChoice: allowed names */
  intptr_t numChoices;
  unsigned min, max;          /* LoomForeignOptionUnsigned: inclusive range */
} LoomForeignPassOption;

typedef struct {
  MlirStringRef argument;    /* name in pipelines and on the command line */
  MlirStringRef description;
  MlirStringRef opName;      /* op the pass is anchored on; empty: any op */
  const LoomForeignPassOption *options;
  intptr_t numOptions;
  LoomForeignPassRun run;
  void *userData;            /* must outlive every use of the pass */
  bool preservesIR;          /* the pass never changes the IR (an analysis
                                that reports): a successful run marks all
                                analyses preserved, so MLIR does not verify
                                the unchanged IR again after it */
} LoomForeignPassInfo;

/* Registers a foreign pass by name so that it can be used in
 * --pass-pipeline, as a command-line flag and via mlirParsePassPipeline,
 * with options parsed like a C++ pass's. */
MLIR_CAPI_EXPORTED void loomRegisterForeignPass(const LoomForeignPassInfo *info);

/* Creates a foreign pass directly (for adding it to a pass manager). */
MLIR_CAPI_EXPORTED MlirPass loomCreateForeignPass(const LoomForeignPassInfo *info);

/* -- Diagnostics ---------------------------------------------------------- */

typedef enum {
  LoomSeverityError = 0,
  LoomSeverityWarning = 1,
  LoomSeverityRemark = 2,
  LoomSeverityNote = 3,
} LoomSeverity;

/* Emits a diagnostic at `loc` through the context's diagnostic engine. */
MLIR_CAPI_EXPORTED void loomEmitDiagnostic(MlirLocation loc,
                                           LoomSeverity severity,
                                           MlirStringRef message);

/* The kinds of MLIR 22 optimization remarks (mlir::remark::passed, missed,
 * failed, analysis; `--- !Passed` etc. in the YAML remark stream). */
typedef enum {
  LoomRemarkPassed = 0,
  LoomRemarkMissed = 1,
  LoomRemarkFailure = 2,
  LoomRemarkAnalysis = 3,
} LoomRemarkKind;

/* One remark argument (`- key: value` under `Args:` in the YAML stream). */
typedef struct {
  MlirStringRef key;
  MlirStringRef value;
} LoomRemarkArg;

/* Whether `ctx` has a remark engine (MLIR 22's, installed by mlir-opt's and
 * loom-opt's `--remark-format`/`--remarks-filter*` handling or by
 * mlir::remark::enableOptimizationRemarks). Without one loomEmitRemark does
 * nothing, so a caller may skip building the arguments. */
MLIR_CAPI_EXPORTED bool loomRemarksEnabled(MlirContext ctx);

/* Emits a structured remark of `kind` at `loc` through the context's remark
 * engine: `category` is the remark's pass (what `--remarks-filter*` match),
 * `name` its name, `function` the enclosing function (may be empty), then
 * `numArgs` key/value arguments in order. A no-op without an engine or when
 * the engine's filters do not select `category` for `kind`. The strings are
 * copied before the call returns. Safe to call from several threads of one
 * context (loom's remarks are reported one at a time). */
MLIR_CAPI_EXPORTED void loomEmitRemark(MlirLocation loc, LoomRemarkKind kind,
                                       MlirStringRef category,
                                       MlirStringRef name,
                                       MlirStringRef function,
                                       const LoomRemarkArg *args,
                                       intptr_t numArgs);

/* -- Loop facts ----------------------------------------------------------- */

/* The forms of the compile report. */
typedef enum LoomReportFormat {
  /* The JSON report (schema in src/facts/schema.rs, as loom-report writes
   * it with format=json). */
  LoomReportFormatJson = 0,
  /* The text table (loom-report format=text). */
  LoomReportFormatText = 1,
} LoomReportFormat;

/* Runs the loop-facts analysis and bounds checks on `op` (normally a module)
 * and writes the compile report in `format` to `*result`, NUL-terminated.
 * `indexBitwidth` (0: 64; otherwise 1 to 64) applies when the module has no
 * DLTI index entry. On failure (a null op, an out-of-range bit width or
 * format, an internal error) returns failure and `*result` is a message
 * saying why. Either way `*result` must be freed with loomFreeString; if
 * `result` itself is NULL nothing is written and the call fails.
 * (Implemented in Rust.) */
MLIR_CAPI_EXPORTED MlirLogicalResult loomAnalyzeReport(MlirOperation op,
                                                       unsigned indexBitwidth,
                                                       LoomReportFormat format,
                                                       char **result);
MLIR_CAPI_EXPORTED void loomFreeString(char *s);

/* The analysis options (loom::analysis::Options; the facts passes' options
 * of the same names). */
typedef struct LoomAnalysisOptions {
  /* index-bitwidth: 0 means 64; otherwise 1 to 64. */
  unsigned indexBitwidth;
  /* assume-buffer-bytes-below-half-address-space: proofs may assume every
   * buffer occupies less than half the address space (bounding the sizes
   * of dimensions with a static stride >= 1); reports list it where a
   * proof used it. */
  bool assumeBufferBytesBelowHalfAddressSpace;
  /* assume-buffer-dims-below-half-address-space: proofs may assume every
   * dimension of every buffer, times its element size, is below half the
   * address space (bounding each dimension of a multi-dimensional dynamic
   * buffer on its own); reports list it where a proof used it. */
  bool assumeBufferDimsBelowHalfAddressSpace;
} LoomAnalysisOptions;

/* The defaults: index width 64, both buffer-size assumptions on. */
MLIR_CAPI_EXPORTED LoomAnalysisOptions loomAnalysisOptionsGetDefault(void);

/* loomAnalyzeReport with every analysis option (same result contract). */
MLIR_CAPI_EXPORTED MlirLogicalResult
loomAnalyzeReportWithOptions(MlirOperation op, LoomAnalysisOptions options,
                             LoomReportFormat format, char **result);

/* -- Ops ------------------------------------------------------------------ */

/* Whether `op` implements MLIR's LoopLikeOpInterface (scf, affine, loom...). */
MLIR_CAPI_EXPORTED bool loomOpIsLoopLike(MlirOperation op);
/* Whether `op` is a loom loop (`loom.loop` or `loom.for`). */
MLIR_CAPI_EXPORTED bool loomOpIsLoop(MlirOperation op);
/* The token an exit-target op defines (null value otherwise). */
MLIR_CAPI_EXPORTED MlirValue loomGetToken(MlirOperation op);
/* The op an exit terminator targets (null operation otherwise). */
MLIR_CAPI_EXPORTED MlirOperation loomGetExitTarget(MlirOperation op);
/* What an exit terminator does (loom::ExitKind). The values are fixed: C
 * callers written against the former `int` result keep working. */
typedef enum {
  LoomExitKindNone = -1,    /* not an exit terminator */
  LoomExitKindBreak = 0,    /* leaves its target */
  LoomExitKindContinue = 1, /* starts its target loop's next iteration */
  LoomExitKindYield = 2,    /* normal end of its parent's region */
} LoomExitKind;

/* The kind of exit terminator `op` is (LoomExitKindNone for any other op). */
MLIR_CAPI_EXPORTED LoomExitKind loomGetExitKind(MlirOperation op);
/* Whether exits may pass through `op` (PropagateControlFlowBreak). */
MLIR_CAPI_EXPORTED bool loomPropagatesControlFlowBreak(MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif /* LOOM_C_LOOM_H */
