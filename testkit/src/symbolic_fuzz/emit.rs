//! MLIR text of the symbolic fuzzer's cases.
//!
//! [`emit`] writes one function, plain (what `loom-report` analyses) or
//! instrumented (the same control flow plus stores into a record buffer:
//! no op with regions added, the loop's own values untouched, so the
//! executed loops are the analysed ones). [`plain_module`] wraps cases in
//! the module `loom-report` reads (the nested 32-bit module for nested
//! cases); [`exec_module`] is the executed one, with a `main` that runs
//! each argument set and prints its record.

use std::fmt::Write as _;

use crate::expr::ArgValue;
use crate::int::{mask, to_signed, Predicate};

use super::model::{ArithOp, CfForm, Flags, MinMaxOp, ParKind, Shape, SymCase, Val};
use super::slot;

struct Emitter<'a> {
    case: &'a SymCase,
    out: String,
    next: usize,
    indent: usize,
    instrument: bool,
}

impl Emitter<'_> {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }
    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }
    fn t(&self) -> String {
        self.case.ty.name()
    }
    fn konst(&mut self, bits: u128) -> String {
        let v = self.fresh();
        let t = self.t();
        self.line(&format!("{v} = arith.constant {} : {t}", to_signed(bits, self.case.ty.width)));
        v
    }
    fn index_const(&mut self, x: u64) -> String {
        let v = self.fresh();
        self.line(&format!("{v} = arith.constant {} : index", x as i64));
        v
    }
    fn i64_const(&mut self, x: u64) -> String {
        let v = self.fresh();
        self.line(&format!("{v} = arith.constant {} : i64", x as i64));
        v
    }
    /// The counter of loop `l` in its body (induction variable `k` of a
    /// parallel loop).
    fn counter_name(&self, l: usize, k: usize) -> String {
        match self.case.loops[l].shape {
            Shape::ScfFor { .. } | Shape::LoomFor => format!("%iv{l}"),
            Shape::While | Shape::DoWhile => format!("%y{l}"),
            Shape::LoomLoop { .. } => format!("%x{l}"),
            Shape::Parallel { .. } => format!("%p{l}_{k}"),
        }
    }
    fn val(&mut self, v: &Val) -> String {
        let ty = self.case.ty;
        let t = self.t();
        match v {
            Val::Arg(n) => format!("%arg{n}"),
            Val::Cast { arg, signed } => {
                let from = self.case.args[*arg].type_name();
                let op = match (ty.index, signed) {
                    (true, true) => "index_cast",
                    (true, false) => "index_castui",
                    (false, true) => "extsi",
                    (false, false) => "extui",
                };
                let x = self.fresh();
                self.line(&format!("{x} = arith.{op} %arg{arg} : {from} to {t}"));
                x
            }
            Val::Dim { arg, k } => {
                let kk = self.index_const(*k as u64);
                let d = self.fresh();
                let mt = self.case.args[*arg].type_name();
                self.line(&format!("{d} = memref.dim %arg{arg}, {kk} : {mt}"));
                if ty.index {
                    return d;
                }
                let x = self.fresh();
                self.line(&format!("{x} = arith.index_cast {d} : index to {t}"));
                x
            }
            Val::Const(c) => self.konst(*c),
            Val::Outer(l, k) => self.counter_name(*l, *k),
            Val::Arith { op, a, c, flags, const_left } => {
                let x = self.val(a);
                let k = self.konst(*c);
                let (p, q) = if *const_left { (k, x) } else { (x, k) };
                let name = match op {
                    ArithOp::Add => "addi",
                    ArithOp::Sub => "subi",
                    ArithOp::Mul => "muli",
                };
                let f = match flags {
                    Flags::None => "",
                    Flags::Nsw => " overflow<nsw>",
                    Flags::Nuw => " overflow<nuw>",
                };
                let v = self.fresh();
                self.line(&format!("{v} = arith.{name} {p}, {q}{f} : {t}"));
                v
            }
            Val::MinMax { op, a, b } => {
                let x = self.val(a);
                let y = self.val(b);
                let name = match op {
                    MinMaxOp::MinS => "minsi",
                    MinMaxOp::MaxS => "maxsi",
                    MinMaxOp::MinU => "minui",
                    MinMaxOp::MaxU => "maxui",
                };
                let v = self.fresh();
                self.line(&format!("{v} = arith.{name} {x}, {y} : {t}"));
                v
            }
            Val::AffineMin { c, n, iv } => {
                let (x, y) = (self.val(iv), self.val(n));
                let v = self.fresh();
                let c = to_signed(*c, ty.width);
                self.line(&format!("{v} = affine.min affine_map<(d0)[s0] -> ({c}, s0 - d0)>({x})[{y}]"));
                v
            }
        }
    }
    /// `v` as an expression of `affine.parallel`'s bound syntax (see
    /// `generate_parallel::affine_expressible`): enclosing affine induction
    /// variables and `memref.dim` values emitted here as dims, `%argN` as
    /// symbols.
    fn affine_expr(&mut self, v: &Val, top: Option<MinMaxOp>) -> String {
        let w = self.case.ty.width;
        match v {
            Val::Const(c) => to_signed(*c, w).to_string(),
            Val::Arg(n) => format!("symbol(%arg{n})"),
            Val::Outer(l, k) => self.counter_name(*l, *k),
            Val::Dim { .. } => self.val(v),
            Val::Arith { op, a, c, const_left, .. } => {
                let x = self.affine_expr(a, None);
                let c = to_signed(*c, w);
                match (op, const_left) {
                    (ArithOp::Add, _) => format!("({x}) + ({c})"),
                    (ArithOp::Sub, false) => format!("({x}) - ({c})"),
                    (ArithOp::Sub, true) => format!("({c}) - ({x})"),
                    (ArithOp::Mul, _) => format!("({x}) * ({c})"),
                }
            }
            Val::MinMax { op, a, b } => {
                let name = if *op == MinMaxOp::MinS { "min" } else { "max" };
                format!("{name}({}, {})", self.affine_expr(a, None), self.affine_expr(b, None))
            }
            Val::AffineMin { c, n, iv } => {
                let (n, iv) = (self.affine_expr(n, None), self.affine_expr(iv, None));
                format!("min({}, ({n}) - ({iv}))", to_signed(*c, w))
            }
            Val::Cast { .. } => panic!("{v:?} has no affine form (see affine_expressible), top {top:?}"),
        }
    }
    /// `x + step` in the counter type.
    fn step_add(&mut self, l: usize, x: &str) -> String {
        let d = &self.case.loops[l];
        let w = self.case.ty.width;
        let (step, sub) = (d.step, d.sub_step && to_signed(d.step, w) < 0);
        let t = self.t();
        let v;
        if sub {
            let k = self.konst(step.wrapping_neg() & mask(w));
            v = self.fresh();
            self.line(&format!("{v} = arith.subi {x}, {k} : {t}"));
        } else {
            let k = self.konst(step);
            v = self.fresh();
            self.line(&format!("{v} = arith.addi {x}, {k} : {t}"));
        }
        v
    }
    fn cmp(&mut self, pred: Predicate, counter: &str, bound: &str, counter_lhs: bool) -> String {
        let v = self.fresh();
        let t = self.t();
        let (a, b) = if counter_lhs { (counter, bound) } else { (bound, counter) };
        self.line(&format!("{v} = arith.cmpi {}, {a}, {b} : {t}", pred.name()));
        v
    }

    // -- instrumentation (record %rec : memref<?xi64>) ---------------------
    fn slot_index(&mut self, l: usize, s: usize) -> String {
        self.index_const((slot::PER_LOOP * l + s) as u64)
    }
    fn load(&mut self, l: usize, s: usize) -> String {
        let i = self.slot_index(l, s);
        let v = self.fresh();
        self.line(&format!("{v} = memref.load %rec[{i}] : memref<?xi64>"));
        v
    }
    fn store(&mut self, l: usize, s: usize, v: &str) {
        let i = self.slot_index(l, s);
        self.line(&format!("memref.store {v}, %rec[{i}] : memref<?xi64>"));
    }
    fn update(&mut self, l: usize, s: usize, op: &str, v: &str) {
        let o = self.load(l, s);
        let n = self.fresh();
        self.line(&format!("{n} = arith.{op} {o}, {v} : i64"));
        self.store(l, s, &n);
    }
    fn bump(&mut self, l: usize, s: usize) {
        let one = self.i64_const(1);
        self.update(l, s, "addi", &one);
    }
    fn widen(&mut self, v: &str, signed: bool) -> String {
        let ty = self.case.ty;
        if ty.width == 64 && !ty.index {
            return v.to_string();
        }
        let x = self.fresh();
        if ty.index && ty.width == 32 {
            // Width-exact: an index_cast(ui) of an index constant to i64
            // may be folded at 64 bits before the lowering makes index 32
            // bits wide; a cast to i32 is exact at either width.
            let y = self.fresh();
            self.line(&format!("{y} = arith.index_cast {v} : index to i32"));
            let ext = if signed { "extsi" } else { "extui" };
            self.line(&format!("{x} = arith.{ext} {y} : i32 to i64"));
            return x;
        }
        let op = match (ty.index, signed) {
            (true, true) => "index_cast",
            (true, false) => "index_castui",
            (false, true) => "extsi",
            (false, false) => "extui",
        };
        self.line(&format!("{x} = arith.{op} {v} : {} to i64", self.t()));
        x
    }
    /// [`Self::update`] with `x` when `when` holds (`neutral`, which
    /// leaves the slot as it is, otherwise).
    fn update_when(&mut self, l: usize, s: usize, op: &str, x: &str, when: Option<&str>, neutral: u64) {
        let x = match when {
            Some(c) => {
                let n = self.i64_const(neutral);
                let y = self.fresh();
                self.line(&format!("{y} = arith.select {c}, {x}, {n} : i64"));
                y
            }
            None => x.to_string(),
        };
        self.update(l, s, op, &x);
    }
    /// The signed min of the group at `base` with `lo` and its max with
    /// `hi` (a parallel dimension's groups: see `Sim::run_parallel`).
    fn observe2(&mut self, l: usize, base: usize, lo: &str, hi: &str, when: Option<&str>) {
        self.update_when(l, base, "minsi", lo, when, i64::MAX as u64);
        self.update_when(l, base + 1, "maxsi", hi, when, i64::MIN as u64);
    }
    fn observe4(&mut self, l: usize, base: usize, sv: &str, uv: &str, when: Option<&str>) {
        self.observe2(l, base, sv, sv, when);
        self.update_when(l, base + 2, "minui", uv, when, u64::MAX);
        self.update_when(l, base + 3, "maxui", uv, when, 0);
    }
    /// Before a parallel op (see `Sim::run_parallel`): each dimension's
    /// runtime bounds (`parts`' SSA values) and the record of its scf.for
    /// in the nest, entered `e` times in this entry of the op (the product
    /// of the counts before it; `entered`: whether non-zero), each time
    /// from lb to `last` = lb + count * step. The count is
    /// `(ub - lb - 1) udiv step + 1` when lb < ub: the difference may
    /// exceed i64's signed range, never its unsigned one.
    fn dims_prologue(&mut self, blocks: &[usize], parts: &[[(String, String); 3]]) {
        let z = self.i64_const(0);
        let one = self.i64_const(1);
        let mut e = one.clone();
        let mut entered: Option<String> = None;
        for (&b, part) in blocks.iter().zip(parts) {
            let mut v = Vec::new();
            for (j, s) in [slot::DIM_LB, slot::DIM_UB, slot::DIM_STEP].into_iter().enumerate() {
                let x = self.widen(&part[j].1, true);
                self.store(b, s, &x);
                v.push(x);
            }
            let [lb, ub, st] = [&v[0], &v[1], &v[2]];
            let op = |e: &mut Self, text: String| {
                let x = e.fresh();
                e.line(&format!("{x} = {text}"));
                x
            };
            let lt = op(self, format!("arith.cmpi slt, {lb}, {ub} : i64"));
            let diff = op(self, format!("arith.subi {ub}, {lb} : i64"));
            let dm = op(self, format!("arith.subi {diff}, {one} : i64"));
            let q = op(self, format!("arith.divui {dm}, {st} : i64"));
            let q1 = op(self, format!("arith.addi {q}, {one} : i64"));
            let cnt = op(self, format!("arith.select {lt}, {q1}, {z} : i64"));
            let span = op(self, format!("arith.muli {cnt}, {st} : i64"));
            let last = op(self, format!("arith.addi {lb}, {span} : i64"));
            let before_last = op(self, format!("arith.subi {last}, {st} : i64"));
            self.update(b, slot::ENTRIES, "addi", &e);
            let tb = op(self, format!("arith.muli {e}, {cnt} : i64"));
            self.update(b, slot::TOT_BODY, "addi", &tb);
            let when = entered.as_deref();
            self.update_when(b, slot::EB_MIN, "minui", &cnt, when, u64::MAX);
            self.update_when(b, slot::EB_MAX, "maxui", &cnt, when, 0);
            self.observe2(b, slot::COND, lb, &last, when);
            self.observe2(b, slot::EXIT, &last, &last, when);
            let pos = op(self, format!("arith.cmpi sgt, {cnt}, {z} : i64"));
            let runs = match when {
                Some(w) => op(self, format!("arith.andi {w}, {pos} : i1")),
                None => pos,
            };
            self.observe2(b, slot::BODY, lb, &before_last, Some(&runs));
            e = op(self, format!("arith.muli {e}, {cnt} : i64"));
            entered = Some(runs);
        }
    }
    fn cond_obs(&mut self, l: usize, v: &str) {
        if !self.instrument {
            return;
        }
        self.bump(l, slot::CUR_COND);
        self.bump(l, slot::TOT_COND);
        let sv = self.widen(v, true);
        let uv = self.widen(v, false);
        self.observe4(l, slot::COND, &sv, &uv, None);
        self.store(l, slot::LAST_S, &sv);
        self.store(l, slot::LAST_U, &uv);
    }
    fn body_obs(&mut self, l: usize, v: &str) {
        if !self.instrument {
            return;
        }
        self.bump(l, slot::CUR_BODY);
        self.bump(l, slot::TOT_BODY);
        let sv = self.widen(v, true);
        let uv = self.widen(v, false);
        self.observe4(l, slot::BODY, &sv, &uv, None);
    }
    fn prologue(&mut self, l: usize) {
        self.bump(l, slot::ENTRIES);
        let z = self.i64_const(0);
        for s in [slot::CUR_COND, slot::CUR_BODY, slot::BROKE_CUR] {
            self.store(l, s, &z);
        }
    }
    fn epilogue(&mut self, l: usize) {
        let cc = self.load(l, slot::CUR_COND);
        self.update(l, slot::EC_MIN, "minui", &cc);
        self.update(l, slot::EC_MAX, "maxui", &cc);
        let bc = self.load(l, slot::CUR_BODY);
        self.update(l, slot::EB_MIN, "minui", &bc);
        self.update(l, slot::EB_MAX, "maxui", &bc);
        let b = self.load(l, slot::BROKE_CUR);
        let z = self.i64_const(0);
        let normal = self.fresh();
        self.line(&format!("{normal} = arith.cmpi eq, {b}, {z} : i64"));
        let ls = self.load(l, slot::LAST_S);
        let lu = self.load(l, slot::LAST_U);
        self.observe4(l, slot::EXIT, &ls, &lu, Some(&normal));
        let one = self.i64_const(1);
        let nb = self.fresh();
        self.line(&format!("{nb} = arith.xori {b}, {one} : i64"));
        self.update(l, slot::NORMAL, "addi", &nb);
        self.update(l, slot::BROKE, "maxui", &b);
    }

    fn children(&mut self, parent: Option<usize>) {
        for l in self.case.children(parent) {
            self.emit_loop(l);
        }
    }

    /// A parallel loop: bounds before the op (with instrumentation, their
    /// values stored in the dimensions' blocks), the body's observations,
    /// the children, the terminator.
    fn emit_parallel(&mut self, l: usize, kind: ParKind) {
        let d = self.case.loops[l].clone();
        let case = self.case;
        let w = case.ty.width;
        let lit = |v: &Val| match v {
            Val::Const(c) => to_signed(*c, w).to_string(),
            other => panic!("a static part that is not a constant: {other:?}"),
        };
        // An affine.parallel nested in another one writes its bounds as
        // affine expressions (values defined in the outer body are not valid
        // affine symbols); at the top level, as values (valid symbols).
        let affine_text = kind == ParKind::AffineParallel && d.parent.is_some();
        // Each part: its text in the op and (instrumented) its SSA value.
        let mut parts: Vec<[(String, String); 3]> = Vec::new();
        for dim in &d.dims {
            let one = |v: &Val, is_static: bool, top: Option<MinMaxOp>, e: &mut Self| -> (String, String) {
                if is_static || affine_text {
                    let text = if is_static { lit(v) } else { e.affine_expr(v, top) };
                    let ssa = if e.instrument { e.val(v) } else { String::new() };
                    (text, ssa)
                } else {
                    let x = e.val(v);
                    (x.clone(), x)
                }
            };
            let lb = one(&dim.lb, dim.static_lb, Some(MinMaxOp::MaxS), self);
            let ub = one(&dim.ub, dim.static_ub, Some(MinMaxOp::MinS), self);
            let st = one(&dim.step, dim.static_step, None, self);
            parts.push([lb, ub, st]);
        }
        let blocks: Vec<usize> = (0..d.dims.len()).map(|k| case.dim_block(l, k)).collect();
        if self.instrument {
            self.bump(l, slot::ENTRIES);
            let z = self.i64_const(0);
            self.store(l, slot::CUR_BODY, &z);
            self.dims_prologue(&blocks, &parts);
        }
        let ivs: Vec<String> = (0..d.dims.len()).map(|k| format!("%p{l}_{k}")).collect();
        let list = |j: usize| parts.iter().map(|p| p[j].0.clone()).collect::<Vec<_>>().join(", ");
        let head = match kind {
            ParKind::Parallel => {
                format!("scf.parallel ({}) = ({}) to ({}) step ({}) {{", ivs.join(", "), list(0), list(1), list(2))
            }
            ParKind::ForallIn => format!("scf.forall ({}) in ({}) {{", ivs.join(", "), list(1)),
            ParKind::ForallRange => {
                format!("scf.forall ({}) = ({}) to ({}) step ({}) {{", ivs.join(", "), list(0), list(1), list(2))
            }
            ParKind::AffineParallel => {
                format!("affine.parallel ({}) = ({}) to ({}) step ({}) {{", ivs.join(", "), list(0), list(1), list(2))
            }
        };
        self.line(&head);
        self.indent += 1;
        if self.instrument {
            self.bump(l, slot::CUR_BODY);
            self.bump(l, slot::TOT_BODY);
            let n = ivs.len();
            let mut at_lb = Vec::new();
            for k in 0..n {
                let e = self.fresh();
                self.line(&format!("{e} = arith.cmpi eq, {}, {} : index", ivs[k], parts[k][0].1));
                at_lb.push(e);
            }
            for (k, &b) in blocks.iter().enumerate() {
                let sv = self.widen(&ivs[k], true);
                self.observe2(b, slot::OBS, &sv, &sv, None);
                let others: Vec<&String> = (0..n).filter(|&j| j != k).map(|j| &at_lb[j]).collect();
                let inc = match others.split_first() {
                    None => self.i64_const(1),
                    Some((first, rest)) => {
                        let mut acc = (*first).clone();
                        for o in rest {
                            let x = self.fresh();
                            self.line(&format!("{x} = arith.andi {acc}, {o} : i1"));
                            acc = x;
                        }
                        let x = self.fresh();
                        self.line(&format!("{x} = arith.extui {acc} : i1 to i64"));
                        x
                    }
                };
                self.update(b, slot::SEEN, "addi", &inc);
            }
        }
        self.children(Some(l));
        if kind == ParKind::Parallel {
            self.line("scf.reduce");
        }
        self.indent -= 1;
        self.line("}");
        if self.instrument {
            let bc = self.load(l, slot::CUR_BODY);
            self.update(l, slot::EB_MIN, "minui", &bc);
            self.update(l, slot::EB_MAX, "maxui", &bc);
        }
    }

    fn emit_loop(&mut self, l: usize) {
        let d = self.case.loops[l].clone();
        if let Shape::Parallel { kind } = d.shape {
            self.emit_parallel(l, kind);
            return;
        }
        let ty = self.case.ty;
        let t = self.t();
        let init = self.val(&d.init);
        let bound = self.val(&d.bound);
        let brk = d.brk.as_ref().map(|b| self.val(b));
        if self.instrument {
            self.prologue(l);
        }
        let suffix = if ty.index { String::new() } else { format!(" : {t}") };
        match d.shape {
            Shape::ScfFor { .. } | Shape::LoomFor => {
                let st = self.konst(d.step);
                self.cond_obs(l, &init);
                let iv = format!("%iv{l}");
                if let Shape::ScfFor { unsigned } = d.shape {
                    let u = if unsigned { "unsigned " } else { "" };
                    self.line(&format!("scf.for {u}{iv} = {init} to {bound} step {st}{suffix} {{"));
                } else {
                    self.line(&format!("loom.for {iv} = {init} to {bound} step {st} token(%tok{l}){suffix} {{"));
                }
                self.indent += 1;
                self.body_obs(l, &iv);
                if let Some(b) = brk {
                    let e = self.fresh();
                    self.line(&format!("{e} = arith.cmpi eq, {iv}, {b} : {t}"));
                    if self.instrument {
                        let e64 = self.fresh();
                        self.line(&format!("{e64} = arith.extui {e} : i1 to i64"));
                        self.store(l, slot::BROKE_CUR, &e64);
                    }
                    self.line(&format!("loom.if {e} {{ loom.break %tok{l} }}"));
                }
                self.children(Some(l));
                if self.instrument {
                    let n = self.fresh();
                    self.line(&format!("{n} = arith.addi {iv}, {st} : {t}"));
                    self.cond_obs(l, &n);
                }
                if d.shape == Shape::LoomFor {
                    self.line("loom.yield");
                }
                self.indent -= 1;
                self.line("}");
            }
            Shape::While | Shape::DoWhile => {
                let x = format!("%x{l}");
                let y = format!("%y{l}");
                let dowhile = d.shape == Shape::DoWhile;
                let res = if dowhile { format!("%w{l}:2") } else { format!("%w{l}") };
                let results = if dowhile { format!("({t}, {t})") } else { t.clone() };
                self.line(&format!("{res} = scf.while ({x} = {init}) : ({t}) -> {results} {{"));
                self.indent += 1;
                self.cond_obs(l, &x);
                if dowhile {
                    let nx = self.step_add(l, &x);
                    let c = self.cmp(d.pred, &nx, &bound, d.counter_lhs);
                    self.line(&format!("scf.condition({c}) {x}, {nx} : {t}, {t}"));
                } else {
                    let c = self.cmp(d.pred, &x, &bound, d.counter_lhs);
                    self.line(&format!("scf.condition({c}) {x} : {t}"));
                }
                self.indent -= 1;
                self.line("} do {");
                if dowhile {
                    self.line(&format!("^bb0({y}: {t}, %z{l}: {t}):"));
                } else {
                    self.line(&format!("^bb0({y}: {t}):"));
                }
                self.indent += 1;
                self.body_obs(l, &y);
                self.children(Some(l));
                if dowhile {
                    self.line(&format!("scf.yield %z{l} : {t}"));
                } else {
                    let n = self.step_add(l, &y);
                    self.line(&format!("scf.yield {n} : {t}"));
                }
                self.indent -= 1;
                self.line("}");
            }
            Shape::LoomLoop { guard } => {
                let x = format!("%x{l}");
                self.line(&format!("%w{l} = loom.loop token(%tok{l}) iter_args({x} = {init}) : ({t}) -> ({t}) {{"));
                self.indent += 1;
                self.cond_obs(l, &x);
                let brk = format!("loom.break %tok{l}, {x} : {t}");
                if guard == 1 {
                    let c = self.cmp(d.pred, &x, &bound, d.counter_lhs);
                    self.line(&format!("loom.if {c} {{ loom.yield }} else {{ {brk} }}"));
                } else {
                    let c = self.cmp(d.pred.negate(), &x, &bound, d.counter_lhs);
                    self.line(&format!("loom.if {c} {{ {brk} }}"));
                }
                self.body_obs(l, &x);
                self.children(Some(l));
                let n = self.step_add(l, &x);
                self.line(&format!("loom.continue %tok{l}, {n} : {t}"));
                self.indent -= 1;
                self.line("}");
            }
            Shape::Parallel { .. } => unreachable!("emit_parallel"),
        }
        if self.instrument {
            self.epilogue(l);
        }
    }

    fn function(&mut self) {
        let c = self.case;
        let mut params: Vec<String> =
            c.args.iter().enumerate().map(|(i, a)| format!("%arg{i}: {}", a.type_name())).collect();
        if self.instrument {
            params.push("%rec: memref<?xi64>".into());
        }
        self.line(&format!("func.func @{}({}) {{", c.name(), params.join(", ")));
        self.indent += 1;
        match c.cf {
            None => self.children(None),
            Some((CfForm::Cond, n)) => {
                self.line(&format!("%cf_go = arith.constant {}", if n > 0 { "true" } else { "false" }));
                self.line("cf.cond_br %cf_go, ^cf_body, ^cf_exit");
                self.line("^cf_body:");
                self.children(None);
                self.line("cf.br ^cf_exit");
                self.line("^cf_exit:");
            }
            Some((form, n)) => {
                self.line("%cf_zero = arith.constant 0 : index");
                self.line("%cf_one = arith.constant 1 : index");
                self.line(&format!("%cf_n = arith.constant {n} : index"));
                if form == CfForm::ExecRegion {
                    self.line("scf.execute_region {");
                    self.indent += 1;
                }
                self.line("cf.br ^cf_head(%cf_zero : index)");
                self.line("^cf_head(%cf_t: index):");
                self.line("%cf_more = arith.cmpi slt, %cf_t, %cf_n : index");
                self.line("cf.cond_br %cf_more, ^cf_body, ^cf_exit");
                self.line("^cf_body:");
                self.children(None);
                self.line("%cf_next = arith.addi %cf_t, %cf_one : index");
                self.line("cf.br ^cf_head(%cf_next : index)");
                self.line("^cf_exit:");
                if form == CfForm::ExecRegion {
                    self.line("scf.yield");
                    self.indent -= 1;
                    self.line("}");
                }
            }
        }
        self.line("return");
        self.indent -= 1;
        self.line("}");
    }
}

