//! A front end for a small C-like language, written against loom as a crate
//! of your own would be: it builds the IR of one function with loom's typed
//! builders (no op name is written as a string), verifies it, reads loom's
//! loop facts, lowers it to the LLVM dialect through melior's `PassManager`
//! and runs it with melior's `ExecutionEngine`.
//!
//! The function, as its source `search.c` reads (the locations of the IR
//! point at these lines, so loom's report does too):
//!
//! ```c
//! 1  // The index of the first element of a[0..n) equal to key, or n.
//! 2  long find(const int *a, long n, int key) {
//! 3    long i = 0;
//! 4    loop {
//! 5      if (i >= n) break n;
//! 6      if (a[i] == key) break i;
//! 7      i = i + 1;
//! 8      continue;
//! 9    }
//! 10 }
//! ```

use loom::melior::dialect::arith::{self, CmpiPredicate};
use loom::melior::dialect::{func, memref};
use loom::melior::ir::attribute::{Attribute, IntegerAttribute, StringAttribute, TypeAttribute};
use loom::melior::ir::operation::OperationLike;
use loom::melior::ir::r#type::{FunctionType, IntegerType, MemRefType};
use loom::melior::ir::{Block, BlockLike, Identifier, Location, Module, Region, RegionLike, Type};
use loom::melior::pass::PassManager;
use loom::melior::{Context, ExecutionEngine};
use loom::ops;
use loom::passes::AssumeRange;

/// The name the IR's locations give the source.
pub const SOURCE_NAME: &str = "search.c";

/// The module holding `@find`, as [`build_search`] made it (the only way to
/// get one, so that [`Search`] knows the signature it calls).
pub struct SearchModule<'c>(Module<'c>);

impl<'c> SearchModule<'c> {
    /// The module, to print, verify or analyse.
    pub fn module(&self) -> &Module<'c> {
        &self.0
    }
}

/// Builds `func.func @find(%a: memref<?xi32>, %n: index, %key: i32) ->
/// index` for the source above with loom's typed builders and melior's.
pub fn build_search(context: &Context) -> SearchModule<'_> {
    let at = |line, column| Location::new(context, SOURCE_NAME, line, column);
    let index = Type::index(context);
    let i32 = IntegerType::new(context, 32).into();
    let dynamic = i64::MIN; // MLIR's dynamic size (ShapedType::kDynamic)
    let buffer = MemRefType::new(i32, &[dynamic], None, None).into();

    let region = Region::new();
    let entry = region.append_block(Block::new(&[(buffer, at(2, 11)), (index, at(2, 25)), (i32, at(2, 33))]));
    let a = entry.argument(0).expect("argument 0").into();
    let n = entry.argument(1).expect("argument 1").into();
    let key = entry.argument(2).expect("argument 2").into();
    let constant = |value, location| {
        let op = arith::constant(context, IntegerAttribute::new(index, value).into(), location);
        entry.append_operation(op).result(0).expect("a constant has a result").into()
    };
    let zero = constant(0, at(3, 12));
    let one = constant(1, at(7, 13));

    // `loop { ... }`: a loom.loop whose iteration argument is i and whose
    // result is what the breaks forward.
    let search = ops::loop_with(context, &[zero], &[index], at(4, 3), |body| {
        let (t, i) = (body.token(), body.iter_args()[0]);
        let done = body.append_value(arith::cmpi(context, CmpiPredicate::Sge, i, n, at(5, 11)));
        body.append(ops::if_then(context, done, at(5, 5), |then| {
            then.append(ops::r#break(context, t, &[n], at(5, 17)));
        }));
        let x = body.append_value(memref::load(a, &[i], at(6, 9)));
        let hit = body.append_value(arith::cmpi(context, CmpiPredicate::Eq, x, key, at(6, 14)));
        body.append(ops::if_then(context, hit, at(6, 5), |then| {
            then.append(ops::r#break(context, t, &[i], at(6, 22)));
        }));
        let next = body.append_value(arith::addi(i, one, at(7, 11)));
        body.append(ops::r#continue(context, t, &[next], at(8, 5)));
    });
    let found = entry.append_operation(search.into()).result(0).expect("the loop has a result").into();
    entry.append_operation(func::r#return(&[found], at(2, 1)));

    let module = Module::new(at(1, 1));
    let signature = FunctionType::new(context, &[buffer, index, i32], &[index]);
    module.body().append_operation(func::func(
        context,
        StringAttribute::new(context, "find"),
        TypeAttribute::new(signature.into()),
        region,
        // melior's ExecutionEngine::invoke_packed calls a function's C
        // interface, which this attribute asks the LLVM lowering for.
        &[(Identifier::new(context, "llvm.emit_c_interface"), Attribute::unit(context))],
        at(2, 1),
    ));
    SearchModule(module)
}

/// A memref of rank 1 as compiled code receives it (MLIR's ranked memref
/// descriptor).
#[repr(C)]
struct MemRef1 {
    allocated: *const i32,
    aligned: *const i32,
    offset: i64,
    size: i64,
    stride: i64,
}

/// `@find`, lowered to the LLVM dialect and JIT-compiled.
pub struct Search {
    engine: ExecutionEngine,
}

impl Search {
    /// Lowers `search` with `loom-lower-to-llvm` in a melior `PassManager`
    /// and JIT-compiles it (optimization level 2).
    pub fn compile(context: &Context, search: SearchModule) -> Result<Search, String> {
        let SearchModule(mut module) = search;
        let pm = PassManager::new(context);
        pm.add_pass(loom::passes::lower_to_llvm(AssumeRange::Drop));
        pm.run(&mut module).map_err(|e| format!("loom-lower-to-llvm failed: {e}"))?;
        if !module.as_operation().verify() {
            return Err("the lowered module does not verify".into());
        }
        Ok(Search { engine: ExecutionEngine::new(&module, 2, &[], false, false) })
    }

    /// The index of the first element of `data` equal to `key`, or
    /// `data.len()`, computed by the compiled code.
    pub fn find(&self, data: &[i32], key: i32) -> usize {
        let mut memref =
            MemRef1 { allocated: data.as_ptr(), aligned: data.as_ptr(), offset: 0, size: data.len() as i64, stride: 1 };
        let mut memref_pointer: *mut MemRef1 = &mut memref;
        let (mut n, mut key, mut result) = (data.len() as i64, key, -1i64);
        let mut arguments: [*mut (); 4] = [
            &mut memref_pointer as *mut _ as *mut (),
            &mut n as *mut _ as *mut (),
            &mut key as *mut _ as *mut (),
            &mut result as *mut _ as *mut (),
        ];
        // SAFETY: the engine holds `@find` as `build_search` made it (a
        // `SearchModule` comes from nowhere else) with its C interface,
        // `_mlir_ciface_find(MemRef1 *, i64, i32) -> i64`: each argument
        // points to a live local of the matching type, and the result to an
        // i64. The descriptor describes `data`, which outlives the call; the
        // function reads elements below n = data.len() only.
        unsafe { self.engine.invoke_packed("find", &mut arguments) }.expect("find is in the engine");
        usize::try_from(result).expect("find returns an index in 0..=n")
    }
}
