//===- PromoteSlots.cpp - loom-promote-slots ------------------------------===//
//
// Promotes scalar stack slots (one-element memref.alloca) to SSA values
// through structured control flow: the shape C front ends emit, where every
// local lives in a `memref<1xT>` read and written inside scf.while, scf.if
// and memref.alloca_scope regions, which upstream mem2reg does not cross.
//
// Vocabulary. A *slot* is a memref.alloca whose type has a static shape
// with one element (rank 0 included), the identity layout, no memory space,
// and an integer, index or float element type. Its *home* is the block
// holding the alloca. A *carrier* is a region op the slot's value must flow
// through: scf.if, scf.for, scf.while, scf.execute_region,
// memref.alloca_scope, loom.if, loom.scope, loom.loop, loom.for.
//
// Eligibility (carriersOf). A slot is promoted only if
//   - every use is the memref operand of a memref.load or memref.store (any
//     other use, e.g. a call, a cast, a subview, a return, or the slot
//     stored as a value, lets its address escape);
//   - every use lies in the home block or inside an op of it, and every op
//     between the use and the home block is a carrier whose regions have at
//     most one block, each ending in scf.yield, scf.condition,
//     memref.alloca_scope.return, loom.yield, loom.break or loom.continue;
//   - for each carrier that is a loom target (loom.loop, loom.for,
//     loom.scope), every user of its token is a loom.break or loom.continue,
//     and the ops between such an exit and the home block obey the rule
//     above (the exits are added to the worklist like the uses, to a fixed
//     point, since an exit's ancestors may be new targets).
// Otherwise the slot is left exactly as it was. Indices are not inspected:
// the only in-bounds index of a one-element memref is 0 in every dimension,
// any other index is undefined behaviour, so reading every access as the
// element refines the program. Memory of the slot is touched only by these
// accesses (its address does not escape), so no other op can observe it.
//
// Algorithm (Promoter). One walk over the home block after the alloca, with
// the slot's *current value* v, initially a ub.poison placed right after
// the alloca (a load before any store reads poison, as upstream mem2reg):
//   - a load of the slot is replaced by v; a store sets v to its value and
//     is erased;
//   - a carrier X is replaced by the same op with one more result of the
//     element type (a loop also gets one more init operand, v, and one more
//     block argument at the end of each region's entry block); its blocks
//     are walked recursively, starting from v (a branch) or from the new
//     block argument (a loop body, both regions of scf.while), and v becomes
//     X's new result. An scf.if/loom.if without else region gets one that
//     yields v;
//   - in a carrier's block, the terminator gets the block's final v
//     appended: a yield-like terminator (the region's normal end, or an
//     iteration's end for loops), and a loom.break/loom.continue whose
//     target is a carrier (break: the target's result; continue: the next
//     iteration's argument). An exit whose target is not a carrier leaves
//     the home block's scope (eligibility makes every op between an exit
//     and the home block a carrier), where the slot is dead.
// Finally the alloca (now without uses) and an unused poison are erased.
//
// Invariants. (1) At every point of the walk v is the value the slot holds
// there in the original program, or poison where the original reads an
// undefined value; it is defined in the block being walked or dominates it.
// (2) Every carrier's added result, iteration argument and forwarded operand
// is at the end of its list, so existing operand/result numbering, the
// tokens (argument #0) and the induction variables are unchanged; the
// appended operand lists are plain variadic tails (no segment sizes).
// (3) Promoting one slot only erases that slot's accesses and rebuilds
// carriers with their regions moved, never erased, so other slots' allocas
// and accesses survive: each alloca found by one walk of the operation is
// analysed and promoted in turn, with no fixed-point iteration.
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/LoomOps.h"
#include "loom/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseSet.h"

namespace loom {
#define GEN_PASS_DEF_LOOMPROMOTESLOTS
#include "LoomPasses.h.inc"
} // namespace loom

using namespace mlir;
using namespace loom;

