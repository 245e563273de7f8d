//===- ForeignPass.cpp - passes implemented outside C++ -------------------===//
//
// MLIR's C API can create an external pass but not register one by name, and
// its external passes have no options. ForeignPass closes both gaps: it is a
// real mlir::Pass whose options are declared at registration time with a C++
// type per LoomForeignOptionKind (bool, a cl::values-style enum, a range-
// checked unsigned, std::string, a non-empty file name), so they parse, are
// checked when the pipeline is parsed, print and appear in --help like a C++
// pass's; its runOnOperation calls back into the foreign (Rust)
// implementation with the option values as canonical text.
//
//===----------------------------------------------------------------------===//

#include "loom-c/Loom.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"

#include <functional>
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
    /// What --help shows: the description, the range and the default.
    std::string help;
    LoomForeignOptionKind kind;
    std::vector<std::string> choices;
    unsigned min, max;
  };
  std::vector<OptionSpec> options;
  LoomForeignPassRun run;
  void *userData;
  bool preservesIR;
  TypeID typeID;
};

/// The value of a choice option: the index of the chosen name. An enum, so
/// that llvm::cl::parser<ChoiceIndex> is the generic (cl::values) parser and
/// the option parses, prints and shows its names in --help like a C++ enum
/// option.
enum class ChoiceIndex : unsigned {};

/// llvm::cl's unsigned parser that also rejects values outside [min, max].
class BoundedUnsignedParser : public llvm::cl::parser<unsigned> {
public:
  using llvm::cl::parser<unsigned>::parser;

  bool parse(llvm::cl::Option &option, StringRef argName, StringRef arg,
             unsigned &value) {
    if (llvm::cl::parser<unsigned>::parse(option, argName, arg, value))
      return true;
    if (value < min || value > max)
      return option.error("'" + arg +
                              "' value out of range for uint argument! Must "
                              "be between " +
                              llvm::Twine(min) + " and " + llvm::Twine(max),
                          argName);
    return false;
  }

  unsigned min = 0, max = ~0u;
};

/// llvm::cl's string parser that rejects the empty string: a file name, or
/// `-` for standard output.
class FileNameParser : public llvm::cl::parser<std::string> {
public:
  using llvm::cl::parser<std::string>::parser;

  bool parse(llvm::cl::Option &option, StringRef argName, StringRef arg,
             std::string &value) {
    if (arg.empty())
      return option.error("needs a file name, or '-' for standard output",
                          argName);
    return llvm::cl::parser<std::string>::parse(option, argName, arg, value);
  }
};

[[noreturn]] void badDefault(const ForeignPassSpec::OptionSpec &option) {
  llvm::report_fatal_error(llvm::Twine("foreign pass option '") + option.name +
                           "' has an invalid default '" + option.defaultValue +
                           "'");
}

class ForeignPass : public Pass {
public:
  explicit ForeignPass(std::shared_ptr<const ForeignPassSpec> spec)
      : Pass(spec->typeID, spec->opName.empty()
                               ? std::optional<StringRef>()
                               : std::optional<StringRef>(spec->opName)),
        spec(std::move(spec)) {
    for (const auto &option : this->spec->options)
      declare(option);
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
    // Foreign passes fold to arith/index constants and comparisons;
    // loom-check-claims also inserts cf.assert, memref slots and dims,
    // affine.apply and vector.vscale.
    registry.insert<arith::ArithDialect, index::IndexDialect, cf::ControlFlowDialect, memref::MemRefDialect,
                    affine::AffineDialect, vector::VectorDialect>();
  }

