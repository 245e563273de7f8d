//! Running generated programs through loom's lowerings and `mlir-runner`.
//!
//! Programs are checked in batches: each program's `@main` is renamed
//! `@p<seed>` and one `@main` calls them in order, so one `loom-opt` and one
//! `mlir-runner` process serve a whole batch. The batch's stdout is split by
//! the number of lines the interpreter expects from each program. When a
//! batch disagrees (or a tool fails), its programs are run one by one to name
//! the first failing seed, whose MLIR is written out as a reproducer.
//!
//! A program may end the process early (`exit`, a failing `cf.assert`; see
//! `early_end`): the interpreter says which do ([`RunEnd`]), and such a
//! program is the last of its batch. A batch passes when its stdout is the
//! expected lines and the process ended as its last program does: exit
//! status 0 (returned or `exit(0)`), `code & 0xff` for `exit(code)`, or
//! SIGABRT for a failing assert, whose message is the last expected line
//! (mlir-runner runs unbuffered, so the lines before an abort are kept;
//! `exit` flushes stdio itself).

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use super::emit::EXIT_DECLARATION;
use super::fixed_bound_check::check_fixed_bound;
use super::{emit_mlir, generate, interpret_to_end, Config, RunEnd};

/// A way of taking loom IR to something `mlir-runner` executes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lowering {
    /// `loom-lower-to-llvm` (direct CFG lowering of loom ops).
    Cf,
    /// `loom-lower-to-scf`, then the upstream scf → cf → LLVM path.
    Scf,
    /// `loom-lower-to-fixed-bound` (every loop an `scf.for` of a constant
    /// trip count with a done flag), then the upstream path. Programs with
    /// a loop neither `loom.max_trips` nor loom's facts bound are skipped
    /// (counted in [`Summary::unbounded`]); the output of the others must
    /// also pass [`check_fixed_bound`].
    FixedBound,
    /// `FixedBound` with every `loom.loop` given `loom.max_trips = fuel + 1`
    /// (the bound the generator guarantees: see `check`'s fuel invariant),
    /// so the user's bound is used where loom's facts prove none.
    FixedBoundFuel,
    /// Tensor programs, bufferized with the loom ops present (their
    /// `BufferizableOpInterface` models), then lowered to scf, deallocated
    /// by upstream's scf models and lowered to LLVM.
    BufferizeLoom,
    /// Bufferized and deallocated with the loom ops present (their
    /// `BufferDeallocationOpInterface` models), then lowered to scf: the
    /// front-end pipeline of README's "Tensors, buffers, inlining".
    BufferizeLoomDealloc,
    /// Bufferized and deallocated with the loom ops present, then lowered by
    /// `loom-lower-to-llvm` directly (no scf): README's second pipeline.
    BufferizeLoomCf,
    /// Lowered to scf first, then bufferized by upstream's scf models,
    /// deallocated and lowered to LLVM.
    BufferizeScf,
}

/// Every tensor-program order, in the order `--tensors` runs them.
pub const TENSOR_LOWERINGS: [Lowering; 4] =
    [Lowering::BufferizeLoom, Lowering::BufferizeLoomDealloc, Lowering::BufferizeLoomCf, Lowering::BufferizeScf];

