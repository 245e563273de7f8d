//! A report's loop object as claims: every count, range, exit and total it
//! states, as a v1 number or a v2 expression (both when both are given),
//! and a parallel loop's `dims` read the same way. A field of a shape the
//! reader does not expect is listed in [`LoopClaims::malformed`], never
//! dropped silently: the checker counts it as a contradiction.

use crate::expr::{self, Env, EvalError};

use super::json::Json;

/// One claimed value: a v1 number or a v2 expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Claim {
    Num(String),
    Expr(String),
}

impl Claim {
    pub(super) fn eval(&self, env: &Env) -> Result<i128, EvalError> {
        match self {
            Claim::Num(n) => {
                n.parse::<i128>().map_err(|_| EvalError::Invalid(format!("number '{n}' is not an integer")))
            }
            Claim::Expr(s) => expr::eval_str(s, env),
        }
    }
    pub(super) fn is_expr(&self) -> bool {
        matches!(self, Claim::Expr(_))
    }
    pub(super) fn text(&self) -> &str {
        match self {
            Claim::Num(s) | Claim::Expr(s) => s,
        }
    }
}

/// What the report claims about one loop (each field: `(JSON key, claim)`,
/// the v1 number and the v2 expression both when both are given).
#[derive(Clone, Debug, Default)]
pub struct LoopClaims {
    pub op: String,
    pub status: String,
    pub signed: Option<bool>,
    pub body: Vec<(String, Claim)>,
    pub cond: Vec<(String, Claim)>,
    pub max_body: Vec<(String, Claim)>,
    pub total_body: Vec<(String, Claim)>,
    pub total_cond: Vec<(String, Claim)>,
    /// Times the loop is entered per call of the function.
    pub entries: Vec<(String, Claim)>,
    pub cond_range: Vec<(String, [Claim; 2])>,
    pub body_range: Vec<(String, [Claim; 2])>,
    pub exit: Vec<(String, Claim)>,
    pub assumptions: Vec<String>,
    /// Whether the object has a `counter`.
    pub has_counter: bool,
    /// A parallel loop's per-dimension objects (`dims`), read like loops.
    pub dims: Vec<LoopClaims>,
    /// Whether the object has a `dims` list.
    pub has_dims: bool,
    /// Fields present with a shape this reader does not expect.
    pub malformed: Vec<String>,
}

fn scalar_claims(obj: &Json, key: &str, out: &mut Vec<(String, Claim)>, bad: &mut Vec<String>) {
    match obj.get(key) {
        None => {}
        Some(Json::Num(n)) => out.push((key.to_string(), Claim::Num(n.clone()))),
        Some(v) => bad.push(format!("{key} = {v:?} is not a number")),
    }
    let ek = format!("{key}_expr");
    match obj.get(&ek) {
        None => {}
        Some(Json::Str(s)) => out.push((ek, Claim::Expr(s.clone()))),
        Some(v) => bad.push(format!("{ek} = {v:?} is not a string")),
    }
}

fn pair_claims(obj: &Json, key: &str, out: &mut Vec<(String, [Claim; 2])>, bad: &mut Vec<String>) {
    match obj.get(key).map(|v| v.as_arr()) {
        None => {}
        Some(Some([Json::Num(a), Json::Num(b)])) => {
            out.push((key.to_string(), [Claim::Num(a.clone()), Claim::Num(b.clone())]))
        }
        Some(_) => bad.push(format!("{key} is not a pair of numbers")),
    }
    let ek = format!("{key}_expr");
    match obj.get(&ek).map(|v| v.as_arr()) {
        None => {}
        Some(Some([Json::Str(a), Json::Str(b)])) => out.push((ek, [Claim::Expr(a.clone()), Claim::Expr(b.clone())])),
        Some(_) => bad.push(format!("{ek} is not a pair of strings")),
    }
}

impl LoopClaims {
    /// The claims of one loop object of the report.
    pub fn from_json(l: &Json) -> LoopClaims {
        let mut c = LoopClaims {
            op: l.get("op").and_then(Json::as_str).unwrap_or("?").to_string(),
            status: l.get("status").and_then(Json::as_str).unwrap_or("?").to_string(),
            ..LoopClaims::default()
        };
        let mut bad = Vec::new();
        scalar_claims(l, "body_count", &mut c.body, &mut bad);
        scalar_claims(l, "condition_count", &mut c.cond, &mut bad);
        scalar_claims(l, "max_body_count", &mut c.max_body, &mut bad);
        scalar_claims(l, "total_body_count", &mut c.total_body, &mut bad);
        scalar_claims(l, "total_condition_count", &mut c.total_cond, &mut bad);
        scalar_claims(l, "entries", &mut c.entries, &mut bad);
        match l.get("dims") {
            None => {}
            Some(Json::Arr(a)) => {
                c.has_dims = true;
                for (k, x) in a.iter().enumerate() {
                    let d = LoopClaims::from_json(x);
                    bad.extend(d.malformed.iter().map(|m| format!("dims[{k}]: {m}")));
                    if !matches!(x, Json::Obj(_)) {
                        bad.push(format!("dims[{k}] is not an object"));
                    }
                    c.dims.push(d);
                }
            }
            Some(v) => bad.push(format!("dims = {v:?} is not a list")),
        }
        if let Some(k) = l.get("counter") {
            c.has_counter = true;
            c.signed = match k.get("signed") {
                Some(Json::Bool(b)) => Some(*b),
                _ => None,
            };
            pair_claims(k, "condition", &mut c.cond_range, &mut bad);
            pair_claims(k, "body", &mut c.body_range, &mut bad);
            scalar_claims(k, "exit", &mut c.exit, &mut bad);
        }
        match l.get("assumptions") {
            None => {}
            Some(Json::Arr(a)) => {
                for x in a {
                    match x {
                        Json::Str(s) => c.assumptions.push(s.clone()),
                        other => bad.push(format!("assumption {other:?} is not a string")),
                    }
                }
            }
            Some(v) => bad.push(format!("assumptions = {v:?} is not a list")),
        }
        c.malformed = bad;
        c
    }
}
