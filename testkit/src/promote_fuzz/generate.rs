//! Random slot-based programs for the `loom-promote-slots` differential
//! check, emitted directly as MLIR text.
//!
//! A program is one function `@p<seed>() -> ()`. Its entry block allocates
//! two to four slots and writes each of them; the body is a list of random
//! statements (nesting depth at most [`MAX_DEPTH`], about [`BUDGET`]
//! statements): arithmetic from slots and constants into a slot, prints,
//! block-local slots, and the region ops the pass promotes through.
//!
//! Invariants, which make both runs of a program well defined and equal:
//! - every slot is written before any read: entry slots right after their
//!   allocation, block-local slots at their declaration, loop counters just
//!   before their loop (a counter is only visible inside its loop);
//! - loops end: `scf.for`, `loom.for` run 0 to 4 times; `scf.while` and
//!   `loom.loop` test a counter (a slot, or an `scf.while` iteration
//!   argument) against a bound of at most 4 and every path to the next
//!   iteration increments it; random statements never write a counter;
//! - arithmetic is wrapping integer add/sub/mul/xor and float add/sub/mul
//!   (no division, no shift): no undefined behaviour, and the promotion does
//!   not reorder any of it;
//! - no alloca inside a `memref.alloca_scope` (canonicalize must be able to
//!   inline it, see the module's page);
//! - loom exits sit directly in loom ops (`loom.if` inside `loom.scope`,
//!   `loom.loop`, `loom.for`), as the verifier requires.

use crate::rng::Rng;
use std::fmt::Write;

/// How deep region ops nest.
pub const MAX_DEPTH: u32 = 3;
/// About how many statements a program has.
pub const BUDGET: u32 = 24;

/// A slot's element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Elem {
    I32,
    I64,
    Index,
    F64,
}

impl Elem {
    const ALL: [Elem; 4] = [Elem::I32, Elem::I64, Elem::Index, Elem::F64];

    fn mlir(self) -> &'static str {
        match self {
            Elem::I32 => "i32",
            Elem::I64 => "i64",
            Elem::Index => "index",
            Elem::F64 => "f64",
        }
    }

    fn is_int(self) -> bool {
        self != Elem::F64
    }
}

/// A slot's shape: all have one element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Rank0,
    One,
    OneByOne,
}

impl Shape {
    const ALL: [Shape; 3] = [Shape::Rank0, Shape::One, Shape::OneByOne];
}

/// A slot visible at the current point of generation.
#[derive(Clone, Debug)]
struct Slot {
    name: String,
    elem: Elem,
    shape: Shape,
    /// `memref<?xT>` cast of the slot, which loads sometimes go through (the
    /// slot's address escapes: the pass must leave it alone).
    cast: Option<String>,
    /// A loop counter: read by random statements, never written by them.
    counter: bool,
}

impl Slot {
    fn memref_type(&self) -> String {
        let e = self.elem.mlir();
        match self.shape {
            Shape::Rank0 => format!("memref<{e}>"),
            Shape::One => format!("memref<1x{e}>"),
            Shape::OneByOne => format!("memref<1x1x{e}>"),
        }
    }

    fn indices(&self) -> &'static str {
        match self.shape {
            Shape::Rank0 => "[]",
            Shape::One => "[%c0]",
            Shape::OneByOne => "[%c0, %c0]",
        }
    }
}

/// Generation state of one program.
struct Gen {
    rng: Rng,
    /// Allocations and initial stores of the entry block.
    entry: String,
    body: String,
    next: u32,
    slots: Vec<Slot>,
    budget: u32,
    in_alloca_scope: bool,
}

/// The MLIR function `@p<seed>` of `seed`'s program.
pub fn generate(seed: u64) -> String {
    let mut g = Gen {
        rng: Rng::new(seed ^ 0x5107_5107_5107_5107),
        entry: String::new(),
        body: String::new(),
        next: 0,
        slots: Vec::new(),
        budget: BUDGET,
        in_alloca_scope: false,
    };
    // One i32 slot always exists, so that conditions have an integer.
    g.entry_slot(Elem::I32);
    let extra = g.rng.range_u64(1, 3);
    for _ in 0..extra {
        let elem = *g.rng.choose(&Elem::ALL).expect("types");
        g.entry_slot(elem);
    }
    g.block(0);
    format!(
        "func.func @p{seed}() {{\n  vector.print str \"seed {seed}\\n\"\n  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n{}{}  return\n}}\n",
        g.entry, g.body
    )
}

