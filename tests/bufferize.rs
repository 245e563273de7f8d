//! The Rust API gets the loom ops' BufferizableOpInterface models with the
//! dialect (attached by LoomDialect::initialize): upstream's One-Shot
//! Bufferize, run from a melior `PassManager` on a context from
//! `loom::context()`, bufferizes a tensor carried by a breaking loom.loop in
//! place.

use loom::melior::pass::PassManager;

const PREFIX: &str = r#"
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

#[test]
fn one_shot_bufferize_runs_on_loom_ops_from_rust() {
    let context = loom::context();
    loom::melior::utility::register_all_passes();
    let mut module = loom::parse_module(&context, PREFIX, "prefix.mlir").expect("the kernel parses");
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
