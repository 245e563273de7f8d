//! The text of a call-site program (`super`): the kernel with its guarded
//! accesses, the helper, `@cs<id>` with its buffers and calls, and a
//! `@main` that calls it.
//!
//! Each access carries `loc("cs<id>":<k>:1)` (k from 1), each call of the
//! kernel `loc("cs<id>.call":<site>:1)`. Before a call the caller stores
//! the sizes of the buffers it passes into `%L` (`%A`'s, `%B`'s, `%M`'s
//! two), which the kernel loads for its guards, and prints
//! [`super::CALL`] plus the site (inside the call's guard, so only calls
//! that run print).
//!
//! Invariant: every value name is unique in its function (suffixed with
//! the access's index or the call's site).

use std::fmt::Write as _;

use super::super::single::DECLS;
use super::{Acc, Alloc, Buf, BufRef, CallCase, Caller, Guard, Off, Src, Ty, Ub, Vis, CALL};

/// `%L`'s size: the four limits, and room so that no access to it is near
/// its end (a planted claim reads every proven index one further).
pub const LIMITS: i64 = 8;

/// Prints the i64 `value` (a fresh `%{name}`).
fn print(s: &mut String, indent: &str, name: &str, value: u64) {
    let _ = writeln!(s, "{indent}%{name} = arith.constant {value} : i64");
    let _ = writeln!(s, "{indent}func.call @printI64(%{name}) : (i64) -> ()");
    let _ = writeln!(s, "{indent}func.call @printNewline() : () -> ()");
}

impl CallCase {
    /// `%M`'s type.
    fn grid_ty(&self) -> String {
        match self.m_cols {
            Some(c) => format!("memref<?x{c}xi32>"),
            None => "memref<?x?xi32>".into(),
        }
    }

    /// The kernel's function type.
    fn signature(&self) -> String {
        format!(
            "({}, {}, memref<?xi32>, memref<?xi32>, {}, memref<{LIMITS}xindex>) -> ()",
            self.n_ty.text(),
            self.m_ty.text(),
            self.grid_ty()
        )
    }

    /// The program's MLIR text (functions, no module).
    pub fn program(&self) -> String {
        format!(
            "{DECLS}{}func.func @main() {{\n  func.call @{}() : () -> ()\n  return\n}}\n",
            self.functions(),
            self.name()
        )
    }

    /// The kernel, the helper and `@cs<id>`.
    pub fn functions(&self) -> String {
        let mut s = self.kernel_text();
        if !self.helper_calls.is_empty() {
            s.push_str(&self.helper_text());
        }
        s.push_str(&self.main_text());
        s
    }

