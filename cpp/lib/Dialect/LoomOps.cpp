//===- LoomOps.cpp - loom op syntax, verifiers and loop interfaces --------===//
//
// Custom syntax (the textual form is a contract, see tablegen/LoomOps.td),
// op-local verifiers (region shapes, block arguments, yield types) and the
// LoopLikeOpInterface / HasBreakingControlFlowOpInterface hooks and the
// speculatability of loom.if, loom.scope and the exits. Rules about
// tokens and exits that cross regions live in LoomInterfaces.cpp.
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/LoomOps.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringExtras.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace loom;

//===----------------------------------------------------------------------===//
// Shared syntax helpers
//===----------------------------------------------------------------------===//

/// Parses `token(%t)` into a region argument of !loom.token type.
static ParseResult parseTokenClause(OpAsmParser &parser,
                                    OpAsmParser::Argument &token) {
  if (parser.parseKeyword("token") || parser.parseLParen() ||
      parser.parseArgument(token) || parser.parseRParen())
    return failure();
  token.type = TokenType::get(parser.getContext());
  return success();
}

/// Parses `-> (t1, t2)` (or `-> t`) when present.
static ParseResult parseOptionalResults(OpAsmParser &parser,
                                        SmallVectorImpl<Type> &types) {
  return parser.parseOptionalArrowTypeList(types);
}

/// Prints ` -> (t1, t2)` when there are results; always parenthesised.
static void printResults(OpAsmPrinter &p, TypeRange types) {
  if (types.empty())
    return;
  p << " -> (";
  llvm::interleaveComma(types, p);
  p << ")";
}

/// Prints `iter_args(%a = %x, %b = %y)`.
static void printIterArgs(OpAsmPrinter &p, ValueRange args, ValueRange inits) {
  p << " iter_args(";
  llvm::interleaveComma(llvm::zip(args, inits), p, [&](auto pair) {
    p << std::get<0>(pair) << " = " << std::get<1>(pair);
  });
  p << ")";
}

/// Adds an operand-less `loom.yield` to a region's single block when the
/// block does not already end with a terminator (the elided form). Only
/// registered terminators count: an unregistered op is never a valid end of a
/// loom region, and treating it as one would make the printed form (which
/// elides the yield after it) fail to re-parse.
static void ensureYieldTerminator(Region &region, Builder &builder,
                                  Location loc) {
  if (region.empty())
    region.push_back(new Block());
  Block &block = region.front();
  if (!block.empty() && block.back().hasTrait<mlir::OpTrait::IsTerminator>())
    return;
  OpBuilder b(builder.getContext());
  b.setInsertionPointToEnd(&block);
  YieldOp::create(b, loc);
}

/// Whether `region` has exactly one block with at least `minArgs` arguments.
/// The custom printers check the shape they rely on and otherwise print the
/// op generically, so printing IR that failed (or skipped) verification, e.g.
/// with --mlir-print-assume-verified, never reads past what exists.
static bool hasSingleBlock(Region &region, unsigned minArgs) {
  return llvm::hasSingleElement(region) &&
         region.front().getNumArguments() >= minArgs;
}

/// Whether the block ends with an operand-less loom.yield that may be elided.
static bool hasElidableYield(Block &block) {
  if (block.empty())
    return false;
  auto yield = dyn_cast<YieldOp>(block.back());
  return yield && yield.getValues().empty() &&
         yield->getAttrDictionary().empty();
}

/// The terminator of a single-block region, or null with a diagnostic.
static Operation *getVerifiedTerminator(Operation *op, Region &region,
                                        StringRef regionName) {
  if (region.empty() || region.front().empty() ||
      !region.front().back().hasTrait<mlir::OpTrait::IsTerminator>()) {
    op->emitOpError() << regionName << " region must end with a terminator";
    return nullptr;
  }
  return &region.front().back();
}