/// The function of `case`: plain (analysed) or instrumented (executed; one
/// more argument, the record).
pub fn emit(case: &SymCase, instrument: bool) -> String {
    let mut e = Emitter { case, out: String::new(), next: 0, indent: 0, instrument };
    e.function();
    e.out
}

/// A module of plain functions, for `loom-report`.
pub fn plain_module(cases: &[SymCase]) -> String {
    // The nested 32-bit cases in one nested module (a `gpu.module` when the
    // first case's seed is odd): MLIR 22's verifier crashes on two nested
    // modules with identical DLTI specs.
    let nested: Vec<&SymCase> = cases.iter().filter(|c| c.nested).collect();
    let gpu = cases.first().is_some_and(|c| c.id % 2 == 1) && !nested.is_empty();
    let mut s = String::from(if gpu { "module attributes {gpu.container_module} {\n" } else { "module {\n" });
    for c in cases.iter().filter(|c| !c.nested) {
        s.push_str(&emit(c, false));
    }
    if !nested.is_empty() {
        let op = if gpu { "gpu.module" } else { "module" };
        s.push_str(&format!("{op} @dev32 attributes {{dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>}} {{\n"));
        for c in nested {
            s.push_str(&emit(c, false));
        }
        s.push_str("}\n");
    }
    s.push_str("}\n");
    s
}

