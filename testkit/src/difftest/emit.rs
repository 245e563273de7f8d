//! Prints a [`Program`] as MLIR text in the loom dialect's custom syntax.
//!
//! The output is one `func.func @main()` whose body is the program's ops
//! followed by `return` (and, if the program calls `exit`, the line
//! [`EXIT_DECLARATION`]). Every op is printed on its own line, regions are
//! indented by two spaces per level, values are named `%v<N>` and tokens
//! `%t<N>` after their ids, so the text is a pure function of the AST (and
//! therefore of the generator seed). Multi-result ops name every result
//! (`%v3, %v4 = loom.loop ...`), which the generic MLIR parser accepts for
//! any op.
//!
//! The emitter does not validate: it assumes a program accepted by `check`.
//! A dangling id prints with the type `!invalid` so that the MLIR parser, not
//! this module, reports it.
//!
//! Syntax used (the loom dialect contract; `loom.for` without `iter_args`
//! follows `scf.for`: `loom.for %i = %lb to %ub step %s token(%t) : i32 {`):
//! ```mlir
//! %r0, %r1 = loom.loop token(%t) iter_args(%a = %x) : (i32) -> (i64, f32) { ... }
//! %r = loom.for %i = %lb to %ub step %s token(%t) iter_args(%a = %x) -> (f32) : i32 { ... }
//! %r = loom.scope token(%s) -> (i32) { ... }
//! %r = loom.if %c -> (i32) { ... } else { ... }
//! loom.break %t, %v : i32      loom.continue %t, %a : i32      loom.yield
//! ```

use super::program::{
    sign_extend, Block, Constant, ForOp, IfOp, IterArg, LoopOp, Op, Program, ScopeOp, Terminator, TokenId, Type,
    ValueId,
};
use std::fmt::Write;

/// The MLIR module text of `program`.
pub fn emit_mlir(program: &Program) -> String {
    let mut e = Emitter { program, out: String::new() };
    e.line(0, &format!("// loom difftest program, seed {}", program.seed));
    e.line(0, "func.func @main() {");
    e.ops(&program.body, 1);
    e.line(1, "return");
    e.line(0, "}");
    if program.any_op(&|op| matches!(op, Op::Exit { .. })) {
        e.line(0, EXIT_DECLARATION);
    }
    e.out
}

/// libc's `exit`, declared after `@main` by programs that call it (one line;
/// a module of several programs declares it once).
pub const EXIT_DECLARATION: &str = "func.func private @exit(i32)";

/// `%v<N>`.
pub fn value_name(v: ValueId) -> String {
    format!("%v{}", v.0)
}

/// `%t<N>`.
pub fn token_name(t: TokenId) -> String {
    format!("%t{}", t.0)
}

/// An MLIR float literal denoting exactly `x` in type `ty`.
///
/// Multiples of 0.5 print in decimal with a mandatory `.` (`2.0`, `-1.5`);
/// anything else prints as the hexadecimal bit pattern MLIR accepts for
/// float attributes, which is exact by definition.
pub fn float_literal(x: f64, ty: Type) -> String {
    if x.is_finite() && (x * 2.0).fract() == 0.0 && x.abs() < 1e15 {
        format!("{x:.1}")
    } else if ty == Type::F32 {
        format!("0x{:08X}", (x as f32).to_bits())
    } else {
        format!("0x{:016X}", x.to_bits())
    }
}

struct Emitter<'p> {
    program: &'p Program,
    out: String,
}

