//! loom-opt: mlir-opt with the loom dialect and every loom pass, plus the
//! test-only `loomtest` dialect the lit suite uses, the way mlir-opt carries
//! upstream's test dialect.
//!
//! loomtest lives in test/lib/ and is compiled by build.rs into
//! libloom_test.a, which only this binary links (the `#[link]` below): the
//! loom library, and so every program or plugin built on it, never contains
//! it.

use loom::melior::dialect::DialectRegistry;
use mlir_sys::MlirDialectRegistry;

#[link(name = "loom_test", kind = "static")]
extern "C" {
    /// Inserts the loomtest dialect into `registry`
    /// (test/lib/Dialect/LoomTest/LoomTestDialect.cpp).
    fn loomTestRegisterDialect(registry: MlirDialectRegistry);
}

fn main() {
    let test_dialects = DialectRegistry::new();
    // SAFETY: `test_dialects` is a live registry created just above, and
    // loomTestRegisterDialect only inserts the loomtest dialect's
    // constructor into it; the registry stays owned by `test_dialects`.
    unsafe { loomTestRegisterDialect(test_dialects.to_raw()) };
    std::process::exit(loom::loom_opt_main(std::env::args_os().collect(), &test_dialects));
}

/// The facts analysis builds and drops many small linear forms and
/// constraint tables per query: with glibc's allocator, allocation was
/// about an eighth of `loom-report`'s instructions. mimalloc takes about
/// 9 % off `loom-report`'s wall-clock time on bench/facts' 100k-loop
/// pipeline module. Only Rust's allocations go through it; MLIR's C++
/// keeps the system allocator (and the plugin, loaded into another
/// program, keeps that program's).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
