//===- LoomInliner.cpp - loom's DialectInlinerInterface -------------------===//
//
// Lets the inliner move code into and out of loom regions, with the rules
// upstream's SCF dialect uses, plus loom's region shape:
//
//   - every loom op may be inlined, into any region: a loom op carries no
//     reference to its enclosing function (exits name their targets by
//     tokens, which the verifier keeps from leaving the op that defines them:
//     a token cannot be passed to a call, so a callee's exits target ops
//     inside the callee and move with it);
//   - a callee may be inlined into a loom region (a call inside a loom.if,
//     loom.scope, loom.loop or loom.for body is replaced by the callee's
//     body) when the callee's body is a single block: loom regions are single
//     blocks (SingleBlock, SizedRegion<1>), and a multi-block callee would
//     need branches inside them. The inliner pass already declines those for
//     SingleBlock parents; this hook declines them for any other caller of
//     the inlining utilities too.
//
// No loom terminator ends a callable region, so there is no terminator to
// rewrite (the callee's own dialect handles its return).
//
//===----------------------------------------------------------------------===//

#include "LoomDialectInternal.h"

#include "loom/Dialect/LoomOps.h"

#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;

namespace loom {
namespace {

struct LoomInlinerInterface : DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;

  /// `dest` is a region of a loom op.
  bool isLegalToInline(Region * /*dest*/, Region *src, bool /*wouldBeCloned*/,
                       IRMapping & /*valueMapping*/) const final {
    return src->hasOneBlock();
  }

  /// `op` is a loom op of the callee.
  bool isLegalToInline(Operation * /*op*/, Region * /*dest*/,
                       bool /*wouldBeCloned*/,
                       IRMapping & /*valueMapping*/) const final {
    return true;
  }
};

} // namespace

void addInlinerInterface(LoomDialect &dialect) {
  dialect.addInterfaces<LoomInlinerInterface>();
}

} // namespace loom
