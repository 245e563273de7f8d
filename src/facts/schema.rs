//! The compile report as typed data: what `loom-report` writes and what
//! Rust callers get from [`crate::analysis::analyze`].
//!
//! Schema version 2 (the contract other tools read; see also
//! `facts::report` for what each field means):
//! `{"version": 2, "index_bitwidth": W, "loops": [...], "accesses": [...]}`.
//! Version 2 is additive over version 1: every v1 field keeps its name, type
//! and meaning (numbers where the value is a constant; for a loop with
//! symbolic ends, `counter.condition`/`body` bound the values for every
//! argument value), and the `*_expr` fields carry values that are symbolic
//! expressions (grammar: `facts::symbolic::expr`), present only then, plus
//! `assumptions` (options a loop's facts, or an access's proof, relied
//! on), and `dims` for loops of several induction variables (`scf.parallel`,
//! `scf.forall`: their `body_count` is the product of the dimensions' and
//! they have no `condition_count`, `total_condition_count` or `counter`),
//! and, for accesses not proven on their own, `precondition` (a condition
//! on the function's arguments: the expression grammar with `<=`, `or`,
//! `and`) and `call_sites` (what the module's calls say of it), with a
//! top-level `functions` array (one record per function with such
//! accesses; see `facts::preconditions`). An access proven through call
//! sites keeps `status: "unproven"`: `status` states what the function
//! shows on its own. A proven access whose proof rests on earlier accesses
//! names them in `rests_on` (`{op, loc}` each).
//! Counts are `u128` and counter values `i128`: a 64-bit loop can run its
//! condition 2^64 times, and unsigned counter values reach 2^64 - 1. JSON
//! numbers are written exactly (serde_json writes 128-bit integers as
//! integer text), and optional fields are omitted, never `null`.

use std::io::{self, Write};

use serde::{Deserialize, Serialize};

use super::bounds::Access;
use super::interval::Interval;
use super::symbolic::expr::Expr;
use super::walk::Sink;
use super::{Counter, LoopRecord, Status};

pub const SCHEMA_VERSION: u32 = 2;

/// A whole report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Report {
    pub version: u32,
    pub index_bitwidth: u32,
    pub loops: Vec<LoopReport>,
    pub accesses: Vec<AccessReport>,
    /// v2: every function with an access not proven on its own: its
    /// precondition, or why it has none (absent when there is none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub functions: Vec<FunctionReport>,
}

/// How much is known about a loop's trip count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LoopStatus {
    /// `body_count` and `condition_count` are exact.
    Exact,
    /// The body runs at most `max_body_count` times (early exits).
    AtMost,
    /// Nothing is claimed; `reason` says why.
    Unknown,
}

/// One loop.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoopReport {
    pub function: String,
    /// `file:line:col` of the loop op.
    pub loc: String,
    pub op: String,
    /// Number of enclosing loops.
    pub depth: u32,
    pub status: LoopStatus,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body_count: Option<u128>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition_count: Option<u128>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_body_count: Option<u128>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Times the loop is entered per entry of its function, when exactly known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entries: Option<u128>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_body_count: Option<u128>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_condition_count: Option<u128>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter: Option<CounterReport>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// v2: exact body count as an expression (status `exact`, symbolic).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body_count_expr: Option<String>,
    /// v2: exact condition count as an expression.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition_count_expr: Option<String>,
    /// v2: upper bound on the body count (status `at_most`, symbolic).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_body_count_expr: Option<String>,
    /// v2: totals per entry of the function, as expressions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_body_count_expr: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_condition_count_expr: Option<String>,
    /// v2: assumptions (analysis options) the facts rely on, e.g.
    /// `"buffer-bytes-below-half-address-space"`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assumptions: Vec<String>,
    /// v2: for a loop of several induction variables (`scf.parallel`,
    /// `scf.forall`), each one's facts in order, as the `scf.for` of the
    /// nest the loop lowers to (dimension 0 outermost; its counts are per
    /// entry of that `scf.for`). The loop's own `body_count` is then their
    /// product, it has no `condition_count` and no `counter`. Present when
    /// the loop is not `unknown`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dims: Vec<DimensionReport>,
}

