//===- LoomPlugin.cpp - loom as a plugin of Debian's mlir-opt -------------===//
//
// libLoomPlugin.so (scripts/build-plugin.sh) holds loom's C++ objects, the
// Rust passes (built against Debian's shared libMLIR.so) and MLIR's C API
// objects they call, linked against libMLIR.so/libLLVM.so: one copy of MLIR
// in the host process. Loaded by
//   mlir-opt --load-dialect-plugin=libLoomPlugin.so
//            --load-pass-plugin=libLoomPlugin.so
//
//===----------------------------------------------------------------------===//

#include "loom/Dialect/LoomOps.h"
#include "loom/Passes.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"

/// Defined by the Rust half (plugin/lib.rs).
extern "C" void loomRegisterRustPasses();

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "LoomDialect", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            registry->insert<loom::LoomDialect>();
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "LoomPasses", LLVM_VERSION_STRING, []() {
            loom::registerAllPasses();
            loomRegisterRustPasses();
          }};
}
