//! The bounds fuzzer's simulator: what a program does with one argument
//! set, in the meaning the emitted MLIR has.
//!
//! Index values are 64-bit (32-bit in a program of the nested 32-bit
//! module, `BoundsCase::iw`: values are then kept sign-extended from 32
//! bits, and every operation, comparison and overflow test is at 32 bits)
//! and every `arith` operation on them wraps (no
//! overflow flags are generated); `divsi` truncates toward zero, `shrui`
//! shifts the unsigned pattern. Affine maps (of `affine.apply`/`min`,
//! `affine.for` bounds and affine accesses) mean what `lower-affine`
//! expands them into: wrapping `addi`, `muli ... overflow<nsw>` for each
//! product by a constant other than 1 (`x - y` is `x + y * -1`: poison when
//! it overflows, as with `overflow<nsw>` additions below), and
//! `divsi`/`remsi` with selects for `floordiv`, `ceildiv` and `mod`. An `scf.for`/`loom.for` whose increment
//! overflows makes the run undefined from there on (loom's and upstream's
//! lowerings may then do anything), and so does an `overflow<nsw>` addition
//! that overflows in a value the program uses (poison as an index, a bound
//! or a branch condition); a `scf.while`/`loom.loop` counter wraps.
//! Buffers start as the executed driver fills them: `%A[i] = 3i + 1`,
//! `%B[i] = 5i + 2`, `%M[i][j] = 7i + j`; a store of access `id` at index
//! `x` (its first index) writes `trunc_i32(x) + 1000 id` to every element
//! of its footprint. A run ends at the first access whose footprint is not
//! inside its buffer: that access went out of bounds, and every step before
//! it was defined. The final hash folds `h = 31 h + v` over `%A`, `%B` and
//! `%M` (row-major) in wrapping i64, like the driver's.

use std::collections::HashMap;

use super::model::{Access, AffMap, ArgSet, BoundsCase, Buf, Cond, DivOp, Ix, Lin, Scalar, Stmt, SvSize, Var};
use super::FUEL;

/// How a simulated run ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimOutcome {
    /// It returned; the final hash of the buffers.
    Done(i64),
    /// The access with this id went out of bounds.
    Oob(usize),
    /// Subview number k was not inside its source (every access before it
    /// stayed in bounds).
    SubviewOob(usize),
    /// An `scf.for`/`loom.for` increment overflowed (after every access so
    /// far stayed in bounds).
    Undefined,
    /// It ran more than [`FUEL`] loop bodies (every access so far stayed in
    /// bounds).
    OutOfFuel,
}

impl SimOutcome {
    pub fn describe(&self) -> String {
        match self {
            SimOutcome::Done(h) => format!("returns, hash {h}"),
            SimOutcome::Oob(id) => format!("access {id} goes out of bounds"),
            SimOutcome::SubviewOob(k) => format!("subview {k} is not inside its source"),
            SimOutcome::Undefined => "undefined (an scf.for/loom.for increment overflows)".into(),
            SimOutcome::OutOfFuel => format!("more than {FUEL} loop bodies"),
        }
    }
}

enum Flow {
    Normal,
    Break(Var),
    Continue(Var),
}

/// Where a view's elements are in the buffer it is a view of.
#[derive(Clone, Debug)]
struct View {
    /// The buffer (an argument buffer or `%O`, never a view).
    base: Buf,
    /// The base's index of the view's element 0, one per base dimension.
    at: Vec<i64>,
    /// The view's sizes, one per view dimension.
    sizes: Vec<i64>,
    /// The base dimension each view dimension walks.
    dims: Vec<usize>,
}

struct Machine<'a> {
    set: &'a ArgSet,
    a: Vec<i32>,
    b: Vec<i32>,
    m: Vec<f32>,
    /// The output buffer of the enclosing `Stmt::Alloc` (not hashed).
    o: Vec<i32>,
    /// The current views.
    views: HashMap<Buf, View>,
    vars: Vec<i64>,
    /// Index width (64 or 32).
    w: u32,
    fuel: u64,
    /// Indexed by access id: whether the run reached it.
    reached: Vec<bool>,
    /// Set when an `overflow<nsw>` operation overflowed (its result is
    /// poison) in the value being evaluated.
    poison: std::cell::Cell<bool>,
}

/// Initial contents, as the driver's `@fill1`/`@fill2` write them.
pub fn initial(set: &ArgSet) -> (Vec<i32>, Vec<i32>, Vec<f32>) {
    let a = (0..set.a_len as i32).map(|i| 3 * i + 1).collect();
    let b = (0..set.b_len as i32).map(|i| 5 * i + 2).collect();
    let (r, c) = set.m_dims;
    let m = (0..r * c).map(|k| (7 * (k / c) + k % c) as f32).collect();
    (a, b, m)
}

