//===- Loom.cpp - C API of the loom dialect -------------------------------===//

#include "loom-c/Loom.h"

#include "loom/Dialect/LoomOps.h"
#include "loom/Passes.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Remarks.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/ErrorHandling.h"

#include <mutex>
#include <optional>
#include <string>

using namespace mlir;

MLIR_DEFINE_CAPI_DIALECT_REGISTRATION(Loom, loom, loom::LoomDialect)

extern "C" MlirType loomTokenTypeGet(MlirContext ctx) {
  return wrap(loom::TokenType::get(unwrap(ctx)));
}

extern "C" bool loomTypeIsAToken(MlirType type) {
  return isa<loom::TokenType>(unwrap(type));
}

extern "C" MlirModule loomParseModule(MlirContext ctx, MlirStringRef source,
                                      MlirStringRef sourceName) {
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(
      unwrap(source), ParserConfig(unwrap(ctx)), unwrap(sourceName));
  return MlirModule{module.release().getOperation()};
}

extern "C" void loomRegisterPasses(void) { loom::registerAllPasses(); }

namespace {
std::optional<loom::AssumeRangeMode> assumeRangeMode(LoomAssumeRange mode) {
  switch (mode) {
  case LoomAssumeRangeDrop:
    return loom::AssumeRangeMode::Drop;
  case LoomAssumeRangeCheck:
    return loom::AssumeRangeMode::Check;
  }
  return std::nullopt;
}

/// `create(options)` for a lowering's options struct, or a null pass when
/// `mode` is not a LoomAssumeRange.
template <typename Options, typename Create>
MlirPass createLowering(LoomAssumeRange mode, Create create) {
  std::optional<loom::AssumeRangeMode> assumeRange = assumeRangeMode(mode);
  if (!assumeRange)
    return MlirPass{nullptr};
  Options options;
  options.assumeRange = *assumeRange;
  return wrap(create(options).release());
}
} // namespace

extern "C" MlirPass loomCreateLowerToSCFPass(LoomAssumeRange assumeRange) {
  return createLowering<loom::LoomLowerToSCFOptions>(
      assumeRange, [](const auto &o) { return loom::createLoomLowerToSCF(o); });
}

extern "C" MlirPass loomCreateLowerToCFPass(LoomAssumeRange assumeRange) {
  return createLowering<loom::LoomLowerToCFOptions>(
      assumeRange, [](const auto &o) { return loom::createLoomLowerToCF(o); });
}

extern "C" MlirPass
loomCreateLowerToFixedBoundPass(LoomAssumeRange assumeRange) {
  return createLowering<loom::LoomLowerToFixedBoundOptions>(
      assumeRange,
      [](const auto &o) { return loom::createLoomLowerToFixedBound(o); });
}

extern "C" MlirPass loomCreateLowerToLLVMPass(LoomAssumeRange assumeRange) {
  return createLowering<loom::LoomLowerToLLVMOptions>(
      assumeRange, [](const auto &o) { return loom::createLoomLowerToLLVM(o); });
}

extern "C" MlirPass loomCreateCarryCapturedTensorsPass() {
  return wrap(loom::createLoomCarryCapturedTensors().release());
}

extern "C" MlirPass loomCreatePromoteSlotsPass() {
  return wrap(loom::createLoomPromoteSlots().release());
}

extern "C" MlirPass loomCreateSCCPPass() {
  return wrap(loom::createLoomSCCP().release());
}

extern "C" MlirLogicalResult loomPassSetOptions(MlirPass pass,
                                                MlirStringRef options,
                                                MlirStringCallback onError,
                                                void *userData) {
  // llvm::cl reports a bad value of a typed option ("for the --format
  // option: Cannot find option named 'x'!") on llvm::errs() itself, as when
  // a pipeline is parsed; the handler gets the options parser's own message
  // (an unknown option name, a syntax error), if any.
  std::string detail;
  LogicalResult result = unwrap(pass)->initializeOptions(
      unwrap(options), [&](const llvm::Twine &error) {
        detail = error.str();
        return failure();
      });
  if (failed(result) && onError) {
    std::string message = ("invalid options `" + unwrap(options) +
                           "` for pass `" + unwrap(pass)->getArgument() + "`")
                              .str();
    if (!StringRef(detail).trim().empty())
      message += ": " + StringRef(detail).trim().str();
    onError(wrap(StringRef(message)), userData);
  }
  return wrap(result);
}