/// One induction variable of a multi-dimensional loop.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DimensionReport {
    pub status: LoopStatus,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body_count: Option<u128>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition_count: Option<u128>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body_count_expr: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition_count_expr: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter: Option<CounterReport>,
}

/// The counter's facts, in the comparison's order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CounterReport {
    #[serde(rename = "type")]
    pub type_name: String,
    /// Carrier bits (for `index`, the target's index width).
    pub width: u32,
    /// Whether values are in signed order (`s*` predicates) or unsigned.
    pub signed: bool,
    pub step: i128,
    /// Inclusive [min, max] the condition region observes.
    pub condition: [i128; 2],
    /// Inclusive [min, max] the body observes; absent when it never runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<[i128; 2]>,
    /// The counter on the false edge; absent for `at_most` loops.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit: Option<i128>,
    /// v2: `[lo, hi]` of the condition's counter values as expressions
    /// (then `condition` above bounds them for every argument value).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub condition_expr: Option<[String; 2]>,
    /// v2: `[lo, hi]` of the body's counter values as expressions; `lo > hi`
    /// (empty) for argument values where the body does not run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body_expr: Option<[String; 2]>,
    /// v2: the counter on the false edge, as an expression.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_expr: Option<String>,
}

/// Whether a memory access is proven in bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AccessStatus {
    Proven,
    Unproven,
}

/// One memory access.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AccessReport {
    pub function: String,
    pub loc: String,
    pub op: String,
    pub status: AccessStatus,
    /// For unproven accesses: the first index that is not proven and why, or
    /// why the access could not be analysed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// v2: assumptions (options) the proof used, by name
    /// (`buffer-bytes-below-half-address-space`); absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assumptions: Vec<String>,
    /// v2, unproven accesses: a condition on the function's arguments
    /// (`%argN`, `dim(%argN, K)`, `<=`, `or`, `and`) under which the access
    /// is in bounds, shown by the prover with it assumed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precondition: Option<String>,
    /// v2: the assumptions the proofs under the precondition (and at the
    /// calls) used.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub precondition_assumptions: Vec<String>,
    /// v2, accesses with a precondition: the module's calls of the
    /// function and whether each satisfies it. `status` stays `unproven`:
    /// it states what the function shows on its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call_sites: Option<CallSitesReport>,
    /// v2, proven accesses: the earlier accesses the proof rests on (in
    /// bounds whenever they were: one at the same element,
    /// `facts::bounds::earlier`, or those whose bounds the relational
    /// proof used); absent when the proof rests on none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rests_on: Vec<EarlierAccess>,
}

/// An access another one's proof rests on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EarlierAccess {
    pub op: String,
    pub loc: String,
}

/// What the calls of a function say of a precondition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallSitesReport {
    /// In bounds at every execution: every use of the (private) function
    /// is one of `calls`, and each satisfies the precondition.
    pub proven: bool,
    /// Why not, when `proven` is false.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub calls: Vec<CallReport>,
}

/// One `func.call` of a function.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallReport {
    /// The calling function.
    pub function: String,
    pub loc: String,
    /// Whether the precondition was proven at the call.
    pub holds: bool,
}

/// A function with accesses not proven on its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FunctionReport {
    pub function: String,
    pub loc: String,
    /// Its accesses not proven on its own.
    pub unproven: u32,
    /// The conjunction of its accesses' preconditions (of those that have
    /// one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub precondition: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub precondition_assumptions: Vec<String>,
    /// Why an access has no precondition (the first such one), if one has
    /// none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// For `precondition`: the calls, each holding when it satisfies every
    /// access's precondition; `proven` when every access with one is
    /// proven through call sites.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub call_sites: Option<CallSitesReport>,
}