namespace {

/// Whether the slot's value can flow through `op` (see the file header).
bool isCarrier(Operation *op) {
  return isa<scf::IfOp, scf::ForOp, scf::WhileOp, scf::ExecuteRegionOp,
             memref::AllocaScopeOp, IfOp, ScopeOp, LoopOp, ForOp>(op);
}

/// Whether a carrier's result is also carried around a loop (one more init
/// operand and one more entry-block argument per region).
bool isLoopCarrier(Operation *op) {
  return isa<scf::ForOp, scf::WhileOp, LoopOp, ForOp>(op);
}

/// Whether `op` ends a carrier's block in a way the promoter handles.
bool isKnownTerminator(Operation *op) {
  return isa<scf::YieldOp, scf::ConditionOp, memref::AllocaScopeReturnOp,
             YieldOp, BreakOp, ContinueOp>(op);
}

/// The op a loom.break/loom.continue is addressed to (the owner of the
/// block whose argument #0 is its token), or null.
Operation *exitTarget(Operation *exit) {
  auto token = dyn_cast<BlockArgument>(exit->getOperand(0));
  return token ? token.getOwner()->getParentOp() : nullptr;
}

/// Whether the slot's type is one the pass promotes.
bool isScalarSlot(memref::AllocaOp slot) {
  MemRefType type = slot.getType();
  return type.hasStaticShape() && type.getNumElements() == 1 &&
         type.getLayout().isIdentity() && !type.getMemorySpace() &&
         isa<IntegerType, IndexType, FloatType>(type.getElementType());
}

/// The carriers the value of `slot` flows through, or nothing when the slot
/// must be left alone (see "Eligibility" in the file header).
std::optional<llvm::DenseSet<Operation *>> carriersOf(memref::AllocaOp slot) {
  if (!isScalarSlot(slot))
    return std::nullopt;
  Block *home = slot->getBlock();
  SmallVector<Operation *> worklist;
  for (OpOperand &use : slot->getUses()) {
    Operation *user = use.getOwner();
    auto load = dyn_cast<memref::LoadOp>(user);
    auto store = dyn_cast<memref::StoreOp>(user);
    bool access = (load && &use == &load.getMemrefMutable()) ||
                  (store && &use == &store.getMemrefMutable());
    if (!access)
      return std::nullopt;
    worklist.push_back(user);
  }
  llvm::DenseSet<Operation *> carriers;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!home->findAncestorOpInBlock(*op))
      return std::nullopt;
    for (Operation *inner = op; inner->getBlock() != home;) {
      Operation *outer = inner->getParentOp();
      inner = outer;
      if (!carriers.insert(outer).second)
        break; // Already checked, with its ancestors.
      if (!isCarrier(outer))
        return std::nullopt;
      for (Region &region : outer->getRegions()) {
        if (region.empty())
          continue;
        if (!region.hasOneBlock() || !region.front().mightHaveTerminator() ||
            !isKnownTerminator(region.front().getTerminator()))
          return std::nullopt;
      }
      if (!isa<LoopOp, ForOp, ScopeOp>(outer))
        continue;
      for (Operation *exit :
           outer->getRegion(0).front().getArgument(0).getUsers()) {
        if (!isa<BreakOp, ContinueOp>(exit))
          return std::nullopt;
        worklist.push_back(exit);
      }
    }
  }
  return carriers;
}

/// Replaces `op` by an op of the same name, properties and attributes with
/// `extraOperands` appended to its operands and one more result of type
/// `extraType`; its regions are moved into the new op. Returns the new op.
Operation *rebuildWithExtraResult(RewriterBase &rewriter, Operation *op,
                                  ValueRange extraOperands, Type extraType) {
  SmallVector<Value> operands(op->getOperands());
  llvm::append_range(operands, extraOperands);
  SmallVector<Type> types(op->getResultTypes());
  types.push_back(extraType);
  OperationState state(op->getLoc(), op->getName(), operands, types,
                       llvm::to_vector(op->getDiscardableAttrs()));
  for (unsigned i = 0, e = op->getNumRegions(); i < e; ++i)
    state.addRegion();
  rewriter.setInsertionPoint(op);
  Operation *rebuilt = rewriter.create(state);
  rebuilt->copyProperties(op->getPropertiesStorage());
  for (auto [from, to] : llvm::zip(op->getRegions(), rebuilt->getRegions()))
    to.takeBody(from);
  rewriter.replaceOp(op, rebuilt->getResults().drop_back());
  return rebuilt;
}

