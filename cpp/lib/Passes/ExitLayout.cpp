//===- ExitLayout.cpp - outcomes and layouts of the scf-based lowerings ---===//
//
// See ExitLayout.h.
//
//===----------------------------------------------------------------------===//

#include "ExitLayout.h"

#include "loom/Dialect/LoomOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

namespace loom::exits {

SmallVector<Type> outcomeTypes(Outcome outcome) {
  Operation *op = outcome.getPointer();
  if (!outcome.getInt())
    return SmallVector<Type>(op->getResultTypes());
  if (auto loop = dyn_cast<LoopOp>(op))
    return SmallVector<Type>(loop.getInits().getTypes());
  return SmallVector<Type>(cast<ForOp>(op).getInitArgs().getTypes());
}

Layout makeLayout(ArrayRef<Outcome> outcomes, MLIRContext *ctx) {
  Layout layout;
  layout.outcomes.assign(outcomes.begin(), outcomes.end());
  if (layout.usesCodes())
    layout.types.push_back(IntegerType::get(ctx, 32));
  else if (layout.hasState())
    layout.types.push_back(IntegerType::get(ctx, 1));
  for (Outcome o : outcomes) {
    layout.slotStart.push_back(layout.types.size());
    layout.slotTypes.push_back(outcomeTypes(o));
    llvm::append_range(layout.types, layout.slotTypes.back());
  }
  return layout;
}

ValueRange slots(const Layout &layout, ValueRange packed, Outcome o) {
  unsigned i = layout.indexOf(o);
  return packed.slice(layout.slotStart[i], layout.slotTypes[i].size());
}

unsigned OutcomeCodes::code(Outcome o) {
  auto [it, inserted] = codes.try_emplace(o.getOpaqueValue(), codes.size() + 1);
  return it->second;
}

Value OutcomeCodes::stateConstant(OpBuilder &builder, Location loc,
                                  const Layout &layout, Outcome o) {
  if (layout.usesCodes())
    return arith::ConstantIntOp::create(builder, loc, code(o), 32);
  return arith::ConstantIntOp::create(builder, loc, layout.indexOf(o) == 0, 1);
}

Value OutcomeCodes::testOutcome(OpBuilder &builder, Location loc,
                                const Layout &layout, ValueRange packed,
                                Outcome o) {
  if (!layout.hasState())
    return arith::ConstantIntOp::create(builder, loc, 1, 1);
  Value state = packed[0];
  if (!layout.usesCodes()) {
    if (layout.indexOf(o) == 0)
      return state;
    Value one = arith::ConstantIntOp::create(builder, loc, 1, 1);
    return arith::XOrIOp::create(builder, loc, state, one);
  }
  Value c = arith::ConstantIntOp::create(builder, loc, code(o), 32);
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq, state,
                               c);
}

SmallVector<Value> OutcomeCodes::encode(OpBuilder &builder, Location loc,
                                        const Layout &layout, Outcome o,
                                        ValueRange values,
                                        Placeholder placeholder) {
  SmallVector<Value> packed;
  if (layout.hasState())
    packed.push_back(stateConstant(builder, loc, layout, o));
  for (auto [i, other] : llvm::enumerate(layout.outcomes)) {
    if (other == o) {
      llvm::append_range(packed, values);
      continue;
    }
    for (Type type : layout.slotTypes[i])
      packed.push_back(placeholder(loc, type, values));
  }
  return packed;
}

SmallVector<Value> OutcomeCodes::convert(OpBuilder &builder, Location loc,
                                         const Layout &from, ValueRange packed,
                                         ArrayRef<Outcome> possible,
                                         const Layout &to,
                                         Placeholder placeholder) {
  SmallVector<Value> result;
  if (to.hasState()) {
    if (possible.size() == 1) {
      result.push_back(stateConstant(builder, loc, to, possible.front()));
    } else if (from.usesCodes() && to.usesCodes()) {
      result.push_back(packed[0]);
    } else {
      Value state = stateConstant(builder, loc, to, possible.back());
      for (Outcome o : llvm::reverse(possible.drop_back())) {
        Value is = testOutcome(builder, loc, from, packed, o);
        state = arith::SelectOp::create(
            builder, loc, is, stateConstant(builder, loc, to, o), state);
      }
      result.push_back(state);
    }
  }
  for (auto [i, o] : llvm::enumerate(to.outcomes)) {
    if (llvm::is_contained(possible, o)) {
      llvm::append_range(result, slots(from, packed, o));
      continue;
    }
    for (Type type : to.slotTypes[i])
      result.push_back(placeholder(loc, type, packed));
  }
  return result;
}

} // namespace loom::exits
