//! Running loom-opt and LLVM's tools for the fuzzers: a tool's stdout or why
//! it failed, and the report/lower-and-run steps both facts fuzzers share.

use std::io::Read;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

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

/// The spawned `child`'s stdout and stderr, each read to its end on a
/// thread of its own while the child runs, so that a full pipe cannot
/// stall it (join the handles after the child ends).
pub fn drain_pipes(child: &mut Child) -> (JoinHandle<Vec<u8>>, JoinHandle<Vec<u8>>) {
    fn drain<R: Read + Send + 'static>(pipe: Option<R>) -> JoinHandle<Vec<u8>> {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            if let Some(mut pipe) = pipe {
                let _ = pipe.read_to_end(&mut bytes);
            }
            bytes
        })
    }
    (drain(child.stdout.take()), drain(child.stderr.take()))
}

/// Runs `cmd` to its end; its stdout and the CPU time (user + system) the
/// child process used, or an error naming `what` with its stderr. The time
/// is the child's own resource usage as `wait4` reports it on reaping it:
/// unlike wall-clock time it does not grow when other processes load the
/// machine (it sums the child's threads, and the children it reaped
/// itself: loom-opt starts none).
pub fn run_tool_cpu_time(cmd: &mut Command, what: &str) -> Result<(String, Duration), String> {
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    let (stdout, stderr) = drain_pipes(&mut child);
    let pid = libc::pid_t::try_from(child.id()).map_err(|e| format!("{what}: process id: {e}"))?;
    let mut status: libc::c_int = 0;
    // SAFETY: `rusage` is a plain C struct of integers, for which all-zero
    // bytes are a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: `pid` is the child spawned above, not reaped yet (`child`
        // is never waited on: after this call its `Drop` does not wait
        // either); `status` and `usage` are live, aligned locals that
        // `wait4` writes once and does not keep.
        let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if reaped == pid {
            break;
        }
        let err = std::io::Error::last_os_error();
        if err.kind() != std::io::ErrorKind::Interrupted {
            return Err(format!("{what}: wait4: {err}"));
        }
    }
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    let cpu = tv(usage.ru_utime) + tv(usage.ru_stime);
    let (stdout, stderr) = (stdout.join().unwrap_or_default(), stderr.join().unwrap_or_default());
    let status = std::process::ExitStatus::from_raw(status);
    if !status.success() {
        return Err(format!("{what} failed ({status}):\n{}", String::from_utf8_lossy(&stderr)));
    }
    Ok((String::from_utf8_lossy(&stdout).into_owned(), cpu))
}

/// The CPU time `loom-report` of `plain` (written to `report`) took
/// ([`run_tool_cpu_time`]).
pub fn loom_report_cpu_time(loom_opt: &Path, plain: &Path, report: &Path) -> Result<Duration, String> {
    let (_, cpu) = run_tool_cpu_time(&mut report_command(loom_opt, plain, report, ""), "loom-opt loom-report")?;
    Ok(cpu)
}

/// `loom-report` of `plain` written to `report`; the report's text.
pub fn loom_report(loom_opt: &Path, plain: &Path, report: &Path) -> Result<String, String> {
    loom_report_with(loom_opt, plain, report, "")
}

/// [`loom_report`] with more `loom-report{...}` options (`opts`, may be
/// empty).
pub fn loom_report_with(loom_opt: &Path, plain: &Path, report: &Path, opts: &str) -> Result<String, String> {
    run_tool(&mut report_command(loom_opt, plain, report, opts), "loom-opt loom-report")?;
    std::fs::read_to_string(report).map_err(|e| format!("read report: {e}"))
}

