//! The JIT-compiled `@find` agrees with Rust's own search on every key of
//! several arrays (present once, present twice, absent, empty input).

use loom::melior::ir::operation::OperationLike;
use loom_frontend::{build_search, Search};

#[test]
fn jit_results_match_rust() {
    let context = loom::context();
    let search = build_search(&context);
    assert!(search.module().as_operation().verify());
    let compiled = Search::compile(&context, search).expect("lowers and compiles");
    let inputs: [&[i32]; 5] = [&[], &[7], &[1, 2, 3, 2, 1], &[-5, 0, 5, i32::MAX, i32::MIN], &[9; 40]];
    for data in inputs {
        for key in [-5, 0, 1, 2, 3, 7, 9, 10, i32::MAX, i32::MIN] {
            let expected = data.iter().position(|&x| x == key).unwrap_or(data.len());
            assert_eq!(compiled.find(data, key), expected, "find({data:?}, {key})");
        }
    }
}

#[test]
fn report_names_the_source() {
    let context = loom::context();
    let search = build_search(&context);
    let report = loom::analysis::analyze(search.module(), &Default::default());
    assert_eq!(report.loops.len(), 1);
    assert_eq!(report.loops[0].op, "loom.loop");
    assert_eq!(report.loops[0].loc, "search.c:4:3");
    assert_eq!(report.accesses[0].loc, "search.c:6:9");
}
