//! Off-by-one mutants of a report's own expression claims: a claim that
//! holds, moved by one in the direction the runs contradict, must be
//! caught by the checker (the binary's `--self-test` reports how many are).

use super::claims::{Claim, LoopClaims};

/// Claims each off by one, in the direction that contradicts an exact
/// value (`+ 1`) or a bound the runs reach (`- 1` of a maximum, `+ 1` of a
/// minimum): `(kind, mutated claims of the case)`. Only expression claims
/// of exact and at_most loops are mutated.
pub fn mutants(claims: &[LoopClaims]) -> Vec<(String, Vec<LoopClaims>)> {
    let mut out = Vec::new();
    for (l, c) in claims.iter().enumerate() {
        for (kind, mutant) in mutate_one(c) {
            let mut m = claims.to_vec();
            m[l] = mutant;
            out.push((kind, m));
        }
        // A parallel loop's dimensions, one at a time.
        for (k, d) in c.dims.iter().enumerate() {
            for (kind, mutant) in mutate_one(d) {
                let mut m = claims.to_vec();
                m[l].dims[k] = mutant;
                out.push((format!("dims.{kind}"), m));
            }
        }
    }
    out
}

/// [`mutants`] of one loop's (or dimension's) own claims.
fn mutate_one(c: &LoopClaims) -> Vec<(String, LoopClaims)> {
    let mut out = Vec::new();
    let bump = |c: &Claim, d: &str| match c {
        Claim::Expr(e) => Some(Claim::Expr(format!("({e}) {d}"))),
        Claim::Num(_) => None,
    };
    let exact = c.status == "exact";
    if !exact && c.status != "at_most" {
        return out;
    }
    let mut push = |kind: &str, f: &dyn Fn(&mut LoopClaims) -> bool| {
        let mut m = c.clone();
        if f(&mut m) {
            out.push((kind.to_string(), m));
        }
    };
    type Field = fn(&mut LoopClaims) -> &mut Vec<(String, Claim)>;
    let scalar_fields: [(&str, Field, &str); 5] = [
        ("body_count_expr", |c| &mut c.body, "+ 1"),
        ("condition_count_expr", |c| &mut c.cond, "+ 1"),
        ("max_body_count_expr", |c| &mut c.max_body, "- 1"),
        ("total_body_count_expr", |c| &mut c.total_body, "+ 1"),
        ("exit_expr", |c| &mut c.exit, "+ 1"),
    ];
    for (kind, field, d) in scalar_fields {
        if kind == "max_body_count_expr" && exact || kind.starts_with("body_count") && !exact {
            continue;
        }
        push(kind, &|m: &mut LoopClaims| {
            let mut any = false;
            for (_, claim) in field(m).iter_mut() {
                if let Some(n) = bump(claim, d) {
                    *claim = n;
                    any = true;
                }
            }
            any
        });
    }
    type Pairs = fn(&mut LoopClaims) -> &mut Vec<(String, [Claim; 2])>;
    let pair_fields: [(&str, Pairs); 2] =
        [("condition_expr", |c| &mut c.cond_range), ("body_expr", |c| &mut c.body_range)];
    for (kind, field) in pair_fields {
        for (end, d) in [(0, "+ 1"), (1, "- 1")] {
            let name = format!("{kind}[{end}]");
            push(&name, &|m: &mut LoopClaims| {
                let mut any = false;
                for (_, pair) in field(m).iter_mut() {
                    if let Some(n) = bump(&pair[end], d) {
                        pair[end] = n;
                        any = true;
                    }
                }
                any
            });
        }
    }
    out
}