impl Lowering {
    pub fn name(self) -> &'static str {
        match self {
            Lowering::Cf => "cf",
            Lowering::Scf => "scf",
            Lowering::FixedBound => "fixed-bound",
            Lowering::FixedBoundFuel => "fixed-bound-fuel",
            Lowering::BufferizeLoom => "bufferize-loom",
            Lowering::BufferizeLoomDealloc => "bufferize-loom-dealloc",
            Lowering::BufferizeLoomCf => "bufferize-loom-cf",
            Lowering::BufferizeScf => "bufferize-scf",
        }
    }

    /// The lowering called `name`, if any.
    pub fn from_name(name: &str) -> Option<Lowering> {
        [Lowering::Cf, Lowering::Scf, Lowering::FixedBound, Lowering::FixedBoundFuel]
            .into_iter()
            .chain(TENSOR_LOWERINGS)
            .find(|l| l.name() == name)
    }

    /// The `--pass-pipeline` for this lowering, with `tail` (upstream passes,
    /// comma-separated, possibly none) run right after the loom lowering in
    /// the same process. With no loom op left, loom-lower-to-llvm is then
    /// exactly the upstream conversion path.
    pub fn pipeline(self, head: &str, tail: &str) -> String {
        self.stages(head, tail, true, Analysis::InPlace)
    }

    /// `head` (passes on the program as generated, possibly none), the
    /// lowering, then `tail`, then (if `to_llvm`) the LLVM conversion,
    /// bufferizing (where the lowering does) as `analysis` says.
    fn stages(self, head: &str, tail: &str, to_llvm: bool, analysis: Analysis) -> String {
        const CARRY: &str = "loom-carry-captured-tensors";
        const TO_SCF: &str = "loom-lower-to-scf";
        const FIXED_BOUND: &str = "loom-lower-to-fixed-bound";
        const DEALLOC: &str = "buffer-deallocation-pipeline";
        const TO_MEMREF: &str = "convert-linalg-to-loops,convert-bufferization-to-memref";
        let bufferize = analysis.one_shot_bufferize();
        let lowering: Vec<&str> = match self {
            Lowering::Cf => vec!["loom-lower-to-cf"],
            Lowering::Scf => vec![TO_SCF],
            Lowering::FixedBound | Lowering::FixedBoundFuel => vec![FIXED_BOUND],
            Lowering::BufferizeLoom => vec![CARRY, bufferize, TO_SCF, DEALLOC, TO_MEMREF],
            Lowering::BufferizeLoomDealloc => vec![CARRY, bufferize, DEALLOC, TO_SCF, TO_MEMREF],
            Lowering::BufferizeLoomCf => vec![CARRY, bufferize, DEALLOC, TO_MEMREF],
            Lowering::BufferizeScf => vec![TO_SCF, bufferize, DEALLOC, TO_MEMREF],
        };
        let passes: Vec<&str> = std::iter::once(head)
            .chain(lowering)
            .chain([tail, if to_llvm { "loom-lower-to-llvm" } else { "" }])
            .filter(|p| !p.is_empty())
            .collect();
        format!("builtin.module({})", passes.join(","))
    }
}

/// How One-Shot Bufferize decides where a write goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Analysis {
    /// Its in-place analysis (what every order runs).
    InPlace,
    /// `copy-before-write`: no analysis, a copy before every write. Slow but
    /// trivially faithful: used only to tell upstream's analysis apart from
    /// the IR it was given (see [`Summary::upstream_inplace`]).
    CopyBeforeWrite,
}

impl Analysis {
    /// The One-Shot Bufferize pass every order runs, with
    /// allow-return-allocs-from-loops: generated loops continue with
    /// tensors that are not equivalent to their iteration arguments (a
    /// constant, another tensor), which it rejects without it, for scf as
    /// for loom.
    fn one_shot_bufferize(self) -> &'static str {
        match self {
            Analysis::InPlace => "one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops}",
            Analysis::CopyBeforeWrite => {
                "one-shot-bufferize{bufferize-function-boundaries allow-return-allocs-from-loops copy-before-write}"
            }
        }
    }
}

/// The passes run after each lowering by default: upstream passes that walk
/// and rewrite the whole IR, with the verifier between passes. IR that
/// prints correctly can still hold a dangling reference that only a later
/// pass in the same process trips on. `sccp` first also folds the constant
/// branches that make upstream `canonicalize` loop (see [`Tail::WithoutCanonicalize`]).
pub const DEFAULT_TAIL: &str = "sccp,cse,canonicalize";

/// The pass `--check-claims` runs first: every claim loom's facts make on
/// the generated program becomes a run-time check, so a wrong claim aborts
/// the run (`loom claim violated: ...`) and the program disagrees.
pub const CHECK_CLAIMS: &str = "loom-check-claims";

/// Where the external tools are.
#[derive(Clone, Debug)]
pub struct Tools {
    pub loom_opt: PathBuf,
    pub mlir_runner: PathBuf,
    pub runner_libs: Vec<PathBuf>,
    /// Debian's own mlir-opt, to tell upstream's hangs from loom's.
    pub mlir_opt: PathBuf,
    /// Scratch directory for batch files.
    pub work_dir: PathBuf,
    /// How long one tool run may take before it counts as a hang.
    pub timeout: Duration,
    /// Upstream passes run right after each lowering ([`DEFAULT_TAIL`]).
    pub tail: String,
    /// Passes run before the lowering, on the program as generated (empty,
    /// or [`CHECK_CLAIMS`]).
    pub head: String,
    /// Lowering `fixed-bound-fuel`: added to each `loom.max_trips` (0; -1
    /// plants bounds one too small, for the self-test).
    pub fuel_bound_delta: i64,
}