impl LoopReport {
    pub(crate) fn from_record(l: &LoopRecord) -> LoopReport {
        let mut r = LoopReport {
            function: l.function.clone(),
            loc: l.loc.clone(),
            op: l.op_name.clone(),
            depth: l.depth,
            status: LoopStatus::Unknown,
            body_count: None,
            condition_count: None,
            max_body_count: None,
            reason: None,
            entries: l.entries,
            total_body_count: None,
            total_condition_count: None,
            counter: None,
            note: None,
            body_count_expr: None,
            condition_count_expr: None,
            max_body_count_expr: None,
            total_body_count_expr: None,
            total_condition_count_expr: None,
            assumptions: l.assumptions.iter().map(|a| a.to_string()).collect(),
            dims: Vec::new(),
        };
        let counts = Counts::of(&l.status);
        (r.status, r.body_count, r.body_count_expr, r.condition_count, r.condition_count_expr) =
            (counts.status, counts.body, counts.body_expr, counts.condition, counts.condition_expr);
        (r.max_body_count, r.max_body_count_expr, r.reason) = (counts.max_body, counts.max_body_expr, counts.reason);
        if let Some((tb, tc)) = l.totals() {
            r.total_body_count = Some(tb);
            r.total_condition_count = tc;
        }
        if let Some((tb, tc)) = l.symbolic_totals() {
            (r.total_body_count, r.total_body_count_expr) = count_or_expr(&tb);
            if let Some(tc) = tc {
                (r.total_condition_count, r.total_condition_count_expr) = count_or_expr(&tc);
            }
        }
        if r.status != LoopStatus::Unknown {
            r.counter = l.counter.as_ref().and_then(CounterReport::from_counter);
            r.note = l.note.map(str::to_owned);
            r.dims = l
                .dims
                .iter()
                .map(|d| {
                    let c = Counts::of(&d.status);
                    DimensionReport {
                        status: c.status,
                        body_count: c.body,
                        condition_count: c.condition,
                        body_count_expr: c.body_expr,
                        condition_count_expr: c.condition_expr,
                        counter: d.counter.as_ref().and_then(CounterReport::from_counter),
                    }
                })
                .collect();
        }
        r
    }
}

/// A status's counts as report fields.
struct Counts {
    status: LoopStatus,
    body: Option<u128>,
    body_expr: Option<String>,
    condition: Option<u128>,
    condition_expr: Option<String>,
    max_body: Option<u128>,
    max_body_expr: Option<String>,
    reason: Option<String>,
}

impl Counts {
    fn of(status: &Status) -> Counts {
        let mut c = Counts {
            status: LoopStatus::Unknown,
            body: None,
            body_expr: None,
            condition: None,
            condition_expr: None,
            max_body: None,
            max_body_expr: None,
            reason: None,
        };
        match status {
            Status::Exact { body_count, condition_count } => {
                c.status = LoopStatus::Exact;
                c.body = Some(*body_count);
                c.condition = *condition_count;
            }
            Status::AtMost { max_body_count, why } => {
                c.status = LoopStatus::AtMost;
                c.max_body = Some(*max_body_count);
                c.reason = Some(why.clone());
            }
            Status::Unknown { reason } => c.reason = Some(reason.clone()),
            Status::SymbolicExact { body_count, condition_count } => {
                c.status = LoopStatus::Exact;
                (c.body, c.body_expr) = count_or_expr(body_count);
                if let Some(cc) = condition_count {
                    (c.condition, c.condition_expr) = count_or_expr(cc);
                }
            }
            Status::SymbolicAtMost { max_body_count, why } => {
                c.status = LoopStatus::AtMost;
                (c.max_body, c.max_body_expr) = count_or_expr(max_body_count);
                c.reason = Some(why.clone());
            }
        }
        c
    }
}

