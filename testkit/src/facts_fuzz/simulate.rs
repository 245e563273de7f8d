//! The constant facts fuzzer's simulator: what one call of a case does, in
//! the record the instrumented function also fills.
//!
//! Arithmetic is `w`-bit wrapping at the counter's width; an
//! `scf.for`/`loom.for` whose induction variable overflows is undefined. A
//! call stops at the fuel it is given. Invariant: for every case that ends
//! within the fuel at 64 bits, the record equals the one its execution
//! prints (the binary compares every executed case).

use crate::int::{mask, to_signed, Predicate};

use super::model::{Access, AccessOp, Case, Expr, Kind, Place};
use super::SLOTS_PER_ARG;

/// What a case does (per function call), in the record's layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ran(Vec<u64>),
    /// Did not end within the fuel.
    OutOfFuel,
    /// An scf.for/loom.for overflowed its induction variable (UB).
    Undefined,
}

pub fn slots(case: &Case) -> usize {
    2 + SLOTS_PER_ARG * case.inits.len() + 2 * case.accesses.len()
}

pub(super) fn initial_record(case: &Case) -> Vec<u64> {
    let mut r = vec![0u64; slots(case)];
    for i in 0..case.inits.len() {
        let b = 2 + SLOTS_PER_ARG * i;
        for (j, v) in [i64::MAX as u64, i64::MIN as u64, u64::MAX, 0].into_iter().enumerate() {
            r[b + j] = v;
            r[b + 4 + j] = v;
        }
    }
    r
}

fn sext64(v: u128, w: u32) -> u64 {
    to_signed(v, w) as i64 as u64
}

fn observe(r: &mut [u64], slot: usize, v: u128, w: u32) {
    let s = sext64(v, w) as i64;
    r[slot] = (r[slot] as i64).min(s) as u64;
    r[slot + 1] = (r[slot + 1] as i64).max(s) as u64;
    let u = v as u64;
    r[slot + 2] = r[slot + 2].min(u);
    r[slot + 3] = r[slot + 3].max(u);
}

impl Case {
    pub(super) fn carried(&self) -> usize {
        self.inits.len()
    }
    fn add(&self, x: u128, c: u128) -> u128 {
        x.wrapping_add(c) & mask(self.ty.width)
    }
    fn eval(&self, e: &Expr, vals: &[u128]) -> u128 {
        let w = self.ty.width;
        match e {
            Expr::Add { src, c, .. } => self.add(vals[*src], *c),
            Expr::Const(c) => *c,
            Expr::Select { src, k, c1, c2 } => {
                let c = if Predicate::Slt.holds(vals[*src], *k, w) { *c1 } else { *c2 };
                self.add(vals[*src], c)
            }
        }
    }
    /// The index value of access `a` given its source value.
    fn index_of(&self, a: &Access, src: u128, iw: u32) -> u128 {
        let v = self.base_index_of(a, src, iw);
        match self.wide {
            Some((i, c, d)) if std::ptr::eq(a, &self.accesses[i]) => {
                let s = v.wrapping_add(c) & mask(iw);
                match d {
                    Some(d) => (to_signed(s, iw) / to_signed(d, iw)) as u128 & mask(iw),
                    None => s,
                }
            }
            _ => v,
        }
    }
    fn base_index_of(&self, a: &Access, src: u128, iw: u32) -> u128 {
        let w = if a.src == usize::MAX { iw } else { self.ty.width };
        let v = if a.src == usize::MAX { src } else { self.add(src, a.c) };
        if a.src == usize::MAX || self.ty.index {
            return v & mask(iw);
        }
        let wide = if a.sext { to_signed(v, w) as u128 } else { v };
        wide & mask(iw)
    }
    pub(super) fn extent(a: &Access) -> (u64, u64) {
        match a.op {
            AccessOp::VectorLoad(v) => (a.size, v),
            _ => (a.size, 1),
        }
    }
    fn run_access(&self, r: &mut [u64], i: usize, src: u128, iw: u32) {
        let a = &self.accesses[i];
        let idx = self.index_of(a, src, iw);
        if let Some(g) = &a.guard {
            let holds = if g.on_index {
                g.pred.holds(idx, g.c & mask(iw), iw)
            } else {
                let w = if a.src == usize::MAX { iw } else { self.ty.width };
                g.pred.holds(src, g.c & mask(w), w)
            };
            if holds != g.in_then {
                return;
            }
        }
        let slot = 2 + SLOTS_PER_ARG * self.carried() + 2 * i;
        r[slot] += 1;
        let (size, extent) = Case::extent(a);
        if extent > size || idx > (size - extent) as u128 {
            r[slot + 1] += 1;
        }
    }
    fn accesses_at(&self, r: &mut [u64], place: Place, vals: &[u128], outer_iv: u128, iw: u32) {
        for i in 0..self.accesses.len() {
            let a = &self.accesses[i];
            if a.place == place {
                let src = if a.src == usize::MAX { outer_iv } else { vals[a.src] };
                self.run_access(r, i, src, iw);
            }
        }
    }
    fn tested_holds(&self, vals: &[u128]) -> bool {
        let t = self.add(vals[self.tested], self.offset);
        let w = self.ty.width;
        if self.counter_lhs {
            self.pred.holds(t, self.bound, w)
        } else {
            self.pred.holds(self.bound, t, w)
        }
    }