/// Checks the terminator of a region of an op whose regions may end with a
/// normal `loom.yield` of `yieldTypes` or an exit.
static LogicalResult verifyYieldOrExit(Operation *op, Region &region,
                                       StringRef regionName,
                                       TypeRange yieldTypes,
                                       StringRef yieldMeaning) {
  Operation *term = getVerifiedTerminator(op, region, regionName);
  if (!term)
    return failure();
  auto exit = dyn_cast<RegionExitTerminatorOpInterface>(term);
  if (!exit)
    return op->emitOpError()
           << regionName << " region must end with loom.yield, loom.break or "
           << "loom.continue, not '" << term->getName() << "'";
  if (exit.getExitKind() != ExitKind::Yield)
    return success();
  ValueRange values = exit.getForwardedOperands();
  if (values.size() != yieldTypes.size())
    return term->emitOpError()
           << "yields " << values.size() << " value(s) but the parent '"
           << op->getName() << "' expects " << yieldTypes.size() << " ("
           << yieldMeaning << ")";
  for (auto [index, pair] : llvm::enumerate(llvm::zip(values, yieldTypes)))
    if (std::get<0>(pair).getType() != std::get<1>(pair))
      return term->emitOpError()
             << "yield value #" << index << " has type "
             << std::get<0>(pair).getType() << " but the parent '"
             << op->getName() << "' expects " << std::get<1>(pair) << " ("
             << yieldMeaning << ")";
  return success();
}

/// Checks that a token-defining op's entry block has the expected arguments.
static LogicalResult verifyEntryArguments(Operation *op, Block &entry,
                                          unsigned leading,
                                          TypeRange iterTypes,
                                          StringRef leadingNames) {
  if (entry.getNumArguments() != leading + iterTypes.size())
    return op->emitOpError()
           << "body must have " << leading + iterTypes.size()
           << " block argument(s) (" << leadingNames << ", then one per "
           << "iteration argument) but has " << entry.getNumArguments();
  for (auto [index, pair] : llvm::enumerate(
           llvm::zip(entry.getArguments().drop_front(leading), iterTypes)))
    if (std::get<0>(pair).getType() != std::get<1>(pair))
      return op->emitOpError()
             << "iteration argument #" << index << " has type "
             << std::get<0>(pair).getType() << " but its initial value has type "
             << std::get<1>(pair);
  return success();
}

/// Whether an exit nested in `op` (at any depth) leaves `op`: a break or
/// continue whose target is not `op` or an op inside it (an invalid token,
/// which the verifier reports, counts as leaving).
static bool containsExitLeaving(Operation *op) {
  auto leaves = [&](RegionExitTerminatorOpInterface exit) {
    if (exit.getExitKind() == ExitKind::Yield)
      return WalkResult::advance();
    Operation *target = exit.getExitTarget();
    return target && op->isAncestor(target) ? WalkResult::advance()
                                            : WalkResult::interrupt();
  };
  return op->walk(leaves).wasInterrupted();
}

/// The speculatability of a loom.if or loom.scope: an exit leaving the op is
/// control flow that must stay where it is (executing it early would leave
/// the target even on paths that never reach the op), so such an op is never
/// speculatable; otherwise it is as speculatable as its contents.
static Speculation::Speculatability getRegionOpSpeculatability(Operation *op) {
  return containsExitLeaving(op) ? Speculation::NotSpeculatable
                                 : Speculation::RecursivelySpeculatable;
}

static LogicalResult verifyNoTokenResults(Operation *op) {
  for (Type type : op->getResultTypes())
    if (isa<TokenType>(type))
      return op->emitOpError("cannot produce a !loom.token result");
  return success();
}

//===----------------------------------------------------------------------===//
// LoopOp
//===----------------------------------------------------------------------===//