impl CounterReport {
    /// The report entry of a counter; None when its ranges name a value
    /// the grammar cannot (its numeric ranges would be bounds, not exact,
    /// with nothing saying so).
    fn from_counter(c: &Counter) -> Option<CounterReport> {
        let expressible = c
            .symbolic
            .as_ref()
            .is_none_or(|s| ![&s.condition.0, &s.condition.1, &s.body.0, &s.body.1].iter().any(|e| e.has_opaque()));
        expressible.then(|| CounterReport {
            type_name: c.type_name.clone(),
            width: c.width,
            signed: c.signed,
            step: c.step,
            condition: c.condition.pair(),
            body: c.body.map(Interval::pair),
            condition_expr: c.symbolic.as_ref().and_then(|s| pair_if_symbolic(&s.condition)),
            body_expr: c.symbolic.as_ref().and_then(|s| pair_if_symbolic(&s.body)),
            exit: c.exit.or_else(|| c.symbolic.as_ref()?.exit.as_ref()?.as_constant()),
            exit_expr: c
                .symbolic
                .as_ref()
                .and_then(|s| s.exit.as_ref().filter(|e| e.as_constant().is_none() && !e.has_opaque()))
                .map(|e| e.text()),
        })
    }
}

/// A count as v1's number when it is a constant, else as a v2 expression.
/// An expression naming a value the grammar cannot (an enclosing loop's
/// counter) is left out (the text report shows it).
fn count_or_expr(e: &Expr) -> (Option<u128>, Option<String>) {
    match e.as_constant().and_then(|c| u128::try_from(c).ok()) {
        Some(c) => (Some(c), None),
        None if e.has_opaque() => (None, None),
        None => (None, Some(e.text())),
    }
}

/// `[lo, hi]` as expressions, unless both are constants (then the numeric
/// v1 field says it all).
fn pair_if_symbolic((lo, hi): &(Expr, Expr)) -> Option<[String; 2]> {
    let symbolic = lo.as_constant().is_none() || hi.as_constant().is_none();
    (symbolic && !lo.has_opaque() && !hi.has_opaque()).then(|| [lo.text(), hi.text()])
}

impl AccessReport {
    pub(crate) fn from_access(a: &Access) -> AccessReport {
        AccessReport {
            function: a.function.clone(),
            loc: a.loc.clone(),
            op: a.op_name.clone(),
            status: if a.proven() { AccessStatus::Proven } else { AccessStatus::Unproven },
            reason: a.failures.first().map(|f| f.message(&a.op_name)),
            assumptions: a.assumptions.iter().map(|s| s.to_string()).collect(),
            precondition: None,
            precondition_assumptions: Vec::new(),
            call_sites: None,
            rests_on: a.rests_on.iter().map(|e| EarlierAccess { op: e.name(), loc: e.loc_string() }).collect(),
        }
        .with_precondition(a)
    }
}

impl Report {
    pub(crate) fn new(index_bitwidth: u32, loops: &[LoopRecord], accesses: &[Access]) -> Report {
        Report {
            version: SCHEMA_VERSION,
            index_bitwidth,
            loops: loops.iter().map(LoopReport::from_record).collect(),
            accesses: accesses.iter().map(AccessReport::from_access).collect(),
            functions: super::preconditions::report::functions(accesses),
        }
    }

    /// The JSON form: one loop or access per line (for diffs and greps),
    /// `"key": value` pairs separated by `, `.
    pub fn to_json(&self) -> String {
        let mut out = Vec::new();
        write_lines(
            &mut out,
            self.version,
            self.index_bitwidth,
            self.loops.iter(),
            self.accesses.iter(),
            &self.functions,
        )
        .expect("writes to a Vec cannot fail");
        String::from_utf8(out).expect("serde_json writes UTF-8")
    }

    /// Parses a report (any JSON layout).
    pub fn from_json(text: &str) -> Result<Report, serde_json::Error> {
        serde_json::from_str(text)
    }
}

/// The JSON report written as the analysis finds its entries: the bytes
/// `Report::new(..).to_json()` gives, without the loops held in memory.
/// Loops go to `out` as they come; accesses, which follow every loop in
/// the layout, and whose call sites are checked once the whole module is
/// analysed, are kept until [`JsonSink::finish`].
pub(crate) struct JsonSink<'a, W: Write> {
    out: W,
    any_loop: bool,
    accesses: Vec<Access<'a>>,
    /// The first write error: nothing is written after it.
    error: Option<io::Error>,
}

