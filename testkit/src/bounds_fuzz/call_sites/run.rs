//! Runs and checks the call-site programs (`super`): in batches of one
//! width (one report, one lowering with `loom-check-claims`, one run
//! each), a failing batch program by program; the claims read from the
//! report (per access: proven on its own, its precondition, the calls
//! listed and whether each holds) checked against the simulated
//! invocations; their counts; the self-test that forges wrong claims and
//! plants one in an executed program.

use std::collections::BTreeMap;
use std::path::Path;

use loom::analysis::{AccessStatus, Report};

use crate::tools::Ending;

use super::super::preconditions::holds;
use super::super::single::{batch_program, report_and_run, split_by_program, Single};
use super::{generate, CallCase, Vis};

/// What the report says of one access of the kernel.
#[derive(Clone, Debug, Default)]
pub struct Said {
    pub proven: bool,
    pub precondition: Option<String>,
    /// `call_sites.proven`.
    pub through_calls: bool,
    /// The calls listed (by site) and whether each holds, if any.
    pub calls: Option<Vec<(usize, bool)>>,
}

/// What loom said of a program and what its run printed.
#[derive(Clone, Debug)]
pub struct Seen {
    /// By access id (from 1).
    pub said: BTreeMap<usize, Said>,
    /// The kernel's function record's call sites, if it has them (a call
    /// holds for every access with a precondition).
    pub function: RecordCalls,
    pub printed: Vec<u64>,
}

/// Counts of the call-site programs.
#[derive(Default, Debug)]
pub struct CallSiteTally {
    pub programs: u64,
    pub at32: u64,
    pub with_i32: u64,
    pub public: u64,
    pub taken: u64,
    pub helpers: u64,
    pub calls: u64,
    pub invocations: u64,
    pub accesses: u64,
    pub with_precondition: u64,
    pub proven_alone: u64,
    pub proven_through_calls: u64,
    /// (call, access) pairs the report says hold.
    pub holding: u64,
    /// Kernels' function records with call sites, and their calls that
    /// hold.
    pub function_records: u64,
    pub function_holding: u64,
    /// Accesses some invocation takes out of bounds.
    pub near_misses: u64,
    /// (invocation, access) pairs out of bounds.
    pub oob_runs: u64,
    /// Of those, pairs whose access has a precondition (each checked
    /// false).
    pub oob_runs_checked: u64,
    /// (invocation, access) pairs whose access's precondition is false
    /// for the invocation's arguments.
    pub precondition_false: u64,
    pub wrong: u64,
    pub failures: Vec<String>,
}

impl CallSiteTally {
    pub fn summary(&self) -> String {
        format!(
            "bounds-fuzz: call sites: {} programs ({} at 32 bits, {} with i32 sizes, {} public kernels, {} address-taken, {} with a helper caller), {} calls ({} invocations); {} accesses ({} with a precondition, {} proven on their own, {} proven through call sites), {} (call, access) pairs holding, {} function records ({} calls holding); {} near misses ({} out-of-bounds invocations, {} of them checked against a precondition), preconditions false in {} (invocation, access) pairs; {} wrong claims or mismatches",
            self.programs,
            self.at32,
            self.with_i32,
            self.public,
            self.taken,
            self.helpers,
            self.calls,
            self.invocations,
            self.accesses,
            self.with_precondition,
            self.proven_alone,
            self.proven_through_calls,
            self.holding,
            self.function_records,
            self.function_holding,
            self.near_misses,
            self.oob_runs,
            self.oob_runs_checked,
            self.precondition_false,
            self.wrong
        )
    }
}

/// `(file, line)` of a `file:line:col` location (the file unquoted).
fn file_line(loc: &str) -> Option<(&str, usize)> {
    let parts: Vec<&str> = loc.rsplitn(3, ':').collect();
    match parts.as_slice() {
        [_col, line, file] => Some((file.trim_matches('"'), line.parse().ok()?)),
        _ => None,
    }
}