impl Gen {
    fn fresh(&mut self, prefix: &str) -> String {
        self.next += 1;
        format!("%{prefix}{}", self.next)
    }

    /// A new slot allocated in the entry block and written there.
    fn entry_slot(&mut self, elem: Elem) {
        let shape = *self.rng.choose(&Shape::ALL).expect("shapes");
        let name = self.fresh("s");
        let mut slot = Slot { name, elem, shape, cast: None, counter: false };
        let _ = writeln!(self.entry, "  {} = memref.alloca() : {}", slot.name, slot.memref_type());
        if shape == Shape::One && self.rng.chance(1, 6) {
            let cast = self.fresh("cast");
            let _ = writeln!(
                self.entry,
                "  {cast} = memref.cast {} : {} to memref<?x{}>",
                slot.name,
                slot.memref_type(),
                elem.mlir()
            );
            slot.cast = Some(cast);
        }
        let init = self.constant_into_entry(elem);
        let _ = writeln!(self.entry, "  memref.store {init}, {}{} : {}", slot.name, slot.indices(), slot.memref_type());
        self.slots.push(slot);
    }

    fn constant_into_entry(&mut self, elem: Elem) -> String {
        let name = self.fresh("k");
        let text = self.constant_text(elem);
        let _ = writeln!(self.entry, "  {name} = arith.constant {text} : {}", elem.mlir());
        name
    }

    fn constant_text(&mut self, elem: Elem) -> String {
        if elem == Elem::F64 {
            let v = self.rng.range_i64(-8, 8);
            format!("{v}.5")
        } else {
            self.rng.range_i64(-9, 9).to_string()
        }
    }

    fn emit(&mut self, depth: u32, line: &str) {
        for _ in 0..=depth {
            self.body.push_str("  ");
        }
        self.body.push_str(line);
        self.body.push('\n');
    }

    fn constant(&mut self, depth: u32, elem: Elem) -> String {
        let name = self.fresh("k");
        let text = self.constant_text(elem);
        self.emit(depth, &format!("{name} = arith.constant {text} : {}", elem.mlir()));
        name
    }

    fn index_constant(&mut self, depth: u32, value: u64) -> String {
        let name = self.fresh("n");
        self.emit(depth, &format!("{name} = arith.constant {value} : index"));
        name
    }

    fn load(&mut self, depth: u32, slot: &Slot) -> String {
        let name = self.fresh("v");
        let line = match &slot.cast {
            Some(cast) if self.rng.chance(1, 2) => {
                format!("{name} = memref.load {cast}[%c0] : memref<?x{}>", slot.elem.mlir())
            }
            _ => format!("{name} = memref.load {}{} : {}", slot.name, slot.indices(), slot.memref_type()),
        };
        self.emit(depth, &line);
        name
    }

    fn store(&mut self, depth: u32, value: &str, slot: &Slot) {
        self.emit(depth, &format!("memref.store {value}, {}{} : {}", slot.name, slot.indices(), slot.memref_type()));
    }

    fn slots_of(&self, elem: Elem, writable: bool) -> Vec<Slot> {
        self.slots.iter().filter(|s| s.elem == elem && !(writable && s.counter)).cloned().collect()
    }

    /// A value of type `elem`: a constant or a slot's value, maybe combined
    /// with another one.
    fn operand(&mut self, depth: u32, elem: Elem) -> String {
        let readable = self.slots_of(elem, false);
        if !readable.is_empty() && self.rng.chance(3, 4) {
            let slot = self.rng.choose(&readable).expect("non-empty").clone();
            self.load(depth, &slot)
        } else {
            self.constant(depth, elem)
        }
    }

    fn value(&mut self, depth: u32, elem: Elem) -> String {
        let a = self.operand(depth, elem);
        if self.rng.chance(1, 4) {
            return a;
        }
        let b = self.operand(depth, elem);
        let op = if elem.is_int() {
            *self.rng.choose(&["arith.addi", "arith.subi", "arith.muli", "arith.xori"]).expect("ops")
        } else {
            *self.rng.choose(&["arith.addf", "arith.subf", "arith.mulf"]).expect("ops")
        };
        let name = self.fresh("v");
        self.emit(depth, &format!("{name} = {op} {a}, {b} : {}", elem.mlir()));
        name
    }