    fn kernel_text(&self) -> String {
        let (name, g) = (self.name(), self.grid_ty());
        let vis = if self.vis == Vis::Public { "" } else { "private " };
        let mut s = format!(
            "func.func {vis}@{}(%n: {}, %m: {}, %A: memref<?xi32>, %B: memref<?xi32>, %M: {g}, %L: memref<{LIMITS}xindex>) {{\n",
            self.kernel(),
            self.n_ty.text(),
            self.m_ty.text()
        );
        s.push_str("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n");
        s.push_str("  %c2 = arith.constant 2 : index\n  %c3 = arith.constant 3 : index\n");
        s.push_str("  %v = arith.constant 7 : i32\n");
        for (k, l) in ["lA", "lB", "lR", "lC"].iter().enumerate() {
            let _ = writeln!(s, "  %{l} = memref.load %L[%c{k}] : memref<{LIMITS}xindex>");
        }
        let scalar = |s: &mut String, v: &str, t: Ty| {
            if t == Ty::I32 {
                let _ = writeln!(s, "  %{v}i = arith.index_cast %{v} : i32 to index");
                format!("%{v}i")
            } else {
                format!("%{v}")
            }
        };
        let n = scalar(&mut s, "n", self.n_ty);
        let m = scalar(&mut s, "m", self.m_ty);
        for (k, a) in self.accs.iter().enumerate() {
            let id = k + 1;
            let bound = |s: &mut String, u: Ub, tag: &str| match u {
                Ub::N => n.clone(),
                Ub::M => m.clone(),
                Ub::Dim(b) => {
                    let buf = if b == Buf::A { "%A" } else { "%B" };
                    let _ = writeln!(s, "  %u{tag}{k} = memref.dim {buf}, %c0 : memref<?xi32>");
                    format!("%u{tag}{k}")
                }
                Ub::DimM(d) => {
                    let _ = writeln!(s, "  %u{tag}{k} = memref.dim %M, %c{d} : {g}");
                    format!("%u{tag}{k}")
                }
                Ub::Const(c) => {
                    let _ = writeln!(s, "  %u{tag}{k} = arith.constant {c} : index");
                    format!("%u{tag}{k}")
                }
            };
            let (store, buf_ty, buf, idx, cond, open) = match *a {
                Acc::Line { store, buf, lo, ub, step, off } => {
                    let u = bound(&mut s, ub, "");
                    let _ =
                        writeln!(s, "  %lo{k} = arith.constant {lo} : index\n  %st{k} = arith.constant {step} : index");
                    let _ = writeln!(s, "  scf.for %i{k} = %lo{k} to {u} step %st{k} {{");
                    let x = match off {
                        Off::C(0) => format!("%i{k}"),
                        Off::C(c) => {
                            let op = if c > 0 { "addi" } else { "subi" };
                            let _ = writeln!(s, "    %o{k} = arith.constant {} : index", c.abs());
                            let _ = writeln!(s, "    %x{k} = arith.{op} %i{k}, %o{k} overflow<nsw> : index");
                            format!("%x{k}")
                        }
                        Off::M => {
                            let _ = writeln!(s, "    %x{k} = arith.addi %i{k}, {m} overflow<nsw> : index");
                            format!("%x{k}")
                        }
                    };
                    let lim = if buf == Buf::A { "%lA" } else { "%lB" };
                    let _ = writeln!(s, "    %ok{k} = arith.cmpi ult, {x}, {lim} : index");
                    let name = if buf == Buf::A { "%A" } else { "%B" };
                    (store, "memref<?xi32>".to_string(), name, x, format!("%ok{k}"), 1)
                }
                Acc::Grid { store, rows, cols, shift } => {
                    let r = bound(&mut s, rows, "r");
                    let c = bound(&mut s, cols, "c");
                    let _ = writeln!(s, "  scf.for %i{k} = %c0 to {r} step %c1 {{");
                    let _ = writeln!(s, "    scf.for %j{k} = %c0 to {c} step %c1 {{");
                    let y = if shift == 0 {
                        format!("%j{k}")
                    } else {
                        let _ = writeln!(s, "      %o{k} = arith.constant {shift} : index");
                        let _ = writeln!(s, "      %y{k} = arith.addi %j{k}, %o{k} overflow<nsw> : index");
                        format!("%y{k}")
                    };
                    let _ = writeln!(s, "      %a{k} = arith.cmpi ult, %i{k}, %lR : index");
                    let _ = writeln!(s, "      %b{k} = arith.cmpi ult, {y}, %lC : index");
                    let _ = writeln!(s, "      %ok{k} = arith.andi %a{k}, %b{k} : i1");
                    (store, g.clone(), "%M", format!("%i{k}, {y}"), format!("%ok{k}"), 2)
                }
            };
            let ind = "  ".repeat(open + 1);
            let _ = writeln!(s, "{ind}scf.if {cond} {{");
            if store {
                let _ = writeln!(s, "{ind}  memref.store %v, {buf}[{idx}] : {buf_ty} loc(\"{name}\":{id}:1)");
            } else {
                let _ = writeln!(s, "{ind}  %r{k} = memref.load {buf}[{idx}] : {buf_ty} loc(\"{name}\":{id}:1)");
            }
            let _ = writeln!(s, "{ind}}} else {{");
            print(&mut s, &format!("{ind}  "), &format!("p{k}"), id as u64);
            let _ = writeln!(s, "{ind}}}");
            for depth in (1..=open).rev() {
                let _ = writeln!(s, "{}}}", "  ".repeat(depth));
            }
        }
        s.push_str("  return\n}\n");
        s
    }