impl Emitter<'_> {
    fn line(&mut self, depth: usize, text: &str) {
        for _ in 0..depth {
            self.out.push_str("  ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn ty(&self, v: ValueId) -> String {
        self.program.type_of(v).map(Type::mlir_name).unwrap_or_else(|| "!invalid".into())
    }

    fn names(&self, values: &[ValueId]) -> String {
        values.iter().map(|v| value_name(*v)).collect::<Vec<_>>().join(", ")
    }

    fn types(&self, values: &[ValueId]) -> String {
        values.iter().map(|v| self.ty(*v)).collect::<Vec<_>>().join(", ")
    }

    /// `%a, %b = ` or nothing.
    fn results(&self, results: &[ValueId]) -> String {
        if results.is_empty() {
            String::new()
        } else {
            format!("{} = ", self.names(results))
        }
    }

    /// ` iter_args(%p = %i, ...)` or nothing.
    fn iter_args(&self, args: &[IterArg]) -> String {
        if args.is_empty() {
            return String::new();
        }
        let list: Vec<String> =
            args.iter().map(|a| format!("{} = {}", value_name(a.param), value_name(a.init))).collect();
        format!(" iter_args({})", list.join(", "))
    }

    /// `%v, %w : t1, t2` after an exit/yield keyword, or nothing.
    fn operand_list(&self, values: &[ValueId]) -> String {
        if values.is_empty() {
            String::new()
        } else {
            format!(" {} : {}", self.names(values), self.types(values))
        }
    }

    fn ops(&mut self, ops: &[Op], depth: usize) {
        for op in ops {
            self.op(op, depth);
        }
    }

    fn block(&mut self, block: &Block, depth: usize) {
        self.ops(&block.ops, depth);
        let text = match &block.terminator {
            Terminator::Yield(values) => format!("loom.yield{}", self.operand_list(values)),
            Terminator::Break { target, values } => {
                format!("loom.break {}{}", token_name(*target), self.exit_operands(values))
            }
            Terminator::Continue { target, values } => {
                format!("loom.continue {}{}", token_name(*target), self.exit_operands(values))
            }
        };
        self.line(depth, &text);
    }

    /// `, %v, %w : t1, t2` after an exit's token, or nothing.
    fn exit_operands(&self, values: &[ValueId]) -> String {
        if values.is_empty() {
            String::new()
        } else {
            format!(", {} : {}", self.names(values), self.types(values))
        }
    }

    fn op(&mut self, op: &Op, depth: usize) {
        let v = |id: &ValueId| value_name(*id);
        match op {
            Op::Const { result, value } => {
                let ty = self.program.type_of(*result);
                let text = match (value, ty) {
                    (Constant::Int(bits), Some(Type::I1)) => {
                        format!("{} = arith.constant {}", v(result), if bits & 1 == 1 { "true" } else { "false" })
                    }
                    (Constant::Int(bits), Some(t)) => format!(
                        "{} = arith.constant {} : {}",
                        v(result),
                        sign_extend(*bits, t.int_width().unwrap_or(64)),
                        t.mlir_name()
                    ),
                    (Constant::Float(x), Some(t)) => {
                        format!("{} = arith.constant {} : {}", v(result), float_literal(*x, t), t.mlir_name())
                    }
                    (_, None) => format!("{} = arith.constant 0 : !invalid", v(result)),
                };
                self.line(depth, &text);
            }
            Op::IntBinary { result, op: bin, lhs, rhs } => {
                let text = format!("{} = {} {}, {} : {}", v(result), bin.mlir_name(), v(lhs), v(rhs), self.ty(*result));
                self.line(depth, &text);
            }
            Op::FloatBinary { result, op: bin, lhs, rhs } => {
                let text = format!("{} = {} {}, {} : {}", v(result), bin.mlir_name(), v(lhs), v(rhs), self.ty(*result));
                self.line(depth, &text);
            }
            Op::CmpI { result, predicate, lhs, rhs } => {
                let text = format!(
                    "{} = arith.cmpi {}, {}, {} : {}",
                    v(result),
                    predicate.keyword(),
                    v(lhs),
                    v(rhs),
                    self.ty(*lhs)
                );
                self.line(depth, &text);
            }
            Op::CmpF { result, predicate, lhs, rhs } => {
                let text = format!(
                    "{} = arith.cmpf {}, {}, {} : {}",
                    v(result),
                    predicate.keyword(),
                    v(lhs),
                    v(rhs),
                    self.ty(*lhs)
                );
                self.line(depth, &text);
            }
            Op::Select { result, condition, on_true, on_false } => {
                let text = format!(
                    "{} = arith.select {}, {}, {} : {}",
                    v(result),
                    v(condition),
                    v(on_true),
                    v(on_false),
                    self.ty(*result)
                );
                self.line(depth, &text);
            }
            Op::Cast { result, op: cast, operand } => {
                let text = format!(
                    "{} = {} {} : {} to {}",
                    v(result),
                    cast.mlir_name(),
                    v(operand),
                    self.ty(*operand),
                    self.ty(*result)
                );
                self.line(depth, &text);
            }
            Op::TensorConst { result, elements } => {
                let literals: Vec<String> = elements.iter().map(|b| sign_extend(*b, 32).to_string()).collect();
                let text =
                    format!("{} = arith.constant dense<[{}]> : {}", v(result), literals.join(", "), self.ty(*result));
                self.line(depth, &text);
            }
            Op::TensorInsert { result, scalar, tensor, index } => {
                let text = format!(
                    "{} = tensor.insert {} into {}[{}] : {}",
                    v(result),
                    v(scalar),
                    v(tensor),
                    v(index),
                    self.ty(*tensor)
                );
                self.line(depth, &text);
            }
            Op::TensorExtract { result, tensor, index } => {
                let text = format!("{} = tensor.extract {}[{}] : {}", v(result), v(tensor), v(index), self.ty(*tensor));
                self.line(depth, &text);
            }
            Op::Print { value } => {
                let text = format!("vector.print {} : {}", v(value), self.ty(*value));
                self.line(depth, &text);
            }
            Op::Exit { code } => self.line(depth, &format!("func.call @exit({}) : (i32) -> ()", v(code))),
            Op::Assert { condition, message } => {
                self.line(depth, &format!("cf.assert {}, \"{message}\"", v(condition)))
            }
            Op::If(if_op) => self.if_op(if_op, depth),
            Op::Loop(loop_op) => self.loop_op(loop_op, depth),
            Op::Scope(scope) => self.scope_op(scope, depth),
            Op::For(for_op) => self.for_op(for_op, depth),
        }
    }

    /// ` -> (t1, t2)` or nothing.
    fn arrow(&self, results: &[ValueId]) -> String {
        if results.is_empty() {
            String::new()
        } else {
            format!(" -> ({})", self.types(results))
        }
    }

    fn if_op(&mut self, op: &IfOp, depth: usize) {
        let header =
            format!("{}loom.if {}{} {{", self.results(&op.results), value_name(op.condition), self.arrow(&op.results));
        self.line(depth, &header);
        self.block(&op.then_block, depth + 1);
        if let Some(else_block) = &op.else_block {
            self.line(depth, "} else {");
            self.block(else_block, depth + 1);
        }
        self.line(depth, "}");
    }

    fn loop_op(&mut self, op: &LoopOp, depth: usize) {
        let iter_types = if op.iter_args.is_empty() {
            String::new()
        } else {
            let params: Vec<ValueId> = op.iter_args.iter().map(|a| a.param).collect();
            format!(" : ({})", self.types(&params))
        };
        let header = format!(
            "{}loom.loop token({}){}{}{} {{",
            self.results(&op.results),
            token_name(op.token),
            self.iter_args(&op.iter_args),
            iter_types,
            self.arrow(&op.results)
        );
        self.line(depth, &header);
        self.block(&op.body, depth + 1);
        self.line(depth, "}");
    }

    fn scope_op(&mut self, op: &ScopeOp, depth: usize) {
        let header = format!(
            "{}loom.scope token({}){} {{",
            self.results(&op.results),
            token_name(op.token),
            self.arrow(&op.results)
        );
        self.line(depth, &header);
        self.block(&op.body, depth + 1);
        self.line(depth, "}");
    }

    fn for_op(&mut self, op: &ForOp, depth: usize) {
        let mut header = String::new();
        let _ = write!(
            header,
            "{}loom.for {} = {} to {} step {} token({}){}{}",
            self.results(&op.results),
            value_name(op.induction),
            value_name(op.lower),
            value_name(op.upper),
            value_name(op.step),
            token_name(op.token),
            self.iter_args(&op.iter_args),
            self.arrow(&op.results)
        );
        let iv_type = self.ty(op.induction);
        if iv_type != "index" {
            let _ = write!(header, " : {iv_type}");
        }
        header.push_str(" {");
        self.line(depth, &header);
        self.block(&op.body, depth + 1);
        self.line(depth, "}");
    }
}

#[cfg(test)]
mod tests {
    use super::super::generate::{generate, Config};
    use super::super::program::{CmpIPredicate, IntBinOp};
    use super::super::testing::Asm;
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn golden_text_of_every_construct() {
        let mut a = Asm::new();
        let mut ops = Vec::new();
        let c = a.int(&mut ops, Type::I1, 1);
        let r = a.scope(&mut ops, &[Type::I32], |a, body, s| {
            let seven = a.int(body, Type::I32, 7);
            a.exit_if(body, c, Terminator::Break { target: s, values: vec![seven] });
            let nine = a.int(body, Type::I32, 9);
            Terminator::Yield(vec![nine])
        });
        a.for_loop(&mut ops, Type::I32, (-2, 3, 2), &[], |_, _, _, _, _| Terminator::Yield(vec![]));
        let m1 = a.int(&mut ops, Type::Index, -1);
        let half = a.float(&mut ops, Type::F32, 1.5);
        let l = a.fuel_loop(&mut ops, 2, &[m1], &[Type::F32], &[half], |a, body, ctx| {
            let three = a.int(body, Type::Index, 3);
            let p = a.bin(body, IntBinOp::Add, ctx.params[0], three);
            let done = a.cmp(body, CmpIPredicate::Ugt, p, three);
            let token = ctx.token;
            let v = a.if_else(
                body,
                done,
                &[Type::Index],
                |_, _| Terminator::Continue { target: token, values: vec![ctx.next, p] },
                |_, _| Terminator::Yield(vec![p]),
            );
            ctx.continue_with(&[v[0]])
        });
        let f = a.for_loop(&mut ops, Type::Index, (0, 4, 1), &[r[0], half], |_, _, t, _, p| Terminator::Break {
            target: t,
            values: p.to_vec(),
        });
        a.print(&mut ops, l[0]);
        a.print(&mut ops, f[0]);
        let program = a.finish(ops);
        assert!(super::super::check::check(&program).is_ok());
        // -1 + 3 = 2 (not > 3): yield; 5 > 3: continue; fuel runs out: 1.5.
        assert_eq!(super::super::interpret::interpret(&program), Ok(vec!["1.5".to_string(), "7".to_string()]));
        let text = emit_mlir(&program);
        let expected = "\
// loom difftest program, seed 0
func.func @main() {
  %v0 = arith.constant true
  %v3 = loom.scope token(%t0) -> (i32) {
    %v1 = arith.constant 7 : i32
    loom.if %v0 {
      loom.break %t0, %v1 : i32
    }
    %v2 = arith.constant 9 : i32
    loom.yield %v2 : i32
  }
  %v4 = arith.constant -2 : i32
  %v5 = arith.constant 3 : i32
  %v6 = arith.constant 2 : i32
  loom.for %v7 = %v4 to %v5 step %v6 token(%t1) : i32 {
    loom.yield
  }
  %v8 = arith.constant -1 : index
  %v9 = arith.constant 1.5 : f32
  %v10 = arith.constant 2 : i32
  %v21 = loom.loop token(%t2) iter_args(%v11 = %v10, %v12 = %v8) : (i32, index) -> (f32) {
    %v13 = arith.constant 0 : i32
    %v14 = arith.cmpi sle, %v11, %v13 : i32
    loom.if %v14 {
      loom.break %t2, %v9 : f32
    }
    %v15 = arith.constant 1 : i32
    %v16 = arith.subi %v11, %v15 : i32
    %v17 = arith.constant 3 : index
    %v18 = arith.addi %v12, %v17 : index
    %v19 = arith.cmpi ugt, %v18, %v17 : index
    %v20 = loom.if %v19 -> (index) {
      loom.continue %t2, %v16, %v18 : i32, index
    } else {
      loom.yield %v18 : index
    }
    loom.continue %t2, %v16, %v20 : i32, index
  }
  %v22 = arith.constant 0 : index
  %v23 = arith.constant 4 : index
  %v24 = arith.constant 1 : index
  %v28, %v29 = loom.for %v25 = %v22 to %v23 step %v24 token(%t3) iter_args(%v26 = %v3, %v27 = %v9) -> (i32, f32) {
    loom.break %t3, %v26, %v27 : i32, f32
  }
  vector.print %v21 : f32
  vector.print %v28 : i32
  return
}
";
        assert_eq!(text, expected);
    }

    #[test]
    fn float_literals_are_exact() {
        assert_eq!(float_literal(2.0, Type::F32), "2.0");
        assert_eq!(float_literal(-0.5, Type::F64), "-0.5");
        assert_eq!(float_literal(0.1, Type::F64), "0x3FB999999999999A");
        assert_eq!(float_literal(0.1, Type::F32), "0x3DCCCCCD");
    }

    /// Textual sanity of generated MLIR: balanced regions, every `%v`/`%t`
    /// defined on an earlier line (or in the header defining it) before use,
    /// and nothing but a closing brace after a terminator.
    fn check_text(text: &str) -> Result<(), String> {
        let mut defined: BTreeSet<String> = BTreeSet::new();
        let mut depth: i64 = 0;
        let mut after_terminator = false;
        for (n, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.starts_with("//") {
                continue;
            }
            if after_terminator && !line.starts_with('}') {
                return Err(format!("line {n}: `{line}` follows a terminator"));
            }
            after_terminator =
                line.starts_with("loom.yield") || line.starts_with("loom.break") || line.starts_with("loom.continue");
            // Definitions: results before ` = `, `token(%t)`, `%p = %init` pairs, `for %iv =`.
            let mut defs = Vec::new();
            let mut uses = Vec::new();
            let (lhs, rhs) = match line.split_once(" = ") {
                Some((l, r)) if !l.contains(' ') || l.contains(", ") => (Some(l), r),
                _ => (None, line),
            };
            if let Some(l) = lhs {
                defs.extend(l.split(", ").map(str::to_string));
            }
            let mut previous = "";
            let mut pending_param: Option<String> = None;
            for w in rhs.split([' ', ',', '(', ')', '{']) {
                if w.is_empty() {
                    continue;
                }
                if w.starts_with('%') {
                    let is_def = previous == "token" || previous == "loom.for" || previous == "iter_args";
                    if is_def {
                        defs.push(w.to_string());
                    } else if pending_param.is_none() && rhs.contains(&format!("{w} = ")) {
                        pending_param = Some(w.to_string());
                        defs.push(w.to_string());
                    } else {
                        uses.push(w.to_string());
                        pending_param = None;
                    }
                }
                previous = w;
            }
            for u in &uses {
                if !defined.contains(u) {
                    return Err(format!("line {n}: {u} used before definition in `{line}`"));
                }
            }
            for d in defs {
                if !defined.insert(d.clone()) {
                    return Err(format!("line {n}: {d} defined twice"));
                }
            }
            depth += line.matches('{').count() as i64 - line.matches('}').count() as i64;
            if depth < 0 {
                return Err(format!("line {n}: unbalanced braces"));
            }
        }
        if depth != 0 {
            return Err("unbalanced braces at the end".to_string());
        }
        Ok(())
    }

    #[test]
    fn generated_text_is_well_formed_and_deterministic() {
        let config = Config::default();
        for seed in 0..300u64 {
            let text = emit_mlir(&generate(seed, &config));
            if let Err(e) = check_text(&text) {
                panic!("seed {seed}: {e}\n{text}");
            }
            assert_eq!(text, emit_mlir(&generate(seed, &config)));
            assert!(text.starts_with(&format!("// loom difftest program, seed {seed}\nfunc.func @main() {{\n")));
            let declared = format!("  return\n}}\n{EXIT_DECLARATION}\n");
            assert!(text.ends_with("  return\n}\n") || text.ends_with(&declared));
            assert_eq!(text.contains("func.call @exit("), text.ends_with(&declared), "seed {seed}");
        }
    }

    #[test]
    fn text_checker_catches_use_before_definition() {
        assert!(check_text("func.func @main() {\n  vector.print %v1 : i32\n  return\n}\n").is_err());
        assert!(check_text("func.func @main() {\n  loom.yield\n  %v0 = arith.constant 1 : i32\n}\n").is_err());
    }
}