  void runOnOperation() override {
    std::vector<std::string> texts;
    texts.reserve(values.size());
    for (auto &value : values)
      texts.push_back(value());
    std::vector<MlirStringRef> refs;
    refs.reserve(texts.size());
    for (const std::string &text : texts)
      refs.push_back(MlirStringRef{text.data(), text.size()});
    if (!spec->run(spec->userData, wrap(getOperation()), refs.data(),
                   static_cast<intptr_t>(refs.size())))
      signalPassFailure();
    else if (spec->preservesIR)
      // What a C++ analysis pass says: nothing changed, so every analysis
      // holds and the pass manager skips verifying the IR it already
      // verified.
      markAllAnalysesPreserved();
  }

private:
  /// Declares `option` as a pass option of the C++ type matching its kind,
  /// so that the pipeline parser checks its values, and records how to turn
  /// its value back into the canonical text the foreign side receives.
  void declare(const ForeignPassSpec::OptionSpec &option) {
    switch (option.kind) {
    case LoomForeignOptionFlag: {
      bool init;
      if (option.defaultValue == "true" || option.defaultValue == "1")
        init = true;
      else if (option.defaultValue == "false" || option.defaultValue == "0" ||
               option.defaultValue.empty())
        init = false;
      else
        badDefault(option);
      auto flag = std::make_unique<Option<bool>>(
          *this, option.name,
          llvm::cl::desc(option.help), llvm::cl::init(init));
      values.push_back([o = flag.get()] {
        return std::string(o->getValue() ? "true" : "false");
      });
      owned.push_back(std::move(flag));
      return;
    }
    case LoomForeignOptionChoice: {
      auto found = llvm::find(option.choices, option.defaultValue);
      if (found == option.choices.end())
        badDefault(option);
      auto init = static_cast<ChoiceIndex>(found - option.choices.begin());
      auto choice = std::make_unique<Option<ChoiceIndex>>(
          *this, option.name, llvm::cl::desc(option.help),
          llvm::cl::init(init));
      for (size_t i = 0; i < option.choices.size(); ++i)
        choice->getParser().addLiteralOption(
            option.choices[i], static_cast<ChoiceIndex>(i),
            static_cast<ChoiceIndex>(i) == init ? "(default)" : "");
      values.push_back([o = choice.get(), &choices = option.choices] {
        return choices[static_cast<unsigned>(o->getValue())];
      });
      owned.push_back(std::move(choice));
      return;
    }
    case LoomForeignOptionUnsigned: {
      unsigned init;
      if (StringRef(option.defaultValue).getAsInteger(10, init) ||
          init < option.min || init > option.max)
        badDefault(option);
      auto number = std::make_unique<Option<unsigned, BoundedUnsignedParser>>(
          *this, option.name, llvm::cl::desc(option.help),
          llvm::cl::init(init));
      number->getParser().min = option.min;
      number->getParser().max = option.max;
      values.push_back(
          [o = number.get()] { return std::to_string(o->getValue()); });
      owned.push_back(std::move(number));
      return;
    }
    case LoomForeignOptionText: {
      auto text = std::make_unique<Option<std::string>>(
          *this, option.name, llvm::cl::desc(option.help),
          llvm::cl::init(option.defaultValue));
      values.push_back([o = text.get()] { return o->getValue(); });
      owned.push_back(std::move(text));
      return;
    }
    case LoomForeignOptionFile: {
      if (option.defaultValue.empty())
        badDefault(option);
      auto file = std::make_unique<Option<std::string, FileNameParser>>(
          *this, option.name, llvm::cl::desc(option.help),
          llvm::cl::value_desc("file"), llvm::cl::init(option.defaultValue));
      values.push_back([o = file.get()] { return o->getValue(); });
      owned.push_back(std::move(file));
      return;
    }
    }
    llvm::report_fatal_error(llvm::Twine("foreign pass option '") +
                             option.name + "' has an unknown kind");
  }

  std::shared_ptr<const ForeignPassSpec> spec;
  /// The declared options, in declaration order (they register themselves
  /// with the pass, which parses, prints and copies them).
  std::vector<std::unique_ptr<llvm::cl::Option>> owned;
  /// The canonical text of each option's current value, in the same order.
  std::vector<std::function<std::string()>> values;
};

/// Each foreign pass needs its own TypeID: the pass manager keys pass
/// instrumentation and statistics on it. Allocate them from a
/// process-lifetime allocator.
TypeID allocateTypeID() {
  static TypeIDAllocator allocator;
  return allocator.allocate();
}

/// The --help text of an option: its description, the range of an unsigned
/// option and the default (a choice option marks its default among the
/// listed names instead). llvm::cl keeps a reference to it.
std::string describe(const ForeignPassSpec::OptionSpec &option) {
  switch (option.kind) {
  case LoomForeignOptionChoice:
    return option.description;
  case LoomForeignOptionUnsigned:
    return option.description + " (" + std::to_string(option.min) + " to " +
           std::to_string(option.max) + ", default: " + option.defaultValue +
           ")";
  case LoomForeignOptionText:
  case LoomForeignOptionFile:
    return option.description + " (default: '" + option.defaultValue + "')";
  case LoomForeignOptionFlag:
    break;
  }
  return option.description + " (default: " + option.defaultValue + ")";
}

std::shared_ptr<const ForeignPassSpec> makeSpec(const LoomForeignPassInfo *info) {
  auto spec = std::make_shared<ForeignPassSpec>();
  spec->argument = unwrap(info->argument).str();
  spec->description = unwrap(info->description).str();
  spec->opName = unwrap(info->opName).str();
  for (intptr_t i = 0; i < info->numOptions; ++i) {
    const LoomForeignPassOption &option = info->options[i];
    ForeignPassSpec::OptionSpec optionSpec;
    optionSpec.name = unwrap(option.name).str();
    optionSpec.description = unwrap(option.description).str();
    optionSpec.defaultValue = unwrap(option.defaultValue).str();
    optionSpec.kind = option.kind;
    for (intptr_t j = 0; j < option.numChoices; ++j)
      optionSpec.choices.push_back(unwrap(option.choices[j]).str());
    optionSpec.min = option.min;
    optionSpec.max = option.max;
    optionSpec.help = describe(optionSpec);
    spec->options.push_back(std::move(optionSpec));
  }
  spec->run = info->run;
  spec->userData = info->userData;
  spec->preservesIR = info->preservesIR;
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
