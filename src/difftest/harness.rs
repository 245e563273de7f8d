//! Running generated programs through loom's lowerings and `mlir-runner`.
//!
//! Programs are checked in batches: each program's `@main` is renamed
//! `@p<seed>` and one `@main` calls them in order, so one `loom-opt` and one
//! `mlir-runner` process serve a whole batch. The batch's stdout is split by
//! the number of lines the interpreter expects from each program. When a
//! batch disagrees (or a tool fails), its programs are run one by one to name
//! the first failing seed, whose MLIR is written out as a reproducer.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::{emit_mlir, generate, interpret, Config};

/// A way of taking loom IR to something `mlir-runner` executes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lowering {
    /// `loom-lower-to-llvm` (direct CFG lowering of loom ops).
    Cf,
    /// `loom-lower-to-scf`, then the upstream scf → cf → LLVM path.
    Scf,
}

impl Lowering {
    pub fn name(self) -> &'static str {
        match self {
            Lowering::Cf => "cf",
            Lowering::Scf => "scf",
        }
    }

    /// The `--pass-pipeline` for this lowering.
    pub fn pipeline(self) -> &'static str {
        match self {
            Lowering::Cf => "builtin.module(loom-lower-to-llvm)",
            // With no loom op left, loom-lower-to-llvm is exactly the
            // upstream conversion path.
            Lowering::Scf => "builtin.module(loom-lower-to-scf,loom-lower-to-llvm)",
        }
    }
}

/// Where the external tools are.
#[derive(Clone, Debug)]
pub struct Tools {
    pub loom_opt: PathBuf,
    pub mlir_runner: PathBuf,
    pub runner_libs: Vec<PathBuf>,
    /// Scratch directory for batch files.
    pub work_dir: PathBuf,
}

impl Tools {
    /// loom-opt beside the running executable, LLVM 22's runner and libraries.
    pub fn discover(work_dir: PathBuf) -> Result<Tools, String> {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find this executable: {e}"))?;
        let loom_opt = exe.with_file_name("loom-opt");
        let llvm = Path::new("/usr/lib/llvm-22");
        let tools = Tools {
            loom_opt,
            mlir_runner: llvm.join("bin/mlir-runner"),
            runner_libs: vec![llvm.join("lib/libmlir_c_runner_utils.so"), llvm.join("lib/libmlir_runner_utils.so")],
            work_dir,
        };
        for path in [&tools.loom_opt, &tools.mlir_runner] {
            if !path.exists() {
                return Err(format!("{} not found (build loom-opt; install mlir-22-tools)", path.display()));
            }
        }
        std::fs::create_dir_all(&tools.work_dir).map_err(|e| format!("cannot create {}: {e}", tools.work_dir.display()))?;
        Ok(tools)
    }
}

/// One program's disagreement.
#[derive(Debug)]
pub struct Disagreement {
    pub seed: u64,
    pub lowering: Lowering,
    pub mlir: String,
    pub expected: Vec<String>,
    /// What the lowering produced, or why it produced nothing.
    pub actual: Result<Vec<String>, String>,
}

impl Disagreement {
    /// A self-contained reproducer: the program with the verdict on top.
    pub fn reproducer(&self) -> String {
        let mut text = format!(
            "// loom difftest disagreement: seed {}, lowering {}\n// RUN: loom-opt %s --pass-pipeline='{}' | mlir-runner -e main -entry-point-result=void -shared-libs=...\n// expected (reference interpreter):\n",
            self.seed,
            self.lowering.name(),
            self.lowering.pipeline()
        );
        for line in &self.expected {
            text.push_str(&format!("//   {line}\n"));
        }
        match &self.actual {
            Ok(lines) => {
                text.push_str("// actual:\n");
                for line in lines {
                    text.push_str(&format!("//   {line}\n"));
                }
            }
            Err(error) => {
                for line in error.lines() {
                    text.push_str(&format!("// failure: {line}\n"));
                }
            }
        }
        text.push_str(&self.mlir);
        text
    }
}

/// A generated program ready to run.
struct Case {
    seed: u64,
    mlir: String,
    expected: Vec<String>,
}

