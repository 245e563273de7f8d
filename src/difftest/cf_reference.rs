//! Test-only reference lowering of the loom constructs straight to `cf`, to
//! check the interpreter against real MLIR execution without the loom
//! dialect.
//!
//! Every structured op becomes blocks and `cf.br` / `cf.cond_br`; values keep
//! their `%v<N>` names (block arguments carry iteration arguments and
//! results), and straight-line ops are printed by `emit` itself. The lowering
//! is deliberately naive and independent of the project's passes:
//! * `loom.loop`: `br ^header(inits)`; continue → `^header`, break → `^after`;
//! * `loom.for`: `^cond(iv, args)`: `iv < ub ? ^body : ^after(args)`;
//!   yield / continue → `^latch(args)`: `br ^cond(iv + step, args)`;
//! * `loom.scope`: yield and break → `^after`;
//! * `loom.if`: `cond_br ^then, ^else`; yield → `^after`.
//!
//! The ignored test runs `mlir-opt` + `mlir-runner` (LLVM 22) on a batch of
//! generated programs and compares stdout with `interpret`:
//! `cargo test -- --ignored interpreter_agrees_with_mlir_runner`. The tools
//! are looked up in `$LOOM_DIFFTEST_MLIR_BIN` (default `/usr/lib/llvm-22/bin`)
//! and the runtime in `../lib/libmlir_c_runner_utils.so` next to it.

use super::emit::{emit_mlir, value_name};
use super::program::{Block, Op, Program, Terminator, TokenId, ValueId};
use std::collections::HashMap;

/// `@name` as a `func.func` with the program lowered to `cf`.
pub fn lower_to_cf(program: &Program, name: &str) -> String {
    let mut cf = Cf {
        program,
        out: String::new(),
        labels: 0,
        temps: 0,
        continue_to: HashMap::new(),
        break_to: HashMap::new(),
    };
    for op in &program.body {
        cf.op(op);
    }
    format!("func.func @{name}() {{\n{}  return\n}}\n", cf.out)
}

struct Cf<'p> {
    program: &'p Program,
    out: String,
    labels: u32,
    temps: u32,
    continue_to: HashMap<TokenId, String>,
    break_to: HashMap<TokenId, String>,
}