/// The sites of `calls` (`(loc, holds)`), which must be `case`'s calls.
fn sites<'a>(
    case: &CallCase,
    what: &str,
    calls: impl Iterator<Item = (&'a str, bool)>,
) -> Result<Vec<(usize, bool)>, String> {
    let call_file = format!("{}.call", case.name());
    calls
        .map(|(loc, holds)| match file_line(loc) {
            Some((f, site)) if f == call_file => Ok((site, holds)),
            _ => Err(format!("report: {what} of @{} lists a call at '{loc}'", case.kernel())),
        })
        .collect()
}

/// A function record's call sites: whether it is proven through them, and
/// each call (by site) and whether it holds.
type RecordCalls = Option<(bool, Vec<(usize, bool)>)>;

/// What `report` says of `case`'s kernel: its accesses (an `Err` if it
/// lists one twice, misses one, or lists one not generated) and its
/// function record's call sites.
fn said(report: &Report, case: &CallCase) -> Result<(BTreeMap<usize, Said>, RecordCalls), String> {
    let (kernel, name) = (case.kernel(), case.name());
    let mut out = BTreeMap::new();
    for a in report.accesses.iter().filter(|a| a.function == kernel) {
        let Some((_, id)) = file_line(&a.loc).filter(|(f, _)| *f == name) else { continue };
        if !(1..=case.accs.len()).contains(&id) {
            return Err(format!("report: access at '{}' in @{kernel} was not generated", a.loc));
        }
        let calls = match &a.call_sites {
            Some(c) => {
                Some(sites(case, &format!("access {}", a.loc), c.calls.iter().map(|k| (k.loc.as_str(), k.holds)))?)
            }
            None => None,
        };
        let s = Said {
            proven: a.status == AccessStatus::Proven,
            precondition: a.precondition.clone(),
            through_calls: a.call_sites.as_ref().is_some_and(|c| c.proven),
            calls,
        };
        if out.insert(id, s).is_some() {
            return Err(format!("report: access at {} listed twice", a.loc));
        }
    }
    if let Some(id) = (1..=case.accs.len()).find(|id| !out.contains_key(id)) {
        return Err(format!("report: access {id} of @{kernel} is missing"));
    }
    let function = match report.functions.iter().find(|f| f.function == kernel).and_then(|f| f.call_sites.as_ref()) {
        Some(c) => {
            Some((c.proven, sites(case, "the function record", c.calls.iter().map(|k| (k.loc.as_str(), k.holds)))?))
        }
        None => None,
    };
    Ok((out, function))
}