/// The hash the driver's `@hash1`/`@hash2` compute.
pub fn hash(a: &[i32], b: &[i32], m: &[f32]) -> i64 {
    let mut h: i64 = 0;
    for v in a.iter().chain(b).map(|&x| x as i64).chain(m.iter().map(|&x| x as i64)) {
        h = h.wrapping_mul(31).wrapping_add(v);
    }
    h
}

type Res = Result<Flow, SimOutcome>;

impl Machine<'_> {
    /// `v` wrapped to the index width (sign-extended back to i64).
    fn wr(&self, v: i64) -> i64 {
        let s = 64 - self.w;
        ((v as u64) << s) as i64 >> s
    }
    /// `v + c` at the index width, or `None` when it overflows (signed).
    fn checked_add(&self, v: i64, c: i64) -> Option<i64> {
        let exact = v as i128 + self.wr(c) as i128;
        let half = 1i128 << (self.w - 1);
        (-half..half).contains(&exact).then_some(exact as i64)
    }
    fn ix(&self, e: &Ix) -> i64 {
        match e {
            Ix::Arg(Scalar::N) => self.wr(self.set.n),
            Ix::Arg(Scalar::M) => self.wr(self.set.m),
            Ix::Dim(b, k) => self.wr(self.len(*b, *k)),
            Ix::Const(c) => self.wr(*c),
            Ix::Var(v) => self.vars[*v],
            Ix::AddC(x, c) => self.wr(self.ix(x).wrapping_add(*c)),
            Ix::AddNsw(x, c) => {
                let v = self.ix(x);
                self.checked_add(v, *c).unwrap_or_else(|| {
                    self.poison.set(true);
                    self.wr(v.wrapping_add(*c))
                })
            }
            Ix::Add(x, y) => self.wr(self.ix(x).wrapping_add(self.ix(y))),
            Ix::Sub(x, y) => self.wr(self.ix(x).wrapping_sub(self.ix(y))),
            Ix::MulC(x, c) => self.wr(self.ix(x).wrapping_mul(*c)),
            Ix::Min(x, y) => self.ix(x).min(self.ix(y)),
            Ix::Max(x, y) => self.ix(x).max(self.ix(y)),
            Ix::Select(c, x, y) => {
                if self.cond(c) {
                    self.ix(x)
                } else {
                    self.ix(y)
                }
            }
            Ix::ShrUI(x, k) => {
                let bits = (self.ix(x) as u64) & (u64::MAX >> (64 - self.w));
                self.wr((bits >> k) as i64)
            }
            Ix::DivSI(x, c) => self.wr(self.ix(x).wrapping_div(self.wr(*c))),
            Ix::AffDiv(x, op, k) => self.div(self.ix(x), *op, *k),
            Ix::AffineApply(t) => self.aff(t),
            Ix::Affine(m) => {
                let r = self.results(m);
                if m.min {
                    r.into_iter().min().expect("a map has a result")
                } else {
                    r[0]
                }
            }
        }
    }

    /// lower-affine's expansion of `a op k` (k > 0), in wrapping
    /// arithmetic.
    fn div(&self, a: i64, op: DivOp, k: i64) -> i64 {
        let k = self.wr(k);
        match op {
            DivOp::Mod => {
                let r = self.wr(a.wrapping_rem(k));
                if r < 0 {
                    self.wr(r.wrapping_add(k))
                } else {
                    r
                }
            }
            DivOp::FloorDiv => {
                // a < 0 ? -1 - (-1 - a) / k : a / k
                let neg = a < 0;
                let sel = if neg { self.wr((-1i64).wrapping_sub(a)) } else { a };
                let q = self.wr(sel.wrapping_div(k));
                if neg {
                    self.wr((-1i64).wrapping_sub(q))
                } else {
                    q
                }
            }
            DivOp::CeilDiv => {
                // a <= 0 ? -((0 - a) / k) : (a - 1) / k + 1
                let np = a <= 0;
                let sel = if np { self.wr(0i64.wrapping_sub(a)) } else { self.wr(a.wrapping_sub(1)) };
                let q = self.wr(sel.wrapping_div(k));
                if np {
                    self.wr(0i64.wrapping_sub(q))
                } else {
                    self.wr(q.wrapping_add(1))
                }
            }
        }
    }

    /// lower-affine's `muli x, c overflow<nsw>` (none for c = 1): poison
    /// when the signed product overflows.
    fn mul_nsw(&self, x: i64, c: i64) -> i64 {
        if c == 1 {
            return x;
        }
        let exact = x as i128 * self.wr(c) as i128;
        let half = 1i128 << (self.w - 1);
        if !(-half..half).contains(&exact) {
            self.poison.set(true);
        }
        self.wr(x.wrapping_mul(c))
    }

    /// The affine expression `e` (see `Ix::is_affine_expr`) as lower-affine
    /// expands it: the leaves as values, wrapping sums, `muli ...
    /// overflow<nsw>` products, the divisions' expansions.
    fn aff(&self, e: &Ix) -> i64 {
        match e {
            Ix::AddC(x, c) => self.wr(self.aff(x).wrapping_add(*c)),
            Ix::Add(x, y) => self.wr(self.aff(x).wrapping_add(self.aff(y))),
            Ix::Sub(x, y) => self.wr(self.aff(x).wrapping_add(self.mul_nsw(self.aff(y), -1))),
            Ix::MulC(x, c) => self.mul_nsw(self.aff(x), *c),
            Ix::AffDiv(x, op, k) => self.div(self.aff(x), *op, *k),
            Ix::Var(_) | Ix::Arg(_) | Ix::Dim(..) | Ix::Const(_) => self.ix(e),
            other => unreachable!("{other:?} is not an affine expression"),
        }
    }

    /// The results of `m` over its operands (as lower-affine expands them:
    /// wrapping `addi`, `muli ... overflow<nsw>` by coefficients other
    /// than 1).
    fn results(&self, m: &AffMap) -> Vec<i64> {
        let dims: Vec<i64> = m.dims.iter().map(|e| self.ix(e)).collect();
        let syms: Vec<i64> = m.syms.iter().map(|e| self.ix(e)).collect();
        let lin = |l: &Lin| {
            let mut v = self.wr(l.c);
            for (c, x) in l.d.iter().zip(&dims).chain(l.s.iter().zip(&syms)) {
                if *c != 0 {
                    v = self.wr(v.wrapping_add(self.mul_nsw(*x, *c)));
                }
            }
            v
        };
        m.results.iter().map(lin).collect()
    }

    /// The size of dimension `k` of `b`.
    fn len(&self, b: Buf, k: usize) -> i64 {
        match b {
            Buf::O => self.o.len() as i64,
            _ if b.is_view() => self.views[&b].sizes[k],
            _ => self.set.len(b, k) as i64,
        }
    }

    /// Where `b`'s elements are in the buffer it is a view of (for a buffer
    /// that is no view: itself, from 0).
    fn view(&self, b: Buf) -> View {
        match self.views.get(&b) {
            Some(v) => v.clone(),
            None => {
                let rank = b.rank();
                View {
                    base: b,
                    at: vec![0; rank],
                    sizes: (0..rank).map(|k| self.len(b, k)).collect(),
                    dims: (0..rank).collect(),
                }
            }
        }
    }

    /// Runs the counters `vars[d..]` of a parallel loop (bounds already
    /// evaluated), the first outermost.
    fn par(
        &mut self,
        vars: &[Var],
        lbs: &[i64],
        ubs: &[i64],
        steps: &[i64],
        body: &[Stmt],
    ) -> Result<Option<Flow>, SimOutcome> {
        let mut i = lbs[0];
        while i < ubs[0] {
            self.vars[vars[0]] = i;
            let f = if vars.len() == 1 {
                self.iteration(vars[0], body)?
            } else {
                // Outer iterations burn fuel too (an empty inner range
                // would otherwise let the outer one spin for ever).
                self.tick()?;
                self.par(&vars[1..], &lbs[1..], &ubs[1..], &steps[1..], body)?
            };
            if f.is_some() {
                return Ok(f);
            }
            i = self.checked_add(i, steps[0]).ok_or(SimOutcome::Undefined)?;
        }
        Ok(None)
    }

    fn cond(&self, c: &Cond) -> bool {
        let m = u128::from(u64::MAX >> (64 - self.w));
        let bits = |v: i64| v as u64 as u128 & m;
        c.pred.holds(bits(self.ix(&c.a)), bits(self.ix(&c.b)), self.w)
    }

    /// What `f` computes; a run that computes poison where this module uses
    /// a value (an index, a bound, a condition) is undefined. (Poison in the
    /// arm a select does not take would be harmless; such runs are dropped
    /// too, which only loses checks.)
    fn defined<T>(&self, f: impl FnOnce() -> T) -> Result<T, SimOutcome> {
        self.poison.set(false);
        let v = f();
        if self.poison.get() {
            Err(SimOutcome::Undefined)
        } else {
            Ok(v)
        }
    }

    /// The value of `e` (see [`Machine::defined`]).
    fn val(&self, e: &Ix) -> Result<i64, SimOutcome> {
        self.defined(|| self.ix(e))
    }

    fn test(&self, c: &Cond) -> Result<bool, SimOutcome> {
        self.defined(|| self.cond(c))
    }

    fn tick(&mut self) -> Result<(), SimOutcome> {
        self.fuel += 1;
        if self.fuel > FUEL {
            Err(SimOutcome::OutOfFuel)
        } else {
            Ok(())
        }
    }

    /// Performs `acc` (stores write; loads read nothing the run uses).
    fn access(&mut self, acc: &Access) -> Result<(), SimOutcome> {
        self.reached[acc.id] = true;
        let affine = acc.kind.is_affine();
        let idx = acc
            .idx
            .iter()
            .map(|e| if affine { self.defined(|| self.aff(e)) } else { self.val(e) })
            .collect::<Result<Vec<i64>, _>>()?;
        let ext = acc.kind.extent();
        let rank = acc.buf.rank();
        let inside = (0..rank).all(|k| {
            let e = if k + 1 == rank { ext } else { 1 };
            idx[k] >= 0 && idx[k] <= self.len(acc.buf, k) - e
        });
        if !inside {
            return Err(SimOutcome::Oob(acc.id));
        }
        if acc.kind.writes() {
            let v = (idx[0] as i32).wrapping_add(1000 * acc.id as i32);
            // The footprint in the base buffer: along the base dimension
            // the view's last one walks.
            let view = self.view(acc.buf);
            let mut at = view.at.clone();
            for (k, x) in idx.iter().enumerate() {
                at[view.dims[k]] += x;
            }
            let along = view.dims[rank - 1];
            for p in 0..ext {
                let mut e = at.clone();
                e[along] += p;
                let e: Vec<usize> = e.into_iter().map(|x| x as usize).collect();
                match view.base {
                    Buf::A => self.a[e[0]] = v,
                    Buf::B => self.b[e[0]] = v,
                    Buf::O => self.o[e[0]] = v,
                    Buf::M => self.m[e[0] * self.set.m_dims.1 + e[1]] = v as f32,
                    b => unreachable!("{b:?} is a view, not a base"),
                }
            }
        }
        Ok(())
    }

    fn block(&mut self, stmts: &[Stmt]) -> Res {
        for s in stmts {
            match self.stmt(s)? {
                Flow::Normal => {}
                other => return Ok(other),
            }
        }
        Ok(Flow::Normal)
    }

    /// An upward counted loop (`scf.for`, `affine.for`): `var` from `lb`
    /// while below `ub`, by `step`; an increment that overflows is
    /// undefined behaviour.
    fn count_up(&mut self, var: Var, lb: i64, ub: i64, step: i64, body: &[Stmt]) -> Res {
        let mut i = lb;
        while i < ub {
            self.vars[var] = i;
            if let Some(f) = self.iteration(var, body)? {
                return Ok(f);
            }
            i = self.checked_add(i, step).ok_or(SimOutcome::Undefined)?;
        }
        Ok(Flow::Normal)
    }

    /// Runs one body of the loop of `var`: `None` to go on looping, else
    /// how the loop ends (`Normal` for its own break).
    fn iteration(&mut self, var: Var, body: &[Stmt]) -> Result<Option<Flow>, SimOutcome> {
        self.tick()?;
        match self.block(body)? {
            Flow::Normal => Ok(None),
            Flow::Continue(v) if v == var => Ok(None),
            Flow::Break(v) if v == var => Ok(Some(Flow::Normal)),
            other => Ok(Some(other)),
        }
    }

    fn stmt(&mut self, s: &Stmt) -> Res {
        match s {
            Stmt::Access(acc) => self.access(acc).map(|_| Flow::Normal),
            Stmt::If { cond, then, els } => {
                if self.test(cond)? {
                    self.block(then)
                } else {
                    self.block(els)
                }
            }
            Stmt::Exit { cond, target, cont, only_if } => {
                let exits = self.test(cond)? && only_if.as_ref().map_or(Ok(true), |c| self.test(c))?;
                Ok(match (exits, cont) {
                    (false, _) => Flow::Normal,
                    (true, true) => Flow::Continue(*target),
                    (true, false) => Flow::Break(*target),
                })
            }
            Stmt::Pair { i, j, bound, init_j, step_j, body } => {
                let ub = self.val(bound)?;
                self.vars[*j] = self.val(init_j)?;
                let mut x: i64 = 0;
                while x < ub {
                    self.vars[*i] = x;
                    if let Some(f) = self.iteration(*i, body)? {
                        return Ok(f);
                    }
                    self.vars[*j] = self.wr(self.vars[*j].wrapping_add(*step_j));
                    x += 1;
                }
                Ok(Flow::Normal)
            }
            Stmt::For { var, lb, ub, step, body, .. } => {
                let (lb, ub) = (self.val(lb)?, self.val(ub)?);
                self.count_up(*var, lb, ub, *step, body)
            }
            Stmt::While { var, init, cond, step, body } => {
                self.vars[*var] = self.val(init)?;
                while self.test(cond)? {
                    if let Some(f) = self.iteration(*var, body)? {
                        return Ok(f);
                    }
                    self.vars[*var] = self.wr(self.vars[*var].wrapping_add(*step));
                }
                Ok(Flow::Normal)
            }
            Stmt::Loop { var, init, exit, step, body } => {
                self.vars[*var] = self.val(init)?;
                while !self.test(exit)? {
                    if let Some(f) = self.iteration(*var, body)? {
                        return Ok(f);
                    }
                    self.vars[*var] = self.wr(self.vars[*var].wrapping_add(*step));
                }
                Ok(Flow::Normal)
            }
            Stmt::Search(s) => {
                self.vars[s.lo] = self.val(&s.init_lo)?;
                self.vars[s.hi] = self.val(&s.init_hi)?;
                let cond = Cond { pred: s.pred, a: Ix::Var(s.lo), b: Ix::Var(s.hi) };
                while self.test(&cond)? {
                    self.tick()?;
                    let mid = self.val(&s.mid_expr)?;
                    self.vars[s.mid] = mid;
                    self.block(&s.body)?;
                    self.access(&s.probe)?;
                    let x = match s.probe.buf {
                        Buf::A => self.a[mid as usize],
                        _ => self.b[mid as usize],
                    };
                    if x < self.set.n as i32 {
                        self.vars[s.lo] = self.wr(mid.wrapping_add(1));
                        if s.grow {
                            self.vars[s.hi] = self.wr(self.vars[s.hi].wrapping_add(1));
                        }
                    } else {
                        self.vars[s.hi] = if s.inclusive { self.wr(mid.wrapping_sub(1)) } else { mid };
                    }
                }
                Ok(Flow::Normal)
            }
            Stmt::Par { vars, lbs, ubs, steps, body, .. } => {
                let lbs = lbs.iter().map(|e| self.val(e)).collect::<Result<Vec<_>, _>>()?;
                let ubs = ubs.iter().map(|e| self.val(e)).collect::<Result<Vec<_>, _>>()?;
                Ok(self.par(vars, &lbs, &ubs, steps, body)?.unwrap_or(Flow::Normal))
            }
            Stmt::AffineFor { var, lb, ub, step, body } => {
                let lb = self.defined(|| self.results(lb))?.into_iter().max().expect("a bound has a result");
                let ub = self.defined(|| self.results(ub))?.into_iter().min().expect("a bound has a result");
                self.count_up(*var, lb, ub, *step, body)
            }
            Stmt::Let { var, value } => {
                self.vars[*var] = self.val(value)?;
                Ok(Flow::Normal)
            }
            Stmt::Subview { k, view, src, off, size } => {
                let mut v = self.view(*src);
                let (mut sizes, mut dims) = (Vec::new(), Vec::new());
                for (d, (off, size)) in off.iter().zip(size).enumerate() {
                    let (o, z) = (self.val(off)?, self.val(&size.value())?);
                    if o < 0 || z < 0 || o as i128 + z as i128 > self.len(*src, d) as i128 {
                        return Err(SimOutcome::SubviewOob(*k));
                    }
                    v.at[v.dims[d]] += o;
                    if let SvSize::Keep(_) = size {
                        sizes.push(z);
                        dims.push(v.dims[d]);
                    }
                }
                self.views.insert(*view, View { base: v.base, at: v.at, sizes, dims });
                Ok(Flow::Normal)
            }
            Stmt::Alloc { size, body, .. } => {
                let n = self.val(size)?;
                // A negative or huge size: the allocation itself fails.
                if !(0..=1 << 20).contains(&n) {
                    return Err(SimOutcome::Undefined);
                }
                let saved = std::mem::replace(&mut self.o, vec![0; n as usize]);
                let f = self.block(body);
                self.o = saved;
                f
            }
            Stmt::Sentinel { var, buf, guarded, probe, body } => {
                self.vars[*var] = 0;
                loop {
                    let x = self.vars[*var];
                    if *guarded && x >= self.set.len(*buf, 0) as i64 {
                        break;
                    }
                    self.access(probe)?;
                    let v = if *buf == Buf::A { self.a[x as usize] } else { self.b[x as usize] };
                    if v == self.set.n as i32 {
                        break;
                    }
                    if let Some(f) = self.iteration(*var, body)? {
                        return Ok(f);
                    }
                    self.vars[*var] = self.wr(x.wrapping_add(1));
                }
                Ok(Flow::Normal)
            }
        }
    }
}