impl Tools {
    /// loom-opt beside the running executable, LLVM 22's runner and libraries.
    pub fn discover(work_dir: PathBuf) -> Result<Tools, String> {
        let exe = std::env::current_exe().map_err(|e| format!("cannot find this executable: {e}"))?;
        let loom_opt = exe.with_file_name("loom-opt");
        let llvm = Path::new(env!("LOOM_LLVM_PREFIX"));
        let tools = Tools {
            loom_opt,
            mlir_runner: llvm.join("bin/mlir-runner"),
            runner_libs: vec![llvm.join("lib/libmlir_c_runner_utils.so"), llvm.join("lib/libmlir_runner_utils.so")],
            mlir_opt: llvm.join("bin/mlir-opt"),
            work_dir,
            timeout: Duration::from_secs(60),
            tail: DEFAULT_TAIL.to_string(),
            head: String::new(),
            fuel_bound_delta: 0,
        };
        for path in [&tools.loom_opt, &tools.mlir_runner, &tools.mlir_opt] {
            if !path.exists() {
                return Err(format!("{} not found (build loom-opt; install mlir-22-tools)", path.display()));
            }
        }
        std::fs::create_dir_all(&tools.work_dir)
            .map_err(|e| format!("cannot create {}: {e}", tools.work_dir.display()))?;
        Ok(tools)
    }
}

/// One program's disagreement.
#[derive(Debug)]
pub struct Disagreement {
    pub seed: u64,
    pub lowering: Lowering,
    /// The `--pass-pipeline` the program ran with.
    pub pipeline: String,
    pub mlir: String,
    pub expected: Vec<String>,
    /// How the interpreter's run ended.
    pub end: RunEnd,
    /// What the lowering produced, or why it produced nothing.
    pub actual: Result<Vec<String>, String>,
}