extern "C" void loomEmitDiagnostic(MlirLocation loc, LoomSeverity severity,
                                   MlirStringRef message) {
  Location location = unwrap(loc);
  StringRef text = unwrap(message);
  switch (severity) {
  case LoomSeverityError:
    emitError(location) << text;
    break;
  case LoomSeverityWarning:
    emitWarning(location) << text;
    break;
  case LoomSeverityRemark:
    emitRemark(location) << text;
    break;
  case LoomSeverityNote:
    // A free-standing note: MLIR attaches notes to a diagnostic; emit it as
    // a remark-severity diagnostic carrying the note text.
    location.getContext()->getDiagEngine().emit(location,
                                                DiagnosticSeverity::Note)
        << text;
    break;
  }
}

extern "C" bool loomRemarksEnabled(MlirContext ctx) {
  return unwrap(ctx)->getRemarkEngine() != nullptr;
}

extern "C" void loomEmitRemark(MlirLocation loc, LoomRemarkKind kind,
                               MlirStringRef category, MlirStringRef name,
                               MlirStringRef function,
                               const LoomRemarkArg *args, intptr_t numArgs) {
  Location location = unwrap(loc);
  if (!location.getContext()->getRemarkEngine())
    return;
  // RemarkOpts and the Remark keep StringRefs to the names, not copies:
  // they must outlive the InFlightRemark, which reports on destruction
  // (below, inside this function). Argument keys and values are copied.
  remark::RemarkOpts opts = remark::RemarkOpts::name(unwrap(name))
                                .category(unwrap(category))
                                .function(unwrap(function));
  // MLIR 22's engine and its LLVM YAML/bitstream streamer have no lock of
  // their own, and loom's passes may run on several functions at once: one
  // remark at a time, from building to reporting.
  static std::mutex remarkMutex;
  std::lock_guard<std::mutex> lock(remarkMutex);
  remark::detail::InFlightRemark inFlight = [&] {
    switch (kind) {
    case LoomRemarkPassed:
      return remark::passed(location, opts);
    case LoomRemarkMissed:
      return remark::missed(location, opts);
    case LoomRemarkFailure:
      return remark::failed(location, opts);
    case LoomRemarkAnalysis:
      break;
    }
    return remark::analysis(location, opts);
  }();
  if (!inFlight)
    return; // the engine's filters do not select this remark
  for (intptr_t i = 0; i < numArgs; ++i)
    inFlight << remark::detail::Remark::Arg(unwrap(args[i].key),
                                            unwrap(args[i].value).str());
}

extern "C" bool loomOpIsLoopLike(MlirOperation op) {
  return isa<LoopLikeOpInterface>(unwrap(op));
}

extern "C" bool loomOpIsLoop(MlirOperation op) {
  return isa<loom::LoopOp, loom::ForOp>(unwrap(op));
}

extern "C" MlirValue loomGetToken(MlirOperation op) {
  if (auto target =
          dyn_cast<loom::HasBreakingControlFlowOpInterface>(unwrap(op))) {
    Operation *raw = unwrap(op);
    if (raw->getNumRegions() == 1 && !raw->getRegion(0).empty() &&
        raw->getRegion(0).front().getNumArguments() > 0)
      return wrap(Value(target.getToken()));
  }
  return MlirValue{nullptr};
}

extern "C" MlirOperation loomGetExitTarget(MlirOperation op) {
  if (auto exit = dyn_cast<loom::RegionExitTerminatorOpInterface>(unwrap(op)))
    return wrap(exit.getExitTarget());
  return MlirOperation{nullptr};
}

extern "C" LoomExitKind loomGetExitKind(MlirOperation op) {
  auto exit = dyn_cast<loom::RegionExitTerminatorOpInterface>(unwrap(op));
  if (!exit)
    return LoomExitKindNone;
  switch (exit.getExitKind()) {
  case loom::ExitKind::Break:
    return LoomExitKindBreak;
  case loom::ExitKind::Continue:
    return LoomExitKindContinue;
  case loom::ExitKind::Yield:
    return LoomExitKindYield;
  }
  llvm_unreachable("unknown loom::ExitKind");
}

extern "C" bool loomPropagatesControlFlowBreak(MlirOperation op) {
  return loom::propagatesControlFlowBreak(unwrap(op));
}

extern "C" void loomPassDestroy(MlirPass pass) { delete unwrap(pass); }
