//! Entry point the C++ plugin (cpp/plugin/LoomPlugin.cpp) calls to register
//! loom's Rust passes inside a host tool such as Debian's mlir-opt.

/// Registers every loom pass written in Rust by name.
#[no_mangle]
pub extern "C" fn loomRegisterRustPasses() {
    loom::passes::register_rust();
}
