//! Checking preconditions at the module's calls (see the parent module's
//! header).
//!
//! Uses of a function: the `func.call`s in the analysed root whose callee
//! is its symbol, in the symbol table (the `builtin.module`) that holds
//! it. The calls are all its uses only when the function is `private` (no
//! caller outside its module), its module is inside the analysed root, and
//! no op names its symbol otherwise (`func.constant`, an attribute of any
//! other op, an attribute of a call other than its callee): any such
//! mention may hand the function to a caller loom does not see. A public
//! function's accesses are never proven through call sites; the report
//! says which of the module's calls satisfy its preconditions.
//!
//! At a call, every clause of the precondition is proven by the
//! relational prover with the caller's facts at the call (its function
//! analysed on its own, as `analyze` does), each `%argN` replaced by the
//! call's operand N and each `dim(%argN, K)` by dimension K of that
//! operand: a clause `d1 or ... or dm` is proven as `dm` assuming `not d1,
//! ..., not d(m-1)`. One level only: an operand that is the caller's own
//! argument satisfies a clause only if the caller's facts show it.
//!
//! Invariant: an access is proven through call sites only when every use
//! of its function is a listed call and the precondition was proven at
//! each one, at the index width of the callee (a call where another width
//! applies is not counted as satisfying it).

use super::{CallCheck, CallSites, Precondition, Relation};
use crate::analysis::Options;
use crate::facts::bounds::{enclosing_function, Access};
use crate::facts::ir::{attr_string, index_bitwidth, sets_index_width, walk_preorder, FastMap, Op};
use crate::facts::relational::linear::Lin;
use crate::facts::relational::Query;

/// The `func.func` around `op` (its nearest enclosing function, when that
/// is a `func.func`: preconditions name `func.func` arguments).
pub(crate) fn enclosing_func(op: Op<'_>) -> Option<Op<'_>> {
    enclosing_function(op).filter(|f| f.is("func.func"))
}

/// The nearest symbol table around `op` (`builtin.module`, `gpu.module`).
fn symbol_table(op: Op<'_>) -> Option<Op<'_>> {
    let mut at = op.parent();
    while let Some(p) = at {
        if p.is_one_of(&["builtin.module", "gpu.module"]) {
            return Some(p);
        }
        at = p.parent();
    }
    None
}

/// The symbol name of a function (unquoted).
fn symbol_name(function: Op<'_>) -> String {
    function.attr("sym_name").map(attr_string).unwrap_or_default().trim_matches('"').to_string()
}

/// Whether printed attribute `text` may name symbol `name` (`@name` or
/// `@"name"` not followed by more of an identifier, at any nesting).
fn mentions(text: &str, name: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || "_$.-".contains(c);
    [format!("@{name}"), format!("@\"{name}\"")]
        .iter()
        .any(|needle| text.match_indices(needle.as_str()).any(|(i, _)| !text[i + needle.len()..].starts_with(ident)))
}

/// A function with preconditions, and what is known of its uses.
struct Callee<'a> {
    op: Op<'a>,
    name: String,
    table: Option<Op<'a>>,
    calls: Vec<Op<'a>>,
    not_all_uses: Option<String>,
}

/// `r` at `call`: each quantity replaced by the call's operand (or its
/// dimension), as a linear form of `query`.
fn at_call<'a>(query: &mut Query<'_, '_, '_, 'a>, call: Op<'a>, r: &Relation) -> Option<Lin> {
    r.lin(query, |n| ((n as usize) < call.num_operands()).then(|| call.operand(n as usize)))
}

/// Whether every clause of `p` holds at `call`: the assumptions the proofs
/// used, or None.
fn holds_at<'a>(query: &mut Query<'_, '_, '_, 'a>, call: Op<'a>, p: &Precondition) -> Option<Vec<&'static str>> {
    let mut used = crate::facts::relational::linear::FactSet::default();
    for clause in &p.clauses {
        let lins: Vec<Lin> = clause.iter().map(|r| at_call(query, call, r)).collect::<Option<_>>()?;
        let (last, others) = lins.split_last()?;
        let assumed: Vec<Lin> = others.iter().map(|l| l.scaled(-1)?.shifted(-1)).collect::<Option<_>>()?;
        used = used.union(query.prove_assuming(last, &assumed)?);
    }
    Some(query.uses_assumption(used).names().collect())
}