/// The command running `loom-report{output=report opts}` on `plain`.
fn report_command(loom_opt: &Path, plain: &Path, report: &Path, opts: &str) -> Command {
    let sep = if opts.is_empty() { "" } else { " " };
    let mut cmd = Command::new(loom_opt);
    cmd.arg(plain)
        .arg(format!("--pass-pipeline=builtin.module(loom-report{{output={}{sep}{opts}}})", report.display()))
        .args(["-o", "/dev/null"]);
    cmd
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
    let _ = std::fs::remove_file(report);
    let out =
        report_command(loom_opt, plain, report, opts).output().map_err(|e| format!("cannot run loom-opt: {e}"))?;
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

/// The data-layout entry a module carries to run at a 32-bit index (what
/// [`with_index32`] adds and [`lower_and_run_index32`] requires).
pub const INDEX32_SPEC: &str = "#dlti.dl_spec<index = 32 : i64>";

/// `program` (top-level ops without a module of their own) inside a module
/// whose data layout makes index 32 bits wide, as
/// `test/Execution/Inputs/with-index32.py` prints it.
pub fn with_index32(program: &str) -> String {
    format!("module attributes {{dlti.dl_spec = {INDEX32_SPEC}}} {{\n{program}\n}}\n")
}

/// Lowers `exec` (a module with `func.func @main`) to LLVM into `lowered`,
/// with a run-time check of every claim loom's facts make on it
/// (`loom-check-claims`), and runs it with `mlir-runner` from
/// `llvm_prefix`; the printed output. A violated claim is an error naming
/// it (the run is unbuffered, so the failing check's message is kept). A
/// program that ends itself with `exit(0)` (libc's, declared
/// `func.func private @exit(i32)`) ran: its output is what it printed
/// before.
pub fn lower_and_run(loom_opt: &Path, llvm_prefix: &Path, exec: &Path, lowered: &Path) -> Result<String, String> {
    returned(lower_and_run_to_end(loom_opt, llvm_prefix, exec, lowered, false, "")?)
}

/// [`lower_and_run`] at a 32-bit index: `exec` must carry
/// [`INDEX32_SPEC`] as its module's `dlti.dl_spec` (see [`with_index32`]).
/// MLIR 22's mlir-runner does not register DLTI and rejects such a module,
/// so the lowered module is translated to LLVM IR (`mlir-translate
/// --mlir-to-llvmir`) and run with `lli` through
/// `test/Execution/Inputs/run-void-main.ll`, as the execution tests'
/// `%translate-run-main` does; unbuffered, and with the same rules for a
/// violated claim and for `exit(0)`.
pub fn lower_and_run_index32(
    loom_opt: &Path,
    llvm_prefix: &Path,
    exec: &Path,
    lowered: &Path,
) -> Result<String, String> {
    returned(lower_and_run_to_end(loom_opt, llvm_prefix, exec, lowered, true, "")?)
}

/// How a run that violated no claim ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// `@main` returned or the program called `exit(0)`.
    Returned,
    /// The program aborted (SIGABRT: a failing `cf.assert`); its output is
    /// what it printed before.
    Aborted,
}

/// [`lower_and_run`] (`index32` false) or [`lower_and_run_index32`]
/// (`index32` true) for a program that may abort on purpose, with
/// `loom-check-claims{check_opts}` (`check_opts` may be empty, or e.g.
/// `plant=count` to plant a wrong claim): the output and how the run
/// ended. A violated claim, a failure to lower, or another failure of the
/// run (another signal, a non-zero exit) is an error.
pub fn lower_and_run_to_end(
    loom_opt: &Path,
    llvm_prefix: &Path,
    exec: &Path,
    lowered: &Path,
    index32: bool,
    check_opts: &str,
) -> Result<(String, Ending), String> {
    let (runner, out) = lower_and_run_to_status(loom_opt, llvm_prefix, exec, lowered, index32, check_opts)?;
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if out.status.success() {
        return Ok((stdout, Ending::Returned));
    }
    if out.status.signal() == Some(SIGABRT) {
        return Ok((stdout, Ending::Aborted));
    }
    Err(format!("{runner} failed ({}):\n{}", out.status, String::from_utf8_lossy(&out.stderr)))
}

