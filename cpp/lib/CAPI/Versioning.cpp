//===- Versioning.cpp - Two versions of a function body -------------------===//
//
// See loom-c/Versioning.h. The entry block keeps the function's arguments
// and its operand-free `memref.alloca`s (moved to its front, so that both
// versions share them and LLVM still sees static allocas); every other op
// of it moves to a new block, the original body's first block. The body is
// then cloned into a scratch region with the entry block's arguments
// mapped to themselves (so the copy reads them, and its entry block has no
// arguments); the copy's entry block, holding only copies of the kept
// allocas, is dropped after its results are replaced by the originals,
// and the rest of the copy is spliced after the original's blocks. (A
// region cannot be cloned into itself: the clone would visit the blocks it
// adds.) Nothing is erased from or moved out of the function but that
// scratch copy, so every handle into the function stays valid.
//
//===----------------------------------------------------------------------===//

#include "loom-c/Versioning.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Region.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

/// Whether `op` is an allocation the entry block keeps: a `memref.alloca`
/// with no operands (a static size, no symbols) and no region.
static bool isKeptAlloca(Operation &op) {
  return isa<memref::AllocaOp>(op) && op.getNumOperands() == 0 &&
         op.getNumRegions() == 0;
}

MlirOperation loomVersionFunctionBody(MlirOperation func, intptr_t numOps,
                                      const MlirOperation *ops,
                                      MlirOperation *clones) {
  Operation *f = unwrap(func);
  MlirOperation none = wrap(static_cast<Operation *>(nullptr));
  if (!isa<FunctionOpInterface>(f) || f->getNumRegions() != 1 ||
      f->getRegion(0).empty() || f->hasTrait<OpTrait::SingleBlock>() ||
      !mayHaveSSADominance(f->getRegion(0)))
    return none;
  MLIRContext *ctx = f->getContext();
  if (!ctx->getLoadedDialect<arith::ArithDialect>() ||
      !ctx->getLoadedDialect<cf::ControlFlowDialect>())
    return none;
  Region &body = f->getRegion(0);
  Block *entry = &body.front();
  for (intptr_t i = 0; i < numOps; ++i) {
    Operation *op = unwrap(ops[i]);
    if (!op || !op->getParentRegion() ||
        !body.isAncestor(op->getParentRegion()) ||
        (op->getBlock() == entry && isKeptAlloca(*op)))
      return none;
  }

  // The entry block: its kept allocas first, everything else in `original`.
  llvm::SmallVector<Operation *> kept;
  for (Operation &op : *entry)
    if (isKeptAlloca(op))
      kept.push_back(&op);
  for (Operation *op : llvm::reverse(kept))
    op->moveBefore(entry, entry->begin());
  Block *original = entry->splitBlock(std::next(entry->begin(), kept.size()));

  IRMapping map;
  for (BlockArgument arg : entry->getArguments())
    map.map(arg, arg);
  Region scratch(f);
  body.cloneInto(&scratch, map);
  Block *copiedEntry = map.lookupOrNull(entry);
  for (auto [op, copied] : llvm::zip(kept, *copiedEntry))
    copied.replaceAllUsesWith(op);
  copiedEntry->erase();
  Block *copy = map.lookupOrNull(original);
  body.getBlocks().splice(body.end(), scratch.getBlocks());
  for (intptr_t i = 0; i < numOps; ++i)
    clones[i] = wrap(map.lookupOrNull(unwrap(ops[i])));

  OpBuilder builder = OpBuilder::atBlockEnd(entry);
  Location loc = f->getLoc();
  Value placeholder =
      arith::ConstantOp::create(builder, loc, builder.getBoolAttr(false));
  auto branch = cf::CondBranchOp::create(builder, loc, placeholder, copy,
                                         ValueRange(), original, ValueRange());
  return wrap(branch.getOperation());
}
