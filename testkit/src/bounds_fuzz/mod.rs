//! Soundness by execution for loom's bounds proofs of accesses with
//! *relational* indices (`loom-facts-fuzz --bounds`).
//!
//! loom's report (`loom-report`, schema in `loom::analysis::Report`) says of
//! every memory access whether it is `proven` in bounds. This module
//! generates random functions whose accesses index dynamically sized
//! buffers with values related to loop counters, iteration arguments and
//! symbols, runs them, and flags every access loom proves that some run
//! takes out of bounds. It shares no code with the prover: the truth comes
//! from this module's own simulator and from execution under runtime
//! checks.
//!
//! **Programs** ([`generate`], a pure function of the seed; the language is in `model`): one
//! `func.func @b<seed>(%A: memref<?xi32>, %B: memref<?xi32>, %M:
//! memref<?x?xf32>, %n: index, %m: index)` per seed, built from templates:
//! `scf.for`/`loom.for` loops, header-tested `scf.while` and counted
//! `loom.loop`s (upward with `slt`/`ult`/`sle`/`ne`, or reversed from
//! `dim - 1` down to 0), binary searches (`scf.while` with two iteration
//! arguments, a midpoint `lo + (hi - lo) / 2` or `(lo + hi) >> 1`, and
//! sometimes a `hi` that grows: a non-inductive `hi <= dim`),
//! sentinel loops (the load in the condition region, under an `scf.if`
//! bounds test or not), `scf.for` loops carrying a second counter `%j`
//! (init `c`, step 1, or 2 as a near miss) and 2-D nests over `%M`; bounds are `dim`,
//! `dim - c` (with or without `overflow<nsw>`), `%n`, `min(%n, dim)`,
//! `dim / 2`, the other buffer's size, `dim + 1`, an enclosing counter;
//! steps 1 to 3. Accesses
//! (`memref.load`/`store`, `vector.load`/`store`,
//! `vector.transfer_read`/`write` with `in_bounds = [true]`, vectors of 2 or
//! 4) index the loop's buffer or the other one with `%i`, `%i ± c` (`+`
//! sometimes `nsw`),
//! `dim - 1 - %i`, `bound - 1 - %i`, `%i * 2 (+ 1)`, `min`/`max` clamps,
//! `arith.select`, `shrui`/`divsi` by constants, `%i + %m`, `%i + %j`,
//! optionally under a dominating guard (`scf.if` comparing the index or the
//! loop bound with a size, or `loom.if cond { loom.break / loom.continue }`
//! at the top of a `loom.for`/`loom.loop` body, sometimes with a
//! then-branch that exits only under a second condition). The templates' constants
//! are drawn so that about half the accesses are safe patterns and half
//! near misses (`<=`, step 2 reading `%i + 1`, the wrong buffer, a bound
//! with no guard, an off-by-one clamp or guard). Every access carries the
//! location `loc("b<seed>":<access id>:1)`.
//!
//! **Context shapes** (from a second random stream, so that leaving them
//! out changes nothing else in a program; off with
//! `--without-context-shapes`): a quarter of the programs sit in a nested
//! `module` / `gpu.module @dev32` whose DLTI spec makes `index` 32 bits
//! wide inside the 64-bit root (`BoundsCase::iw`); they are simulated at
//! 32 bits and not executed, and half of them get one more loop, `for %i =
//! 0 to dim(%A) { %A[divsi(c + 2^31, 2^29) + (%i - 4)] }`, which is `%A[%i]`
//! if the constant is read at the root's 64 bits but `%A[%i - 8]` at 32.
//! Every batch is also analysed with every assumption option off
//! (`crate::assumption_diff`): a proof that disappears must list an
//! assumption.
//!
//! **Folds**: every batch's executable is built a second time with
//! `loom-fold-loop-facts` and `canonicalize` between the runtime checks and
//! the lowering (the fold removes the checks of proven accesses and
//! replaces the comparisons, extrema and selects the facts decide); every
//! run must end as it did without them (the same hash, the same failed
//! check), and the summary says how many checks the fold left.
//!
//! **Pipeline shapes** (the loops and values upstream pipelines produce:
//! linalg to loops, tiling, `affine-loop-tile`, bufferization, lower-affine;
//! from a third random stream,
//! their access ids after the others', so a seed's old program is
//! unchanged; off with `--without-pipeline-shapes`): four programs in five
//! get one or two more templates, first or last in the function:
//! - `scf.parallel (%i) = (lb) to (ub) step (s)` and `scf.forall` (`=
//!   (lb) to (ub) step (s)` or `in (ub)`, constants written statically or
//!   as values) over `%A`/`%B` with the loop templates' bodies, or stepping
//!   by 4 and reading `%i + c` (c = 0..3); 2-D over `%M` with `nest2`'s
//!   bounds and bodies. Simulated as nested loops, the first counter
//!   outermost, like `convert-scf-to-cf` and `scf-forall-to-for` lower them;
//! - tiles as `tile_using_for` makes them: `scf.for %i = 0 to %d step T`,
//!   `%sz = affine.min (d0)[s0] -> (T, s0 - d0)` (near miss `+ 1`), an inner
//!   loop to `%sz` (near misses: to T, the other size, `%sz + 1`) reading
//!   `%A[affine.apply (d0 + d1)(%i, %j)]` or `%A[%i + %j]`, or `%t[%j]` of
//!   `%t = memref.subview %A[%i] [%sz] [1]` (near miss: size T), or a
//!   subview of that subview tiled again; guards on the right or the wrong
//!   size; sometimes the tile loop is an `scf.forall` (`tile_using_forall`)
//!   or `scf.parallel`, and the inner loop too (`scf-parallel-loop-tiling`);
//!   accesses scalar or vector, on views too;
//! - `affine.for` nests with `affine.load`/`store` at `%i`, `%i ± c`,
//!   `%i * 2`, `%i + %j`: `0 to %d - k`, windows, and `affine-loop-tile`'s
//!   `%j = (d0) -> (d0)(%i) to min (d0)[s0] -> (d0 + T, s0)(%i)[%d]` (near
//!   miss `s0 + 1`) or `0 to min (T, s0 - d0)`;
//! - an output buffer `%O = memref.alloc(size)` (the size of `%A`, or not:
//!   `%B`'s, `dim + 1`, half of it) that one loop fills and another reads,
//!   deallocated or not (not hashed; its contents are never used);
//! - `scf.for` loops (from 0, c < 0 or `%m`) over indices through `affine.apply`
//!   of `floordiv`, `ceildiv` and `mod` by constants (also in affine.for's
//!   accesses), simulated as lower-affine expands them (`divsi`/`remsi` and
//!   selects, wrapping);
//! - two thirds of the programs with affine ops reach `loom-report` through
//!   `lower-affine` (`BoundsCase::lower_affine`; the executed copy is the
//!   same program either way), the others reach it as they are: the report
//!   must name each access as the op loom saw (`memref.load`/`store` and
//!   `vector.load`/`store` for the affine ones after `lower-affine`).
//!
//! **More pipeline shapes** (from a fourth random stream, their claims
//! after all others', so that every older program is unchanged; off with
//! `--without-pipeline-shapes` too): seven programs in twenty get one of
//! these templates (one in twenty two), first or last in the function:
//! - `affine.vector_load`/`affine.vector_store` of 2 or 4 elements inside
//!   `affine.for` loops (`BoundsCase::more_shapes`). Over `%A`/`%B`: from
//!   0, c or `%m` (step 1 or 2) to `%d - cut` at `%i + c`, where the cut
//!   `n - 1 + c` fits and `n - 2 + c` ends one element past the end (`0 to
//!   %d - 2` reading `vector<4xi32>` at `%i`); stepping by n or 2n and
//!   reading every vector of the step, to `%d - (step - 1)` or, the last
//!   step overrunning, to `%d - (step - n)`; as `affine-loop-tile` makes
//!   it, `%i = 0 to %d step T { %j = %i to min(%i + T, %d - (n - 1)) step
//!   n }` (near miss: `min(%i + T, %d)`). Over the rows of `%M`, the vector
//!   along the last dimension (near misses: the rows to `dim(%M, 1)`, row
//!   `%i + 1`, the columns walked to `dim(%M, 0)`). Sometimes a scalar
//!   `affine.load`/`store` beside them;
//! - 2-D views of `%M` as `tile_using_for` makes them: `for %i = 0 to
//!   dim(%M, 0) step T0 { %s0 = affine.min (T0, d0 - %i); for %j = 0 to
//!   dim(%M, 1) step T1 { %s1 = affine.min (T1, d1 - %j); %v =
//!   memref.subview %M[%i, %j] [%s0, %s1] [1, 1] ... } }` (a
//!   `memref<?x?xf32, strided<[?, 1], offset: ?>>`), then inner loops to
//!   the tile's sizes (`%s0`/`%s1` or `dim(%v, k)`) over `%v[%a, %b]`
//!   (scalar or vector along the last dimension, sometimes guarded), or a
//!   subview of the tile tiled again by rows (`%v[%k, 0] [%s2, %s1]` with
//!   `%s2 = affine.min (T2, %s0 - %k)`), or rank-reducing row views of the
//!   tile (`memref.subview %v[%r, 0] [1, %s1] [1, 1]` to a `memref<?xf32,
//!   strided<[1], offset: ?>>`); and row views of `%M` itself (`%M[%r, 0]
//!   [1, dim(%M, 1)]`, or `[1, %n]` under `scf.if %n ule dim(%M, 1)`). Near
//!   misses: a tile size one too big in one dimension only (one
//!   `affine.min` with `+ 1`, or T), the offsets swapped or in the wrong
//!   dimension (`[0, %r]`), an inner loop or a row length to the other
//!   dimension's size, a vector not cut from the row, a guard on the wrong
//!   dimension;
//! - affine maps with a division inside a sum and long sums, in `affine.for`
//!   nests over `%A`/`%B`, as `affine.load`/`store` indices or through
//!   `affine.apply` (`Ix::AffineApply`) into `memref.load`/`store`: `%i mod
//!   4 + %j` for `%j < %d - 3` (near misses: `%d - 2`, `mod 5`); `(%i + %j)
//!   floordiv 2`, `(%i + %j + 1) floordiv 2` and `(%i + %j) ceildiv 2` for
//!   `%i, %j < %d` (near misses: `%j < %d + 1`, `(%i + %j + 1) ceildiv
//!   2`); `(%i + %j) floordiv 2 + s0` for `max(0, -s0) <= %i, %j < %d -
//!   s0` (near miss: from 0); `%i floordiv 3 * 2 + %j mod 2` for `%j <
//!   min(2, %d)` (near miss: `%j < 2`); windows of three loops at
//!   `%i + %j + %k`, or at `%i + %j + %k + s0 + s1 - 1` (six terms) with
//!   `%i` from `1 - s0 - s1` to `%d - s0 - s1 + 1 - (W1 + W2 - 2)` (near
//!   misses: one wider, from `-s0 - s1`); and `(%i + s0) floordiv 2 - s0 floordiv 2`
//!   for `%i < %d`, in bounds over the integers but not where `%i + s0`
//!   wraps. The symbols are `%n` and `%m`, which take edge values
//!   (`i64::MAX`, `i64::MIN`): lower-affine's wrapping sums,
//!   `overflow<nsw>` products and division expansions are what the
//!   simulator computes.
//!
//! **Own-file shapes**, each with its own random stream, run alone after
//! the batches above: wide constants at 32 bits (`wide_const`), bodies
//! that end early (`early_end`), views whose offsets, sizes and strides
//! are SSA constants (`ssa_views`, off with `--without-ssa-view-shapes`),
//! masked vector accesses under `vector.create_mask` of the remaining
//! width, near misses one lane too many (`masks`, off with
//! `--without-mask-shapes`), indices that are counters carried beside a
//! loop's induction variable (`carried`, off with
//! `--without-carried-counter-shapes`), and kernels called with their
//! sizes, whose accesses loom proves through call sites (`call_sites`, off
//! with `--without-call-site-shapes`), and accesses after an access to the
//! same element, whose proofs may rest on it (`earlier`, off with
//! `--without-earlier-access-shapes`).
//!
//! A subview is in bounds of its source when, in every dimension, `0 <=
//! off`, `0 <= size` and `off + size <= dim(src)`; a run stops at the first
//! that is not. A view's element `x` is its source's `off + x` in the
//! dimensions it keeps (a rank-reducing subview drops a unit dimension).
//! The report lists subviews beside the accesses (`memref.subview`, at
//! `loc("b<seed>.sv":k:1)`), so they are claims too.
//!
//! **Argument sets** ([`ARG_SETS`] per program, chosen by simulation among
//! more candidates, see `generate`; a set that takes a new claim, access or
//! subview, out of bounds first): buffer sizes 0..40 (2-D: 0..12 per
//! dimension), scalars small (some negative), equal to a size (±1), or edge
//! values (0, ±1, `i64::MIN`, `i64::MAX`); at least one edge set.
//!
//! **Truth, two ways.**
//! 1. Simulation ([`simulate`]): 64-bit wrapping index arithmetic; the
//!    run stops at the first access whose footprint leaves its buffer
//!    (`Oob`: that access went out of bounds in a run whose every earlier
//!    step is defined), at an `scf.for`/`loom.for` increment that overflows
//!    or an `nsw` operation whose poison the program uses (`Undefined`; the
//!    products lower-affine makes of affine maps are `overflow<nsw>`), or
//!    after [`FUEL`] body executions. Affine maps mean what lower-affine
//!    expands them into.
//! 2. Execution ([`run`]): the functions go through `scf-forall-to-for` and
//!    `lower-affine` (so that affine accesses are checked as the memref ops
//!    they become), then upstream's
//!    `generate-runtime-verification` pass (Debian's MLIR 22 archives,
//!    linked into loom-opt, which also parses the loom ops; it checks
//!    `memref.load`/`store`, but MLIR 22 inserts no check for vector ops, so
//!    the executed copy carries this module's own `cf.assert` of the
//!    footprint before each vector access (`affine.vector_load`/`store`
//!    included, which lower-affine makes `vector.load`/`store`; their
//!    indices computed by `affine.apply` of the access's own map), with the
//!    same message format;
//!    MLIR 22's check of `memref.subview` crashes, so the executed copy has
//!    its own `cf.assert` of each subview, in every dimension, and builds
//!    the view with `memref.reinterpret_cast` of the base buffer: the
//!    linear offset, the kept sizes, the base's strides),
//!    then `loom-lower-to-llvm`, `mlir-translate --mlir-to-llvmir` and
//!    `clang -O0` with a small C driver, into one executable per batch
//!    (JIT-compiling a batch in `mlir-runner` once per run would cost
//!    ~0.2 s per abort, and most runs of near misses abort). Each run is
//!    selected by its number on the command line, and an abort (`ERROR:
//!    Runtime op verification failed ... Location: loc("b<seed>":<id>:1)`)
//!    ends only that run: the driver is restarted with the runs after it. A
//!    run that completes prints a hash of the three buffers' final contents
//!    (stores write values derived from their index and access id).
//!
//! **Checks** (`check`): an access loom proves that the simulation or the
//! execution takes out of bounds is a **wrong proof**, and so is a subview
//! loom proves that a run takes outside its source. Simulation and
//! execution must agree on every run both cover (same aborting access, or
//! same final hash): a disagreement is a simulator/execution mismatch (the
//! oracle itself is wrong, or the lowering). The report must list each
//! generated access and subview exactly once with the expected op name
//! (`memref.load`/`store` for affine accesses after `lower-affine`).
//!
//! **Self-test** ([`self_test`]): the same checker gets forged reports: one
//! claiming every access proven (each access seen out of bounds must be
//! caught, by the simulation and by the execution, and a hand-written
//! `%A[%i + 1]` in `scf.for %i = 0 to dim(%A, 0)` must be among them, and
//! so must one hand-written near miss of each pipeline template and of
//! each more pipeline template, `hand`), and
//! one claiming proven exactly the accesses never seen out of bounds
//! (nothing may be flagged).

