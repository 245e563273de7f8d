//! Typed builders for loom's ops, generated from `tablegen/LoomOps.td` at
//! build time by melior's `dialect!` macro (the way melior generates its
//! upstream dialect modules), plus conveniences for what the custom syntax
//! lets one leave out.
//!
//! Per op (`loop`, `for`, `scope`, `if`, `break`, `continue`, `yield`,
//! `assume_range`), generated: a constructor taking every operand, result
//! type, attribute and region (`r#loop`, `r#for`, [`scope`], `r#if`,
//! `r#break`, `r#continue`, `r#yield`, [`assume_range`]: Rust keywords are
//! raw identifiers, as in melior's own dialect modules), an op type
//! with typed accessors ([`LoopOperation::inits`], [`ForOperation::step`],
//! [`BreakOperation::token`], ...) and a builder whose required fields are
//! checked at compile time ([`LoopOperation::builder`]). The op name is
//! never written by hand, so a misspelled op does not compile:
//!
//! ```compile_fail,E0425
//! # let context = loom::context();
//! # let location = loom::melior::ir::Location::unknown(&context);
//! # let block = loom::melior::ir::Block::new(&[(loom::token_type(&context), location)]);
//! # use loom::melior::ir::BlockLike;
//! # let token = block.argument(0).unwrap().into();
//! let exit = loom::ops::r#brake(&context, token, &[], location);
//! ```
//!
//! while the same lines with `r#break` compile (and verify once the break
//! sits in the loop its token belongs to):
//!
//! ```
//! # let context = loom::context();
//! # let location = loom::melior::ir::Location::unknown(&context);
//! # let block = loom::melior::ir::Block::new(&[(loom::token_type(&context), location)]);
//! # use loom::melior::ir::BlockLike;
//! # let token = block.argument(0).unwrap().into();
//! let exit = loom::ops::r#break(&context, token, &[], location);
//! ```
//!
//! Conveniences:
//!
//! - [`token_type`] is `!loom.token`; [`token_region`] is a region whose
//!   entry block has the token as argument #0, then the given arguments;
//! - [`loop_with`], [`for_with`] and [`scope_with`] create the region with
//!   its token block and hand a [`Body`] (token, induction variable,
//!   iteration arguments) to a closure that fills it; [`if_then`] and
//!   [`if_then_else`] do the same for `loom.if`'s branches. As in the custom
//!   syntax, a `loom.for`, `loom.scope` or `loom.if` without results gets
//!   its `loom.yield` when the closure leaves the block without a
//!   terminator, and [`if_then`] is a `loom.if` whose else is empty.
//!
//! The linear search of the README, built with these (the printed module is
//! `examples/search.mlir`'s):
//!
//! ```
//! use loom::melior::dialect::{arith, func};
//! use loom::melior::ir::attribute::{IntegerAttribute, StringAttribute, TypeAttribute};
//! use loom::melior::ir::r#type::{FunctionType, IntegerType, MemRefType};
//! use loom::melior::ir::operation::OperationLike;
//! use loom::melior::ir::{Block, BlockLike, Location, Region, RegionLike, Type};
//! use loom::ops;
//!
//! let context = loom::context();
//! let location = Location::unknown(&context);
//! let index = Type::index(&context);
//! let i32 = IntegerType::new(&context, 32).into();
//! let buffer = MemRefType::new(i32, &[i64::MIN], None, None).into();
//!
//! let region = Region::new();
//! let entry = region.append_block(Block::new(&[(buffer, location), (index, location), (i32, location)]));
//! let (a, n, key) = (entry.argument(0).unwrap().into(), entry.argument(1).unwrap().into(), entry.argument(2).unwrap().into());
//! let constant = |v| entry.append_operation(arith::constant(&context, IntegerAttribute::new(index, v).into(), location));
//! let c0 = constant(0).result(0).unwrap().into();
//! let c1 = constant(1).result(0).unwrap().into();
//! let search = ops::loop_with(&context, &[c0], &[index], location, |body| {
//!     let (t, i) = (body.token(), body.iter_args()[0]);
//!     let done = body.append_value(arith::cmpi(&context, arith::CmpiPredicate::Sge, i, n, location));
//!     body.append(ops::if_then(&context, done, location, |then| {
//!         then.append(ops::r#break(&context, t, &[n], location));
//!     }));
//!     let x = body.append_value(loom::melior::dialect::memref::load(a, &[i], location));
//!     let hit = body.append_value(arith::cmpi(&context, arith::CmpiPredicate::Eq, x, key, location));
//!     body.append(ops::if_then(&context, hit, location, |then| {
//!         then.append(ops::r#break(&context, t, &[i], location));
//!     }));
//!     let next = body.append_value(arith::addi(i, c1, location));
//!     body.append(ops::r#continue(&context, t, &[next], location));
//! });
//! let r = entry.append_operation(search.into()).result(0).unwrap().into();
//! entry.append_operation(func::r#return(&[r], location));
//!
//! let module = loom::melior::ir::Module::new(location);
//! let signature = FunctionType::new(&context, &[buffer, index, i32], &[index]);
//! module.body().append_operation(func::func(
//!     &context,
//!     StringAttribute::new(&context, "find"),
//!     TypeAttribute::new(signature.into()),
//!     region,
//!     &[],
//!     location,
//! ));
//! assert!(module.as_operation().verify());
//! # let expected = loom::parse_file(&context, concat!(env!("CARGO_MANIFEST_DIR"), "/examples/search.mlir")).unwrap();
//! # assert_eq!(module.as_operation().to_string(), expected.as_operation().to_string());
//! ```

