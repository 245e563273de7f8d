//! MLIR text of the constant facts fuzzer's cases.
//!
//! One description, two functions: *plain* (the loop and its accesses as
//! written, which `loom-report` analyses) and *instrumented* (the same
//! control flow plus stores into a record array; each access replaced by a
//! bounds check that counts violations). Instrumentation adds no op with
//! regions and never touches the loop's own values, so the executed loop is
//! the analysed one. [`module_text`] puts functions in the root module or
//! a nested module of the other index width; [`exec_module`] is the
//! executed module.

use crate::int::{mask, to_signed, Predicate};

use super::model::{AccessOp, AddForm, Case, Expr, Kind, OuterForm, Place, Ty};
use super::simulate::{initial_record, slots};
use super::SLOTS_PER_ARG;

struct Emitter<'a> {
    case: &'a Case,
    out: String,
    next: usize,
    instrument: bool,
    indent: usize,
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
    fn constant(&mut self, bits: u128, ty: Ty) -> String {
        let v = self.fresh();
        if ty.width == 1 && !ty.index {
            self.line(&format!("{v} = arith.constant {}", if bits & 1 == 1 { "true" } else { "false" }));
        } else {
            self.line(&format!("{v} = arith.constant {} : {}", to_signed(bits, ty.width), ty.name()));
        }
        v
    }
    fn index_const(&mut self, bits: u128) -> String {
        let v = self.fresh();
        self.line(&format!("{v} = arith.constant {} : index", bits as u64 as i64));
        v
    }
    fn i64_const(&mut self, x: u64) -> String {
        let v = self.fresh();
        self.line(&format!("{v} = arith.constant {} : i64", x as i64));
        v
    }
    /// `x + c` in the case's type.
    fn add(&mut self, x: &str, c: u128, form: AddForm) -> String {
        let ty = self.case.ty;
        let w = ty.width;
        let t = ty.name();
        match form {
            AddForm::Same if c == 0 => x.to_string(),
            AddForm::AddL => {
                let k = self.constant(c, ty);
                let v = self.fresh();
                self.line(&format!("{v} = arith.addi {k}, {x} : {t}"));
                v
            }
            AddForm::Sub => {
                let k = self.constant(c.wrapping_neg() & mask(w), ty);
                let v = self.fresh();
                self.line(&format!("{v} = arith.subi {x}, {k} : {t}"));
                v
            }
            AddForm::IndexAdd | AddForm::IndexSub if ty.index => {
                let sub = matches!(form, AddForm::IndexSub);
                let bits = if sub { c.wrapping_neg() & mask(w) } else { c };
                let k = self.fresh();
                self.line(&format!("{k} = index.constant {}", to_signed(bits, w)));
                let v = self.fresh();
                self.line(&format!("{v} = index.{} {x}, {k}", if sub { "sub" } else { "add" }));
                v
            }
            AddForm::CastConst if w > 8 && (-128..=127).contains(&to_signed(c, w)) => {
                let k8 = self.fresh();
                self.line(&format!("{k8} = arith.constant {} : i8", to_signed(c, w)));
                let k = self.fresh();
                if ty.index {
                    self.line(&format!("{k} = arith.index_cast {k8} : i8 to index"));
                } else {
                    self.line(&format!("{k} = arith.extsi {k8} : i8 to {t}"));
                }
                let v = self.fresh();
                self.line(&format!("{v} = arith.addi {x}, {k} : {t}"));
                v
            }
            AddForm::Chain(c1) => {
                let y = self.add(x, c1, AddForm::AddR);
                self.add(&y, c.wrapping_sub(c1) & mask(w), AddForm::AddR)
            }
            _ => {
                let k = self.constant(c, ty);
                let v = self.fresh();
                self.line(&format!("{v} = arith.addi {x}, {k} : {t}"));
                v
            }
        }
    }
    fn expr(&mut self, e: &Expr, vals: &[String]) -> String {
        match e {
            Expr::Add { src, c, form } => self.add(&vals[*src], *c, *form),
            Expr::Const(c) => self.constant(*c, self.case.ty),
            Expr::Select { src, k, c1, c2 } => {
                let kk = self.constant(*k, self.case.ty);
                let p = self.fresh();
                self.line(&format!("{p} = arith.cmpi slt, {}, {kk} : {}", vals[*src], self.case.ty.name()));
                let a = self.add(&vals[*src], *c1, AddForm::AddR);
                let b = self.add(&vals[*src], *c2, AddForm::AddR);
                let v = self.fresh();
                self.line(&format!("{v} = arith.select {p}, {a}, {b} : {}", self.case.ty.name()));
                v
            }
        }
    }
    fn cmp(&mut self, pred: Predicate, a: &str, b: &str, ty: Ty, allow_index: bool) -> String {
        let v = self.fresh();
        if ty.index && allow_index && self.case.use_index_cmp {
            self.line(&format!("{v} = index.cmp {}({a}, {b})", pred.name()));
        } else {
            self.line(&format!("{v} = arith.cmpi {}, {a}, {b} : {}", pred.name(), ty.name()));
        }
        v
    }

    // -- instrumentation (record array %rec : memref<?xi64>) --------------
    fn slot(&mut self, s: usize) -> String {
        self.index_const(s as u128)
    }
    fn update(&mut self, s: usize, op: &str, v64: &str) {
        let i = self.slot(s);
        let o = self.fresh();
        self.line(&format!("{o} = memref.load %rec[{i}] : memref<?xi64>"));
        let n = self.fresh();
        self.line(&format!("{n} = arith.{op} {o}, {v64} : i64"));
        self.line(&format!("memref.store {n}, %rec[{i}] : memref<?xi64>"));
    }
    fn bump(&mut self, s: usize, by: Option<&str>) {
        let one = match by {
            Some(b) => b.to_string(),
            None => self.i64_const(1),
        };
        self.update(s, "addi", &one);
    }
    fn widen(&mut self, v: &str, signed: bool) -> String {
        let ty = self.case.ty;
        if ty.width == 64 && !ty.index {
            return v.to_string();
        }
        let x = self.fresh();
        if ty.index {
            let op = if signed { "index_cast" } else { "index_castui" };
            self.line(&format!("{x} = arith.{op} {v} : index to i64"));
        } else {
            let op = if signed { "extsi" } else { "extui" };
            self.line(&format!("{x} = arith.{op} {v} : {} to i64", ty.name()));
        }
        x
    }
    /// Min/max of `v` into the 4 slots at `s`; when `when` is given, only
    /// if it holds (through selects of the neutral value).
    fn observe(&mut self, s: usize, v: &str, when: Option<&str>) {
        let sv = self.widen(v, true);
        let uv = self.widen(v, false);
        for (j, (op, x, neutral)) in [
            ("minsi", &sv, i64::MAX as u64),
            ("maxsi", &sv, i64::MIN as u64),
            ("minui", &uv, u64::MAX),
            ("maxui", &uv, 0u64),
        ]
        .into_iter()
        .enumerate()
        {
            let x = match when {
                Some(c) => {
                    let n = self.i64_const(neutral);
                    let y = self.fresh();
                    self.line(&format!("{y} = arith.select {c}, {x}, {n} : i64"));
                    y
                }
                None => x.clone(),
            };
            self.update(s + j, op, &x);
        }
    }
    fn record_last(&mut self, s: usize, v: &str) {
        let x = self.widen(v, false);
        let i = self.slot(s);
        self.line(&format!("memref.store {x}, %rec[{i}] : memref<?xi64>"));
    }

    fn access(&mut self, i: usize, vals: &[String]) {
        let a = self.case.accesses[i].clone();
        let ty = self.case.ty;
        let src = if a.src == usize::MAX { "%outer_iv".to_string() } else { vals[a.src].clone() };
        let src_ty = if a.src == usize::MAX { Ty { width: self.case.iw, index: true } } else { ty };
        let oow = self.case.oow.filter(|o| o.0 == i);
        let raw_index = |e: &mut Emitter| -> String {
            if a.src == usize::MAX {
                return src.clone();
            }
            let v = e.add(&src, a.c, AddForm::AddR);
            if ty.index {
                return v;
            }
            let x = e.fresh();
            let op = if a.sext { "index_cast" } else { "index_castui" };
            e.line(&format!("{x} = arith.{op} {v} : {} to index", ty.name()));
            x
        };
        let wide = self.case.wide.filter(|w| w.0 == i);
        let make_index = |e: &mut Emitter| -> String {
            let mut x = raw_index(e);
            if let Some((_, c, d)) = wide {
                let k = e.index_const(c);
                let s = e.fresh();
                e.line(&format!("{s} = arith.addi {x}, {k} : index"));
                x = s;
                if let Some(d) = d {
                    let kd = e.index_const(d);
                    let q = e.fresh();
                    e.line(&format!("{q} = arith.divsi {x}, {kd} : index"));
                    x = q;
                }
            }
            match oow {
                Some((_, lo, hi)) => {
                    let y = e.fresh();
                    e.line(&format!("{y} = loom.assume_range {x} [{lo}, {hi}] : index"));
                    y
                }
                None => x,
            }
        };
        let mut idx = None;
        if let Some(g) = &a.guard {
            let c = if g.on_index {
                let x = make_index(self);
                idx = Some(x.clone());
                let k = self.index_const(to_signed(g.c, self.case.iw) as u128 & mask(64));
                let v = self.fresh();
                self.line(&format!("{v} = arith.cmpi {}, {x}, {k} : index", g.pred.name()));
                v
            } else {
                let k = self.constant(g.c & mask(src_ty.width), src_ty);
                self.cmp(g.pred, &src, &k, src_ty, false)
            };
            self.line(&format!("scf.if {c} {{"));
            if !g.in_then {
                self.line("} else {");
            }
            self.indent += 1;
        }
        let idx = match idx {
            Some(x) => x,
            None => make_index(self),
        };
        let (size, extent) = Case::extent(&a);
        let slot = 2 + SLOTS_PER_ARG * self.case.carried() + 2 * i;
        if self.instrument {
            self.bump(slot, None);
            let ok = if extent > size {
                let f = self.fresh();
                self.line(&format!("{f} = arith.constant false"));
                f
            } else {
                let lim = self.index_const((size - extent) as u128);
                let v = self.fresh();
                self.line(&format!("{v} = arith.cmpi ule, {idx}, {lim} : index"));
                v
            };
            let bad = self.fresh();
            self.line(&format!("{bad} = arith.cmpi eq, {ok}, %false : i1"));
            let b64 = self.fresh();
            self.line(&format!("{b64} = arith.extui {bad} : i1 to i64"));
            self.bump(slot + 1, Some(&b64));
        } else {
            let buf = format!("%buf{i}");
            match a.op {
                AccessOp::Load => {
                    let v = self.fresh();
                    self.line(&format!("{v} = memref.load {buf}[{idx}] : memref<{size}xi32>"));
                }
                AccessOp::Store => self.line(&format!("memref.store %zero, {buf}[{idx}] : memref<{size}xi32>")),
                AccessOp::VectorLoad(n) => {
                    let v = self.fresh();
                    self.line(&format!("{v} = vector.load {buf}[{idx}] : memref<{size}xi32>, vector<{n}xi32>"));
                }
                AccessOp::Store2D { dim, other, other_size } => {
                    let o = self.index_const(other as u128);
                    let (i0, i1, d0, d1) =
                        if dim == 0 { (&idx, &o, size, other_size) } else { (&o, &idx, other_size, size) };
                    self.line(&format!("memref.store %zero, {buf}[{i0}, {i1}] : memref<{d0}x{d1}xi32>"));
                }
            }
        }
        if a.guard.is_some() {
            self.indent -= 1;
            self.line("}");
        }
    }
    fn accesses(&mut self, place: Place, vals: &[String]) {
        for i in 0..self.case.accesses.len() {
            if self.case.accesses[i].place == place {
                self.access(i, vals);
            }
        }
    }

    fn tested(&mut self, vals: &[String], bound_outside: &Option<String>) -> String {
        let c = self.case;
        let t = self.add(&vals[c.tested], c.offset, c.offset_form);
        let b = match bound_outside {
            Some(b) => b.clone(),
            None => self.constant(c.bound, c.ty),
        };
        if c.counter_lhs {
            self.cmp(c.pred, &t, &b, c.ty, true)
        } else {
            self.cmp(c.pred, &b, &t, c.ty, true)
        }
    }

    fn function(&mut self) {
        let c = self.case;
        let ty = c.ty;
        let t = ty.name();
        let k = c.carried();
        if self.instrument {
            self.line(&format!("func.func @c{}(%rec: memref<?xi64>) {{", c.id));
        } else {
            self.line(&format!("func.func @c{}() {{", c.id));
        }
        self.indent += 1;
        self.line("%false = arith.constant false");
        self.line("%true = arith.constant true");
        if !self.instrument {
            self.line("%zero = arith.constant 0 : i32");
            for (i, a) in c.accesses.iter().enumerate() {
                let shape = match a.op {
                    AccessOp::Store2D { dim: 0, other_size, .. } => format!("{}x{}", a.size, other_size),
                    AccessOp::Store2D { other_size, .. } => format!("{}x{}", other_size, a.size),
                    _ => format!("{}", a.size),
                };
                self.line(&format!("%buf{i} = memref.alloca() : memref<{shape}xi32>"));
            }
        }
        let inits: Vec<String> = c.inits.iter().map(|&v| self.constant(v, ty)).collect();
        let bound = if c.bound_inside { None } else { Some(self.constant(c.bound, ty)) };
        let mut outer_next = None;
        if let Some(e) = c.outer {
            let (z, n, one) = (self.index_const(0), self.index_const(e as u128), self.index_const(1));
            match c.outer_form {
                OuterForm::ScfFor => {
                    self.line(&format!("scf.for %outer_iv = {z} to {n} step {one} {{"));
                    self.indent += 1;
                }
                OuterForm::CfCond => {
                    self.line("%outer_iv = arith.constant 0 : index");
                    let go = if e > 0 { "%true" } else { "%false" };
                    self.line(&format!("cf.cond_br {go}, ^outer_body, ^outer_exit"));
                    self.line("^outer_body:");
                }
                OuterForm::CfLoop | OuterForm::ExecRegion => {
                    if c.outer_form == OuterForm::ExecRegion {
                        self.line("scf.execute_region {");
                        self.indent += 1;
                    }
                    self.line(&format!("cf.br ^outer_head({z} : index)"));
                    self.line("^outer_head(%outer_iv: index):");
                    let go = self.fresh();
                    self.line(&format!("{go} = arith.cmpi slt, %outer_iv, {n} : index"));
                    self.line(&format!("cf.cond_br {go}, ^outer_body, ^outer_exit"));
                    self.line("^outer_body:");
                    outer_next = Some(one);
                }
            }
        }
        let types = vec![t.clone(); k].join(", ");
        match &c.kind {
            Kind::While { perm, fo } => {
                let args: Vec<String> = (0..k).map(|i| format!("%x{i}")).collect();
                let bind: Vec<String> = (0..k).map(|i| format!("{} = {}", args[i], inits[i])).collect();
                let res = self.fresh();
                let res_decl = if k > 1 { format!("{res}:{k}") } else { res.clone() };
                self.line(&format!("{res_decl} = scf.while ({}) : ({types}) -> ({types}) {{", bind.join(", ")));
                self.indent += 1;
                if self.instrument {
                    self.bump(0, None);
                    for (i, a) in args.iter().enumerate() {
                        self.observe(2 + SLOTS_PER_ARG * i, a, None);
                        self.record_last(2 + SLOTS_PER_ARG * i + 8, a);
                    }
                }
                self.accesses(Place::Condition, &args);
                let cond = self.tested(&args, &bound);
                if self.instrument {
                    for (i, a) in args.iter().enumerate() {
                        self.observe(2 + SLOTS_PER_ARG * i + 4, a, Some(&cond));
                    }
                }
                let fwd: Vec<String> = (0..k).map(|p| self.add(&args[perm[p]], fo[p], AddForm::AddR)).collect();
                self.line(&format!("scf.condition({cond}) {} : {types}", fwd.join(", ")));
                self.indent -= 1;
                self.line("} do {");
                let after: Vec<String> = (0..k).map(|i| format!("%y{i}")).collect();
                let decl: Vec<String> = after.iter().map(|a| format!("{a}: {t}")).collect();
                self.line(&format!("^bb0({}):", decl.join(", ")));
                self.indent += 1;
                if self.instrument {
                    self.bump(1, None);
                }
                self.accesses(Place::Body, &after);
                let ys: Vec<String> = c.yields.iter().map(|e| self.expr(e, &after)).collect();
                self.line(&format!("scf.yield {} : {types}", ys.join(", ")));
                self.indent -= 1;
                self.line("}");
            }
            Kind::LoomLoop { guard_form } => {
                let args: Vec<String> = (0..k).map(|i| format!("%x{i}")).collect();
                let bind: Vec<String> = (0..k).map(|i| format!("{} = {}", args[i], inits[i])).collect();
                let res = self.fresh();
                self.line(&format!(
                    "{res} = loom.loop token(%tok) iter_args({}) : ({types}) -> ({t}) {{",
                    bind.join(", ")
                ));
                self.indent += 1;
                if self.instrument {
                    self.bump(0, None);
                    for (i, a) in args.iter().enumerate() {
                        self.observe(2 + SLOTS_PER_ARG * i, a, None);
                        self.record_last(2 + SLOTS_PER_ARG * i + 8, a);
                    }
                }
                self.accesses(Place::Condition, &args);
                let cont = self.tested(&args, &bound);
                let brk = format!("loom.break %tok, {} : {t}", args[c.tested]);
                match guard_form {
                    1 => self.line(&format!("loom.if {cont} {{ loom.yield }} else {{ {brk} }}")),
                    2 => {
                        // Negated through xori: not a comparison (unknown).
                        let done = self.fresh();
                        self.line(&format!("{done} = arith.xori {cont}, %true : i1"));
                        self.line(&format!("loom.if {done} {{ {brk} }}"));
                    }
                    _ => {
                        let cc = self.case;
                        let tt = self.add(&args[cc.tested], cc.offset, cc.offset_form);
                        let b = match &bound {
                            Some(b) => b.clone(),
                            None => self.constant(cc.bound, cc.ty),
                        };
                        let p = cc.pred.negate();
                        let neg = if cc.counter_lhs {
                            self.cmp(p, &tt, &b, cc.ty, true)
                        } else {
                            self.cmp(p, &b, &tt, cc.ty, true)
                        };
                        self.line(&format!("loom.if {neg} {{ {brk} }}"));
                    }
                }
                if self.instrument {
                    self.bump(1, None);
                    for (i, a) in args.iter().enumerate() {
                        self.observe(2 + SLOTS_PER_ARG * i + 4, a, None);
                    }
                }
                self.accesses(Place::Body, &args);
                let ys: Vec<String> = c.yields.iter().map(|e| self.expr(e, &args)).collect();
                self.line(&format!("loom.continue %tok, {} : {types}", ys.join(", ")));
                self.indent -= 1;
                self.line("}");
            }
            Kind::ScfFor { unsigned } => {
                let ub = self.constant(c.ub, ty);
                let st = self.constant(c.step, ty);
                let u = if *unsigned { "unsigned " } else { "" };
                let suffix = if ty.index { String::new() } else { format!(" : {t}") };
                self.line(&format!("scf.for {u}%iv = {} to {ub} step {st}{suffix} {{", inits[0]));
                self.indent += 1;
                self.for_body(None);
                self.indent -= 1;
                self.line("}");
            }
            Kind::LoomFor { brk } => {
                let ub = self.constant(c.ub, ty);
                let st = self.constant(c.step, ty);
                let suffix = if ty.index { String::new() } else { format!(" : {t}") };
                self.line(&format!("loom.for %iv = {} to {ub} step {st} token(%tok){suffix} {{", inits[0]));
                self.indent += 1;
                self.for_body(*brk);
                self.line("loom.yield");
                self.indent -= 1;
                self.line("}");
            }
        }
        if c.outer.is_some() {
            match c.outer_form {
                OuterForm::ScfFor => {
                    self.indent -= 1;
                    self.line("}");
                }
                OuterForm::CfCond => {
                    self.line("cf.br ^outer_exit");
                    self.line("^outer_exit:");
                }
                OuterForm::CfLoop | OuterForm::ExecRegion => {
                    let next = self.fresh();
                    let one = outer_next.take().unwrap_or_default();
                    self.line(&format!("{next} = arith.addi %outer_iv, {one} : index"));
                    self.line(&format!("cf.br ^outer_head({next} : index)"));
                    self.line("^outer_exit:");
                    if c.outer_form == OuterForm::ExecRegion {
                        self.line("scf.yield");
                        self.indent -= 1;
                        self.line("}");
                    }
                }
            }
        }
        self.line("return");
        self.indent -= 1;
        self.line("}");
    }

    fn for_body(&mut self, brk: Option<u128>) {
        let iv = vec!["%iv".to_string()];
        if self.instrument {
            self.bump(1, None);
            self.observe(2 + 4, "%iv", None);
        }
        self.accesses(Place::Body, &iv);
        if let Some(b) = brk {
            let k = self.constant(b, self.case.ty);
            let e = self.cmp(Predicate::Eq, "%iv", &k, self.case.ty, false);
            self.line(&format!("loom.if {e} {{ loom.break %tok }}"));
        }
    }
}