ParseResult LoopOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> regionArgs(1);
  if (parseTokenClause(parser, regionArgs[0]))
    return failure();

  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  SmallVector<Type> initTypes;
  if (succeeded(parser.parseOptionalKeyword("iter_args"))) {
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseAssignmentList(regionArgs, inits) || parser.parseColon() ||
        parser.parseLParen() ||
        (failed(parser.parseOptionalRParen()) &&
         (parser.parseTypeList(initTypes) || parser.parseRParen())))
      return failure();
    if (initTypes.size() != inits.size())
      return parser.emitError(loc)
             << "expected " << inits.size() << " iteration argument type(s), got "
             << initTypes.size();
    for (auto [arg, type] : llvm::zip(llvm::drop_begin(regionArgs), initTypes))
      arg.type = type;
    if (parser.resolveOperands(inits, initTypes, loc, result.operands))
      return failure();
  }
  if (parseOptionalResults(parser, result.types))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, regionArgs) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  return success();
}

void LoopOp::print(OpAsmPrinter &p) {
  if (!hasSingleBlock(getBody(), 1) ||
      getBodyBlock()->getNumArguments() != 1 + getInits().size()) {
    p.printGenericOp(*this);
    return;
  }
  p << " token(" << getBodyBlock()->getArgument(0) << ")";
  if (!getInits().empty()) {
    printIterArgs(p, getIterArgs(), getInits());
    p << " : (";
    llvm::interleaveComma(getInits().getTypes(), p);
    p << ")";
  }
  printResults(p, getResultTypes());
  p << " ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/true);
  p.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult LoopOp::verify() {
  if (getBody().empty())
    return emitOpError("body region must not be empty");
  if (failed(verifyEntryArguments(*this, *getBodyBlock(), 1,
                                  getInits().getTypes(), "the token")) ||
      failed(verifyNoTokenResults(*this)))
    return failure();
  Operation *term = getVerifiedTerminator(*this, getBody(), "body");
  if (!term)
    return failure();
  auto exit = dyn_cast<RegionExitTerminatorOpInterface>(term);
  if (!exit || exit.getExitKind() == ExitKind::Yield)
    return emitOpError() << "body must end with loom.break or loom.continue, "
                            "not '"
                         << term->getName() << "'";
  return success();
}

BlockArgument LoopOp::getToken() { return getBodyBlock()->getArgument(0); }
TypeRange LoopOp::getBreakTypes() { return getResultTypes(); }
bool LoopOp::acceptsContinue() { return true; }
Block::BlockArgListType LoopOp::getContinueArguments() { return getIterArgs(); }
Block::BlockArgListType LoopOp::getRegionIterArgs() { return getIterArgs(); }
SmallVector<Region *> LoopOp::getLoopRegions() { return {&getBody()}; }

//===----------------------------------------------------------------------===//
// ForOp
//===----------------------------------------------------------------------===//

ParseResult ForOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  OpAsmParser::Argument token, iv;
  OpAsmParser::UnresolvedOperand lb, ub, step;
  if (parser.parseArgument(iv) || parser.parseEqual() ||
      parser.parseOperand(lb) || parser.parseKeyword("to") ||
      parser.parseOperand(ub) || parser.parseKeyword("step") ||
      parser.parseOperand(step) || parseTokenClause(parser, token))
    return failure();

  SmallVector<OpAsmParser::Argument> regionArgs{token, iv};
  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  bool hasIterArgs = succeeded(parser.parseOptionalKeyword("iter_args"));
  if (hasIterArgs && parser.parseAssignmentList(regionArgs, inits))
    return failure();
  if (parseOptionalResults(parser, result.types))
    return failure();
  if (result.types.size() != inits.size())
    return parser.emitError(parser.getNameLoc())
           << "expected " << inits.size()
           << " result type(s), one per iteration argument, got "
           << result.types.size();

  Type ivType = builder.getIndexType();
  if (succeeded(parser.parseOptionalColon()) && parser.parseType(ivType))
    return failure();
  regionArgs[1].type = ivType;
  for (auto [arg, type] : llvm::zip(llvm::drop_begin(regionArgs, 2),
                                    result.types))
    arg.type = type;

  if (parser.resolveOperand(lb, ivType, result.operands) ||
      parser.resolveOperand(ub, ivType, result.operands) ||
      parser.resolveOperand(step, ivType, result.operands) ||
      parser.resolveOperands(inits, result.types, parser.getNameLoc(),
                             result.operands))
    return failure();

  Region *body = result.addRegion();
  if (parser.parseRegion(*body, regionArgs))
    return failure();
  ensureYieldTerminator(*body, builder, result.location);
  return parser.parseOptionalAttrDict(result.attributes);
}