fn make_case(seed: u64, config: &Config) -> Result<Case, String> {
    let program = generate(seed, config);
    let expected = interpret(&program).map_err(|e| format!("seed {seed}: the interpreter rejected the program: {e:?}"))?;
    Ok(Case { seed, mlir: emit_mlir(&program), expected })
}

/// The batch module: every case as `@p<seed>`, and a `@main` calling them.
fn batch_module(cases: &[Case]) -> String {
    let mut text = String::new();
    for case in cases {
        text.push_str(&case.mlir.replacen("func.func @main()", &format!("func.func @p{}()", case.seed), 1));
        text.push('\n');
    }
    text.push_str("func.func @main() {\n");
    for case in cases {
        text.push_str(&format!("  func.call @p{}() : () -> ()\n", case.seed));
    }
    text.push_str("  return\n}\n");
    text
}

/// Lowers and runs `module`, returning its stdout lines.
fn execute(tools: &Tools, lowering: Lowering, module: &str, tag: &str) -> Result<Vec<String>, String> {
    let input = tools.work_dir.join(format!("{tag}.mlir"));
    let lowered = tools.work_dir.join(format!("{tag}.{}.ll.mlir", lowering.name()));
    std::fs::write(&input, module).map_err(|e| format!("write {}: {e}", input.display()))?;
    let opt = Command::new(&tools.loom_opt)
        .arg(&input)
        .arg(format!("--pass-pipeline={}", lowering.pipeline()))
        .arg("-o")
        .arg(&lowered)
        .output()
        .map_err(|e| format!("run loom-opt: {e}"))?;
    if !opt.status.success() {
        return Err(format!("loom-opt failed ({}):\n{}", opt.status, String::from_utf8_lossy(&opt.stderr)));
    }
    let libs: Vec<String> = tools.runner_libs.iter().map(|p| p.display().to_string()).collect();
    let run = Command::new(&tools.mlir_runner)
        .arg(&lowered)
        .args(["-e", "main", "-entry-point-result=void"])
        .arg(format!("-shared-libs={}", libs.join(",")))
        .output()
        .map_err(|e| format!("run mlir-runner: {e}"))?;
    if !run.status.success() {
        return Err(format!("mlir-runner failed ({}):\n{}", run.status, String::from_utf8_lossy(&run.stderr)));
    }
    Ok(String::from_utf8_lossy(&run.stdout).lines().map(str::to_owned).collect())
}

/// Checks `seeds` under `lowering` in batches of `batch` programs. Returns
/// the number of programs checked and the first disagreement, if any.
pub fn check_seeds(
    tools: &Tools,
    config: &Config,
    seeds: impl IntoIterator<Item = u64>,
    lowering: Lowering,
    batch: usize,
) -> Result<(u64, Option<Disagreement>), String> {
    let seeds: Vec<u64> = seeds.into_iter().collect();
    let mut checked = 0;
    for chunk in seeds.chunks(batch.max(1)) {
        let cases: Vec<Case> = chunk.iter().map(|&s| make_case(s, config)).collect::<Result<_, _>>()?;
        let tag = format!("batch-{}-{}", lowering.name(), chunk[0]);
        let outcome = execute(tools, lowering, &batch_module(&cases), &tag);
        let expected: Vec<String> = cases.iter().flat_map(|c| c.expected.iter().cloned()).collect();
        if outcome.as_ref() == Ok(&expected) {
            checked += cases.len() as u64;
            continue;
        }
        // Name the first failing program.
        for case in &cases {
            let tag = format!("seed-{}-{}", case.seed, lowering.name());
            let actual = execute(tools, lowering, &case.mlir, &tag);
            if actual.as_ref() != Ok(&case.expected) {
                return Ok((
                    checked,
                    Some(Disagreement { seed: case.seed, lowering, mlir: case.mlir.clone(), expected: case.expected.clone(), actual }),
                ));
            }
            checked += 1;
        }
        return Err(format!(
            "batch starting at seed {} disagreed but every program agreed alone: {}",
            chunk[0],
            match outcome {
                Ok(_) => "the outputs differ only when batched".to_string(),
                Err(e) => e,
            }
        ));
    }
    Ok((checked, None))
}