impl<'a, W: Write> JsonSink<'a, W> {
    /// Starts the report (its header) on `out`.
    pub(crate) fn new(mut out: W, index_bitwidth: u32) -> JsonSink<'a, W> {
        let error = write_header(&mut out, SCHEMA_VERSION, index_bitwidth).err();
        JsonSink { out, any_loop: false, accesses: Vec::new(), error }
    }

    /// Checks the preconditions at the calls in `root`, then writes the
    /// accesses, the functions and the end of the report; the first write
    /// error if any write failed.
    pub(crate) fn finish(mut self, root: super::ir::Op<'a>, options: &crate::analysis::Options) -> io::Result<W> {
        if let Some(e) = self.error {
            return Err(e);
        }
        super::preconditions::call_sites::resolve(root, options, &mut self.accesses);
        self.out.write_all(BETWEEN)?;
        write_items(&mut self.out, self.accesses.iter().map(AccessReport::from_access))?;
        write_functions(&mut self.out, &super::preconditions::report::functions(&self.accesses))?;
        self.out.write_all(END)?;
        Ok(self.out)
    }
}

impl<'a, W: Write> Sink<'a> for JsonSink<'a, W> {
    fn found_loop(&mut self, record: LoopRecord<'a>) {
        if self.error.is_none() {
            self.error = write_item(&mut self.out, !self.any_loop, &LoopReport::from_record(&record)).err();
        }
        self.any_loop = true;
    }

    fn found_access(&mut self, access: Access<'a>) {
        self.accesses.push(access);
    }
}

/// The JSON layout: a header line, then one loop or access per line.
fn write_lines<L: Serialize, A: Serialize>(
    out: &mut impl Write,
    version: u32,
    index_bitwidth: u32,
    loops: impl Iterator<Item = L>,
    accesses: impl Iterator<Item = A>,
    functions: &[FunctionReport],
) -> io::Result<()> {
    write_header(out, version, index_bitwidth)?;
    write_items(out, loops)?;
    out.write_all(BETWEEN)?;
    write_items(out, accesses)?;
    write_functions(out, functions)?;
    out.write_all(END)
}

/// The `functions` array, when there is one.
fn write_functions(out: &mut impl Write, functions: &[FunctionReport]) -> io::Result<()> {
    if functions.is_empty() {
        return Ok(());
    }
    out.write_all(b"],\n \"functions\": [")?;
    write_items(out, functions.iter())
}

fn write_items<T: Serialize>(out: &mut impl Write, items: impl Iterator<Item = T>) -> io::Result<()> {
    for (i, item) in items.enumerate() {
        write_item(out, i == 0, &item)?;
    }
    Ok(())
}

fn write_header(out: &mut impl Write, version: u32, index_bitwidth: u32) -> io::Result<()> {
    write!(out, "{{\"version\": {version}, \"index_bitwidth\": {index_bitwidth},\n \"loops\": [")
}

/// Between the loops and the accesses.
const BETWEEN: &[u8] = b"],\n \"accesses\": [";
const END: &[u8] = b"]}\n";

/// One entry on a line of its own.
fn write_item<T: Serialize>(out: &mut impl Write, first: bool, item: &T) -> io::Result<()> {
    out.write_all(if first { b"\n  " } else { b",\n  " })?;
    write_spaced_json(out, item)
}

/// serde_json's compact output with `", "` and `": "` separators.
struct Spaced;

impl serde_json::ser::Formatter for Spaced {
    fn begin_array_value<W: ?Sized + std::io::Write>(&mut self, writer: &mut W, first: bool) -> std::io::Result<()> {
        if first {
            Ok(())
        } else {
            writer.write_all(b", ")
        }
    }
    fn begin_object_key<W: ?Sized + std::io::Write>(&mut self, writer: &mut W, first: bool) -> std::io::Result<()> {
        if first {
            Ok(())
        } else {
            writer.write_all(b", ")
        }
    }
    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, writer: &mut W) -> std::io::Result<()> {
        writer.write_all(b": ")
    }
}