const RUNTIME_HELPERS: &str = r#"func.func private @printU64(i64)
func.func private @printNewline()
func.func @rec_init(%r: memref<?xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %per = arith.constant PER : index
  %zero = arith.constant 0 : i64
  %umax = arith.constant -1 : i64
  %smax = arith.constant 9223372036854775807 : i64
  %smin = arith.constant -9223372036854775808 : i64
  scf.for %l = %c0 to %n step %c1 {
    %b = arith.muli %l, %per : index
    scf.for %s = %c0 to %per step %c1 {
      %i = arith.addi %b, %s : index
      memref.store %zero, %r[%i] : memref<?xi64>
    }
    %ec = arith.constant EC_MIN : index
    %eb = arith.constant EB_MIN : index
    %i1 = arith.addi %b, %ec : index
    %i2 = arith.addi %b, %eb : index
    memref.store %umax, %r[%i1] : memref<?xi64>
    memref.store %umax, %r[%i2] : memref<?xi64>
    %bases = arith.constant STATS : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %first = arith.constant COND : index
    %stop = arith.addi %first, %bases : index
    scf.for %k = %first to %stop step %c4 {
      %j0 = arith.addi %b, %k : index
      %j1 = arith.addi %j0, %c1 : index
      %c2 = arith.constant 2 : index
      %j2 = arith.addi %j0, %c2 : index
      memref.store %smax, %r[%j0] : memref<?xi64>
      memref.store %smin, %r[%j1] : memref<?xi64>
      memref.store %umax, %r[%j2] : memref<?xi64>
    }
  }
  return
}
func.func @rec_print(%r: memref<?xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %j = %c0 to %n step %c1 {
    %e = memref.load %r[%j] : memref<?xi64>
    func.call @printU64(%e) : (i64) -> ()
    func.call @printNewline() : () -> ()
  }
  return
}
"#;