pub mod call_sites;
pub mod carried;
mod check;
pub mod earlier;
pub mod early_end;
mod emit;
mod generate;
mod hand;
pub mod masks;
mod model;
mod preconditions;
mod simulate;
mod single;
pub mod ssa_views;
pub mod wide_const;

pub use check::{run, self_test, BoundsTally};
pub use generate::generate;
pub use model::BoundsCase;
pub use simulate::{simulate, SimOutcome};

/// Whether the generator adds the pipeline shapes (scf.parallel,
/// scf.forall, tiles and subviews, affine.for, output allocs, lower-affine
/// before the report) and the more pipeline shapes (affine vector accesses,
/// 2-D views, affine sums). On by default; `loom-facts-fuzz
/// --without-pipeline-shapes` turns it off.
pub static PIPELINE_SHAPES: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);

/// [`PIPELINE_SHAPES`]'s value.
pub fn pipeline_shapes() -> bool {
    PIPELINE_SHAPES.load(std::sync::atomic::Ordering::Relaxed)
}

/// Argument sets per program.
pub const ARG_SETS: usize = 4;
/// Body executions per run the simulator allows before giving up.
pub const FUEL: u64 = 4000;

/// One program's text, argument sets and simulated outcomes (`--print`).
pub fn describe(seed: u64) -> String {
    let case = generate(seed);
    let mut s = if case.iw == 32 {
        "// in the nested module @dev32 (#dlti.dl_spec<index = 32 : i64>); simulated at 32 bits\n".to_string()
    } else {
        String::new()
    };
    if case.lower_affine {
        s.push_str("// loom-report sees it after lower-affine\n");
    }
    s.push_str(&emit::plain_function(&case));
    for (k, set) in case.arg_sets.iter().enumerate() {
        s.push_str(&format!("// set {k}: {}  =>  {}\n", set.describe(), simulate(&case, k).describe()));
    }
    s
}
