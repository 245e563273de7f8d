//! Running loom-opt and LLVM's tools for the fuzzers: a tool's stdout or why
//! it failed, and the report/lower-and-run steps both facts fuzzers share.

use std::path::Path;
use std::process::Command;

/// Runs `cmd`; its stdout, or an error naming `what` with its stderr.
pub fn run_tool(cmd: &mut Command, what: &str) -> Result<String, String> {
    let out = cmd.output().map_err(|e| format!("cannot run {what}: {e}"))?;
    if !out.status.success() {
        return Err(format!("{what} failed ({}):\n{}", out.status, String::from_utf8_lossy(&out.stderr)));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `loom-report` of `plain` written to `report`; the report's text.
pub fn loom_report(loom_opt: &Path, plain: &Path, report: &Path) -> Result<String, String> {
    run_tool(
        Command::new(loom_opt)
            .arg(plain)
            .arg(format!("--pass-pipeline=builtin.module(loom-report{{output={}}})", report.display()))
            .args(["-o", "/dev/null"]),
        "loom-opt loom-report",
    )?;
    std::fs::read_to_string(report).map_err(|e| format!("read report: {e}"))
}

/// Lowers `exec` (a module with `func.func @main`) to LLVM into `lowered`
/// and runs it with `mlir-runner` from `llvm_prefix`; the printed output.
pub fn lower_and_run(loom_opt: &Path, llvm_prefix: &Path, exec: &Path, lowered: &Path) -> Result<String, String> {
    run_tool(
        Command::new(loom_opt)
            .arg(exec)
            .arg("--pass-pipeline=builtin.module(loom-lower-to-llvm)")
            .arg("-o")
            .arg(lowered),
        "loom-opt loom-lower-to-llvm",
    )?;
    let lib = llvm_prefix.join("lib");
    run_tool(
        Command::new(llvm_prefix.join("bin/mlir-runner"))
            .arg(lowered)
            .args(["-e", "main", "-entry-point-result=void"])
            .arg(format!(
                "-shared-libs={},{}",
                lib.join("libmlir_c_runner_utils.so").display(),
                lib.join("libmlir_runner_utils.so").display()
            )),
        "mlir-runner",
    )
}