void ForOp::print(OpAsmPrinter &p) {
  if ((*this)->getNumOperands() < 3 || !hasSingleBlock(getBody(), 2) ||
      getBodyBlock()->getNumArguments() != 2 + getInitArgs().size() ||
      getNumResults() != getInitArgs().size() ||
      getResultTypes() != getInitArgs().getTypes() ||
      getLowerBound().getType() != getUpperBound().getType() ||
      getLowerBound().getType() != getStep().getType() ||
      getLowerBound().getType() != getInductionVar().getType()) {
    p.printGenericOp(*this);
    return;
  }
  p << " " << getInductionVar() << " = " << getLowerBound() << " to "
    << getUpperBound() << " step " << getStep() << " token("
    << getBodyBlock()->getArgument(0) << ")";
  if (!getInitArgs().empty())
    printIterArgs(p, getIterArgs(), getInitArgs());
  printResults(p, getResultTypes());
  if (!getLowerBound().getType().isIndex())
    p << " : " << getLowerBound().getType();
  p << " ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/
                !getInitArgs().empty() || !hasElidableYield(*getBodyBlock()));
  p.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult ForOp::verify() {
  if (getBody().empty())
    return emitOpError("body region must not be empty");
  if (getInitArgs().size() != getNumResults())
    return emitOpError() << "has " << getInitArgs().size()
                         << " iteration argument(s) but " << getNumResults()
                         << " result(s); they must correspond one to one";
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip(getInitArgs().getTypes(), getResultTypes())))
    if (std::get<0>(pair) != std::get<1>(pair))
      return emitOpError() << "result #" << index << " has type "
                           << std::get<1>(pair)
                           << " but its iteration argument has type "
                           << std::get<0>(pair);
  Block &entry = *getBodyBlock();
  if (failed(verifyEntryArguments(*this, entry, 2, getInitArgs().getTypes(),
                                  "the token, the induction variable")) ||
      failed(verifyNoTokenResults(*this)))
    return failure();
  if (entry.getArgument(1).getType() != getLowerBound().getType())
    return emitOpError() << "induction variable has type "
                         << entry.getArgument(1).getType()
                         << " but the bounds have type "
                         << getLowerBound().getType();
  APInt stepValue;
  if (matchPattern(getStep(), m_ConstantInt(&stepValue)) &&
      !stepValue.isStrictlyPositive())
    return emitOpError() << "constant step must be positive, got "
                         << llvm::toString(stepValue, 10, /*Signed=*/true);
  return verifyYieldOrExit(*this, getBody(), "body", getInitArgs().getTypes(),
                           "the iteration argument types");
}