    /// An `i1` from an integer slot's value.
    fn condition(&mut self, depth: u32) -> String {
        let ints: Vec<Elem> =
            Elem::ALL.into_iter().filter(|e| e.is_int() && !self.slots_of(*e, false).is_empty()).collect();
        let elem = *self.rng.choose(&ints).expect("the i32 entry slot");
        let a = self.value(depth, elem);
        let b = self.constant(depth, elem);
        let pred = *self.rng.choose(&["slt", "sle", "sgt", "eq", "ne", "ult"]).expect("predicates");
        let name = self.fresh("b");
        self.emit(depth, &format!("{name} = arith.cmpi {pred}, {a}, {b} : {}", elem.mlir()));
        name
    }

    /// A list of statements; slots declared in it are visible to its end.
    fn block(&mut self, depth: u32) {
        let visible = self.slots.len();
        let count = self.rng.range_u64(1, 4);
        for _ in 0..count {
            if self.budget == 0 {
                break;
            }
            self.budget -= 1;
            self.statement(depth);
        }
        self.slots.truncate(visible);
    }

    fn statement(&mut self, depth: u32) {
        let nest = depth < MAX_DEPTH;
        let kind = self.rng.below(if nest { 16 } else { 3 });
        match kind {
            0 => self.assign(depth),
            1 => self.print(depth),
            2 if !self.in_alloca_scope => self.local_slot(depth),
            2 => self.assign(depth),
            3 => self.scf_if(depth),
            4 => self.scf_if_with_result(depth),
            5 => self.scf_for(depth),
            6 => self.scf_for_with_iter_arg(depth),
            7 => self.scf_while(depth),
            8 => self.scf_while_with_arg(depth),
            9 => self.execute_region(depth),
            10 => self.alloca_scope(depth),
            11 => self.loom_scope(depth),
            12 => self.loom_loop(depth),
            13 => self.loom_for(depth),
            _ => self.assign(depth),
        }
    }

    fn assign(&mut self, depth: u32) {
        let writable: Vec<Slot> = self.slots.iter().filter(|s| !s.counter).cloned().collect();
        let slot = self.rng.choose(&writable).expect("entry slots are writable").clone();
        let v = self.value(depth, slot.elem);
        self.store(depth, &v, &slot);
    }

    fn print(&mut self, depth: u32) {
        let slot = self.rng.choose(&self.slots).expect("entry slots").clone();
        let v = self.load(depth, &slot);
        self.emit(depth, &format!("vector.print {v} : {}", slot.elem.mlir()));
    }

    fn local_slot(&mut self, depth: u32) {
        let elem = *self.rng.choose(&Elem::ALL).expect("types");
        let shape = *self.rng.choose(&Shape::ALL).expect("shapes");
        let slot = Slot { name: self.fresh("l"), elem, shape, cast: None, counter: false };
        self.emit(depth, &format!("{} = memref.alloca() : {}", slot.name, slot.memref_type()));
        let v = self.value(depth, elem);
        self.store(depth, &v, &slot);
        self.slots.push(slot);
    }

    fn scf_if(&mut self, depth: u32) {
        let c = self.condition(depth);
        self.emit(depth, &format!("scf.if {c} {{"));
        self.block(depth + 1);
        if self.rng.chance(1, 2) {
            self.emit(depth, "} else {");
            self.block(depth + 1);
        }
        self.emit(depth, "}");
    }

    fn scf_if_with_result(&mut self, depth: u32) {
        let c = self.condition(depth);
        let r = self.fresh("r");
        self.emit(depth, &format!("{r} = scf.if {c} -> (i32) {{"));
        self.block(depth + 1);
        let a = self.value(depth + 1, Elem::I32);
        self.emit(depth + 1, &format!("scf.yield {a} : i32"));
        self.emit(depth, "} else {");
        self.block(depth + 1);
        let b = self.value(depth + 1, Elem::I32);
        self.emit(depth + 1, &format!("scf.yield {b} : i32"));
        self.emit(depth, "}");
        self.emit(depth, &format!("vector.print {r} : i32"));
    }

    fn trip_bound(&mut self, depth: u32) -> String {
        let n = self.rng.range_u64(0, 4);
        self.index_constant(depth, n)
    }

