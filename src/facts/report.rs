//! The compile report: JSON (the contract other tools read) and text.
//!
//! JSON comes from the typed report (`schema.rs`, serde): every number is
//! an exact JSON integer, including counts past 2^64 and unsigned counter
//! values past 2^63.
//!
//! Schema (version 1):
//! `{"version": 1, "index_bitwidth": W, "loops": [...], "accesses": [...]}`
//! - loop: `function`, `loc` (`file:line:col`), `op`, `depth`, `status`
//!   (`exact` | `at_most` | `unknown`);
//!   - `exact`: `body_count`, `condition_count`, `counter`;
//!   - `at_most`: `max_body_count`, `reason` (the early exit), and `counter`
//!     whose `condition`/`body` ranges enclose the observed values (no
//!     `exit`: an early exit leaves with another value);
//!   - `unknown`: `reason`, no counts and no counter;
//!   - `entries` (times the loop is entered per entry of its function) when
//!     it is exactly known — the product of what each enclosing loop runs
//!     the region holding it; omitted when unknown (an enclosing loop is not
//!     exact, or the loop sits under a conditional or after a possible early
//!     exit); `total_body_count`/`total_condition_count` = entries × counts,
//!     present only when the loop is exact and `entries` is known;
//!   - `note` when counts follow a loop op's own semantics (scf.for).
//! - `counter`: `type`, `width` (carrier bits), `signed` (the comparison's
//!   order; all values are written in it), `step`, `condition` [min, max],
//!   `body` [min, max] (omitted when the body never runs), `exit`.
//! - access: `function`, `loc`, `op`, `status` (`proven` | `unproven`), and
//!   for unproven ones `reason` (the first index that is not proven, or why
//!   the access could not be analysed).
//! - version 2 adds, besides the `*_expr` fields: on an unproven access
//!   `precondition`, `precondition_assumptions`, `call_sites`; and the
//!   top-level `functions` (see `schema.rs` and `preconditions`). The text
//!   report shows them under each access and in a last section. On a
//!   proven access, `rests_on`: the earlier accesses its proof rests on
//!   (`bounds`; text: `proven (rests on <op> at <loc>, ...)`).

use super::bounds::Access;
use super::{Counter, LoopRecord, Status};

/// One-line summary of a loop's facts (attributes, remarks, text report).
pub fn summary(l: &LoopRecord) -> String {
    let counter = |c: &Counter| {
        let mut s = format!(
            "{} {} step {}, condition {}",
            c.type_name,
            if c.signed { "signed" } else { "unsigned" },
            c.step,
            c.condition
        );
        if let Some(sym) = &c.symbolic {
            let (cond, body) = (&sym.condition, &sym.body);
            let never = matches!((body.0.as_constant(), body.1.as_constant()), (Some(lo), Some(hi)) if lo > hi);
            s = format!(
                "{} {} step {}, condition [{}, {}], {}",
                c.type_name,
                if c.signed { "signed" } else { "unsigned" },
                c.step,
                cond.0,
                cond.1,
                if never { "body never runs".to_string() } else { format!("body [{}, {}]", body.0, body.1) }
            );
            if let Some(e) = &sym.exit {
                s.push_str(&format!(", exit {e}"));
            }
            return s;
        }
        match c.body {
            Some(body) => s.push_str(&format!(", body {body}")),
            None => s.push_str(", body never runs"),
        }
        if let Some(e) = c.exit {
            s.push_str(&format!(", exit {e}"));
        }
        s
    };
    let mut s = match (&l.status, counts(&l.status)) {
        (Status::Unknown { reason }, _) => return format!("unknown: {reason}"),
        (_, counts) => counts.unwrap_or_default(),
    };
    if let Some(e) = &l.entries_expr {
        s.push_str(&format!(", entries {e}"));
    }
    if let Some((tb, tc)) = l.totals() {
        s.push_str(&format!(", total body {tb}{}", condition(tc.as_ref(), ", total condition ")));
    }
    if let Some((tb, tc)) = l.symbolic_totals() {
        s.push_str(&format!(", total body {tb}{}", condition(tc.as_ref(), ", total condition ")));
    }
    if let Some(c) = &l.counter {
        s.push_str(&format!("; counter {}", counter(c)));
    }
    for (k, d) in l.dims.iter().enumerate() {
        s.push_str(&format!("; dimension {k}: {}", counts(&d.status).unwrap_or_default()));
        if let Some(c) = &d.counter {
            s.push_str(&format!(", counter {}", counter(c)));
        }
    }
    if !l.assumptions.is_empty() {
        s.push_str(&format!("; assuming {}", l.assumptions.join(", ")));
    }
    s
}

