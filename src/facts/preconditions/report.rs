//! Preconditions in the compile report: the access fields, the function
//! records and their text lines (the schema is in `schema.rs`).
//!
//! A function record lists each `func.func` with an access not proven on
//! its own, in the order of its first such access: the conjunction of its
//! accesses' preconditions, or why one has none, and what the calls say
//! of them (a call holds for the function when it satisfies every access's
//! precondition).

use super::call_sites::enclosing_func;
use super::{CallSites, Precondition};
use crate::facts::bounds::Access;
use crate::facts::ir::Op;
use crate::facts::schema::{AccessReport, CallReport, CallSitesReport, FunctionReport};

/// Adds `b`'s names to `a`, each once.
fn merge(a: &mut Vec<String>, b: impl IntoIterator<Item = impl ToString>) {
    for x in b {
        let x = x.to_string();
        if !a.contains(&x) {
            a.push(x);
        }
    }
}

fn call_sites_report(c: &CallSites) -> CallSitesReport {
    CallSitesReport {
        proven: c.proven(),
        reason: c.why_not(),
        calls: c
            .calls
            .iter()
            .map(|k| CallReport { function: k.caller.clone(), loc: k.loc.clone(), holds: k.holds })
            .collect(),
    }
}

impl AccessReport {
    /// The report with `a`'s precondition and call sites, if it has them.
    pub(crate) fn with_precondition(mut self, a: &Access) -> AccessReport {
        if let Some(Ok(p)) = &a.precondition {
            self.precondition = Some(p.text());
            merge(&mut self.precondition_assumptions, &p.assumptions);
            if let Some(c) = &a.calls {
                if c.proven() {
                    merge(&mut self.precondition_assumptions, c.assumptions());
                }
                self.call_sites = Some(call_sites_report(c));
            }
        }
        self
    }
}

/// The function records of `accesses` (see the module header).
pub(crate) fn functions(accesses: &[Access]) -> Vec<FunctionReport> {
    let mut order: Vec<Op> = Vec::new();
    for a in accesses.iter().filter(|a| !a.proven()) {
        if let Some(f) = enclosing_func(a.op) {
            if !order.contains(&f) {
                order.push(f);
            }
        }
    }
    order
        .into_iter()
        .map(|f| {
            let mine: Vec<&Access> =
                accesses.iter().filter(|a| !a.proven() && enclosing_func(a.op) == Some(f)).collect();
            let with: Vec<&Precondition> =
                mine.iter().filter_map(|a| a.precondition.as_ref().and_then(|p| p.as_ref().ok())).collect();
            let reason = mine.iter().find_map(|a| match &a.precondition {
                Some(Ok(_)) => None,
                Some(Err(why)) => Some(format!("{} {}: {why}", a.loc, a.op_name)),
                None => Some(format!(
                    "{} {}: {}",
                    a.loc,
                    a.op_name,
                    a.failures.first().map(|x| x.message(&a.op_name)).unwrap_or_default()
                )),
            });
            let all = Precondition::all(with.iter().copied());
            let mut precondition_assumptions = Vec::new();
            if let Some(p) = &all {
                merge(&mut precondition_assumptions, &p.assumptions);
            }
            // A call holds for the function when it holds for every access.
            let sites: Vec<&CallSites> = mine.iter().filter_map(|a| a.calls.as_ref()).collect();
            let call_sites = (!sites.is_empty() && sites.len() == with.len()).then(|| {
                let mut calls: Vec<CallReport> = Vec::new();
                for c in sites.iter().flat_map(|s| s.calls.iter()) {
                    match calls.iter_mut().find(|k| k.loc == c.loc) {
                        Some(k) => k.holds &= c.holds,
                        None => {
                            calls.push(CallReport { function: c.caller.clone(), loc: c.loc.clone(), holds: c.holds })
                        }
                    }
                }
                let proven = sites.iter().all(|s| s.proven());
                CallSitesReport { proven, reason: sites.iter().find_map(|s| s.why_not()), calls }
            });
            FunctionReport {
                function: mine.first().map(|a| a.function.clone()).unwrap_or_default(),
                loc: f.loc_string(),
                unproven: mine.len() as u32,
                precondition: all.map(|p| p.text()),
                precondition_assumptions,
                reason,
                call_sites,
            }
        })
        .collect()
}

/// The text lines of an unproven access's precondition and call sites.
pub(crate) fn access_lines(a: &Access) -> String {
    let Some(Ok(p)) = &a.precondition else { return String::new() };
    let mut out = format!("    precondition: {}\n", p.text());
    if let Some(c) = &a.calls {
        out.push_str(&format!("    call sites: {}\n", call_sites_text(&call_sites_report(c))));
    }
    out
}

/// `proven (calls at A in @f, ...)` / `not proven: why (holds at ..., fails at ...)`.
fn call_sites_text(c: &CallSitesReport) -> String {
    let list = |holds: bool| -> Vec<String> {
        c.calls.iter().filter(|k| k.holds == holds).map(|k| format!("{} in @{}", k.loc, k.function)).collect()
    };
    let (hold, fail) = (list(true), list(false));
    let mut parts = Vec::new();
    if !hold.is_empty() {
        parts.push(format!("holds at {}", hold.join(", ")));
    }
    if !fail.is_empty() {
        parts.push(format!("not shown at {}", fail.join(", ")));
    }
    let calls = if parts.is_empty() { String::new() } else { format!(" ({})", parts.join("; ")) };
    match (&c.reason, c.proven) {
        (_, true) => format!("proven through every call{calls}"),
        (Some(why), false) => format!("not proven: {why}{calls}"),
        (None, false) => format!("not proven{calls}"),
    }
}

/// The text section of the function records (empty when there is none).
pub(crate) fn functions_text(functions: &[FunctionReport]) -> String {
    if functions.is_empty() {
        return String::new();
    }
    let mut out = String::from("\nfunctions with accesses not proven on their own:\n");
    for f in functions {
        out.push_str(&format!("  {} @{}: {} unproven", f.loc, f.function, f.unproven));
        if let Some(p) = &f.precondition {
            out.push_str(&format!("; precondition: {p}"));
        }
        if let Some(why) = &f.reason {
            out.push_str(&format!("; without precondition: {why}"));
        }
        if let Some(c) = &f.call_sites {
            out.push_str(&format!("; call sites: {}", call_sites_text(c)));
        }
        out.push('\n');
    }
    out
}
