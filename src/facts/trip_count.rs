//! TEMPORARY PLACEHOLDER (facts helper): replaced by the arithmetic core
//! written by another helper. Not to be committed.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Predicate { Slt, Sle, Sgt, Sge, Ult, Ule, Ugt, Uge }
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape { HeaderTested, DoWhile }
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CounterSide { Lhs, Rhs }

#[derive(Clone, Copy, Debug)]
pub struct LoopInput { pub width: u32, pub predicate: Predicate, pub side: CounterSide, pub shape: Shape, pub init: i128, pub bound: i128, pub step: i128 }

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Facts {
    Exact { body_count: u128, condition_count: u128, condition: (i128, i128), body: Option<(i128, i128)>, exit: i128 },
    Unknown { reason: String },
}

fn lim(width: u32, signed: bool) -> (i128, i128) {
    if signed { (-(1i128 << (width - 1)), (1i128 << (width - 1)) - 1) } else { (0, (1i128 << width) - 1) }
}

pub fn trip_facts(i: &LoopInput) -> Facts {
    use Predicate::*;
    let signed = matches!(i.predicate, Slt | Sle | Sgt | Sge);
    let (lo, hi) = lim(i.width, signed);
    let p = match (i.side, i.predicate) {
        (CounterSide::Lhs, p) => p,
        (CounterSide::Rhs, Slt) => Sgt, (CounterSide::Rhs, Sle) => Sge, (CounterSide::Rhs, Sgt) => Slt, (CounterSide::Rhs, Sge) => Sle,
        (CounterSide::Rhs, Ult) => Ugt, (CounterSide::Rhs, Ule) => Uge, (CounterSide::Rhs, Ugt) => Ult, (CounterSide::Rhs, Uge) => Ule,
    };
    let d: i128 = if i.shape == Shape::DoWhile { 1 } else { 0 };
    let cont = |t: i128| match p { Slt | Ult => t < i.bound, Sle | Ule => t <= i.bound, Sgt | Ugt => t > i.bound, Sge | Uge => t >= i.bound };
    let unk = |r: &str| Facts::Unknown { reason: r.to_string() };
    if i.init < lo || i.init > hi { return unk("init out of range"); }
    let t0 = i.init + d * i.step;
    if t0 < lo || t0 > hi { return unk("the first increment wraps"); }
    if !cont(t0) {
        return Facts::Exact { body_count: 0, condition_count: 1, condition: (i.init, i.init), body: None, exit: i.init };
    }
    let inc = matches!(p, Slt | Ult | Sle | Ule);
    if i.step == 0 || (inc && i.step < 0) || (!inc && i.step > 0) { return unk("the counter never reaches the bound without wrapping"); }
    // tested t_k = init + (k+d)*step; N = smallest k with !cont(t_k)
    let n: i128 = if inc {
        let b = if matches!(p, Sle | Ule) { i.bound + 1 } else { i.bound };
        (b - t0 + i.step - 1) / i.step
    } else {
        let b = if matches!(p, Sge | Uge) { i.bound - 1 } else { i.bound };
        (t0 - b + (-i.step) - 1) / (-i.step)
    };
    let last = i.init + n * i.step;
    let tested_last = last + d * i.step;
    if last < lo || last > hi || tested_last < lo || tested_last > hi { return unk("the terminal increment wraps"); }
    let (cmin, cmax) = if inc { (i.init, last) } else { (last, i.init) };
    let prev = last - i.step;
    let body = if inc { (i.init, prev) } else { (prev, i.init) };
    Facts::Exact { body_count: n as u128, condition_count: n as u128 + 1, condition: (cmin, cmax), body: Some(body), exit: last }
}

pub fn for_facts(width: u32, signed: bool, lb: i128, ub: i128, step: i128) -> Facts {
    if step <= 0 { return Facts::Unknown { reason: "non-positive step".into() }; }
    let _ = width;
    if lb >= ub {
        return Facts::Exact { body_count: 0, condition_count: 1, condition: (lb, lb), body: None, exit: lb };
    }
    let _ = signed;
    let n = (ub - lb + step - 1) / step;
    let last = lb + n * step;
    Facts::Exact { body_count: n as u128, condition_count: n as u128 + 1, condition: (lb, last), body: Some((lb, last - step)), exit: last }
}