/// A module of instrumented functions and a `@main` that runs each
/// `(case, argument set)` with a fresh record and prints the record, one
/// number per line.
pub fn exec_module(runs: &[(&SymCase, usize)]) -> String {
    let mut s = RUNTIME_HELPERS
        .replace("PER", &slot::PER_LOOP.to_string())
        .replace("EC_MIN", &slot::EC_MIN.to_string())
        .replace("EB_MIN", &slot::EB_MIN.to_string())
        .replace("STATS", &(4 * slot::STATS.len()).to_string())
        .replace("COND", &slot::COND.to_string());
    let mut emitted = std::collections::HashSet::new();
    for (c, _) in runs {
        if emitted.insert(c.id) {
            s.push_str(&emit(c, true));
        }
    }
    s.push_str("func.func @main() {\n");
    for (n, (c, set)) in runs.iter().enumerate() {
        let len = c.slots();
        let _ = writeln!(s, "  %len{n} = arith.constant {len} : index");
        let _ = writeln!(s, "  %nl{n} = arith.constant {} : index", c.blocks());
        let _ = writeln!(s, "  %rec{n} = memref.alloc(%len{n}) : memref<?xi64>");
        let _ = writeln!(s, "  func.call @rec_init(%rec{n}, %nl{n}) : (memref<?xi64>, index) -> ()");
        let mut operands = Vec::new();
        let mut types = Vec::new();
        let mut buffers = Vec::new();
        for (i, (a, v)) in c.args.iter().zip(&c.arg_sets[*set]).enumerate() {
            let name = format!("%a{n}_{i}");
            match v {
                ArgValue::Scalar { bits, width } => {
                    let _ = writeln!(s, "  {name} = arith.constant {} : {}", to_signed(*bits, *width), a.type_name());
                }
                ArgValue::Buffer { dims } => {
                    let mut ds = Vec::new();
                    for (k, d) in dims.iter().enumerate() {
                        let _ = writeln!(s, "  %d{n}_{i}_{k} = arith.constant {d} : index");
                        ds.push(format!("%d{n}_{i}_{k}"));
                    }
                    let _ = writeln!(s, "  {name} = memref.alloc({}) : {}", ds.join(", "), a.type_name());
                    buffers.push((name.clone(), a.type_name()));
                }
            }
            operands.push(name);
            types.push(a.type_name());
        }
        operands.push(format!("%rec{n}"));
        types.push("memref<?xi64>".into());
        let _ = writeln!(s, "  func.call @{}({}) : ({}) -> ()", c.name(), operands.join(", "), types.join(", "));
        let _ = writeln!(s, "  func.call @rec_print(%rec{n}, %len{n}) : (memref<?xi64>, index) -> ()");
        for (b, t) in buffers {
            let _ = writeln!(s, "  memref.dealloc {b} : {t}");
        }
        let _ = writeln!(s, "  memref.dealloc %rec{n} : memref<?xi64>");
    }
    s.push_str("  return\n}\n");
    s
}