use melior::ir::r#type::TypeLike;
use melior::ir::{
    Block, BlockLike, BlockRef, Location, Operation, OperationRef, Region, RegionLike, Type, Value, ValueLike,
};
use melior::Context;

use crate::ffi;

/// The generated module (`melior::dialect!` makes a module named after the
/// dialect); its items are re-exported below.
mod generated {
    melior::dialect! {
        name: "loom",
        files: ["LoomOps.td"],
        // build.rs points this at tablegen/ (LoomOps.td includes its
        // neighbours by name); MLIR's own .td files come from melior's
        // LLVM include directory.
        include_directory_env_vars: ["LOOM_TABLEGEN_DIR"],
    }
}

pub use generated::loom::*;

/// The `!loom.token` type: argument #0 of the entry block of a
/// `loom.loop`, `loom.for` or `loom.scope` body, the operand that names an
/// exit's target. `context` must have the loom dialect registered (as
/// [`crate::context`] has).
pub fn token_type(context: &Context) -> Type<'_> {
    // SAFETY: a melior `Context` is a live context; the returned type is
    // uniqued in it and lives as long as it, which the lifetime says.
    unsafe { Type::from_raw(ffi::loomTokenTypeGet(context.to_raw())) }
}

/// Whether `r#type` is `!loom.token`.
pub fn is_token_type(r#type: Type) -> bool {
    // SAFETY: a melior `Type` is a live type of a live context.
    unsafe { ffi::loomTypeIsAToken(r#type.to_raw()) }
}

/// A region with one block whose arguments are the token (`!loom.token`,
/// #0) and then `arguments`, all at `location`: the body of a `loom.loop`
/// (`arguments`: the iteration argument types), a `loom.for` (the induction
/// variable type, then the iteration argument types) or a `loom.scope`
/// (none).
pub fn token_region<'c>(context: &'c Context, arguments: &[Type<'c>], location: Location<'c>) -> Region<'c> {
    let types: Vec<(Type<'c>, Location<'c>)> =
        std::iter::once(token_type(context)).chain(arguments.iter().copied()).map(|t| (t, location)).collect();
    let region = Region::new();
    region.append_block(Block::new(&types));
    region
}

/// The entry block of a loom op's region while a closure fills it: the
/// token (none in a `loom.if` branch), the induction variable (in a
/// `loom.for`) and the iteration arguments.
pub struct Body<'c, 'a> {
    block: BlockRef<'c, 'a>,
    token: Option<Value<'c, 'a>>,
    induction_variable: Option<Value<'c, 'a>>,
    iter_args: Vec<Value<'c, 'a>>,
}

impl<'c, 'a> Body<'c, 'a> {
    /// Reads the region's only block: `leading` arguments (token, induction
    /// variable) before the iteration arguments.
    fn of(region: &'a Region<'c>, token: bool, induction_variable: bool) -> Self {
        let block = region.first_block().expect("the region was made with its block");
        let arguments: Vec<Value<'c, 'a>> =
            (0..block.argument_count()).map(|i| block.argument(i).expect("index below the count").into()).collect();
        let leading = usize::from(token) + usize::from(induction_variable);
        Body {
            block,
            token: token.then(|| arguments[0]),
            induction_variable: induction_variable.then(|| arguments[1]),
            iter_args: arguments[leading..].to_vec(),
        }
    }

    /// The block itself (melior's API).
    pub fn block(&self) -> BlockRef<'c, 'a> {
        self.block
    }

    /// The token naming this op, for `loom.break`/`loom.continue`.
    ///
    /// # Panics
    /// In a `loom.if` branch, which has no token (use the enclosing loop's).
    pub fn token(&self) -> Value<'c, 'a> {
        self.token.expect("a loom.if branch has no token; exits name an enclosing loop or scope")
    }

    /// The induction variable of a `loom.for` (`None` elsewhere).
    pub fn induction_variable(&self) -> Option<Value<'c, 'a>> {
        self.induction_variable
    }

    /// The iteration arguments (`loom.loop`, `loom.for`); empty elsewhere.
    pub fn iter_args(&self) -> &[Value<'c, 'a>] {
        &self.iter_args
    }

    /// Appends `operation` (melior's or a typed loom op) at the end of the
    /// block.
    pub fn append(&self, operation: impl Into<Operation<'c>>) -> OperationRef<'c, 'a> {
        self.block.append_operation(operation.into())
    }

    /// Appends `operation` and returns its first result.
    ///
    /// # Panics
    /// If the operation has no result.
    pub fn append_value(&self, operation: impl Into<Operation<'c>>) -> Value<'c, 'a> {
        self.append(operation).result(0).expect("the operation has a result").into()
    }

    /// Appends `loom.yield` when the block has no terminator yet (the custom
    /// syntax's implicit yield of an op without results).
    fn terminate(&self, context: &'c Context, location: Location<'c>) {
        if self.block.terminator().is_none() {
            self.append(r#yield(context, &[], location));
        }
    }
}

/// `loom.loop token(%t) iter_args(... = inits) -> (result_types)`: the
/// body (token, then one iteration argument per init, of its type) is
/// filled by `body`. It must end with a `loom.break` or `loom.continue`.
pub fn loop_with<'c>(
    context: &'c Context,
    inits: &[Value<'c, '_>],
    result_types: &[Type<'c>],
    location: Location<'c>,
    body: impl for<'a> FnOnce(&Body<'c, 'a>),
) -> LoopOperation<'c> {
    let types: Vec<Type<'c>> = inits.iter().map(|v| v.r#type()).collect();
    let region = token_region(context, &types, location);
    body(&Body::of(&region, true, false));
    r#loop(context, result_types, inits, region, location)
}

/// `loom.for %iv = lower to upper step step token(%t) iter_args(... =
/// inits)`: one result per init, of its type; the body (token, induction
/// variable of the bounds' type, iteration arguments) is filled by `body`.
/// Without iteration arguments, a `loom.yield` ends the body if `body` left
/// it without a terminator.
#[allow(clippy::too_many_arguments)]
pub fn for_with<'c>(
    context: &'c Context,
    lower: Value<'c, '_>,
    upper: Value<'c, '_>,
    step: Value<'c, '_>,
    inits: &[Value<'c, '_>],
    location: Location<'c>,
    body: impl for<'a> FnOnce(&Body<'c, 'a>),
) -> ForOperation<'c> {
    let results: Vec<Type<'c>> = inits.iter().map(|v| v.r#type()).collect();
    let types: Vec<Type<'c>> = std::iter::once(lower.r#type()).chain(results.iter().copied()).collect();
    let region = token_region(context, &types, location);
    {
        let filled = Body::of(&region, true, true);
        body(&filled);
        if inits.is_empty() {
            filled.terminate(context, location);
        }
    }
    r#for(context, &results, lower, upper, step, inits, region, location)
}