/// Checks the precondition of every access that has one at each call of
/// its function in `root`, and records the result on the access.
pub(crate) fn resolve<'a>(root: Op<'a>, options: &Options, accesses: &mut [Access<'a>]) {
    let mut callees: Vec<Callee<'a>> = Vec::new();
    let mut of_access: Vec<Option<usize>> = vec![None; accesses.len()];
    for (i, a) in accesses.iter().enumerate() {
        if !matches!(a.precondition, Some(Ok(_))) {
            continue;
        }
        let Some(f) = enclosing_func(a.op) else { continue };
        let at = match callees.iter().position(|c| c.op == f) {
            Some(at) => at,
            None => {
                let table = f.parent().filter(|p| p.is("builtin.module") && (*p == root || p.is_within(root)));
                let private = f.attr("sym_visibility").is_some_and(|v| attr_string(v) == "\"private\"");
                let name = symbol_name(f);
                let not_all_uses = if table.is_none() {
                    Some(format!("the module holding @{name} is not analysed whole"))
                } else if !private {
                    Some(format!("@{name} is public: it may be called from outside the module"))
                } else {
                    None
                };
                callees.push(Callee { op: f, name, table, calls: Vec::new(), not_all_uses });
                callees.len() - 1
            }
        };
        of_access[i] = Some(at);
    }
    if callees.is_empty() {
        return;
    }
    // Every use: the calls, and any other mention of a callee's symbol.
    walk_preorder(root, &mut |op| {
        let call = op.is("func.call");
        let callee_name = if call { op.attr("callee").map(attr_string) } else { None };
        let attrs = op.symbol_attrs();
        for c in callees.iter_mut() {
            let names_it = |n: &String| *n == format!("@{}", c.name) || *n == format!("@\"{}\"", c.name);
            if callee_name.as_ref().is_some_and(names_it) && c.table.is_some() && symbol_table(op) == c.table {
                c.calls.push(op);
            }
            let other = attrs.iter().any(|(attr, text)| !(call && attr == "callee") && mentions(text, &c.name));
            if other && c.not_all_uses.is_none() {
                c.not_all_uses =
                    Some(format!("@{} is used by {} at {}, not only called", c.name, op.name(), op.loc_string()));
            }
        }
    });
    // The calls, by caller: each caller analysed once.
    let mut by_caller: FastMap<Op<'a>, Vec<(usize, Op<'a>)>> = FastMap::default();
    let mut callers: Vec<Op<'a>> = Vec::new();
    let mut unplaced: Vec<(usize, Op<'a>)> = Vec::new();
    for (k, c) in callees.iter().enumerate() {
        for &call in &c.calls {
            match enclosing_func(call) {
                Some(caller) => {
                    if !by_caller.contains_key(&caller) {
                        callers.push(caller);
                    }
                    by_caller.entry(caller).or_default().push((k, call));
                }
                None => unplaced.push((k, call)),
            }
        }
    }
    // Per (callee, call): per access (by index), the check.
    let mut checks: FastMap<(usize, Op<'a>), Vec<(usize, CallCheck)>> = FastMap::default();
    let check = |call: Op<'a>, caller: Option<Op<'a>>, holds: Option<Vec<&'static str>>| CallCheck {
        caller: caller.map(symbol_name).unwrap_or_default(),
        loc: call.loc_string(),
        holds: holds.is_some(),
        assumptions: holds.unwrap_or_default(),
    };
    for caller in callers {
        let calls = &by_caller[&caller];
        let analysis = crate::facts::analyze(caller, options);
        let scope = &analysis.scopes()[0];
        let ranges = scope.ranges();
        let prover = analysis.prover(&ranges);
        for &(k, call) in calls {
            let callee = &callees[k];
            let width = options.index_bitwidth;
            // One index width from the callee to the call, none set between.
            let mut same_width = scope.opaque().is_none()
                && index_bitwidth(call, width) == index_bitwidth(callee.op, width)
                && index_bitwidth(call, width) == analysis.index_width;
            let mut at = call.parent();
            while let Some(p) = at.filter(|p| *p != caller) {
                same_width &= !sets_index_width(p);
                at = p.parent();
            }
            let mut query = Query::new(&prover, call);
            let entry = checks.entry((k, call)).or_default();
            for (i, a) in accesses.iter().enumerate() {
                let (Some(ak), Some(Ok(p))) = (of_access[i], &a.precondition) else { continue };
                if ak != k {
                    continue;
                }
                let holds = if same_width { holds_at(&mut query, call, p) } else { None };
                entry.push((i, check(call, Some(caller), holds)));
            }
        }
    }
    for (k, call) in unplaced {
        let entry = checks.entry((k, call)).or_default();
        for (i, _) in accesses.iter().enumerate().filter(|(i, _)| of_access[*i] == Some(k)) {
            entry.push((i, check(call, None, None)));
        }
    }
    for (k, c) in callees.iter().enumerate() {
        let mut per_access: FastMap<usize, Vec<CallCheck>> = FastMap::default();
        for &call in &c.calls {
            for (i, chk) in checks.remove(&(k, call)).unwrap_or_default() {
                per_access.entry(i).or_default().push(chk);
            }
        }
        for (i, a) in accesses.iter_mut().enumerate() {
            if of_access[i] == Some(k) {
                let calls = per_access.remove(&i).unwrap_or_default();
                a.calls = Some(CallSites { calls, not_all_uses: c.not_all_uses.clone() });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::mentions;

    #[test]
    fn symbol_mentions_stop_at_the_name() {
        assert!(mentions("@kernel", "kernel"));
        assert!(mentions("[@kernel, @other]", "kernel"));
        assert!(mentions("@\"kernel\"", "kernel"));
        assert!(mentions("@outer::@kernel", "kernel"));
        assert!(!mentions("@kernel_2", "kernel"));
        assert!(!mentions("@kernel.x", "kernel"));
        assert!(!mentions("\"kernel\"", "kernel"));
    }
}