impl Disagreement {
    /// A self-contained reproducer: the program with the verdict on top.
    pub fn reproducer(&self) -> String {
        let mut text = format!(
            "// loom difftest disagreement: seed {}, lowering {}\n// RUN: loom-opt %s --pass-pipeline='{}' | mlir-runner -e main -entry-point-result=void -shared-libs=...\n// expected (reference interpreter, ending {:?}):\n",
            self.seed,
            self.lowering.name(),
            self.pipeline,
            self.end
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
#[derive(Clone)]
pub(super) struct Case {
    pub(super) seed: u64,
    has_tensors: bool,
    pub(super) mlir: String,
    pub(super) expected: Vec<String>,
    /// How the interpreter's run ended.
    pub(super) end: RunEnd,
    /// The program has an op that may end it early.
    pub(super) may_end_early: bool,
}

pub(super) fn make_case(seed: u64, config: &Config) -> Result<Case, String> {
    let program = generate(seed, config);
    let (expected, end) =
        interpret_to_end(&program).map_err(|e| format!("seed {seed}: the interpreter rejected the program: {e:?}"))?;
    let has_tensors = program.value_types.iter().any(|t| t.tensor_len().is_some());
    let may_end_early = program.may_end_early();
    Ok(Case { seed, has_tensors, mlir: emit_mlir(&program), expected, end, may_end_early })
}

/// `cases` cut into runs that end at each case whose run ends the process
/// early (nothing after it would run).
pub(super) fn batches(cases: &[Case]) -> impl Iterator<Item = &[Case]> {
    cases.split_inclusive(|c| c.end.is_early())
}

/// How the batch's process must end: as its last program does.
pub(super) fn batch_end(cases: &[Case]) -> RunEnd {
    cases.last().map_or(RunEnd::Returned, |c| c.end)
}

/// The batch module: every case as `@p<seed>`, and a `@main` calling them
/// (libc's `exit` declared once).
pub(super) fn batch_module(cases: &[Case]) -> String {
    let mut text = String::new();
    let mut declare_exit = false;
    for case in cases {
        let mlir = case.mlir.replacen("func.func @main()", &format!("func.func @p{}()", case.seed), 1);
        let declaration = format!("{EXIT_DECLARATION}\n");
        declare_exit |= mlir.contains(&declaration);
        text.push_str(&mlir.replace(&declaration, ""));
        text.push('\n');
    }
    if declare_exit {
        text.push_str(EXIT_DECLARATION);
        text.push('\n');
    }
    text.push_str("func.func @main() {\n");
    for case in cases {
        text.push_str(&format!("  func.call @p{}() : () -> ()\n", case.seed));
    }
    text.push_str("  return\n}\n");
    text
}

/// Runs `command` to completion, or kills it after `limit`.
fn run_limited(mut command: Command, limit: Duration) -> Result<Output, String> {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {:?}: {e}", command.get_program()))?;
    let (stdout, stderr) = crate::tools::drain_pipes(&mut child);
    let start = Instant::now();
    let status = loop {
        match child.try_wait().map_err(|e| format!("wait for {:?}: {e}", command.get_program()))? {
            Some(status) => break status,
            None if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("{:?} did not finish within {} s", command.get_program(), limit.as_secs()));
            }
            None => std::thread::sleep(Duration::from_millis(5)),
        }
    };
    let stdout = stdout.join().unwrap_or_default();
    let stderr = stderr.join().unwrap_or_default();
    Ok(Output { status, stdout, stderr })
}

/// How a module was run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tail {
    /// With the whole tail.
    Full,
    /// Upstream's `canonicalize` alone (Debian's `mlir-opt`, no loom code)
    /// fails on the lowered IR (valid IR, verified when loom-opt wrote it),
    /// so it ran with the tail less `canonicalize`. Seen two ways, both
    /// upstream bugs: it does not terminate (cf's single-predecessor block
    /// merge builds self-referential values when folding removes a loop's
    /// only entry edge; llvm/llvm-project#159743, fixed after LLVM 22), or
    /// it produces IR that fails verification ("operand does not dominate
    /// this use", on scf IR of a deallocated tensor program: seed 5283 of
    /// `--tensors`, order bufferize-loom-dealloc).
    WithoutCanonicalize,
}

/// `tail` without its `canonicalize` passes.
fn without_canonicalize(tail: &str) -> String {
    tail.split(',').filter(|p| !p.starts_with("canonicalize")).collect::<Vec<_>>().join(",")
}

/// Runs loom-opt with `pipeline` on `input`, writing `output`.
pub(super) fn lower(tools: &Tools, input: &Path, pipeline: &str, output: &Path) -> Result<(), String> {
    let mut command = Command::new(&tools.loom_opt);
    command.arg(input).arg(format!("--pass-pipeline={pipeline}")).arg("-o").arg(output);
    let opt = run_limited(command, tools.timeout).map_err(|e| format!("loom-opt: {e}"))?;
    if !opt.status.success() {
        return Err(format!("loom-opt failed ({}):\n{}", opt.status, String::from_utf8_lossy(&opt.stderr)));
    }
    Ok(())
}

/// Whether Debian's `mlir-opt --canonicalize` alone fails (does not
/// terminate, or exits with an error) on `input` lowered by `lowering` and
/// the tail less `canonicalize`.
fn upstream_canonicalize_fails(tools: &Tools, lowering: Lowering, analysis: Analysis, input: &Path, tag: &str) -> bool {
    let lowered = tools.work_dir.join(format!("{tag}.{}.nocanon.mlir", lowering.name()));
    let pipeline = lowering.stages(&tools.head, &without_canonicalize(&tools.tail), false, analysis);
    if lower(tools, input, &pipeline, &lowered).is_err() {
        return false;
    }
    let mut command = Command::new(&tools.mlir_opt);
    command.arg(&lowered).arg("--canonicalize").arg("-o").arg("/dev/null");
    !matches!(run_limited(command, tools.timeout), Ok(output) if output.status.success())
}

/// Whether a process that ended with `status` ended as `end` says.
pub(super) fn ended_as(status: std::process::ExitStatus, end: RunEnd) -> bool {
    match end.status() {
        Some(code) => status.code() == Some(code),
        None => status.signal() == Some(SIGABRT),
    }
}

