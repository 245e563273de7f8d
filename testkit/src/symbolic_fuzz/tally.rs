//! What a symbolic fuzzing run counted: cases, argument sets, claims
//! checked, the shapes seen, contradictions and simulator/execution
//! mismatches, and the summary lines the binary prints.

/// Tallies of one run.
#[derive(Clone, Debug, Default)]
pub struct SymTally {
    pub cases: u64,
    pub arg_sets: u64,
    /// Runs executed, every one with the claims loom makes on the executed
    /// copy checked at run time (`loom-check-claims`), and how many of
    /// those violated one.
    pub executed: u64,
    pub claims_violated: u64,
    /// Of the runs executed, those of functions in the nested 32-bit
    /// module (run at 32 bits).
    pub executed32: u64,
    pub out_of_fuel: u64,
    pub undefined: u64,
    pub loops: u64,
    pub exact: u64,
    pub at_most: u64,
    pub unknown: u64,
    /// Expression claims checked against one argument set, by the loop's status.
    pub exact_checks: u64,
    pub at_most_checks: u64,
    /// v1 numeric claims checked against one argument set.
    pub numeric_checks: u64,
    /// Claims whose value does not fit in i128 (not checked).
    pub unevaluable: u64,
    pub model_mismatches: u64,
    /// Contradictions (lines starting with two spaces continue the previous one).
    pub failures: Vec<String>,
    /// Mutation check (`--self-test`): per claim kind, mutants of the
    /// report's expression claims made and caught.
    pub mutants: std::collections::BTreeMap<String, (u64, u64)>,
    /// Loops in a non-entry block (every loop of a case with `cf`).
    pub non_entry: u64,
    /// Functions in a nested module of 32-bit `index` (simulated only).
    pub nested: u64,
    /// Cases with the buffer-size assumption nest (`gen_assumption_nest`'s
    /// shape: an inner loop bounded relative to a `dim`-bounded counter).
    pub assumption_nests: u64,
    /// The rerun with every assumption off.
    pub diff: crate::assumption_diff::DiffTally,
    /// Cases with a parallel loop; `scf.parallel` and `scf.forall` loops
    /// and their dimensions; parallel loops with a dimension whose step is
    /// an argument (the near miss) and how many of those are unknown;
    /// parallel loops the report calls exact.
    pub par_cases: u64,
    pub scf_parallel: u64,
    pub scf_forall: u64,
    pub affine_parallel: u64,
    pub par_dims: u64,
    pub par_in_loop: u64,
    pub par_around_loop: u64,
    pub dyn_step: u64,
    pub dyn_step_unknown: u64,
    pub par_exact: u64,
    /// Claims of parallel loops (their own and their dimensions') checked
    /// against one argument set.
    pub par_checks: u64,
    /// Nests of parallel loops (a parallel loop in a parallel loop's
    /// body): cases; inner loops (`scf.parallel`, `scf.forall`,
    /// `affine.parallel`) and their dimensions; those bounded by an
    /// `affine.min` tile size and the near misses among them (see
    /// [`super::tile_dim`]); inner loops the report calls exact and their exact
    /// dimensions; claims of inner loops checked against one argument set.
    pub nests: u64,
    pub nest_inner: [u64; 3],
    pub nest_dims: u64,
    pub nest_tiles: u64,
    pub nest_near_misses: u64,
    pub nest_exact: u64,
    pub nest_exact_dims: u64,
    pub nest_checks: u64,
    /// Parallel cases in the nested 32-bit module and their parallel loops
    /// the report calls exact; their runs with a dimension's bound within
    /// 64 of the 32-bit limits (in the op's last entry), and those
    /// undefined because a dimension's final induction value overflows 32
    /// bits; their parallel claims checked.
    pub par32: u64,
    pub par32_exact: u64,
    pub par32_limit: u64,
    pub par32_overflow: u64,
    pub par32_checks: u64,
    /// Early-end programs (`early_end`), those with `affine.for`, their
    /// calls, those whose last call reaches its end, and those ending by a
    /// failing assert.
    pub early_end: u64,
    pub early_end_affine: u64,
    pub early_end_calls: u64,
    pub early_end_fired: u64,
    pub early_end_aborted: u64,
    /// Wide-constant programs (`wide_const`), those through
    /// `lower-affine`; their loops per `WideKind` and the near misses among
    /// them; their runs; their loops the report calls exact and at_most,
    /// `[wide constant, near miss]` each.
    pub wide_programs: u64,
    pub wide_lower_affine: u64,
    pub wide_kinds: [u64; 8],
    pub wide_near_misses: u64,
    pub wide_runs: u64,
    pub wide_statuses: [[u64; 2]; 2],
    /// Wrong claims forged from each loop's runs, and those the checker
    /// flagged (all must be).
    pub wide_forged: [u64; 2],
    /// Deep nests (`deep_nest`), those of `affine.for`, the deepest; the
    /// slowest `loom-report` on one; their runs and body executions.
    pub deep_nests: u64,
    pub deep_affine: u64,
    pub deep_max_depth: u64,
    /// The most CPU time one `loom-report` run on deep nests took.
    pub deep_max_report: std::time::Duration,
    pub deep_runs: u64,
    pub deep_bodies: u64,
}