/// `exact: body B, condition C` / `at_most: body <= B (why)`; None when
/// unknown.
fn counts(status: &Status) -> Option<String> {
    Some(match status {
        Status::Exact { body_count, condition_count } => {
            format!("exact: body {body_count}{}", condition(condition_count.as_ref(), ", condition "))
        }
        Status::AtMost { max_body_count, why } => format!("at_most: body <= {max_body_count} ({why})"),
        Status::Unknown { .. } => return None,
        Status::SymbolicExact { body_count, condition_count } => {
            format!("exact: body {body_count}{}", condition(condition_count.as_ref(), ", condition "))
        }
        Status::SymbolicAtMost { max_body_count, why } => format!("at_most: body <= {max_body_count} ({why})"),
    })
}

/// `label` and the count, or nothing for a loop without a condition.
fn condition(count: Option<&impl std::fmt::Display>, label: &str) -> String {
    count.map_or(String::new(), |c| format!("{label}{c}"))
}

/// A table cell: the count, or `-` for a loop without a condition.
fn cell(count: Option<&impl std::fmt::Display>) -> String {
    count.map_or("-".into(), |c| c.to_string())
}

/// The human-readable report.
pub fn text(index_bitwidth: u32, loops: &[LoopRecord], accesses: &[Access]) -> String {
    let mut out = format!("loom loop facts (index width {index_bitwidth})\n\n");
    let header = [
        "location",
        "function",
        "op",
        "depth",
        "status",
        "body",
        "condition",
        "entries",
        "total body",
        "total condition",
    ];
    let mut rows: Vec<Vec<String>> = vec![header.iter().map(|s| s.to_string()).collect()];
    let mut details = Vec::new();
    for l in loops {
        let (status, body, cond) = match &l.status {
            Status::Exact { body_count, condition_count } => {
                ("exact", body_count.to_string(), cell(condition_count.as_ref()))
            }
            Status::AtMost { max_body_count, .. } => ("at_most", format!("<= {max_body_count}"), "-".into()),
            Status::Unknown { .. } => ("unknown", "-".into(), "-".into()),
            Status::SymbolicExact { body_count, condition_count } => {
                ("exact", body_count.to_string(), cell(condition_count.as_ref()))
            }
            Status::SymbolicAtMost { max_body_count, .. } => ("at_most", format!("<= {max_body_count}"), "-".into()),
        };
        let (tb, tc) = match (l.totals(), l.symbolic_totals()) {
            (Some((a, b)), _) => (a.to_string(), cell(b.as_ref())),
            (None, Some((a, b))) => (a.to_string(), cell(b.as_ref())),
            (None, None) => ("-".into(), "-".into()),
        };
        rows.push(vec![
            l.loc.clone(),
            l.function.clone(),
            l.op_name.clone(),
            l.depth.to_string(),
            status.into(),
            body,
            cond,
            l.entries_expr.as_ref().map_or("-".into(), |e| e.to_string()),
            tb,
            tc,
        ]);
        details.push(format!("  {}: {}", l.loc, summary(l)));
    }
    let widths: Vec<usize> = (0..header.len()).map(|c| rows.iter().map(|r| r[c].len()).max().unwrap_or(0)).collect();
    for r in &rows {
        let line: Vec<String> = r.iter().enumerate().map(|(c, v)| format!("{:<w$}", v, w = widths[c])).collect();
        out.push_str(line.join("  ").trim_end());
        out.push('\n');
    }
    out.push_str("\nloop details:\n");
    for d in details {
        out.push_str(&d);
        out.push('\n');
    }
    out.push_str(&format!(
        "\naccesses: {} proven, {} unproven\n",
        accesses.iter().filter(|a| a.proven()).count(),
        accesses.iter().filter(|a| !a.proven()).count()
    ));
    for a in accesses {
        match a.failures.first() {
            None => {
                out.push_str(&format!("  {} {} {}: proven", a.loc, a.function, a.op_name));
                if !a.rests_on.is_empty() {
                    let on: Vec<String> =
                        a.rests_on.iter().map(|e| format!("{} at {}", e.name(), e.loc_string())).collect();
                    out.push_str(&format!(" (rests on {})", on.join(", ")));
                }
                out.push('\n');
            }
            Some(f) => {
                out.push_str(&format!(
                    "  {} {} {}: unproven: {}\n",
                    a.loc,
                    a.function,
                    a.op_name,
                    f.message(&a.op_name)
                ));
                out.push_str(&super::preconditions::report::access_lines(a));
            }
        }
    }
    out.push_str(&super::preconditions::report::functions_text(&super::preconditions::report::functions(accesses)));
    out
}
