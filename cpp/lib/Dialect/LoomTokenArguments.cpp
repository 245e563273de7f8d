//===- LoomTokenArguments.cpp - where a !loom.token block argument may be -===//
//
// The rule: a block argument of type `!loom.token` is only ever argument #0
// of the entry block of the (single) region of an op implementing
// HasBreakingControlFlowOpInterface, whether or not anything uses it. A
// token anywhere else (an op that defines no token, a non-entry block, a
// function argument) names no target and is rejected.
//
// Where the rule is checked. MLIR 22 has no dialect hook that sees the
// types of block arguments (`verifyRegionArgAttribute` only fires for an
// argument carrying a `loom.` attribute, and an op verifier of a loom op
// cannot see the blocks of ops it does not contain), so the rule is checked
// from two places, both with checkTokenBlockArguments below:
//
//   1. every op implementing HasBreakingControlFlowOpInterface checks its own
//      blocks (verifyHasBreakingControlFlow, LoomInterfaces.cpp), and every
//      exit checks that its token is a well-formed token of its target
//      (verifyRegionExitTerminator): a token that is used is always checked;
//   2. the ops that hold a program's code get an external model of
//      SymbolUserOpInterface whose `verifySymbolUses` walks the op (its
//      arguments and every block of every op nested in it) with the same
//      check: functions (`func.func`, `llvm.func`, `gpu.func`) and nested
//      modules (`builtin.module`, `gpu.module`: the ops directly in them
//      that no function holds). A walk skips the nested ops that check
//      themselves, so each op is checked once. SymbolUserOpInterface is the
//      one interface MLIR's verifier dispatches dynamically (the symbol
//      table of the enclosing module calls `verifySymbolUses` of every op
//      that implements it, external models included, after the ops
//      themselves verified), so this reaches unused tokens on ops of any
//      dialect. The models are attached through dialect extensions the
//      loom dialect appends to its context when it is loaded, so every
//      driver (loom-opt, the mlir-opt plugin, the C API) gets them.
//
// Limits: a token argument of an op directly in the top-level module (not
// in a function or a nested module) that no exit uses is not rejected: the
// top-level module is in no symbol table, so nothing calls its
// `verifySymbolUses`. One that an exit uses is (rule 1).
//
//===----------------------------------------------------------------------===//

#include "LoomDialectInternal.h"

#include "loom/Dialect/LoomOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace loom {
namespace detail {

LogicalResult checkTokenBlockArguments(Operation *op) {
  bool definesToken = isa<HasBreakingControlFlowOpInterface>(op);
  for (Region &region : op->getRegions()) {
    for (auto [blockIndex, block] : llvm::enumerate(region)) {
      for (BlockArgument arg : block.getArguments()) {
        if (!isa<TokenType>(arg.getType()))
          continue;
        bool isTokenPosition = blockIndex == 0 && arg.getArgNumber() == 0;
        if (definesToken && isTokenPosition)
          continue;
        InFlightDiagnostic diag =
            op->emitOpError()
            << "has a !loom.token block argument (argument #"
            << arg.getArgNumber() << " of block #" << blockIndex
            << " of region #" << region.getRegionNumber() << "), but ";
        if (!definesToken)
          diag << "it defines no token: a token is only block argument #0 "
                  "of the entry block of an op implementing "
                  "HasBreakingControlFlowOpInterface";
        else if (blockIndex != 0)
          diag << "a token is only argument #0 of the entry block";
        else
          diag << "only entry block argument #0 may be a !loom.token";
        diag.attachNote(arg.getLoc()) << "the argument is here";
        return diag;
      }
    }
  }
  return success();
}

} // namespace detail

namespace {

/// Whether `op` gets the check below: it checks everything nested in it
/// that no nested op of this kind checks.
bool checksItsContents(Operation *op) {
  return isa<func::FuncOp, LLVM::LLVMFuncOp, gpu::GPUFuncOp, ModuleOp,
             gpu::GPUModuleOp>(op);
}

/// Checks the token rule on `OpT` and everything nested in it, from the
/// enclosing module's symbol-use verification (see the file header).
template <typename OpT>
struct TokenArgumentCheck
    : SymbolUserOpInterface::ExternalModel<TokenArgumentCheck<OpT>, OpT> {
  LogicalResult verifySymbolUses(Operation *op, SymbolTableCollection &) const {
    WalkResult result =
        op->walk<WalkOrder::PreOrder>([op](Operation *nested) {
          if (nested != op && checksItsContents(nested))
            return WalkResult::skip();
          return failed(detail::checkTokenBlockArguments(nested))
                     ? WalkResult::interrupt()
                     : WalkResult::advance();
        });
    return failure(result.wasInterrupted());
  }
};

} // namespace

void appendTokenArgumentChecks(MLIRContext &context) {
  DialectRegistry registry;
  registry.addExtension(+[](MLIRContext *ctx, func::FuncDialect *) {
    func::FuncOp::attachInterface<TokenArgumentCheck<func::FuncOp>>(*ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, LLVM::LLVMDialect *) {
    LLVM::LLVMFuncOp::attachInterface<TokenArgumentCheck<LLVM::LLVMFuncOp>>(
        *ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, gpu::GPUDialect *) {
    gpu::GPUFuncOp::attachInterface<TokenArgumentCheck<gpu::GPUFuncOp>>(*ctx);
    gpu::GPUModuleOp::attachInterface<TokenArgumentCheck<gpu::GPUModuleOp>>(
        *ctx);
  });
  registry.addExtension(+[](MLIRContext *ctx, BuiltinDialect *) {
    ModuleOp::attachInterface<TokenArgumentCheck<ModuleOp>>(*ctx);
  });
  context.appendDialectRegistry(registry);
}

} // namespace loom
