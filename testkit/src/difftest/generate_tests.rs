//! Tests of the generator ([`generate`](super::generate)): every program is
//! valid, terminating, bounded and deterministic, and the features each
//! mode promises (exits past targets, tensors carried through loops) occur.

use super::super::check::check;
use super::super::emit::emit_mlir;
use super::super::interpret::run;
use super::super::program::Block;
use super::*;

/// Static feature counts over a program.
#[derive(Default, Debug)]
struct Features {
    loops: u32,
    fors: u32,
    scopes: u32,
    ifs_with_results: u32,
    breaks_not_innermost: u32,
    continues_not_innermost: u32,
    continues_to_outer_loop_from_inner_loop: u32,
    multi_type_breaks: u32,
    float_exit_operands: u32,
    zero_trip_fors: u32,
    negative_lower_fors: u32,
    step_gt_one_fors: u32,
    non_index_fors: u32,
    for_breaks: u32,
    scope_breaks: u32,
    max_depth: u32,
}

fn const_int(p: &Program, body: &[Op], v: ValueId) -> Option<i64> {
    fn find(ops: &[Op], v: ValueId) -> Option<u64> {
        for op in ops {
            match op {
                Op::Const { result, value: Constant::Int(bits) } if *result == v => return Some(*bits),
                Op::If(i) => {
                    if let Some(x) =
                        find(&i.then_block.ops, v).or_else(|| i.else_block.as_ref().and_then(|b| find(&b.ops, v)))
                    {
                        return Some(x);
                    }
                }
                Op::Loop(l) => {
                    if let Some(x) = find(&l.body.ops, v) {
                        return Some(x);
                    }
                }
                Op::Scope(s) => {
                    if let Some(x) = find(&s.body.ops, v) {
                        return Some(x);
                    }
                }
                Op::For(f) => {
                    if let Some(x) = find(&f.body.ops, v) {
                        return Some(x);
                    }
                }
                _ => {}
            }
        }
        None
    }
    let bits = find(body, v)?;
    Some(super::super::program::sign_extend(bits, p.type_of(v)?.int_width()?))
}

/// (token, is_loop_or_for kind) of enclosing targets while walking.
fn walk(p: &Program, ops: &[Op], stack: &mut Vec<(TokenId, TargetKind)>, f: &mut Features, depth: u32) {
    f.max_depth = f.max_depth.max(depth);
    for op in ops {
        match op {
            Op::If(i) => {
                if !i.results.is_empty() {
                    f.ifs_with_results += 1;
                }
                walk_block(p, &i.then_block, stack, f, depth + 1);
                if let Some(b) = &i.else_block {
                    walk_block(p, b, stack, f, depth + 1);
                }
            }
            Op::Loop(l) => {
                f.loops += 1;
                stack.push((l.token, TargetKind::Loop));
                walk_block(p, &l.body, stack, f, depth + 1);
                stack.pop();
            }
            Op::Scope(s) => {
                f.scopes += 1;
                stack.push((s.token, TargetKind::Scope));
                walk_block(p, &s.body, stack, f, depth + 1);
                stack.pop();
            }
            Op::For(fo) => {
                f.fors += 1;
                let lb = const_int(p, &p.body, fo.lower).unwrap_or(0);
                let ub = const_int(p, &p.body, fo.upper).unwrap_or(0);
                let st = const_int(p, &p.body, fo.step).unwrap_or(1);
                if ub <= lb {
                    f.zero_trip_fors += 1;
                }
                if lb < 0 {
                    f.negative_lower_fors += 1;
                }
                if st > 1 {
                    f.step_gt_one_fors += 1;
                }
                if p.type_of(fo.induction) != Some(Type::Index) {
                    f.non_index_fors += 1;
                }
                stack.push((fo.token, TargetKind::For));
                walk_block(p, &fo.body, stack, f, depth + 1);
                stack.pop();
            }
            _ => {}
        }
    }
}