/// `loom.scope token(%s) -> (result_types)`, its body (the token) filled by
/// `body`. Without results, a `loom.yield` ends the body if `body` left it
/// without a terminator.
pub fn scope_with<'c>(
    context: &'c Context,
    result_types: &[Type<'c>],
    location: Location<'c>,
    body: impl for<'a> FnOnce(&Body<'c, 'a>),
) -> ScopeOperation<'c> {
    let region = token_region(context, &[], location);
    {
        let filled = Body::of(&region, true, false);
        body(&filled);
        if result_types.is_empty() {
            filled.terminate(context, location);
        }
    }
    scope(context, result_types, region, location)
}

/// A `loom.if` branch: a region with one argument-less block filled by
/// `fill`, ended by `loom.yield` if `fill` left it without a terminator and
/// `terminate` says so.
fn branch<'c>(
    context: &'c Context,
    location: Location<'c>,
    terminate: bool,
    fill: impl for<'a> FnOnce(&Body<'c, 'a>),
) -> Region<'c> {
    let region = Region::new();
    region.append_block(Block::new(&[]));
    {
        let filled = Body::of(&region, false, false);
        fill(&filled);
        if terminate {
            filled.terminate(context, location);
        }
    }
    region
}

/// `loom.if %condition { then }` without results and with the empty else
/// the custom syntax lets one omit. The then branch (filled by `then`) may
/// exit an enclosing loop or scope; it gets its `loom.yield` if `then`
/// leaves it without a terminator.
pub fn if_then<'c>(
    context: &'c Context,
    condition: Value<'c, '_>,
    location: Location<'c>,
    then: impl for<'a> FnOnce(&Body<'c, 'a>),
) -> IfOperation<'c> {
    let then_region = branch(context, location, true, then);
    let else_region = branch(context, location, true, |_| {});
    r#if(context, &[], condition, then_region, else_region, location)
}