/// The signal `abort()` raises (a failing `cf.assert`).
const SIGABRT: i32 = 6;

/// Lowers and runs `module`, returning its stdout lines and how it ran; the
/// process must end as `end` says (otherwise: an error naming the last line
/// printed, e.g. a violated claim's message).
/// A loom-opt run that fails or does not finish in time is a failure,
/// unless plain upstream `canonicalize` fails on the same lowered IR too
/// (see [`Tail::WithoutCanonicalize`]); then the module runs with the tail
/// less `canonicalize`.
fn execute(
    tools: &Tools,
    lowering: Lowering,
    analysis: Analysis,
    module: &str,
    end: RunEnd,
    tag: &str,
) -> Result<(Vec<String>, Tail), String> {
    let input = tools.work_dir.join(format!("{tag}.mlir"));
    let lowered = tools.work_dir.join(format!("{tag}.{}.ll.mlir", lowering.name()));
    std::fs::write(&input, module).map_err(|e| format!("write {}: {e}", input.display()))?;
    let mut tail = Tail::Full;
    if let Err(error) = lower(tools, &input, &lowering.stages(&tools.head, &tools.tail, true, analysis), &lowered) {
        let upstream =
            tools.tail.contains("canonicalize") && upstream_canonicalize_fails(tools, lowering, analysis, &input, tag);
        if !upstream {
            return Err(error);
        }
        tail = Tail::WithoutCanonicalize;
        lower(
            tools,
            &input,
            &lowering.stages(&tools.head, &without_canonicalize(&tools.tail), true, analysis),
            &lowered,
        )?;
    }
    let libs: Vec<String> = tools.runner_libs.iter().map(|p| p.display().to_string()).collect();
    // A failing `cf.assert` prints its message to stdout and aborts, which
    // loses what stdout still buffers: unbuffered (coreutils' stdbuf), the
    // message of a violated claim reaches the reproducer.
    let mut command = Command::new("stdbuf");
    command
        .arg("-o0")
        .arg(&tools.mlir_runner)
        .arg(&lowered)
        .args(["-e", "main", "-entry-point-result=void"])
        .arg(format!("-shared-libs={}", libs.join(",")));
    let run = run_limited(command, tools.timeout).map_err(|e| format!("mlir-runner: {e}"))?;
    if !ended_as(run.status, end) {
        let stdout = String::from_utf8_lossy(&run.stdout);
        let last = stdout.lines().last().unwrap_or("");
        return Err(format!(
            "mlir-runner failed ({}; expected ending {end:?}); last line printed: {last}\n{}",
            run.status,
            String::from_utf8_lossy(&run.stderr)
        ));
    }
    Ok((String::from_utf8_lossy(&run.stdout).lines().map(str::to_owned).collect(), tail))
}

/// What [`check_seeds`] found.
#[derive(Debug, Default)]
pub struct Summary {
    /// Programs that agreed with the interpreter.
    pub checked: u64,
    /// Seeds (among `checked`) that ran with the tail less `canonicalize`,
    /// because upstream `canonicalize` alone fails on their lowered IR (see
    /// [`Tail::WithoutCanonicalize`]).
    pub cse_only: Vec<u64>,
    /// The programs that disagreed: the first only (checking stops there),
    /// or all of them with `keep_going`.
    pub disagreements: Vec<Disagreement>,
    /// Order `bufferize-scf` only: programs that disagree as bufferized by
    /// One-Shot Bufferize's in-place analysis and agree when it runs with
    /// `copy-before-write` instead. That order bufferizes after
    /// `loom-lower-to-scf`, when no loom op is left: loom's IR is then
    /// shown right (faithful copies give the interpreter's output) and the
    /// wrong in-place decision is upstream's, on scf, tensor and arith ops
    /// alone. Seen: an `scf.for` that yields a constant tensor on some
    /// iteration, whose result is then written in place, into the read-only
    /// global (MLIR 22's scf.for model with allow-return-allocs-from-loops;
    /// a 20-line pure-scf reproducer is in
    /// test/Execution/tensor-loop-constant.mlir). Not counted
    /// as agreeing; kept apart from loom's disagreements.
    pub upstream_inplace: Vec<Disagreement>,
    /// Programs (among all checked) with at least one tensor value.
    pub with_tensors: u64,
    /// Programs (among all generated) with an op that may end them early.
    pub may_end_early: u64,
    /// Programs (among all generated) whose run ends early, as the
    /// interpreter says (checked like every other: output and ending).
    pub ended_early: u64,
    /// Lowering `fixed-bound` only: the seeds not run because a loop has no
    /// bound (no `loom.max_trips`, and loom's facts prove none).
    pub unbounded: Vec<u64>,
}