/// Runs argument set `set` of `case`.
pub fn simulate(case: &BoundsCase, set: usize) -> SimOutcome {
    simulate_with(case, &case.arg_sets[set]).0
}

/// Runs `case` with `args`; how it ends and the ids of the accesses it
/// reached (the one that went out of bounds included).
pub fn simulate_with(case: &BoundsCase, args: &ArgSet) -> (SimOutcome, Vec<usize>) {
    let (a, b, m) = initial(args);
    let reached = vec![false; case.accesses.len() + 1];
    let mut mc = Machine {
        set: args,
        a,
        b,
        m,
        o: Vec::new(),
        views: HashMap::new(),
        vars: vec![0; case.vars],
        w: case.iw,
        fuel: 0,
        reached,
        poison: std::cell::Cell::new(false),
    };
    let outcome = match mc.block(&case.body) {
        Ok(_) => SimOutcome::Done(hash(&mc.a, &mc.b, &mc.m)),
        Err(stop) => stop,
    };
    (outcome, (1..mc.reached.len()).filter(|&id| mc.reached[id]).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bounds_fuzz::model::{AccKind, ClaimStart, DivOp, ForKind};
    use crate::bounds_fuzz::model::{AffMap, Lin};
    use crate::int::Predicate;

    fn case(body: Vec<Stmt>, accesses: Vec<(AccKind, Buf)>, vars: usize, sets: Vec<ArgSet>) -> BoundsCase {
        let pipeline_first = accesses.len() + 1;
        BoundsCase {
            id: 0,
            body,
            accesses,
            vars,
            arg_sets: sets,
            iw: 64,
            subviews: 0,
            pipeline_first,
            lower_affine: false,
            more_first: ClaimStart { access: pipeline_first, subview: 1 },
        }
    }

    fn set(a: usize, n: i64) -> ArgSet {
        ArgSet { a_len: a, b_len: 0, m_dims: (0, 0), n, m: 0 }
    }

    /// `for i = 0 to dim(A) + c { A[i] = ... }`.
    fn store_loop(c: i64, len: usize) -> BoundsCase {
        let acc = Access { id: 1, kind: AccKind::Store, buf: Buf::A, idx: vec![Ix::Var(0)] };
        let f = Stmt::For {
            kind: ForKind::Scf,
            var: 0,
            lb: Ix::Const(0),
            ub: Ix::Dim(Buf::A, 0).add_c(c),
            step: 1,
            body: vec![Stmt::Access(acc)],
        };
        case(vec![f], vec![(AccKind::Store, Buf::A)], 1, vec![set(len, 0)])
    }

    #[test]
    fn in_bounds_stores_change_the_hash_and_an_overrun_is_found() {
        let (a, b, m) = initial(&set(3, 0));
        assert_eq!(a, vec![1, 4, 7]);
        let untouched = hash(&a, &b, &m);
        // Stores of access 1 at index i write i + 1000.
        assert_eq!(simulate(&store_loop(0, 3), 0), SimOutcome::Done(hash(&[1000, 1001, 1002], &[], &[])));
        assert_ne!(simulate(&store_loop(0, 3), 0), SimOutcome::Done(untouched));
        assert_eq!(simulate(&store_loop(1, 3), 0), SimOutcome::Oob(1));
        assert_eq!(simulate(&store_loop(0, 0), 0), SimOutcome::Done(hash(&[], &[], &[])));
    }

    #[test]
    fn vector_footprints_and_signed_indices() {
        // vector.load of 4 at dim - 4 fits; at dim - 3 it does not; -1 never.
        for (off, ok) in [(-4, true), (-3, false)] {
            let acc = Access { id: 1, kind: AccKind::VLoad(4), buf: Buf::A, idx: vec![Ix::Dim(Buf::A, 0).add_c(off)] };
            let c = case(vec![Stmt::Access(acc)], vec![(AccKind::VLoad(4), Buf::A)], 0, vec![set(5, 0)]);
            assert_eq!(matches!(simulate(&c, 0), SimOutcome::Done(_)), ok);
        }
        let acc = Access { id: 1, kind: AccKind::Load, buf: Buf::A, idx: vec![Ix::Const(-1)] };
        let c = case(vec![Stmt::Access(acc)], vec![(AccKind::Load, Buf::A)], 0, vec![set(5, 0)]);
        assert_eq!(simulate(&c, 0), SimOutcome::Oob(1));
    }

    #[test]
    fn for_increment_overflow_is_undefined_and_long_loops_run_out_of_fuel() {
        let f = |lb: i64, step: i64| Stmt::For {
            kind: ForKind::Scf,
            var: 0,
            lb: Ix::Const(lb),
            ub: Ix::Arg(Scalar::N),
            step,
            body: Vec::new(),
        };
        let c = case(vec![f(i64::MAX - 1, 2)], Vec::new(), 1, vec![set(0, i64::MAX)]);
        assert_eq!(simulate(&c, 0), SimOutcome::Undefined);
        let c = case(vec![f(0, 1)], Vec::new(), 1, vec![set(0, i64::MAX)]);
        assert_eq!(simulate(&c, 0), SimOutcome::OutOfFuel);
    }

    #[test]
    fn exits_leave_their_own_loop() {
        // loom.loop from 0, exit when i >= 10, break when i >= dim(A): A[i].
        let acc = Access { id: 1, kind: AccKind::Load, buf: Buf::A, idx: vec![Ix::Var(0)] };
        let brk = Stmt::Exit {
            cond: Cond { pred: Predicate::Sge, a: Ix::Var(0), b: Ix::Dim(Buf::A, 0) },
            target: 0,
            cont: false,
            only_if: None,
        };
        let l = Stmt::Loop {
            var: 0,
            init: Ix::Const(0),
            exit: Cond { pred: Predicate::Sge, a: Ix::Var(0), b: Ix::Const(10) },
            step: 1,
            body: vec![brk, Stmt::Access(acc)],
        };
        let c = case(vec![l.clone()], vec![(AccKind::Load, Buf::A)], 1, vec![set(4, 0)]);
        assert!(matches!(simulate(&c, 0), SimOutcome::Done(_)));
        // Without the break the same loop overruns a buffer of 4.
        let Stmt::Loop { var, init, exit, step, body } = l else { unreachable!() };
        let l = Stmt::Loop { var, init, exit, step, body: body[1..].to_vec() };
        let c = case(vec![l.clone()], vec![(AccKind::Load, Buf::A)], 1, vec![set(4, 0)]);
        assert_eq!(simulate(&c, 0), SimOutcome::Oob(1));
        // A break that also needs %m < 1 does not happen for %m = 5.
        let Stmt::Loop { var, init, exit, step, body } = l else { unreachable!() };
        let only_if = Some(Cond { pred: Predicate::Slt, a: Ix::Arg(Scalar::M), b: Ix::Const(1) });
        let brk = Stmt::Exit {
            cond: Cond { pred: Predicate::Sge, a: Ix::Var(0), b: Ix::Dim(Buf::A, 0) },
            target: 0,
            cont: false,
            only_if,
        };
        let body = vec![brk, body[0].clone()];
        let l = Stmt::Loop { var, init, exit, step, body };
        let mut sets = vec![set(4, 0), set(4, 0)];
        sets[1].m = 5;
        let c = case(vec![l], vec![(AccKind::Load, Buf::A)], 1, sets);
        assert!(matches!(simulate(&c, 0), SimOutcome::Done(_)));
        assert_eq!(simulate(&c, 1), SimOutcome::Oob(1));
    }

    #[test]
    fn stores_through_a_view_land_in_its_base_and_an_output_buffer_is_not_hashed() {
        // %t = subview %A[1] [2] [1]; %t2 = subview %t[1] [1] [1]; %t2[0] = 0 + 1000.
        let sv = |k, view, src, off, size| Stmt::Subview {
            k,
            view,
            src,
            off: vec![Ix::Const(off)],
            size: vec![SvSize::Keep(Ix::Const(size))],
        };
        let (sv1, sv2) = (sv(1, Buf::T0, Buf::A, 1, 2), sv(2, Buf::T1, Buf::T0, 1, 1));
        let st = Stmt::Access(Access { id: 1, kind: AccKind::Store, buf: Buf::T1, idx: vec![Ix::Const(0)] });
        let c = case(vec![sv1, sv2, st], vec![(AccKind::Store, Buf::T1)], 0, vec![set(4, 0), set(2, 0)]);
        assert_eq!(simulate(&c, 0), SimOutcome::Done(hash(&[1, 4, 1000, 10], &[], &[])));
        // With %A of 2 the first subview does not fit.
        assert_eq!(simulate(&c, 1), SimOutcome::SubviewOob(1));
        // Stores into %O change nothing hashed; %O of dim(%A) - 3 < 0 cannot be allocated.
        let st = Stmt::Access(Access { id: 1, kind: AccKind::Store, buf: Buf::O, idx: vec![Ix::Const(0)] });
        let alloc = |d: i64| Stmt::Alloc { size: Ix::Dim(Buf::A, 0).add_c(d), dealloc: true, body: vec![st.clone()] };
        let (a, b, m) = initial(&set(4, 0));
        let c = case(vec![alloc(0)], vec![(AccKind::Store, Buf::O)], 0, vec![set(4, 0), set(0, 0)]);
        assert_eq!(simulate(&c, 0), SimOutcome::Done(hash(&a, &b, &m)));
        assert_eq!(simulate(&c, 1), SimOutcome::Oob(1));
        let c = case(vec![alloc(-3)], vec![(AccKind::Store, Buf::O)], 0, vec![set(2, 0)]);
        assert_eq!(simulate(&c, 0), SimOutcome::Undefined);
    }

    #[test]
    fn affine_for_bounds_are_the_max_and_min_of_their_results() {
        // affine.for %i = max(0, 2) to min(dim(A), 5) { A[%i] = .. }: stores at 2..min(len, 5).
        let m = |results: Vec<Lin>| AffMap { min: false, results, dims: Vec::new(), syms: vec![Ix::Dim(Buf::A, 0)] };
        let lb = m(vec![Lin::c(0), Lin::c(2)]);
        let ub = m(vec![Lin { c: 0, d: Vec::new(), s: vec![1] }, Lin::c(5)]);
        let st = Stmt::Access(Access { id: 1, kind: AccKind::AStore, buf: Buf::A, idx: vec![Ix::Var(0)] });
        let f = Stmt::AffineFor { var: 0, lb, ub, step: 1, body: vec![st] };
        let c = case(vec![f], vec![(AccKind::AStore, Buf::A)], 1, vec![set(4, 0), set(9, 0)]);
        assert_eq!(simulate(&c, 0), SimOutcome::Done(hash(&[1, 4, 1002, 1003], &[], &[])));
        let a: Vec<i32> = (0..9).map(|i| if (2..5).contains(&i) { 1000 + i } else { 3 * i + 1 }).collect();
        assert_eq!(simulate(&c, 1), SimOutcome::Done(hash(&a, &[], &[])));
    }

    #[test]
    fn views_of_m_in_two_dimensions_and_rows() {
        // %v = subview %M[1, 1] [2, 2]; %r = subview %v[1, 0] [1, 2] (a row);
        // %r[1] = 1 + 1000 lands at %M[2][2]; %v[0, 1] = 0 + 2000 at %M[1][2].
        let sv = |k, view, src, off: [i64; 2], size: Vec<SvSize>| Stmt::Subview {
            k,
            view,
            src,
            off: off.iter().map(|&o| Ix::Const(o)).collect(),
            size,
        };
        let two = || SvSize::Keep(Ix::Const(2));
        let body = vec![
            sv(1, Buf::V0, Buf::M, [1, 1], vec![two(), two()]),
            sv(2, Buf::Row, Buf::V0, [1, 0], vec![SvSize::Drop, two()]),
            Stmt::Access(Access { id: 1, kind: AccKind::Store, buf: Buf::Row, idx: vec![Ix::Const(1)] }),
            Stmt::Access(Access { id: 2, kind: AccKind::Store, buf: Buf::V0, idx: vec![Ix::Const(0), Ix::Const(1)] }),
        ];
        let m = |rows, cols| ArgSet { a_len: 0, b_len: 0, m_dims: (rows, cols), n: 0, m: 0 };
        let accesses = vec![(AccKind::Store, Buf::Row), (AccKind::Store, Buf::V0)];
        let c = case(body, accesses, 0, vec![m(3, 3), m(3, 2), m(2, 3)]);
        let (_, _, mut want) = initial(&m(3, 3));
        want[2 * 3 + 2] = 1001.0;
        want[3 + 2] = 2000.0;
        assert_eq!(simulate(&c, 0), SimOutcome::Done(hash(&[], &[], &want)));
        // Too narrow, too short: the first subview is outside %M.
        assert_eq!(simulate(&c, 1), SimOutcome::SubviewOob(1));
        assert_eq!(simulate(&c, 2), SimOutcome::SubviewOob(1));
    }

    #[test]
    fn affine_expressions_wrap_their_sums_and_their_products_are_nsw() {
        // affine.load %A[(%n + 1) floordiv 2 - %n floordiv 2]: 1 over the
        // integers for an odd %n, far below 0 where %n + 1 wraps.
        let n = Ix::Arg(Scalar::N);
        let e = n.clone().add_c(1).div(DivOp::FloorDiv, 2).minus(n.clone().div(DivOp::FloorDiv, 2));
        let acc = Access { id: 1, kind: AccKind::ALoad, buf: Buf::A, idx: vec![e] };
        let c = case(vec![Stmt::Access(acc)], vec![(AccKind::ALoad, Buf::A)], 0, vec![set(2, 7), set(2, i64::MAX)]);
        assert!(matches!(simulate(&c, 0), SimOutcome::Done(_)));
        assert_eq!(simulate(&c, 1), SimOutcome::Oob(1));
        // %n * 2 is muli overflow<nsw> once lowered: undefined for i64::MAX
        // (as an arith.muli index it wraps to -2).
        for (kind, want) in [(AccKind::ALoad, SimOutcome::Undefined), (AccKind::Load, SimOutcome::Oob(1))] {
            let acc = Access { id: 1, kind, buf: Buf::A, idx: vec![n.clone().times(2)] };
            let c = case(vec![Stmt::Access(acc)], vec![(kind, Buf::A)], 0, vec![set(2, i64::MAX)]);
            assert_eq!(simulate(&c, 0), want);
        }
    }

    #[test]
    fn nsw_overflow_makes_the_run_undefined() {
        let acc = Access { id: 1, kind: AccKind::Load, buf: Buf::A, idx: vec![Ix::Arg(Scalar::N).add_nsw(1)] };
        let c = case(vec![Stmt::Access(acc)], vec![(AccKind::Load, Buf::A)], 0, vec![set(2, i64::MAX), set(2, 0)]);
        assert_eq!(simulate(&c, 0), SimOutcome::Undefined);
        assert!(matches!(simulate(&c, 1), SimOutcome::Done(_)));
    }

    #[test]
    fn sentinel_loops_stop_at_the_key_or_run_off_the_end() {
        // %A = [1, 4, 7]: key 4 is found, key 5 is not.
        let sentinel = |guarded| {
            let probe = Access { id: 1, kind: AccKind::Load, buf: Buf::A, idx: vec![Ix::Var(0)] };
            let s = Stmt::Sentinel { var: 0, buf: Buf::A, guarded, probe, body: Vec::new() };
            case(vec![s], vec![(AccKind::Load, Buf::A)], 1, vec![set(3, 4), set(3, 5)])
        };
        assert!(matches!(simulate(&sentinel(false), 0), SimOutcome::Done(_)));
        assert_eq!(simulate(&sentinel(false), 1), SimOutcome::Oob(1));
        assert!(matches!(simulate(&sentinel(true), 1), SimOutcome::Done(_)));
    }
}
