//! Builds `@find` with loom's typed builders, verifies it, prints it and
//! loom's loop-facts report, then lowers it to LLVM, JIT-compiles it and
//! runs it on a few inputs, checking each result against Rust's own search.

use loom::analysis::{analyze_text, Options};
use loom::melior::ir::operation::OperationLike;
use loom_frontend::{build_search, Search};

fn main() {
    let context = loom::context();
    let search = build_search(&context);
    let module = search.module();
    if !module.as_operation().verify() {
        eprintln!("the built module does not verify:\n{}", module.as_operation());
        std::process::exit(1);
    }
    println!("{}", module.as_operation());
    print!("{}", analyze_text(module, &Options::default()));

    let compiled = match Search::compile(&context, search) {
        Ok(compiled) => compiled,
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(1);
        }
    };
    let data = [4, 8, 15, 16, 23, 42, 8];
    let mut wrong = 0;
    for key in [8, 42, 4, 7] {
        let got = compiled.find(&data, key);
        let expected = data.iter().position(|&x| x == key).unwrap_or(data.len());
        println!("find({data:?}, {key}) = {got}");
        if got != expected {
            eprintln!("  expected {expected}");
            wrong += 1;
        }
    }
    println!("find([], 1) = {}", compiled.find(&[], 1));
    std::process::exit(if wrong == 0 { 0 } else { 1 });
}