impl Cf<'_> {
    fn ty(&self, v: ValueId) -> &'static str {
        self.program
            .type_of(v)
            .map(|t| t.mlir_name())
            .unwrap_or("!invalid")
    }

    fn label(&mut self) -> String {
        self.labels += 1;
        format!("^b{}", self.labels)
    }

    fn temp(&mut self) -> String {
        self.temps += 1;
        format!("%cf{}", self.temps)
    }

    fn line(&mut self, text: &str) {
        self.out.push_str("  ");
        self.out.push_str(text);
        self.out.push('\n');
    }

    /// `^label` or `^label(%a, %b : t1, t2)`.
    fn dest(&self, label: &str, values: &[String], types: &[&str]) -> String {
        if values.is_empty() {
            label.to_string()
        } else {
            format!("{label}({} : {})", values.join(", "), types.join(", "))
        }
    }

    fn dest_values(&self, label: &str, values: &[ValueId]) -> String {
        let names: Vec<String> = values.iter().map(|v| value_name(*v)).collect();
        let types: Vec<&str> = values.iter().map(|v| self.ty(*v)).collect();
        self.dest(label, &names, &types)
    }

    fn block(&mut self, label: &str, args: &[(String, &str)]) {
        let list: Vec<String> = args.iter().map(|(n, t)| format!("{n}: {t}")).collect();
        if list.is_empty() {
            self.out.push_str(&format!("{label}:\n"));
        } else {
            self.out
                .push_str(&format!("{label}({}):\n", list.join(", ")));
        }
    }

    fn block_values(&mut self, label: &str, args: &[ValueId]) {
        let args: Vec<(String, &str)> =
            args.iter().map(|v| (value_name(*v), self.ty(*v))).collect();
        self.block(label, &args);
    }

    fn region(&mut self, block: &Block, yield_to: &str) {
        for op in &block.ops {
            self.op(op);
        }
        let (label, values) = match &block.terminator {
            Terminator::Yield(values) => (yield_to.to_string(), values),
            Terminator::Break { target, values } => (
                self.break_to.get(target).cloned().unwrap_or_default(),
                values,
            ),
            Terminator::Continue { target, values } => (
                self.continue_to.get(target).cloned().unwrap_or_default(),
                values,
            ),
        };
        let text = format!("cf.br {}", self.dest_values(&label, values));
        self.line(&text);
    }

    fn op(&mut self, op: &Op) {
        match op {
            Op::If(i) => {
                let (then_label, else_label, after) = (self.label(), self.label(), self.label());
                self.line(&format!(
                    "cf.cond_br {}, {then_label}, {else_label}",
                    value_name(i.condition)
                ));
                self.block(&then_label, &[]);
                self.region(&i.then_block, &after);
                self.block(&else_label, &[]);
                match &i.else_block {
                    Some(b) => self.region(b, &after),
                    None => self.line(&format!("cf.br {after}")),
                }
                self.block_values(&after, &i.results);
            }
            Op::Loop(l) => {
                let (header, after) = (self.label(), self.label());
                self.continue_to.insert(l.token, header.clone());
                self.break_to.insert(l.token, after.clone());
                let inits: Vec<ValueId> = l.iter_args.iter().map(|a| a.init).collect();
                let params: Vec<ValueId> = l.iter_args.iter().map(|a| a.param).collect();
                let text = format!("cf.br {}", self.dest_values(&header, &inits));
                self.line(&text);
                self.block_values(&header, &params);
                self.region(&l.body, "<no yield in loom.loop>");
                self.block_values(&after, &l.results);
            }
            Op::Scope(s) => {
                let after = self.label();
                self.break_to.insert(s.token, after.clone());
                self.region(&s.body, &after);
                self.block_values(&after, &s.results);
            }
            Op::For(f) => {
                let (cond, body, latch, after) =
                    (self.label(), self.label(), self.label(), self.label());
                self.continue_to.insert(f.token, latch.clone());
                self.break_to.insert(f.token, after.clone());
                let iters: Vec<ValueId> = f.iter_args.iter().map(|a| a.param).collect();
                let mut inits = vec![f.lower];
                inits.extend(f.iter_args.iter().map(|a| a.init));
                let mut params = vec![f.induction];
                params.extend(iters.iter().copied());
                let text = format!("cf.br {}", self.dest_values(&cond, &inits));
                self.line(&text);
                self.block_values(&cond, &params);
                let iv_type = self.ty(f.induction);
                let test = self.temp();
                self.line(&format!(
                    "{test} = arith.cmpi slt, {}, {} : {iv_type}",
                    value_name(f.induction),
                    value_name(f.upper)
                ));
                let exit = self.dest_values(&after, &iters);
                self.line(&format!("cf.cond_br {test}, {body}, {exit}"));
                self.block(&body, &[]);
                self.region(&f.body, &latch);
                let names: Vec<String> = iters.iter().map(|_| self.temp()).collect();
                let types: Vec<&str> = iters.iter().map(|v| self.ty(*v)).collect();
                let args: Vec<(String, &str)> =
                    names.iter().cloned().zip(types.iter().copied()).collect();
                self.block(&latch, &args);
                let next = self.temp();
                self.line(&format!(
                    "{next} = arith.addi {}, {} : {iv_type}",
                    value_name(f.induction),
                    value_name(f.step)
                ));
                let mut values = vec![next];
                values.extend(names);
                let mut all_types = vec![iv_type];
                all_types.extend(types);
                let text = format!("cf.br {}", self.dest(&cond, &values, &all_types));
                self.line(&text);
                self.block_values(&after, &f.results);
            }
            simple => {
                // Straight-line ops print exactly as `emit` prints them.
                let single = Program {
                    seed: 0,
                    value_types: self.program.value_types.clone(),
                    token_count: 0,
                    body: vec![simple.clone()],
                };
                let text = emit_mlir(&single);
                for line in text.lines().skip(2) {
                    if line.trim() != "return" && line != "}" {
                        self.out.push_str(line);
                        self.out.push('\n');
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::generate::{generate, Config, FloatPrinting};
    use super::super::interpret::interpret;
    use super::*;
    use std::path::PathBuf;
    use std::process::Command;

    #[test]
    fn lowering_is_deterministic_and_branches_only() {
        let config = Config::default();
        for seed in 0..50u64 {
            let p = generate(seed, &config);
            let text = lower_to_cf(&p, "main");
            assert_eq!(text, lower_to_cf(&p, "main"));
            assert!(!text.contains("loom."), "seed {seed}");
            assert!(
                !text.contains("cf.br \n") && !text.contains("cf.br ("),
                "seed {seed}: dangling target"
            );
        }
    }

    /// One batch of programs: a module whose `@main` calls every case and
    /// prints a marker after each, and the expected stdout.
    fn batch(seeds: std::ops::Range<u64>, config: &Config) -> (String, String) {
        let mut module = String::new();
        let mut expected = String::new();
        let mut main = String::from("func.func @main() {\n");
        for (i, seed) in seeds.enumerate() {
            let p = generate(seed, config);
            module.push_str(&lower_to_cf(&p, &format!("case{i}")));
            for line in interpret(&p).expect("interprets") {
                expected.push_str(&line);
                expected.push('\n');
            }
            let marker = 1_000_000 + i;
            expected.push_str(&format!("{marker}\n"));
            main.push_str(&format!(
                "  func.call @case{i}() : () -> ()\n  %m{i} = arith.constant {marker} : i64\n  vector.print %m{i} : i64\n"
            ));
        }
        main.push_str("  return\n}\n");
        (module + &main, expected)
    }

    fn run_mlir(module: &str, tag: &str) -> Result<String, String> {
        let bin = PathBuf::from(
            std::env::var("LOOM_DIFFTEST_MLIR_BIN")
                .unwrap_or_else(|_| "/usr/lib/llvm-22/bin".into()),
        );
        let runtime = bin.join("../lib/libmlir_c_runner_utils.so");
        let dir = std::env::temp_dir();
        let input = dir.join(format!("loom-difftest-{}-{tag}.mlir", std::process::id()));
        let lowered = dir.join(format!(
            "loom-difftest-{}-{tag}.llvm.mlir",
            std::process::id()
        ));
        std::fs::write(&input, module).map_err(|e| e.to_string())?;
        let opt = Command::new(bin.join("mlir-opt"))
            .arg(&input)
            .args([
                "--convert-vector-to-llvm",
                "--convert-arith-to-llvm",
                "--convert-cf-to-llvm",
                "--convert-func-to-llvm",
                "--reconcile-unrealized-casts",
                "-o",
            ])
            .arg(&lowered)
            .output()
            .map_err(|e| e.to_string())?;
        if !opt.status.success() {
            return Err(String::from_utf8_lossy(&opt.stderr).into_owned());
        }
        let runner = Command::new(bin.join("mlir-runner"))
            .arg(&lowered)
            .args(["-e", "main", "-entry-point-result=void"])
            .arg(format!("--shared-libs={}", runtime.display()))
            .output()
            .map_err(|e| e.to_string())?;
        let _ = std::fs::remove_file(&input);
        let _ = std::fs::remove_file(&lowered);
        if !runner.status.success() {
            return Err(String::from_utf8_lossy(&runner.stderr).into_owned());
        }
        Ok(String::from_utf8_lossy(&runner.stdout).into_owned())
    }

    #[test]
    #[ignore = "needs mlir-opt and mlir-runner (LLVM 22)"]
    fn interpreter_agrees_with_mlir_runner_on_the_cf_lowering() {
        let configs = [
            ("direct", Config::default()),
            (
                "fptosi",
                Config {
                    float_printing: FloatPrinting::ViaFpToSi,
                    ..Config::default()
                },
            ),
        ];
        for (tag, config) in configs {
            for start in [0u64, 100, 200] {
                let (module, expected) = batch(start..start + 100, &config);
                let actual =
                    run_mlir(&module, &format!("{tag}-{start}")).unwrap_or_else(|e| panic!("{e}"));
                if actual != expected {
                    let first = actual
                        .lines()
                        .zip(expected.lines())
                        .position(|(a, e)| a != e);
                    panic!("{tag} seeds {start}..: stdout differs at line {first:?}");
                }
            }
        }
    }
}
