//! Passes LLVM 22's prefix, as loom's build script resolved it (its `links`
//! metadata), to the testkit's code as env!("LOOM_LLVM_PREFIX"): the tools
//! find mlir-runner and the runner libraries there.

fn main() {
    let prefix = std::env::var("DEP_LOOM_CPP_LLVM_PREFIX").expect("loom's build script sets llvm_prefix");
    println!("cargo:rustc-env=LOOM_LLVM_PREFIX={prefix}");
}