impl CallCase {
    /// What is wrong given what loom said and the run printed (see the
    /// parent module's header); counts into `tally` if given.
    pub fn verdicts(&self, seen: &Seen, mut tally: Option<&mut CallSiteTally>) -> Vec<String> {
        let name = self.name();
        let mut out = Vec::new();
        let want = self.simulate();
        if seen.printed != want {
            out.push(format!("{name}: printed {:?}, simulated {want:?}", seen.printed));
        }
        let invocations = self.invocations();
        let oob: Vec<Vec<u64>> = invocations.iter().map(|v| self.oob_prints(v)).collect();
        // The function record: a call that holds keeps every access with a
        // precondition in bounds; proven, every call does.
        if let Some((proven, calls)) = &seen.function {
            let with: Vec<u64> =
                seen.said.iter().filter(|(_, s)| s.precondition.is_some()).map(|(&id, _)| id as u64).collect();
            if let Some(t) = tally.as_deref_mut() {
                t.function_records += 1;
                t.function_holding += calls.iter().filter(|c| c.1).count() as u64;
            }
            for (k, v) in invocations.iter().enumerate() {
                let Some(&id) = oob[k].iter().find(|id| with.contains(id)) else { continue };
                if *proven {
                    out.push(format!("{name}: wrong proof: the function record is proven through call sites, but the call at site {} takes access {id} out of bounds ({v:?})", v.site));
                }
                if calls.iter().any(|&(site, h)| h && site == v.site) {
                    out.push(format!("{name}: wrong call claim: the function record says the call at site {} holds, but it takes access {id} out of bounds ({v:?})", v.site));
                }
            }
        }
        let mut direct: Vec<usize> =
            self.calls.iter().enumerate().filter(|(_, c)| !c.indirect).map(|(i, _)| i + 1).collect();
        direct.sort_unstable();
        for (&id, s) in &seen.said {
            let out_at: Vec<usize> = (0..invocations.len()).filter(|&k| oob[k].contains(&(id as u64))).collect();
            if let Some(t) = tally.as_deref_mut() {
                t.accesses += 1;
                t.with_precondition += u64::from(s.precondition.is_some());
                t.proven_alone += u64::from(s.proven);
                t.proven_through_calls += u64::from(s.through_calls);
                t.holding += s.calls.iter().flatten().filter(|c| c.1).count() as u64;
                t.near_misses += u64::from(!out_at.is_empty());
                t.oob_runs += out_at.len() as u64;
            }
            let claim = if s.proven { "proven" } else { "proven through call sites" };
            if (s.proven || s.through_calls) && !out_at.is_empty() {
                let v = &invocations[out_at[0]];
                out.push(format!("{name}: wrong proof: access {id} is {claim} but the call at site {} takes it out of bounds ({v:?})", v.site));
            }
            if s.through_calls && self.vis != Vis::Private {
                out.push(format!(
                    "{name}: wrong proof: access {id} of a {:?} kernel is proven through call sites",
                    self.vis
                ));
            }
            if let Some(calls) = &s.calls {
                let mut listed: Vec<usize> = calls.iter().map(|c| c.0).collect();
                listed.sort_unstable();
                if listed != direct {
                    out.push(format!(
                        "{name}: report: access {id} lists the calls at sites {listed:?}, the program has {direct:?}"
                    ));
                }
                for &(site, h) in calls {
                    if let Some(&k) = out_at.iter().find(|&&k| h && invocations[k].site == site) {
                        out.push(format!(
                            "{name}: wrong call claim: the call at site {site} holds for access {id}, but takes it out of bounds ({:?})",
                            invocations[k]
                        ));
                    }
                }
            }
            let Some(p) = &s.precondition else { continue };
            for (k, v) in invocations.iter().enumerate() {
                match holds(p, &self.arguments(v)) {
                    Ok(true) if out_at.contains(&k) => out.push(format!(
                        "{name}: wrong precondition: access {id} has '{p}', which holds for the call at site {} ({v:?}), but that call takes it out of bounds",
                        v.site
                    )),
                    Ok(held) => {
                        if let Some(t) = tally.as_deref_mut() {
                            t.precondition_false += u64::from(!held);
                            t.oob_runs_checked += u64::from(out_at.contains(&k));
                        }
                    }
                    Err(why) => out.push(format!("{name}: report: access {id}: precondition '{p}' does not evaluate: {why}")),
                }
            }
        }
        out
    }
}

/// Counts one program and records what is wrong.
fn tally_case(dir: &Path, case: &CallCase, seen: Result<Seen, String>, tally: &mut CallSiteTally) {
    tally.programs += 1;
    tally.at32 += u64::from(case.iw == 32);
    tally.with_i32 += u64::from(case.n_ty == super::Ty::I32 || case.m_ty == super::Ty::I32);
    tally.public += u64::from(case.vis == Vis::Public);
    tally.taken += u64::from(case.vis == Vis::Taken);
    tally.helpers += u64::from(!case.helper_calls.is_empty());
    tally.calls += case.calls.len() as u64;
    tally.invocations += case.invocations().len() as u64;
    let bad = match seen {
        Ok(seen) => case.verdicts(&seen, Some(tally)),
        Err(e) => vec![format!("{}: {e}", case.name())],
    };
    if !bad.is_empty() {
        let repro = dir.join(format!("{}.mlir", case.name()));
        let _ = std::fs::write(&repro, super::super::single::module(&case.program(), case.iw));
        tally.wrong += bad.len() as u64;
        tally.failures.extend(bad);
        tally.failures.push(format!(
            "  reproducer: {} (loom-facts-fuzz --bounds --print {})",
            repro.display(),
            case.id
        ));
    }
}

/// Programs per batch (one report, one lowering and one run).
const BATCH: usize = 48;

