//! loom-opt: mlir-opt with the loom dialect and every loom pass.
fn main() {
    std::process::exit(loom::loom_opt_main(std::env::args_os().collect()));
}