fn walk_block(p: &Program, b: &Block, stack: &mut Vec<(TokenId, TargetKind)>, f: &mut Features, depth: u32) {
    walk(p, &b.ops, stack, f, depth);
    let innermost = stack.last().map(|t| t.0);
    match &b.terminator {
        Terminator::Break { target, values } => {
            if Some(*target) != innermost {
                f.breaks_not_innermost += 1;
            }
            let mut types: Vec<Type> = values.iter().filter_map(|v| p.type_of(*v)).collect();
            if types.iter().any(|t| t.is_float()) {
                f.float_exit_operands += 1;
            }
            types.sort();
            types.dedup();
            if types.len() >= 2 {
                f.multi_type_breaks += 1;
            }
            match stack.iter().find(|t| t.0 == *target).map(|t| t.1) {
                Some(TargetKind::For) => f.for_breaks += 1,
                Some(TargetKind::Scope) => f.scope_breaks += 1,
                _ => {}
            }
        }
        Terminator::Continue { target, .. } => {
            if Some(*target) != innermost {
                f.continues_not_innermost += 1;
                let pos = stack.iter().position(|t| t.0 == *target).unwrap_or(0);
                let inner_loop = stack[pos + 1..].iter().any(|t| t.1 != TargetKind::Scope);
                if inner_loop {
                    f.continues_to_outer_loop_from_inner_loop += 1;
                }
            }
        }
        Terminator::Yield(_) => {}
    }
}

#[test]
fn seeds_0_to_1000_are_valid_terminating_and_bounded() {
    let config = Config::default();
    let mut fallbacks = 0;
    let mut max_steps = 0;
    let mut total_lines = 0;
    for seed in 0..=1000u64 {
        let (program, attempts) = generate_with_attempts(seed, &config);
        if attempts > MAX_ATTEMPTS {
            fallbacks += 1;
        }
        let cost = check(&program).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(cost.work <= config.max_work, "seed {seed}: work {}", cost.work);
        let execution = run(&program, cost.work).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(execution.steps <= cost.work, "seed {seed}");
        assert!(!execution.lines.is_empty() || program.body.iter().all(|op| !matches!(op, Op::Print { .. })));
        max_steps = max_steps.max(execution.steps);
        total_lines += execution.lines.len();
    }
    assert_eq!(fallbacks, 0);
    assert!(max_steps <= config.max_work);
    assert!(total_lines > 1000);
}

#[test]
fn generation_and_emission_are_deterministic() {
    let config = Config::default();
    let mut distinct = std::collections::BTreeSet::new();
    for seed in [0u64, 1, 2, 17, 12345, u64::MAX] {
        let a = emit_mlir(&generate(seed, &config));
        let b = emit_mlir(&generate(seed, &config));
        assert_eq!(a, b, "seed {seed}");
        distinct.insert(a);
    }
    assert_eq!(distinct.len(), 6);
}

#[test]
fn generated_programs_cover_the_interesting_shapes() {
    let config = Config::default();
    let mut f = Features::default();
    for seed in 0..1000u64 {
        let p = generate(seed, &config);
        walk(&p, &p.body, &mut Vec::new(), &mut f, 0);
    }
    assert!(f.loops > 300 && f.fors > 300 && f.scopes > 100 && f.ifs_with_results > 100, "{f:?}");
    assert!(f.breaks_not_innermost > 100, "{f:?}");
    assert!(f.continues_not_innermost > 100, "{f:?}");
    assert!(f.continues_to_outer_loop_from_inner_loop > 30, "{f:?}");
    assert!(f.multi_type_breaks > 100, "{f:?}");
    assert!(f.float_exit_operands > 100, "{f:?}");
    assert!(f.zero_trip_fors > 30 && f.negative_lower_fors > 100, "{f:?}");
    assert!(f.step_gt_one_fors > 50 && f.non_index_fors > 100, "{f:?}");
    assert!(f.for_breaks > 50 && f.scope_breaks > 50, "{f:?}");
    assert!(f.max_depth >= 4, "{f:?}");
}

#[test]
fn exits_fire_at_varying_iterations() {
    // Loop activations end after every number of iterations, exits leave
    // inner targets at run time, and outputs differ between seeds.
    let config = Config::default();
    let mut histogram = [0u64; super::super::interpret::ITERATION_BUCKETS];
    let mut exits_past_targets = 0;
    let mut outputs = std::collections::BTreeSet::new();
    for seed in 0..500u64 {
        let e = run(&generate(seed, &config), config.max_work).expect("runs");
        for (total, n) in histogram.iter_mut().zip(e.iterations) {
            *total += n;
        }
        exits_past_targets += e.exits_past_targets;
        outputs.insert(e.lines);
    }
    assert!(histogram.iter().all(|n| *n >= 50), "{histogram:?}");
    assert!(exits_past_targets >= 300, "{exits_past_targets}");
    assert!(outputs.len() >= 450, "{}", outputs.len());
}