/// Writes `value` as one line of JSON with [`Spaced`] separators.
///
/// Only the writer can fail: the report's types are plain structs of
/// strings, integers, booleans and options (no maps with non-string keys,
/// no custom `Serialize` that may fail).
fn write_spaced_json<T: Serialize>(out: &mut impl Write, value: &T) -> io::Result<()> {
    let mut serializer = serde_json::Serializer::with_formatter(out, Spaced);
    value.serialize(&mut serializer).map_err(io::Error::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Report {
        Report {
            version: 1,
            index_bitwidth: 64,
            loops: vec![LoopReport {
                function: "g".into(),
                loc: "in.mlir:3:8".into(),
                op: "scf.while".into(),
                depth: 0,
                status: LoopStatus::Exact,
                body_count: Some(u64::MAX as u128),
                condition_count: Some(1u128 << 64),
                max_body_count: None,
                reason: None,
                entries: Some(1),
                total_body_count: Some(u64::MAX as u128),
                total_condition_count: Some(1u128 << 64),
                counter: Some(CounterReport {
                    type_name: "i64".into(),
                    width: 64,
                    signed: true,
                    step: 1,
                    condition: [i64::MIN as i128, i64::MAX as i128],
                    body: Some([i64::MIN as i128, i64::MAX as i128 - 1]),
                    exit: Some(i64::MAX as i128),
                    condition_expr: None,
                    body_expr: None,
                    exit_expr: None,
                }),
                note: None,
                body_count_expr: None,
                condition_count_expr: None,
                max_body_count_expr: None,
                total_body_count_expr: None,
                total_condition_count_expr: None,
                assumptions: Vec::new(),
                dims: Vec::new(),
            }],
            accesses: vec![AccessReport {
                function: "f".into(),
                loc: "in.mlir:15:7".into(),
                op: "memref.store".into(),
                status: AccessStatus::Proven,
                reason: None,
                assumptions: Vec::new(),
                precondition: None,
                precondition_assumptions: Vec::new(),
                call_sites: None,
                rests_on: Vec::new(),
            }],
            functions: Vec::new(),
        }
    }

    #[test]
    fn json_round_trips_exact_128_bit_numbers() {
        let report = sample();
        let text = report.to_json();
        assert!(text.contains("\"condition_count\": 18446744073709551616"), "{text}");
        assert!(text.contains("\"condition\": [-9223372036854775808, 9223372036854775807]"), "{text}");
        assert_eq!(Report::from_json(&text).expect("parses"), report);
    }

    #[test]
    fn strings_are_escaped() {
        let mut report = sample();
        report.loops[0].function = "a\"b\\c\n".into();
        let text = report.to_json();
        assert!(text.contains(r#""function": "a\"b\\c\n""#), "{text}");
        assert_eq!(Report::from_json(&text).expect("parses"), report);
    }

    #[test]
    fn earlier_accesses_round_trip() {
        let mut report = sample();
        report.accesses[0].rests_on = vec![EarlierAccess { op: "memref.load".into(), loc: "in.mlir:14:7".into() }];
        let text = report.to_json();
        assert!(
            text.contains(
                "\"status\": \"proven\", \"rests_on\": [{\"op\": \"memref.load\", \"loc\": \"in.mlir:14:7\"}]}"
            ),
            "{text}"
        );
        assert_eq!(Report::from_json(&text).expect("parses"), report);
    }

    #[test]
    fn optional_fields_are_omitted() {
        let text = sample().to_json();
        assert!(!text.contains("null"));
        assert!(!text.contains("max_body_count"));
        assert!(text.contains(
            "{\"function\": \"f\", \"loc\": \"in.mlir:15:7\", \"op\": \"memref.store\", \"status\": \"proven\"}"
        ));
    }
}
