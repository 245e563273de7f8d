//===- Facts.cpp - C helpers for the loop-facts analyses ------------------===//
//
// See loom-c/Facts.h. These are read-only queries; none of them changes IR.
//
//===----------------------------------------------------------------------===//

#include "loom-c/Facts.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Index/IR/IndexOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "loom/Dialect/LoomInterfaces.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;

/// Whether `at` itself carries a data layout spec with an `index` entry:
/// a builtin.module (which carries a spec without implementing the
/// interface; DataLayout special-cases it too) or a DataLayoutOpInterface
/// op.
static bool setsIndexWidth(Operation *at) {
  DataLayoutSpecInterface spec;
  if (auto module = dyn_cast<ModuleOp>(at))
    spec = module.getDataLayoutSpec();
  else if (auto layoutOp = dyn_cast<DataLayoutOpInterface>(at))
    spec = layoutOp.getDataLayoutSpec();
  if (!spec)
    return false;
  for (DataLayoutEntryInterface entry : spec.getEntries()) {
    auto key = llvm::dyn_cast_if_present<Type>(entry.getKey());
    if (key && isa<IndexType>(key))
      return true;
  }
  return false;
}

extern "C" unsigned loomFactsIndexBitwidth(MlirOperation raw,
                                           unsigned fallback) {
  Operation *op = unwrap(raw);
  if (!op)
    return fallback;
  // Only a spec that names `index` overrides the fallback: DataLayout's own
  // default for index (64) must not silently replace the pass option.
  for (Operation *at = op; at; at = at->getParentOp()) {
    if (!setsIndexWidth(at))
      continue;
    IndexType index = IndexType::get(op->getContext());
    llvm::TypeSize size = DataLayout::closest(op).getTypeSizeInBits(index);
    if (size.isScalable() || size.getFixedValue() == 0)
      return fallback;
    return static_cast<unsigned>(size.getFixedValue());
  }
  return fallback;
}

extern "C" bool loomFactsSetsIndexWidth(MlirOperation raw) {
  Operation *op = unwrap(raw);
  return op && setsIndexWidth(op);
}

extern "C" bool loomFactsMayAccessMemref(MlirOperation raw) {
  Operation *op = unwrap(raw);
  if (!op || llvm::none_of(op->getOperandTypes(), llvm::IsaPred<BaseMemRefType>))
    return false;
  // Control flow hands memrefs on without touching their memory.
  if (op->hasTrait<OpTrait::IsTerminator>() &&
      (op->hasTrait<OpTrait::ReturnLike>() || isa<BranchOpInterface>(op) ||
       isa<RegionBranchTerminatorOpInterface>(op) ||
       isa<loom::RegionExitTerminatorOpInterface>(op)))
    return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  if (!effects)
    // Unknown effects, unless they are those of the nested ops (each of
    // which is looked at on its own).
    return !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>();
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  for (const MemoryEffects::EffectInstance &e : instances) {
    if (!isa<MemoryEffects::Read, MemoryEffects::Write>(e.getEffect()))
      continue;
    // An effect on no value is on a resource, which may be any memref's.
    Value v = e.getValue();
    if (!v || isa<BaseMemRefType>(v.getType()))
      return true;
  }
  return false;
}

extern "C" bool loomFactsIsIsolatedFromAbove(MlirOperation raw) {
  Operation *op = unwrap(raw);
  return op && op->hasTrait<OpTrait::IsIsolatedFromAbove>();
}

extern "C" int loomFactsComparePredicate(MlirOperation raw) {
  Operation *op = unwrap(raw);
  if (auto cmp = dyn_cast_or_null<arith::CmpIOp>(op))
    return static_cast<int>(cmp.getPredicate());
  if (auto cmp = dyn_cast_or_null<index::CmpOp>(op)) {
    // IndexCmpPredicate uses arith's numbering (EQ 0 ... UGE 9); map
    // explicitly so a renumbering upstream cannot go unnoticed.
    switch (cmp.getPred()) {
    case index::IndexCmpPredicate::EQ: return 0;
    case index::IndexCmpPredicate::NE: return 1;
    case index::IndexCmpPredicate::SLT: return 2;
    case index::IndexCmpPredicate::SLE: return 3;
    case index::IndexCmpPredicate::SGT: return 4;
    case index::IndexCmpPredicate::SGE: return 5;
    case index::IndexCmpPredicate::ULT: return 6;
    case index::IndexCmpPredicate::ULE: return 7;
    case index::IndexCmpPredicate::UGT: return 8;
    case index::IndexCmpPredicate::UGE: return 9;
    }
  }
  return -1;
}

extern "C" int loomFactsOverflowFlags(MlirOperation raw) {
  auto flagged =
      dyn_cast_or_null<arith::ArithIntegerOverflowFlagsInterface>(unwrap(raw));
  if (!flagged)
    return -1;
  return (flagged.hasNoSignedWrap() ? 1 : 0) |
         (flagged.hasNoUnsignedWrap() ? 2 : 0);
}

extern "C" bool loomFactsIntegerValue(MlirAttribute raw, uint64_t *bits,
                                      unsigned *width) {
  Attribute attr = unwrap(raw);
  if (auto boolean = dyn_cast_or_null<BoolAttr>(attr)) {
    *bits = boolean.getValue() ? 1 : 0;
    *width = 1;
    return true;
  }
  auto integer = dyn_cast_or_null<IntegerAttr>(attr);
  if (!integer)
    return false;
  Type type = integer.getType();
  if (!isa<IntegerType, IndexType>(type))
    return false;
  const APInt &value = integer.getValue();
  if (value.getBitWidth() > 64)
    return false;
  *bits = value.getZExtValue();
  *width = isa<IndexType>(type) ? 64 : value.getBitWidth();
  return true;
}

static FileLineColLoc findFileLoc(Location loc) {
  // Most ops carry a file location themselves: no walk (a generic attribute
  // walk costs more than the formatting below).
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return file;
  FileLineColLoc found;
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      found = file;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

extern "C" void loomFactsPrintLocation(MlirLocation raw,
                                       MlirStringCallback callback,
                                       void *userData) {
  SmallString<128> text("unknown");
  if (FileLineColLoc file = findFileLoc(unwrap(raw))) {
    text.clear();
    llvm::raw_svector_ostream os(text);
    os << file.getFilename().getValue() << ':' << file.getLine() << ':'
       << file.getColumn();
  }
  callback(mlirStringRefCreate(text.data(), text.size()), userData);
}