/// Whether `lowering` is one of the fixed-bound ones.
fn is_fixed_bound(lowering: Lowering) -> bool {
    matches!(lowering, Lowering::FixedBound | Lowering::FixedBoundFuel)
}

/// `mlir` (as `emit_mlir` writes it) with `{loom.max_trips = fuel + 1 +
/// delta : i64}` on every `loom.loop`, `fuel` being the constant its first
/// iteration argument starts from (the generator's fuel invariant: the body
/// runs at most `fuel + 1` times per entry). `delta` is 0 but for the
/// self-test, which plants bounds one too small (clamped to at least 1).
pub fn with_fuel_bounds(mlir: &str, delta: i64) -> String {
    let mut constants: std::collections::HashMap<&str, i64> = std::collections::HashMap::new();
    for line in mlir.lines() {
        let t = line.trim_start();
        if let Some((name, rest)) = t.split_once(" = arith.constant ") {
            if let Some(value) = rest.strip_suffix(" : i32").and_then(|v| v.parse().ok()) {
                constants.insert(name, value);
            }
        }
    }
    let mut out = String::new();
    // The indentation and bound of each open loom.loop, innermost last.
    let mut open: Vec<(usize, Option<i64>)> = Vec::new();
    for line in mlir.lines() {
        let indent = line.len() - line.trim_start().len();
        out.push_str(line);
        if line.contains("loom.loop token(") && line.ends_with('{') {
            let fuel = line
                .split_once("iter_args(")
                .and_then(|(_, rest)| rest.split_once(" = "))
                .and_then(|(_, rest)| rest.split([',', ')']).next())
                .and_then(|init| constants.get(init).copied());
            open.push((indent, fuel.map(|f| (f + 1 + delta).max(1))));
        } else if line.trim_start() == "}" && open.last().is_some_and(|(i, _)| *i == indent) {
            if let Some((_, Some(bound))) = open.pop() {
                out.push_str(&format!(" {{loom.max_trips = {bound} : i64}}"));
            }
        }
        out.push('\n');
    }
    out
}

/// The phrase of loom-lower-to-fixed-bound's error for a loop without a
/// bound.
const NO_BOUND: &str = "needs a bound on its trip count";

/// Whether loom-opt's failure `error` reports only loops without a bound
/// (loom-lower-to-fixed-bound's error for each).
pub(super) fn only_missing_bounds(error: &str) -> bool {
    let errors: Vec<&str> = error.lines().filter(|l| l.contains("error:")).collect();
    !errors.is_empty() && errors.iter().all(|l| l.contains(NO_BOUND))
}

/// Lowering `fixed-bound`: whether `case` can be lowered (Ok(true)), has a
/// loop without a bound (Ok(false): every error loom-opt reports is that
/// one), or fails otherwise, or (without a head) lowers to IR that
/// [`check_fixed_bound`] rejects (a disagreement).
fn fixed_bound_precheck(tools: &Tools, case: &Case) -> Result<bool, String> {
    let input = tools.work_dir.join(format!("seed-{}-fixed-bound-pre.mlir", case.seed));
    let output = tools.work_dir.join(format!("seed-{}-fixed-bound-pre.out.mlir", case.seed));
    std::fs::write(&input, &case.mlir).map_err(|e| format!("write {}: {e}", input.display()))?;
    let pipeline = Lowering::FixedBound.stages(&tools.head, "", false, Analysis::InPlace);
    if let Err(error) = lower(tools, &input, &pipeline, &output) {
        return if only_missing_bounds(&error) { Ok(false) } else { Err(error) };
    }
    if !tools.head.is_empty() {
        // The head's instrumentation (loom-check-claims: counters in
        // memory, checks that branch on them) is not the program's and is
        // not data-oblivious; the form is checked on runs without a head.
        return Ok(true);
    }
    let lowered = std::fs::read_to_string(&output).map_err(|e| format!("read {}: {e}", output.display()))?;
    let report = check_fixed_bound(&lowered)?;
    if !report.violations.is_empty() {
        return Err(format!("the fixed-bound output is not data-oblivious:\n{}", report.violations.join("\n")));
    }
    Ok(true)
}