    /// Stores the induction variable `iv` (index) into an index slot, if
    /// there is a writable one.
    fn maybe_store_iv(&mut self, depth: u32, iv: &str) {
        let slots = self.slots_of(Elem::Index, true);
        if !slots.is_empty() && self.rng.chance(1, 2) {
            let slot = self.rng.choose(&slots).expect("non-empty").clone();
            self.store(depth, iv, &slot);
        }
    }

    fn scf_for(&mut self, depth: u32) {
        let ub = self.trip_bound(depth);
        let iv = self.fresh("i");
        self.emit(depth, &format!("scf.for {iv} = %c0 to {ub} step %c1 {{"));
        self.maybe_store_iv(depth + 1, &iv);
        self.block(depth + 1);
        self.emit(depth, "}");
    }

    fn scf_for_with_iter_arg(&mut self, depth: u32) {
        let ub = self.trip_bound(depth);
        let init = self.value(depth, Elem::I32);
        let (iv, acc, r) = (self.fresh("i"), self.fresh("a"), self.fresh("r"));
        self.emit(depth, &format!("{r} = scf.for {iv} = %c0 to {ub} step %c1 iter_args({acc} = {init}) -> (i32) {{"));
        self.block(depth + 1);
        let v = self.value(depth + 1, Elem::I32);
        let next = self.fresh("v");
        self.emit(depth + 1, &format!("{next} = arith.addi {acc}, {v} : i32"));
        self.emit(depth + 1, &format!("scf.yield {next} : i32"));
        self.emit(depth, "}");
        self.emit(depth, &format!("vector.print {r} : i32"));
    }

    /// A new i32 counter slot, allocated in the entry block, set to 0 here
    /// and visible (read-only) until the caller truncates `slots`.
    fn counter(&mut self, depth: u32) -> (Slot, String) {
        let slot = Slot { name: self.fresh("w"), elem: Elem::I32, shape: Shape::One, cast: None, counter: true };
        let _ = writeln!(self.entry, "  {} = memref.alloca() : {}", slot.name, slot.memref_type());
        let zero = self.fresh("z");
        self.emit(depth, &format!("{zero} = arith.constant 0 : i32"));
        self.store(depth, &zero, &slot);
        let bound = self.fresh("bound");
        let n = self.rng.range_u64(0, 4);
        self.emit(depth, &format!("{bound} = arith.constant {n} : i32"));
        self.slots.push(slot.clone());
        (slot, bound)
    }

    fn increment(&mut self, depth: u32, counter: &Slot) {
        let v = self.load(depth, counter);
        let one = self.fresh("one");
        self.emit(depth, &format!("{one} = arith.constant 1 : i32"));
        let next = self.fresh("v");
        self.emit(depth, &format!("{next} = arith.addi {v}, {one} : i32"));
        self.store(depth, &next, counter);
    }

    fn scf_while(&mut self, depth: u32) {
        let visible = self.slots.len();
        let (counter, bound) = self.counter(depth);
        self.emit(depth, "scf.while : () -> () {");
        if self.rng.chance(1, 2) {
            // Writes in the "before" region reach the "after" region.
            self.assign(depth + 1);
        }
        let v = self.load(depth + 1, &counter);
        let go = self.fresh("b");
        self.emit(depth + 1, &format!("{go} = arith.cmpi slt, {v}, {bound} : i32"));
        self.emit(depth + 1, &format!("scf.condition({go})"));
        self.emit(depth, "} do {");
        self.block(depth + 1);
        self.increment(depth + 1, &counter);
        self.emit(depth + 1, "scf.yield");
        self.emit(depth, "}");
        self.slots.truncate(visible);
    }

