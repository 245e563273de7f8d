//! Using loom from a Rust program that already uses melior: a ready
//! context, parsing a file (so reports name it), the loop facts as typed
//! data and as text, and loom passes as pass objects in a melior
//! PassManager.
//!
//! Run: `cargo run --example melior_report [FILE.mlir]` (default:
//! examples/store.mlir).

use loom::analysis::{analyze, analyze_text, LoopStatus, Options};
use loom::melior::pass::PassManager;
use loom::passes::AssumeRange;

fn main() {
    let path =
        std::env::args().nth(1).unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/examples/store.mlir").into());
    // 1. A context with loom and every upstream dialect loaded; the module
    //    parsed under its file name.
    let context = loom::context();
    let mut module = match loom::parse_file(&context, &path) {
        Ok(module) => module,
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(1);
        }
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

    // 3. The same facts as the text table loom-report{format=text} writes.
    print!("{}", analyze_text(&module, &Options::default()));

    // 4. loom passes as pass objects in a melior PassManager: a C++ lowering
    //    with its typed option, a Rust pass by name.
    let pm = PassManager::new(&context);
    pm.add_pass(loom::passes::lower_to_scf(AssumeRange::Drop));
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
