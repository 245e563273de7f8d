//===- Registration.cpp - register loom's C++ passes ----------------------===//

#include "loom/Passes.h"

namespace loom {
namespace {
#define GEN_PASS_REGISTRATION
#include "LoomPasses.h.inc"
} // namespace

void registerAllPasses() {
  static bool registered = [] {
    registerLoomPasses();
    return true;
  }();
  (void)registered;
}
} // namespace loom