/// Checks `seeds` under `lowering` in batches of `batch` programs; stops at
/// the first disagreement unless `keep_going`.
pub fn check_seeds(
    tools: &Tools,
    config: &Config,
    seeds: impl IntoIterator<Item = u64>,
    lowering: Lowering,
    batch: usize,
    keep_going: bool,
) -> Result<Summary, String> {
    let seeds: Vec<u64> = seeds.into_iter().collect();
    let mut summary = Summary::default();
    for chunk in seeds.chunks(batch.max(1)) {
        let mut all: Vec<Case> = chunk.iter().map(|&s| make_case(s, config)).collect::<Result<_, _>>()?;
        if is_fixed_bound(lowering) {
            if lowering == Lowering::FixedBoundFuel {
                for case in &mut all {
                    case.mlir = with_fuel_bounds(&case.mlir, tools.fuel_bound_delta);
                }
            }
            let mut kept = Vec::new();
            for case in all {
                match fixed_bound_precheck(tools, &case) {
                    Ok(true) => kept.push(case),
                    Ok(false) => summary.unbounded.push(case.seed),
                    Err(error) => {
                        summary.disagreements.push(Disagreement {
                            seed: case.seed,
                            lowering,
                            pipeline: lowering.pipeline(&tools.head, &tools.tail),
                            mlir: case.mlir.clone(),
                            expected: case.expected.clone(),
                            end: case.end,
                            actual: Err(error),
                        });
                        if !keep_going {
                            return Ok(summary);
                        }
                    }
                }
            }
            all = kept;
        }
        summary.with_tensors += all.iter().filter(|c| c.has_tensors).count() as u64;
        summary.may_end_early += all.iter().filter(|c| c.may_end_early).count() as u64;
        summary.ended_early += all.iter().filter(|c| c.end.is_early()).count() as u64;
        for cases in batches(&all) {
            if !check_batch(tools, lowering, cases, keep_going, &mut summary)? {
                return Ok(summary);
            }
        }
    }
    Ok(summary)
}

