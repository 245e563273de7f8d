//! Using loom from a Rust program that already uses melior: register the
//! dialect, run loom passes from a melior PassManager, and read the loop
//! facts as typed data.
//!
//! Run: `cargo run --example melior_report [FILE.mlir]` (default:
//! examples/store.mlir).

use loom::analysis::{analyze, LoopStatus, Options};
use loom::melior::ir::Module;
use loom::melior::pass::PassManager;
use loom::melior::Context;

fn main() {
    let path =
        std::env::args().nth(1).unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/examples/store.mlir").into());
    let source = match std::fs::read_to_string(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
            std::process::exit(1);
        }
    };

    // 1. Register loom (and every upstream dialect) in a context.
    let context = Context::new();
    loom::dialect::register_all(&context);
    let Some(mut module) = Module::parse(&context, &source) else {
        eprintln!("{path}: not valid MLIR");
        std::process::exit(1);
    };

    // 2. The loop facts as typed data (the same data loom-report writes).
    let report = analyze(&module, &Options::default());
    for l in &report.loops {
        match l.status {
            LoopStatus::Exact => println!(
                "{} {} in @{}: body runs {} times, condition {} times",
                l.loc,
                l.op,
                l.function,
                l.body_count.unwrap_or_default(),
                l.condition_count.unwrap_or_default()
            ),
            _ => println!(
                "{} {} in @{}: {:?} ({})",
                l.loc,
                l.op,
                l.function,
                l.status,
                l.reason.clone().unwrap_or_default()
            ),
        }
    }
    for a in &report.accesses {
        println!("{} {}: {:?}", a.loc, a.op, a.status);
    }

    // 3. loom passes in a melior PassManager: a C++ pass by pipeline text
    //    and a Rust pass as a pass object.
    loom::passes::register_all();
    let pm = PassManager::new(&context);
    if let Err(e) =
        loom::melior::utility::parse_pass_pipeline(pm.as_operation_pass_manager(), "builtin.module(loom-lower-to-scf)")
    {
        eprintln!("bad pipeline: {e}");
        std::process::exit(1);
    }
    match loom::passes::create("loom-loop-depth") {
        Some(pass) => pm.add_pass(pass),
        None => unreachable!("loom-loop-depth is a loom pass"),
    }
    if pm.run(&mut module).is_err() {
        eprintln!("the pipeline failed");
        std::process::exit(1);
    }
    println!("{}", module.as_operation());
}