    /// Runs the case (all entries of the enclosing loop) with `fuel`
    /// iterations per entry.
    pub fn simulate(&self, fuel: u64) -> Outcome {
        let iw = self.iw;
        let mut r = initial_record(self);
        let w = self.ty.width;
        for entry in 0..self.outer.unwrap_or(1) {
            let outer_iv = entry as u128;
            match &self.kind {
                Kind::While { perm, fo } => {
                    let mut vals = self.inits.clone();
                    let mut n = 0u64;
                    loop {
                        if n > fuel {
                            return Outcome::OutOfFuel;
                        }
                        r[0] += 1;
                        for (i, v) in vals.iter().enumerate() {
                            observe(&mut r, 2 + SLOTS_PER_ARG * i, *v, w);
                            r[2 + SLOTS_PER_ARG * i + 8] = *v as u64;
                        }
                        self.accesses_at(&mut r, Place::Condition, &vals, outer_iv, iw);
                        let c = self.tested_holds(&vals);
                        let fwd: Vec<u128> = (0..perm.len()).map(|p| self.add(vals[perm[p]], fo[p])).collect();
                        if !c {
                            break;
                        }
                        for (i, v) in vals.iter().enumerate() {
                            observe(&mut r, 2 + SLOTS_PER_ARG * i + 4, *v, w);
                        }
                        r[1] += 1;
                        n += 1;
                        self.accesses_at(&mut r, Place::Body, &fwd, outer_iv, iw);
                        vals = self.yields.iter().map(|e| self.eval(e, &fwd)).collect();
                    }
                }
                Kind::LoomLoop { .. } => {
                    let mut vals = self.inits.clone();
                    let mut n = 0u64;
                    loop {
                        if n > fuel {
                            return Outcome::OutOfFuel;
                        }
                        r[0] += 1;
                        for (i, v) in vals.iter().enumerate() {
                            observe(&mut r, 2 + SLOTS_PER_ARG * i, *v, w);
                            r[2 + SLOTS_PER_ARG * i + 8] = *v as u64;
                        }
                        self.accesses_at(&mut r, Place::Condition, &vals, outer_iv, iw);
                        if !self.tested_holds(&vals) {
                            break;
                        }
                        r[1] += 1;
                        n += 1;
                        for (i, v) in vals.iter().enumerate() {
                            observe(&mut r, 2 + SLOTS_PER_ARG * i + 4, *v, w);
                        }
                        self.accesses_at(&mut r, Place::Body, &vals, outer_iv, iw);
                        vals = self.yields.iter().map(|e| self.eval(e, &vals)).collect();
                    }
                }
                Kind::ScfFor { .. } | Kind::LoomFor { .. } => {
                    let unsigned = matches!(self.kind, Kind::ScfFor { unsigned: true });
                    let brk = match &self.kind {
                        Kind::LoomFor { brk } => *brk,
                        _ => None,
                    };
                    let read = |v: u128| if unsigned { v as i128 } else { to_signed(v, w) };
                    let (lo_lim, hi_lim) =
                        if unsigned { (0i128, mask(w) as i128) } else { (-(1i128 << (w - 1)), (1i128 << (w - 1)) - 1) };
                    let mut iv = self.inits[0];
                    let mut n = 0u64;
                    while read(iv) < read(self.ub) {
                        if n > fuel {
                            return Outcome::OutOfFuel;
                        }
                        n += 1;
                        r[1] += 1;
                        observe(&mut r, 2 + 4, iv, w);
                        self.accesses_at(&mut r, Place::Body, &[iv], outer_iv, iw);
                        if brk == Some(iv) {
                            break;
                        }
                        let next = read(iv) + read(self.step);
                        if next < lo_lim || next > hi_lim {
                            return Outcome::Undefined;
                        }
                        iv = self.add(iv, self.step);
                    }
                }
            }
        }
        Outcome::Ran(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts_fuzz::check::recorded_range;
    use crate::facts_fuzz::generate::generate;
    use crate::facts_fuzz::model::{AddForm, Ty};
    use crate::facts_fuzz::FUEL;

    #[test]
    fn simulator_counts_a_worked_case() {
        // i32 slt 7 -> 20 step 4: 4 bodies, 5 conditions, exit 23.
        let mut c = generate(1, false);
        c.ty = Ty { width: 32, index: false };
        c.kind = Kind::While { perm: vec![0], fo: vec![0] };
        c.inits = vec![7];
        c.tested = 0;
        c.offset = 0;
        c.pred = Predicate::Slt;
        c.counter_lhs = true;
        c.bound = 20;
        c.yields = vec![Expr::Add { src: 0, c: 4, form: AddForm::AddR }];
        c.accesses.clear();
        c.outer = None;
        let Outcome::Ran(r) = c.simulate(FUEL) else { panic!("must end") };
        assert_eq!((r[0], r[1]), (5, 4));
        assert_eq!(recorded_range(&r, 2, true, 32), (7, 23));
        assert_eq!(recorded_range(&r, 6, true, 32), (7, 19));
        assert_eq!(r[10], 23);
    }
}