#[test]
fn config_variants_are_respected() {
    let config = Config { float_printing: FloatPrinting::ViaFpToSi, for_without_iter_args: false, ..Config::default() };
    for seed in 0..200u64 {
        let p = generate(seed, &config);
        assert!(check(&p).is_ok());
        let text = emit_mlir(&p);
        assert!(!text.contains(": f32\n") || !text.lines().any(|l| l.contains("vector.print") && l.contains(": f")));
        for line in text.lines().filter(|l| l.contains("loom.for ")) {
            assert!(line.contains("iter_args("), "seed {seed}: {line}");
        }
    }
    let flat = Config { max_depth: 0, ..Config::default() };
    let p = generate(3, &flat);
    assert!(p.body.iter().all(|op| !matches!(op, Op::Loop(_) | Op::For(_) | Op::Scope(_) | Op::If(_))));
    assert!(check(&p).is_ok());
}

/// Tensor features of one program (see `tensor_features`).
#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct TensorFeatures {
    loop_iters: u32,
    for_iters: u32,
    if_results: u32,
    scope_results: u32,
    breaks: u32,
    multi_level_breaks: u32,
    continues: u32,
    captured_writes: u32,
    selects: u32,
    inserts: u32,
    extracts: u32,
}

impl TensorFeatures {
    fn add(&mut self, o: TensorFeatures) {
        let (a, b) = (self.as_array(), o.as_array());
        let s: Vec<u32> = a.iter().zip(b).map(|(x, y)| x + y).collect();
        *self = TensorFeatures::from_slice(&s);
    }
    fn as_array(&self) -> [u32; 11] {
        [
            self.loop_iters,
            self.for_iters,
            self.if_results,
            self.scope_results,
            self.breaks,
            self.multi_level_breaks,
            self.continues,
            self.captured_writes,
            self.selects,
            self.inserts,
            self.extracts,
        ]
    }
    fn from_slice(s: &[u32]) -> TensorFeatures {
        TensorFeatures {
            loop_iters: s[0],
            for_iters: s[1],
            if_results: s[2],
            scope_results: s[3],
            breaks: s[4],
            multi_level_breaks: s[5],
            continues: s[6],
            captured_writes: s[7],
            selects: s[8],
            inserts: s[9],
            extracts: s[10],
        }
    }
}

