//===- LoomPlugin.cpp - loom as a plugin of Debian's mlir-opt -------------===//
//
// Built into libLoomPlugin.so against Debian's shared libMLIR.so/libLLVM.so
// (never a second copy of MLIR), loaded by
//   mlir-opt --load-dialect-plugin=libLoomPlugin.so
//            --load-pass-plugin=libLoomPlugin.so
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/LoomOps.h"
#include "loom/Passes.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "LoomDialect", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            registry->insert<loom::LoomDialect>();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "LoomPasses", LLVM_VERSION_STRING,
          []() { loom::registerAllPasses(); }};
}
