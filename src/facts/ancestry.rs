//! Where ops sit: each loop's and access's function and loop depth, as
//! the report names them.
//!
//! Algorithm: every op asked about walks up from its parent to the first
//! op already known (or the top), then records each op on the way from
//! the top down, from what holds above it. Each enclosing op is read once
//! per analysis, so the records of a nest cost linear time in its size
//! instead of walking the whole nest from each of its ops.
//!
//! Invariant: the IR does not change while an [`Ancestry`] lives (one
//! analysis walk); an op's answer is the one walking up from it gives.

use std::cell::RefCell;
use std::rc::Rc;

use super::ir::{FastMap, Op};

/// Where ops sit: the name of the nearest enclosing op with a string
/// `sym_name` (normally the function) and the number of loop-like ops
/// strictly enclosing them (as `loom-loop-depth` annotates it), memoised
/// per ancestor (see the module header).
#[derive(Default)]
pub(crate) struct Ancestry<'a> {
    /// Per op: what holds at it or above (its own `sym_name` counts, and
    /// so does being loop-like).
    known: RefCell<FastMap<Op<'a>, Place>>,
}

/// What [`Ancestry`] knows of an op.
#[derive(Clone, Default)]
pub(crate) struct Place {
    pub(crate) symbol: Option<Rc<str>>,
    pub(crate) loop_depth: u32,
}

impl Place {
    /// The function's name for a record ("" outside every symbol).
    pub(crate) fn function(&self) -> String {
        self.symbol.as_deref().unwrap_or_default().to_string()
    }
}

impl<'a> Ancestry<'a> {
    /// The nearest strictly enclosing op's `sym_name` and the loop-like ops
    /// strictly enclosing `op`.
    pub(crate) fn of(&self, op: Op<'a>) -> Place {
        let Some(parent) = op.parent() else { return Place::default() };
        // The ops from the parent up to the first one known, then each
        // from the top down, from what holds above it.
        let mut chain = Vec::new();
        let mut above = Place::default();
        {
            let known = self.known.borrow();
            let mut at = Some(parent);
            while let Some(o) = at {
                if let Some(k) = known.get(&o) {
                    above = k.clone();
                    break;
                }
                chain.push(o);
                at = o.parent();
            }
        }
        let mut known = self.known.borrow_mut();
        for o in chain.into_iter().rev() {
            above = Place {
                symbol: o.own_symbol().map(Rc::from).or(above.symbol),
                loop_depth: above.loop_depth + u32::from(o.is_loop_like()),
            };
            known.insert(o, above.clone());
        }
        above
    }
    /// Drops what is kept (called when a function is done: its ops are
    /// not asked about again, and a module of many functions would keep
    /// every op around a loop or an access).
    pub(crate) fn forget(&mut self) {
        self.known.get_mut().clear();
    }

    /// The function's name for a record of `op` ("" outside every symbol).
    pub(crate) fn function_of(&self, op: Op<'a>) -> String {
        self.of(op).function()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::ir::walk_preorder;
    use melior::ir::Module;
    use melior::Context;

    /// Walking up from each op, as the memo must answer, in any order of
    /// asking: nested symbols, loops of several kinds, ops outside every
    /// function.
    #[test]
    fn answers_are_those_of_walking_up() {
        let context = Context::new();
        crate::dialect::register_all(&context);
        let module = Module::parse(
            &context,
            r#"
            module {
              func.func @f(%n: index) {
                %c0 = arith.constant 0 : index
                %c1 = arith.constant 1 : index
                %true = arith.constant true
                scf.for %i = %c0 to %n step %c1 {
                  affine.for %j = 0 to 4 {
                    scf.if %true {
                      %x = arith.addi %i, %j : index
                    }
                  }
                }
                return
              }
              module @inner {
                func.func @g() {
                  affine.for %k = 0 to 2 {
                    %y = arith.constant 1 : index
                  }
                  return
                }
              }
              %top = arith.constant 7 : index
            }"#,
        );
        let module = module.expect("valid IR");
        let module_op = module.as_operation();
        let mut ops = Vec::new();
        walk_preorder(Op::of(&module_op), &mut |op| ops.push(op));
        // Innermost ops first, then the rest: the memo fills from either end.
        for order in [ops.iter().rev().collect::<Vec<_>>(), ops.iter().collect()] {
            let ancestry = Ancestry::default();
            for &&op in &order {
                let mut symbol = None;
                let mut at = op.parent();
                while let Some(p) = at {
                    if let Some(s) = p.own_symbol() {
                        symbol = Some(s);
                        break;
                    }
                    at = p.parent();
                }
                let place = ancestry.of(op);
                assert_eq!(place.symbol.as_deref(), symbol.as_deref(), "{}", op.name());
                assert_eq!(place.loop_depth, op.loop_depth(), "{}", op.name());
                assert_eq!(ancestry.function_of(op), symbol.unwrap_or_default());
            }
        }
    }
}