    /// The calls of `caller` (through the taken address if `indirect`), in
    /// site order, with its 1-D buffers named `bufs` and its 2-D one
    /// `grid`.
    fn calls_text(&self, s: &mut String, caller: Caller, indirect: bool, bufs: &[String], grid: &str) {
        let g = self.grid_ty();
        let mine = |i: &usize| self.calls[*i].caller == caller && self.calls[*i].indirect == indirect;
        for i in (0..self.calls.len()).filter(mine) {
            let c = &self.calls[i];
            let site = i + 1;
            let mut ind = "  ".to_string();
            if let Some(t) = c.trips {
                let _ = writeln!(s, "  %tn{site} = arith.constant {t} : index");
                let _ = writeln!(s, "  scf.for %t{site} = %c0 to %tn{site} step %c1 {{");
                ind.push_str("  ");
            }
            let dim = |s: &mut String, r: BufRef, tag: &str| {
                let v = format!("%d{tag}{site}");
                match r {
                    BufRef::One(k) => {
                        let _ = writeln!(s, "{ind}{v} = memref.dim {}, %c0 : memref<?xi32>", bufs[k]);
                    }
                    BufRef::Two(d) => {
                        let _ = writeln!(s, "{ind}{v} = memref.dim {grid}, %c{d} : {g}");
                    }
                }
                v
            };
            // Each scalar as an index value, then in the kernel's type.
            let scalar = |s: &mut String, src: Src, tag: &str, ty: Ty| -> (String, String) {
                let v = format!("%{tag}{site}");
                match src {
                    Src::Const(c) => {
                        let _ = writeln!(s, "{ind}{v} = arith.constant {c} : index");
                        if ty == Ty::I32 {
                            let _ = writeln!(s, "{ind}{v}w = arith.constant {c} : i32");
                            return (v.clone(), format!("{v}w"));
                        }
                    }
                    Src::Dim(r) => {
                        let d = dim(s, r, tag);
                        let _ = writeln!(s, "{ind}{v} = arith.addi {d}, %c0 : index");
                    }
                    Src::DimAdd(r, c) => {
                        let d = dim(s, r, tag);
                        let _ = writeln!(s, "{ind}{v}c = arith.constant {c} : index");
                        let _ = writeln!(s, "{ind}{v} = arith.addi {d}, {v}c : index");
                    }
                    Src::DimHalf(r) => {
                        let d = dim(s, r, tag);
                        let _ = writeln!(s, "{ind}{v}c = arith.constant 2 : index");
                        let _ = writeln!(s, "{ind}{v} = arith.divui {d}, {v}c : index");
                    }
                    Src::Min(c, r) => {
                        let d = dim(s, r, tag);
                        let _ = writeln!(s, "{ind}{v}c = arith.constant {c} : index");
                        let _ = writeln!(s, "{ind}{v} = arith.minsi {v}c, {d} : index");
                    }
                    Src::Counter(c) => {
                        let _ = writeln!(s, "{ind}{v}c = arith.constant {c} : index");
                        let _ = writeln!(s, "{ind}{v} = arith.addi %t{site}, {v}c : index");
                    }
                    Src::K => {
                        let _ = writeln!(s, "{ind}{v} = arith.addi %k, %c0 : index");
                    }
                }
                if ty == Ty::I32 {
                    let _ = writeln!(s, "{ind}{v}w = arith.index_cast {v} : index to i32");
                    (v.clone(), format!("{v}w"))
                } else {
                    (v.clone(), v)
                }
            };
            let (n_idx, n) = scalar(s, c.n, "n", self.n_ty);
            let (_, m) = scalar(s, c.m, "m", self.m_ty);
            let a = match c.fresh {
                Some(k) => {
                    let _ = writeln!(s, "{ind}%fc{site} = arith.constant {k} : index");
                    let _ = writeln!(s, "{ind}%fs{site} = arith.addi %t{site}, %fc{site} : index");
                    let _ = writeln!(s, "{ind}%f{site} = memref.alloc(%fs{site}) : memref<?xi32>");
                    let _ = writeln!(s, "{ind}%da{site} = memref.dim %f{site}, %c0 : memref<?xi32>");
                    format!("%f{site}")
                }
                None => bufs[c.a].clone(),
            };
            let b = &bufs[c.b];
            let limits = [
                if c.fresh.is_some() { format!("%da{site}") } else { dim(s, BufRef::One(c.a), "a") },
                dim(s, BufRef::One(c.b), "b"),
                dim(s, BufRef::Two(0), "r"),
                dim(s, BufRef::Two(1), "c"),
            ];
            for (k, l) in limits.iter().enumerate() {
                let _ = writeln!(s, "{ind}%q{k}x{site} = arith.constant {k} : index");
                let _ = writeln!(s, "{ind}memref.store {l}, %L[%q{k}x{site}] : memref<{LIMITS}xindex>");
            }
            let outer = ind.clone();
            if let Some((r, slack, kind)) = c.guard {
                let d = dim(s, r, "g");
                let _ = writeln!(s, "{ind}%gs{site} = arith.constant {slack} : index");
                let _ = writeln!(s, "{ind}%gl{site} = arith.addi {d}, %gs{site} : index");
                let pred = match kind {
                    Guard::Ule => "ule",
                    Guard::Sle => "sle",
                    Guard::UgtElse => "ugt",
                };
                let _ = writeln!(s, "{ind}%gk{site} = arith.cmpi {pred}, {n_idx}, %gl{site} : index");
                let _ = writeln!(s, "{ind}scf.if %gk{site} {{");
                if kind == Guard::UgtElse {
                    let _ = writeln!(s, "{ind}}} else {{");
                }
                ind.push_str("  ");
            }
            print(s, &ind, &format!("cm{site}"), CALL + site as u64);
            let args = format!("{n}, {m}, {a}, {b}, {grid}, %L");
            let loc = format!("loc(\"{}.call\":{site}:1)", self.name());
            if c.indirect {
                let _ = writeln!(s, "{ind}func.call_indirect %kf({args}) : {} {loc}", self.signature());
            } else {
                let _ = writeln!(s, "{ind}func.call @{}({args}) : {} {loc}", self.kernel(), self.signature());
            }
            if c.guard.is_some() {
                let _ = writeln!(s, "{outer}}}");
            }
            if c.fresh.is_some() {
                let _ = writeln!(s, "{outer}memref.dealloc %f{site} : memref<?xi32>");
            }
            if c.trips.is_some() {
                s.push_str("  }\n");
            }
        }
    }