BlockArgument ForOp::getToken() { return getBodyBlock()->getArgument(0); }
TypeRange ForOp::getBreakTypes() { return getResultTypes(); }
bool ForOp::acceptsContinue() { return true; }
Block::BlockArgListType ForOp::getContinueArguments() { return getIterArgs(); }
MutableArrayRef<OpOperand> ForOp::getInitsMutable() {
  return getInitArgsMutable();
}
Block::BlockArgListType ForOp::getRegionIterArgs() { return getIterArgs(); }
SmallVector<Region *> ForOp::getLoopRegions() { return {&getBody()}; }
std::optional<SmallVector<Value>> ForOp::getLoopInductionVars() {
  return SmallVector<Value>{getInductionVar()};
}
std::optional<SmallVector<OpFoldResult>> ForOp::getLoopLowerBounds() {
  return SmallVector<OpFoldResult>{OpFoldResult(getLowerBound())};
}
std::optional<SmallVector<OpFoldResult>> ForOp::getLoopUpperBounds() {
  return SmallVector<OpFoldResult>{OpFoldResult(getUpperBound())};
}
std::optional<SmallVector<OpFoldResult>> ForOp::getLoopSteps() {
  return SmallVector<OpFoldResult>{OpFoldResult(getStep())};
}

//===----------------------------------------------------------------------===//
// ScopeOp
//===----------------------------------------------------------------------===//

ParseResult ScopeOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> regionArgs(1);
  if (parseTokenClause(parser, regionArgs[0]) ||
      parseOptionalResults(parser, result.types))
    return failure();
  Region *body = result.addRegion();
  if (parser.parseRegion(*body, regionArgs))
    return failure();
  ensureYieldTerminator(*body, parser.getBuilder(), result.location);
  return parser.parseOptionalAttrDict(result.attributes);
}

void ScopeOp::print(OpAsmPrinter &p) {
  if (!hasSingleBlock(getBody(), 1) || getBodyBlock()->getNumArguments() != 1) {
    p.printGenericOp(*this);
    return;
  }
  p << " token(" << getBodyBlock()->getArgument(0) << ")";
  printResults(p, getResultTypes());
  p << " ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/
                getNumResults() != 0 || !hasElidableYield(*getBodyBlock()));
  p.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult ScopeOp::verify() {
  if (getBody().empty())
    return emitOpError("body region must not be empty");
  if (failed(verifyEntryArguments(*this, *getBodyBlock(), 1, {}, "the token")) ||
      failed(verifyNoTokenResults(*this)))
    return failure();
  return verifyYieldOrExit(*this, getBody(), "body", getResultTypes(),
                           "the scope's result types");
}

BlockArgument ScopeOp::getToken() { return getBodyBlock()->getArgument(0); }
TypeRange ScopeOp::getBreakTypes() { return getResultTypes(); }
bool ScopeOp::acceptsContinue() { return false; }
Block::BlockArgListType ScopeOp::getContinueArguments() {
  return getBodyBlock()->getArguments().drop_front(
      getBodyBlock()->getNumArguments());
}
Speculation::Speculatability ScopeOp::getSpeculatability() {
  return getRegionOpSpeculatability(*this);
}

//===----------------------------------------------------------------------===//
// IfOp
//===----------------------------------------------------------------------===//

void IfOp::build(OpBuilder &builder, OperationState &result,
                 TypeRange resultTypes, Value cond) {
  result.addOperands(cond);
  result.addTypes(resultTypes);
  OpBuilder::InsertionGuard guard(builder);
  for (int i = 0; i < 2; ++i) {
    Region *region = result.addRegion();
    builder.createBlock(region);
    if (resultTypes.empty())
      YieldOp::create(builder, result.location);
  }
}

ParseResult IfOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  OpAsmParser::UnresolvedOperand cond;
  if (parser.parseOperand(cond) ||
      parser.resolveOperand(cond, builder.getI1Type(), result.operands) ||
      parseOptionalResults(parser, result.types))
    return failure();
  Region *thenRegion = result.addRegion();
  Region *elseRegion = result.addRegion();
  if (parser.parseRegion(*thenRegion, {}))
    return failure();
  ensureYieldTerminator(*thenRegion, builder, result.location);
  if (succeeded(parser.parseOptionalKeyword("else")) &&
      parser.parseRegion(*elseRegion, {}))
    return failure();
  ensureYieldTerminator(*elseRegion, builder, result.location);
  return parser.parseOptionalAttrDict(result.attributes);
}

