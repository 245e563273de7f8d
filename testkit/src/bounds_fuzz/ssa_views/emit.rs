//! The text of an SSA-constant view program (`super`): each view's
//! operands spelled as the case says, the check printed before each
//! subview, the loop and the guarded stores, and `@main`.
//!
//! Invariant: every value name is unique in the function (suffixed with
//! the view's index or the claim's id).

use std::fmt::Write as _;
use std::path::Path;

use crate::tools::Ending;

use super::super::single::{function_head, function_tail, observe, Observed, Single, DECLS};
use super::{Bound, Claim, Spell, SsaViewCase, ViewKind, THROUGH};

/// The operand text of `v` spelled `sp` (emitting its definition as
/// `%name` unless it is a static entry).
fn operand(s: &mut String, name: &str, v: i64, sp: Spell) -> String {
    match sp {
        Spell::Attr => return v.to_string(),
        Spell::Arith => {
            let _ = writeln!(s, "  %{name} = arith.constant {v} : index");
        }
        Spell::IndexConst => {
            let _ = writeln!(s, "  %{name} = index.constant {v}");
        }
        Spell::CastI32 | Spell::CastI64 => {
            let ty = if sp == Spell::CastI32 { "i32" } else { "i64" };
            let _ = writeln!(s, "  %{name}w = arith.constant {v} : {ty}");
            let _ = writeln!(s, "  %{name} = arith.index_cast %{name}w : {ty} to index");
        }
    }
    format!("%{name}")
}

/// The static entry of a result type: the value if static, else `?`.
fn entry(v: i64, sp: Spell) -> String {
    if sp == Spell::Attr {
        v.to_string()
    } else {
        "?".into()
    }
}

/// Emits a fresh value `%{name}` equal to `v` that loom cannot see
/// through (stored to and loaded from `%L`).
fn opaque(s: &mut String, indent: &str, name: &str, v: i64) {
    let _ = writeln!(s, "{indent}%{name}k = arith.constant {v} : index");
    let _ = writeln!(s, "{indent}memref.store %{name}k, %L[%c1s] : memref<2xindex>");
    let _ = writeln!(s, "{indent}%{name} = memref.load %L[%c1s] : memref<2xindex>");
}

impl SsaViewCase {
    /// The guarded store of claim `id` through view `k` (`%v{k}` of type
    /// `ty`) at index `%{x}`: in the view's bounds and inside the source
    /// allocation, or the id printed (plus [`THROUGH`] for the second).
    fn guarded_store(&self, s: &mut String, indent: &str, k: usize, ty: &str, id: usize, x: &str) {
        let v = &self.views[k];
        let name = self.name();
        let g = format!("g{id}");
        opaque(s, indent, &format!("{g}vl"), v.size);
        let _ = writeln!(s, "{indent}%{g}a = arith.cmpi ult, {x}, %{g}vl : index");
        let (base, mul) = match v.kind {
            ViewKind::Row { .. } => (v.row * self.cols + v.off, 1),
            _ => (v.off, v.stride),
        };
        let (_, total) = v.element(self, 0);
        let _ = writeln!(s, "{indent}%{g}m = arith.constant {mul} : index");
        let _ = writeln!(s, "{indent}%{g}o = arith.constant {base} : index");
        let _ = writeln!(s, "{indent}%{g}p = arith.muli {x}, %{g}m : index");
        let _ = writeln!(s, "{indent}%{g}e = arith.addi %{g}p, %{g}o : index");
        opaque(s, indent, &format!("{g}tl"), total);
        let _ = writeln!(s, "{indent}%{g}b = arith.cmpi ult, %{g}e, %{g}tl : index");
        let _ = writeln!(s, "{indent}%{g}ok = arith.andi %{g}a, %{g}b : i1");
        let _ = writeln!(s, "{indent}scf.if %{g}ok {{");
        let _ = writeln!(s, "{indent}  memref.store %v, %v{k}[{x}] : {ty} loc(\"{name}\":{id}:1)");
        let _ = writeln!(s, "{indent}}} else {{");
        let _ = writeln!(s, "{indent}  %{g}i = arith.constant {id} : i64");
        let _ = writeln!(s, "{indent}  %{g}t = arith.constant {} : i64", id as u64 + THROUGH);
        let _ = writeln!(s, "{indent}  %{g}q = arith.select %{g}a, %{g}t, %{g}i : i64");
        let _ = writeln!(s, "{indent}  func.call @printI64(%{g}q) : (i64) -> ()");
        let _ = writeln!(s, "{indent}  func.call @printNewline() : () -> ()");
        let _ = writeln!(s, "{indent}}}");
    }

