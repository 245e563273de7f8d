//===- LoomTestOps.td - a second dialect using loom's interfaces -*- tablegen -*-===//
//
// `loomtest` exists only for tests: it shows that a dialect other than loom
// can take part in early exits through the PropagateControlFlowBreak trait
// (loomtest.wrap) and that ops without it stop exits (loomtest.opaque).
// Like upstream's test dialect (mlir/test/lib), it lives beside the tests
// and is linked into the loom-opt binary only, never into the library or
// the plugin (build.rs, src/bin/loom-opt.rs).
//
//===----------------------------------------------------------------------===//

#ifndef LOOM_TEST_OPS_TD
#define LOOM_TEST_OPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "LoomInterfaces.td"

def LoomTest_Dialect : Dialect {
  let name = "loomtest";
  let cppNamespace = "::loomtest";
  let summary = "Test-only ops from a second namespace that use loom's interfaces";
}

class LoomTest_Op<string mnemonic, list<Trait> traits = []>
    : Op<LoomTest_Dialect, mnemonic, traits>;

def LoomTest_WrapOp : LoomTest_Op<"wrap", [
    PropagateControlFlowBreak, RecursiveMemoryEffects, SingleBlock]> {
  let summary = "A region exits may pass through";
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
}

def LoomTest_OpaqueOp : LoomTest_Op<"opaque", [
    RecursiveMemoryEffects, SingleBlock]> {
  let summary = "A region exits may not pass through";
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict";
}

def LoomTest_EndOp : LoomTest_Op<"end", [
    Terminator, ParentOneOf<["WrapOp", "OpaqueOp"]>]> {
  let summary = "Normal end of a loomtest region";
  let assemblyFormat = "attr-dict";
}

#endif // LOOM_TEST_OPS_TD
