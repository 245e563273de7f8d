# -*- Python -*-
# lit configuration of loom's test suite, run by LLVM 22's own lit:
#   /usr/lib/llvm-22/bin/lit test --param loom_opt=... --param plugin=...
# `cargo test` does this through tests/lit.rs.
#
# Parameters:
#   loom_opt  path of the loom-opt binary
#   loom_lsp_server, loom_reduce
#             paths of the loom-lsp-server and loom-reduce binaries
#             (default: beside loom-opt)
#   plugin    path of libLoomPlugin.so
#   driver    which driver `%loom-opt` runs: `loom-opt` (default) or
#             `plugin` (Debian's mlir-opt with libLoomPlugin.so loaded), so
#             pass tests can run under both
import os
import re
import shutil
import subprocess
import sys

import lit.formats

config.name = "loom"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test", ".c"]
# lib/ holds test support code (the loomtest dialect, linked into loom-opt
# only, like upstream's mlir/test/lib), not tests.
config.excludes = ["Inputs", "lib", "lit.cfg.py", "lit.local.cfg", "README.md"]
config.test_source_root = os.path.dirname(__file__)

llvm_bin = lit_config.params.get("llvm_bin", "/usr/lib/llvm-22/bin")
llvm_lib = os.path.join(os.path.dirname(llvm_bin), "lib")
loom_opt = lit_config.params.get("loom_opt")
plugin = lit_config.params.get("plugin")
driver = lit_config.params.get("driver", "loom-opt")
if not loom_opt or not os.path.exists(loom_opt):
    lit_config.fatal("pass --param loom_opt=<path to loom-opt> (cargo test does)")
if not plugin or not os.path.exists(plugin):
    lit_config.fatal("pass --param plugin=<path to libLoomPlugin.so> (cargo test does)")



def tool(param, name):
    path = lit_config.params.get(param) or os.path.join(os.path.dirname(loom_opt), name)
    if not os.path.exists(path):
        lit_config.fatal("%s not found: pass --param %s=<path> (cargo test does)" % (path, param))
    return path


loom_lsp_server = tool("loom_lsp_server", "loom-lsp-server")
loom_reduce = tool("loom_reduce", "loom-reduce")

mlir_opt = os.path.join(llvm_bin, "mlir-opt")
plugin_opt = "%s --load-dialect-plugin=%s --load-pass-plugin=%s" % (mlir_opt, plugin, plugin)

config.environment["PATH"] = os.pathsep.join([llvm_bin, config.environment.get("PATH", "")])
config.substitutions.append(("%loom-opt", plugin_opt if driver == "plugin" else loom_opt))
config.substitutions.append(("%loomopt-bin", loom_opt))
config.substitutions.append(("%loom-lsp-server", loom_lsp_server))
config.substitutions.append(("%loom-reduce", loom_reduce))
config.substitutions.append(("%python", sys.executable))
config.substitutions.append(("%loom-src", os.path.dirname(config.test_source_root)))
config.substitutions.append(("%melior-example", os.path.join(os.path.dirname(loom_opt), "examples", "melior_report")))
config.substitutions.append(("%loom-difftest", os.path.join(os.path.dirname(loom_opt), "loom-difftest")))
config.substitutions.append(("%loom-facts-fuzz", os.path.join(os.path.dirname(loom_opt), "loom-facts-fuzz")))
config.substitutions.append(("%loom-promote-fuzz", os.path.join(os.path.dirname(loom_opt), "loom-promote-fuzz")))
config.substitutions.append(("%plugin-opt", plugin_opt))
config.substitutions.append(("%plugin-dir", os.path.dirname(plugin)))
config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%mlir-opt", mlir_opt))
config.substitutions.append(("%mlir-runner", os.path.join(llvm_bin, "mlir-runner")))
config.substitutions.append(
    ("%runner-libs",
     "%s,%s" % (os.path.join(llvm_lib, "libmlir_c_runner_utils.so"),
                os.path.join(llvm_lib, "libmlir_runner_utils.so"))))
config.substitutions.append(("%mlir-translate", os.path.join(llvm_bin, "mlir-translate")))
config.substitutions.append(("%clang", os.path.join(llvm_bin, "clang")))
config.substitutions.append(("%llvm_lib", llvm_lib))
if driver == "plugin":
    config.available_features.add("plugin-driver")


# What `loom-opt --version` must name, found independently of build.rs: the
# package version in Cargo.toml, and the commit of the checkout (`unknown`
# when the source is not the top of a git work tree).
def loom_version(root):
    with open(os.path.join(root, "Cargo.toml")) as f:
        package = f.read().split("[package]", 1)[1]
    return re.search(r'^version = "([^"]+)"', package, re.M).group(1)


def git_commit(root):
    def git(*args):
        try:
            result = subprocess.run(["git", "-C", root] + list(args), capture_output=True, text=True)
        except OSError:
            return None
        return result.stdout.strip() if result.returncode == 0 else None

    top = git("rev-parse", "--show-toplevel")
    if not top or os.path.realpath(top) != os.path.realpath(root):
        return "unknown"
    return git("rev-parse", "--short=12", "HEAD") or "unknown"


loom_src = os.path.dirname(config.test_source_root)
config.substitutions.append(("%loom-version", loom_version(loom_src)))
config.substitutions.append(("%loom-git-commit", git_commit(loom_src)))