    fn helper_text(&self) -> String {
        let g = self.grid_ty();
        let mut s = format!(
            "func.func private @{}_h(%P: memref<?xi32>, %Q: memref<?xi32>, %R: {g}, %k: index, %L: memref<{LIMITS}xindex>) {{\n",
            self.name()
        );
        s.push_str("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n");
        self.calls_text(&mut s, Caller::Helper, false, &["%P".into(), "%Q".into()], "%R");
        s.push_str("  return\n}\n");
        s
    }

    fn main_text(&self) -> String {
        let g = self.grid_ty();
        let mut s = format!("func.func @{}() {{\n", self.name());
        s.push_str("  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n");
        let _ = writeln!(s, "  %L = memref.alloc() : memref<{LIMITS}xindex>");
        if self.vis == Vis::Taken {
            let _ = writeln!(s, "  %kf = func.constant @{} : {}", self.kernel(), self.signature());
        }
        let mut bufs = Vec::new();
        for (k, &(n, how)) in self.pool.iter().enumerate() {
            match how {
                Alloc::Static => {
                    let _ = writeln!(s, "  %s{k}s = memref.alloc() : memref<{n}xi32>");
                    let _ = writeln!(s, "  %s{k} = memref.cast %s{k}s : memref<{n}xi32> to memref<?xi32>");
                }
                Alloc::Const => {
                    let _ = writeln!(s, "  %s{k}n = arith.constant {n} : index");
                    let _ = writeln!(s, "  %s{k} = memref.alloc(%s{k}n) : memref<?xi32>");
                }
                Alloc::Computed => {
                    let _ = writeln!(s, "  %s{k}x = arith.constant {} : index", n / 2);
                    let _ = writeln!(s, "  %s{k}y = arith.constant {} : index", n - n / 2);
                    let _ = writeln!(s, "  %s{k}n = arith.addi %s{k}x, %s{k}y : index");
                    let _ = writeln!(s, "  %s{k} = memref.alloc(%s{k}n) : memref<?xi32>");
                }
            }
            bufs.push(format!("%s{k}"));
        }
        let (rows, cols, fixed) = self.grid;
        if fixed {
            let _ = writeln!(s, "  %gs = memref.alloc() : memref<{rows}x{cols}xi32>");
            let _ = writeln!(s, "  %g = memref.cast %gs : memref<{rows}x{cols}xi32> to {g}");
        } else {
            let _ = writeln!(s, "  %gr = arith.constant {rows} : index");
            if self.m_cols.is_some() {
                let _ = writeln!(s, "  %g = memref.alloc(%gr) : {g}");
            } else {
                let _ = writeln!(s, "  %gc = arith.constant {cols} : index");
                let _ = writeln!(s, "  %g = memref.alloc(%gr, %gc) : {g}");
            }
        }
        // The direct calls, then the helper's, then the indirect one (the
        // order of `CallCase::invocations`).
        self.calls_text(&mut s, Caller::Main, false, &bufs, "%g");
        for (j, h) in self.helper_calls.iter().enumerate() {
            let _ = writeln!(s, "  %hk{j} = arith.constant {} : index", h.k);
            let _ = writeln!(
                s,
                "  func.call @{}_h(%s{}, %s{}, %g, %hk{j}, %L) : (memref<?xi32>, memref<?xi32>, {g}, index, memref<{LIMITS}xindex>) -> ()",
                self.name(),
                h.p,
                h.q
            );
        }
        self.calls_text(&mut s, Caller::Main, true, &bufs, "%g");
        for b in &bufs {
            let _ = writeln!(s, "  memref.dealloc {b} : memref<?xi32>");
        }
        let _ = writeln!(s, "  memref.dealloc %g : {g}\n  memref.dealloc %L : memref<{LIMITS}xindex>\n  return\n}}");
        s
    }
}