/// Reports on and runs `cases` (all at index width `iw`, or one case
/// alone with its own `@main` if `alone`) with
/// `loom-check-claims{check_opts}`; what each saw. A run that fails or
/// does not return is an `Err` (a violated claim's contains `loom claim
/// violated`), and so is a malformed report.
fn observe(loom_opt: &Path, dir: &Path, cases: &[CallCase], iw: u32, check_opts: &str) -> Result<Vec<Seen>, String> {
    let program = batch_program(cases.iter().map(|c| (c.id, c.functions(), c.name())));
    let name = format!("calls-{}-{iw}", cases[0].id);
    let p = Single { name: &name, program: &program, accesses: 0, iw, lower_affine: false };
    let ran = report_and_run(loom_opt, dir, &p, check_opts);
    // The batch's files go (a failing program's reproducer is written by
    // `tally_case`, and `--print` shows it).
    let prefix = format!("{name}.");
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        if entry.file_name().to_string_lossy().starts_with(&prefix) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
    let (report, stdout, ending) = ran?;
    if ending != Ending::Returned {
        return Err(format!("{name}: the run ended {ending:?}"));
    }
    let mut printed = split_by_program(&stdout, &name)?;
    let seen = cases
        .iter()
        .map(|c| {
            let (said, function) = said(&report, c)?;
            let printed = printed.remove(&c.id).ok_or_else(|| format!("{name}: {} did not run", c.name()))?;
            Ok(Seen { said, function, printed })
        })
        .collect();
    seen
}

/// The programs of `seeds`, by width.
fn by_width(seeds: std::ops::Range<u64>) -> Vec<(u32, Vec<CallCase>)> {
    let cases: Vec<CallCase> = seeds.filter_map(generate).collect();
    [64, 32].into_iter().map(|iw| (iw, cases.iter().filter(|c| c.iw == iw).cloned().collect())).collect()
}

