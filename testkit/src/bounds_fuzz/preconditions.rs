//! Checks the preconditions the report states for unproven accesses
//! against the simulated runs: a run that takes an access out of bounds
//! with argument values satisfying its precondition is a wrong
//! precondition.
//!
//! A precondition is `clause and clause ...`, each clause `(relation or
//! relation ...)` (parenthesised only when there are several clauses and
//! it has several relations), each relation `lhs <= rhs` over the report's
//! expression grammar, evaluated with [`crate::expr`] on the run's
//! arguments (`%A`, `%B`, `%M`, `%n`, `%m` are `%arg0` to `%arg4`; `%n`
//! and `%m` read signed at the function's index width).

use std::collections::HashMap;

use loom::analysis::Report;

use super::model::{ArgSet, BoundsCase};
use super::simulate::SimOutcome;
use crate::expr::{eval_str, ArgValue, Env};

/// What the check saw.
#[derive(Default, Debug)]
pub struct PreconditionTally {
    /// Accesses with a precondition.
    pub stated: u64,
    /// Out-of-bounds runs of such accesses whose precondition was
    /// evaluated.
    pub checked: u64,
    /// Of those, runs where it held (each a wrong precondition).
    pub wrong: u64,
}

/// The preconditions of `report_text`'s accesses, by (function, access
/// id: the line of the access's location in the case's file).
pub(super) fn of_report(report_text: &str, cases: &[BoundsCase]) -> Result<HashMap<(String, usize), String>, String> {
    let report = Report::from_json(report_text).map_err(|e| format!("report does not follow the schema: {e}"))?;
    let names: Vec<String> = cases.iter().map(|c| c.name()).collect();
    let mut out = HashMap::new();
    for a in &report.accesses {
        let Some(p) = &a.precondition else { continue };
        let parts: Vec<&str> = a.loc.rsplitn(3, ':').collect();
        let [_col, line, file] = parts.as_slice() else { continue };
        let (Ok(line), true) = (line.parse::<usize>(), names.iter().any(|n| n == file && *n == a.function)) else {
            continue;
        };
        out.insert((a.function.clone(), line), p.clone());
    }
    Ok(out)
}

/// The arguments of a run, as the evaluator reads them.
fn arguments(args: &ArgSet, index_width: u32) -> Vec<ArgValue> {
    let mask = if index_width >= 128 { u128::MAX } else { (1u128 << index_width) - 1 };
    let scalar = |v: i64| ArgValue::Scalar { bits: (v as i128 as u128) & mask, width: index_width };
    vec![
        ArgValue::Buffer { dims: vec![args.a_len as u64] },
        ArgValue::Buffer { dims: vec![args.b_len as u64] },
        ArgValue::Buffer { dims: vec![args.m_dims.0 as u64, args.m_dims.1 as u64] },
        scalar(args.n),
        scalar(args.m),
    ]
}

/// Whether precondition `text` holds for `args`.
pub(super) fn holds(text: &str, args: &[ArgValue]) -> Result<bool, String> {
    let env = Env { args, signed: true };
    for clause in text.split(" and ") {
        let clause = match clause.strip_prefix('(').and_then(|c| c.strip_suffix(')')) {
            Some(inner) if inner.contains(" or ") => inner,
            _ => clause,
        };
        let mut any = false;
        for relation in clause.split(" or ") {
            let (lhs, rhs) = relation.split_once(" <= ").ok_or_else(|| format!("'{relation}' is not a relation"))?;
            let value = |e: &str| eval_str(e, &env).map_err(|e| format!("'{relation}': {e:?}"));
            any |= value(lhs)? <= value(rhs)?;
        }
        if !any {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Checks case `i`'s simulated runs against `preconditions`.
pub(super) fn check_case(
    case: &BoundsCase,
    sim: &[SimOutcome],
    preconditions: &HashMap<(String, usize), String>,
    tally: &mut PreconditionTally,
    failures: &mut Vec<String>,
) {
    let name = case.name();
    tally.stated +=
        (1..=case.accesses.len()).filter(|id| preconditions.contains_key(&(name.clone(), *id))).count() as u64;
    for (s, o) in sim.iter().enumerate() {
        let SimOutcome::Oob(id) = o else { continue };
        let Some(p) = preconditions.get(&(name.clone(), *id)) else { continue };
        tally.checked += 1;
        match holds(p, &arguments(&case.arg_sets[s], case.iw)) {
            Ok(false) => {}
            Ok(true) => {
                tally.wrong += 1;
                failures.push(format!(
                    "wrong precondition: @{name} access {id} has precondition '{p}', which holds with {}, but the simulation takes it out of bounds",
                    case.arg_sets[s].describe()
                ));
            }
            Err(why) => {
                failures.push(format!("report: @{name} access {id}: precondition '{p}' does not evaluate: {why}"))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preconditions_evaluate_clause_by_clause() {
        let args = vec![
            ArgValue::Buffer { dims: vec![8] },
            ArgValue::Buffer { dims: vec![4] },
            ArgValue::Buffer { dims: vec![2, 3] },
            ArgValue::Scalar { bits: 8, width: 64 },
            ArgValue::Scalar { bits: u64::MAX as u128, width: 64 },
        ];
        assert_eq!(holds("%arg3 <= dim(%arg0, 0)", &args), Ok(true));
        assert_eq!(holds("%arg3 <= dim(%arg1, 0)", &args), Ok(false));
        assert_eq!(holds("%arg3 <= dim(%arg1, 0) or %arg4 <= 0", &args), Ok(true));
        assert_eq!(holds("(%arg3 <= dim(%arg1, 0) or %arg4 <= 0) and dim(%arg2, 1) <= 2", &args), Ok(false));
        assert_eq!(holds("(%arg3 <= dim(%arg1, 0) or %arg3 <= 0) and dim(%arg2, 1) <= 3", &args), Ok(false));
        assert!(holds("%arg3 < 2", &args).is_err());
    }
}