    /// Prints claim `id` unless `%{a} ult %{b}`-style conditions `conds`
    /// (pairs of a constant and the limit it must stay below) all hold.
    fn source_check(&self, s: &mut String, id: usize, conds: &[(i64, i64)]) {
        let g = format!("c{id}");
        let mut all = String::new();
        for (j, &(x, lim)) in conds.iter().enumerate() {
            let _ = writeln!(s, "  %{g}x{j} = arith.constant {x} : index");
            opaque(s, "  ", &format!("{g}l{j}"), lim);
            let _ = writeln!(s, "  %{g}b{j} = arith.cmpi ult, %{g}x{j}, %{g}l{j} : index");
            all = if j == 0 {
                format!("%{g}b{j}")
            } else {
                let _ = writeln!(s, "  %{g}and{j} = arith.andi {all}, %{g}b{j} : i1");
                format!("%{g}and{j}")
            };
        }
        let _ = writeln!(s, "  scf.if {all} {{\n  }} else {{");
        let _ = writeln!(s, "    %{g}i = arith.constant {id} : i64");
        let _ = writeln!(s, "    func.call @printI64(%{g}i) : (i64) -> ()");
        let _ = writeln!(s, "    func.call @printNewline() : () -> ()\n  }}");
    }

    /// The program's MLIR text (functions, no module).
    pub fn program(&self) -> String {
        let name = self.name();
        format!("{DECLS}{}func.func @main() {{\n  func.call @{name}() : () -> ()\n  return\n}}\n", self.function())
    }