/// Runs the call-site programs of `seeds`, in batches of one width; a
/// batch that fails is checked program by program.
pub fn run(loom_opt: &Path, dir: &Path, seeds: std::ops::Range<u64>, tally: &mut CallSiteTally) -> Result<(), String> {
    for (iw, cases) in by_width(seeds) {
        for chunk in cases.chunks(BATCH) {
            match observe(loom_opt, dir, chunk, iw, "") {
                Ok(seen) => {
                    for (case, seen) in chunk.iter().zip(seen) {
                        tally_case(dir, case, Ok(seen), tally);
                    }
                }
                Err(_) => {
                    for case in chunk {
                        let seen = observe(loom_opt, dir, std::slice::from_ref(case), iw, "");
                        match seen {
                            Ok(mut s) => tally_case(dir, case, Ok(s.remove(0)), tally),
                            Err(e) if e.contains("loom claim violated") || e.starts_with("report") => {
                                tally_case(dir, case, Err(e), tally)
                            }
                            Err(e) => return Err(format!("{}: {e}", case.name())),
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

fn yes(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "NO"
    }
}

/// `for %i < %n { %A[%i] = ... }` in a private kernel called once with
/// `%n = dim(%A)` of a static 8-element buffer: proven through call sites,
/// and the last iteration stores at the last element.
fn hand_case() -> CallCase {
    use super::{Acc, Alloc, Buf, BufRef, Call, Caller, Off, Src, Ty, Ub};
    let line = Acc::Line { store: true, buf: Buf::A, lo: 0, ub: Ub::N, step: 1, off: Off::C(0) };
    let call = Call {
        caller: Caller::Main,
        n: Src::Dim(BufRef::One(0)),
        m: Src::Const(0),
        a: 0,
        b: 0,
        trips: None,
        fresh: None,
        guard: None,
        indirect: false,
    };
    CallCase {
        id: 999_999,
        iw: 64,
        n_ty: Ty::Index,
        m_ty: Ty::Index,
        m_cols: None,
        vis: Vis::Private,
        accs: vec![line],
        pool: vec![(8, Alloc::Static)],
        grid: (1, 1, false),
        calls: vec![call],
        helper_calls: Vec::new(),
    }
}

/// The self-test over the programs of `seeds`: reports forged to prove
/// every access through call sites, to make every listed call hold, and to
/// give every access a precondition that always holds (each access some
/// invocation takes out of bounds must be flagged by each), and to make
/// every call of the kernel's function record hold (each invocation there
/// that takes an access with a precondition out of bounds must be
/// flagged); and
/// `plant=access` in programs whose access proven through call sites
/// reaches its buffer's last element, a hand-written one (which loom must
/// prove so) and the first generated one if any (each run must abort
/// naming an access of its program). A summary line, and whether all of
/// it held.
pub fn self_test(loom_opt: &Path, dir: &Path, seeds: std::ops::Range<u64>) -> Result<(String, bool), String> {
    let mut observed = Vec::new();
    for (iw, cases) in by_width(seeds) {
        for chunk in cases.chunks(BATCH) {
            observed.extend(chunk.iter().cloned().zip(observe(loom_opt, dir, chunk, iw, "")?));
        }
    }
    let (mut planted, mut caught) = ([0usize; 4], [0usize; 4]);
    let mut plant_case = None;
    for (case, seen) in &observed {
        if !case.verdicts(seen, None).is_empty() {
            return Err(format!("{}: fails without forging: {:?}", case.name(), case.verdicts(seen, None)));
        }
        let invocations = case.invocations();
        let oob: Vec<usize> = seen
            .said
            .keys()
            .copied()
            .filter(|&id| invocations.iter().any(|v| case.oob_prints(v).contains(&(id as u64))))
            .collect();
        let forge = |f: &dyn Fn(&mut Said)| {
            let mut s = seen.clone();
            s.said.values_mut().for_each(f);
            case.verdicts(&s, None)
        };
        let forged = [
            forge(&|s| s.through_calls = true),
            forge(&|s| s.calls.iter_mut().flatten().for_each(|c| c.1 = true)),
            forge(&|s| s.precondition = Some("0 <= 1".into())),
        ];
        let needle = ["wrong proof: access", "wrong call claim", "wrong precondition: access"];
        for (k, verdicts) in forged.iter().enumerate() {
            // A forged call claim can only be wrong at a listed call.
            let targets: Vec<usize> = oob
                .iter()
                .copied()
                .filter(|id| {
                    k != 1 || {
                        let listed = seen.said[id].calls.clone().unwrap_or_default();
                        invocations
                            .iter()
                            .any(|v| listed.iter().any(|c| c.0 == v.site) && case.oob_prints(v).contains(&(*id as u64)))
                    }
                })
                .collect();
            planted[k] += targets.len();
            caught[k] += targets
                .iter()
                .filter(|id| {
                    let pat = format!("{} {id} ", needle[k]);
                    let pat2 = format!("for access {id},");
                    verdicts.iter().any(|v| v.contains(&pat) || (k == 1 && v.contains(&pat2)))
                })
                .count();
        }
        // The function record's calls forged to hold: each invocation at a
        // listed call that takes an access with a precondition out of
        // bounds must be flagged.
        if let Some((_, calls)) = &seen.function {
            let mut s = seen.clone();
            s.function = Some((false, calls.iter().map(|c| (c.0, true)).collect()));
            let with: Vec<u64> =
                seen.said.iter().filter(|(_, a)| a.precondition.is_some()).map(|(&id, _)| id as u64).collect();
            planted[3] += invocations
                .iter()
                .filter(|v| {
                    calls.iter().any(|c| c.0 == v.site) && case.oob_prints(v).iter().any(|id| with.contains(id))
                })
                .count();
            caught[3] += case.verdicts(&s, None).iter().filter(|v| v.contains("the function record says")).count();
        }
        let reaches_end = seen
            .said
            .iter()
            .any(|(&id, s)| s.through_calls && invocations.iter().any(|v| case.touches_last(v, id as u64)));
        if plant_case.is_none() && reaches_end {
            plant_case = Some(case.clone());
        }
    }
    // The hand-written case, and the first generated one that qualifies.
    let hand = hand_case();
    let hand_proven = observe(loom_opt, dir, std::slice::from_ref(&hand), hand.iw, "")?
        .first()
        .is_some_and(|s| s.said.get(&1).is_some_and(|a| a.through_calls && !a.proven));
    let mut plants = vec![(hand, "hand-written")];
    plants.extend(plant_case.map(|c| (c, "generated")));
    let mut plant_lines = Vec::new();
    let mut plant = hand_proven;
    for (c, what) in &plants {
        let caught = match observe(loom_opt, dir, std::slice::from_ref(c), c.iw, "plant=access") {
            Err(e) => {
                e.contains("loom claim violated")
                    && [format!("{}:", c.name()), format!("\"{}\":", c.name())].iter().any(|at| e.contains(at))
            }
            Ok(_) => false,
        };
        plant &= caught;
        plant_lines.push(format!("{what} {}", yes(caught)));
    }
    let ok = planted.iter().all(|&p| p > 0) && planted == caught && plant;
    Ok((
        format!(
            "call-site self-test: forged proofs through call sites of accesses run out of bounds: {} planted, {} caught; forged holding calls: {} planted, {} caught; forged preconditions: {} planted, {} caught; forged holding calls of function records: {} planted, {} caught; hand-written kernel proven through call sites: {}; programs with such an access reaching its last element caught with plant=access: {}",
            planted[0],
            caught[0],
            planted[1],
            caught[1],
            planted[2],
            caught[2],
            planted[3],
            caught[3],
            yes(hand_proven), plant_lines.join(", ")
        ),
        ok,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bounds_fuzz::call_sites::{BufRef, Src};

    fn seen(case: &CallCase, said: Said, function: RecordCalls) -> Seen {
        Seen { said: BTreeMap::from([(1, said)]), function, printed: case.simulate() }
    }

    /// The hand-written kernel in bounds: nothing is flagged, whatever is
    /// claimed; called one past its buffer: every claim that covers that
    /// call is.
    #[test]
    fn claims_are_flagged_exactly_when_a_call_breaks_them() {
        let good = hand_case();
        let all = Said {
            proven: false,
            precondition: Some("%arg0 <= dim(%arg2, 0)".into()),
            through_calls: true,
            calls: Some(vec![(1, true)]),
        };
        assert!(good.verdicts(&seen(&good, all.clone(), Some((true, vec![(1, true)]))), None).is_empty());
        let mut bad = hand_case();
        bad.calls[0].n = Src::DimAdd(BufRef::One(0), 1);
        let v = bad.verdicts(&seen(&bad, all.clone(), Some((true, vec![(1, true)]))), None);
        assert!(v.iter().any(|x| x.contains("wrong proof: access 1 is proven through call sites")), "{v:?}");
        assert!(v.iter().any(|x| x.contains("holds for access 1,")), "{v:?}");
        assert!(v.iter().any(|x| x.contains("wrong proof: the function record")), "{v:?}");
        assert!(v.iter().any(|x| x.contains("the function record says the call at site 1 holds")), "{v:?}");
        // 9 <= 8 is false: the precondition is right.
        assert!(!v.iter().any(|x| x.contains("wrong precondition")), "{v:?}");
        let loose = Said { precondition: Some("%arg0 <= dim(%arg2, 0) + 1".into()), ..Said::default() };
        let v = bad.verdicts(&seen(&bad, loose, None), None);
        assert!(v.len() == 1 && v[0].contains("wrong precondition: access 1"), "{v:?}");
        // An unproven access, a call that does not hold: nothing.
        let honest = Said { calls: Some(vec![(1, false)]), ..Said::default() };
        assert!(bad.verdicts(&seen(&bad, honest, Some((false, vec![(1, false)]))), None).is_empty());
        // A print the simulation does not make.
        let mut s = seen(&bad, Said::default(), None);
        s.printed.pop();
        assert!(bad.verdicts(&s, None)[0].contains("simulated"));
        // A call listed that the program does not have.
        let extra = Said { calls: Some(vec![(1, false), (2, false)]), ..Said::default() };
        assert!(bad.verdicts(&seen(&bad, extra, None), None)[0].contains("lists the calls at sites [1, 2]"));
    }
}