/// `loom.if %condition -> (result_types) { then } else { otherwise }`. Each
/// branch ends with a `loom.yield` of the results or exits an enclosing op;
/// without results, a branch left without a terminator gets its
/// `loom.yield`.
pub fn if_then_else<'c>(
    context: &'c Context,
    condition: Value<'c, '_>,
    result_types: &[Type<'c>],
    location: Location<'c>,
    then: impl for<'a> FnOnce(&Body<'c, 'a>),
    otherwise: impl for<'a> FnOnce(&Body<'c, 'a>),
) -> IfOperation<'c> {
    let terminate = result_types.is_empty();
    let then_region = branch(context, location, terminate, then);
    let else_region = branch(context, location, terminate, otherwise);
    r#if(context, result_types, condition, then_region, else_region, location)
}

#[cfg(test)]
mod tests {
    use super::*;
    use melior::dialect::arith;
    use melior::ir::attribute::IntegerAttribute;
    use melior::ir::operation::OperationLike;
    use melior::ir::Module;

    /// Wraps `build`'s ops in `func.func @f(%c: i1, %n: index)` in a module
    /// and returns its text after checking that it verifies.
    fn module_text(
        build: impl for<'c, 'a> FnOnce(&'c Context, BlockRef<'c, 'a>, Value<'c, 'a>, Value<'c, 'a>),
    ) -> String {
        use melior::dialect::func;
        use melior::ir::attribute::{StringAttribute, TypeAttribute};
        use melior::ir::r#type::{FunctionType, IntegerType};
        let context = crate::context();
        let location = Location::unknown(&context);
        let i1 = IntegerType::new(&context, 1).into();
        let index = Type::index(&context);
        let region = Region::new();
        let entry = region.append_block(Block::new(&[(i1, location), (index, location)]));
        build(&context, entry, entry.argument(0).unwrap().into(), entry.argument(1).unwrap().into());
        entry.append_operation(func::r#return(&[], location));
        let module = Module::new(location);
        let signature = FunctionType::new(&context, &[i1, index], &[]);
        module.body().append_operation(func::func(
            &context,
            StringAttribute::new(&context, "f"),
            TypeAttribute::new(signature.into()),
            region,
            &[],
            location,
        ));
        assert!(module.as_operation().verify(), "{}", module.as_operation());
        module.as_operation().to_string()
    }

    #[test]
    fn elided_yields_and_else_print_as_the_custom_syntax_omits_them() {
        let text = module_text(|context, entry, c, n| {
            let location = Location::unknown(context);
            let index = Type::index(context);
            let constant =
                |v| entry.append_operation(arith::constant(context, IntegerAttribute::new(index, v).into(), location));
            let c0 = constant(0).result(0).unwrap().into();
            let c1 = constant(1).result(0).unwrap().into();
            entry.append_operation(
                for_with(context, c0, n, c1, &[], location, |body| {
                    assert!(body.induction_variable().is_some() && body.iter_args().is_empty());
                    let t = body.token();
                    body.append(if_then(context, c, location, |then| {
                        then.append(r#break(context, t, &[], location));
                    }));
                })
                .into(),
            );
            entry.append_operation(scope_with(context, &[], location, |_| {}).into());
        });
        assert!(text.contains("loom.for %arg3 = %c0 to %arg1 step %c1 token(%arg2) {"), "{text}");
        assert!(text.contains("loom.if %arg0 {\n        loom.break %arg2\n      }\n    }"), "{text}");
        assert!(text.contains("loom.scope token(%arg2) {\n    }"), "{text}");
    }

    #[test]
    fn if_with_results_and_typed_accessors() {
        let text = module_text(|context, entry, c, n| {
            let location = Location::unknown(context);
            let index = Type::index(context);
            let op = if_then_else(
                context,
                c,
                &[index],
                location,
                |then| {
                    then.append(r#yield(context, &[n], location));
                },
                |otherwise| {
                    otherwise.append(r#yield(context, &[n], location));
                },
            );
            assert_eq!(op.condition().unwrap(), c);
            assert_eq!(op.results().count(), 1);
            let range = assume_range(
                context,
                index,
                n,
                IntegerAttribute::new(index, 0),
                IntegerAttribute::new(index, 9),
                location,
            );
            assert_eq!(range.hi().unwrap().value(), 9);
            entry.append_operation(op.into());
            entry.append_operation(range.into());
        });
        assert!(text.contains("loom.if %arg0 -> (index) {"), "{text}");
        assert!(text.contains("loom.assume_range %arg1 [0, 9] : index"), "{text}");
    }

    #[test]
    fn token_type_is_loom_token() {
        let context = crate::context();
        let token = token_type(&context);
        assert_eq!(token.to_string(), "!loom.token");
        assert!(is_token_type(token));
        assert!(!is_token_type(Type::index(&context)));
        let region = token_region(&context, &[Type::index(&context)], Location::unknown(&context));
        let block = region.first_block().unwrap();
        assert_eq!(block.argument_count(), 2);
        assert!(is_token_type(block.argument(0).unwrap().r#type()));
    }
}
