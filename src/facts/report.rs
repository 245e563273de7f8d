//! The compile report: JSON (the contract other tools read) and text.
//!
//! JSON is written by hand so that every number is an exact JSON integer,
//! including counts past 2^64 and unsigned counter values past 2^63.
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
//!   for unproven ones `reason` (the first index that is not proven).

use super::bounds::Access;
use super::{Counter, LoopRecord, Status};

fn json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn counter_json(c: &Counter) -> String {
    let mut fields = vec![
        format!("\"type\": {}", json_string(&c.type_name)),
        format!("\"width\": {}", c.width),
        format!("\"signed\": {}", c.signed),
        format!("\"step\": {}", c.step),
        format!("\"condition\": [{}, {}]", c.condition.0, c.condition.1),
    ];
    if let Some((lo, hi)) = c.body {
        fields.push(format!("\"body\": [{lo}, {hi}]"));
    }
    if let Some(e) = c.exit {
        fields.push(format!("\"exit\": {e}"));
    }
    format!("{{{}}}", fields.join(", "))
}

fn loop_json(l: &LoopRecord) -> String {
    let mut f = vec![
        format!("\"function\": {}", json_string(&l.function)),
        format!("\"loc\": {}", json_string(&l.loc)),
        format!("\"op\": {}", json_string(&l.op_name)),
        format!("\"depth\": {}", l.depth),
    ];
    match &l.status {
        Status::Exact { body_count, condition_count } => {
            f.push("\"status\": \"exact\"".into());
            f.push(format!("\"body_count\": {body_count}"));
            f.push(format!("\"condition_count\": {condition_count}"));
        }
        Status::AtMost { max_body_count, why } => {
            f.push("\"status\": \"at_most\"".into());
            f.push(format!("\"max_body_count\": {max_body_count}"));
            f.push(format!("\"reason\": {}", json_string(why)));
        }
        Status::Unknown { reason } => {
            f.push("\"status\": \"unknown\"".into());
            f.push(format!("\"reason\": {}", json_string(reason)));
        }
    }
    if let Some(e) = l.entries {
        f.push(format!("\"entries\": {e}"));
    }
    if let Some((tb, tc)) = l.totals() {
        f.push(format!("\"total_body_count\": {tb}"));
        f.push(format!("\"total_condition_count\": {tc}"));
    }
    if !matches!(l.status, Status::Unknown { .. }) {
        if let Some(c) = &l.counter {
            f.push(format!("\"counter\": {}", counter_json(c)));
        }
        if let Some(n) = l.note {
            f.push(format!("\"note\": {}", json_string(n)));
        }
    }
    format!("{{{}}}", f.join(", "))
}

fn access_json(a: &Access) -> String {
    let mut f = vec![
        format!("\"function\": {}", json_string(&a.function)),
        format!("\"loc\": {}", json_string(&a.loc)),
        format!("\"op\": {}", json_string(&a.op_name)),
        format!("\"status\": \"{}\"", if a.proven() { "proven" } else { "unproven" }),
    ];
    if let Some(first) = a.failures.first() {
        f.push(format!("\"reason\": {}", json_string(&first.message(&a.op_name))));
    }
    format!("{{{}}}", f.join(", "))
}

/// The JSON report (one loop or access per line, for diffs and greps).
pub fn json(index_bitwidth: u32, loops: &[LoopRecord], accesses: &[Access]) -> String {
    let mut out = format!("{{\"version\": 1, \"index_bitwidth\": {index_bitwidth},\n \"loops\": [");
    for (i, l) in loops.iter().enumerate() {
        out.push_str(if i == 0 { "\n  " } else { ",\n  " });
        out.push_str(&loop_json(l));
    }
    out.push_str("],\n \"accesses\": [");
    for (i, a) in accesses.iter().enumerate() {
        out.push_str(if i == 0 { "\n  " } else { ",\n  " });
        out.push_str(&access_json(a));
    }
    out.push_str("]}\n");
    out
}

/// One-line summary of a loop's facts (attributes, remarks, text report).
pub fn summary(l: &LoopRecord) -> String {
    let counter = |c: &Counter| {
        let mut s = format!(
            "{} {} step {}, condition [{}, {}]",
            c.type_name,
            if c.signed { "signed" } else { "unsigned" },
            c.step,
            c.condition.0,
            c.condition.1
        );
        match c.body {
            Some((lo, hi)) => s.push_str(&format!(", body [{lo}, {hi}]")),
            None => s.push_str(", body never runs"),
        }
        if let Some(e) = c.exit {
            s.push_str(&format!(", exit {e}"));
        }
        s
    };
    let mut s = match &l.status {
        Status::Exact { body_count, condition_count } => {
            format!("exact: body {body_count}, condition {condition_count}")
        }
        Status::AtMost { max_body_count, why } => format!("at_most: body <= {max_body_count} ({why})"),
        Status::Unknown { reason } => return format!("unknown: {reason}"),
    };
    if let Some(e) = l.entries {
        s.push_str(&format!(", entries {e}"));
    }
    if let Some((tb, tc)) = l.totals() {
        s.push_str(&format!(", total body {tb}, total condition {tc}"));
    }
    if let Some(c) = &l.counter {
        s.push_str(&format!("; counter {}", counter(c)));
    }
    s
}

/// The human-readable report.
pub fn text(index_bitwidth: u32, loops: &[LoopRecord], accesses: &[Access]) -> String {
    let mut out = format!("loom loop facts (index width {index_bitwidth})\n\n");
    let header = ["location", "function", "op", "depth", "status", "body", "condition", "entries", "total body", "total condition"];
    let mut rows: Vec<Vec<String>> = vec![header.iter().map(|s| s.to_string()).collect()];
    let mut details = Vec::new();
    for l in loops {
        let (status, body, cond) = match &l.status {
            Status::Exact { body_count, condition_count } => ("exact", body_count.to_string(), condition_count.to_string()),
            Status::AtMost { max_body_count, .. } => ("at_most", format!("<= {max_body_count}"), "-".into()),
            Status::Unknown { .. } => ("unknown", "-".into(), "-".into()),
        };
        let (tb, tc) = l.totals().map_or(("-".into(), "-".into()), |(a, b)| (a.to_string(), b.to_string()));
        rows.push(vec![
            l.loc.clone(),
            l.function.clone(),
            l.op_name.clone(),
            l.depth.to_string(),
            status.into(),
            body,
            cond,
            l.entries.map_or("-".into(), |e| e.to_string()),
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
    out.push_str(&format!("\naccesses: {} proven, {} unproven\n", accesses.iter().filter(|a| a.proven()).count(), accesses.iter().filter(|a| !a.proven()).count()));
    for a in accesses {
        match a.failures.first() {
            None => out.push_str(&format!("  {} {} {}: proven\n", a.loc, a.function, a.op_name)),
            Some(f) => out.push_str(&format!("  {} {} {}: unproven: {}\n", a.loc, a.function, a.op_name, f.message(&a.op_name))),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_escaped() {
        assert_eq!(json_string("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
    }

    #[test]
    fn big_counts_are_exact_integers() {
        let c = Counter {
            type_name: "i64".into(),
            width: 64,
            signed: false,
            step: 1,
            condition: (0, u64::MAX as i128),
            body: None,
            exit: Some(u64::MAX as i128),
        };
        let j = counter_json(&c);
        assert!(j.contains("\"condition\": [0, 18446744073709551615]"), "{j}");
        assert!(!j.contains("\"body\""));
    }
}