    fn scf_while_with_arg(&mut self, depth: u32) {
        let zero = self.fresh("z");
        self.emit(depth, &format!("{zero} = arith.constant 0 : i32"));
        let n = self.rng.range_u64(0, 4);
        let bound = self.fresh("bound");
        self.emit(depth, &format!("{bound} = arith.constant {n} : i32"));
        let (x, y, r, go) = (self.fresh("x"), self.fresh("y"), self.fresh("r"), self.fresh("b"));
        self.emit(depth, &format!("{r} = scf.while ({x} = {zero}) : (i32) -> i32 {{"));
        if self.rng.chance(1, 2) {
            self.assign(depth + 1);
        }
        self.emit(depth + 1, &format!("{go} = arith.cmpi slt, {x}, {bound} : i32"));
        self.emit(depth + 1, &format!("scf.condition({go}) {x} : i32"));
        self.emit(depth, "} do {");
        self.emit(depth, &format!("^bb0({y}: i32):"));
        self.block(depth + 1);
        let one = self.fresh("one");
        self.emit(depth + 1, &format!("{one} = arith.constant 1 : i32"));
        let next = self.fresh("v");
        self.emit(depth + 1, &format!("{next} = arith.addi {y}, {one} : i32"));
        self.emit(depth + 1, &format!("scf.yield {next} : i32"));
        self.emit(depth, "}");
        self.emit(depth, &format!("vector.print {r} : i32"));
    }

    fn execute_region(&mut self, depth: u32) {
        self.emit(depth, "scf.execute_region {");
        self.block(depth + 1);
        self.emit(depth + 1, "scf.yield");
        self.emit(depth, "}");
    }

    fn alloca_scope(&mut self, depth: u32) {
        let outer = self.in_alloca_scope;
        // Loop counters are allocated in the entry block: none inside.
        self.in_alloca_scope = true;
        self.emit(depth, "memref.alloca_scope {");
        self.block(depth + 1);
        self.emit(depth, "}");
        self.in_alloca_scope = outer;
    }

    fn loom_scope(&mut self, depth: u32) {
        let t = self.fresh("t");
        self.emit(depth, &format!("loom.scope token({t}) {{"));
        self.block(depth + 1);
        let c = self.condition(depth + 1);
        self.emit(depth + 1, &format!("loom.if {c} {{"));
        self.block(depth + 2);
        self.emit(depth + 2, &format!("loom.break {t}"));
        self.emit(depth + 1, "}");
        self.block(depth + 1);
        self.emit(depth + 1, "loom.yield");
        self.emit(depth, "}");
    }

    fn loom_loop(&mut self, depth: u32) {
        let visible = self.slots.len();
        let (counter, bound) = self.counter(depth);
        let t = self.fresh("t");
        self.emit(depth, &format!("loom.loop token({t}) {{"));
        let v = self.load(depth + 1, &counter);
        let done = self.fresh("b");
        self.emit(depth + 1, &format!("{done} = arith.cmpi sge, {v}, {bound} : i32"));
        self.emit(depth + 1, &format!("loom.if {done} {{ loom.break {t} }}"));
        self.block(depth + 1);
        if self.rng.chance(1, 2) {
            let c = self.condition(depth + 1);
            self.emit(depth + 1, &format!("loom.if {c} {{"));
            self.block(depth + 2);
            self.increment(depth + 2, &counter);
            self.emit(depth + 2, &format!("loom.continue {t}"));
            self.emit(depth + 1, "}");
            self.block(depth + 1);
        }
        self.increment(depth + 1, &counter);
        self.emit(depth + 1, &format!("loom.continue {t}"));
        self.emit(depth, "}");
        self.slots.truncate(visible);
    }

    fn loom_for(&mut self, depth: u32) {
        let ub = self.trip_bound(depth);
        let (iv, t) = (self.fresh("i"), self.fresh("t"));
        self.emit(depth, &format!("loom.for {iv} = %c0 to {ub} step %c1 token({t}) {{"));
        self.maybe_store_iv(depth + 1, &iv);
        self.block(depth + 1);
        if self.rng.chance(2, 3) {
            let c = self.condition(depth + 1);
            let exit = if self.rng.chance(1, 2) { "loom.break" } else { "loom.continue" };
            self.emit(depth + 1, &format!("loom.if {c} {{"));
            self.block(depth + 2);
            self.emit(depth + 2, &format!("{exit} {t}"));
            self.emit(depth + 1, "}");
            self.block(depth + 1);
        }
        self.emit(depth + 1, "loom.yield");
        self.emit(depth, "}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_names_one_program() {
        assert_eq!(generate(7), generate(7));
        assert_ne!(generate(7), generate(8));
    }

    #[test]
    fn programs_print_their_seed_first() {
        let text = generate(42);
        assert!(text.starts_with("func.func @p42() {\n  vector.print str \"seed 42\\n\""));
    }
}