/// Checks one batch (only its last program may end early) into `summary`;
/// false where checking must stop (a disagreement without `keep_going`).
fn check_batch(
    tools: &Tools,
    lowering: Lowering,
    cases: &[Case],
    keep_going: bool,
    summary: &mut Summary,
) -> Result<bool, String> {
    let tag = format!("batch-{}-{}", lowering.name(), cases[0].seed);
    let outcome = execute(tools, lowering, Analysis::InPlace, &batch_module(cases), batch_end(cases), &tag);
    let expected: Vec<String> = cases.iter().flat_map(|c| c.expected.iter().cloned()).collect();
    if matches!(&outcome, Ok((lines, Tail::Full)) if *lines == expected) {
        summary.checked += cases.len() as u64;
        return Ok(true);
    }
    // Run the programs one by one: name the first failing program, or
    // the ones upstream canonicalize does not terminate on.
    let fell_back_before = summary.cse_only.len();
    let disagreed_before = summary.disagreements.len() + summary.upstream_inplace.len();
    for case in cases {
        let tag = format!("seed-{}-{}", case.seed, lowering.name());
        match execute(tools, lowering, Analysis::InPlace, &case.mlir, case.end, &tag) {
            Ok((lines, tail)) if lines == case.expected => {
                summary.checked += 1;
                if tail == Tail::WithoutCanonicalize {
                    summary.cse_only.push(case.seed);
                }
            }
            actual => {
                let disagreement = Disagreement {
                    seed: case.seed,
                    lowering,
                    pipeline: lowering.pipeline(&tools.head, &tools.tail),
                    mlir: case.mlir.clone(),
                    expected: case.expected.clone(),
                    end: case.end,
                    actual: actual.map(|(lines, _)| lines),
                };
                if lowering == Lowering::BufferizeScf {
                    let tag = format!("{tag}-copy-before-write");
                    let copied = execute(tools, lowering, Analysis::CopyBeforeWrite, &case.mlir, case.end, &tag);
                    if matches!(&copied, Ok((lines, _)) if *lines == case.expected) {
                        summary.upstream_inplace.push(disagreement);
                        continue;
                    }
                }
                summary.disagreements.push(disagreement);
                if !keep_going {
                    return Ok(false);
                }
            }
        }
    }
    if summary.cse_only.len() == fell_back_before
        && summary.disagreements.len() + summary.upstream_inplace.len() == disagreed_before
    {
        return Err(format!(
            "batch starting at seed {} disagreed but every program agreed alone: {}",
            cases[0].seed,
            match outcome {
                Ok(_) => "the outputs differ only when batched".to_string(),
                Err(e) => e,
            }
        ));
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::ExitStatus;

    fn case(seed: u64, end: RunEnd, mlir: &str) -> Case {
        Case { seed, has_tensors: false, mlir: mlir.to_string(), expected: Vec::new(), end, may_end_early: true }
    }

    #[test]
    fn fuel_bounds_go_on_each_loom_loop() {
        let mlir = "  %v1 = arith.constant 3 : i32\n  %v2 = arith.constant 0 : i32\n  loom.loop token(%t0) iter_args(%v3 = %v1) : (i32) -> () {\n    loom.loop token(%t1) iter_args(%v4 = %v2, %v5 = %v1) : (i32, i32) -> () {\n      loom.break %t1\n    }\n    loom.break %t0\n  }\n";
        let bounded = with_fuel_bounds(mlir, 0);
        assert!(bounded.contains("    } {loom.max_trips = 1 : i64}\n"), "{bounded}");
        assert!(bounded.contains("\n  } {loom.max_trips = 4 : i64}\n"), "{bounded}");
        let planted = with_fuel_bounds(mlir, -1);
        assert!(planted.contains("    } {loom.max_trips = 1 : i64}\n"), "{planted}");
        assert!(planted.contains("\n  } {loom.max_trips = 3 : i64}\n"), "{planted}");
    }

    #[test]
    fn the_process_must_end_as_the_interpreter_says() {
        let exited = |code: i32| ExitStatus::from_raw(code << 8);
        let aborted = ExitStatus::from_raw(SIGABRT);
        assert!(ended_as(exited(0), RunEnd::Returned) && ended_as(exited(0), RunEnd::Exited(0)));
        assert!(ended_as(exited(1), RunEnd::Exited(257)) && ended_as(aborted, RunEnd::Aborted));
        assert!(!ended_as(exited(3), RunEnd::Returned) && !ended_as(exited(2), RunEnd::Exited(3)));
        assert!(!ended_as(aborted, RunEnd::Returned) && !ended_as(exited(0), RunEnd::Aborted));
        assert!(!ended_as(ExitStatus::from_raw(11), RunEnd::Aborted));
    }

    #[test]
    fn a_program_that_ends_early_is_last_in_its_batch_and_exit_is_declared_once() {
        let declared = format!("func.func @main() {{\n  return\n}}\n{EXIT_DECLARATION}\n");
        let cases = vec![
            case(1, RunEnd::Returned, "func.func @main() {\n  return\n}\n"),
            case(2, RunEnd::Exited(3), &declared),
            case(3, RunEnd::Returned, &declared),
            case(4, RunEnd::Aborted, "func.func @main() {\n  return\n}\n"),
            case(5, RunEnd::Returned, "func.func @main() {\n  return\n}\n"),
        ];
        let seeds: Vec<Vec<u64>> = batches(&cases).map(|b| b.iter().map(|c| c.seed).collect()).collect();
        assert_eq!(seeds, vec![vec![1, 2], vec![3, 4], vec![5]]);
        let ends: Vec<RunEnd> = batches(&cases).map(batch_end).collect();
        assert_eq!(ends, vec![RunEnd::Exited(3), RunEnd::Aborted, RunEnd::Returned]);
        let module = batch_module(&cases);
        assert_eq!(module.matches(EXIT_DECLARATION).count(), 1);
        assert!(module.contains("func.func @p2()") && module.contains("  func.call @p5() : () -> ()\n"));
        assert!(!batch_module(&cases[..1]).contains(EXIT_DECLARATION));
    }
}