    /// The function `@ssav<id>` alone.
    pub fn function(&self) -> String {
        let name = self.name();
        let mut s = function_head(&name, self.n as u64);
        s.push_str("  %c1s = arith.constant 1 : index\n");
        let (n, rows, cols) = (self.n, self.rows, self.cols);
        let has = |f: &dyn Fn(ViewKind) -> bool| self.views.iter().any(|v| f(v.kind));
        let static_s = has(&|k| k == ViewKind::Subview { static_source: true });
        let static_m = has(&|k| k == ViewKind::Row { static_source: true });
        let dyn_m = has(&|k| k == ViewKind::Row { static_source: false });
        if static_s {
            let _ = writeln!(s, "  %S = memref.alloc() : memref<{n}xi32>");
        }
        if static_m {
            let _ = writeln!(s, "  %M = memref.alloc() : memref<{rows}x{cols}xi32>");
        }
        if dyn_m {
            let _ = writeln!(s, "  %mr = arith.constant {rows} : index\n  %mc = arith.constant {cols} : index");
            let _ = writeln!(s, "  %Md = memref.alloc(%mr, %mc) : memref<?x?xi32>");
        }
        let claims = self.claims();
        let id_of = |c: Claim| claims.iter().position(|x| *x == c).map(|p| p + 1);
        for (k, v) in self.views.iter().enumerate() {
            let [so, sz, sst] = v.spell;
            let o = operand(&mut s, &format!("o{k}"), v.off, so);
            let z = operand(&mut s, &format!("z{k}"), v.size, sz);
            let ty;
            match v.kind {
                ViewKind::Row { static_source } => {
                    let r = operand(&mut s, &format!("r{k}"), v.row, sst);
                    let id = id_of(Claim::Subview { view: k }).unwrap_or(0);
                    self.source_check(&mut s, id, &[(v.row, rows), (v.off + v.size - 1, cols)]);
                    // The inferred offset `row * stride0 + off` is static when
                    // both entries are, and the row's stride is or the row is 0.
                    let offset = if (static_source || v.row == 0) && so == Spell::Attr && sst == Spell::Attr {
                        (v.row * cols + v.off).to_string()
                    } else {
                        "?".into()
                    };
                    ty = format!("memref<{}xi32, strided<[1], offset: {offset}>>", entry(v.size, sz));
                    let (src, src_ty) = if static_source {
                        ("%M", format!("memref<{rows}x{cols}xi32>"))
                    } else {
                        ("%Md", "memref<?x?xi32>".to_string())
                    };
                    let _ = writeln!(
                        s,
                        "  %v{k} = memref.subview {src}[{r}, {o}] [1, {z}] [1, 1] : {src_ty} to {ty} loc(\"{name}\":{id}:1)"
                    );
                }
                ViewKind::Subview { static_source } => {
                    let st = operand(&mut s, &format!("s{k}"), v.stride, sst);
                    let id = id_of(Claim::Subview { view: k }).unwrap_or(0);
                    self.source_check(&mut s, id, &[(v.off + (v.size - 1) * v.stride, n)]);
                    ty = format!(
                        "memref<{}xi32, strided<[{}], offset: {}>>",
                        entry(v.size, sz),
                        entry(v.stride, sst),
                        entry(v.off, so)
                    );
                    let (src, src_ty) =
                        if static_source { ("%S", format!("memref<{n}xi32>")) } else { ("%A", "memref<?xi32>".into()) };
                    let _ = writeln!(
                        s,
                        "  %v{k} = memref.subview {src}[{o}] [{z}] [{st}] : {src_ty} to {ty} loc(\"{name}\":{id}:1)"
                    );
                }
                ViewKind::Reinterpret => {
                    let st = operand(&mut s, &format!("s{k}"), v.stride, sst);
                    ty = format!(
                        "memref<{}xi32, strided<[{}], offset: {}>>",
                        entry(v.size, sz),
                        entry(v.stride, sst),
                        entry(v.off, so)
                    );
                    let _ = writeln!(
                        s,
                        "  %v{k} = memref.reinterpret_cast %A to offset: [{o}], sizes: [{z}], strides: [{st}] : memref<?xi32> to {ty}"
                    );
                }
            }
            let ub = match v.bound {
                Bound::Dim | Bound::DimPast => {
                    let _ = writeln!(s, "  %d{k} = memref.dim %v{k}, %c0 : {ty}");
                    format!("%d{k}")
                }
                Bound::Size | Bound::SizePast if sz != Spell::Attr => z.clone(),
                Bound::Size | Bound::SizePast => {
                    let _ = writeln!(s, "  %zb{k} = arith.constant {} : index", v.size);
                    format!("%zb{k}")
                }
            };
            let ub = if matches!(v.bound, Bound::DimPast | Bound::SizePast) {
                let _ = writeln!(s, "  %u{k} = arith.addi {ub}, %c1s : index");
                format!("%u{k}")
            } else {
                ub
            };
            let _ = writeln!(s, "  %st{k} = arith.constant {} : index", v.step);
            let _ = writeln!(s, "  scf.for %i{k} = %c0 to {ub} step %st{k} {{");
            let x = if v.shift == 0 {
                format!("%i{k}")
            } else {
                let _ = writeln!(s, "    %x{k} = arith.addi %i{k}, %c1s : index");
                format!("%x{k}")
            };
            let id = id_of(Claim::Loop { view: k }).unwrap_or(0);
            self.guarded_store(&mut s, "    ", k, &ty, id, &x);
            s.push_str("  }\n");
            if let (Some(a), Some(id)) = (v.at, id_of(Claim::At { view: k })) {
                let at = operand(&mut s, &format!("a{k}"), a, [Spell::Arith, Spell::IndexConst][k % 2]);
                self.guarded_store(&mut s, "  ", k, &ty, id, &at);
            }
        }
        if static_s {
            let _ = writeln!(s, "  memref.dealloc %S : memref<{n}xi32>");
        }
        if static_m {
            let _ = writeln!(s, "  memref.dealloc %M : memref<{rows}x{cols}xi32>");
        }
        if dyn_m {
            s.push_str("  memref.dealloc %Md : memref<?x?xi32>\n");
        }
        s.push_str(function_tail());
        s
    }

    /// Runs the program with `loom-check-claims{check_opts}`.
    pub fn observe(&self, loom_opt: &Path, dir: &Path, check_opts: &str) -> Result<Result<Observed, String>, String> {
        let (name, program) = (self.name(), self.program());
        let p =
            Single { name: &name, program: &program, accesses: self.claims().len(), iw: self.iw, lower_affine: false };
        observe(loom_opt, dir, &p, check_opts)
    }

    /// What is wrong given what loom said and the run did: a print that is
    /// not the simulated one, a proven claim that is out of bounds.
    pub fn verdicts(&self, seen: &Observed) -> Vec<String> {
        let mut out = Vec::new();
        let want = self.simulate();
        if seen.printed != want || seen.ending != Ending::Returned {
            out.push(format!(
                "{}: printed {:?} and {:?}, simulated {want:?} and Returned",
                self.name(),
                seen.printed,
                seen.ending
            ));
        }
        for (k, c) in self.claims().into_iter().enumerate() {
            let id = k + 1;
            if seen.proven.get(&id) == Some(&true) && (!self.in_bounds(c) || seen.oob.contains(&id)) {
                out.push(format!("{}: wrong proof: claim {id} ({c:?}) is out of bounds", self.name()));
            }
        }
        out
    }
}
