//! Runs the lit suite in test/ with LLVM 22's own lit and FileCheck.
//!
//! `cargo test` builds loom-opt, loom-lsp-server and loom-reduce (this
//! package's binaries) before this target runs. A test target
//! cannot ask for another package's binaries, so this target then builds the
//! testkit's tools (`cargo build -p testkit --bins`, same profile and target
//! directory: they land beside loom-opt, where test/lit.cfg.py looks; a
//! no-op when `cargo test --workspace` already built them), and the plugin
//! for Debian's mlir-opt (scripts/build-plugin.sh, incremental, in its own
//! target directory), before it runs lit. The suite runs under both drivers: loom-opt, and
//! Debian's mlir-opt with the plugin (`driver=plugin`), so the plugin cannot
//! silently fall behind. Extra lit arguments can be given in LOOM_LIT_ARGS
//! (for example `--filter=Dialect`).

use std::path::{Path, PathBuf};
use std::process::Command;

/// LLVM 22's tools (`LLVM_PREFIX`, resolved once by build.rs).
const LLVM_BIN: &str = concat!(env!("LOOM_LLVM_PREFIX"), "/bin");

/// The parts of the suite that also run under Debian's mlir-opt with the
/// plugin: every pass test. Tests there name loom passes inside
/// `--pass-pipeline` (mlir-opt does not parse a plugin's pass flags) and use
/// `%loomopt-bin` only for what needs loom-opt itself: the test-only
/// loomtest dialect (test/lib/), which only the loom-opt binary links and
/// the plugin does not contain. Driver-specific tests (loom-opt's command
/// line), the loomtest-only Interfaces tests, the embedding examples and
/// the other tools' tests (Tools: loom-lsp-server, loom-reduce) stay out.
const PLUGIN_SUITES: &[&str] = &["Dialect", "Execution", "Facts", "Lowering", "Passes", "PeerSuite", "Plugin"];

fn run_lit(driver: &str, suites: &[PathBuf], loom_opt: &Path, plugin: &Path) -> (u32, u32, bool) {
    let mut command = Command::new(Path::new(LLVM_BIN).join("lit"));
    command
        .args(suites)
        .arg("-sv")
        .arg(format!("--param=loom_opt={}", loom_opt.display()))
        .arg(concat!("--param=loom_lsp_server=", env!("CARGO_BIN_EXE_loom-lsp-server")))
        .arg(concat!("--param=loom_reduce=", env!("CARGO_BIN_EXE_loom-reduce")))
        .arg(format!("--param=plugin={}", plugin.display()))
        .arg(format!("--param=driver={driver}"))
        .arg(format!("--param=llvm_bin={LLVM_BIN}"));
    if let Ok(extra) = std::env::var("LOOM_LIT_ARGS") {
        // A filter may match nothing in one of the two runs.
        command.arg("--allow-empty-runs").args(extra.split_whitespace());
    }
    let output = command.output().unwrap_or_else(|e| panic!("cannot run {LLVM_BIN}/lit: {e}"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    print!("{stdout}");
    eprint!("{}", String::from_utf8_lossy(&output.stderr));
    // lit's summary lines: `  Passed: 12 (100.00%)` (or `Passed  : 12`).
    let count = |label: &str| -> u32 {
        stdout
            .lines()
            .filter_map(|l| l.trim().strip_prefix(label))
            .filter_map(|rest| rest.trim_start().strip_prefix(':'))
            .filter_map(|rest| rest.split_whitespace().next()?.parse::<u32>().ok())
            .sum()
    };
    let passed = count("Passed") + count("Expectedly Failed");
    let failed = count("Failed") + count("Unexpectedly Passed") + count("Unresolved") + count("Timed Out");
    (passed, failed, output.status.success())
}

/// The lit suite's tools that live in the testkit package.
const TESTKIT_TOOLS: &[&str] = &["loom-difftest", "loom-facts-fuzz", "loom-promote-fuzz"];

/// Builds the testkit's binaries into loom-opt's directory,
/// `<target dir>/<profile dir>/`, with the profile that built loom-opt (the
/// `dev` profile's directory is `debug`). Builds for an explicit `--target`
/// triple are not supported (the tools would be looked for in the wrong
/// place; the check below says so).
fn build_testkit_tools(loom_opt: &Path) -> Result<(), String> {
    let profile_dir = loom_opt.parent().ok_or("loom-opt has no directory")?;
    let target_dir = profile_dir.parent().ok_or("loom-opt's directory has no parent")?;
    let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") => "dev",
        Some(name) => name,
        None => return Err(format!("cannot tell the profile of {}", loom_opt.display())),
    };
    let status = Command::new(env!("CARGO"))
        .args(["build", "--quiet", "-p", "testkit", "--bins", "--profile", profile])
        .arg("--manifest-path")
        .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.toml"))
        .arg("--target-dir")
        .arg(target_dir)
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err(format!("cargo build -p testkit --bins failed ({status})"));
    }
    for tool in TESTKIT_TOOLS {
        let path = loom_opt.with_file_name(tool);
        if !path.exists() {
            return Err(format!("{} is missing after the build", path.display()));
        }
    }
    Ok(())
}

fn main() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let loom_opt = PathBuf::from(env!("CARGO_BIN_EXE_loom-opt"));
    if let Err(e) = build_testkit_tools(&loom_opt) {
        eprintln!("building the testkit's tools failed: {e}");
        std::process::exit(1);
    }
    let status = Command::new(root.join("scripts/build-plugin.sh")).status().expect("run scripts/build-plugin.sh");
    if !status.success() {
        eprintln!("building libLoomPlugin.so failed");
        std::process::exit(1);
    }
    let plugin = root.join("target/plugin/libLoomPlugin.so");
    let mut total_passed = 0;
    let mut total_failed = 0;
    let mut ok = true;
    let test = root.join("test");
    let runs = [("loom-opt", vec![test.clone()]), ("plugin", PLUGIN_SUITES.iter().map(|s| test.join(s)).collect())];
    for (driver, suites) in runs {
        println!("== lit with driver {driver}");
        let (passed, failed, success) = run_lit(driver, &suites, &loom_opt, &plugin);
        total_passed += passed;
        total_failed += failed;
        ok &= success;
    }
    println!("lit: {total_passed} passed, {total_failed} failed");
    if !ok || total_failed > 0 {
        std::process::exit(1);
    }
}
