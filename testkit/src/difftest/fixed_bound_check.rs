//! Checks that IR `loom-lower-to-fixed-bound` produced is data-oblivious in
//! its control: its loops run a constant number of times, and no branch
//! inside them depends on a value computed in the loop other than through
//! the loops' done/break/continue flags.
//!
//! What is checked, on the whole module:
//!
//! - every loop is an `scf.for` whose lower bound, upper bound and step are
//!   `arith.constant`s; no `scf.while`, parallel or affine loop, no `cf`
//!   branch, no loom op is left;
//! - inside those loops (*fixed loops*), every value gets a class: it is
//!   *independent* (computed from constants, induction variables and
//!   values defined outside the outermost fixed loop), a *flag* (computed
//!   from the loops' carried state, exit decisions and independent values)
//!   or *data* (it depends on memory read in the loop, a call, or any
//!   other value the checker cannot see into). A value's class is the join
//!   (independent < flag < data) of its operands', except that an op that
//!   reads memory or calls gives data, an `scf.for`'s iteration argument
//!   is at least a flag and joins its init and what the body yields
//!   (iterated to a fixed point),
//!   and an `scf.if` result joins what both branches yield and the
//!   condition;
//! - an `scf.if` whose condition is data must decide an exit: in some `i1`
//!   or `i32` result the two branches yield different values, one of them a
//!   constant (the state of the exit it takes); that result is a flag, the
//!   break/continue state the lowering carries. Any other `scf.if` must
//!   have an independent or flag condition;
//! - an `arith.select` inside a fixed loop has an independent or flag
//!   condition;
//! - every op inside a fixed loop that may have a side effect (anything but
//!   `arith`, `index`, `math`, `ub`, structure, loads and other reads) runs
//!   under an `scf.if` on a flag inside its innermost fixed loop: the guard
//!   that stops the loop's side effects once it is done.
//!
//! A program's own branch on data that decides no exit (a `loom.if` without
//! exits on a loaded value) is reported too: a data-oblivious target must
//! turn it into selects itself.

use std::collections::HashMap;

use loom::melior::ir::block::BlockLike;
use loom::melior::ir::operation::{OperationLike, OperationResult};
use loom::melior::ir::{BlockRef, OperationRef, RegionLike, Value, ValueLike};

/// What a value's computation depends on, in increasing order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Class {
    Independent,
    Flag,
    Data,
}

/// What [`check_fixed_bound`] found.
#[derive(Debug, Default)]
pub struct FixedBoundReport {
    /// `scf.for` loops with constant bounds.
    pub loops: usize,
    /// Everything the module breaks of the rules above, with its location.
    pub violations: Vec<String>,
}

/// Checks the module `mlir` (text) against the rules of the module header.
pub fn check_fixed_bound(mlir: &str) -> Result<FixedBoundReport, String> {
    let context = loom::context();
    let module = loom::parse_module(&context, mlir, "<fixed-bound>").map_err(|e| e.to_string())?;
    let mut checker = Checker::default();
    // Iteration arguments join what their loop yields: classify until no
    // class changes (classes only rise, through three: this ends), then
    // check.
    loop {
        checker.changed = false;
        checker.block(module.body(), Scope::Outside);
        if !checker.changed {
            break;
        }
    }
    checker.checking = true;
    checker.block(module.body(), Scope::Outside);
    Ok(FixedBoundReport { loops: checker.loops, violations: checker.violations })
}

/// Where an op sits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scope {
    /// Outside every fixed loop.
    Outside,
    /// Inside a fixed loop; `guarded`: under an `scf.if` on a flag inside
    /// the innermost one.
    Inside { guarded: bool },
}

#[derive(Default)]
struct Checker {
    class: HashMap<usize, Class>,
    changed: bool,
    /// The final round: record violations and count loops.
    checking: bool,
    loops: usize,
    violations: Vec<String>,
}

fn key<'c>(value: &impl ValueLike<'c>) -> usize {
    value.to_raw().ptr as usize
}

fn name(op: &OperationRef) -> String {
    op.name().as_string_ref().as_str().unwrap_or("").to_string()
}

/// The op defining `value`, if it is an op result.
fn defining<'c, 'a>(value: Value<'c, 'a>) -> Option<OperationRef<'c, 'a>> {
    OperationResult::try_from(value).ok().map(|r| r.owner())
}

fn is_constant(value: Value) -> bool {
    defining(value).is_some_and(|op| name(&op) == "arith.constant")
}