impl SymTally {
    /// The mutation check's line, if mutants were made.
    pub fn mutant_summary(&self) -> Option<String> {
        if self.mutants.is_empty() {
            return None;
        }
        let (made, caught) = self.mutants.values().fold((0, 0), |(a, b), (m, c)| (a + m, b + c));
        let kinds: Vec<String> = self.mutants.iter().map(|(k, (m, c))| format!("{k} {c}/{m}")).collect();
        Some(format!(
            "symbolic mutants: {caught} of {made} wrong-by-one expression claims caught ({})",
            kinds.join(", ")
        ))
    }
    pub fn contradictions(&self) -> usize {
        self.failures.iter().filter(|f| !f.starts_with("  ")).count()
    }
    pub fn summary(&self) -> String {
        format!(
            "symbolic-fuzz: context shapes: {} nested-width functions, {} non-entry-block loops, {} assumption nests; {}\n{}\n{}\n{}\n{}\n{}\n{}",
            self.nested,
            self.non_entry,
            self.assumption_nests,
            self.diff.summary(),
            self.parallel_summary(),
            self.nest_summary(),
            self.early_end_summary(),
            self.deep_nest_summary(),
            self.wide_const_summary(),
            self.base_summary()
        )
    }
    /// The parallel nests' and 32-bit parallel cases' lines.
    pub fn nest_summary(&self) -> String {
        format!(
            "symbolic-fuzz: parallel nests: {} cases, {} inner parallel loops ({} scf.parallel, {} scf.forall, {} affine.parallel; {} dimensions, {} bounded by an affine.min tile, {} of them near misses; {} exact, {} exact dimensions); {} inner claims checked\nsymbolic-fuzz: 32-bit parallel: {} cases in the nested 32-bit module ({} exact parallel loops); {} runs with a dimension bound near the 32-bit limits, {} undefined by a dimension's final value overflowing; {} claims checked",
            self.nests,
            self.nest_inner.iter().sum::<u64>(),
            self.nest_inner[0],
            self.nest_inner[1],
            self.nest_inner[2],
            self.nest_dims,
            self.nest_tiles,
            self.nest_near_misses,
            self.nest_exact,
            self.nest_exact_dims,
            self.nest_checks,
            self.par32,
            self.par32_exact,
            self.par32_limit,
            self.par32_overflow,
            self.par32_checks
        )
    }
    /// The early-end shapes' line.
    pub fn early_end_summary(&self) -> String {
        format!(
            "symbolic-fuzz: early-end shapes: {} programs ({} affine.for), {} calls; {} ended by their end op ({} aborted by a failing assert), every run with its claims checked",
            self.early_end,
            self.early_end_affine,
            self.early_end_calls,
            self.early_end_fired,
            self.early_end_aborted
        )
    }
    /// The deep nests' line.
    pub fn deep_nest_summary(&self) -> String {
        format!(
            "symbolic-fuzz: deep nests: {} programs ({} affine.for), up to {} deep; slowest loom-report {:.2} s of CPU (limit {} s); {} runs with their claims checked, {} body executions",
            self.deep_nests,
            self.deep_affine,
            self.deep_max_depth,
            self.deep_max_report.as_secs_f64(),
            super::deep_nest::REPORT_LIMIT.as_secs(),
            self.deep_runs,
            self.deep_bodies
        )
    }
    /// The wide-constant programs' line.
    pub fn wide_const_summary(&self) -> String {
        let kinds: Vec<String> = super::wide_const::WideKind::ALL
            .iter()
            .zip(self.wide_kinds)
            .map(|(k, n)| format!("{n} {}", k.name()))
            .collect();
        let [exact, at_most] = self.wide_statuses;
        format!(
            "symbolic-fuzz: wide constants at 32 bits: {} programs ({} through lower-affine), {} loops ({}; {} near misses), {} runs with their claims checked; exact: {} wide-constant loops, {} near misses; at_most: {}, {}; {} wrong claims forged from the runs, {} flagged",
            self.wide_programs,
            self.wide_lower_affine,
            self.wide_kinds.iter().sum::<u64>(),
            kinds.join(", "),
            self.wide_near_misses,
            self.wide_runs,
            exact[0],
            exact[1],
            at_most[0],
            at_most[1],
            self.wide_forged[0],
            self.wide_forged[1]
        )
    }
    /// The parallel shapes' line.
    pub fn parallel_summary(&self) -> String {
        format!(
            "symbolic-fuzz: parallel shapes: {} cases, {} scf.parallel, {} scf.forall, {} affine.parallel ({} dimensions; {} inside a loop, {} around one; {} exact); {} with an argument as a step, {} of them unknown; {} parallel claims checked",
            self.par_cases,
            self.scf_parallel,
            self.scf_forall,
            self.affine_parallel,
            self.par_dims,
            self.par_in_loop,
            self.par_around_loop,
            self.par_exact,
            self.dyn_step,
            self.dyn_step_unknown,
            self.par_checks
        )
    }
    fn base_summary(&self) -> String {
        format!(
            "symbolic-fuzz: {} cases, {} argument sets ({} executed with their claims checked at run time ({} at 32 bits), {} violating one; {} beyond the fuel, {} undefined); loops: {} ({} exact, {} at_most, {} unknown); claims checked: {} exact symbolic, {} at_most symbolic, {} numeric, {} beyond i128\nsymbolic-fuzz: {} contradictions ({} unlisted assumptions), {} simulator/execution mismatches",
            self.cases,
            self.arg_sets,
            self.executed,
            self.executed32,
            self.claims_violated,
            self.out_of_fuel,
            self.undefined,
            self.loops,
            self.exact,
            self.at_most,
            self.unknown,
            self.exact_checks,
            self.at_most_checks,
            self.numeric_checks,
            self.unevaluable,
            self.contradictions(),
            self.diff.unlisted,
            self.model_mismatches
        )
    }
}