/// Counts the tensor features of `p`. `loops` is the number of enclosing
/// loom.loop / loom.for ops; `depth_of[v]` the loop depth `v` was defined at.
fn tensor_features(p: &Program) -> TensorFeatures {
    struct W<'p> {
        p: &'p Program,
        depth_of: Vec<u32>,
        targets: Vec<TokenId>,
        f: TensorFeatures,
    }
    impl W<'_> {
        fn is_tensor(&self, v: ValueId) -> bool {
            self.p.type_of(v).and_then(Type::tensor_len).is_some()
        }
        fn def(&mut self, v: ValueId, loops: u32) {
            self.depth_of[v.0 as usize] = loops;
        }
        fn block(&mut self, b: &Block, loops: u32) {
            self.ops(&b.ops, loops);
            match &b.terminator {
                Terminator::Break { target, values } if values.iter().any(|v| self.is_tensor(*v)) => {
                    self.f.breaks += 1;
                    if self.targets.last() != Some(target) {
                        self.f.multi_level_breaks += 1;
                    }
                }
                Terminator::Continue { values, .. } if values.iter().any(|v| self.is_tensor(*v)) => {
                    self.f.continues += 1;
                }
                _ => {}
            }
        }
        fn ops(&mut self, ops: &[Op], loops: u32) {
            for op in ops {
                match op {
                    Op::Const { result, .. }
                    | Op::IntBinary { result, .. }
                    | Op::FloatBinary { result, .. }
                    | Op::CmpI { result, .. }
                    | Op::CmpF { result, .. }
                    | Op::Cast { result, .. }
                    | Op::TensorConst { result, .. } => self.def(*result, loops),
                    Op::Select { result, .. } => {
                        self.f.selects += u32::from(self.is_tensor(*result));
                        self.def(*result, loops);
                    }
                    Op::TensorInsert { result, tensor, .. } => {
                        self.f.inserts += 1;
                        if self.depth_of[tensor.0 as usize] < loops {
                            self.f.captured_writes += 1;
                        }
                        self.def(*result, loops);
                    }
                    Op::TensorExtract { result, .. } => {
                        self.f.extracts += 1;
                        self.def(*result, loops);
                    }
                    Op::Print { .. } | Op::Exit { .. } | Op::Assert { .. } => {}
                    Op::If(i) => {
                        self.f.if_results += u32::from(i.results.iter().any(|v| self.is_tensor(*v)));
                        self.block(&i.then_block, loops);
                        if let Some(e) = &i.else_block {
                            self.block(e, loops);
                        }
                        i.results.iter().for_each(|v| self.def(*v, loops));
                    }
                    Op::Scope(sc) => {
                        self.f.scope_results += u32::from(sc.results.iter().any(|v| self.is_tensor(*v)));
                        self.targets.push(sc.token);
                        self.block(&sc.body, loops);
                        self.targets.pop();
                        sc.results.iter().for_each(|v| self.def(*v, loops));
                    }
                    Op::Loop(l) => {
                        self.f.loop_iters += u32::from(l.iter_args.iter().any(|a| self.is_tensor(a.param)));
                        l.iter_args.iter().for_each(|a| self.def(a.param, loops + 1));
                        self.targets.push(l.token);
                        self.block(&l.body, loops + 1);
                        self.targets.pop();
                        l.results.iter().for_each(|v| self.def(*v, loops));
                    }
                    Op::For(fo) => {
                        self.f.for_iters += u32::from(fo.iter_args.iter().any(|a| self.is_tensor(a.param)));
                        fo.iter_args.iter().for_each(|a| self.def(a.param, loops + 1));
                        self.def(fo.induction, loops + 1);
                        self.targets.push(fo.token);
                        self.block(&fo.body, loops + 1);
                        self.targets.pop();
                        fo.results.iter().for_each(|v| self.def(*v, loops));
                    }
                }
            }
        }
    }
    let mut w = W { p, depth_of: vec![0; p.value_types.len()], targets: Vec::new(), f: TensorFeatures::default() };
    w.ops(&p.body, 0);
    w.f
}

#[test]
fn tensor_mode_programs_are_valid_terminating_and_bounded() {
    let config = Config { tensors: true, ..Config::default() };
    let mut total = TensorFeatures::default();
    let mut with_tensors = 0;
    for seed in 0..=1000u64 {
        let (program, attempts) = generate_with_attempts(seed, &config);
        assert!(attempts <= MAX_ATTEMPTS, "seed {seed}: fell back to a flat program");
        let cost = check(&program).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let execution = run(&program, cost.work).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(execution.steps <= cost.work, "seed {seed}");
        with_tensors += u32::from(program.value_types.iter().any(|t| t.tensor_len().is_some()));
        total.add(tensor_features(&program));
    }
    assert!(with_tensors > 850, "{with_tensors}");
    assert!(total.as_array().iter().all(|n| *n > 100), "{total:?}");
    // The default configuration has no tensors at all.
    for seed in 0..300u64 {
        assert!(generate(seed, &Config::default()).value_types.iter().all(|t| t.tensor_len().is_none()));
    }
}

#[test]
fn lit_seed_range_covers_every_tensor_feature() {
    // test/Execution/differential-tensor.test runs `--tensors --seeds 0..LIT_SEEDS`:
    // some seed of that range has each feature.
    const LIT_SEEDS: u64 = 40;
    let config = Config { tensors: true, ..Config::default() };
    let mut covered = [false; 11];
    for seed in 0..LIT_SEEDS {
        let f = tensor_features(&generate(seed, &config));
        for (c, n) in covered.iter_mut().zip(f.as_array()) {
            *c |= n > 0;
        }
    }
    assert!(covered.iter().all(|c| *c), "{covered:?}");
}