/// The function for `case`: plain (analysed) or instrumented (executed).
pub fn emit(case: &Case, instrument: bool) -> String {
    let mut e = Emitter { case, out: String::new(), next: 0, instrument, indent: 0 };
    e.function();
    e.out
}

/// A module of plain functions (for loom-report): the root's functions,
/// then the `nested` ones inside a nested module (a `gpu.module` with
/// `gpu`) whose DLTI spec gives `index` the other width. The root is 64-bit
/// (no spec) or, with `index32`, 32-bit: by its own DLTI spec when there
/// is no nested module, else by the `loom-report` option
/// `index-bitwidth=32` (a root spec and a nested spec that differ crash
/// MLIR 22's DataLayout verifier, upstream's bug). The module text, and the
/// extra `loom-report` options it needs.
pub fn module_text(root: &[&Case], nested: &[&Case], index32: bool, gpu: bool) -> (String, &'static str) {
    let mut s = String::new();
    let mut attrs = Vec::new();
    if gpu && !nested.is_empty() {
        attrs.push("gpu.container_module");
    }
    if index32 && nested.is_empty() {
        attrs.push("dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>");
    }
    if attrs.is_empty() {
        s.push_str("module {\n");
    } else {
        s.push_str(&format!("module attributes {{{}}} {{\n", attrs.join(", ")));
    }
    for c in root {
        s.push_str(&emit(c, false));
    }
    if !nested.is_empty() {
        let w = if index32 { 64 } else { 32 };
        let op = if gpu { "gpu.module" } else { "module" };
        s.push_str(&format!("{op} @dev{w} attributes {{dlti.dl_spec = #dlti.dl_spec<index = {w} : i64>}} {{\n"));
        for c in nested {
            s.push_str(&emit(c, false));
        }
        s.push_str("}\n");
    }
    s.push_str("}\n");
    (s, if index32 && !nested.is_empty() { "index-bitwidth=32" } else { "" })
}