void IfOp::print(OpAsmPrinter &p) {
  if ((*this)->getNumOperands() != 1 ||
      !(*this)->getOperand(0).getType().isInteger(1) ||
      !hasSingleBlock(getThenRegion(), 0) ||
      !hasSingleBlock(getElseRegion(), 0) ||
      getThenBlock()->getNumArguments() != 0 ||
      getElseBlock()->getNumArguments() != 0) {
    p.printGenericOp(*this);
    return;
  }
  bool noResults = getNumResults() == 0;
  p << " " << getCondition();
  printResults(p, getResultTypes());
  p << " ";
  p.printRegion(getThenRegion(), /*printEntryBlockArgs=*/false,
                /*printBlockTerminators=*/
                !noResults || !hasElidableYield(*getThenBlock()));
  Block *elseBlock = getElseBlock();
  bool elseIsEmpty = noResults && elseBlock->getOperations().size() == 1 &&
                     hasElidableYield(*elseBlock);
  if (!elseIsEmpty) {
    p << " else ";
    p.printRegion(getElseRegion(), /*printEntryBlockArgs=*/false,
                  /*printBlockTerminators=*/
                  !noResults || !hasElidableYield(*elseBlock));
  }
  p.printOptionalAttrDict((*this)->getAttrs());
}

LogicalResult IfOp::verify() {
  if (failed(verifyNoTokenResults(*this)))
    return failure();
  if (failed(verifyYieldOrExit(*this, getThenRegion(), "then",
                               getResultTypes(), "the if's result types")))
    return failure();
  return verifyYieldOrExit(*this, getElseRegion(), "else", getResultTypes(),
                           "the if's result types");
}

Speculation::Speculatability IfOp::getSpeculatability() {
  return getRegionOpSpeculatability(*this);
}

//===----------------------------------------------------------------------===//
// Terminators
//===----------------------------------------------------------------------===//

// An exit is a control transfer: executing it anywhere else than where it is
// changes where control goes. Never speculatable.
Speculation::Speculatability BreakOp::getSpeculatability() {
  return Speculation::NotSpeculatable;
}
Speculation::Speculatability ContinueOp::getSpeculatability() {
  return Speculation::NotSpeculatable;
}

ExitKind BreakOp::getExitKind() { return ExitKind::Break; }
Value BreakOp::getExitToken() { return getToken(); }
OperandRange BreakOp::getForwardedOperands() { return getValues(); }

ExitKind ContinueOp::getExitKind() { return ExitKind::Continue; }
Value ContinueOp::getExitToken() { return getToken(); }
OperandRange ContinueOp::getForwardedOperands() { return getValues(); }

ExitKind YieldOp::getExitKind() { return ExitKind::Yield; }
Value YieldOp::getExitToken() { return Value(); }
OperandRange YieldOp::getForwardedOperands() { return getValues(); }

//===----------------------------------------------------------------------===//
// AssumeRangeOp
//===----------------------------------------------------------------------===//

ParseResult AssumeRangeOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand input;
  APInt lo, hi;
  Type type;
  SMLoc boundsLoc;
  if (parser.parseOperand(input) || parser.parseLSquare())
    return failure();
  boundsLoc = parser.getCurrentLocation();
  if (parser.parseInteger(lo) || parser.parseComma() ||
      parser.parseInteger(hi) || parser.parseRSquare() ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(type) ||
      parser.resolveOperand(input, type, result.operands))
    return failure();
  if (!type.isSignlessIntOrIndex())
    return parser.emitError(parser.getNameLoc())
           << "expected a signless integer or index type, got " << type;
  unsigned width = type.isIndex() ? IndexType::kInternalStorageBitWidth
                                  : type.getIntOrFloatBitWidth();
  // The bounds are signed values: they must fit the type as signed integers
  // (so `[0, 255] : i8` is an error rather than the range [0, -1]).
  for (const APInt &bound : {lo, hi})
    if (bound.getSignificantBits() > width)
      return parser.emitError(boundsLoc)
             << "range bound " << llvm::toString(bound, 10, /*Signed=*/true)
             << " does not fit in " << type << " as a signed value";
  Builder &b = parser.getBuilder();
  result.addAttribute("lo", b.getIntegerAttr(type, lo.sextOrTrunc(width)));
  result.addAttribute("hi", b.getIntegerAttr(type, hi.sextOrTrunc(width)));
  result.addTypes(type);
  return success();
}

