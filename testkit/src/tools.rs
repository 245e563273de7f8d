//! Running loom-opt and LLVM's tools for the fuzzers: a tool's stdout or why
//! it failed, and the report/lower-and-run steps both facts fuzzers share.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Where loom-opt and LLVM 22's tools are.
#[derive(Clone, Debug)]
pub struct Tools {
    pub loom_opt: PathBuf,
    pub llvm_prefix: PathBuf,
}

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
    loom_report_with(loom_opt, plain, report, "")
}

/// [`loom_report`] with more `loom-report{...}` options (`opts`, may be
/// empty).
pub fn loom_report_with(loom_opt: &Path, plain: &Path, report: &Path, opts: &str) -> Result<String, String> {
    let sep = if opts.is_empty() { "" } else { " " };
    run_tool(
        Command::new(loom_opt)
            .arg(plain)
            .arg(format!("--pass-pipeline=builtin.module(loom-report{{output={}{sep}{opts}}})", report.display()))
            .args(["-o", "/dev/null"]),
        "loom-opt loom-report",
    )?;
    std::fs::read_to_string(report).map_err(|e| format!("read report: {e}"))
}

/// What loom-opt did with a module it may reject.
pub enum Verdict {
    /// It ran; the report's text.
    Report(String),
    /// It exited non-zero with a located `error:` diagnostic (first line).
    Rejected(String),
}

/// [`loom_report_with`] for a module that loom-opt may rightly reject: a
/// non-zero exit with a diagnostic that names a location (`file:L:C:
/// error:`) is [`Verdict::Rejected`]; a crash (signal), a failure without
/// such a diagnostic, or a missing report is an error.
pub fn loom_report_or_reject(loom_opt: &Path, plain: &Path, report: &Path, opts: &str) -> Result<Verdict, String> {
    let sep = if opts.is_empty() { "" } else { " " };
    let _ = std::fs::remove_file(report);
    let out = Command::new(loom_opt)
        .arg(plain)
        .arg(format!("--pass-pipeline=builtin.module(loom-report{{output={}{sep}{opts}}})", report.display()))
        .args(["-o", "/dev/null"])
        .output()
        .map_err(|e| format!("cannot run loom-opt: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.success() {
        return std::fs::read_to_string(report).map(Verdict::Report).map_err(|e| format!("read report: {e}"));
    }
    let file = plain.display().to_string();
    let located = stderr.lines().find(|l| {
        l.strip_prefix(file.as_str()).and_then(|rest| rest.split_once(": error:")).is_some_and(|(pos, _)| {
            let parts: Vec<&str> = pos.split(':').collect();
            parts.len() == 3 && parts[0].is_empty() && parts[1..].iter().all(|n| n.parse::<u32>().is_ok())
        })
    });
    match (out.status.code(), located) {
        (Some(code), Some(line)) if code != 0 => Ok(Verdict::Rejected(line.to_string())),
        _ => Err(format!("loom-opt failed without a located diagnostic ({}):\n{stderr}", out.status)),
    }
}

/// Lowers `exec` (a module with `func.func @main`) to LLVM into `lowered`,
/// with a run-time check of every claim loom's facts make on it
/// (`loom-check-claims`), and runs it with `mlir-runner` from
/// `llvm_prefix`; the printed output. A violated claim is an error naming
/// it (the run is unbuffered, so the failing check's message is kept).
pub fn lower_and_run(loom_opt: &Path, llvm_prefix: &Path, exec: &Path, lowered: &Path) -> Result<String, String> {
    run_tool(
        Command::new(loom_opt)
            .arg(exec)
            .arg("--pass-pipeline=builtin.module(loom-check-claims,loom-lower-to-llvm)")
            .arg("-o")
            .arg(lowered),
        "loom-opt loom-check-claims,loom-lower-to-llvm",
    )?;
    let lib = llvm_prefix.join("lib");
    let out = Command::new("stdbuf")
        .arg("-o0")
        .arg(llvm_prefix.join("bin/mlir-runner"))
        .arg(lowered)
        .args(["-e", "main", "-entry-point-result=void"])
        .arg(format!(
            "-shared-libs={},{}",
            lib.join("libmlir_c_runner_utils.so").display(),
            lib.join("libmlir_runner_utils.so").display()
        ))
        .output()
        .map_err(|e| format!("cannot run mlir-runner: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if let Some(claim) = stdout.lines().find(|l| l.contains("loom claim violated")) {
        return Err(format!("{}: {claim}", exec.display()));
    }
    if !out.status.success() {
        return Err(format!("mlir-runner failed ({}):\n{}", out.status, String::from_utf8_lossy(&out.stderr)));
    }
    Ok(stdout)
}