fn is_state_type(value: Value) -> bool {
    matches!(value.r#type().to_string().as_str(), "i1" | "i32")
}

/// Ops that may have a side effect, by name: not pure arithmetic,
/// structure or a read.
fn may_have_effect(op_name: &str) -> bool {
    let pure_dialect = ["arith.", "index.", "math.", "ub.", "scf.", "tensor."].iter().any(|d| op_name.starts_with(d));
    let read = matches!(
        op_name,
        "memref.load"
            | "memref.dim"
            | "memref.alloca"
            | "memref.cast"
            | "memref.subview"
            | "vector.load"
            | "vector.transfer_read"
    );
    !(pure_dialect || read)
}

/// Ops whose results depend on memory or code the checker does not see.
fn reads_unknown(op_name: &str) -> bool {
    matches!(op_name, "memref.load" | "vector.load" | "vector.transfer_read" | "func.call" | "func.call_indirect")
        || !["arith.", "index.", "math.", "ub.", "scf.", "memref.", "vector.", "tensor."]
            .iter()
            .any(|d| op_name.starts_with(d))
}

/// Loops and branches that have no place in the output.
fn forbidden(op_name: &str) -> bool {
    op_name.starts_with("loom.")
        || op_name.starts_with("affine.")
        || matches!(
            op_name,
            "scf.while" | "scf.parallel" | "scf.forall" | "scf.execute_region" | "cf.br" | "cf.cond_br" | "cf.switch"
        )
}

impl Checker {
    fn get(&self, value: Value) -> Class {
        self.get_key(key(&value))
    }

    fn get_key(&self, k: usize) -> Class {
        self.class.get(&k).copied().unwrap_or(Class::Independent)
    }

    fn set(&mut self, k: usize, class: Class) {
        let old = self.class.get(&k).copied().unwrap_or(Class::Independent);
        let new = old.max(class);
        if new != old {
            self.class.insert(k, new);
            self.changed = true;
        }
    }

    fn violation(&mut self, op: &OperationRef, what: &str) {
        if self.checking {
            self.violations.push(format!("{}: {}: {what}", op.location(), name(op)));
        }
    }

    fn block(&mut self, block: BlockRef, scope: Scope) {
        let mut next = block.first_operation();
        while let Some(op) = next {
            self.op(&op, scope);
            next = op.next_in_block();
        }
    }

    fn op(&mut self, op: &OperationRef, scope: Scope) {
        let op_name = name(op);
        if forbidden(&op_name) {
            self.violation(
                op,
                "not allowed in fixed-bound output (a loop without a constant bound, a branch or a loom op)",
            );
        }
        let inside = matches!(scope, Scope::Inside { .. });
        let operands: Class = op.operands().map(|v| self.get(v)).max().unwrap_or(Class::Independent);
        match op_name.as_str() {
            "scf.for" => self.for_op(op, scope),
            "scf.if" => self.if_op(op, scope),
            _ => {
                if inside
                    && op_name == "arith.select"
                    && self.get(op.operand(0).expect("select condition")) == Class::Data
                {
                    self.violation(op, "selects on data computed in the loop");
                }
                if inside && may_have_effect(&op_name) && scope == (Scope::Inside { guarded: false }) {
                    self.violation(op, "may have a side effect and runs under no flag guard of its loop");
                }
                let class = if !inside {
                    Class::Independent
                } else if reads_unknown(&op_name) {
                    Class::Data
                } else {
                    operands
                };
                for result in op.results() {
                    self.set(key(&result), class);
                }
                for region in op.regions() {
                    let mut block = region.first_block();
                    while let Some(b) = block {
                        if inside {
                            for i in 0..b.argument_count() {
                                let arg = b.argument(i).expect("argument");
                                self.set(key(&arg), Class::Data);
                            }
                        }
                        self.block(b, scope);
                        block = b.next_in_region();
                    }
                }
            }
        }
    }

    fn for_op(&mut self, op: &OperationRef, scope: Scope) {
        let bounds_constant = (0..3).all(|i| op.operand(i).is_ok_and(is_constant));
        if !bounds_constant {
            self.violation(op, "has a bound or step that is not an arith.constant");
        } else if self.checking {
            self.loops += 1;
        }
        let body = op.region(0).expect("scf.for body").first_block().expect("scf.for block");
        let inits: Vec<Value> = op.operands().skip(3).collect();
        // The induction variable is independent (the trip count is constant);
        // an iteration argument is at least a flag (it carries what earlier
        // iterations did) and joins its init and what the body yields.
        for (i, init) in inits.iter().enumerate() {
            let class = self.get(*init).max(Class::Flag);
            let arg = body.argument(i + 1).expect("iteration argument");
            self.set(key(&arg), class);
        }
        // A fixed loop starts a new innermost loop, wherever it sits.
        let _ = scope;
        self.block(body, Scope::Inside { guarded: false });
        let yield_op = body.terminator().expect("scf.for yield");
        for (i, result) in op.results().enumerate() {
            let yielded = self.get(yield_op.operand(i).expect("yielded value"));
            let arg = key(&body.argument(i + 1).expect("iteration argument"));
            self.set(arg, yielded);
            let class = self.get_key(arg);
            self.set(key(&result), class);
        }
    }

    fn if_op(&mut self, op: &OperationRef, scope: Scope) {
        let condition = self.get(op.operand(0).expect("scf.if condition"));
        let blocks: Vec<BlockRef> = op.regions().filter_map(|r| r.first_block()).collect();
        let yields: Vec<OperationRef> = blocks.iter().filter_map(|b| b.terminator()).collect();
        let mut states = Vec::new();
        if yields.len() == 2 {
            for i in 0..op.result_count() {
                let (a, b) = (yields[0].operand(i).expect("yield"), yields[1].operand(i).expect("yield"));
                if is_state_type(a) && a != b && (is_constant(a) || is_constant(b)) {
                    states.push(i);
                }
            }
        }
        if matches!(scope, Scope::Inside { .. }) && condition == Class::Data && states.is_empty() {
            self.violation(op, "branches on data computed in the loop and decides no exit");
        }
        let inner = match scope {
            Scope::Outside => Scope::Outside,
            Scope::Inside { guarded } => Scope::Inside { guarded: guarded || condition == Class::Flag },
        };
        for block in &blocks {
            self.block(*block, inner);
        }
        for (i, result) in op.results().enumerate() {
            let class = if matches!(scope, Scope::Outside) {
                Class::Independent
            } else if condition == Class::Data && states.contains(&i) {
                Class::Flag
            } else {
                yields.iter().map(|y| self.get(y.operand(i).expect("yield"))).fold(condition, Class::max)
            };
            self.set(key(&result), class);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GUARDED: &str = r#"
func.func @f(%m: memref<4xi32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0 : i32
  %true = arith.constant true
  %r:2 = scf.for %k = %c0 to %c4 step %c1 iter_args(%run = %true, %s = %z) -> (i1, i32) {
    %n:2 = scf.if %run -> (i1, i32) {
      %x = memref.load %m[%k] : memref<4xi32>
      %neg = arith.cmpi slt, %x, %z : i32
      %o:2 = scf.if %neg -> (i1, i32) {
        %false = arith.constant false
        scf.yield %false, %s : i1, i32
      } else {
        %s1 = arith.addi %s, %x : i32
        scf.yield %run, %s1 : i1, i32
      }
      scf.if %o#0 {
        memref.store %o#1, %m[%k] : memref<4xi32>
      }
      scf.yield %o#0, %o#1 : i1, i32
    } else {
      scf.yield %run, %s : i1, i32
    }
    scf.yield %n#0, %n#1 : i1, i32
  }
  return %r#1 : i32
}
"#;

    #[test]
    fn guarded_exit_decisions_pass() {
        let report = check_fixed_bound(GUARDED).expect("parses");
        assert_eq!(report.violations, Vec::<String>::new());
        assert_eq!(report.loops, 1);
    }

    #[test]
    fn a_branch_on_data_that_decides_no_exit_fails() {
        // The store's guard tests the loaded value itself, not the state.
        let bad = GUARDED.replace("scf.if %o#0 {", "scf.if %neg {");
        let report = check_fixed_bound(&bad).expect("parses");
        assert!(report.violations.iter().any(|v| v.contains("decides no exit")), "{:?}", report.violations);
    }

    #[test]
    fn an_unguarded_side_effect_fails() {
        let bad = GUARDED.replace(
            "    scf.yield %n#0, %n#1 : i1, i32\n  }",
            "    memref.store %z, %m[%k] : memref<4xi32>\n    scf.yield %n#0, %n#1 : i1, i32\n  }",
        );
        let report = check_fixed_bound(&bad).expect("parses");
        assert!(report.violations.iter().any(|v| v.contains("no flag guard")), "{:?}", report.violations);
    }

    #[test]
    fn a_dynamic_bound_or_a_while_fails() {
        let bad = GUARDED.replace("step %c1 iter_args", "step %c1x iter_args").replace(
            "%c4 = arith.constant 4 : index",
            "%c4 = arith.constant 4 : index\n  %c1x = memref.dim %m, %c0 : memref<4xi32>",
        );
        let report = check_fixed_bound(&bad).expect("parses");
        assert!(report.violations.iter().any(|v| v.contains("not an arith.constant")), "{:?}", report.violations);
        let with_while = "func.func @g() {\n  scf.while : () -> () {\n    %f = arith.constant false\n    scf.condition(%f)\n  } do {\n    scf.yield\n  }\n  return\n}\n";
        let report = check_fixed_bound(with_while).expect("parses");
        assert!(report.violations.iter().any(|v| v.contains("scf.while")), "{:?}", report.violations);
    }

    #[test]
    fn a_select_on_loaded_data_fails() {
        let bad = GUARDED.replace(
            "%neg = arith.cmpi slt, %x, %z : i32",
            "%neg = arith.cmpi slt, %x, %z : i32\n      %sel = arith.select %neg, %x, %z : i32",
        );
        let report = check_fixed_bound(&bad).expect("parses");
        assert!(report.violations.iter().any(|v| v.contains("selects on data")), "{:?}", report.violations);
    }
}