void AssumeRangeOp::print(OpAsmPrinter &p) {
  auto lo = dyn_cast_if_present<IntegerAttr>(getLoAttr());
  auto hi = dyn_cast_if_present<IntegerAttr>(getHiAttr());
  if ((*this)->getNumOperands() != 1 || (*this)->getNumResults() != 1 ||
      !lo || !hi || lo.getType() != getType() || hi.getType() != getType() ||
      getInput().getType() != getType()) {
    p.printGenericOp(*this);
    return;
  }
  p << " " << getInput() << " [" << getLo() << ", " << getHi() << "]";
  p.printOptionalAttrDict((*this)->getAttrs(), {"lo", "hi"});
  p << " : " << getType();
}

unsigned AssumeRangeOp::getBoundBitwidth() {
  Type type = getType();
  if (!type.isIndex())
    return type.getIntOrFloatBitWidth();
  llvm::TypeSize size = DataLayout::closest(*this).getTypeSizeInBits(type);
  // DLTI accepts any integer as the index width (0 included); a scalable
  // size is no fixed width and is treated as 0, where only the bound 0 fits.
  return size.isScalable() ? 0 : static_cast<unsigned>(size.getFixedValue());
}

/// Whether `bound`, a signed value, is representable in `width` bits (at
/// width 0 only zero is).
static bool fitsSigned(const APInt &bound, unsigned width) {
  return width == 0 ? bound.isZero() : bound.getSignificantBits() <= width;
}

LogicalResult AssumeRangeOp::verify() {
  auto lo = dyn_cast<IntegerAttr>(getLoAttr());
  auto hi = dyn_cast<IntegerAttr>(getHiAttr());
  if (!lo || !hi || lo.getType() != getType() || hi.getType() != getType())
    return emitOpError() << "bounds must be integer attributes of type "
                         << getType();
  // The bounds of an index op are stored at 64 bits but the value lives at
  // the data layout's index width: a bound that does not fit it would be
  // truncated by the lowering (and the check would let values through).
  unsigned width = getBoundBitwidth();
  for (const APInt &bound : {lo.getValue(), hi.getValue()})
    if (!fitsSigned(bound, width)) {
      std::string typeName;
      llvm::raw_string_ostream(typeName) << getType();
      InFlightDiagnostic diag =
          emitOpError() << "bound " << llvm::toString(bound, 10, /*Signed=*/true)
                        << " does not fit " << typeName << " at " << width
                        << " bits";
      if (getType().isIndex())
        diag << " (the data layout's index width)";
      return diag;
    }
  if (lo.getValue().sgt(hi.getValue()))
    return emitOpError() << "empty range: lower bound "
                         << llvm::toString(lo.getValue(), 10, /*Signed=*/true)
                         << " is greater than upper bound "
                         << llvm::toString(hi.getValue(), 10, /*Signed=*/true);
  return success();
}

void AssumeRangeOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                      SetIntRangeFn setResultRange) {
  const APInt &lo = getLo();
  const APInt &hi = getHi();
  ConstantIntRanges assumed = ConstantIntRanges::fromSigned(lo, hi);
  setResultRange(getResult(), argRanges[0].intersection(assumed));
}

#define GET_OP_CLASSES
#include "LoomOps.cpp.inc"
