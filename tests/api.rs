//! The Rust API as a front end uses it: every pass loom-opt lists exists as
//! a pass object and runs from a melior `PassManager`, parsing with a file
//! name makes reports name the file, and a loom module lowered with
//! `loom-lower-to-llvm` runs in melior's `ExecutionEngine`, and upstream's
//! bufferization handles loom ops. (One test binary: each links all of MLIR
//! statically.)

use std::collections::BTreeSet;
use std::process::Command;

use loom::analysis::{analyze, analyze_text, Options};
use loom::melior::ir::operation::OperationLike;
use loom::melior::ir::Module;
use loom::melior::pass::PassManager;
use loom::melior::{Context, ExecutionEngine};
use loom::passes::{self, AssumeRange};

const SEARCH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/search.mlir");
const STORE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/store.mlir");

/// The loom passes `loom-opt --help` lists (`--loom-...`).
fn listed_by_loom_opt() -> BTreeSet<String> {
    let output = Command::new(env!("CARGO_BIN_EXE_loom-opt")).arg("--help").output().expect("run loom-opt --help");
    assert!(output.status.success());
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| line.trim_start().strip_prefix("--loom-"))
        .filter_map(|rest| rest.split_whitespace().next())
        .filter(|name| !name.contains('='))
        .map(|name| format!("loom-{name}"))
        .collect()
}

fn run(context: &Context, module: &mut Module, pass: loom::melior::pass::Pass) -> bool {
    let pm = PassManager::new(context);
    pm.add_pass(pass);
    pm.run(module).is_ok()
}

#[test]
fn every_pass_loom_opt_lists_is_created_and_runs() {
    let listed = listed_by_loom_opt();
    let ours: BTreeSet<String> = passes::arguments().into_iter().map(str::to_owned).collect();
    assert_eq!(listed, ours, "loom-opt --help and loom::passes::arguments() disagree");
    let context = loom::context();
    for argument in passes::arguments() {
        // loom-report writes to standard output by default.
        let pass = if argument == "loom-report" {
            passes::create_with_options(argument, "output=/dev/null").unwrap_or_else(|e| panic!("{e}"))
        } else {
            passes::create(argument).unwrap_or_else(|| panic!("no pass object for {argument}"))
        };
        let mut module = loom::parse_file(&context, STORE).expect("examples/store.mlir parses");
        assert!(run(&context, &mut module, pass), "{argument} fails on examples/store.mlir");
        assert!(module.as_operation().verify(), "{argument} leaves invalid IR");
    }
    assert!(passes::create("loom-lower-to-nowhere").is_none());
}

#[test]
fn typed_lowerings_and_checked_options() {
    let context = loom::context();
    for (pass, name) in [
        (passes::lower_to_scf(AssumeRange::Check), "scf"),
        (passes::lower_to_cf(AssumeRange::Drop), "cf"),
        (passes::lower_to_llvm(AssumeRange::Check), "llvm"),
    ] {
        let mut module = loom::parse_file(&context, SEARCH).unwrap();
        assert!(run(&context, &mut module, pass), "loom-lower-to-{name} fails");
        let text = module.as_operation().to_string();
        assert!(!text.contains("loom."), "loom-lower-to-{name} left loom ops:\n{text}");
    }
    let error = passes::create_with_options("loom-lower-to-llvm", "assume-range=maybe").err().expect("a bad value");
    assert!(error.to_string().contains("loom-lower-to-llvm"), "{error}");
    let error = passes::create_with_options("loom-loop-depth", "bogus=1").err().expect("an unknown option");
    assert!(error.to_string().contains("no such option bogus"), "{error}");
    assert!(passes::create_with_options("loom-lower-to-scf", "assume-range=check").is_ok());
}

#[test]
fn reports_name_the_parsed_file() {
    let context = loom::context();
    let module = loom::parse_file(&context, SEARCH).unwrap();
    let report = analyze(&module, &Options::default());
    assert_eq!(report.loops[0].loc, format!("{SEARCH}:7:8"));
    assert!(analyze_text(&module, &Options::default()).contains(&format!("{SEARCH}:7:8")));
    // Through the loom-report pass too.
    let output = std::env::temp_dir().join(format!("loom-api-report-{}.txt", std::process::id()));
    let pass = passes::create_with_options("loom-report", &format!("format=text output={}", output.display())).unwrap();
    let mut module = loom::parse_module(&context, &std::fs::read_to_string(SEARCH).unwrap(), "search.mlir").unwrap();
    assert!(run(&context, &mut module, pass));
    let text = std::fs::read_to_string(&output).unwrap();
    let _ = std::fs::remove_file(&output);
    assert!(text.contains("search.mlir:7:8"), "{text}");
    // Errors name the file too, and are returned rather than printed.
    let error = loom::parse_module(&context, "func.func @f() {\n  return %x\n}", "broken.mlir").unwrap_err();
    assert!(error.to_string().starts_with("broken.mlir:2:"), "{error}");
    assert!(loom::parse_file(&context, "/nonexistent.mlir").unwrap_err().to_string().contains("cannot read"));
}

