//===- ForeignPass.cpp - passes implemented outside C++ -------------------===//
//
// MLIR's C API can create an external pass but not register one by name, and
// its external passes have no options. ForeignPass closes both gaps: it is a
// real mlir::Pass whose options are declared at registration time (so they
// parse, print and appear in --help like a C++ pass's) and whose
// runOnOperation calls back into the foreign (Rust) implementation.
//
//===----------------------------------------------------------------------===//

#include "loom-c/Loom.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

#include <memory>
#include <string>
#include <vector>

using namespace mlir;

namespace {

/// What a foreign pass is, copied out of the C description so it outlives it.
struct ForeignPassSpec {
  std::string argument, description, opName;
  struct OptionSpec {
    std::string name, description, defaultValue;
  };
  std::vector<OptionSpec> options;
  LoomForeignPassRun run;
  void *userData;
  TypeID typeID;
};

class ForeignPass : public Pass {
public:
  explicit ForeignPass(std::shared_ptr<const ForeignPassSpec> spec)
      : Pass(spec->typeID, spec->opName.empty()
                               ? std::optional<StringRef>()
                               : std::optional<StringRef>(spec->opName)),
        spec(std::move(spec)) {
    for (const auto &option : this->spec->options)
      options.push_back(std::make_unique<Option<std::string>>(
          *this, option.name, llvm::cl::desc(option.description),
          llvm::cl::init(option.defaultValue)));
  }
  ForeignPass(const ForeignPass &other) : ForeignPass(other.spec) {
    copyOptionValuesFrom(&other);
  }

  StringRef getName() const override { return spec->argument; }
  StringRef getArgument() const override { return spec->argument; }
  StringRef getDescription() const override { return spec->description; }
  bool canScheduleOn(RegisteredOperationName) const override { return true; }
  std::unique_ptr<Pass> clonePass() const override {
    return std::make_unique<ForeignPass>(*this);
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    // Foreign passes fold to arith/index constants and comparisons.
    registry.insert<arith::ArithDialect, index::IndexDialect>();
  }

  void runOnOperation() override {
    std::vector<MlirStringRef> values;
    values.reserve(options.size());
    for (auto &option : options) {
      const std::string &value = option->getValue();
      values.push_back(MlirStringRef{value.data(), value.size()});
    }
    if (!spec->run(spec->userData, wrap(getOperation()), values.data(),
                   static_cast<intptr_t>(values.size())))
      signalPassFailure();
  }

private:
  std::shared_ptr<const ForeignPassSpec> spec;
  std::vector<std::unique_ptr<Option<std::string>>> options;
};

/// Each foreign pass needs its own TypeID: the pass manager keys pass
/// instrumentation and statistics on it. Allocate them from a
/// process-lifetime allocator.
TypeID allocateTypeID() {
  static TypeIDAllocator allocator;
  return allocator.allocate();
}

std::shared_ptr<const ForeignPassSpec> makeSpec(const LoomForeignPassInfo *info) {
  auto spec = std::make_shared<ForeignPassSpec>();
  spec->argument = unwrap(info->argument).str();
  spec->description = unwrap(info->description).str();
  spec->opName = unwrap(info->opName).str();
  for (intptr_t i = 0; i < info->numOptions; ++i)
    spec->options.push_back({unwrap(info->optionNames[i]).str(),
                             unwrap(info->optionDescriptions[i]).str(),
                             unwrap(info->optionDefaults[i]).str()});
  spec->run = info->run;
  spec->userData = info->userData;
  spec->typeID = allocateTypeID();
  return spec;
}

} // namespace

extern "C" void loomRegisterForeignPass(const LoomForeignPassInfo *info) {
  std::shared_ptr<const ForeignPassSpec> spec = makeSpec(info);
  registerPass([spec]() -> std::unique_ptr<Pass> {
    return std::make_unique<ForeignPass>(spec);
  });
}

extern "C" MlirPass loomCreateForeignPass(const LoomForeignPassInfo *info) {
  return wrap(static_cast<Pass *>(new ForeignPass(makeSpec(info))));
}