/// [`lower_and_run_to_end`] for a program that may also end with `exit(k)`
/// for any `k`: the runner's name (`mlir-runner` or `lli`) and its output
/// (stdout, stderr, exit status), however it ended. A violated claim or a
/// failure to lower is an error.
pub fn lower_and_run_to_status(
    loom_opt: &Path,
    llvm_prefix: &Path,
    exec: &Path,
    lowered: &Path,
    index32: bool,
    check_opts: &str,
) -> Result<(&'static str, std::process::Output), String> {
    if index32 {
        let text = std::fs::read_to_string(exec).map_err(|e| format!("read {}: {e}", exec.display()))?;
        if !text.contains(&format!("dlti.dl_spec = {INDEX32_SPEC}")) {
            return Err(format!("{}: no `dlti.dl_spec = {INDEX32_SPEC}`: it would run at 64 bits", exec.display()));
        }
    }
    let check = if check_opts.is_empty() { String::new() } else { format!("{{{check_opts}}}") };
    run_tool(
        Command::new(loom_opt)
            .arg(exec)
            .arg(format!("--pass-pipeline=builtin.module(loom-check-claims{check},loom-lower-to-llvm)"))
            .arg("-o")
            .arg(lowered),
        "loom-opt loom-check-claims,loom-lower-to-llvm",
    )?;
    let started = Instant::now();
    let (runner, out) = if index32 {
        let ll = lowered.with_extension("ll");
        run_tool(
            Command::new(llvm_prefix.join("bin/mlir-translate"))
                .arg("--mlir-to-llvmir")
                .arg(lowered)
                .arg("-o")
                .arg(&ll),
            "mlir-translate --mlir-to-llvmir",
        )?;
        let entry = lowered.with_extension("run-void-main.ll");
        std::fs::write(&entry, RUN_VOID_MAIN).map_err(|e| format!("write {}: {e}", entry.display()))?;
        let out = Command::new("timeout")
            .args([RUN_TIMEOUT_SECS.to_string().as_str(), "stdbuf", "-o0"])
            .arg(llvm_prefix.join("bin/lli"))
            .arg(format!("-load={}", runner_lib(llvm_prefix, "c_runner_utils")))
            .arg(format!("-load={}", runner_lib(llvm_prefix, "runner_utils")))
            .arg("--entry-function=loom_run_main")
            .arg(format!("--extra-module={}", entry.display()))
            .arg(&ll)
            .output()
            .map_err(|e| format!("cannot run lli: {e}"))?;
        ("lli", out)
    } else {
        let out = Command::new("timeout")
            .args([RUN_TIMEOUT_SECS.to_string().as_str(), "stdbuf", "-o0"])
            .arg(llvm_prefix.join("bin/mlir-runner"))
            .arg(lowered)
            .args(["-e", "main", "-entry-point-result=void"])
            .arg(format!(
                "-shared-libs={},{}",
                runner_lib(llvm_prefix, "c_runner_utils"),
                runner_lib(llvm_prefix, "runner_utils")
            ))
            .output()
            .map_err(|e| format!("cannot run mlir-runner: {e}"))?;
        ("mlir-runner", out)
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    if let Some(claim) = stdout.lines().find(|l| l.contains("loom claim violated")) {
        return Err(format!("{}: {claim}", exec.display()));
    }
    // `timeout` exits with 124 at the limit; a program may exit with 124
    // itself, but not after running that long.
    if out.status.code() == Some(TIMED_OUT) && started.elapsed().as_secs() >= RUN_TIMEOUT_SECS {
        return Err(format!("{runner} did not finish within {RUN_TIMEOUT_SECS} s; it printed:\n{stdout}"));
    }
    Ok((runner, out))
}

/// The signal `abort()` raises.
const SIGABRT: i32 = 6;

/// How long a lowered program may run, in seconds, as `timeout(1)` takes
/// it: far beyond any generated program's run, so that only a program that
/// does not end (a miscompiled loop exit) reaches it. `timeout` passes a
/// signal that ends the program on (it re-raises it), so an abort stays an
/// abort.
const RUN_TIMEOUT_SECS: u64 = 300;

/// `timeout(1)`'s exit status when the limit was reached.
const TIMED_OUT: i32 = 124;

/// The output of a run that must return (an abort is an error).
fn returned((stdout, ending): (String, Ending)) -> Result<String, String> {
    match ending {
        Ending::Returned => Ok(stdout),
        Ending::Aborted => Err(format!("the program aborted after printing:\n{stdout}")),
    }
}

/// The entry the lowered programs run through under `lli` (it calls the
/// program's `@main` and returns 0, lli's exit status being the entry's
/// result).
const RUN_VOID_MAIN: &str = include_str!("../../test/Execution/Inputs/run-void-main.ll");

/// Path of MLIR's runner library `lib{name}.so` under `llvm_prefix`.
fn runner_lib(llvm_prefix: &Path, name: &str) -> String {
    llvm_prefix.join("lib").join(format!("libmlir_{name}.so")).display().to_string()
}