/// The module that holds `case` alone, where [`module_text`] would put it.
pub fn plain_module(case: &Case, index32: bool) -> (String, &'static str) {
    if case.nested {
        module_text(&[], &[case], index32, case.id % 2 == 1)
    } else {
        module_text(&[case], &[], index32, false)
    }
}

/// A module of instrumented functions and a `@main` that runs each with a
/// fresh record and prints the record, one number per line.
pub fn exec_module(cases: &[&Case]) -> String {
    let mut s = String::from("func.func private @printU64(i64)\nfunc.func private @printNewline()\n");
    for c in cases {
        s.push_str(&emit(c, true));
    }
    s.push_str("func.func @main() {\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n");
    for (n, c) in cases.iter().enumerate() {
        let len = slots(c);
        s.push_str(&format!("  %n{n} = arith.constant {len} : index\n  %r{n} = memref.alloc(%n{n}) : memref<?xi64>\n"));
        for (i, v) in initial_record(c).iter().enumerate() {
            s.push_str(&format!(
                "  %i{n}_{i} = arith.constant {i} : index\n  %k{n}_{i} = arith.constant {} : i64\n  memref.store %k{n}_{i}, %r{n}[%i{n}_{i}] : memref<?xi64>\n",
                *v as i64
            ));
        }
        s.push_str(&format!("  func.call @c{}(%r{n}) : (memref<?xi64>) -> ()\n", c.id));
        s.push_str(&format!(
            "  scf.for %j{n} = %c0 to %n{n} step %c1 {{\n    %e{n} = memref.load %r{n}[%j{n}] : memref<?xi64>\n    func.call @printU64(%e{n}) : (i64) -> ()\n    func.call @printNewline() : () -> ()\n  }}\n  memref.dealloc %r{n} : memref<?xi64>\n"
        ));
    }
    s.push_str("  return\n}\n");
    s
}
