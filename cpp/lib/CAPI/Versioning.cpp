//===- Versioning.cpp - Two versions of a function body -------------------===//
//
// See loom-c/Versioning.h. The body is cloned into a scratch region (cloning
// a region into itself would visit the blocks it adds) and the clone's
// blocks are spliced after the original's; the new entry block is then put
// in front and takes over the entry blocks' arguments.
//
//===----------------------------------------------------------------------===//

#include "loom-c/Versioning.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Region.h"

#include "llvm/ADT/SmallVector.h"

using namespace mlir;

MlirOperation loomVersionFunctionBody(MlirOperation func, intptr_t numOps,
                                      const MlirOperation *ops,
                                      MlirOperation *clones) {
  Operation *f = unwrap(func);
  if (f->getNumRegions() != 1 || f->getRegion(0).empty())
    return wrap(static_cast<Operation *>(nullptr));
  MLIRContext *ctx = f->getContext();
  if (!ctx->getLoadedDialect<arith::ArithDialect>() ||
      !ctx->getLoadedDialect<cf::ControlFlowDialect>())
    return wrap(static_cast<Operation *>(nullptr));
  Region &body = f->getRegion(0);
  for (intptr_t i = 0; i < numOps; ++i) {
    Operation *op = unwrap(ops[i]);
    if (!op || op->getParentRegion() == nullptr ||
        !body.isAncestor(op->getParentRegion()))
      return wrap(static_cast<Operation *>(nullptr));
  }

  Block *original = &body.front();
  IRMapping map;
  Region scratch(f);
  body.cloneInto(&scratch, map);
  Block *copy = map.lookupOrNull(original);
  body.getBlocks().splice(body.end(), scratch.getBlocks());
  for (intptr_t i = 0; i < numOps; ++i)
    clones[i] = wrap(map.lookupOrNull(unwrap(ops[i])));

  // The new entry block takes the arguments; both copies read them from
  // it (it dominates both) and lose their own.
  auto *entry = new Block();
  body.getBlocks().push_front(entry);
  for (Block *block : {original, copy}) {
    for (BlockArgument arg : block->getArguments()) {
      if (entry->getNumArguments() <= arg.getArgNumber())
        entry->addArgument(arg.getType(), arg.getLoc());
      arg.replaceAllUsesWith(entry->getArgument(arg.getArgNumber()));
    }
    block->eraseArguments(0, block->getNumArguments());
  }
  OpBuilder builder = OpBuilder::atBlockEnd(entry);
  Location loc = f->getLoc();
  Value placeholder =
      arith::ConstantOp::create(builder, loc, builder.getBoolAttr(false));
  auto branch = cf::CondBranchOp::create(builder, loc, placeholder, copy,
                                         ValueRange(), original, ValueRange());
  return wrap(branch.getOperation());
}
