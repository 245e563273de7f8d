//===- LoomCanonicalize.cpp - canonicalization patterns of loom ops -------===//

#include "loom/Dialect/LoomOps.h"

#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace loom;

void LoopOp::getCanonicalizationPatterns(RewritePatternSet &, MLIRContext *) {}
void ForOp::getCanonicalizationPatterns(RewritePatternSet &, MLIRContext *) {}
void ScopeOp::getCanonicalizationPatterns(RewritePatternSet &, MLIRContext *) {}
void IfOp::getCanonicalizationPatterns(RewritePatternSet &, MLIRContext *) {}
