//! MLIR text of the bounds fuzzer's programs.
//!
//! The plain function (what `loom-report` analyses) and the executed one
//! differ only in the executed copy's own footprint check before each
//! vector access (`cf.assert` with the message format of upstream's
//! runtime verification, which checks `memref.load`/`store` itself but no
//! vector op in MLIR 22) and in its subviews (checked by its own
//! `cf.assert`, built by `memref.reinterpret_cast` of the base buffer: MLIR
//! 22's check of `memref.subview` crashes). Every access op carries
//! `loc("b<seed>":<id>:1)`, every subview `loc("b<seed>.sv":<k>:1)`.
//! Each `Ix` is emitted afresh where it is used (all index ops are pure).
//! The executed module adds the driver side: per run, a function `@r<k>`
//! that allocates and fills the buffers, calls the program and returns the
//! hash of the buffers; `@bounds_run(k)` dispatches on the run number (the
//! C driver in `check` calls it).

use std::collections::HashMap;
use std::fmt::Write as _;

use super::model::{
    AccKind, Access, AffMap, BoundsCase, Buf, Cond, ForKind, Ix, Lin, ParKind, Scalar, Stmt, SvSize, Var,
};

/// What an exit needs to know of its target.
#[derive(Clone, Copy)]
enum Target {
    LoomFor,
    LoomLoop { step: i64 },
}

struct Emitter<'a> {
    case: &'a BoundsCase,
    out: String,
    next: usize,
    indent: usize,
    exec: bool,
    names: Vec<String>,
    targets: HashMap<Var, Target>,
    /// SSA names of the current `%O` and views.
    bufs: HashMap<Buf, String>,
    /// Executed copy: where each view is in the buffer it is built from.
    view_base: HashMap<Buf, ExecView>,
}

/// Executed copy: a view as `memref.reinterpret_cast` of its base buffer
/// makes it.
#[derive(Clone)]
struct ExecView {
    base: Buf,
    /// The SSA name of the linear offset of the view's element 0 in the
    /// base (`None`: 0, the base itself).
    at: Option<String>,
    /// The base dimension each view dimension walks.
    dims: Vec<usize>,
}