/// A `memref<?xi32>` as the lowered code sees it (MLIR's ranked memref
/// descriptor of rank 1).
#[repr(C)]
struct MemRef1 {
    allocated: *const i32,
    aligned: *const i32,
    offset: i64,
    size: i64,
    stride: i64,
}

/// Calls the lowered `@find(memref<?xi32>, index, i32) -> index` of
/// examples/search.mlir through its C interface
/// (`_mlir_ciface_find(MemRef1 *, i64, i32) -> i64`, which
/// `invoke_packed` calls).
fn find(engine: &ExecutionEngine, data: &[i32], n: i64, key: i32) -> i64 {
    assert!(0 <= n && n as usize <= data.len());
    let mut memref =
        MemRef1 { allocated: data.as_ptr(), aligned: data.as_ptr(), offset: 0, size: data.len() as i64, stride: 1 };
    let mut memref_pointer: *mut MemRef1 = &mut memref;
    let (mut n, mut key, mut result) = (n, key, -1i64);
    let mut arguments: [*mut (); 4] = [
        &mut memref_pointer as *mut _ as *mut (),
        &mut n as *mut _ as *mut (),
        &mut key as *mut _ as *mut (),
        &mut result as *mut _ as *mut (),
    ];
    // SAFETY: `_mlir_ciface_find` takes a pointer to a rank-1 memref
    // descriptor (MemRef1 has its layout), an index and an i32, and returns
    // an index: each entry points to a live local of that type. The
    // descriptor describes `data`, which outlives the call, and the function
    // only reads elements below n <= data.len().
    unsafe { engine.invoke_packed("find", &mut arguments) }.expect("find runs");
    result
}

#[test]
fn lowered_search_runs_in_the_execution_engine() {
    let context = loom::context();
    // invoke_packed calls the C interface, which the function must ask for.
    let source =
        std::fs::read_to_string(SEARCH).unwrap().replace("-> index {", "-> index attributes {llvm.emit_c_interface} {");
    let mut module = loom::parse_module(&context, &source, "search.mlir").unwrap();
    assert!(run(&context, &mut module, passes::lower_to_llvm(AssumeRange::Drop)));
    let engine = ExecutionEngine::new(&module, 2, &[], false, false);
    let data = [5, 3, 9, 3, 7];
    assert_eq!(find(&engine, &data, 5, 3), 1);
    assert_eq!(find(&engine, &data, 5, 7), 4);
    assert_eq!(find(&engine, &data, 5, 4), 5);
    assert_eq!(find(&engine, &data, 3, 7), 3);
    assert_eq!(find(&engine, &data, 0, 5), 0);
}

const BUFFERIZE_PREFIX: &str = r#"
func.func @prefix(%t: tensor<?xi32>, %sentinel: i32) -> (tensor<?xi32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %z = arith.constant 0 : i32
  %r:2 = loom.loop token(%tk) iter_args(%a = %t, %i = %c0) : (tensor<?xi32>, index) -> (tensor<?xi32>, index) {
    %v = tensor.extract %a[%i] : tensor<?xi32>
    %s = arith.cmpi eq, %v, %sentinel : i32
    loom.if %s { loom.break %tk, %a, %i : tensor<?xi32>, index }
    %a2 = tensor.insert %z into %a[%i] : tensor<?xi32>
    %i2 = arith.addi %i, %c1 : index
    loom.continue %tk, %a2, %i2 : tensor<?xi32>, index
  }
  return %r#0, %r#1 : tensor<?xi32>, index
}
"#;

/// The loom ops' BufferizableOpInterface models come with the dialect
/// (attached by LoomDialect::initialize): upstream's One-Shot Bufferize, run
/// from a melior `PassManager` on a context from `loom::context()`,
/// bufferizes a tensor carried by a breaking loom.loop in place.
#[test]
fn one_shot_bufferize_runs_on_loom_ops_from_rust() {
    let context = loom::context();
    loom::melior::utility::register_all_passes();
    let mut module = loom::parse_module(&context, BUFFERIZE_PREFIX, "prefix.mlir").expect("the kernel parses");
    let pm = PassManager::new(&context);
    loom::melior::utility::parse_pass_pipeline(
        pm.as_operation_pass_manager(),
        "builtin.module(one-shot-bufferize{bufferize-function-boundaries})",
    )
    .expect("the pipeline parses");
    assert!(pm.run(&mut module).is_ok(), "one-shot-bufferize fails on loom ops");
    let text = module.as_operation().to_string();
    assert!(text.contains("loom.loop token"), "{text}");
    assert!(text.contains("memref.store"), "{text}");
    assert!(!text.contains("tensor<"), "not bufferized:\n{text}");
    assert!(!text.contains("memref.alloc") && !text.contains("memref.copy"), "not in place:\n{text}");
}