/// Promotes one eligible slot (see "Algorithm" in the file header).
class Promoter {
public:
  Promoter(RewriterBase &rewriter, memref::AllocaOp slot,
           llvm::DenseSet<Operation *> carriers)
      : rewriter(rewriter), slot(slot), carriers(std::move(carriers)) {}

  void run() {
    Type type = slot.getType().getElementType();
    rewriter.setInsertionPointAfter(slot);
    Value poison = ub::PoisonOp::create(rewriter, slot.getLoc(), type);
    Block *home = slot->getBlock();
    walkBlock(*home, std::next(poison.getDefiningOp()->getIterator()), poison,
              /*isHome=*/true);
    rewriter.eraseOp(slot);
    if (poison.use_empty())
      rewriter.eraseOp(poison.getDefiningOp());
  }

private:
  /// Walks `block` from `from` with the slot's current value `value`;
  /// returns the value at the block's end.
  Value walkBlock(Block &block, Block::iterator from, Value value,
                  bool isHome) {
    for (Operation &op :
         llvm::make_early_inc_range(llvm::make_range(from, block.end()))) {
      if (auto load = dyn_cast<memref::LoadOp>(op);
          load && load.getMemRef() == slot.getResult()) {
        rewriter.replaceOp(load, value);
        continue;
      }
      if (auto store = dyn_cast<memref::StoreOp>(op);
          store && store.getMemRef() == slot.getResult()) {
        value = store.getValueToStore();
        rewriter.eraseOp(store);
        continue;
      }
      if (carriers.contains(&op)) {
        value = promoteCarrier(&op, value);
        continue;
      }
      if (isHome || !op.hasTrait<mlir::OpTrait::IsTerminator>())
        continue;
      if (isa<BreakOp, ContinueOp>(op) && !carriers.contains(exitTarget(&op)))
        continue;
      rewriter.modifyOpInPlace(
          &op, [&] { op.insertOperands(op.getNumOperands(), value); });
    }
    return value;
  }

  /// Rebuilds the carrier `op` to carry the slot, entered with `value`;
  /// returns the slot's value after it.
  Value promoteCarrier(Operation *op, Value value) {
    Type type = value.getType();
    bool loop = isLoopCarrier(op);
    Operation *carrier = rebuildWithExtraResult(
        rewriter, op, loop ? ValueRange(value) : ValueRange(), type);
    carriers.erase(op);
    carriers.insert(carrier);
    for (Region &region : carrier->getRegions()) {
      if (region.empty()) {
        // An scf.if / loom.if without else: the else yields the value.
        rewriter.createBlock(&region);
        if (isa<scf::IfOp>(carrier))
          scf::YieldOp::create(rewriter, carrier->getLoc(), value);
        else
          YieldOp::create(rewriter, carrier->getLoc(), ValueRange(value));
        continue;
      }
      Block &block = region.front();
      Value entry =
          loop ? Value(block.addArgument(type, carrier->getLoc())) : value;
      walkBlock(block, block.begin(), entry, /*isHome=*/false);
    }
    return carrier->getResults().back();
  }

  RewriterBase &rewriter;
  memref::AllocaOp slot;
  llvm::DenseSet<Operation *> carriers;
};

struct PromoteSlots : loom::impl::LoomPromoteSlotsBase<PromoteSlots> {
  void runOnOperation() override {
    SmallVector<memref::AllocaOp> slots;
    getOperation()->walk([&](memref::AllocaOp slot) { slots.push_back(slot); });
    IRRewriter rewriter(&getContext());
    for (memref::AllocaOp slot : slots) {
      std::optional<llvm::DenseSet<Operation *>> carriers = carriersOf(slot);
      if (carriers)
        Promoter(rewriter, slot, std::move(*carriers)).run();
    }
  }
};

} // namespace