/// Names the leaves (counters, arguments, sizes) of an affine expression.
type LeafNamer<'n, 'a> = dyn FnMut(&mut Emitter<'a>, &Ix) -> String + 'n;

/// `l` as an affine expression (`d0`, `s0`, ...).
fn lin_text(l: &Lin) -> String {
    let mut terms: Vec<(i64, String)> = Vec::new();
    for (k, c) in l.d.iter().enumerate() {
        terms.push((*c, format!("d{k}")));
    }
    for (k, c) in l.s.iter().enumerate() {
        terms.push((*c, format!("s{k}")));
    }
    terms.retain(|(c, _)| *c != 0);
    terms.sort_by_key(|(c, _)| *c < 0);
    let mut s = String::new();
    for (c, x) in terms {
        let t = if c.abs() == 1 { x } else { format!("{x} * {}", c.abs()) };
        if s.is_empty() {
            s = if c < 0 { format!("0 - {t}") } else { t };
        } else {
            s.push_str(if c < 0 { " - " } else { " + " });
            s.push_str(&t);
        }
    }
    match (s.is_empty(), l.c) {
        (true, c) => c.to_string(),
        (false, 0) => s,
        (false, c) if c < 0 => format!("{s} - {}", -c),
        (false, c) => format!("{s} + {c}"),
    }
}

/// `affine_map<(d0, ..)[s0, ..] -> (results)>`.
fn map_text(m: &AffMap) -> String {
    let dims: Vec<String> = (0..m.dims.len()).map(|k| format!("d{k}")).collect();
    let syms: Vec<String> = (0..m.syms.len()).map(|k| format!("s{k}")).collect();
    let res: Vec<String> = m.results.iter().map(lin_text).collect();
    let syms = if syms.is_empty() { String::new() } else { format!("[{}]", syms.join(", ")) };
    format!("affine_map<({}){syms} -> ({})>", dims.join(", "), res.join(", "))
}

impl<'a> Emitter<'a> {
    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    /// `r = <rhs>`; r.
    fn def(&mut self, rhs: &str) -> String {
        let r = self.fresh();
        self.line(&format!("{r} = {rhs}"));
        r
    }

    fn konst(&mut self, c: i64) -> String {
        self.def(&format!("arith.constant {c} : index"))
    }

    /// The SSA name of buffer `b` where it is used.
    fn bname(&self, b: Buf) -> String {
        self.bufs.get(&b).cloned().unwrap_or_else(|| b.ssa().to_string())
    }

    fn dim(&mut self, b: Buf, k: usize) -> String {
        let c = self.konst(k as i64);
        self.def(&format!("memref.dim {}, {c} : {}", self.bname(b), b.type_name()))
    }

    /// `m`'s operands, then `(dims)[syms]`.
    fn map_operands(&mut self, m: &AffMap) -> String {
        let dims: Vec<String> = m.dims.iter().map(|e| self.ix(e)).collect();
        let syms: Vec<String> = m.syms.iter().map(|e| self.ix(e)).collect();
        let syms = if syms.is_empty() { String::new() } else { format!("[{}]", syms.join(", ")) };
        format!("({}){syms}", dims.join(", "))
    }

    /// An `affine.for` bound: `[max|min] map(operands)`.
    fn bound_text(&mut self, m: &AffMap, kw: &str) -> String {
        let ops = self.map_operands(m);
        let kw = if m.results.len() > 1 { format!("{kw} ") } else { String::new() };
        format!("{kw}{}{ops}", map_text(m))
    }

    /// `e` as an affine expression (see `Ix::is_affine_expr`), its leaves
    /// (counters, arguments, sizes) named by `leaf`.
    fn aff_expr(&mut self, e: &Ix, leaf: &mut LeafNamer<'_, 'a>) -> String {
        match e {
            Ix::Var(_) | Ix::Arg(_) | Ix::Dim(..) => leaf(self, e),
            Ix::Const(c) => c.to_string(),
            Ix::AddC(x, c) if *c < 0 => format!("({} - {})", self.aff_expr(x, leaf), -c),
            Ix::AddC(x, c) => format!("({} + {c})", self.aff_expr(x, leaf)),
            Ix::Add(x, y) => {
                let a = self.aff_expr(x, leaf);
                format!("({a} + {})", self.aff_expr(y, leaf))
            }
            Ix::Sub(x, y) => {
                let a = self.aff_expr(x, leaf);
                format!("({a} - {})", self.aff_expr(y, leaf))
            }
            Ix::MulC(x, c) => format!("({} * {c})", self.aff_expr(x, leaf)),
            Ix::AffDiv(x, op, k) => format!("({} {} {k})", self.aff_expr(x, leaf), op.name()),
            other => unreachable!("{other:?} is not an affine expression"),
        }
    }

    /// An affine access's index: an affine expression of SSA values
    /// (arguments and sizes as `symbol(..)`).
    fn aff_index(&mut self, e: &Ix) -> String {
        self.aff_expr(e, &mut |em, leaf| match leaf {
            Ix::Var(v) => em.names[*v].clone(),
            other => format!("symbol({})", em.ix(other)),
        })
    }

    /// `affine.apply` of the map whose result is `e` (counters as its
    /// dims, arguments and sizes as its symbols, each SSA value once, as
    /// an affine access's parser makes them); a counter alone is itself.
    fn apply(&mut self, e: &Ix) -> String {
        if let Ix::Var(v) = e {
            return self.names[*v].clone();
        }
        let (mut dims, mut syms): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
        let expr = self.aff_expr(e, &mut |em, leaf| {
            let (list, p) = if matches!(leaf, Ix::Var(_)) { (&mut dims, "d") } else { (&mut syms, "s") };
            let v = em.ix(leaf);
            let k = list.iter().position(|x| *x == v).unwrap_or_else(|| {
                list.push(v);
                list.len() - 1
            });
            format!("{p}{k}")
        });
        let names = |p: &str, n: usize| (0..n).map(|k| format!("{p}{k}")).collect::<Vec<_>>().join(", ");
        let (dn, sn) = (names("d", dims.len()), names("s", syms.len()));
        let (sym_list, sym_ops) = if syms.is_empty() {
            (String::new(), String::new())
        } else {
            (format!("[{sn}]"), format!("[{}]", syms.join(", ")))
        };
        self.def(&format!("affine.apply affine_map<({dn}){sym_list} -> ({expr})>({}){sym_ops}", dims.join(", ")))
    }

    /// A parallel loop's operand: a literal for a constant when `literal`.
    fn par_operand(&mut self, e: &Ix, literal: bool) -> String {
        match e {
            Ix::Const(c) if literal => c.to_string(),
            _ => self.ix(e),
        }
    }

    fn bin(&mut self, op: &str, a: &str, b: &str) -> String {
        self.def(&format!("arith.{op} {a}, {b} : index"))
    }

    fn ix(&mut self, e: &Ix) -> String {
        match e {
            Ix::Arg(Scalar::N) => "%n".into(),
            Ix::Arg(Scalar::M) => "%m".into(),
            Ix::Dim(b, k) => self.dim(*b, *k),
            Ix::Const(c) => self.konst(*c),
            Ix::Var(v) => self.names[*v].clone(),
            Ix::AddC(x, c) | Ix::AddNsw(x, c) => {
                let a = self.ix(x);
                let k = self.konst(c.unsigned_abs() as i64);
                let op = if *c >= 0 { "addi" } else { "subi" };
                let flag = if matches!(e, Ix::AddNsw(..)) { " overflow<nsw>" } else { "" };
                self.def(&format!("arith.{op} {a}, {k}{flag} : index"))
            }
            Ix::Add(x, y) | Ix::Sub(x, y) | Ix::Min(x, y) | Ix::Max(x, y) => {
                let (a, b) = (self.ix(x), self.ix(y));
                let op = match e {
                    Ix::Add(..) => "addi",
                    Ix::Sub(..) => "subi",
                    Ix::Min(..) => "minsi",
                    _ => "maxsi",
                };
                self.bin(op, &a, &b)
            }
            Ix::MulC(x, c) | Ix::DivSI(x, c) => {
                let a = self.ix(x);
                let k = self.konst(*c);
                self.bin(if matches!(e, Ix::MulC(..)) { "muli" } else { "divsi" }, &a, &k)
            }
            Ix::ShrUI(x, k) => {
                let a = self.ix(x);
                let k = self.konst(*k as i64);
                self.bin("shrui", &a, &k)
            }
            Ix::Select(c, x, y) => {
                let c = self.cond(c);
                let (a, b) = (self.ix(x), self.ix(y));
                self.def(&format!("arith.select {c}, {a}, {b} : index"))
            }
            Ix::AffDiv(x, op, k) => {
                let a = self.ix(x);
                self.def(&format!("affine.apply affine_map<(d0) -> (d0 {} {k})>({a})", op.name()))
            }
            Ix::Affine(m) => {
                let ops = self.map_operands(m);
                let op = if m.min { "affine.min" } else { "affine.apply" };
                self.def(&format!("{op} {}{ops}", map_text(m)))
            }
            Ix::AffineApply(t) => self.apply(t),
        }
    }

    fn cond(&mut self, c: &Cond) -> String {
        let (a, b) = (self.ix(&c.a), self.ix(&c.b));
        self.def(&format!("arith.cmpi {}, {a}, {b} : index", c.pred.name()))
    }

    /// The value a store of `acc` writes (see `simulate`), of the element type.
    fn store_value(&mut self, acc: &Access, idx0: &str) -> String {
        let t = self.def(&format!("arith.index_cast {idx0} : index to i32"));
        let k = self.def(&format!("arith.constant {} : i32", 1000 * acc.id));
        let v = self.def(&format!("arith.addi {t}, {k} : i32"));
        if acc.buf.element() == "f32" {
            self.def(&format!("arith.sitofp {v} : i32 to f32"))
        } else {
            v
        }
    }

    /// Executed copy only: `cf.assert` that the footprint of `acc` is inside
    /// its buffer (signed `0 <= idx <= dim - extent` per dimension).
    fn footprint_check(&mut self, acc: &Access, idx: &[String]) {
        let rank = acc.buf.rank();
        let mut conds = Vec::new();
        for (k, x) in idx.iter().enumerate() {
            let e = if k + 1 == rank { acc.kind.extent() } else { 1 };
            let d = self.dim(acc.buf, k);
            let ek = self.konst(e);
            let lim = self.bin("subi", &d, &ek);
            let z = self.konst(0);
            let lo = self.def(&format!("arith.cmpi sge, {x}, {z} : index"));
            let hi = self.def(&format!("arith.cmpi sle, {x}, {lim} : index"));
            conds.push(self.def(&format!("arith.andi {lo}, {hi} : i1")));
        }
        let what = format!("{} (bounds-fuzz footprint check)", acc.kind.op_name());
        self.assert_all(conds, &what, &self.case.name(), acc.id);
    }

    /// Executed copy only: `cf.assert` of the conjunction of `conds` (i1
    /// values, at least one), with the message format of upstream's
    /// checks naming `what` at `loc("file":id:1)`.
    fn assert_all(&mut self, conds: Vec<String>, what: &str, file: &str, id: usize) {
        let mut conds = conds.into_iter();
        let first = conds.next().expect("a check has a condition");
        let ok = conds.fold(first, |o, c| self.def(&format!("arith.andi {o}, {c} : i1")));
        self.line(&format!(
            "cf.assert {ok}, \"ERROR: Runtime op verification failed\\0A{what}\\0ALocation: loc(\\22{file}\\22:{id}:1)\""
        ));
    }

    /// Emits `acc`; the loaded value, if it is a load.
    fn access(&mut self, acc: &Access) -> Option<String> {
        let loc = format!("loc(\"{}\":{}:1)", self.case.name(), acc.id);
        let (b, t, el) = (self.bname(acc.buf), acc.buf.type_name(), acc.buf.element());
        let vt = format!("vector<{}x{el}>", acc.kind.extent());
        let splat = |e: &mut Self, i0: &str| {
            let v = e.store_value(acc, i0);
            e.def(&format!("vector.broadcast {v} : {el} to {vt}"))
        };
        if acc.kind.is_affine() {
            let is: Vec<String> = acc.idx.iter().map(|e| self.aff_index(e)).collect();
            let is = is.join(", ");
            if self.exec && acc.kind.is_vector() {
                // The same maps as the access's, so the same expansion.
                let idx: Vec<String> = acc.idx.iter().map(|e| self.apply(e)).collect();
                self.footprint_check(acc, &idx);
            }
            return match acc.kind {
                AccKind::ALoad => Some(self.def(&format!("affine.load {b}[{is}] : {t} {loc}"))),
                AccKind::AVLoad(_) => Some(self.def(&format!("affine.vector_load {b}[{is}] : {t}, {vt} {loc}"))),
                AccKind::AStore => {
                    let i0 = self.ix(&acc.idx[0]);
                    let v = self.store_value(acc, &i0);
                    self.line(&format!("affine.store {v}, {b}[{is}] : {t} {loc}"));
                    None
                }
                _ => {
                    let i0 = self.ix(&acc.idx[0]);
                    let v = splat(self, &i0);
                    self.line(&format!("affine.vector_store {v}, {b}[{is}] : {t}, {vt} {loc}"));
                    None
                }
            };
        }
        let idx: Vec<String> = acc.idx.iter().map(|e| self.ix(e)).collect();
        if self.exec && acc.kind.is_vector() {
            self.footprint_check(acc, &idx);
        }
        let is = idx.join(", ");
        match acc.kind {
            AccKind::Load => Some(self.def(&format!("memref.load {b}[{is}] : {t} {loc}"))),
            AccKind::Store => {
                let v = self.store_value(acc, &idx[0]);
                self.line(&format!("memref.store {v}, {b}[{is}] : {t} {loc}"));
                None
            }
            AccKind::VLoad(_) => Some(self.def(&format!("vector.load {b}[{is}] : {t}, {vt} {loc}"))),
            AccKind::VStore(_) => {
                let v = splat(self, &idx[0]);
                self.line(&format!("vector.store {v}, {b}[{is}] : {t}, {vt} {loc}"));
                None
            }
            AccKind::TRead(_) => {
                let zero = if el == "f32" { "0.0" } else { "0" };
                let pad = self.def(&format!("arith.constant {zero} : {el}"));
                Some(
                    self.def(&format!(
                        "vector.transfer_read {b}[{is}], {pad} {{in_bounds = [true]}} : {t}, {vt} {loc}"
                    )),
                )
            }
            AccKind::TWrite(_) => {
                let v = splat(self, &idx[0]);
                self.line(&format!("vector.transfer_write {v}, {b}[{is}] {{in_bounds = [true]}} : {vt}, {t} {loc}"));
                None
            }
            _ => unreachable!("affine accesses are emitted above"),
        }
    }

    /// A sentinel loop's probe and test: `probe != trunc_i32(%n)`.
    fn sentinel_test(&mut self, probe: &Access) -> String {
        let v = self.access(probe).expect("the probe is a load");
        let key = self.def("arith.index_cast %n : index to i32");
        self.def(&format!("arith.cmpi ne, {v}, {key} : i32"))
    }

    /// Executed copy: `cf.assert` that subview `k` of `src` (offsets
    /// `offs`, sizes `sizes`, `None` a dropped unit dimension) is inside
    /// it: `0 <= off`, `0 <= size`, `off <= dim - size` per dimension (MLIR
    /// 22's own check of `memref.subview` crashes). The message has the
    /// format of upstream's checks.
    fn subview_check(&mut self, k: usize, src: Buf, offs: &[String], sizes: &[Option<String>]) {
        let zero = self.konst(0);
        let mut conds = Vec::new();
        for (d, (o, z)) in offs.iter().zip(sizes).enumerate() {
            let z = z.clone().unwrap_or_else(|| self.konst(1));
            let dim = self.dim(src, d);
            let lo = self.def(&format!("arith.cmpi sge, {o}, {zero} : index"));
            let nn = self.def(&format!("arith.cmpi sge, {z}, {zero} : index"));
            let room = self.bin("subi", &dim, &z);
            let hi = self.def(&format!("arith.cmpi sle, {o}, {room} : index"));
            let a = self.def(&format!("arith.andi {lo}, {nn} : i1"));
            conds.push(self.def(&format!("arith.andi {a}, {hi} : i1")));
        }
        self.assert_all(conds, "memref.subview (bounds-fuzz subview check)", &self.case.subview_file(), k);
    }

    /// The stride of dimension `d` of the base buffer `base` (row-major):
    /// `None` for 1.
    fn base_stride(&mut self, base: Buf, d: usize) -> Option<String> {
        (d + 1 < base.rank()).then(|| self.dim(base, d + 1))
    }

    /// Executed copy: `name = view` of `src` as `memref.reinterpret_cast`
    /// of the base buffer (the linear offset of the view's element 0, the
    /// kept sizes, the base's strides of the dimensions they walk).
    fn reinterpret_view(&mut self, name: &str, view: Buf, src: Buf, offs: &[String], sizes: &[Option<String>]) {
        let parent = self.view_base.get(&src).cloned().unwrap_or_else(|| ExecView {
            base: src,
            at: None,
            dims: (0..src.rank()).collect(),
        });
        let mut at = parent.at;
        for (d, o) in offs.iter().enumerate() {
            let term = match self.base_stride(parent.base, parent.dims[d]) {
                Some(stride) => self.bin("muli", o, &stride),
                None => o.clone(),
            };
            at = Some(match at {
                None => term,
                Some(a) => self.bin("addi", &a, &term),
            });
        }
        let at = at.expect("a subview has an offset");
        let (mut zs, mut strides, mut dims) = (Vec::new(), Vec::new(), Vec::new());
        for (d, z) in sizes.iter().enumerate() {
            if let Some(z) = z {
                zs.push(z.clone());
                strides.push(self.base_stride(parent.base, parent.dims[d]).unwrap_or_else(|| "1".into()));
                dims.push(parent.dims[d]);
            }
        }
        let bn = self.bname(parent.base);
        self.line(&format!(
            "{name} = memref.reinterpret_cast {bn} to offset: [{at}], sizes: [{}], strides: [{}] : {} to {}",
            zs.join(", "),
            strides.join(", "),
            parent.base.type_name(),
            view.type_name()
        ));
        self.view_base.insert(view, ExecView { base: parent.base, at: Some(at), dims });
    }

    fn block(&mut self, stmts: &[Stmt]) {
        for s in stmts {
            self.stmt(s);
        }
    }

    fn nested(&mut self, stmts: &[Stmt]) {
        self.indent += 1;
        self.block(stmts);
        self.indent -= 1;
    }

    fn stmt(&mut self, s: &Stmt) {
        match s {
            Stmt::Par { kind, vars, lbs, ubs, steps, body } => {
                let ivs: Vec<String> = vars.iter().map(|v| format!("%i{v}")).collect();
                let literal =
                    matches!(kind, ParKind::Forall { static_consts: true } | ParKind::ForallIn { static_consts: true });
                let ubs: Vec<String> = ubs.iter().map(|e| self.par_operand(e, literal)).collect();
                let head = match kind {
                    ParKind::ForallIn { .. } => format!("scf.forall ({}) in ({}) {{", ivs.join(", "), ubs.join(", ")),
                    _ => {
                        let lbs: Vec<String> = lbs.iter().map(|e| self.par_operand(e, literal)).collect();
                        let steps: Vec<String> =
                            steps.iter().map(|&c| self.par_operand(&Ix::Const(c), literal)).collect();
                        let op = if *kind == ParKind::Parallel { "scf.parallel" } else { "scf.forall" };
                        format!(
                            "{op} ({}) = ({}) to ({}) step ({}) {{",
                            ivs.join(", "),
                            lbs.join(", "),
                            ubs.join(", "),
                            steps.join(", ")
                        )
                    }
                };
                for (v, iv) in vars.iter().zip(&ivs) {
                    self.names[*v] = iv.clone();
                }
                self.line(&head);
                self.nested(body);
                if *kind == ParKind::Parallel {
                    self.line("  scf.reduce");
                }
                self.line("}");
            }
            Stmt::AffineFor { var, lb, ub, step, body } => {
                let (l, u) = (self.bound_text(lb, "max"), self.bound_text(ub, "min"));
                let iv = format!("%i{var}");
                self.names[*var] = iv.clone();
                self.line(&format!("affine.for {iv} = {l} to {u} step {step} {{"));
                self.nested(body);
                self.line("}");
            }
            Stmt::Let { var, value } => {
                let v = self.ix(value);
                self.names[*var] = v;
            }
            Stmt::Subview { k, view, src, off, size } => {
                let offs: Vec<String> = off.iter().map(|e| self.ix(e)).collect();
                let sizes: Vec<Option<String>> = size
                    .iter()
                    .map(|z| match z {
                        SvSize::Keep(e) => Some(self.ix(e)),
                        SvSize::Drop => None,
                    })
                    .collect();
                let name = format!("%t{k}");
                if self.exec {
                    self.subview_check(*k, *src, &offs, &sizes);
                    self.reinterpret_view(&name, *view, *src, &offs, &sizes);
                } else {
                    let sn = self.bname(*src);
                    let zs: Vec<String> = sizes.iter().map(|z| z.clone().unwrap_or_else(|| "1".into())).collect();
                    let ones = vec!["1"; offs.len()].join(", ");
                    self.line(&format!(
                        "{name} = memref.subview {sn}[{}] [{}] [{ones}] : {} to {} loc(\"{}\":{k}:1)",
                        offs.join(", "),
                        zs.join(", "),
                        src.type_name(),
                        view.type_name(),
                        self.case.subview_file()
                    ));
                }
                self.bufs.insert(*view, name);
            }
            Stmt::Alloc { size, dealloc, body } => {
                let z = self.ix(size);
                let name = format!("%o{}", self.next);
                self.line(&format!("{name} = memref.alloc({z}) : memref<?xi32>"));
                self.bufs.insert(Buf::O, name.clone());
                self.block(body);
                if *dealloc {
                    self.line(&format!("memref.dealloc {name} : memref<?xi32>"));
                }
            }
            Stmt::Access(acc) => {
                self.access(acc);
            }
            Stmt::If { cond, then, els } => {
                let c = self.cond(cond);
                self.line(&format!("scf.if {c} {{"));
                self.nested(then);
                if !els.is_empty() {
                    self.line("} else {");
                    self.nested(els);
                }
                self.line("}");
            }
            Stmt::Exit { cond, target, cont, only_if } => {
                let c = self.cond(cond);
                let t = format!("%tok{target}");
                let exit = match (self.targets[target], cont) {
                    (Target::LoomFor, true) => format!("loom.continue {t}"),
                    (Target::LoomFor, false) => format!("loom.break {t}"),
                    (Target::LoomLoop { step }, true) => {
                        let x = self.names[*target].clone();
                        let k = self.konst(step);
                        let nx = self.bin("addi", &x, &k);
                        format!("loom.continue {t}, {nx} : index")
                    }
                    (Target::LoomLoop { .. }, false) => format!("loom.break {t}, {} : index", self.names[*target]),
                };
                match only_if {
                    None => self.line(&format!("loom.if {c} {{ {exit} }}")),
                    Some(d) => {
                        self.line(&format!("loom.if {c} {{"));
                        self.indent += 1;
                        let d = self.cond(d);
                        self.line(&format!("loom.if {d} {{ {exit} }}"));
                        self.line("loom.yield");
                        self.indent -= 1;
                        self.line("}");
                    }
                }
            }
            Stmt::Pair { i, j, bound, init_j, step_j, body } => {
                let zero = self.konst(0);
                let ub = self.ix(bound);
                let one = self.konst(1);
                let init = self.ix(init_j);
                let (iv, jv) = (format!("%i{i}"), format!("%j{j}"));
                self.names[*i] = iv.clone();
                self.names[*j] = jv.clone();
                self.line(&format!(
                    "%r{i} = scf.for {iv} = {zero} to {ub} step {one} iter_args({jv} = {init}) -> (index) {{"
                ));
                self.indent += 1;
                self.block(body);
                let k = self.konst(*step_j);
                let nj = self.bin("addi", &jv, &k);
                self.line(&format!("scf.yield {nj} : index"));
                self.indent -= 1;
                self.line("}");
            }
            Stmt::For { kind, var, lb, ub, step, body } => {
                let (lb, ub) = (self.ix(lb), self.ix(ub));
                let st = self.konst(*step);
                let iv = format!("%i{var}");
                self.names[*var] = iv.clone();
                match kind {
                    ForKind::Scf => self.line(&format!("scf.for {iv} = {lb} to {ub} step {st} {{")),
                    ForKind::Loom => {
                        self.targets.insert(*var, Target::LoomFor);
                        self.line(&format!("loom.for {iv} = {lb} to {ub} step {st} token(%tok{var}) {{"));
                    }
                }
                self.nested(body);
                if *kind == ForKind::Loom {
                    self.line("  loom.yield");
                }
                self.line("}");
            }
            Stmt::While { var, init, cond, step, body } => {
                let init = self.ix(init);
                let (x, y) = (format!("%x{var}"), format!("%y{var}"));
                self.line(&format!("%w{var} = scf.while ({x} = {init}) : (index) -> index {{"));
                self.indent += 1;
                self.names[*var] = x.clone();
                let c = self.cond(cond);
                self.line(&format!("scf.condition({c}) {x} : index"));
                self.indent -= 1;
                self.line("} do {");
                self.line(&format!("^bb0({y}: index):"));
                self.indent += 1;
                self.names[*var] = y.clone();
                self.block(body);
                let k = self.konst(*step);
                let nx = self.bin("addi", &y, &k);
                self.line(&format!("scf.yield {nx} : index"));
                self.indent -= 1;
                self.line("}");
            }
            Stmt::Loop { var, init, exit, step, body } => {
                let init = self.ix(init);
                let x = format!("%x{var}");
                self.targets.insert(*var, Target::LoomLoop { step: *step });
                self.line(&format!(
                    "%w{var} = loom.loop token(%tok{var}) iter_args({x} = {init}) : (index) -> (index) {{"
                ));
                self.indent += 1;
                self.names[*var] = x.clone();
                let c = self.cond(exit);
                self.line(&format!("loom.if {c} {{ loom.break %tok{var}, {x} : index }}"));
                self.block(body);
                let k = self.konst(*step);
                let nx = self.bin("addi", &x, &k);
                self.line(&format!("loom.continue %tok{var}, {nx} : index"));
                self.indent -= 1;
                self.line("}");
            }
            Stmt::Sentinel { var, buf, guarded, probe, body } => {
                let zero = self.konst(0);
                let (x, y) = (format!("%x{var}"), format!("%y{var}"));
                self.line(&format!("%w{var} = scf.while ({x} = {zero}) : (index) -> index {{"));
                self.indent += 1;
                self.names[*var] = x.clone();
                let c = if *guarded {
                    let d = self.dim(*buf, 0);
                    let inb = self.def(&format!("arith.cmpi slt, {x}, {d} : index"));
                    let g = format!("%g{var}");
                    self.line(&format!("{g} = scf.if {inb} -> (i1) {{"));
                    self.indent += 1;
                    let ne = self.sentinel_test(probe);
                    self.line(&format!("scf.yield {ne} : i1"));
                    self.indent -= 1;
                    self.line("} else {");
                    self.indent += 1;
                    let f = self.def("arith.constant false");
                    self.line(&format!("scf.yield {f} : i1"));
                    self.indent -= 1;
                    self.line("}");
                    g
                } else {
                    self.sentinel_test(probe)
                };
                self.line(&format!("scf.condition({c}) {x} : index"));
                self.indent -= 1;
                self.line("} do {");
                self.line(&format!("^bb0({y}: index):"));
                self.indent += 1;
                self.names[*var] = y.clone();
                self.block(body);
                let k = self.konst(1);
                let nx = self.bin("addi", &y, &k);
                self.line(&format!("scf.yield {nx} : index"));
                self.indent -= 1;
                self.line("}");
            }
            Stmt::Search(s) => {
                let (il, ih) = (self.ix(&s.init_lo), self.ix(&s.init_hi));
                let v = s.lo;
                let (lo, hi, blo, bhi) = (format!("%lo{v}"), format!("%hi{v}"), format!("%blo{v}"), format!("%bhi{v}"));
                self.line(&format!(
                    "%w{v}:2 = scf.while ({lo} = {il}, {hi} = {ih}) : (index, index) -> (index, index) {{"
                ));
                self.indent += 1;
                let c = self.def(&format!("arith.cmpi {}, {lo}, {hi} : index", s.pred.name()));
                self.line(&format!("scf.condition({c}) {lo}, {hi} : index, index"));
                self.indent -= 1;
                self.line("} do {");
                self.line(&format!("^bb0({blo}: index, {bhi}: index):"));
                self.indent += 1;
                self.names[s.lo] = blo.clone();
                self.names[s.hi] = bhi.clone();
                let mid = self.ix(&s.mid_expr);
                self.names[s.mid] = mid.clone();
                self.block(&s.body);
                let x = self.access(&s.probe).expect("the probe is a load");
                let key = self.def("arith.index_cast %n : index to i32");
                let lt = self.def(&format!("arith.cmpi slt, {x}, {key} : i32"));
                let one = self.konst(1);
                let up = self.bin("addi", &mid, &one);
                let nlo = self.def(&format!("arith.select {lt}, {up}, {blo} : index"));
                let keep = if s.grow { self.bin("addi", &bhi, &one) } else { bhi.clone() };
                let down = if s.inclusive { self.bin("subi", &mid, &one) } else { mid };
                let nhi = self.def(&format!("arith.select {lt}, {keep}, {down} : index"));
                self.line(&format!("scf.yield {nlo}, {nhi} : index, index"));
                self.indent -= 1;
                self.line("}");
            }
        }
    }
}

/// The function of `case`: plain, or with the executed copy's checks.
fn function(case: &BoundsCase, exec: bool) -> String {
    let mut e = Emitter {
        case,
        out: String::new(),
        next: 0,
        indent: 0,
        exec,
        names: vec![String::new(); case.vars],
        targets: HashMap::new(),
        bufs: HashMap::new(),
        view_base: HashMap::new(),
    };
    e.line(&format!(
        "func.func @{}(%A: memref<?xi32>, %B: memref<?xi32>, %M: memref<?x?xf32>, %n: index, %m: index) {{",
        case.name()
    ));
    e.nested(&case.body);
    e.line("  return");
    e.line("}");
    e.out
}

/// The plain function of `case` (what loom analyses).
pub fn plain_function(case: &BoundsCase) -> String {
    function(case, false)
}

/// A module of plain functions, for `loom-report`.
pub fn plain_module(cases: &[BoundsCase]) -> String {
    // The 32-bit programs in one nested module (a `gpu.module` when the
    // first seed is odd): MLIR 22's verifier crashes on two nested modules
    // with identical DLTI specs.
    let nested: Vec<&BoundsCase> = cases.iter().filter(|c| c.iw == 32).collect();
    let gpu = cases.first().is_some_and(|c| c.id % 2 == 1) && !nested.is_empty();
    let mut s = String::from(if gpu { "module attributes {gpu.container_module} {\n" } else { "module {\n" });
    for c in cases.iter().filter(|c| c.iw != 32) {
        s.push_str(&plain_function(c));
    }
    if !nested.is_empty() {
        let op = if gpu { "gpu.module" } else { "module" };
        s.push_str(&format!("{op} @dev32 attributes {{dlti.dl_spec = #dlti.dl_spec<index = 32 : i64>}} {{\n"));
        for c in nested {
            s.push_str(&plain_function(c));
        }
        s.push_str("}\n");
    }
    s.push_str("}\n");
    s
}

/// Filling and hashing the buffers, as `simulate::initial`/`hash` model them.
const DRIVER_HELPERS: &str = r#"func.func @fill1(%b: memref<?xi32>, %mul: i32, %add: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %d = memref.dim %b, %c0 : memref<?xi32>
  scf.for %i = %c0 to %d step %c1 {
    %t = arith.index_cast %i : index to i32
    %u = arith.muli %t, %mul : i32
    %v = arith.addi %u, %add : i32
    memref.store %v, %b[%i] : memref<?xi32>
  }
  return
}
func.func @fill2(%b: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : i32
  %d0 = memref.dim %b, %c0 : memref<?x?xf32>
  %d1 = memref.dim %b, %c1 : memref<?x?xf32>
  scf.for %i = %c0 to %d0 step %c1 {
    scf.for %j = %c0 to %d1 step %c1 {
      %ti = arith.index_cast %i : index to i32
      %tj = arith.index_cast %j : index to i32
      %u = arith.muli %ti, %c7 : i32
      %v = arith.addi %u, %tj : i32
      %f = arith.sitofp %v : i32 to f32
      memref.store %f, %b[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
func.func @hash1(%b: memref<?xi32>, %h0: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c31 = arith.constant 31 : i64
  %d = memref.dim %b, %c0 : memref<?xi32>
  %r = scf.for %i = %c0 to %d step %c1 iter_args(%h = %h0) -> i64 {
    %x = memref.load %b[%i] : memref<?xi32>
    %y = arith.extsi %x : i32 to i64
    %m = arith.muli %h, %c31 : i64
    %s = arith.addi %m, %y : i64
    scf.yield %s : i64
  }
  return %r : i64
}
func.func @hash2(%b: memref<?x?xf32>, %h0: i64) -> i64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c31 = arith.constant 31 : i64
  %d0 = memref.dim %b, %c0 : memref<?x?xf32>
  %d1 = memref.dim %b, %c1 : memref<?x?xf32>
  %r = scf.for %i = %c0 to %d0 step %c1 iter_args(%h = %h0) -> i64 {
    %q = scf.for %j = %c0 to %d1 step %c1 iter_args(%g = %h) -> i64 {
      %x = memref.load %b[%i, %j] : memref<?x?xf32>
      %y = arith.fptosi %x : f32 to i64
      %m = arith.muli %g, %c31 : i64
      %s = arith.addi %m, %y : i64
      scf.yield %s : i64
    }
    scf.yield %q : i64
  }
  return %r : i64
}
"#;

/// The executed module: every program of `runs` (with its footprint
/// checks), a `@r<k>` per run `k` (the `k`-th `(case, argument set)`),
/// and `@bounds_run(k) -> i64`.
pub fn exec_module(runs: &[(&BoundsCase, usize)]) -> String {
    let mut s = String::from("module {\n");
    s.push_str(DRIVER_HELPERS);
    let mut emitted = std::collections::HashSet::new();
    for (c, _) in runs {
        if emitted.insert(c.id) {
            s.push_str(&function(c, true));
        }
    }
    for (k, (c, set)) in runs.iter().enumerate() {
        let a = &c.arg_sets[*set];
        let _ = writeln!(s, "func.func @r{k}() -> i64 {{");
        let _ = writeln!(s, "  %sa = arith.constant {} : index", a.a_len);
        let _ = writeln!(s, "  %sb = arith.constant {} : index", a.b_len);
        let _ = writeln!(s, "  %s0 = arith.constant {} : index", a.m_dims.0);
        let _ = writeln!(s, "  %s1 = arith.constant {} : index", a.m_dims.1);
        let _ = writeln!(s, "  %A = memref.alloc(%sa) : memref<?xi32>");
        let _ = writeln!(s, "  %B = memref.alloc(%sb) : memref<?xi32>");
        let _ = writeln!(s, "  %M = memref.alloc(%s0, %s1) : memref<?x?xf32>");
        for (name, v) in [("%c1", 1), ("%c2", 2), ("%c3", 3), ("%c5", 5)] {
            let _ = writeln!(s, "  {name} = arith.constant {v} : i32");
        }
        let _ = writeln!(s, "  func.call @fill1(%A, %c3, %c1) : (memref<?xi32>, i32, i32) -> ()");
        let _ = writeln!(s, "  func.call @fill1(%B, %c5, %c2) : (memref<?xi32>, i32, i32) -> ()");
        let _ = writeln!(s, "  func.call @fill2(%M) : (memref<?x?xf32>) -> ()");
        let _ = writeln!(s, "  %n = arith.constant {} : index", a.n);
        let _ = writeln!(s, "  %m = arith.constant {} : index", a.m);
        let _ = writeln!(
            s,
            "  func.call @{}(%A, %B, %M, %n, %m) : (memref<?xi32>, memref<?xi32>, memref<?x?xf32>, index, index) -> ()",
            c.name()
        );
        let _ = writeln!(s, "  %h0 = arith.constant 0 : i64");
        let _ = writeln!(s, "  %h1 = func.call @hash1(%A, %h0) : (memref<?xi32>, i64) -> i64");
        let _ = writeln!(s, "  %h2 = func.call @hash1(%B, %h1) : (memref<?xi32>, i64) -> i64");
        let _ = writeln!(s, "  %h3 = func.call @hash2(%M, %h2) : (memref<?x?xf32>, i64) -> i64");
        let _ = writeln!(s, "  memref.dealloc %A : memref<?xi32>");
        let _ = writeln!(s, "  memref.dealloc %B : memref<?xi32>");
        let _ = writeln!(s, "  memref.dealloc %M : memref<?x?xf32>");
        let _ = writeln!(s, "  return %h3 : i64\n}}");
    }
    s.push_str("func.func @bounds_run(%k: i32) -> i64 {\n  %ki = arith.index_cast %k : i32 to index\n");
    s.push_str("  %r = scf.index_switch %ki -> i64\n");
    for k in 0..runs.len() {
        let _ = writeln!(s, "  case {k} {{\n    %h = func.call @r{k}() : () -> i64\n    scf.yield %h : i64\n  }}");
    }
    s.push_str("  default {\n    %d = arith.constant -1 : i64\n    scf.yield %d : i64\n  }\n  return %r : i64\n}\n}\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bounds_fuzz::model::{ClaimStart, DivOp};

    #[test]
    fn affine_maps_as_text() {
        let rest = Lin { c: 0, d: vec![-1], s: vec![1] };
        let m = AffMap {
            min: true,
            results: vec![Lin::c(4), rest],
            dims: vec![Ix::Var(0)],
            syms: vec![Ix::Arg(Scalar::N)],
        };
        assert_eq!(map_text(&m), "affine_map<(d0)[s0] -> (4, s0 - d0)>");
        assert_eq!(lin_text(&Lin { c: 1, d: vec![-1], s: vec![1] }), "s0 - d0 + 1");
        assert_eq!(lin_text(&Lin { c: -2, d: vec![-1, 2], s: Vec::new() }), "d1 * 2 - d0 - 2");
        assert_eq!(lin_text(&Lin { c: 0, d: vec![-1], s: Vec::new() }), "0 - d0");
        let apply = AffMap {
            min: false,
            results: vec![Lin { c: 0, d: vec![1, 1], s: Vec::new() }],
            dims: vec![Ix::Var(0), Ix::Var(1)],
            syms: Vec::new(),
        };
        assert_eq!(map_text(&apply), "affine_map<(d0, d1) -> (d0 + d1)>");
    }

    #[test]
    fn affine_trees_as_maps_and_access_indices_and_2d_views() {
        // affine.for %i = 0 to 3 { %M row view at [%i, 0], stored to at
        // affine.apply ((%i + s0) floordiv 2 - s0 floordiv 2); affine.load
        // %A at %i mod 4 + %i + symbol(%n) }.
        let n = Ix::Arg(Scalar::N);
        let e = Ix::Var(0).plus(n.clone()).div(DivOp::FloorDiv, 2).minus(n.clone().div(DivOp::FloorDiv, 2));
        let row = Stmt::Subview {
            k: 1,
            view: Buf::Row,
            src: Buf::M,
            off: vec![Ix::Var(0), Ix::Const(0)],
            size: vec![SvSize::Drop, SvSize::Keep(Ix::Dim(Buf::M, 1))],
        };
        let st = Access { id: 1, kind: AccKind::Store, buf: Buf::Row, idx: vec![Ix::AffineApply(Box::new(e))] };
        let ld = Access {
            id: 2,
            kind: AccKind::AVLoad(4),
            buf: Buf::A,
            idx: vec![Ix::Var(0).div(DivOp::Mod, 4).plus(Ix::Var(0)).plus(n)],
        };
        let body = vec![row, Stmt::Access(st), Stmt::Access(ld)];
        let three = AffMap { min: false, results: vec![Lin::c(3)], dims: Vec::new(), syms: Vec::new() };
        let zero = AffMap { results: vec![Lin::c(0)], ..three.clone() };
        let case = BoundsCase {
            id: 7,
            body: vec![Stmt::AffineFor { var: 0, lb: zero, ub: three, step: 1, body }],
            accesses: vec![(AccKind::Store, Buf::Row), (AccKind::AVLoad(4), Buf::A)],
            vars: 1,
            arg_sets: Vec::new(),
            iw: 64,
            subviews: 1,
            pipeline_first: 1,
            lower_affine: false,
            more_first: ClaimStart { access: 1, subview: 1 },
        };
        let plain = plain_function(&case);
        for text in [
            "affine.apply affine_map<(d0)[s0] -> ((((d0 + s0) floordiv 2) - (s0 floordiv 2)))>(%i0)[%n]",
            "affine.vector_load %A[(((%i0 mod 4) + %i0) + symbol(%n))] : memref<?xi32>, vector<4xi32> loc(\"b7\":2:1)",
            "memref.subview %M[%i0, %v1] [1, %v3] [1, 1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>> loc(\"b7.sv\":1:1)",
        ] {
            assert!(plain.contains(text), "{text} not in\n{plain}");
        }
        // The executed copy: the row as a reinterpret_cast of %M at %i * dim(%M, 1),
        // the vector's footprint checked at the same map's value.
        let exec = function(&case, true);
        assert!(exec.contains("memref.reinterpret_cast %M to offset: ["), "{exec}");
        assert!(exec.contains("strides: [1] : memref<?x?xf32> to memref<?xf32, strided<[1], offset: ?>>"), "{exec}");
        assert!(exec.contains("affine.apply affine_map<(d0)[s0] -> ((((d0 mod 4) + d0) + s0))>(%i0)[%n]"), "{exec}");
        assert!(exec.contains("(bounds-fuzz footprint check)"), "{exec}");
    }
}
